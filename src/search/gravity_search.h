// Exact search on gravity bitboards: Connect Four and its relatives, normal and misère.
//
// Scores follow the Connect Four community (Pons' test sets): 0 for a draw, otherwise
// positive for the side to move winning and larger for a faster game; a game that ends
// when the board holds e stones scores floor((W*H + 2 - e) / 2), which on 7x6 is
// "22 - stones of the winner".
//
// The search is negamax with windows chosen from outside (gravity_solver.cpp) and a
// transposition table of bounds. At each node, cheapest knowledge first:
// - moves that lose at once are never generated (a cell the opponent completes must be
//   taken; a cell under one must not), and a lone remaining move is played without
//   touching the table;
// - the score is bounded by how soon the game can end and by claimeven and zugzwang
//   (claimeven.h), which settle most nodes where one side's lines are out of reach;
// - the table is probed (its bucket was prefetched on entry; near the leaves, a small
//   table that stays in the cache: use_near_table); each child's own claimeven bound and
//   table entry may refute the window before any child is searched;
// - moves are tried in the table's order, then by the useful threats they create.
// A position and its mirror image share one table entry.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <optional>

#include "games/gravity_bitboard.h"
#include "search/alphabeta.h"
#include "search/claimeven.h"
#include "search/kept_bounds.h"
#include "search/transposition_table.h"

namespace kinrow {

// Score of a game that ends with `end` stones on the board, for its winner.
constexpr int connect_score(int cells, int end) { return (cells + 2 - end) / 2; }

// The techniques of the search that can be switched off, to measure what each buys
// (`kinrow solve --without NAME`, docs/benchmarks.md). Every combination is exact.
struct GravityTechniques {
  bool claimeven = true;  // claimeven and zugzwang bounds at every node (claimeven.h)
  bool child_bounds = true;  // children's claimeven bounds before any child is searched
  bool transposition_cutoffs = true;  // children's table entries, away from the leaves
  bool mirror = true;  // a position and its mirror image share a table entry
  bool threat_order = true;  // moves ordered by the threats they create, not centre first
  bool countermove = true;  // misère: the reply that last refuted the previous move first, then history
  bool near_table = true;  // positions near the leaves in a small table of their own (GravitySettings)
};

// Positions some member of a search team is inside right now (simplified ABDADA): a
// member defers a move whose position a teammate is already searching, so that the two
// spread over the tree instead of repeating each other. Losing a mark to a collision
// costs only duplicated work.
class BusyPositions {
 public:
  bool busy(uint64_t key) const { return slots_[slot(key)].load(std::memory_order_relaxed) == key; }
  void enter(uint64_t key) { slots_[slot(key)].store(key, std::memory_order_relaxed); }
  void leave(uint64_t key) {
    uint64_t expected = key;
    slots_[slot(key)].compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr int kBits = 14;
  static std::size_t slot(uint64_t key) { return (key * 0x9E3779B97F4A7C15ull) >> (64 - kBits); }
  std::array<std::atomic<uint64_t>, std::size_t{1} << kBits> slots_{};
};

// `Bits` is the bitboard's word (games/gravity_bitboard.h): uint64_t, or uint128_t past 64
// bits, whose keys reach the table as two words (transposition_table.h).
template <int K, bool Misere, class Bits = uint64_t>
class GravitySearch {
 public:
  GravitySearch(GravityBitboard<Bits>& board, TranspositionTable& table, const SearchMonitor& monitor,
                const GravityTechniques& techniques = {})
      : board_(board), g_(board.geometry()), table_(table), monitor_(monitor), use_(techniques),
        cells_(g_.cells()), start_(Clock::now()), last_report_(start_) {
    fix_order();
  }

  // The score of the current position, exact if inside (alpha, beta), else a bound.
  int search(int alpha, int beta) {
    window_low_ = alpha;
    root_moves_played_ = board_.moves();
    path_length_ = 0;
    if constexpr (Misere) return negamax(alpha, beta);
    if (completing_cells<K>(g_, board_.current(), empty()) & board_.playable())
      return connect_score(cells_, board_.moves() + 1);
    return negamax(alpha, beta);
  }

