#include "search/gravity_solver.h"

#include <atomic>
#include <memory>
#include <thread>

#include "games/gravity_bitboard.h"
#include "search/gravity_search.h"

namespace kinrow {
namespace {

constexpr int kMaxBitboardK = 8;  // k is a template parameter; longer lines use the generic board

int line_length(const Game& game) { return game.lines.empty() ? 0 : static_cast<int>(game.lines[0].size()); }

// The score by null-window searches, each asking "is the score above m?" (Pons' driver,
// in a different order). The sign comes first: the weak answer, and usually the costliest
// question. Then one probe halfway to the best score still possible: questions far from
// the score are cheap, because the distance bound cuts their trees short, and the answer
// says where the score lies. Near zero (the hard positions, such as the empty board) the
// windows then gallop away from zero, one more step each time; far from it (a quick win)
// they bisect. Measured against Pons' order in docs/benchmarks.md.
//
// The sign takes two questions, "above 0?" and "above -1?", unless the first answer is
// "yes" (a win). So "above 0?" goes first, unless the mover is expected to lose
// (`expected_sign` < 0): then "above -1?", whose "no" settles the sign alone. The saving
// is less than a window: most of the first window's work (its refutations, the replies it
// found lost) serves the second through the table. On the empty boards of 8x4, 6x6, 9x4
// and 10x4 (second-player wins), 15, 15, 1 and 8 % of the nodes (bench/connect4-expect).
template <class Search>
int close_in(Search& search, int lo, int hi, int expected_sign, int& windows) {
  auto above = [&](int m) {  // is the score above m? (lo <= m < hi)
    const int r = search.search(m, m + 1);
    ++windows;
    if (r <= m) hi = std::min(hi, r);
    else lo = std::max(lo, r);
    return r > m;
  };
  if (expected_sign < 0 && lo < 0 && 0 < hi) {
    above(-1);
    if (lo == 0 && 0 < hi) above(0);  // not lost after all: won or drawn?
  }
  if (lo < 0 && 0 < hi) above(0);
  if (lo < 0 && hi == 0) above(-1);
  const bool positive = lo >= 0;
  bool bisect = lo < hi && above(lo + (hi - lo - 1) / 2) == positive;
  for (int step = 1; lo < hi; step *= 2) {
    const int m = bisect ? lo + (hi - lo - 1) / 2 : positive ? std::min(lo + step - 1, hi - 1) : std::max(hi - step, lo);
    if (above(m) != positive) bisect = true;
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

// Searches sharing one table, each on its own copy of the board: every window is searched
// by all of them at once, the first to finish answering for the team while the others
// give up. They spread over the tree by deferring moves a teammate is searching
// (simplified ABDADA, BusyPositions in gravity_search.h) and meet again through the
// table. With one thread this is the plain search.
template <int K, bool Misere, class Bits>
class Team {
 public:
  // Helpers join a window once the leader has searched this many nodes (a few ms): most
  // small positions are solved before a thread would have started.
  static constexpr uint64_t kHelpAfterNodes = 1 << 14;

  Team(const GravityGeometry<Bits>& geometry, const std::vector<int>& columns, TranspositionTable& table,
       TranspositionTable* near, const SearchMonitor& monitor, const GravitySettings& settings) {
    const int threads = std::max(1, settings.threads);
    if (threads > 1) busy_ = std::make_unique<BusyPositions>();
    for (int i = 0; i < threads; ++i) {
      members_.push_back(std::make_unique<Member>(geometry, columns, table, i == 0 ? monitor : SearchMonitor{},
                                                  settings.techniques));
      if (near) members_.back()->search.use_near_table(near, geometry.cells() - settings.near_empty_cells);
      members_.back()->search.keep_bounds_in(settings.kept_bounds);
      if (threads > 1) {
        members_.back()->search.join_team(&stop_, i == 0 ? nullptr : busy_.get());
        members_.back()->search.count_into(&tally_);
      }
    }
  }

  GravitySearch<K, Misere, Bits>& leader() { return members_[0]->search; }
  GravityBitboard<Bits>& board() { return members_[0]->board; }

  int search(int alpha, int beta) {
    GravitySearch<K, Misere, Bits>& leader = members_[0]->search;
    if (members_.size() == 1) return leader.search(alpha, beta);
    stop_ = false;
    Window window{this, alpha, beta};
    leader.call_for_help_after(kHelpAfterNodes, &Window::start_helpers, &window);
    try {
      window.run(0);
    } catch (...) {
      // The leader's progress callback gave up on the search (a time budget): the
      // helpers stop, and are joined before the window they read goes away.
      stop_ = true;
      for (std::thread& t : window.helpers) t.join();
      throw;
    }
    leader.call_for_help_after(0, nullptr, nullptr);
    leader.join_team(&stop_, nullptr);
    for (std::thread& t : window.helpers) t.join();
    stop_ = false;  // the leader searches on alone (the best move) after the window
    return window.results[window.first.load()];
  }

  uint64_t nodes() const {
    uint64_t total = 0;
    for (const auto& m : members_) total += m->search.nodes();
    return total;
  }

 private:
  // A member's board and search change at every node; each member sits on cache lines of
  // its own, or the cores would fight over a shared line (measured: each thread at half
  // speed).
  struct alignas(64) Member {
    Member(const GravityGeometry<Bits>& geometry, const std::vector<int>& columns, TranspositionTable& table,
           const SearchMonitor& monitor, const GravityTechniques& techniques)
        : board(geometry), search(board, table, monitor, techniques) {
      for (int x : columns) board.play_column(x);
    }
    GravityBitboard<Bits> board;
    GravitySearch<K, Misere, Bits> search;
    char padding[64];
  };

  // One window searched by the team: the leader, then helpers once it lasts.
  struct Window {
    Team* team;
    int alpha, beta;
    std::atomic<int> first{-1};
    std::vector<int> results;
    std::vector<std::thread> helpers;

    Window(Team* t, int a, int b) : team(t), alpha(a), beta(b), results(t->members_.size()) {}
    void run(std::size_t i) {
      results[i] = team->members_[i]->search.search(alpha, beta);
      int none = -1;
      if (first.compare_exchange_strong(none, static_cast<int>(i))) team->stop_ = true;
    }
    // Runs on the leader's thread, in the middle of its search: from now on the leader
    // too marks and defers busy positions.
    static void start_helpers(void* context) {
      auto* w = static_cast<Window*>(context);
      Team& team = *w->team;
      team.members_[0]->search.join_team(&team.stop_, team.busy_.get());
      for (std::size_t i = 1; i < team.members_.size(); ++i) w->helpers.emplace_back(&Window::run, w, i);
    }
  };

  std::vector<std::unique_ptr<Member>> members_;
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> tally_{0};  // the members' nodes, as progress reports them
  std::unique_ptr<BusyPositions> busy_;
};

template <int K, bool Misere, class Bits>
GravitySolution solve_with(const Game& game, const std::vector<int>& columns, bool weak, TranspositionTable& table,
                           TranspositionTable* near,
                           const SearchMonitor& monitor, const GravitySettings& settings) {
  const GravityGeometry<Bits> geometry(game.width(), game.height(), K);
  Team<K, Misere, Bits> team(geometry, columns, table, near, monitor, settings);
  GravityBitboard<Bits>& board = team.board();

  GravitySolution solution;
  const int cells = geometry.cells(), moves = board.moves();
  int lo = -connect_score(cells, moves + 1), hi = connect_score(cells, moves + 1);
  if (weak) lo = -1, hi = 1;
  const int expected_first = settings.expected_first_player_sign;
  const int expected_sign = moves % 2 == 0 ? expected_first : -expected_first;
  solution.score = close_in(team, lo, hi, expected_sign, solution.windows);
  if (weak) solution.score = solution.score > 0 ? 1 : solution.score < 0 ? -1 : 0;
  else solution.end = end_of(cells, moves, solution.score, Misere);

  // A best move: the first column, centre out, that keeps the score (in weak mode, the
  // value: any move of a lost position, which the weak answer cannot rank).
  GravitySearch<K, Misere, Bits>& search = team.leader();
  const int keep = solution.score;
  // A line completed at once first: in weak mode any move that keeps a win would do, and
  // proving that the centre keeps it can take millions of nodes where this takes none.
  for (int i = 0; i < geometry.width && solution.best_column < 0 && keep > 0; ++i) {
    const int x = search.column_order(i);
    if (board.column_playable(x) && search.wins_at_once(x)) solution.best_column = x;
  }
  for (int i = 0; i < geometry.width && solution.best_column < 0; ++i) {
    const int x = search.column_order(i);
    if (!board.column_playable(x)) continue;
    if ((weak && keep < 0) || search.search_column(x, keep - 1, keep) >= keep) solution.best_column = x;
  }
  solution.nodes = team.nodes();
  return solution;
}

using SolveFunction = GravitySolution (*)(const Game&, const std::vector<int>&, bool, TranspositionTable&,
                                          TranspositionTable*,
                                          const SearchMonitor&, const GravitySettings&);

// The search for k, the goal and the word: 64 bits where the board fits, else 128.
template <class Bits, int... Ks>
SolveFunction pick(int k, bool misere, std::integer_sequence<int, Ks...>) {
  SolveFunction f = nullptr;
  ((k == Ks + 1 ? (f = misere ? solve_with<Ks + 1, true, Bits> : solve_with<Ks + 1, false, Bits>) : f), ...);
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

namespace {

bool gravity_index_fits(const Game& game, int index_bits) {
  return gravity_board_bits(game.width(), game.height()) <= 64 + index_bits;
}

}  // namespace

bool gravity_table_fits(const Game& game, const TranspositionTable& table) {
  return gravity_index_fits(game, table.index_bits());
}

bool gravity_table_fits(const Game& game, std::size_t megabytes) {
  return gravity_index_fits(game, TranspositionTable::index_bits_for(megabytes));
}

GravitySolver::GravitySolver(const Game& game, TranspositionTable& table, SearchMonitor monitor,
                             GravitySettings settings)
    : game_(game), table_(table), monitor_(std::move(monitor)), settings_(settings) {
  // The near-leaf table pays where it is much smaller than the main one, and must tell
  // the board's positions apart as the main one does: on boards of more than 80 bits it
  // needs more buckets than 4 MiB hold, and is made as large as that takes.
  if (!settings_.techniques.near_table) return;
  for (std::size_t mb = settings_.near_table_megabytes; mb > 0 && 4 * (mb << 20) <= table.bytes(); mb *= 2) {
    near_ = std::make_unique<TranspositionTable>(mb);
    if (gravity_table_fits(game, *near_)) return;
    near_.reset();
  }
}

GravitySolver::~GravitySolver() = default;

GravitySolution GravitySolver::solve(const std::vector<int>& columns, bool weak) {
  const int k = line_length(game_);
  const bool misere = game_.rules.goal == Goal::Misere;
  const auto ks = std::make_integer_sequence<int, kMaxBitboardK>{};
  const SolveFunction f = gravity_bitboard_fits(game_.width(), game_.height(), k, 64) ? pick<uint64_t>(k, misere, ks)
                                                                                     : pick<uint128_t>(k, misere, ks);
  return f(game_, columns, weak, table_, near_.get(), monitor_, settings_);
}

}  // namespace kinrow
