// Exact search on gravity bitboards: Connect Four and its relatives, normal and misère.
//
// Scores follow the Connect Four community (Pons' test sets): 0 for a draw, otherwise
// positive for the side to move winning and larger for a faster game; a game that ends
// when the board holds e stones scores floor((W*H + 2 - e) / 2), which on 7x6 is
// "22 - stones of the winner". The search is Pons' design carried to any width, height
// and k: negamax with a null window driven from outside, a transposition table of
// bounds, moves that lose at once never generated (a cell the opponent completes must be
// taken; a cell under one must not), the score bounded before any move is tried, and
// moves ordered by the threats they create. Mirror-image positions share a table entry
// in the opening, where they are common and the cost of the mirrored key is small.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>

#include "games/gravity_bitboard.h"
#include "search/alphabeta.h"
#include "search/transposition_table.h"

namespace kinrow {

// Score of a game that ends with `end` stones on the board, for its winner.
constexpr int connect_score(int cells, int end) { return (cells + 2 - end) / 2; }

template <int K, bool Misere>
class GravitySearch {
 public:
  GravitySearch(GravityBitboard& board, TranspositionTable& table, const SearchMonitor& monitor)
      : board_(board), g_(board.geometry()), table_(table), monitor_(monitor),
        cells_(g_.cells()), start_(Clock::now()), last_report_(start_) {
    fix_order();
  }

  // The score of the current position, exact if inside (alpha, beta), else a bound.
  int search(int alpha, int beta) {
    window_low_ = alpha;
    if constexpr (Misere) return negamax(alpha, beta);
    if (completing_cells<K>(g_, board_.current(), empty()) & board_.playable())
      return connect_score(cells_, board_.moves() + 1);
    return negamax(alpha, beta);
  }

  // The score of dropping in column x, from the mover's side, searched with (alpha, beta).
  int search_column(int x, int alpha, int beta) {
    const uint64_t cell = (board_.mask() + g_.bottom_of(x)) & g_.column[x];
    const uint64_t mine = completing_cells<K>(g_, board_.current(), empty());
    const int e = board_.moves() + 1;
    if (cell & mine) return Misere ? -connect_score(cells_, e) : connect_score(cells_, e);
    if (e == cells_) return 0;
    board_.play(cell);
    int score;
    if (!Misere && (completing_cells<K>(g_, board_.current(), empty()) & board_.playable()))
      score = -connect_score(cells_, e + 1);  // the opponent completes a line at once
    else
      score = -negamax(-beta, -alpha);
    board_.undo(cell);
    return score;
  }

  uint64_t nodes() const { return nodes_; }
  int column_order(int i) const { return order_[i]; }

 private:
  using Clock = std::chrono::steady_clock;

  // Openings repeat in mirror image; deeper down mirrored twins are rare.
  static constexpr int kMirrorPlies = 12;
  static constexpr int kEtcEmptyCells = 14;

  uint64_t empty() const { return g_.board & ~board_.mask(); }

  // Centre columns first: they take part in the most lines; ties go to the left.
  void fix_order() {
    for (int i = 0; i < g_.width; ++i) order_[i] = i;
    const int twice_centre = g_.width - 1;
    std::sort(order_.begin(), order_.begin() + g_.width, [&](int a, int b) {
      const int da = std::abs(2 * a - twice_centre), db = std::abs(2 * b - twice_centre);
      return da != db ? da < db : a < b;
    });
  }

  void maybe_report() {
    if ((nodes_ & 0xFFFFF) != 0 || !monitor_.on_progress) return;
    const auto now = Clock::now();
    if (std::chrono::duration<double>(now - last_report_).count() < monitor_.interval_seconds) return;
    last_report_ = now;
    monitor_.on_progress({window_low_, nodes_, std::chrono::duration<double>(now - start_).count()});
  }

  // Table key and whether it is the mirror image's (moves stored under it are mirrored).
  uint64_t table_key(bool& mirrored) const {
    const uint64_t key = board_.key();
    mirrored = false;
    if (board_.moves() >= kMirrorPlies) return key;
    const uint64_t other = board_.mirrored_key();
    mirrored = other < key;
    return mirrored ? other : key;
  }

  // Normal play. Precondition: the side to move cannot complete a line at once.
  int negamax(int alpha, int beta) requires(!Misere) {
    ++nodes_;
    maybe_report();
    const int moves = board_.moves();
    const uint64_t empty_cells = empty();
    const uint64_t playable = board_.playable();
    const uint64_t theirs = completing_cells<K>(g_, board_.opponent(), empty_cells);

    // Moves that do not lose at once: take the opponent's completing cell if there is
    // one (two means the game is lost), never play directly under one.
    uint64_t candidates = playable;
    if (const uint64_t forced = theirs & playable) {
      if (forced & (forced - 1)) return -connect_score(cells_, moves + 2);
      candidates = forced;
    }
    candidates &= ~(theirs >> 1);
    if (!candidates) return -connect_score(cells_, moves + 2);
    // With at most two cells left and no immediate loss, nobody can complete a line.
    if (moves >= cells_ - 2) return 0;

    // The opponent cannot complete a line on the next move, we cannot on this one.
    const int lo = -connect_score(cells_, moves + 4);
    const int hi = connect_score(cells_, moves + 3);
    return bounded_search(alpha, beta, lo, hi, candidates, empty_cells);
  }

