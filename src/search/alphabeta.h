// Exact negamax alpha-beta search over any board of the board concept (games/board.h):
// play/undo, key, generate, threats, order_score.
//
// Written once and instantiated per board at compile time, so nothing on the hot path
// is a virtual call. Fail-soft, with a transposition table of absolute scores
// (search/score.h), immediate wins found from threat sets, forced blocks, move ordering
// by table move then by a static score, and symmetric positions merged in the table.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "games/board.h"
#include "games/urgent_moves.h"
#include "search/pairing_cutoff.h"
#include "search/score.h"
#include "search/transposition_table.h"

namespace kinrow {

// One step of the path a window's leading thread is on (SearchProgress::path): of the
// position's moves, how many it has finished, and the column (0-based) it searches now.
struct ProgressStep {
  int done = 0;
  int moves = 0;
  int column = -1;
};
inline constexpr int kProgressDepth = 3;

struct SearchProgress {
  int window_low = 0;  // the null window being tested: is the score > window_low?
  uint64_t nodes = 0;
  double seconds = 0;
  // Gravity boards: where the window's leading thread is, from the window's root down
  // `path_length` plies (0: not reported). A window that fails low must search every
  // root move, so on a long weak solve path[0] is the one measure of how much is left;
  // the steps below it say how far the root move being searched has gone (at the
  // second ply one refuting reply is enough, at the third every move counts again).
  std::array<ProgressStep, kProgressDepth> path{};
  int path_length = 0;
};

// How a long search reports itself. The callback runs at most every `interval_seconds`,
// checked every 2^16 nodes (2^20 on the gravity bitboard), so it costs nothing measurable.
struct SearchMonitor {
  std::function<void(const SearchProgress&)> on_progress;
  double interval_seconds = 1.0;
};

template <SearchBoard Board>
class AlphaBeta {
 public:
  AlphaBeta(Board& board, TranspositionTable& table, const SearchMonitor& monitor = {},
            PairingMode pairing = PairingMode::Off)
      : board_(board), table_(table), monitor_(monitor), pairing_(board.tables(), pairing),
        start_(Clock::now()), last_report_(start_) {
    const auto& t = board.tables();
    lists_.resize(static_cast<std::size_t>(t.max_turns) + 2);
    goal_ = t.rules.goal;
    max_turns_ = t.max_turns;
  }

  // The exact score of the current position if it lies strictly inside (alpha, beta);
  // otherwise a bound on the side of the window it fell (fail-soft).
  int search(int alpha, int beta) {
    window_low_ = alpha;
    return negamax(alpha, beta);
  }

  // Score of the position after `move` (from the mover's point of view), searching with
  // the window (alpha, beta) when the move does not end the game.
  int search_move(const Move& move, int alpha, int beta) {
    const int t = board_.turns();
    const int mover = board_.to_move();
    const TurnResult result = board_.play(move);
    int score = result == TurnResult::Continues ? -negamax(-beta, -alpha)
                                                : terminal_score(result, mover, t);
    board_.undo(move);
    return score;
  }

  uint64_t nodes() const { return nodes_; }
  const PairingCutoff<Board>& pairing() const { return pairing_; }

 private:
  using Clock = std::chrono::steady_clock;

  struct ScoredMove {
    int score;
    Move move;
  };

  // Score of a game that `result` just ended on turn t+1, for the player who moved.
  int terminal_score(TurnResult result, int mover, int t) const {
    const int fast = win_score(max_turns_, t + 1);
    if (result == TurnResult::CompletedLine) return goal_ == Goal::Misere ? -fast : fast;
    if (goal_ == Goal::MakerBreaker) return mover == 1 ? fast : -fast;  // full: breaker wins
    return 0;
  }

  void maybe_report() {
    if ((nodes_ & 0xFFFF) != 0 || !monitor_.on_progress) return;
    const auto now = Clock::now();
    if (std::chrono::duration<double>(now - last_report_).count() < monitor_.interval_seconds)
      return;
    last_report_ = now;
    monitor_.on_progress({window_low_, nodes_, std::chrono::duration<double>(now - start_).count()});
  }

