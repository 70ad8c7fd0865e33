#include "proof/strategy_lookup.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

namespace kinrow {
namespace {

// "" if `map` is a symmetry of the game's rules: a permutation sending lines onto lines,
// breaker-only cells onto breaker-only cells and, under gravity, the cell below a cell to
// the cell below its image.
std::string why_not_symmetry(const Game& game, const Permutation& map, const std::set<Line>& lines) {
  const int n = game.cell_count();
  if (static_cast<int>(map.size()) != n) return "has the wrong number of cells";
  std::vector<bool> hit(n, false);
  for (Cell c : map) {
    if (c < 0 || c >= n || hit[c]) return "is not a permutation of the cells";
    hit[c] = true;
  }
  for (const Line& line : game.lines) {
    Line image;
    for (Cell c : line) image.push_back(map[c]);
    std::sort(image.begin(), image.end());
    if (!lines.count(image)) return "sends a line to a set that is not a line";
  }
  if (game.rules.gravity)
    for (Cell c = 0; c < n; ++c) {
      const Cell under = game.below[c];
      if (game.below[map[c]] != (under < 0 ? -1 : map[under]))
        return "does not keep which cell is below which";
    }
  for (Cell c : game.breaker_only)
    if (!std::binary_search(game.breaker_only.begin(), game.breaker_only.end(), map[c]))
      return "sends a breaker-only cell to one the maker may take";
  if (game.rules.exact) {
    // An overline does not win: the cells beyond a line's ends must go to its image's.
    auto sorted = [](std::array<Cell, 2> f) {
      std::sort(f.begin(), f.end());
      return f;
    };
    std::map<Line, std::array<Cell, 2>> flanks;
    for (int l = 0; l < game.line_count(); ++l) flanks[game.lines[l]] = sorted(game.flanks[l]);
    for (int l = 0; l < game.line_count(); ++l) {
      Line image;
      for (Cell c : game.lines[l]) image.push_back(map[c]);
      std::sort(image.begin(), image.end());
      std::array<Cell, 2> moved = game.flanks[l];
      for (Cell& f : moved)
        if (f >= 0) f = map[f];
      if (flanks.at(image) != sorted(moved)) return "does not send the cells beyond a line's ends to its image's";
    }
  }
  return "";
}

}  // namespace

CheckedSymmetries::CheckedSymmetries(const Game& game, const SymmetryGroup& group) {
  const int n = game.cell_count();
  Permutation identity(n);
  for (Cell c = 0; c < n; ++c) identity[c] = c;
  maps_.push_back(identity);
  const std::set<Line> lines(game.lines.begin(), game.lines.end());
  for (std::size_t i = 0; i < group.maps.size() && maps_.size() < kMaxCheckedSymmetries; ++i) {
    const Permutation& map = group.maps[i];
    const std::string why = why_not_symmetry(game, map, lines);
    if (!why.empty()) {
      problem_ = std::string("symmetry ") + std::to_string(i) + " of the group " + why;
      return;
    }
    if (map != identity) maps_.push_back(map);
  }
  for (const Permutation& map : maps_) inverses_.push_back(inverse(map));
}

Turn mapped(const Turn& turn, const Permutation& map) {
  Turn image;
  for (Cell c : turn) image.push_back(map[c]);
  std::sort(image.begin(), image.end());
  return image;
}

std::vector<std::pair<Cell, Cell>> mapped(const std::vector<std::pair<Cell, Cell>>& pairs, const Permutation& map) {
  std::vector<std::pair<Cell, Cell>> image;
  for (const auto& [a, b] : pairs) image.emplace_back(map[a], map[b]);
  return image;
}

int turns_to_reach(const Game& game, const std::vector<int8_t>& owners, int withheld, int short_player) {
  int stones[2] = {0, 0};
  for (int8_t o : owners)
    if (o == 0 || o == 1) ++stones[o];
  stones[short_player] += withheld;
  int placed[2] = {0, 0};
  for (int turn = 0;; ++turn) {
    if (placed[0] == stones[0] && placed[1] == stones[1]) return turn;
    if (placed[0] > stones[0] || placed[1] > stones[1]) return -1;
    const int left = game.cell_count() - placed[0] - placed[1];
    const int stones_now = stones_on_turn(game.rules, turn);
    if (left == 0 || stones_now <= 0) return -1;  // (turns of no fixed size: see turn_due)
    placed[turn % 2] += std::min(stones_now, left);
  }
}

std::string entry_label(bool from_text, std::size_t number) {
  return std::string(from_text ? "line " : "entry ") + std::to_string(number);
}

bool irrelevant(const std::vector<Cell>& rest, const std::vector<uint8_t>& level) {
  std::vector<int> first;
  for (Cell c : rest) first.push_back(level[c] == 0 ? 1 << 20 : level[c]);
  std::sort(first.begin(), first.end());
  for (std::size_t i = 0; i < first.size(); ++i)
    if (first[i] <= static_cast<int>(i) + 1) return false;
  return true;
}

}  // namespace kinrow