  // Misère play: completing a line loses.
  int negamax(int alpha, int beta) requires(Misere) {
    ++nodes_;
    maybe_report();
    const int moves = board_.moves();
    const uint64_t empty_cells = empty();
    const uint64_t mine = completing_cells<K>(g_, board_.current(), empty_cells);
    const uint64_t candidates = board_.playable() & ~mine;
    if (!candidates) return -connect_score(cells_, moves + 1);  // every move completes a line
    if (moves == cells_ - 1) return 0;  // the last cell, safely
    // The opponent completes on its next move at the earliest, we on our next one.
    const int hi = connect_score(cells_, moves + 2);
    const int lo = -connect_score(cells_, moves + 3);
    return bounded_search(alpha, beta, lo, hi, candidates, empty_cells);
  }

  int bounded_search(int alpha, int beta, int lo, int hi, uint64_t candidates, uint64_t empty_cells) {
    if (lo > hi) lo = hi;  // near the end: a draw may be all that remains
    lo = std::min(lo, 0);
    hi = std::max(hi, 0);
    if (alpha < lo) {
      alpha = lo;
      if (alpha >= beta) return alpha;
    }
    if (beta > hi) {
      beta = hi;
      if (alpha >= beta) return beta;
    }

    bool mirrored = false;
    const uint64_t key = table_key(mirrored);
    int hint = -1;
    if (const auto e = table_.probe(key)) {
      if (e->lower >= beta) return e->lower;
      if (e->upper <= alpha) return e->upper;
      alpha = std::max<int>(alpha, e->lower);
      beta = std::min<int>(beta, e->upper);
      if (e->move >= 0) hint = mirrored ? g_.width - 1 - e->move : e->move;
    }
    const int alpha0 = alpha;
    const uint64_t nodes_before = nodes_;

    // Order: the table's move, then by the lines the move brings to one short of k.
    std::array<uint64_t, 32> cell;
    std::array<int, 32> score, column;
    int n = 0;
    for (int i = 0; i < g_.width; ++i) {
      const int x = order_[i];
      const uint64_t c = candidates & g_.column[x];
      if (!c) continue;
      int s = x == hint ? 1 << 20 : order_score(c, empty_cells);
      int j = n++;
      for (; j > 0 && score[j - 1] < s; --j) {
        cell[j] = cell[j - 1];
        score[j] = score[j - 1];
        column[j] = column[j - 1];
      }
      cell[j] = c;
      score[j] = s;
      column[j] = x;
    }

    // Enhanced transposition cutoff: a child the table already knows to refute the
    // window ends the search here before any child is searched. Near the leaves the
    // probes cost more than the searches they save.
    for (int i = 0; i < n && board_.moves() < cells_ - kEtcEmptyCells; ++i) {
      board_.play(cell[i]);
      bool child_mirrored;
      const auto e = table_.probe(table_key(child_mirrored));
      board_.undo(cell[i]);
      if (e && -e->upper >= beta) {
        table_.store(key, -e->upper, connect_score(cells_, 0), mirrored ? g_.width - 1 - column[i] : column[i], 1);
        return -e->upper;
      }
    }

    int best = -connect_score(cells_, 0) - 1;
    int best_column = -1;
    for (int i = 0; i < n; ++i) {
      board_.play(cell[i]);
      const int value = -negamax(-beta, -alpha);
      board_.undo(cell[i]);
      if (value > best) {
        best = value;
        best_column = column[i];
        if (value > alpha) {
          alpha = value;
          if (alpha >= beta) break;
        }
      }
    }

    const int stored_move = mirrored ? g_.width - 1 - best_column : best_column;
    const uint64_t work = nodes_ - nodes_before;
    if (best <= alpha0) table_.store(key, -connect_score(cells_, 0), best, stored_move, work);
    else if (best >= beta) table_.store(key, best, connect_score(cells_, 0), stored_move, work);
    else table_.store(key, best, best, stored_move, work);
    return best;
  }

  // Threats a move creates (cells that would then complete a line of the mover). In
  // misère the same count measures cells the mover must avoid, so fewer is better.
  //
  // A threat counts double on a row of the mover's parity (odd rows for the first
  // player, even for the second): in the endgame of a gravity game those are the threats
  // that zugzwang lets a player cash in (Allis' rules of Connect Four).
  int order_score(uint64_t cell, uint64_t empty_cells) const {
    const uint64_t threats = completing_cells<K>(g_, board_.current() | cell, empty_cells & ~cell);
    const uint64_t good_rows = board_.moves() % 2 == 0 ? g_.odd_rows : g_.board & ~g_.odd_rows;
    const int score = 2 * std::popcount(threats & good_rows) + std::popcount(threats & ~good_rows);
    return Misere ? -score : score;
  }

  GravityBitboard& board_;
  const GravityGeometry& g_;
  TranspositionTable& table_;
  SearchMonitor monitor_;
  int cells_;
  std::array<int, 32> order_{};
  uint64_t nodes_ = 0;
  int window_low_ = 0;
  Clock::time_point start_;
  Clock::time_point last_report_;
};

}  // namespace kinrow
