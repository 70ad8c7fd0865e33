#include "proof/unbounded_board.h"

#include <algorithm>
#include <set>
#include <utility>

namespace kinrow {
namespace {

// (x, y) -> the cell there, at y * width + x.
std::vector<Cell> cells_by_coordinates(const Game& game) {
  std::vector<Cell> at(static_cast<std::size_t>(game.extent[0]) * game.extent[1], -1);
  for (Cell c = 0; c < game.cell_count(); ++c) at[game.coords[c][1] * game.extent[0] + game.coords[c][0]] = c;
  return at;
}

}  // namespace

std::optional<UnboundedBoard> unbounded_board(const Game& game, std::string& why) {
  const Rules& r = game.rules;
  if (game.extent.size() != 2 || r.gravity || r.cylinder || r.maker_picks_count || r.maker_threshold >= 0 ||
      !game.breaker_only.empty() || game.lines.empty()) {
    why = "the unbounded board extends plain k-in-a-row boards only (mnk: two axes, no gravity, no wrap)";
    return std::nullopt;
  }
  if (r.exact) {
    // On the board an edge cell ends a line as an opponent's stone would not: past the
    // edge the owner's stone could extend it, and the rule reads that cell.
    why = "the unbounded board is not read under exact (an overline does not win): a line at the edge has "
          "a flank off the board";
    return std::nullopt;
  }
  const int width = game.extent[0], height = game.extent[1];
  const int k = static_cast<int>(game.lines.front().size());
  const std::vector<Cell> at = cells_by_coordinates(game);
  auto inside = [&](int x, int y) { return x >= 0 && x < width && y >= 0 && y < height; };

  // Every window of k cells, in the four directions, that meets the board: the ones inside
  // must be the game's lines, the others are its edge lines.
  UnboundedBoard out;
  out.k = k;
  std::set<Line> windows;
  constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (const auto& d : kDirections)
    for (int x0 = -k; x0 < width + k; ++x0)
      for (int y0 = -k; y0 < height + k; ++y0) {
        EdgeLine line;
        for (int i = 0; i < k; ++i) {
          const int x = x0 + i * d[0], y = y0 + i * d[1];
          if (inside(x, y)) line.on_board.push_back(at[y * width + x]);
          else ++line.off_board;
        }
        if (line.on_board.empty()) continue;
        std::sort(line.on_board.begin(), line.on_board.end());
        if (line.off_board == 0) windows.insert(line.on_board);
        else out.edge_lines.push_back(std::move(line));
      }
  const std::set<Line> lines(game.lines.begin(), game.lines.end());
  if (lines != windows) {
    why = "the game's lines are not the board's windows of " + std::to_string(k) +
          " cells in a row, so it is no window of an unbounded k-in-a-row board";
    return std::nullopt;
  }
  return out;
}

SymmetryGroup board_motions(const Game& game, const SymmetryGroup& group) {
  const int width = game.extent[0], height = game.extent[1];
  const std::vector<Cell> at = cells_by_coordinates(game);
  // Motion m: transpose the axes if m & 4 (a square only), then mirror x if m & 1, y if m & 2.
  auto is_motion = [&](const Permutation& map, int m) {
    for (Cell c = 0; c < game.cell_count(); ++c) {
      int x = game.coords[c][0], y = game.coords[c][1];
      if (m & 4) std::swap(x, y);
      if (m & 1) x = width - 1 - x;
      if (m & 2) y = height - 1 - y;
      if (map[c] != at[y * width + x]) return false;
    }
    return true;
  };
  SymmetryGroup motions;
  motions.complete = group.complete;
  for (const Permutation& map : group.maps)
    for (int m = 0; m < (width == height ? 8 : 4); ++m)
      if (is_motion(map, m)) {
        motions.maps.push_back(map);
        break;
      }
  return motions;
}

}  // namespace kinrow
