// Runs code with the board of the right width for a game: Board<W> with the fewest 64-bit
// words that hold its cells. Solvers are templates on the board; this is the one place
// where a run-time size becomes a compile-time one.
#pragma once

#include <type_traits>

#include "core/position.h"
#include "games/board.h"

namespace kinrow {

// f(std::integral_constant<int, W>{}) for `words` (board_words: 1, 2, 4, 8 or 16), for
// code templated on the width that is not a Board's.
template <class F>
decltype(auto) with_width(int words, F&& f) {
  switch (words) {
    case 1: return f(std::integral_constant<int, 1>{});
    case 2: return f(std::integral_constant<int, 2>{});
    case 4: return f(std::integral_constant<int, 4>{});
    case 8: return f(std::integral_constant<int, 8>{});
    default: return f(std::integral_constant<int, 16>{});
  }
}

// f(Board<W>(tables)) for the tables' width (BoardTables::words).
template <class F>
decltype(auto) with_board(const BoardTables& tables, F&& f) {
  return with_width(tables.words, [&](auto words) -> decltype(auto) { return f(Board<decltype(words)::value>(tables)); });
}

// Plays a position's history on a board.
template <class Board>
void replay(Board& board, const Position& position) {
  for (const Turn& turn : position.history()) board.play(board_move(board.tables(), turn));
}

}  // namespace kinrow
