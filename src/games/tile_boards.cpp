#include "games/tile_boards.h"

#include <algorithm>
#include <map>

#include "core/error.h"

namespace kinrow {
namespace {

// Lays out cells at the given coordinates in printing order (top row first, left to
// right) and turns lines of coordinates into lines of cells; `only` marks breaker-only.
void lay_out(Game& game, const std::vector<std::vector<std::pair<int, int>>>& lines,
             const std::vector<std::pair<int, int>>& only) {
  std::map<std::pair<int, int>, Cell> index;
  for (const auto& line : lines)
    for (const auto& square : line) index.emplace(square, 0);
  std::vector<std::pair<int, int>> order;
  for (const auto& [square, unused] : index) order.push_back(square);
  std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  game.extent = {0, 0};
  for (const auto& [x, y] : order) {
    index[{x, y}] = static_cast<Cell>(game.coords.size());
    game.coords.push_back({x, y});
    game.extent[0] = std::max(game.extent[0], x + 1);
    game.extent[1] = std::max(game.extent[1], y + 1);
  }
  for (const auto& line : lines) {
    Line cells;
    for (const auto& square : line) cells.push_back(index.at(square));
    game.lines.push_back(cells);
  }
  for (const auto& square : only) game.breaker_only.push_back(index.at(square));
}

}  // namespace

void make_bn(Game& game, const GameSpec& spec, bool exclusive) {
  const int length = spec.params[0], width = spec.params[1];
  if (width > 64 || length > 64) throw InputError(spec.family + ": L and W must be at most 64");
  std::vector<std::vector<std::pair<int, int>>> lines;
  std::vector<std::pair<int, int>> only;
  for (int x = 0; x < width; ++x) {
    std::vector<std::pair<int, int>> column;
    for (int y = 0; y < length; ++y) column.push_back({x, y});
    if (exclusive) column.push_back({x, length}), only.push_back({x, length});
    lines.push_back(column);
  }
  for (int d = 0; d + length <= width; ++d) {
    std::vector<std::pair<int, int>> diagonal;
    for (int y = 0; y < length; ++y) diagonal.push_back({d + y, y});
    if (exclusive) diagonal.push_back({d, length + 1}), only.push_back({d, length + 1});
    lines.push_back(diagonal);
  }
  lay_out(game, lines, only);
}

void make_recx(Game& game, const GameSpec& spec) {
  const int rows = spec.params[0], columns = spec.params[1];
  if (rows > 64 || columns > 64) throw InputError("recx: M and N must be at most 64");
  std::vector<std::vector<std::pair<int, int>>> lines;
  std::vector<std::pair<int, int>> only;
  for (int r = 0; r < rows; ++r) {
    std::vector<std::pair<int, int>> row;
    for (int c = 0; c < columns; ++c) row.push_back({c, r});
    row.push_back({columns, r});
    only.push_back({columns, r});
    lines.push_back(row);
  }
  for (int c = 0; c < columns; ++c) {
    std::vector<std::pair<int, int>> column;
    for (int r = 0; r < rows; ++r) column.push_back({c, r});
    column.push_back({c, rows});
    only.push_back({c, rows});
    lines.push_back(column);
  }
  lay_out(game, lines, only);
}

}  // namespace kinrow
