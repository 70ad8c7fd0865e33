#include "strategy/row_play.h"

#include "core/position.h"

namespace kinrow {

RowView bottom_row_view(const BoardView& board, const ConnectGrid& grid) {
  RowView row;
  row.me = board.to_move;
  row.owner = grid.bottom_row(board);
  row.losing.assign(grid.width, false);
  for (int x = 0; x < grid.width; ++x)
    if (row.owner[x] == kNoPlayer) row.losing[x] = completes_line(board, grid.at(x, 0), row.me);
  return row;
}

}  // namespace kinrow
