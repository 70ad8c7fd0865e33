#include "strategy/connect_grid.h"

#include "core/position.h"
#include "core/spec.h"

namespace kinrow {

int ConnectGrid::column_height(const BoardView& board, int x) const {
  int y = 0;
  while (y < height && board.owner[at(x, y)] != kNoPlayer) ++y;
  return y;
}

std::vector<int8_t> ConnectGrid::bottom_row(const BoardView& board) const {
  std::vector<int8_t> row(width);
  for (int x = 0; x < width; ++x) row[x] = board.owner[at(x, 0)];
  return row;
}

const ConnectGrid* connect_grid(const Game& game, std::string* why_not) {
  // One entry per thread: the verifier asks for the same game hundreds of millions of times.
  thread_local std::string cached_spec;
  thread_local std::optional<ConnectGrid> cached;
  if (cached && cached_spec == game.spec) return &*cached;
  auto refuse = [&](const std::string& why) -> const ConnectGrid* {
    if (why_not) *why_not = why;
    return nullptr;
  };
  if (game.family != "connect" || !game.rules.gravity)
    return refuse("it plays Connect-k with gravity (connect:WxHxK), not " + game.spec);
  if (game.rules.stones_per_turn != 1 || game.rules.first_turn_stones != 1)
    return refuse("it places one stone per turn");
  const GameSpec spec = parse_spec(game.spec);
  ConnectGrid grid;
  grid.width = spec.params[0];
  grid.height = spec.params[1];
  grid.k = spec.params[2];
  grid.cylinder = game.rules.cylinder;
  grid.cells.assign(static_cast<std::size_t>(grid.width) * grid.height, -1);
  for (Cell c = 0; c < game.cell_count(); ++c)
    grid.cells[game.coords[c][1] * grid.width + game.coords[c][0]] = c;
  cached_spec = game.spec;
  cached = std::move(grid);
  return &*cached;
}

StrategyPromise misere_connect_promise(const Game& game, const ConnectGrid*& grid) {
  StrategyPromise p;
  grid = connect_grid(game, &p.why_not);
  if (grid && game.rules.goal != Goal::Misere) {
    grid = nullptr;
    p.why_not = "it is a misere strategy (add \",misere\" to the spec)";
  }
  return p;
}

bool completes_line(const BoardView& board, Cell cell, int player) {
  for (int line : board.game.lines_of_cell[cell]) {
    bool whole = true;
    for (Cell c : board.game.lines[line])
      if (c != cell && board.owner[c] != player) {
        whole = false;
        break;
      }
    if (whole) return true;
  }
  return false;
}

}  // namespace kinrow
