// Dominated moves: a move on `a` is dominated by one on `b` when every live line through
// `a` (one a player whose lines count could still complete) also runs through `b`; then
// `b` is at least as good for the mover. (Play from b as a strategy for a would: the
// opponent's a is read as b, the strategy's b is played as a; every line either side
// completes through a holds b too, so no win comes later and no loss sooner.) Normal
// play or maker-breaker, one stone a turn, no gravity. Of cells with the same live lines
// the lowest is kept, so one move of every class stays; dead cells (no live line) are
// dominated by any live one. Df-pn skips dominated moves at the defender's turns.
#pragma once

#include <cstdint>
#include <vector>

#include "games/board.h"

namespace kinrow {

template <int W>
class Dominance {
 public:
  using Cells = Bits<W>;

  // `moves` without those another of them dominates.
  Cells undominated(const Board<W>& board, const Cells& moves) {
    const BoardTables& t = board.tables();
    if (on_all_.size() < static_cast<std::size_t>(t.cells)) {
      on_all_.resize(t.cells);
      live_count_.resize(t.cells);
    }
    const Cells empty = board.empty();
    const bool breaker_game = t.rules.goal == Goal::MakerBreaker;
    const uint8_t *first = board.line_counts(0), *second = board.line_counts(1);
    for (Cell c : moves) {
      Cells common = empty;
      int count = 0;
      for (int32_t l : board.lines_through(c))
        if (second[l] == 0 || (!breaker_game && first[l] == 0)) {
          common &= board.line(l);
          ++count;
        }
      live_count_[c] = static_cast<uint8_t>(std::min(count, 255));
      common.reset(c);
      on_all_[c] = common;
    }
    Cells kept = moves;
    for (Cell a : moves)
      for (Cell b : on_all_[a] & moves)
        if (live_count_[b] > live_count_[a] || (live_count_[b] == live_count_[a] && b < a)) {
          kept.reset(a);
          break;
        }
    return kept;
  }

 private:
  std::vector<Cells> on_all_;       // per move: the empty cells on all its live lines
  std::vector<uint8_t> live_count_;  // per move: its live lines
};

}  // namespace kinrow
