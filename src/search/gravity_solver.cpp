#include "search/gravity_solver.h"

#include "games/gravity_bitboard.h"
#include "search/gravity_search.h"

namespace kinrow {
namespace {

constexpr int kMaxBitboardK = 8;  // k is a template parameter; longer lines use the generic board

int line_length(const Game& game) { return game.lines.empty() ? 0 : static_cast<int>(game.lines[0].size()); }

// The score by null-window searches, each asking "is the score above m?". The sign
// comes first (the weak answer, usually the costliest question); then windows gallop away
// from zero, one more step each time, and bisect once they have passed the score. Scores
// near zero are the common case, so most solves take two or three windows; a fail-soft
// answer can skip several at once.
template <class Search>
int close_in(Search& search, int lo, int hi, int& windows) {
  auto above = [&](int m) {  // is the score above m? (lo <= m < hi)
    const int r = search.search(m, m + 1);
    ++windows;
    if (r <= m) hi = std::min(hi, r);
    else lo = std::max(lo, r);
    return r > m;
  };
  if (lo < 0 && 0 < hi) above(0);
  if (lo < 0 && hi == 0) above(-1);
  const bool positive = lo >= 0;
  bool passed = false;  // a window beyond the score was seen: bisect from now on
  for (int step = 1; lo < hi; step *= 2) {
    const int m = passed ? lo + (hi - lo - 1) / 2 : positive ? std::min(lo + step - 1, hi - 1) : std::max(hi - step, lo);
    if (above(m) != positive) passed = true;
  }
  return lo;
}

// The board holds e stones when the game ends; the score fixes e up to one, and whose
// move ends it fixes the parity.
int end_of(int cells, int moves, int score, bool misere) {
  if (score == 0) return cells;
  const bool mover_ends = (score > 0) != misere;  // normal: the winner ends; misère: the loser
  const int e = cells + 2 - 2 * std::abs(score);
  return ((e - moves - 1) % 2 == 0) == mover_ends ? e : e - 1;
}

template <int K, bool Misere>
GravitySolution solve_with(const Game& game, const std::vector<int>& columns, bool weak,
                           TranspositionTable& table, const SearchMonitor& monitor) {
  const GravityGeometry geometry(game.width(), game.height(), K);
  GravityBitboard board(geometry);
  for (int x : columns) board.play_column(x);
  GravitySearch<K, Misere> search(board, table, monitor);

  GravitySolution solution;
  const int cells = geometry.cells(), moves = board.moves();
  int lo = -connect_score(cells, moves + 1), hi = connect_score(cells, moves + 1);
  if (weak) lo = -1, hi = 1;
  solution.score = close_in(search, lo, hi, solution.windows);
  if (weak) solution.score = solution.score > 0 ? 1 : solution.score < 0 ? -1 : 0;
  else solution.end = end_of(cells, moves, solution.score, Misere);

  // A best move: the first column, centre out, that keeps the score.
  for (int i = 0; i < geometry.width && solution.best_column < 0; ++i) {
    const int x = search.column_order(i);
    if (!board.column_playable(x)) continue;
    if (search.search_column(x, solution.score - 1, solution.score) >= solution.score) solution.best_column = x;
  }
  solution.nodes = search.nodes();
  return solution;
}

using SolveFunction = GravitySolution (*)(const Game&, const std::vector<int>&, bool, TranspositionTable&,
                                          const SearchMonitor&);

template <int... Ks>
SolveFunction pick(int k, bool misere, std::integer_sequence<int, Ks...>) {
  SolveFunction f = nullptr;
  ((k == Ks + 1 ? (f = misere ? solve_with<Ks + 1, true> : solve_with<Ks + 1, false>) : f), ...);
  return f;
}

}  // namespace

bool gravity_solver_applies(const Game& game) {
  const Rules& r = game.rules;
  if (!r.gravity || r.cylinder || r.stones_per_turn != 1 || r.first_turn_stones != 1) return false;
  if (r.goal == Goal::MakerBreaker || game.family != "connect") return false;
  const int k = line_length(game);
  return k >= 1 && k <= kMaxBitboardK && gravity_bitboard_fits(game.width(), game.height(), k);
}

GravitySolver::GravitySolver(const Game& game, TranspositionTable& table, SearchMonitor monitor)
    : game_(game), table_(table), monitor_(std::move(monitor)) {}

GravitySolution GravitySolver::solve(const std::vector<int>& columns, bool weak) {
  const SolveFunction f = pick(line_length(game_), game_.rules.goal == Goal::Misere,
                               std::make_integer_sequence<int, kMaxBitboardK>{});
  return f(game_, columns, weak, table_, monitor_);
}

}  // namespace kinrow
