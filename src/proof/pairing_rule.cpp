#include "proof/pairing_rule.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <vector>

#include "core/notation.h"

namespace kinrow {

bool pairing_rule_applies(const Rules& rules) {
  if (rules.gravity || rules.goal == Goal::Misere) return false;
  if (rules.stones_per_turn == 1 && rules.first_turn_stones == 1) return true;
  // Tuples need turns of a fixed p stones: not where the maker picks a turn's size or
  // wins by a count of stones (tile games).
  return !breaker_answers_in_kind(rules) && rules.stones_per_turn >= 1 && rules.first_turn_stones >= 1;
}

int pairing_tuple_size(const Position& position, int holder) {
  const Rules& rules = position.game().rules;
  const int p = rules.stones_per_turn, q = rules.first_turn_stones;
  // Before the first turn, which is the first player's.
  if (position.turns_played() == 0 && holder == 1 && q > p) return 0;
  return p + 1;
}

bool opponent_lines_paired(const Position& position, int holder) {
  return opponent_line_tuples(position, holder).has_value();
}

std::optional<std::vector<std::vector<Cell>>> opponent_line_tuples(const Position& position, int holder) {
  const Game& game = position.game();
  const int size = pairing_tuple_size(position, holder);
  if (size == 0) return std::nullopt;
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
    if (static_cast<int>(empty.size()) < size) return std::nullopt;
    open.push_back(std::move(empty));
  }
  std::vector<std::vector<Cell>> groups;
  if (size == 2) {
    std::sort(open.begin(), open.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
    for (const auto& g : open)
      if (std::none_of(groups.begin(), groups.end(),
                       [&](const auto& kept) { return std::includes(g.begin(), g.end(), kept.begin(), kept.end()); }))
        groups.push_back(g);
  } else {
    // Tuples: in the game's line order, a line joins the first group it shares `size`
    // cells with, which keeps the shared cells; else it starts a group of its own.
    for (const auto& line : open) {
      bool joined = false;
      for (auto& group : groups) {
        std::vector<Cell> shared;
        std::set_intersection(group.begin(), group.end(), line.begin(), line.end(), std::back_inserter(shared));
        if (static_cast<int>(shared.size()) >= size) {
          group = std::move(shared);
          joined = true;
          break;
        }
      }
      if (!joined) groups.push_back(line);
    }
  }

  // `size` slots a group, one cell a slot: augmenting paths from every slot in turn.
  std::vector<int> slot_of_cell(game.cell_count(), -1);
  std::vector<char> visited;
  std::function<bool(int)> augment = [&](int slot) {
    for (Cell c : groups[slot / size]) {
      if (visited[c]) continue;
      visited[c] = 1;
      if (slot_of_cell[c] < 0 || augment(slot_of_cell[c])) {
        slot_of_cell[c] = slot;
        return true;
      }
    }
    return false;
  };
  for (int slot = 0; slot < static_cast<int>(size * groups.size()); ++slot) {
    visited.assign(game.cell_count(), 0);
    if (!augment(slot)) return std::nullopt;
  }
  std::vector<std::vector<Cell>> tuples(groups.size());
  for (Cell c = 0; c < game.cell_count(); ++c)
    if (slot_of_cell[c] >= 0) tuples[slot_of_cell[c] / size].push_back(c);
  return tuples;
}

std::optional<std::vector<std::pair<Cell, Cell>>> opponent_line_pairing(const Position& position, int holder) {
  if (pairing_tuple_size(position, holder) != 2) return std::nullopt;
  const std::optional<std::vector<std::vector<Cell>>> tuples = opponent_line_tuples(position, holder);
  if (!tuples) return std::nullopt;
  std::vector<std::pair<Cell, Cell>> pairs;
  for (const std::vector<Cell>& t : *tuples) pairs.emplace_back(t[0], t[1]);
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