  // The score of dropping in column x, from the mover's side, searched with (alpha, beta).
  int search_column(int x, int alpha, int beta) {
    window_low_ = alpha;  // progress names this window, not the last one of search()
    root_moves_played_ = -1;
    path_length_ = 0;
    const Bits cell = (board_.mask() + g_.bottom_of(x)) & g_.column[x];
    const Bits mine = completing_cells<K>(g_, board_.current(), empty());
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

  // Whether dropping in column x completes a line of the mover at once (normal play).
  bool wins_at_once(int x) const {
    const Bits cell = (board_.mask() + g_.bottom_of(x)) & g_.column[x];
    return !Misere && (cell & completing_cells<K>(g_, board_.current(), empty()));
  }

  uint64_t nodes() const { return nodes_; }
  // Positions whose search took at least kept->min_nodes() nodes are also written to
  // `kept` (search/kept_bounds.h); null: none.
  void keep_bounds_in(KeptBounds* kept) { kept_ = kept; }

  // Positions with at least `from_moves` stones go to `near` instead of the main table
  // (GravitySettings::near_table_megabytes).
  void use_near_table(TranspositionTable* near, int from_moves) {
    near_ = near;
    near_from_ = from_moves;
  }
  int column_order(int i) const { return order_[i]; }

  // A team's members add their nodes to one tally, a million at a time, so that the
  // progress the leader reports (and the count a search out of time gives) is the
  // team's, not the leader's alone.
  void count_into(std::atomic<uint64_t>* tally) { tally_ = tally; }

  // Makes this search one of a team sharing the table (gravity_solver.cpp): it gives up,
  // storing nothing, once `stop` is set, and defers moves into positions `busy` says a
  // teammate is searching. (Helpers that also broke ties in the move order their own way
  // searched more and finished later: docs/benchmarks.md.)
  void join_team(const std::atomic<bool>* stop, BusyPositions* busy) {
    stop_ = stop;
    busy_ = busy;
  }

  // Calls `help(context)` once, when this search has visited `nodes` more nodes: a team
  // starts its helpers only for searches that last (a thread costs more to start than
  // a small position costs to solve).
  void call_for_help_after(uint64_t nodes, void (*help)(void*), void* context) {
    help_at_ = help ? nodes_ + nodes : ~uint64_t{0};
    help_ = help;
    help_context_ = context;
  }

 private:
  using Clock = std::chrono::steady_clock;
  static constexpr int kMaxWidth = GravityGeometry<Bits>::kMaxWidth;
  static constexpr int kBits = GravityGeometry<Bits>::kBits;

  // A key as the table takes it: 64 bits, and the bits above them (zero on 64-bit boards).
  static uint64_t low(Bits key) { return static_cast<uint64_t>(key); }
  static uint64_t high(Bits key) {
    if constexpr (kBits > 64) return static_cast<uint64_t>(key >> 64);
    else return 0;
  }
  // A 64-bit stand-in for a key in BusyPositions, where a collision costs only duplicated work.
  static uint64_t busy_key(Bits key) { return low(key) ^ high(key) * 0x9E3779B97F4A7C15ull; }
  // The table of a position with `moves` stones: the small one near the leaves.
  TranspositionTable& table_at(int moves) const { return near_ && moves >= near_from_ ? *near_ : table_; }
  std::optional<TableEntry> probe(Bits key, int moves) const {
    return table_at(moves).probe(low(key), high(key));
  }
  void prefetch(Bits key, int moves) const { table_at(moves).prefetch(low(key), high(key)); }
  void store(Bits key, int lower, int upper, int move, uint64_t nodes) {
    table_at(board_.moves()).store(low(key), lower, upper, move, nodes, high(key));
  }

  // Enhanced transposition cutoffs pay only where a subtree is large: nearer the leaves
  // the children's probes cost more than the searches they save (docs/benchmarks.md).
  static constexpr int kEtcEmptyCells = 10;

  // What a node knows once its moves are generated.
  struct Node {
    Bits empty;
    Bits playable;
    Bits candidates;  // moves that do not lose at once
    Bits their_threats;  // empty cells completing an opponent's line (normal play)
    Bits key;  // table key, the mirror image's if `mirrored`
    bool mirrored;
  };

  Bits empty() const { return g_.board & ~board_.mask(); }

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
    if (nodes_ == help_at_) help_(help_context_);
    constexpr uint64_t kReportEvery = 0x100000;
    if ((nodes_ & (kReportEvery - 1)) != 0) return;
    if (tally_) tally_->fetch_add(kReportEvery, std::memory_order_relaxed);
    if (!monitor_.on_progress) return;
    const auto now = Clock::now();
    if (std::chrono::duration<double>(now - last_report_).count() < monitor_.interval_seconds) return;
    last_report_ = now;
    const uint64_t nodes = tally_ ? tally_->load(std::memory_order_relaxed) : nodes_;
    monitor_.on_progress({window_low_, nodes, std::chrono::duration<double>(now - start_).count(), path_,
                          path_length_});
  }

