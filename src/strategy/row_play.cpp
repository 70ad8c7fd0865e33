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

StrategyMove RowStrategy::choose(const BoardView& board) const {
  const ConnectGrid& grid = *connect_grid(board.game);
  StrategyMove move;
  const int x = row_move(bottom_row_view(board, grid), move.rule, move.why_none);
  if (x >= 0) move.cell = grid.at(x, 0);
  return move;
}

StrategyPromise RowStrategy::height_one_promise(const Game& game, const ConnectGrid*& grid) {
  StrategyPromise p = misere_connect_promise(game, grid);
  if (grid && grid->height != 1) {
    grid = nullptr;
    p.why_not = "it plays boards of height 1";
  }
  return p;
}

}  // namespace kinrow
