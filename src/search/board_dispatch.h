// Runs code with the right board type for a game: LineBoard<Words> with the fewest 64-bit
// words that hold its cells. The solver and its helpers are templates; this is the one
// place where a run-time size becomes a compile-time one.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "core/error.h"
#include "core/position.h"
#include "games/line_board.h"

namespace kinrow {

constexpr int kMaxCells = 4096;

template <class F>
decltype(auto) with_line_board(const LineBoardTables& tables, F&& f) {
  const int cells = tables.cells;
  if (cells <= 64) return f(LineBoard<1>(tables));
  if (cells <= 128) return f(LineBoard<2>(tables));
  if (cells <= 256) return f(LineBoard<4>(tables));
  if (cells <= 512) return f(LineBoard<8>(tables));
  if (cells <= 1024) return f(LineBoard<16>(tables));
  if (cells <= kMaxCells) return f(LineBoard<kMaxCells / 64>(tables));
  throw InputError("boards of more than " + std::to_string(kMaxCells) + " cells are not supported");
}

// A turn of the rules model as a board move: stones in an order in which they can drop.
template <class Board>
Move board_move(const Board& board, const Turn& turn) {
  Move m;
  std::vector<Cell> left(turn.begin(), turn.end());
  const auto& below = board.tables().below;
  while (!left.empty()) {
    // Next stone: one whose support is not among the stones still to place.
    auto it = std::find_if(left.begin(), left.end(), [&](Cell c) {
      return below[c] < 0 || std::find(left.begin(), left.end(), below[c]) == left.end();
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

}  // namespace kinrow