  // The table key of a position given its key and its mirror image's, and whether the
  // image's was taken (moves stored under it are then mirrored).
  Bits canonical(Bits key, Bits mirrored_key, bool& mirrored) const {
    mirrored = use_.mirror && mirrored_key < key;
    return mirrored ? mirrored_key : key;
  }
  int unmirror(int column, bool mirrored) const { return mirrored ? g_.width - 1 - column : column; }

  int upper_bound(Bits mine, Bits theirs, Bits empty, Bits playable, Bits their_threats) const {
    if (!use_.claimeven) return kNoBound;
    return claimeven_upper_bound<K, Misere>(g_, mine, theirs, empty, playable, their_threats);
  }

  // Normal play. Precondition: the side to move cannot complete a line at once.
  int negamax(int alpha, int beta) requires(!Misere) {
    ++nodes_;
    maybe_report();
    const int moves = board_.moves();
    Node node;
    node.empty = empty();
    node.playable = board_.playable();
    node.their_threats = completing_cells<K>(g_, board_.opponent(), node.empty);

    // Moves that do not lose at once: take the opponent's completing cell if there is
    // one (two means the game is lost), never play directly under one.
    Bits candidates = node.playable;
    if (const Bits forced = node.their_threats & node.playable) {
      if (forced & (forced - 1)) return -connect_score(cells_, moves + 2);
      candidates = forced;
    }
    candidates &= ~(node.their_threats >> 1);
    if (!candidates) return -connect_score(cells_, moves + 2);
    // With at most two cells left and no immediate loss, nobody can complete a line.
    if (moves >= cells_ - 2) return 0;
    if (!(candidates & (candidates - 1))) return play_only(candidates, alpha, beta);
    node.candidates = candidates;
    node.key = canonical(board_.key(), board_.mirrored_key(), node.mirrored);
    prefetch(node.key, moves);

    // The opponent cannot complete a line on the next move, we cannot on this one.
    const int lo = -connect_score(cells_, moves + 4);
    const int hi = connect_score(cells_, moves + 3);
    const int known = upper_bound(board_.current(), board_.opponent(), node.empty, node.playable, node.their_threats);
    return bounded_search(alpha, beta, lo, hi, known, node);
  }

  // Misère play: completing a line loses.
  int negamax(int alpha, int beta) requires(Misere) {
    ++nodes_;
    maybe_report();
    const int moves = board_.moves();
    Node node;
    node.empty = empty();
    node.playable = board_.playable();
    node.their_threats = 0;
    const Bits mine = completing_cells<K>(g_, board_.current(), node.empty);
    const Bits candidates = node.playable & ~mine;
    if (!candidates) return -connect_score(cells_, moves + 1);  // every move completes a line
    if (moves == cells_ - 1) return 0;  // the last cell, safely
    if (!(candidates & (candidates - 1))) return play_only(candidates, alpha, beta);
    node.candidates = candidates;
    node.key = canonical(board_.key(), board_.mirrored_key(), node.mirrored);
    prefetch(node.key, moves);

    // The opponent completes on its next move at the earliest, we on our next one.
    const int hi = connect_score(cells_, moves + 2);
    const int lo = -connect_score(cells_, moves + 3);
    const int known = upper_bound(board_.current(), board_.opponent(), node.empty, node.playable, 0);
    return bounded_search(alpha, beta, lo, hi, known, node);
  }

  bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }

  // The only move that does not lose at once: no choice to remember, so no table entry.
  int play_only(Bits cell, int alpha, int beta) {
    last_cell_ = lowest_bit(cell);
    board_.play(cell);
    const int value = -negamax(-beta, -alpha);
    board_.undo(cell);
    return value;
  }

