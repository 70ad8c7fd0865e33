// The defender's turns that threats do not refute, each proved by df-pn: relevance-zone-
// oriented proof search as Wu and Lin draw its tree (seed 001, Fig. 8) — the null move,
// the seminull moves and the whole turns inside their zones, and a proof-number search
// for each turn the threats leave.
//
// Why not one df-pn from the defender's node: there every turn is a child of one AND node
// (thousands on 19x19), and df-pn's thresholds send it to whichever child looks nearest a
// disproof, back and forth, each visit paying for its threat searches. Connect(6,2,3)
// after j11 i10 k10 shows it: 251 turns the threats leave, each a Black win df-pn proves
// alone in 2 to 300 nodes, 2,115 in all; one df-pn over the whole node had 22,000 nodes
// after 12 minutes and a proof number rising (docs/results.md). Here each turn is its own
// proof, in one table, and a turn the defender holds ends the question at once.
//
// The certificate is then read off by the df-pn certificate walk (search/dfpn_certificate.h)
// from the defender's node: zones answer his turns, the table knows the turns proved here,
// and threat wins are written by the threat-space search. Nothing of this is trusted:
// `kinrow verify` re-derives every zone and replays every sub-proof.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/position.h"
#include "proof/certificate.h"
#include "search/dfpn.h"
#include "threats/defences.h"

namespace kinrow {

struct DefencesOptions {
  int zone_order = 3;    // as kinrow defences: withholding w stones asks a win of order zone_order - w
  int threat_order = 2;  // the threats that refute a whole turn
  uint64_t threat_nodes = 65536;  // each threat question's budget in the listing (0: none)
  bool prove = true;     // df-pn on each turn left (else the listing alone)
  DfpnOptions dfpn;      // those proofs; max_nodes is each turn's budget
  bool certificate = false;  // the attacker's win, where every turn left is his
  // Where that certificate goes as it is found (begin to end; the start is the
  // position's moves); null: into DefencesResult::strategy.
  CertificateSink* certificate_sink = nullptr;
};

// A partial turn of the defender met in the listing: his stones so far (none: the null
// move), and whether the attacker still wins by threats with the rest withheld; then
// where the next stone must go.
struct PartialTurn {
  Turn placed;
  bool attacker_wins = false;
  std::vector<Cell> zone;
};

// One turn the threats left, and what df-pn says after it.
struct TurnProof {
  Turn turn;                          // the defender's stones, in cell order
  bool completes_line = false;        // fewer stones than his turn that complete his line: he wins
  bool searched = false;              // df-pn ran (or a symmetric turn's answer was taken)
  std::optional<bool> attacker_wins;  // nullopt: not searched, or the budget ran out
  uint64_t nodes = 0;                 // df-pn's expansions
  double seconds = 0;
  int same_as = -1;  // the index of an earlier turn whose position is this one's image
                     // under a symmetry of the game (then nothing was searched)
};

struct DefencesResult {
  std::vector<PartialTurn> partial;  // the listing's, the null move first
  uint64_t refuted = 0;              // whole turns inside the zones that lose to threats
  uint64_t threat_nodes = 0;
  std::vector<TurnProof> turns;      // the turns left, in the listing's order; after the
                                     // first the defender holds, none is searched
  // Whether the attacker wins: yes if no turn is left or every one is his by df-pn, no
  // if the defender holds one, nullopt if some proof ran out of budget (or none ran).
  std::optional<bool> attacker_wins;
  std::optional<Strategy> strategy;  // the attacker's win, when asked for and proved (no sink)
  bool certificate_written = false;  // the win was sent whole to the sink
  bool certificate_out_of_budget = false;
  uint64_t dfpn_nodes = 0;
  double listing_seconds = 0, proof_seconds = 0, certificate_seconds = 0;
};

// What a long proof says on the way (either may be empty).
struct DefencesProgress {
  std::function<void(std::size_t turns_left)> listed;         // the listing is done
  std::function<void(std::size_t, const TurnProof&)> proved;  // the proof of turns[i] ended
};

// InputError unless `position` has the defender to move at the start of a whole turn,
// in a game where threats decide (no gravity, not misère) and the attacker can win.
void check_defences_position(const Position& position);

// `position` as check_defences_position asks (it is called first).
DefencesResult prove_defences(const Position& position, const DefencesOptions& options,
                              const DefencesProgress& progress = {});

}  // namespace kinrow
