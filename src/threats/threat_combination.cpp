#include "threats/threat_combination.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace kinrow {

namespace {

// A goal node's orders are tried with a memo of losing remainders; a set of many
// independent operators could still have too many, and then ForcedWinSearch answers.
constexpr uint64_t kMaxReplaySteps = uint64_t{1} << 16;

}  // namespace

template <int W>
ThreatCombinationSearch<W>::ThreatCombinationSearch(const BoardTables& tables)
    : tables_(tables), all_(Cells::first_n(tables.cells)) {
  const Rules& rules = tables.rules;
  if (rules.gravity || rules.stones_per_turn != 1 || rules.first_turn_stones != 1 || rules.goal == Goal::Misere ||
      rules.exact)
    throw std::invalid_argument(
        "threat combination search: one stone a turn, no gravity, normal or maker-breaker rules, overlines winning only");
  for (int l = 0; l < tables.lines; ++l) {
    Cells line;
    for (int32_t i = tables.line_cells_begin[l]; i < tables.line_cells_begin[l + 1]; ++i) line.set(tables.line_cells[i]);
    lines_.push_back(line);
  }
  line_start_.assign(tables.cells + 1, 0);
  for (const Cells& line : lines_) line.for_each([&](int c) { ++line_start_[c + 1]; });
  for (int c = 0; c < tables.cells; ++c) line_start_[c + 1] += line_start_[c];
  line_ids_.resize(line_start_.back());
  std::vector<int32_t> filled(line_start_.begin(), line_start_.end() - 1);
  for (int32_t id = 0; id < static_cast<int32_t>(lines_.size()); ++id)
    lines_[id].for_each([&](int c) { line_ids_[filled[c]++] = id; });
  line_stamp_.assign(lines_.size(), 0);
  made_.resize(tables.cells);
}

template <int W>
typename ThreatCombinationSearch<W>::Cells ThreatCombinationSearch<W>::missing_cells(const Cells& mine,
                                                                                     const Cells& theirs,
                                                                                     int missing) const {
  Cells out;
  for (const Cells& line : lines_) {
    if (line.intersects(theirs)) continue;
    const Cells left = line.minus(mine);
    if (missing == 1 ? left.one() : left.count() == missing) out |= left;
  }
  return out;
}

template <int W>
typename ThreatCombinationSearch<W>::Cells ThreatCombinationSearch<W>::wins_through(Cell c, const Cells& mine,
                                                                                    const Cells& theirs) const {
  Cells out;
  for (int32_t k = line_start_[c]; k < line_start_[c + 1]; ++k) {
    const Cells& line = lines_[line_ids_[k]];
    if (line.intersects(theirs)) continue;
    const Cells missing = line.minus(mine);
    if (missing.one()) out |= missing;
  }
  return out;
}

template <int W>
ForcedWin ThreatCombinationSearch<W>::find(Board<W>& board, int attacker) {
  if (!tables_.lines_count[attacker]) return {};
  theirs_count_ = tables_.lines_count[1 - attacker];
  Cells mine = board.stones_of(attacker), theirs = board.stones_of(1 - attacker);
  // While the defender has an immediate win the real rules leave the attacker one move,
  // the block; the model would ignore the defender's threat, so these come first.
  Cell first = -1;
  int played = 0;
  for (;;) {
    if (const Cells my_wins = wins(mine, theirs); my_wins.any())
      return {first >= 0 ? first : my_wins.first(), played + 1};
    const Cells their_wins = theirs_count_ ? wins(theirs, mine) : Cells{};
    if (their_wins.none()) break;
    if (their_wins.several()) return {};
    const Cell block = their_wins.first();
    Cells after = mine;
    after.set(block);
    const Cells threats = wins_through(block, after, theirs);
    if (first < 0) first = block;
    ++played;
    if (threats.several()) return {first, played + 1};
    if (threats.none()) return {};
    mine = after;
    theirs |= threats;
  }
  ForcedWin rest;
  switch (search(mine, theirs, rest)) {
    case Answer::Win:
      return {first >= 0 ? first : rest.move, played + rest.length};
    case Answer::NoWin:
      return {};
    case Answer::Unknown:
      break;
  }
  ++fallbacks_;
  return fallback_.find(board, attacker);
}

template <int W>
typename ThreatCombinationSearch<W>::Answer ThreatCombinationSearch<W>::search(const Cells& mine,
                                                                                const Cells& theirs, ForcedWin& win) {
  root_mine_ = mine;
  root_theirs_ = theirs;
  for (auto* v : {&gains_, &costs_, &line_cells_, &top_, &span_, &two_empty_}) v->clear();
  goal_.clear();
  same_state_.clear();
  ops_.clear();
  first_op_.assign(1, 0);
  by_state_.clear();
  goal_seen_ = false;
  win_ = {};
  scratch_.clear();
  if (add_node({}, {}, {}, {})) {
    win = win_;
    return Answer::Win;
  }
  // Each node is expanded, then merged with every node before it, so every pair is tried
  // once both exist and the loop ends at the closure.
  for (std::size_t i = 0; i < gains_.size(); ++i) {
    if (gains_.size() > kMaxNodes) return Answer::Unknown;
    if (goal_[i]) continue;
    expand(i);
    if (win_.move < 0 && i > 0) combine(i);
    if (win_.move >= 0) {
      win = win_;
      return Answer::Win;
    }
  }
  return goal_seen_ ? Answer::Unknown : Answer::NoWin;
}