  // `lo` and `hi` bound the score by how soon the game can end; `known` is an upper bound
  // from knowledge (claimeven.h).
  int bounded_search(int alpha, int beta, int lo, int hi, int known, const Node& node) {
    if (lo > hi) lo = hi;  // near the end: a draw may be all that remains
    lo = std::min(lo, 0);
    hi = std::min(std::max(hi, 0), known);
    lo = std::min(lo, hi);
    if (alpha < lo) {
      alpha = lo;
      if (alpha >= beta) return alpha;
    }
    if (beta > hi) {
      beta = hi;
      if (alpha >= beta) return beta;
    }

    int hint = -1;
    if (const auto e = probe(node.key, board_.moves())) {
      if (e->lower >= beta) return e->lower;
      if (e->upper <= alpha) return e->upper;
      alpha = std::max<int>(alpha, e->lower);
      beta = std::min<int>(beta, e->upper);
      if (e->move >= 0) hint = unmirror(e->move, node.mirrored);
    }
    const int alpha0 = alpha;
    const uint64_t nodes_before = nodes_;
    const bool far = board_.moves() < cells_ - kEtcEmptyCells;
    const bool etc = use_.transposition_cutoffs && far;
    const bool shared = busy_ && far;

    // Misère only: the reply that last refuted the opponent's previous move (the
    // countermove heuristic), then the cells that refuted most (history). Learnt during
    // the search, they find answers such as "on top of that stone" without being told
    // about them; where completing a line loses, threats say little about a move. In
    // normal play the threat order is far better (Connect Four 7x6: 17.8 s with it,
    // 611 s with these in front of it).
    const int side = board_.moves() % 2;
    const int previous = last_cell_;
    const bool learn = Misere && use_.countermove;
    const int counter = learn && previous >= 0 ? countermove_[side][previous] : -1;

    // Order: the table's move, then by the threats the move creates. Each child's
    // claimeven bound may end the search here at once; where enhanced transposition
    // cutoffs apply, each child's bucket is fetched now and read below, once the
    // ordering work has hidden the wait.
    std::array<Bits, kMaxWidth> cell, child_key;
    std::array<int, kMaxWidth> score, column;
    int n = 0;
    for (int i = 0; i < g_.width; ++i) {
      const int x = order_[i];
      const Bits c = node.candidates & g_.column[x];
      if (!c) continue;
      const Bits child_empty = node.empty & ~c;
      const Bits threats = completing_cells<K>(g_, board_.current() | c, child_empty);
      if (use_.child_bounds) {
        const Bits child_playable = (node.playable ^ c) | ((c << 1) & g_.board);
        const int child_upper = upper_bound(board_.opponent(), board_.current() | c, child_empty, child_playable, threats);
        if (child_upper != kNoBound && -child_upper >= beta) {
          store(node.key, -child_upper, connect_score(cells_, 0), unmirror(x, node.mirrored), 1);
          return -child_upper;
        }
      }
      Bits ck = 0;
      if (etc || shared) {
        bool child_mirrored;
        ck = canonical(board_.key_after(c), board_.mirrored_key_after(c), child_mirrored);
        prefetch(ck, board_.moves() + 1);
      }
      const int s = x == hint      ? 1 << 30
                    : x == counter ? 1 << 29
                                   : (order_score(threats, node.their_threats & ~c) << 20) +
                                         (learn ? history_[side][lowest_bit(c)] : 0);
      int j = n++;
      for (; j > 0 && score[j - 1] < s; --j) {
        cell[j] = cell[j - 1];
        child_key[j] = child_key[j - 1];
        score[j] = score[j - 1];
        column[j] = column[j - 1];
      }
      cell[j] = c;
      child_key[j] = ck;
      score[j] = s;
      column[j] = x;
    }

    // Enhanced transposition cutoff: a child the table already knows to refute the
    // window ends the search here before any child is searched.
    for (int i = 0; etc && i < n; ++i) {
      const auto e = probe(child_key[i], board_.moves() + 1);
      if (e && -e->upper >= beta) {
        store(node.key, -e->upper, connect_score(cells_, 0), unmirror(column[i], node.mirrored), 1);
        return -e->upper;
      }
    }

    int best = -connect_score(cells_, 0) - 1;
    int best_column = -1;
    std::array<int, kMaxWidth> deferred;
    int deferred_count = 0;
    // The first plies below the window's root are the progress path (SearchProgress),
    // unless a forced move (play_only) left a step out.
    const int step = board_.moves() - root_moves_played_;
    const bool on_path = root_moves_played_ >= 0 && step < kProgressDepth && step <= path_length_;
    if (on_path) {
      path_[step] = {.done = 0, .moves = n, .column = -1};
      path_length_ = step + 1;
    }
    for (int pass = 0; pass < 2 && alpha < beta; ++pass) {
      const int count = pass == 0 ? n : deferred_count;
      for (int j = 0; j < count; ++j) {
        const int i = pass == 0 ? j : deferred[j];
        if (shared && pass == 0 && j > 0 && busy_->busy(busy_key(child_key[i]))) {
          deferred[deferred_count++] = i;
          continue;
        }
        if (shared) busy_->enter(busy_key(child_key[i]));
        if (on_path) path_[step].column = column[i];
        last_cell_ = lowest_bit(cell[i]);
        board_.play(cell[i]);
        const int value = -negamax(-beta, -alpha);
        board_.undo(cell[i]);
        if (shared) busy_->leave(busy_key(child_key[i]));
        if (stopped()) return 0;  // a teammate has the answer; this value means nothing
        if (on_path) {
          ++path_[step].done;
          path_length_ = step + 1;  // the steps below belonged to the move just finished
        }
        if (value > best) {
          best = value;
          best_column = column[i];
          if (value > alpha) {
            alpha = value;
            if (alpha >= beta) {
              if (learn && previous >= 0) countermove_[side][previous] = static_cast<int8_t>(column[i]);
              if (learn) {
                int& h = history_[side][lowest_bit(cell[i])];
                h = std::min(h + (cells_ - board_.moves()), (1 << 19) - 1);
              }
              break;
            }
          }
        }
      }
    }

    const int stored_move = unmirror(best_column, node.mirrored);
    const uint64_t work = nodes_ - nodes_before;
    const int lower = best <= alpha0 ? -connect_score(cells_, 0) : best;
    const int upper = best >= beta ? connect_score(cells_, 0) : best;
    store(node.key, lower, upper, stored_move, work);
    if (kept_ && work >= kept_->min_nodes())
      kept_->keep(board_.moves(), high(node.key), low(node.key), lower, upper, stored_move, work);
    return best;
  }

