// The engine's search where no proof is in reach: iterative-deepening alpha-beta over
// whole turns (games/board.h plays a turn of p stones at once), on the candidate turns of
// engine/candidate_turns.h, with the line evaluation at the leaves.
//
// - Threat extension: a leaf where the side to move must block (the urgency rules force
//   its stones) is searched one turn deeper, up to a bound, so a sequence of fours or of
//   double threats is followed to its end instead of being cut at the horizon.
// - Wins and losses the rules read at a node (a line completed, a win this turn, two
//   threats that cannot both be stopped) are scored by their distance, above every
//   evaluation, so the search prefers the fastest win and the slowest loss.
// - A transposition table of fixed size remembers each position's bound and best turn;
//   the best turn is tried first at the next depth.
// - The budget is a deadline and/or a node count, checked as the search goes; a depth cut
//   short keeps the root turns it finished (searched best first, so the first of them is
//   the previous depth's best and any turn that beat it was fully searched).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/candidate_turns.h"

namespace kinrow {

struct HeuristicBudget {
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  uint64_t max_nodes = 0;  // 0: no limit
  int max_depth = 64;      // in turns
};

inline constexpr int64_t kEngineWin = int64_t{1} << 40;  // a win this turn; minus one per turn to it
inline bool is_decisive(int64_t score) { return score > kEngineWin / 2 || score < -kEngineWin / 2; }

template <int W>
struct RootTurn {
  Move move;
  int64_t score = 0;  // for the side to move, from the last depth that searched it
};

template <int W>
struct HeuristicResult {
  std::vector<RootTurn<W>> turns;  // best first
  std::vector<Move> principal_variation;
  int depth = 0;          // the last depth completed
  int64_t previous_best = 0;  // the best score a depth before (how stable it is)
  uint64_t nodes = 0;
};

template <int W>
class HeuristicSearch {
 public:
  HeuristicSearch(const BoardTables& tables, std::size_t table_megabytes)
      : tables_(tables), candidates_(tables) {
    std::size_t entries = std::max<std::size_t>(1024, table_megabytes * (std::size_t{1} << 20) / sizeof(Entry));
    std::size_t size = 1;
    while (size * 2 <= entries) size *= 2;
    table_.assign(size, Entry{});
    const int p = std::max(1, tables.rules.stones_per_turn);
    breadth_ = p == 1 ? 12 : 10;
    cells_ = p == 1 ? 16 : 10;
  }

  // Searches the side to move's turns other than `excluded` (none: every turn).
  HeuristicResult<W> run(Board<W>& board, const HeuristicBudget& budget, const std::vector<Move>& excluded = {}) {
    budget_ = budget;
    nodes_ = 0;
    stopped_ = false;
    HeuristicResult<W> result;
    std::vector<ScoredTurn<W>> first;
    // Excluded turns widen the root (the forced ones among them must not hide the rest).
    const int extra = static_cast<int>(excluded.size());
    candidates_.generate(board, 4 * breadth_ + extra, 2 * cells_ + extra, first, excluded.empty());
    for (const ScoredTurn<W>& t : first) {
      if (std::any_of(excluded.begin(), excluded.end(), [&](const Move& e) { return to_turn(e) == to_turn(t.move); }))
        continue;
      result.turns.push_back({t.move, t.score});
    }
    if (result.turns.empty()) return result;
    // No line is longer than the turns left to play.
    const int p = std::max(1, tables_.rules.stones_per_turn);
    const int turns_left = (board.empty_count() + p - 1) / p;
    for (int depth = 1; depth <= std::min(budget.max_depth, turns_left) && !stopped_; ++depth) {
      std::vector<RootTurn<W>> searched;
      int64_t alpha = -std::numeric_limits<int64_t>::max();
      for (const RootTurn<W>& t : result.turns) {
        const int64_t score = child_score(board, t.move, depth - 1, alpha, std::numeric_limits<int64_t>::max(), 1, 0);
        if (stopped_) break;
        searched.push_back({t.move, score});
        alpha = std::max(alpha, score);
      }
      if (searched.empty()) break;
      // Turns cut short keep their place after those searched, in the previous order.
      std::stable_sort(searched.begin(), searched.end(), [](const auto& a, const auto& b) { return a.score > b.score; });
      for (const RootTurn<W>& t : result.turns)
        if (std::none_of(searched.begin(), searched.end(), [&](const RootTurn<W>& s) { return s.move == t.move; }))
          searched.push_back(t);
      if (!stopped_) {
        result.previous_best = result.depth ? result.turns.front().score : searched.front().score;
        result.depth = depth;
      }
      result.turns = std::move(searched);
      if (is_decisive(result.turns.front().score) && result.turns.front().score > 0) break;
      if (std::all_of(result.turns.begin(), result.turns.end(), [](const auto& t) { return is_decisive(t.score); })) break;
    }
    result.principal_variation = principal_variation(board, result.turns.front().move);
    result.nodes = nodes_;
    return result;
  }

