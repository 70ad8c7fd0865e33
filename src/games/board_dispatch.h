// Runs code with the board of the right width for a game: Board<W> with the fewest 64-bit
// words that hold its cells. Solvers are templates on the board; this is the one place
// where a run-time size becomes a compile-time one.
#pragma once

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

// Plays a position's history on a board.
template <class Board>
void replay(Board& board, const Position& position) {
  for (const Turn& turn : position.history()) board.play(board_move(board.tables(), turn));
}

}  // namespace kinrow