  // How promising a move looks from the threats (cells that would then complete a line
  // of the mover) it leaves: a threat directly above one of the opponent's is useless,
  // since the opponent would complete first; a threat on a row of the mover's parity
  // (odd rows for the first player, even for the second) counts double, as those are
  // the threats zugzwang lets a player cash in. In misère the same count measures cells
  // the mover must avoid, so fewer is better.
  int order_score(Bits threats, Bits their_threats) const {
    if (!use_.threat_order) return 0;
    const Bits useful = threats & ~(their_threats << 1);
    const Bits good_rows = board_.moves() % 2 == 0 ? g_.odd_rows : g_.board & ~g_.odd_rows;
    const int score = 2 * bit_count(useful & good_rows) + bit_count(useful & ~good_rows);
    return Misere ? -score : score;
  }

  GravityBitboard<Bits>& board_;
  const GravityGeometry<Bits>& g_;
  TranspositionTable& table_;
  TranspositionTable* near_ = nullptr;
  int near_from_ = 0;
  KeptBounds* kept_ = nullptr;
  SearchMonitor monitor_;
  GravityTechniques use_;
  int cells_;
  std::array<int, kMaxWidth> order_{};
  int last_cell_ = -1;  // the bit of the move that led to the node being searched
  std::array<std::array<int8_t, kBits>, 2> countermove_ = [] {
    std::array<std::array<int8_t, kBits>, 2> none;
    for (auto& side : none) side.fill(-1);
    return none;
  }();
  std::array<std::array<int, kBits>, 2> history_{};  // cut-offs per cell, weighted by depth
  uint64_t nodes_ = 0;
  int window_low_ = 0;
  // The progress path (SearchProgress): the stones on the board at the window's root
  // (-1: not reported), and the steps below it.
  int root_moves_played_ = -1;
  std::array<ProgressStep, kProgressDepth> path_{};
  int path_length_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  BusyPositions* busy_ = nullptr;
  std::atomic<uint64_t>* tally_ = nullptr;
  uint64_t help_at_ = ~uint64_t{0};
  void (*help_)(void*) = nullptr;
  void* help_context_ = nullptr;
  Clock::time_point start_;
  Clock::time_point last_report_;
};

}  // namespace kinrow
