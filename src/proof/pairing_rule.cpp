#include "proof/pairing_rule.h"

#include <algorithm>
#include <functional>
#include <vector>

#include "core/notation.h"

namespace kinrow {

bool pairing_rule_applies(const Rules& rules) {
  return !rules.gravity && rules.stones_per_turn == 1 && rules.first_turn_stones == 1 && rules.goal != Goal::Misere;
}

bool opponent_lines_paired(const Position& position, int holder) {
  return opponent_line_pairing(position, holder).has_value();
}

std::optional<std::vector<std::pair<Cell, Cell>>> opponent_line_pairing(const Position& position, int holder) {
  const Game& game = position.game();
  // The opponent's open lines, as their empty cells (sorted: lines list cells in order).
  std::vector<std::vector<Cell>> open;
  for (const Line& line : game.lines) {
    std::vector<Cell> empty;
    bool spoiled = false;
    for (Cell c : line) {
      if (position.owner(c) == holder) spoiled = true;
      else if (position.owner(c) == kNoPlayer) empty.push_back(c);
    }
    if (spoiled) continue;
    if (empty.size() < 2) return std::nullopt;
    open.push_back(std::move(empty));
  }
  std::sort(open.begin(), open.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
  std::vector<std::vector<Cell>> groups;
  for (const auto& g : open)
    if (std::none_of(groups.begin(), groups.end(),
                     [&](const auto& kept) { return std::includes(g.begin(), g.end(), kept.begin(), kept.end()); }))
      groups.push_back(g);

  // Two slots a group, one cell a slot: augmenting paths from every slot in turn.
  std::vector<int> slot_of_cell(game.cell_count(), -1);
  std::vector<char> visited;
  std::function<bool(int)> augment = [&](int slot) {
    for (Cell c : groups[slot / 2]) {
      if (visited[c]) continue;
      visited[c] = 1;
      if (slot_of_cell[c] < 0 || augment(slot_of_cell[c])) {
        slot_of_cell[c] = slot;
        return true;
      }
    }
    return false;
  };
  for (int slot = 0; slot < static_cast<int>(2 * groups.size()); ++slot) {
    visited.assign(game.cell_count(), 0);
    if (!augment(slot)) return std::nullopt;
  }
  std::vector<std::pair<Cell, Cell>> pairs(groups.size(), {-1, -1});
  for (Cell c = 0; c < game.cell_count(); ++c) {
    if (slot_of_cell[c] < 0) continue;
    auto& pair = pairs[slot_of_cell[c] / 2];
    (slot_of_cell[c] % 2 == 0 ? pair.first : pair.second) = c;
  }
  return pairs;
}

std::string pairs_problem(const Position& position, int holder, const std::vector<std::pair<Cell, Cell>>& pairs) {
  const Game& game = position.game();
  std::vector<int> pair_of(game.cell_count(), -1);  // per cell: the pair holding it
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    for (Cell c : {pairs[i].first, pairs[i].second}) {
      if (c < 0 || c >= game.cell_count()) return "a pair cell off the board";
      if (position.owner(c) != kNoPlayer) return "the pair cell " + format_cell(game, c) + " is taken";
      if (pair_of[c] >= 0) return "the cell " + format_cell(game, c) + " is in two pairs";
      pair_of[c] = static_cast<int>(i);
    }
  }
  for (const Line& line : game.lines) {
    if (std::any_of(line.begin(), line.end(), [&](Cell c) { return position.owner(c) == holder; })) continue;
    // Held if some pair has both cells on the line.
    std::vector<int> halves(pairs.size(), 0);
    bool held = false;
    for (Cell c : line)
      if (pair_of[c] >= 0 && ++halves[pair_of[c]] == 2) held = true;
    if (held) continue;
    std::string cells;
    for (Cell c : line) cells += (cells.empty() ? "" : " ") + format_cell(game, c);
    return "no pair holds the line " + cells;
  }
  return "";
}

}  // namespace kinrow
