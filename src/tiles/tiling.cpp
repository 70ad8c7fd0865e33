#include "tiles/tiling.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/spec.h"
#include "games/families.h"
#include "games/json_file.h"

namespace kinrow {
namespace {

std::string text(Square s) { return "(" + std::to_string(s.x) + ", " + std::to_string(s.y) + ")"; }

// Where the placement puts a square of its tile.
Square placed(const TilePlacement& p, Square cell) {
  return {p.at.x + (p.mirror ? -cell.x : cell.x), p.at.y + cell.y};
}

// Squares up to the period lattice: (x, y) = s v1 + t v2 with s, t rational; two squares
// differ by a lattice vector exactly when the numerators of s and t (over the
// determinant D) agree modulo |D|.
class Lattice {
 public:
  explicit Lattice(const std::array<Square, 2>& period) : a_(period[0]), b_(period[1]) {
    det_ = static_cast<long long>(a_.x) * b_.y - static_cast<long long>(a_.y) * b_.x;
  }
  long long size() const { return det_ < 0 ? -det_ : det_; }
  std::pair<long long, long long> key(Square q) const {
    const long long s = static_cast<long long>(q.x) * b_.y - static_cast<long long>(q.y) * b_.x;
    const long long t = static_cast<long long>(a_.x) * q.y - static_cast<long long>(a_.y) * q.x;
    const long long n = size();
    return {((s % n) + n) % n, ((t % n) + n) % n};
  }
  // A box of squares holding one of every class: the parallelogram the vectors span.
  std::pair<Square, Square> box() const {
    const int xs[] = {0, a_.x, b_.x, a_.x + b_.x}, ys[] = {0, a_.y, b_.y, a_.y + b_.y};
    return {{*std::min_element(xs, xs + 4), *std::min_element(ys, ys + 4)},
            {*std::max_element(xs, xs + 4), *std::max_element(ys, ys + 4)}};
  }

