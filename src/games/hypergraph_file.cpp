#include "games/hypergraph_file.h"

#include <nlohmann/json.hpp>
#include <set>

#include "core/error.h"
#include "games/json_file.h"

namespace kinrow {
namespace {

constexpr int kMaxFileCells = 1 << 16;

[[noreturn]] void fail(const std::string& path, const std::string& problem) {
  throw InputError(printable(path) + ": " + problem);
}

int as_int(const nlohmann::json& value, const std::string& path, const std::string& what, int low,
           int high) {
  if (!value.is_number_integer()) fail(path, what + " must be an integer");
  const auto v = value.get<long long>();
  if (v < low || v > high)
    fail(path, what + " must be between " + std::to_string(low) + " and " + std::to_string(high));
  return static_cast<int>(v);
}

}  // namespace

void read_hypergraph_file(Game& game, const std::string& path) {
  const nlohmann::json doc = read_json_file(path);
  if (!doc.is_object() || !doc.contains("cells") || !doc.contains("lines"))
    fail(path, "expected an object with \"cells\" and \"lines\"");

  const nlohmann::json& cells = doc["cells"];
  if (cells.is_number_integer()) {
    const int count = as_int(cells, path, "\"cells\"", 1, kMaxFileCells);
    game.extent = {count};
    for (int c = 0; c < count; ++c) game.coords.push_back({c});
  } else if (cells.is_array() && !cells.empty()) {
    if (cells.size() > kMaxFileCells) fail(path, "too many cells");
    std::set<std::vector<int>> seen;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string what = "cell " + std::to_string(c);
      if (!cells[c].is_array() || cells[c].empty() || cells[c].size() > 8)
        fail(path, what + " must be a list of 1 to 8 coordinates");
      if (c > 0 && cells[c].size() != cells[0].size())
        fail(path, what + " has a different number of coordinates than cell 0");
      std::vector<int> coord;
      for (const auto& x : cells[c]) coord.push_back(as_int(x, path, what + "'s coordinates", 0, 4095));
      if (!seen.insert(coord).second) fail(path, what + " repeats the coordinates of another cell");
      game.extent.resize(coord.size(), 0);
      for (std::size_t a = 0; a < coord.size(); ++a) game.extent[a] = std::max(game.extent[a], coord[a] + 1);
      game.coords.push_back(std::move(coord));
    }
  } else {
    fail(path, "\"cells\" must be a cell count or a non-empty list of coordinates");
  }

  const nlohmann::json& lines = doc["lines"];
  if (!lines.is_array()) fail(path, "\"lines\" must be a list of lines");
  for (std::size_t l = 0; l < lines.size(); ++l) {
    const std::string what = "line " + std::to_string(l);
    if (!lines[l].is_array() || lines[l].empty() || lines[l].size() > 255)
      fail(path, what + " must be a list of 1 to 255 cell indices");
    Line line;
    for (const auto& c : lines[l]) line.push_back(as_int(c, path, what + "'s cells", 0, game.cell_count() - 1));
    std::sort(line.begin(), line.end());
    if (std::adjacent_find(line.begin(), line.end()) != line.end()) fail(path, what + " repeats a cell");
    game.lines.push_back(std::move(line));
  }

  if (doc.contains("breaker-only")) {
    const nlohmann::json& only = doc["breaker-only"];
    if (!only.is_array()) fail(path, "\"breaker-only\" must be a list of cell indices");
    for (const auto& c : only) game.breaker_only.push_back(as_int(c, path, "\"breaker-only\" cells", 0, game.cell_count() - 1));
  }
}

}  // namespace kinrow
