#include "tiles/tile_hunt.h"

#include <algorithm>
#include <chrono>
#include <map>

#include "tiles/tile_game.h"
#include "tiles/tile_search.h"

namespace kinrow {
namespace {

using Clock = std::chrono::steady_clock;

// The tile of h rows of w cells, row y starting at s·y.
Tile sheared_tile(int w, int h, int s) {
  Tile tile{"T", "", {}, {}};
  for (int y = 0; y < h; ++y)
    for (int a = 0; a < w; ++a) tile.cells.push_back({a + s * y, y});
  return tile;
}

// Its straight runs in the four directions: the maximal ones of 2 to `cap` cells, and
// of the longer ones every stretch of `cap` cells.
std::vector<std::vector<int>> runs(const Tile& tile, int cap) {
  std::map<Square, int> index;
  for (int c = 0; c < static_cast<int>(tile.cells.size()); ++c) index[tile.cells[c]] = c;
  std::vector<std::vector<int>> lines;
  for (const Square d : kDirections)
    for (const Square start : tile.cells) {
      if (index.count({start.x - d.x, start.y - d.y})) continue;  // not where a run begins
      std::vector<int> run;
      for (Square q = start; index.count(q); q = {q.x + d.x, q.y + d.y}) run.push_back(index[q]);
      const int length = static_cast<int>(run.size());
      for (int from = 0; from == 0 || from + cap <= length; ++from) {
        if (length < 2) break;
        std::vector<int> line(run.begin() + from, run.begin() + from + std::min(cap, length));
        std::sort(line.begin(), line.end());
        lines.push_back(line);
        if (length <= cap) break;
      }
    }
  return lines;
}

bool covers(const Tiling& tiling, int k) {
  const int least = segment_cover(tiling, k).k();
  return least != 0 && least <= k;
}

std::string describe(int w, int h, int s, const TilePlacement* mirrored, Square period,
                     const std::vector<std::vector<int>>& lines) {
  std::string text = std::to_string(w) + "x" + std::to_string(h) + (s ? " parallelogram" : " rectangle") + ", ";
  text += mirrored ? "bands alternating with the mirror image at " + std::to_string(mirrored->at.x) + ", period (" +
                         std::to_string(period.x) + ", " + std::to_string(period.y) + ")"
                   : "bands shifted by " + std::to_string(period.x);
  std::size_t shortest = lines.empty() ? 0 : lines.front().size(), longest = shortest;
  for (const std::vector<int>& line : lines)
    shortest = std::min(shortest, line.size()), longest = std::max(longest, line.size());
  return text + "; " + std::to_string(lines.size()) + " lines of " + std::to_string(shortest) +
         (longest > shortest ? ".." + std::to_string(longest) : "") + " cells";
}

}  // namespace

HuntReport hunt_tilings(const HuntOptions& options) {
  const auto started = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - started).count(); };
  HuntReport report;
  struct Solved {
    bool decided, holds;
    uint64_t nodes;
  };
  std::map<std::vector<std::vector<int>>, Solved> solved;  // by the tile's lines, then {w, h, s}
  const std::string rules = "maker-breaker,p=1.." + std::to_string(options.p);

  for (int h = options.min_height; h <= options.max_height; ++h)
    for (int w = options.min_width; w <= options.max_width; ++w)
      for (int s = 0; s <= 1; ++s) {
        if (w * h > options.max_cells) continue;
        ++report.shapes;
        Tile tile = sheared_tile(w, h, s);
        // One band repeated with a shift, or alternating with the mirror image.
        std::vector<Tiling> tilings;
        for (int o = 0; o < w; ++o) tilings.push_back({{tile}, {{0, {0, 0}, false}}, {Square{w, 0}, Square{o, h}}});
        for (int at = 0; at < w; ++at)
          for (int o = 0; o < w; ++o)
            tilings.push_back({{tile}, {{0, {0, 0}, false}, {0, {at, h}, true}}, {Square{w, 0}, Square{o, 2 * h}}});
        // Lines at most `cap` long, from k down: longer lines are harder for the maker,
        // shorter ones fit more segments.
        for (int cap = options.k; cap >= options.p + 1; --cap)
        for (Tiling& tiling : tilings) {
          const std::vector<std::vector<int>> candidates = runs(tile, cap);
          if (elapsed() > options.seconds) {
            report.complete = false;
            report.seconds = elapsed();
            return report;
          }
          ++report.tilings;
          tiling.tiles[0].lines = candidates;
          if (!covers(tiling, options.k)) continue;
          ++report.covering;
          // Fewer lines, shortest first, while every k-segment still holds one.
          std::vector<std::vector<int>> lines = candidates;
          std::stable_sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
          for (std::size_t i = 0; i < lines.size();) {
            std::vector<std::vector<int>> fewer = lines;
            fewer.erase(fewer.begin() + static_cast<long>(i));
            tiling.tiles[0].lines = fewer;
            if (covers(tiling, options.k)) lines = fewer;
            else ++i;
          }
          tiling.tiles[0].lines = lines;
          std::vector<std::vector<int>> key = lines;
          std::sort(key.begin(), key.end());
          key.push_back({w, h, s});
          auto it = solved.find(key);
          const bool fresh = it == solved.end();
          if (fresh) {
            const Game game = tile_game(tiling.tiles[0], rules);
            const TileGame tiles(game);
            TileSearch search(tiles);
            search.set_node_limit(options.tile_nodes);
            Solved result{false, false, 0};
            try {
              result.holds = search.breaker_wins(Position(game));
              result.decided = true;
              ++report.tiles_solved;
              if (!result.holds) ++report.maker_wins;
            } catch (const TileSearchStopped&) {
              ++report.undecided;
            }
            result.nodes = search.stats().nodes();
            it = solved.emplace(key, result).first;
            if (options.on_progress)
              options.on_progress(std::to_string(report.tilings) + " tilings, " + std::to_string(report.covering) +
                                  " covering, " + std::to_string(report.tiles_solved) + " tiles solved, " +
                                  std::to_string(report.undecided) + " undecided");
          }
          const Solved& result = it->second;
          if (!fresh || (!result.holds && result.decided)) continue;
          const TilePlacement* mirrored = tiling.placements.size() > 1 ? &tiling.placements[1] : nullptr;
          HuntFind find{tiling, describe(w, h, s, mirrored, tiling.period[1], lines), result.holds,
                        result.decided, result.nodes};
          if (result.holds) report.holds.push_back(find);
          else report.closest.push_back(find);
        }
      }
  std::stable_sort(report.closest.begin(), report.closest.end(), [](const auto& a, const auto& b) { return a.nodes > b.nodes; });
  if (report.closest.size() > 5) report.closest.resize(5);
  report.seconds = elapsed();
  return report;
}

}  // namespace kinrow