 private:
  Square a_, b_;
  long long det_;
};

std::string placement_name(const Tiling& tiling, std::size_t i) {
  const TilePlacement& p = tiling.placements[i];
  return "placement " + std::to_string(i + 1) + " (" + tiling.tiles[p.tile].name + (p.mirror ? " mirrored" : "") +
         " at " + text(p.at) + ")";
}

int as_int(const nlohmann::json& value, const std::string& what) {
  if (!value.is_number_integer() || value.get<long long>() < -100000 || value.get<long long>() > 100000)
    throw InputError(what + " must be an integer between -100000 and 100000");
  return static_cast<int>(value.get<long long>());
}

Square as_square(const nlohmann::json& value, const std::string& what) {
  if (!value.is_array() || value.size() != 2) throw InputError(what + " must be a square [x, y]");
  return {as_int(value[0], what), as_int(value[1], what)};
}

Tile tile_from_file(const std::string& name, const std::string& path) {
  const Game game = make_game("file:" + path);
  if (game.extent.size() != 2) throw InputError("tile " + name + ": " + path + " must give every cell two coordinates [x, y]");
  Tile tile{name, path, {}, {}};
  for (const std::vector<int>& c : game.coords) tile.cells.push_back({c[0], c[1]});
  for (const Line& line : game.lines) tile.lines.emplace_back(line.begin(), line.end());
  return tile;
}

Tile tile_inline(const std::string& name, const nlohmann::json& spec) {
  Tile tile{name, "", {}, {}};
  const std::string at = "tile " + name;
  if (!spec.contains("cells") || !spec["cells"].is_array() || spec["cells"].empty())
    throw InputError(at + ": \"cells\" must be a non-empty list of squares");
  std::map<Square, int> index;
  for (const auto& c : spec["cells"]) {
    const Square s = as_square(c, at + "'s cells");
    if (!index.emplace(s, static_cast<int>(tile.cells.size())).second)
      throw InputError(at + ": the square " + text(s) + " is listed twice");
    tile.cells.push_back(s);
  }
  if (!spec.contains("lines") || !spec["lines"].is_array()) throw InputError(at + ": \"lines\" must be a list of lines");
  for (std::size_t l = 0; l < spec["lines"].size(); ++l) {
    const nlohmann::json& line = spec["lines"][l];
    const std::string what = at + ": line " + std::to_string(l + 1);
    if (!line.is_array() || line.empty()) throw InputError(what + " must be a non-empty list of squares");
    std::vector<int> cells;
    for (const auto& c : line) {
      const Square s = as_square(c, what);
      const auto it = index.find(s);
      if (it == index.end()) throw InputError(what + " leaves the tile: the square " + text(s) + " is not one of its cells");
      cells.push_back(it->second);
    }
    std::sort(cells.begin(), cells.end());
    if (std::adjacent_find(cells.begin(), cells.end()) != cells.end()) throw InputError(what + " repeats a square");
    tile.lines.push_back(std::move(cells));
  }
  return tile;
}

// The tile's cells shifted so that the least coordinates are 0.
std::vector<Square> shifted_cells(const Tile& tile) {
  int min_x = tile.cells[0].x, min_y = tile.cells[0].y;
  for (Square s : tile.cells) min_x = std::min(min_x, s.x), min_y = std::min(min_y, s.y);
  std::vector<Square> cells;
  for (Square s : tile.cells) cells.push_back({s.x - min_x, s.y - min_y});
  return cells;
}

}  // namespace

Game tile_game(const Tile& tile, const std::string& options) {
  if (!tile.file.empty()) return make_game("file:" + tile.file + "," + options);
  GameSpec spec = parse_spec("file:" + tile.name + ".json," + options);
  Game game;
  game.spec = format_spec(spec);
  game.family = "file";
  game.rules = spec.rules;
  for (Square s : shifted_cells(tile)) {
    game.coords.push_back({s.x, s.y});
    game.extent.resize(2, 0);
    game.extent[0] = std::max(game.extent[0], s.x + 1);
    game.extent[1] = std::max(game.extent[1], s.y + 1);
  }
  for (const std::vector<int>& line : tile.lines) game.lines.emplace_back(line.begin(), line.end());
  finish_game(game);
  return game;
}

void write_tile_file(const Tile& tile, const std::string& path) {
  nlohmann::json doc;
  doc["cells"] = nlohmann::json::array();
  for (Square s : shifted_cells(tile)) doc["cells"].push_back({s.x, s.y});
  doc["lines"] = tile.lines;
  std::ofstream out(path);
  out << doc.dump() << "\n";
  if (!out) throw InputError("cannot write \"" + path + "\"");
}

const char* direction_name(int direction) {
  static const char* const names[] = {"horizontal", "vertical", "diagonal /", "diagonal \\"};
  return names[direction];
}

std::string describe_segment(Square start, int direction, int k) {
  static const char* const ways[] = {"east", "north", "north-east", "south-east"};
  return "the " + std::to_string(k) + " squares from " + text(start) + " going " + ways[direction];
}

Tiling read_tiling(const std::string& path) {
  nlohmann::json doc = read_json_file(path);
  try {
    if (!doc.is_object() || !doc.contains("tiles") || !doc.contains("placements") || !doc.contains("period"))
      throw InputError("expected an object with \"tiles\", \"placements\" and \"period\"");
    if (!doc["tiles"].is_object() || doc["tiles"].empty()) throw InputError("\"tiles\" must name at least one tile");
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    Tiling tiling;
    std::map<std::string, int> tile_index;
    for (const auto& [name, spec] : doc["tiles"].items()) {
      if (!spec.is_object()) throw InputError("tile " + name + " must be an object");
      if (spec.contains("file")) {
        if (!spec["file"].is_string()) throw InputError("tile " + name + ": \"file\" must be a path");
        const std::filesystem::path file = spec["file"].get<std::string>();
        tiling.tiles.push_back(tile_from_file(name, (file.is_absolute() ? file : dir / file).string()));
      } else {
        tiling.tiles.push_back(tile_inline(name, spec));
      }
      tile_index[name] = static_cast<int>(tiling.tiles.size()) - 1;
    }
    if (!doc["placements"].is_array() || doc["placements"].empty())
      throw InputError("\"placements\" must be a non-empty list");
    for (std::size_t i = 0; i < doc["placements"].size(); ++i) {
      const nlohmann::json& p = doc["placements"][i];
      const std::string what = "placement " + std::to_string(i + 1);
      if (!p.is_object() || !p.contains("tile") || !p["tile"].is_string() || !p.contains("at"))
        throw InputError(what + " must be {\"tile\": NAME, \"at\": [x, y]}");
      const auto it = tile_index.find(p["tile"].get<std::string>());
      if (it == tile_index.end()) throw InputError(what + ": no tile named \"" + printable(p["tile"].get<std::string>()) + "\"");
      TilePlacement placement{it->second, as_square(p["at"], what + "'s \"at\""), false};
      if (p.contains("mirror")) {
        if (!p["mirror"].is_boolean()) throw InputError(what + ": \"mirror\" must be true or false");
        placement.mirror = p["mirror"].get<bool>();
      }
      tiling.placements.push_back(placement);
    }
    if (!doc["period"].is_array() || doc["period"].size() != 2)
      throw InputError("\"period\" must be two vectors [[x, y], [x, y]]");
    tiling.period = {as_square(doc["period"][0], "the period"), as_square(doc["period"][1], "the period")};
    check_tiling(tiling);
    return tiling;
  } catch (const InputError& e) {
    const std::string message = e.what();
    if (message.rfind(path, 0) == 0) throw;
    throw InputError(path + ": " + message);
  }
}

void check_tiling(const Tiling& tiling) {
  const Lattice lattice(tiling.period);
  if (lattice.size() == 0)
    throw InputError("the period " + text(tiling.period[0]) + ", " + text(tiling.period[1]) +
                     " does not span the plane (its vectors are parallel)");
  std::map<std::pair<long long, long long>, std::size_t> covered;  // class -> placement
  for (std::size_t i = 0; i < tiling.placements.size(); ++i) {
    const TilePlacement& p = tiling.placements[i];
    for (Square cell : tiling.tiles[p.tile].cells) {
      const Square q = placed(p, cell);
      const auto [it, fresh] = covered.emplace(lattice.key(q), i);
      if (!fresh)
        throw InputError(placement_name(tiling, it->second) + " and " + placement_name(tiling, i) +
                         " overlap: both cover the square " + text(q) + " or a translate of it by the period");
    }
  }
  if (static_cast<long long>(covered.size()) < lattice.size()) {
    const auto [low, high] = lattice.box();
    for (int y = low.y; y <= high.y; ++y)
      for (int x = low.x; x <= high.x; ++x)
        if (!covered.count(lattice.key({x, y})))
          throw InputError("the placements do not tile the plane: no tile covers the square " + text({x, y}) +
                           " nor any translate of it by the period (" + std::to_string(covered.size()) + " of the period's " +
                           std::to_string(lattice.size()) + " squares are covered)");
  }
}

int SegmentCover::k() const {
  int k = 0;
  for (int least_k : least) {
    if (least_k == 0) return 0;
    k = std::max(k, least_k);
  }
  return k;
}

SegmentCover segment_cover(const Tiling& tiling, int limit) {
  const Lattice lattice(tiling.period);
  struct Owner {
    std::size_t placement;
    int cell;
    Square square;  // where that placement puts the cell
  };
  std::map<std::pair<long long, long long>, Owner> owner;
  for (std::size_t i = 0; i < tiling.placements.size(); ++i) {
    const TilePlacement& p = tiling.placements[i];
    const Tile& tile = tiling.tiles[p.tile];
    for (int c = 0; c < static_cast<int>(tile.cells.size()); ++c) {
      const Square q = placed(p, tile.cells[c]);
      owner.emplace(lattice.key(q), Owner{i, c, q});
    }
  }
  std::vector<std::vector<std::vector<int>>> lines_of_cell(tiling.tiles.size());
  for (std::size_t t = 0; t < tiling.tiles.size(); ++t) {
    lines_of_cell[t].resize(tiling.tiles[t].cells.size());
    for (int l = 0; l < static_cast<int>(tiling.tiles[t].lines.size()); ++l)
      for (int c : tiling.tiles[t].lines[l]) lines_of_cell[t][c].push_back(l);
  }

  SegmentCover cover;
  for (int d = 0; d < 4; ++d) {
    const Square step = kDirections[d];
    int worst = 0;
    Square worst_start;
    for (const auto& [key, start_owner] : owner) {
      const Square s = start_owner.square;
      // The shortest segment from s holding a whole line: scan the ray while a shorter
      // answer is still possible.
      int best = limit + 1;
      for (int j = 0; j < best && j < limit; ++j) {
        const Square q{s.x + j * step.x, s.y + j * step.y};
        const Owner& o = owner.at(lattice.key(q));
        const TilePlacement& p = tiling.placements[o.placement];
        const Tile& tile = tiling.tiles[p.tile];
        const Square shift{q.x - o.square.x, q.y - o.square.y};
        for (int l : lines_of_cell[p.tile][o.cell]) {
          int far = -1;
          for (int c : tile.lines[l]) {
            const Square u0 = placed(p, tile.cells[c]);
            const Square u{u0.x + shift.x, u0.y + shift.y};
            const int dx = u.x - s.x, dy = u.y - s.y;
            // u = s + i * step with i >= 0?
            const int i = step.x != 0 ? dx / step.x : dy / step.y;
            if (i < 0 || dx != i * step.x || dy != i * step.y) {
              far = -1;
              break;
            }
            far = std::max(far, i);
          }
          if (far >= 0) best = std::min(best, far + 1);
        }
      }
      if (best > limit) {
        worst = -1;
        worst_start = s;
        break;
      }
      if (best > worst) worst = best, worst_start = s;
    }
    cover.least[d] = worst < 0 ? 0 : worst;
    cover.witness[d] = worst_start;
  }
  return cover;
}

}  // namespace kinrow
