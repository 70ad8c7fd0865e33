// A job's evaluation of a position and the proof and disproof numbers it starts with:
// Table 1 of [Wu et al., JL-PN] (docs/bibliography.md),
// with Black read as the attacker (the player whose win the tree is proving).
//
//   class     A-wins A4    A3    A2    A1   D1   D2    D3    D4    D-wins stable unstable1
//   unstable2 pn / dn   0/inf  1/18  2/12  3/10  4/8  8/4  10/3  12/2  18/1  inf/0  6/6    5/5 4/4
//
// NCTU6 gave the class; kinrow's jobs read it off a budgeted df-pn's numbers for the
// position (classify), a stand-in until the playing engine (issue 28) evaluates positions
// itself: the ratio of the disproof to the proof number says whom the position favours
// and how much, and two small numbers of a close call say it is sharp ("unstable").
// Df-pn's numbers are a least child's on the mover's side and a sum over his moves on the
// other, so the sum is first divided by the number of moves: otherwise the class would
// mostly say whose turn it is.
#pragma once

#include <cstdint>
#include <string>

#include "engine/evaluation_class.h"

namespace kinrow {

struct ProofNumbers {
  uint32_t pn = 1, dn = 1;
  bool operator==(const ProofNumbers&) const = default;
};

inline constexpr uint32_t kInfiniteNumber = 1u << 30;  // df-pn's (search/dfpn.h)

ProofNumbers initial_numbers(Evaluation evaluation);
// Whether the class leans to the disproof (its initial proof number is the larger): the
// greedy policy's test.
bool favours_disproof(Evaluation evaluation);

// The class of a position from a df-pn search's numbers for it (the stand-in above):
// `attacker_moves` says whether the attacker moves there, `moves` how many moves df-pn
// tries there (the sum side is divided by it; 1 leaves the numbers as they are).
Evaluation classify(uint32_t pn, uint32_t dn, bool attacker_moves = true, int moves = 1);

}  // namespace kinrow
