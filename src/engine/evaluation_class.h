// How a position looks to a searcher that has not proved it: the classes NCTU6 reported
// with its moves and job-level proof-number search started its numbers from (Table 1 of
// [Wu et al., JL-PN], docs/bibliography.md). "Attacker" is the side the question is asked
// for (the engine: the side to move; a job-level proof: the player whose win is proved).
#pragma once

#include <cstdint>
#include <string>

namespace kinrow {

enum class Evaluation : uint8_t {
  AttackerWins,  // proved
  Attacker4,     // favours the attacker most
  Attacker3,
  Attacker2,
  Attacker1,
  Defender1,
  Defender2,
  Defender3,
  Defender4,     // favours the defender most
  DefenderWins,  // proved
  Stable,        // even
  Unstable1,     // even, but sharp
  Unstable2,     // more unstable than Unstable1
  Unknown,       // never evaluated
};

const char* evaluation_name(Evaluation evaluation);  // "A4", "stable", ...
// In words, for people: "sure win", "strong advantage", ...
const char* evaluation_words(Evaluation evaluation);
// InputError for an unknown name.
Evaluation evaluation_from_name(const std::string& name);
// The same judgement from the other side's seat: A3 becomes D3, a sure win a sure loss;
// the even classes stay.
Evaluation from_other_side(Evaluation evaluation);

}  // namespace kinrow
