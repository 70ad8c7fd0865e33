// Runs code with the board of the right width for a game: Board<W> with the fewest 64-bit
// words that hold its cells. Solvers are templates on the board; this is the one place
// where a run-time size becomes a compile-time one.
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "core/position.h"
#include "games/board.h"

namespace kinrow {

// f(Board<W>(tables)) for the tables' width (BoardTables::words).
template <class F>
decltype(auto) with_board(const BoardTables& tables, F&& f) {
  switch (tables.words) {
    case 1: return f(Board<1>(tables));
    case 2: return f(Board<2>(tables));
    case 4: return f(Board<4>(tables));
    case 8: return f(Board<8>(tables));
    default: return f(Board<16>(tables));
  }
}

// A turn of the rules model as a board move: stones in an order in which they can drop.
inline Move board_move(const BoardTables& tables, const Turn& turn) {
  Move m;
  std::vector<Cell> left(turn.begin(), turn.end());
  while (!left.empty()) {
    // Next stone: one whose support is not among the stones still to place.
    auto it = std::find_if(left.begin(), left.end(), [&](Cell c) {
      return tables.below[c] < 0 || std::find(left.begin(), left.end(), tables.below[c]) == left.end();
    });
    m.cell[m.size++] = static_cast<int16_t>(*it);
    left.erase(it);
  }
  return m;
}

inline Turn to_turn(const Move& move) {
  Turn turn(move.cell.begin(), move.cell.begin() + move.size);
  std::sort(turn.begin(), turn.end());
  return turn;
}

// Plays a position's history on a board.
template <class Board>
void replay(Board& board, const Position& position) {
  for (const Turn& turn : position.history()) board.play(board_move(board.tables(), turn));
}

}  // namespace kinrow
