#include "core/game.h"

#include <algorithm>
#include <map>

namespace kinrow {

const char* goal_name(Goal goal) {
  switch (goal) {
    case Goal::Normal: return "normal";
    case Goal::Misere: return "misere";
    case Goal::MakerBreaker: return "maker-breaker";
  }
  return "?";
}

int Game::max_turns() const {
  int cells = cell_count();
  if (cells == 0) return 0;
  if (breaker_answers_in_kind(rules)) return cells;  // a stone a turn at the least
  int first = std::min(cells, rules.first_turn_stones);
  int rest = cells - first;
  return 1 + (rest + rules.stones_per_turn - 1) / rules.stones_per_turn;
}

void finish_game(Game& game) {
  for (Line& line : game.lines) std::sort(line.begin(), line.end());
  std::sort(game.lines.begin(), game.lines.end());
  game.lines.erase(std::unique(game.lines.begin(), game.lines.end()), game.lines.end());
  std::sort(game.breaker_only.begin(), game.breaker_only.end());
  game.breaker_only.erase(std::unique(game.breaker_only.begin(), game.breaker_only.end()), game.breaker_only.end());

  game.lines_of_cell.assign(game.coords.size(), {});
  for (int l = 0; l < game.line_count(); ++l)
    for (Cell c : game.lines[l]) game.lines_of_cell[c].push_back(l);

  std::map<std::vector<int>, Cell> at;
  for (Cell c = 0; c < game.cell_count(); ++c) at[game.coords[c]] = c;
  game.flanks.clear();
  if (game.rules.exact) {
    // A straight line's flanks: one step before its first cell and one after its last,
    // the step read from its first two cells (the spec allows exact on mnk boards only,
    // whose lines are windows along a row, a column or a diagonal).
    for (const Line& line : game.lines) {
      std::array<Cell, 2> flank{-1, -1};
      if (line.size() >= 2) {
        const std::vector<int>&first = game.coords[line.front()], &second = game.coords[line[1]];
        const std::vector<int>& last = game.coords[line.back()];
        std::vector<int> before = first, after = last;
        for (std::size_t axis = 0; axis < first.size(); ++axis) {
          const int step = second[axis] - first[axis];
          before[axis] -= step;
          after[axis] += step;
        }
        if (auto it = at.find(before); it != at.end()) flank[0] = it->second;
        if (auto it = at.find(after); it != at.end()) flank[1] = it->second;
      }
      game.flanks.push_back(flank);
    }
  }

  game.below.assign(game.coords.size(), -1);
  if (game.extent.size() >= 2) {
    for (Cell c = 0; c < game.cell_count(); ++c) {
      std::vector<int> under = game.coords[c];
      if (under[1] == 0) continue;
      --under[1];
      auto it = at.find(under);
      if (it != at.end()) game.below[c] = it->second;
    }
  }
}

}  // namespace kinrow
