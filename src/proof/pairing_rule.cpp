#include "proof/pairing_rule.h"

#include <algorithm>
#include <functional>
#include <vector>

namespace kinrow {

bool pairing_rule_applies(const Rules& rules) {
  return !rules.gravity && rules.stones_per_turn == 1 && rules.first_turn_stones == 1 && rules.goal != Goal::Misere;
}

bool opponent_lines_paired(const Position& position, int holder) {
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
    if (empty.size() < 2) return false;
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
    if (!augment(slot)) return false;
  }
  return true;
}

}  // namespace kinrow