template <int W>
void ThreatCombinationSearch<W>::expand(std::size_t node) {
  const Cells gains = gains_[node], costs = costs_[node], line_cells = line_cells_[node], top = top_[node];
  const Cells mine = root_mine_ | gains, theirs = root_theirs_ | costs;
  const uint32_t first = first_op_[node], count = first_op_[node + 1] - first;
  ++stamp_;
  auto try_line = [&](int32_t id) {
    if (line_stamp_[id] == stamp_) return false;
    line_stamp_[id] = stamp_;
    const Cells& line = lines_[id];
    const Cells missing = line.minus(mine);
    if (line.intersects(theirs) || missing.count() != 2) return false;
    const Cell a = missing.first(), b = missing.without_first().first();
    for (const auto& [gain, cost] : {std::pair{a, b}, std::pair{b, a}}) {
      // The child: this node's operators, and the new one in its place by gain.
      scratch_.clear();
      bool placed = false;
      const Operator op{static_cast<int16_t>(gain), static_cast<int16_t>(cost), id};
      for (uint32_t k = first; k < first + count; ++k) {
        if (!placed && ops_[k].gain > gain) {
          scratch_.push_back(op);
          placed = true;
        }
        scratch_.push_back(ops_[k]);
      }
      if (!placed) scratch_.push_back(op);
      Cells child_costs = costs;
      child_costs.set(cost);
      Cells child_gains = gains;
      child_gains.set(gain);
      if (add_node(child_gains, child_costs, (line_cells | line).minus(child_costs),
                   top.minus(line) | Cells::single(gain)))
        return true;
    }
    return false;
  };
  if (node == 0) {
    for (int32_t id = 0; id < static_cast<int32_t>(lines_.size()); ++id)
      if (try_line(id)) return;
    return;
  }
  // Every top gain on the operator's line: a set whose top operators all support the new
  // one (the completeness argument in the header needs no other children).
  const Cell c = top.first();
  for (int32_t k = line_start_[c]; k < line_start_[c + 1]; ++k)
    if (top.subset_of(lines_[line_ids_[k]]) && try_line(line_ids_[k])) return;
}

template <int W>
void ThreatCombinationSearch<W>::combine(std::size_t node) {
  for (std::size_t other = 1; other < node; ++other) {
    // Cheap tests first: neither set's costs land on the other's lines, and one of the
    // two reasons to merge may hold (one line through the top gains of both; a line of
    // two empty cells through the top gains of each, the two meeting).
    if (goal_[other] || costs_[node].intersects(line_cells_[other]) || costs_[other].intersects(line_cells_[node]))
      continue;
    const bool same_line_hint = top_[other].subset_of(span_[node]) && top_[node].subset_of(span_[other]);
    const bool goal_hint = two_empty_[node].intersects(two_empty_[other]);
    if (!same_line_hint && !goal_hint) continue;
    const Cells gains_a = gains_[node], gains_b = gains_[other];
    if (gains_a.subset_of(gains_b) || gains_b.subset_of(gains_a)) continue;  // contained (or clashing)
    const Cells costs_a = costs_[node], costs_b = costs_[other];
    const Cells theirs = root_theirs_ | costs_a | costs_b, mine = root_mine_ | gains_a | gains_b;
    if (!(same_line_hint && on_one_line(top_[node] | top_[other], theirs)) && !(goal_hint && is_goal(mine, theirs)))
      continue;
    // The union, by gain: a gain both hold must be the same operator (else a cell serves
    // twice), and so must a cost both hold.
    scratch_.clear();
    const uint32_t a_end = first_op_[node + 1], b_end = first_op_[other + 1];
    uint32_t a = first_op_[node], b = first_op_[other];
    Cells shared_costs;
    bool clash = false;
    while (a < a_end || b < b_end) {
      if (b == b_end || (a < a_end && ops_[a].gain < ops_[b].gain)) {
        scratch_.push_back(ops_[a++]);
      } else if (a == a_end || ops_[b].gain < ops_[a].gain) {
        scratch_.push_back(ops_[b++]);
      } else {
        if (!(ops_[a] == ops_[b])) {
          clash = true;
          break;
        }
        shared_costs.set(ops_[a].cost);
        scratch_.push_back(ops_[a++]);
        ++b;
      }
    }
    if (clash || (costs_a & costs_b) != shared_costs) continue;
    // A top operator of the union is one that is top in each part holding it.
    const Cells not_top = gains_a.minus(top_[node]) | gains_b.minus(top_[other]);
    if (add_node(gains_a | gains_b, costs_a | costs_b, line_cells_[node] | line_cells_[other],
                 (gains_a | gains_b).minus(not_top)))
      return;
  }
}

