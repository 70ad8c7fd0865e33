#include "dictionary/threat_combination.h"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <utility>

namespace kinrow {

namespace {

// A goal node's orders are tried with a memo of losing remainders; a set of many
// independent operators could still have too many, and then ForcedWinSearch answers.
constexpr uint64_t kMaxReplaySteps = uint64_t{1} << 16;

}  // namespace

ThreatCombinationSearch::ThreatCombinationSearch(const BoardMasks& board) : board_(board), fallback_(board) {
  if (board.gravity() || !board.one_stone_a_turn() || board.goal() == Goal::Misere)
    throw std::invalid_argument(
        "threat combination search: one stone a turn, no gravity, normal or maker-breaker rules only");
  lines_.assign(board.lines().begin(), board.lines().end());
  line_start_.assign(board.cell_count() + 1, 0);
  for (CellMask line : lines_)
    for (CellMask m = line; m; m &= m - 1) ++line_start_[std::countr_zero(m) + 1];
  for (int c = 0; c < board.cell_count(); ++c) line_start_[c + 1] += line_start_[c];
  line_ids_.resize(line_start_.back());
  std::vector<int32_t> filled(line_start_.begin(), line_start_.end() - 1);
  for (int32_t id = 0; id < static_cast<int32_t>(lines_.size()); ++id)
    for (CellMask m = lines_[id]; m; m &= m - 1) line_ids_[filled[std::countr_zero(m)]++] = id;
  line_stamp_.assign(lines_.size(), 0);
}

ForcedWin ThreatCombinationSearch::find(const Stones& stones, int attacker) {
  if (!board_.lines_count_for(attacker)) return {};
  theirs_count_ = board_.lines_count_for(1 - attacker);
  CellMask mine = stones.of(attacker), theirs = stones.of(1 - attacker);
  // While the defender has an immediate win the real rules leave the attacker one move,
  // the block; the model would ignore the defender's threat, so these come first.
  Cell first = -1;
  int played = 0;
  for (;;) {
    const CellMask empty = board_.all() & ~(mine | theirs);
    if (const CellMask wins = board_.winning_cells(mine, theirs, empty))
      return {first >= 0 ? first : std::countr_zero(wins), played + 1};
    const CellMask their_wins = theirs_count_ ? board_.winning_cells(theirs, mine, empty) : 0;
    if (!their_wins) break;
    if (std::popcount(their_wins) >= 2) return {};
    const Cell block = std::countr_zero(their_wins);
    const CellMask threats = board_.wins_through(block, mine | cell_bit(block), theirs);
    if (first < 0) first = block;
    ++played;
    if (std::popcount(threats) >= 2) return {first, played + 1};
    if (!threats) return {};
    mine |= cell_bit(block);
    theirs |= threats;
  }
  ForcedWin rest;
  switch (search(mine, theirs, rest)) {
    case Outcome::Win:
      return {first >= 0 ? first : rest.move, played + rest.length};
    case Outcome::NoWin:
      return {};
    case Outcome::Unknown:
      break;
  }
  ++fallbacks_;
  return fallback_.find(stones, attacker);
}

ThreatCombinationSearch::Outcome ThreatCombinationSearch::search(CellMask mine, CellMask theirs, ForcedWin& win) {
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
  if (add_node(0, 0, 0, 0)) {
    win = win_;
    return Outcome::Win;
  }
  // Each node is expanded, then merged with every node before it, so every pair is tried
  // once both exist and the loop ends at the closure.
  for (std::size_t i = 0; i < gains_.size(); ++i) {
    if (gains_.size() > kMaxNodes) return Outcome::Unknown;
    if (goal_[i]) continue;
    expand(i);
    if (win_.move < 0 && i > 0) combine(i);
    if (win_.move >= 0) {
      win = win_;
      return Outcome::Win;
    }
  }
  return goal_seen_ ? Outcome::Unknown : Outcome::NoWin;
}

void ThreatCombinationSearch::expand(std::size_t node) {
  const CellMask gains = gains_[node], costs = costs_[node], line_cells = line_cells_[node], top = top_[node];
  const CellMask mine = root_mine_ | gains, theirs = root_theirs_ | costs;
  const uint32_t first = first_op_[node], count = first_op_[node + 1] - first;
  ++stamp_;
  auto try_line = [&](int32_t id) {
    if (line_stamp_[id] == stamp_) return false;
    line_stamp_[id] = stamp_;
    const CellMask line = lines_[id];
    const CellMask missing = line & ~mine;
    if ((line & theirs) || std::popcount(missing) != 2) return false;
    const Cell a = std::countr_zero(missing), b = std::countr_zero(missing & (missing - 1));
    for (const auto& [gain, cost] : {std::pair{a, b}, std::pair{b, a}}) {
      // The child: this node's operators, and the new one in its place by gain.
      scratch_.clear();
      bool placed = false;
      for (uint32_t k = first; k < first + count; ++k) {
        if (!placed && ops_[k].gain > gain) {
          scratch_.push_back({static_cast<int8_t>(gain), static_cast<int8_t>(cost), id});
          placed = true;
        }
        scratch_.push_back(ops_[k]);
      }
      if (!placed) scratch_.push_back({static_cast<int8_t>(gain), static_cast<int8_t>(cost), id});
      const CellMask child_costs = costs | cell_bit(cost);
      if (add_node(gains | cell_bit(gain), child_costs, (line_cells | line) & ~child_costs,
                   (top & ~line) | cell_bit(gain)))
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
  const Cell c = std::countr_zero(top);
  for (int32_t k = line_start_[c]; k < line_start_[c + 1]; ++k)
    if ((lines_[line_ids_[k]] & top) == top && try_line(line_ids_[k])) return;
}

void ThreatCombinationSearch::combine(std::size_t node) {
  for (std::size_t other = 1; other < node; ++other) {
    // Cheap tests first: neither set's costs land on the other's lines, and one of the
    // two reasons to merge may hold (one line through the top gains of both; a line of
    // two empty cells through the top gains of each, the two meeting).
    if (goal_[other] || (costs_[node] & line_cells_[other]) || (costs_[other] & line_cells_[node])) continue;
    const bool same_line_hint = !(top_[other] & ~span_[node]) && !(top_[node] & ~span_[other]);
    const bool goal_hint = two_empty_[node] & two_empty_[other];
    if (!same_line_hint && !goal_hint) continue;
    const CellMask gains_a = gains_[node], gains_b = gains_[other];
    if ((gains_a & ~gains_b) == 0 || (gains_b & ~gains_a) == 0) continue;  // contained (or clashing)
    const CellMask costs_a = costs_[node], costs_b = costs_[other];
    const CellMask theirs = root_theirs_ | costs_a | costs_b, mine = root_mine_ | gains_a | gains_b;
    if (!(same_line_hint && on_one_line(top_[node] | top_[other], theirs)) && !(goal_hint && is_goal(mine, theirs)))
      continue;
    // The union, by gain: a gain both hold must be the same operator (else a cell serves
    // twice), and so must a cost both hold.
    scratch_.clear();
    const uint32_t a_end = first_op_[node + 1], b_end = first_op_[other + 1];
    uint32_t a = first_op_[node], b = first_op_[other];
    CellMask shared_costs = 0;
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
        shared_costs |= cell_bit(ops_[a].cost);
        scratch_.push_back(ops_[a++]);
        ++b;
      }
    }
    if (clash || (costs_a & costs_b) != shared_costs) continue;
    // A top operator of the union is one that is top in each part holding it.
    const CellMask not_top = (gains_a & ~top_[node]) | (gains_b & ~top_[other]);
    if (add_node(gains_a | gains_b, costs_a | costs_b, line_cells_[node] | line_cells_[other],
                 (gains_a | gains_b) & ~not_top))
      return;
  }
}

bool ThreatCombinationSearch::add_node(CellMask gains, CellMask costs, CellMask line_cells, CellMask top) {
  const auto [it, inserted] = by_state_.try_emplace(Stones{gains, costs}, static_cast<int32_t>(gains_.size()));
  int32_t next = -1;
  if (!inserted) {
    for (int32_t n = it->second; n >= 0; n = same_state_[n])
      if (std::equal(scratch_.begin(), scratch_.end(), ops_.begin() + first_op_[n], ops_.begin() + first_op_[n + 1]))
        return false;
    next = it->second;
    it->second = static_cast<int32_t>(gains_.size());
  }
  ++nodes_;
  const CellMask mine = root_mine_ | gains, theirs = root_theirs_ | costs;
  const bool goal = is_goal(mine, theirs);
  gains_.push_back(gains);
  costs_.push_back(costs);
  line_cells_.push_back(line_cells);
  top_.push_back(top);
  CellMask span = 0, two_empty = 0;
  if (top) {
    const Cell c = std::countr_zero(top);
    for (int32_t k = line_start_[c]; k < line_start_[c + 1]; ++k) {
      const CellMask line = lines_[line_ids_[k]];
      if ((line & top) != top || (line & theirs)) continue;
      span |= line;
      if (std::popcount(line & ~mine) == 2) two_empty |= line & ~mine;
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
  const uint64_t all = ops.size() == 64 ? ~uint64_t{0} : (uint64_t{1} << ops.size()) - 1;
  return replay(root_mine_, root_theirs_, all, ops, win_);
}

bool ThreatCombinationSearch::is_goal(CellMask mine, CellMask theirs) const {
  // Per empty cell, the cells where its stone would make an immediate win.
  std::array<CellMask, 64> made;
  CellMask touched = 0;
  for (CellMask line : lines_) {
    if (line & theirs) continue;
    const CellMask missing = line & ~mine;
    const int count = std::popcount(missing);
    if (count == 1) return true;
    if (count != 2) continue;
    const Cell a = std::countr_zero(missing), b = std::countr_zero(missing & (missing - 1));
    for (const auto& [move, win] : {std::pair{a, b}, std::pair{b, a}}) {
      const CellMask before = touched >> move & 1 ? made[move] : 0;
      if (before & ~cell_bit(win)) return true;
      made[move] = before | cell_bit(win);
      touched |= cell_bit(move);
    }
  }
  return false;
}

bool ThreatCombinationSearch::on_one_line(CellMask cells, CellMask theirs) const {
  const Cell c = std::countr_zero(cells);
  for (int32_t k = line_start_[c]; k < line_start_[c + 1]; ++k) {
    const CellMask line = lines_[line_ids_[k]];
    if ((line & cells) == cells && !(line & theirs)) return true;
  }
  return false;
}

// The real rules, as ForcedWinSearch::search reads them, over the orders of `remaining`.
bool ThreatCombinationSearch::replay(CellMask mine, CellMask theirs, uint64_t remaining,
                                     std::span<const Operator> ops, ForcedWin& win) {
  const CellMask empty = board_.all() & ~(mine | theirs);
  if (const CellMask wins = board_.winning_cells(mine, theirs, empty)) {
    win = {std::countr_zero(wins), 1};
    return true;
  }
  const CellMask their_wins = theirs_count_ ? board_.winning_cells(theirs, mine, empty) : 0;
  if (std::popcount(their_wins) >= 2) return false;
  const CellMask candidates = their_wins ? their_wins : board_.threat_making_cells(mine, theirs, empty);
  for (CellMask m = candidates; m; m &= m - 1) {
    const Cell c = std::countr_zero(m);
    if (std::popcount(board_.wins_through(c, mine | cell_bit(c), theirs)) >= 2) {
      win = {c, 2};
      return true;
    }
  }
  if (failed_orders_.count(remaining) || ++replay_steps_ > kMaxReplaySteps) return false;
  for (uint64_t m = remaining; m; m &= m - 1) {
    const uint64_t bit = m & (~m + 1);
    const Operator& op = ops[std::countr_zero(m)];
    if (their_wins && op.gain != std::countr_zero(their_wins)) continue;
    // Forcing now only if the gain threatens exactly at the cost (more would have been a
    // double threat above).
    if (board_.wins_through(op.gain, mine | cell_bit(op.gain), theirs) != cell_bit(op.cost)) continue;
    if (replay(mine | cell_bit(op.gain), theirs | cell_bit(op.cost), remaining & ~bit, ops, win)) {
      win = {op.gain, win.length + 1};
      return true;
    }
  }
  failed_orders_.insert(remaining);
  return false;
}

}  // namespace kinrow