  uint64_t nodes() const { return nodes_; }
  // The evaluation's unit: a line one stone short (engine/line_evaluation.h).
  int64_t threat_weight() const { return candidates_.evaluation().threat_weight(); }

 private:
  enum Bound : uint8_t { kExact, kLower, kUpper };
  struct Entry {
    uint64_t key = 0;
    int64_t score = 0;
    Move best;
    int8_t depth = -1;
    Bound bound = kExact;
  };

  int64_t negamax(Board<W>& board, int depth, int64_t alpha, int64_t beta, int ply, int extensions) {
    ++nodes_;
    if ((nodes_ & 1023) == 0) check_budget();
    if (stopped_) return 0;
    const UrgentMoves<Bits<W>> urgent = urgent_moves(board);
    if (urgent.urgency == Urgency::WinNow) return kEngineWin - ply;
    if (urgent.urgency == Urgency::Lost) return -(kEngineWin - ply - 1);
    if (depth <= 0) {
      if (urgent.urgency != Urgency::Block || extensions >= kMaxExtensions) return candidates_.evaluation().evaluate(board);
      ++extensions;  // a forced answer: look one turn further
      depth = 1;
    }
    const uint64_t key = board.plain_key();
    Entry& entry = table_[key & (table_.size() - 1)];
    Move hint;
    if (entry.key == key) {
      hint = entry.best;
      if (entry.depth >= depth) {
        const int64_t s = from_table(entry.score, ply);
        if (entry.bound == kExact) return s;
        if (entry.bound == kLower && s >= beta) return s;
        if (entry.bound == kUpper && s <= alpha) return s;
      }
    }
    std::vector<ScoredTurn<W>> turns;
    candidates_.generate(board, breadth_, cells_, turns, true, &urgent);
    if (turns.empty()) return 0;
    if (hint.size)
      for (std::size_t i = 0; i < turns.size(); ++i)
        if (turns[i].move == hint) {
          std::rotate(turns.begin(), turns.begin() + static_cast<std::ptrdiff_t>(i), turns.begin() + static_cast<std::ptrdiff_t>(i) + 1);
          break;
        }
    const int64_t original_alpha = alpha;
    int64_t best = -std::numeric_limits<int64_t>::max();
    Move best_move = turns.front().move;
    for (const ScoredTurn<W>& t : turns) {
      const Move& m = t.move;
      const int64_t score = child_score(board, m, depth - 1, alpha, beta, ply + 1, extensions);
      if (stopped_) return 0;
      if (score > best) {
        best = score;
        best_move = m;
      }
      alpha = std::max(alpha, score);
      if (alpha >= beta) break;
    }
    entry.key = key;
    entry.score = to_table(best, ply);
    entry.best = best_move;
    entry.depth = static_cast<int8_t>(depth);
    entry.bound = best <= original_alpha ? kUpper : best >= beta ? kLower : kExact;
    return best;
  }

  // The score, for the side that plays `move`, of playing it and searching on.
  int64_t child_score(Board<W>& board, const Move& move, int depth, int64_t alpha, int64_t beta, int ply,
                      int extensions) {
    const TurnResult r = board.play(move);
    int64_t score;
    if (r == TurnResult::CompletedLine) {
      score = kEngineWin - ply;
      if (tables_.rules.goal == Goal::Misere) score = -score;
    } else if (r == TurnResult::BoardFull) {
      score = 0;
    } else {
      score = -negamax(board, depth, -beta, -alpha, ply, extensions);
    }
    board.undo(move);
    return score;
  }

  // Decisive scores count turns from the root; the table stores them from the node.
  static int64_t to_table(int64_t s, int ply) { return s > kEngineWin / 2 ? s + ply : s < -kEngineWin / 2 ? s - ply : s; }
  static int64_t from_table(int64_t s, int ply) { return s > kEngineWin / 2 ? s - ply : s < -kEngineWin / 2 ? s + ply : s; }

  void check_budget() {
    if (budget_.max_nodes && nodes_ >= budget_.max_nodes) stopped_ = true;
    if (std::chrono::steady_clock::now() >= budget_.deadline) stopped_ = true;
  }

  // The best turns the table remembers from the root's best on, as far as they go.
  std::vector<Move> principal_variation(Board<W>& board, const Move& first) {
    std::vector<Move> line{first};
    bool goes_on = board.play(first) == TurnResult::Continues;
    while (goes_on && line.size() < 32) {
      const Entry& e = table_[board.plain_key() & (table_.size() - 1)];
      if (e.key != board.plain_key() || !e.best.size) break;
      line.push_back(e.best);
      goes_on = board.play(e.best) == TurnResult::Continues;
    }
    for (auto it = line.rbegin(); it != line.rend(); ++it) board.undo(*it);
    return line;
  }

  static constexpr int kMaxExtensions = 16;

  const BoardTables& tables_;
  CandidateTurns<W> candidates_;
  std::vector<Entry> table_;
  HeuristicBudget budget_;
  uint64_t nodes_ = 0;
  bool stopped_ = false;
  int breadth_ = 12, cells_ = 16;
};

}  // namespace kinrow