template <int W>
bool ThreatCombinationSearch<W>::add_node(const Cells& gains, const Cells& costs, const Cells& line_cells,
                                          const Cells& top) {
  const auto [it, inserted] = by_state_.try_emplace(Stones<W>{gains, costs}, static_cast<int32_t>(gains_.size()));
  int32_t next = -1;
  if (!inserted) {
    for (int32_t n = it->second; n >= 0; n = same_state_[n])
      if (std::equal(scratch_.begin(), scratch_.end(), ops_.begin() + first_op_[n], ops_.begin() + first_op_[n + 1]))
        return false;
    next = it->second;
    it->second = static_cast<int32_t>(gains_.size());
  }
  ++nodes_;
  const Cells mine = root_mine_ | gains, theirs = root_theirs_ | costs;
  const bool goal = is_goal(mine, theirs);
  gains_.push_back(gains);
  costs_.push_back(costs);
  line_cells_.push_back(line_cells);
  top_.push_back(top);
  Cells span, two_empty;
  if (top.any()) {
    const Cell c = top.first();
    for (int32_t k = line_start_[c]; k < line_start_[c + 1]; ++k) {
      const Cells& line = lines_[line_ids_[k]];
      if (!top.subset_of(line) || line.intersects(theirs)) continue;
      span |= line;
      const Cells missing = line.minus(mine);
      if (missing.count() == 2) two_empty |= missing;
    }
  }
  span_.push_back(span);
  two_empty_.push_back(two_empty);
  goal_.push_back(goal);
  same_state_.push_back(next);
  ops_.insert(ops_.end(), scratch_.begin(), scratch_.end());
  first_op_.push_back(static_cast<uint32_t>(ops_.size()));
  if (!goal) return false;
  goal_seen_ = true;
  failed_orders_.clear();
  replay_steps_ = 0;
  const std::size_t n = gains_.size() - 1;
  const std::span<const Operator> ops(ops_.data() + first_op_[n], first_op_[n + 1] - first_op_[n]);
  if (ops.size() > 64) return false;  // more orders than a word names: the fallback answers
  const uint64_t all = ops.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << ops.size()) - 1;
  return replay(root_mine_, root_theirs_, all, ops, win_);
}

template <int W>
bool ThreatCombinationSearch<W>::is_goal(const Cells& mine, const Cells& theirs) {
  // Per empty cell, the cells where its stone would make an immediate win.
  Cells touched;
  for (const Cells& line : lines_) {
    if (line.intersects(theirs)) continue;
    const Cells missing = line.minus(mine);
    if (missing.one()) return true;
    if (missing.count() != 2) continue;
    const Cell a = missing.first(), b = missing.without_first().first();
    for (const auto& [move, win] : {std::pair{a, b}, std::pair{b, a}}) {
      const Cells before = touched.test(move) ? made_[move] : Cells{};
      if (before.minus(Cells::single(win)).any()) return true;
      made_[move] = before | Cells::single(win);
      touched.set(move);
    }
  }
  return false;
}

template <int W>
bool ThreatCombinationSearch<W>::on_one_line(const Cells& cells, const Cells& theirs) const {
  const Cell c = cells.first();
  for (int32_t k = line_start_[c]; k < line_start_[c + 1]; ++k) {
    const Cells& line = lines_[line_ids_[k]];
    if (cells.subset_of(line) && !line.intersects(theirs)) return true;
  }
  return false;
}

// The real rules, as ForcedWinSearch::search reads them, over the orders of `remaining`.
template <int W>
bool ThreatCombinationSearch<W>::replay(const Cells& mine, const Cells& theirs, uint64_t remaining,
                                        std::span<const Operator> ops, ForcedWin& win) {
  if (const Cells my_wins = wins(mine, theirs); my_wins.any()) {
    win = {my_wins.first(), 1};
    return true;
  }
  const Cells their_wins = theirs_count_ ? wins(theirs, mine) : Cells{};
  if (their_wins.several()) return false;
  const Cells candidates = their_wins.any() ? their_wins : threat_making(mine, theirs);
  for (Cell c : candidates) {
    Cells after = mine;
    after.set(c);
    if (wins_through(c, after, theirs).several()) {
      win = {c, 2};
      return true;
    }
  }
  if (failed_orders_.count(remaining) || ++replay_steps_ > kMaxReplaySteps) return false;
  for (uint64_t m = remaining; m; m &= m - 1) {
    const uint64_t bit = m & (~m + 1);
    const Operator& op = ops[std::countr_zero(m)];
    if (their_wins.any() && op.gain != their_wins.first()) continue;
    // Forcing now only if the gain threatens exactly at the cost (more would have been a
    // double threat above).
    Cells after = mine;
    after.set(op.gain);
    if (wins_through(op.gain, after, theirs) != Cells::single(op.cost)) continue;
    if (replay(after, theirs | Cells::single(op.cost), remaining & ~bit, ops, win)) {
      win = {op.gain, win.length + 1};
      return true;
    }
  }
  failed_orders_.insert(remaining);
  return false;
}

#define INSTANTIATE(W) template class ThreatCombinationSearch<W>;
KINROW_FOR_EACH_WIDTH(INSTANTIATE)
#undef INSTANTIATE

}  // namespace kinrow