  int negamax(int alpha, int beta) {
    ++nodes_;
    maybe_report();
    const auto& tables = board_.tables();
    const int t = board_.turns();
    const int mover = board_.to_move();
    const int other = 1 - mover;
    const bool single = board_.stones_left_in_turn() == 1;
    const bool normal = goal_ != Goal::Misere;

    // Bounds on what this position can score, before looking at a move.
    int hi = win_score(max_turns_, t + 1);
    int lo = -hi;
    const UrgentMoves<typename Board::Cells> urgent = urgent_moves(board_);
    if (urgent.urgency == Urgency::WinNow) return hi;  // win now
    if (urgent.read && tables.lines_count[mover]) hi = win_score(max_turns_, t + 3);
    if (!tables.lines_count[mover] && goal_ == Goal::MakerBreaker) hi = 1;  // breaker
    if (goal_ == Goal::Misere) hi = win_score(max_turns_, t + 2);
    if (normal) lo = -win_score(max_turns_, t + 2);
    // Near the end no one may be able to win any more, yet a full board still scores 0 —
    // or, in maker-breaker, the breaker's win on the last turn (the maker may fill it).
    hi = std::max(hi, 0);
    lo = std::min(lo, goal_ == Goal::MakerBreaker ? -win_score(max_turns_, max_turns_) : 0);
    if (beta <= lo) return lo;
    if (alpha >= hi) return hi;
    alpha = std::max(alpha, lo);
    beta = std::min(beta, hi);

    // The opponent's threats: more than this turn's stones can stop lose at once; with
    // one stone, a single threat leaves one move.
    std::vector<ScoredMove>& list = lists_[t];
    list.clear();
    if (urgent.urgency == Urgency::Lost) return -win_score(max_turns_, t + 2);
    const Cell forced = single && urgent.urgency == Urgency::Block ? urgent.cells.first() : -1;

    int frame = -1;
    const uint64_t key = board_.key(&frame);
    Cell hint = -1;
    if (const auto e = table_.probe(key)) {
      if (e->lower >= beta) return e->lower;
      if (e->upper <= alpha) return e->upper;
      alpha = std::max<int>(alpha, e->lower);
      beta = std::min<int>(beta, e->upper);
      if (e->move >= 0) hint = board_.from_frame(e->move, frame);
    }
    // A pairing for the side not to move caps the mover at a draw; one for the mover
    // floors it there (in maker-breaker, the breaker's pairing decides the game).
    if (single && pairing_.active(other) && hi > 0 && pairing_.defends(board_, other)) {
      if (goal_ == Goal::MakerBreaker) return -win_score(max_turns_, max_turns_);
      hi = 0;
    }
    if (single && pairing_.active(mover) && lo < 0 && pairing_.defends(board_, mover)) {
      if (goal_ == Goal::MakerBreaker) return win_score(max_turns_, max_turns_);
      lo = 0;
    }
    if (alpha >= hi) return hi;
    if (beta <= lo) return lo;
    if (lo >= hi) return lo;  // both sides hold pairings: a draw, whatever the window
    alpha = std::max(alpha, lo);
    beta = std::min(beta, hi);

    const int alpha0 = alpha;
    const uint64_t nodes_before = nodes_;

    if (forced >= 0) {
      list.push_back({0, Move::of(forced)});
    } else {
      order_moves(list, mover, other, hint);
    }

    int best = -win_score(max_turns_, 0) - 1;
    Cell best_cell = -1;
    for (const ScoredMove& sm : list) {
      const TurnResult result = board_.play(sm.move);
      const int score = result == TurnResult::Continues ? -negamax(-beta, -alpha)
                                                        : terminal_score(result, mover, t);
      board_.undo(sm.move);
      if (score > best) {
        best = score;
        best_cell = sm.move.first();
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) break;
        }
      }
    }

    const int stored_move = best_cell >= 0 ? board_.to_frame(best_cell, frame) : -1;
    const uint64_t work = nodes_ - nodes_before;
    if (best <= alpha0)
      table_.store(key, lo, best, stored_move, work);
    else if (best >= beta)
      table_.store(key, best, hi, stored_move, work);
    else
      table_.store(key, best, best, stored_move, work);
    return best;
  }

  void order_moves(std::vector<ScoredMove>& list, int mover, int other, Cell hint) {
    std::vector<Move>& moves = scratch_;
    board_.generate(moves);
    const auto& tables = board_.tables();
    for (const Move& m : moves) {
      int score = 0;
      for (int i = 0; i < m.size; ++i) {
        const Cell c = m.cell[i];
        score += board_.order_score(c, mover);
        // Misere: completing an own line loses. Gravity: a stone under an opponent's
        // winning cell hands it over.
        if (goal_ == Goal::Misere && board_.threats(mover).test(c)) score -= 1 << 28;
        if (goal_ != Goal::Misere && tables.above[c] >= 0 &&
            board_.threats(other).test(tables.above[c]))
          score -= 1 << 27;
      }
      if (m.first() == hint) score = 1 << 30;
      list.push_back({score, m});
    }
    std::stable_sort(list.begin(), list.end(),
                     [](const ScoredMove& a, const ScoredMove& b) { return a.score > b.score; });
  }

  Board& board_;
  TranspositionTable& table_;
  SearchMonitor monitor_;
  PairingCutoff<Board> pairing_;
  Goal goal_;
  int max_turns_ = 0;
  std::vector<std::vector<ScoredMove>> lists_;  // one move list per turn number
  std::vector<Move> scratch_;
  uint64_t nodes_ = 0;
  int window_low_ = 0;
  Clock::time_point start_;
  Clock::time_point last_report_;
};

}  // namespace kinrow
