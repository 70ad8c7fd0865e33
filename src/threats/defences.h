// The defender turns that the attacker's threat strategies do not refute: Wu and Lin's
// NCTU6-Verifier, for any p.
//
// The defender is to move, with a turn of t stones (p, or q on the game's first). Let
// him withhold his whole turn (a null move): if the attacker still wins by threats
// (threats/threat_space.h, order zone_order - t), every turn with no stone in that win's
// zone loses to it. Each stone s inside is placed and the rest withheld (a seminull
// move, order zone_order - (t - 1)), and so on stone by stone; a turn that is whole is
// tried against the attacker's threats (threat_order). Zones need zone_order > t
// (default_zone_order).
// Where the attacker has no win after a partial turn, every next stone is tried.
// What is left are the turns worth a search of their own; none means the attacker wins.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "threats/threat_space.h"

namespace kinrow {

template <int W>
struct DefenceReport {
  struct PartialTurn {
    Move placed;     // the defender's stones before he withholds the rest (none: a null move)
    bool attacker_wins = false;  // by threats, with the rest withheld
    Bits<W> zone;    // then: where the next stone must go (at the withheld count)
  };
  std::vector<PartialTurn> partial;  // in the order examined, the null move first
  std::vector<Move> unrefuted;       // whole turns the threats do not refute
  uint64_t refuted = 0;              // whole turns examined and refuted by a threat win
  uint64_t nodes = 0;                // threat-space search nodes
};

// The order behind the zones unless told otherwise, for a defender turn of `turn_stones`
// where turns are p stones: p + 1, double threats once the whole turn is withheld (VCF
// and open threes for p = 1); on a first turn of q > p stones q + 1, or the null move
// would ask for no win at all.
constexpr int default_zone_order(int p, int turn_stones) { return std::max(p, turn_stones) + 1; }

// The order a whole turn is tried against unless told otherwise: 2, single threats
// between double ones for p = 2 (VCST), fours and open threes for p = 1 (docs/threats.md).
inline constexpr int kDefaultDefenceThreatOrder = 2;

// `board` with the defender to move at the start of his turn (of p stones, or q on the
// game's first); `attacker` the other side, whose turns are p stones.
template <int W>
DefenceReport<W> list_defences(ThreatSpaceSearch<W>& search, Board<W>& board, int attacker, int zone_order,
                               int threat_order);

}  // namespace kinrow
