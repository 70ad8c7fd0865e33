// The turn that completes a line of the side to move now, where the urgency rules say
// one exists (games/urgent_moves.h): the line's empty cells, and any others to fill the
// turn. The engine plays it; the puzzles end their solutions with it.
#pragma once

#include "games/board.h"

namespace kinrow {

// `turn` made up to `stones` stones with the first playable cells it lacks (once a line
// is completed the rest of the turn does not matter, but the rules still ask for it).
template <int W>
void fill_turn(const Board<W>& board, Move& turn, int stones) {
  Bits<W> used;
  for (int i = 0; i < turn.size; ++i) used.set(turn.cell[i]);
  while (turn.size < stones) {
    const Bits<W> free = board.playable().minus(used);
    if (free.none()) break;
    turn.cell[turn.size++] = static_cast<int16_t>(free.first());
    used.set(free.first());
  }
}

// None if no line can be completed this turn.
template <int W>
Move completing_turn(const Board<W>& board) {
  const int mover = board.to_move();
  const int stones = board.stones_left_in_turn();
  Move turn;
  Bits<W> used;
  if (board.winning_cells(mover).any()) {
    used.set(board.winning_cells(mover).first());
  } else {
    for (int m = 2; m <= stones && used.none(); ++m)
      for (int32_t l : board.near_lines(mover, m)) {
        const Bits<W> cells = board.line(l) & board.empty();
        if (cells.subset_of(board.playable())) {
          used = cells;
          break;
        }
      }
  }
  if (used.none()) return {};
  used.for_each([&](int c) { turn.cell[turn.size++] = static_cast<int16_t>(c); });
  fill_turn(board, turn, stones);
  return turn;
}

}  // namespace kinrow
