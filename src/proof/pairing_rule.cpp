#include "proof/pairing_rule.h"

#include <algorithm>
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

namespace {

// The lines the opponent could still complete, as their empty cells (in line order), and
// the groups the tuples come from, kept in flat buffers reused from call to call: the
// checker asks at nearly every position it replays, and a vector a line made allocation
// most of a certificate's checking time.
struct CellLists {
  std::vector<Cell> cells;
  std::vector<int> begins, ends;  // list i is cells[begins[i] .. ends[i])
  int unlisted_from = 0;          // cells pushed since the last list was closed

  int size() const { return static_cast<int>(begins.size()); }
  int length(int i) const { return ends[i] - begins[i]; }
  const Cell* begin(int i) const { return cells.data() + begins[i]; }
  const Cell* end(int i) const { return cells.data() + ends[i]; }
  void clear() {
    cells.clear();
    begins.clear();
    ends.clear();
    unlisted_from = 0;
  }
  // The cells pushed since the last list was closed become a list, or are dropped.
  void close_list() {
    begins.push_back(unlisted_from);
    ends.push_back(unlisted_from = static_cast<int>(cells.size()));
  }
  void drop_unlisted() { cells.resize(unlisted_from); }
  void add(const Cell* first, const Cell* last) {
    cells.insert(cells.end(), first, last);
    close_list();
  }
  // A list only ever shrinks to a subset of itself, so it is rewritten in place.
  void replace(int i, const std::vector<Cell>& subset) {
    std::copy(subset.begin(), subset.end(), cells.begin() + begins[i]);
    ends[i] = begins[i] + static_cast<int>(subset.size());
  }
};

// `size` slots a group, one cell a slot: Kuhn's augmenting paths from every slot in turn.
// A visit is marked with the slot's number, so no array is cleared between slots.
struct SlotMatching {
  const CellLists& groups;
  int size;
  std::vector<int>& slot_of_cell;  // per cell: its slot, or -1
  std::vector<int>& visited_by;    // per cell: the search that last visited it

  SlotMatching(const CellLists& g, int tuple_size, int cells, std::vector<int>& slots, std::vector<int>& visits)
      : groups(g), size(tuple_size), slot_of_cell(slots), visited_by(visits) {
    slot_of_cell.assign(cells, -1);
    visited_by.assign(cells, -1);
  }

  bool augment(int slot, int search) {
    const int group = slot / size;
    for (const Cell* c = groups.begin(group); c != groups.end(group); ++c) {
      if (visited_by[*c] == search) continue;
      visited_by[*c] = search;
      if (slot_of_cell[*c] < 0 || augment(slot_of_cell[*c], search)) {
        slot_of_cell[*c] = slot;
        return true;
      }
    }
    return false;
  }

  bool fill_every_slot() {
    for (int slot = 0; slot < size * groups.size(); ++slot)
      if (!augment(slot, slot)) return false;
    return true;
  }
};

}  // namespace

std::optional<std::vector<std::vector<Cell>>> opponent_line_tuples(const Position& position, int holder) {
  const Game& game = position.game();
  const int size = pairing_tuple_size(position, holder);
  if (size == 0) return std::nullopt;
  thread_local CellLists open, groups;
  thread_local std::vector<Cell> shared;
  thread_local std::vector<int> order, mark;  // mark: per cell, the last line that marked it
  thread_local std::vector<int> first_group_at, next_group;  // kept groups by their first cell
  open.clear();
  groups.clear();
  for (const Line& line : game.lines) {
    bool spoiled = false;
    for (Cell c : line) {
      const int owner = position.owner(c);
      if (owner == holder) {
        spoiled = true;
        break;
      }
      if (owner == kNoPlayer) open.cells.push_back(c);
    }
    if (spoiled) {
      open.drop_unlisted();
      continue;
    }
    open.close_list();
    if (open.length(open.size() - 1) < size) return std::nullopt;
  }

  if (size == 2) {
    // Only the inclusion-minimal lines: shortest first, a line is dropped if it holds
    // every cell of one kept before it (equal lines are kept once). A kept group inside
    // the line starts at one of its cells, so only the groups starting there are tried.
    int longest = 0;
    for (int i = 0; i < open.size(); ++i) longest = std::max(longest, open.length(i));
    order.clear();
    for (int length = size; length <= longest; ++length)
      for (int i = 0; i < open.size(); ++i)
        if (open.length(i) == length) order.push_back(i);
    mark.assign(game.cell_count(), -1);
    first_group_at.assign(game.cell_count(), -1);
    next_group.clear();
    for (int i : order) {
      for (const Cell* c = open.begin(i); c != open.end(i); ++c) mark[*c] = i;
      bool holds_a_kept_group = false;
      for (const Cell* c = open.begin(i); c != open.end(i) && !holds_a_kept_group; ++c)
        for (int g = first_group_at[*c]; g >= 0 && !holds_a_kept_group; g = next_group[g])
          holds_a_kept_group = std::all_of(groups.begin(g), groups.end(g), [&](Cell d) { return mark[d] == i; });
      if (holds_a_kept_group) continue;
      const Cell first = *open.begin(i);
      next_group.push_back(first_group_at[first]);
      first_group_at[first] = groups.size();
      groups.add(open.begin(i), open.end(i));
    }
  } else {
    // Tuples: in the game's line order, a line joins the first group it shares `size`
    // cells with, which keeps the shared cells; else it starts a group of its own.
    for (int i = 0; i < open.size(); ++i) {
      bool joined = false;
      for (int g = 0; g < groups.size() && !joined; ++g) {
        shared.clear();
        std::set_intersection(groups.begin(g), groups.end(g), open.begin(i), open.end(i), std::back_inserter(shared));
        if (static_cast<int>(shared.size()) < size) continue;
        groups.replace(g, shared);
        joined = true;
      }
      if (!joined) groups.add(open.begin(i), open.end(i));
    }
  }

  // More slots than empty cells: no matching, and none is tried.
  int empty_cells = 0;
  for (Cell c = 0; c < game.cell_count(); ++c) empty_cells += position.owner(c) == kNoPlayer;
  if (size * groups.size() > empty_cells) return std::nullopt;
  thread_local std::vector<int> slot_of_cell, visited_by;
  SlotMatching matching(groups, size, game.cell_count(), slot_of_cell, visited_by);
  if (!matching.fill_every_slot()) return std::nullopt;
  std::vector<std::vector<Cell>> tuples(groups.size());
  for (Cell c = 0; c < game.cell_count(); ++c)
    if (matching.slot_of_cell[c] >= 0) tuples[matching.slot_of_cell[c] / size].push_back(c);
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
