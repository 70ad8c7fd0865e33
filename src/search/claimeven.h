// Score bounds from Allis' claimeven rule and zugzwang, without search.
//
// In a gravity game, the player who is *not* to move can answer every move on top of it in
// the same column. When the number of empty cells is even this "follower" can keep doing
// so to the end: in each column the empty cells pair up from the top down, the follower
// takes the upper cell of every pair, and the bottom cells left unpaired (one in each
// column with an odd number of empty cells, an even number of them in all) are answered by
// one another. The follower thus ends up owning every empty cell an even distance below
// the top of its column (`GravityGeometry::follower_rows`) except perhaps those unpaired
// cells, and the player to move (the "leader") owns the rest, plus perhaps those cells.
//
// That bounds the leader's score without looking at a single move:
// - normal play: if no line fits in the cells the leader can ever own, it cannot win
//   (score <= 0); if moreover a line fits in the cells the follower surely owns, the
//   follower completes it and wins (score <= -1), because nothing stops the game earlier;
// - misère (completing a line loses): if no line fits in what the follower can ever own,
//   the follower never loses (score <= 0); if moreover the leader surely owns a line, it
//   completes it and loses (score <= -1). A follower line whose shadow one row down is
//   all the leader's does not count: the leader completes the shadow first. On boards of
//   even height this is the take-even strategy of the misère paper (Steele & Larremore, Theorem 1)
//   and settles the empty board for the second player at once.
//
// Zugzwang (normal play). A follower with a threat t (an empty cell that completes one of
// its lines) whose cell below, b, is still empty freezes that column: the leader cannot
// fill b without handing over t. The follower plays claimeven on everything else (the
// frozen column counts as ending just under b). If those other cells are even in number,
// they run out on the leader's turn and the leader must then fill b; so if the leader has
// no line within its stones, the cells it may get and b, the follower wins, by the time
// the other cells, b and t are filled. With an odd number of empty cells this is how the
// follower wins (on 7x6, the first player's "odd threat").
#pragma once

#include <bit>
#include <cstdint>

#include "games/gravity_bitboard.h"

namespace kinrow {

inline constexpr int kNoBound = 1 << 20;

// Misère under claimeven: the follower fills each of its cells right after the leader
// fills the cell below. So a line of the follower's whose shadow (the same line one row
// down) is all the leader's can only be completed after the leader completed the shadow,
// and lost. True when every line within `follower_may` has its shadow within
// `leader_sure` (in particular when the follower has no line at all).
template <int K, class Bits>
bool follower_lines_shadowed(const GravityGeometry<Bits>& g, Bits follower_may, Bits leader_sure) {
  for (int d = 0; d < 4; ++d) {
    const Bits starts = line_starts<K>(g, follower_may, d);
    if (starts & g.bottom) return false;  // a line on the bottom row has no shadow
    if ((starts >> 1) & ~line_starts<K>(g, leader_sure, d)) return false;
  }
  return true;
}

// An upper bound on the score of the player to move (`mine`) against `theirs` in the
// connect-score convention (gravity_search.h), or kNoBound when the rules say nothing.
// `playable` are the cells a stone can go into now, `their_threats` the empty cells that
// complete a line of theirs (used in normal play only). Precondition: the game is not over.
template <int K, bool Misere, class Bits>
int claimeven_upper_bound(const GravityGeometry<Bits>& g, Bits mine, Bits theirs, Bits empty, Bits playable,
                          Bits their_threats) {
  const int empty_count = bit_count(empty);
  const Bits follower_side = empty & g.follower_rows;
  int bound = kNoBound;
  if (empty_count % 2 == 0) {
    const Bits unpaired = follower_side & playable;
    const Bits follower_sure = follower_side & ~unpaired;
    const Bits leader_sure = empty & ~follower_side;
    if constexpr (Misere) {
      if (!follower_lines_shadowed<K>(g, theirs | follower_side, mine | leader_sure)) return kNoBound;
      return has_line<K>(g, mine | leader_sure) ? -1 : 0;
    } else {
      if (!has_line<K>(g, mine | leader_sure | unpaired)) bound = has_line<K>(g, theirs | follower_sure) ? -1 : 0;
    }
  } else {
    // Only the plain fact: a player with no line left in reach never completes one.
    if constexpr (Misere) return has_line<K>(g, theirs | empty) ? kNoBound : 0;
    else if (!has_line<K>(g, mine | empty)) bound = 0;
  }
  if constexpr (!Misere) {
    const int cells = g.cells();
    const int moves = cells - empty_count;
    const int stride = g.height + 1;
    for (Bits threats = their_threats & ~playable; threats; threats &= threats - 1) {
      const Bits t = threats & -threats;
      const Bits below = t >> 1;  // empty, since t is not playable
      const int x = lowest_bit(t) / stride;
      const Bits frozen = g.column[x] & ~(below - 1);
      const int rest = empty_count - bit_count(frozen);
      if (rest % 2 != 0) continue;
      const int end = moves + rest + 2;  // the rest, then b and t
      if (-((cells + 2 - end) / 2) >= bound) continue;  // no better than what we have
      const Bits parity_of_t = (lowest_bit(t) % stride) % 2 == 0 ? g.odd_rows : g.board & ~g.odd_rows;
      const Bits open = empty & ~frozen;
      const Bits follower_cells = ((open & g.follower_rows & ~g.column[x]) | (open & g.column[x] & parity_of_t)) & ~playable;
      if (!has_line<K>(g, mine | (open & ~follower_cells) | below)) bound = -((cells + 2 - end) / 2);
    }
  }
  return bound;
}

}  // namespace kinrow
