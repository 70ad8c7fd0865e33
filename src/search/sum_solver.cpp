#include "search/sum_solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <stdexcept>

#include "core/error.h"
#include "core/hashing.h"
#include "core/huge_pages.h"
#include "games/urgent_moves.h"

namespace kinrow {

namespace {

constexpr int kOngoing = 2;
constexpr int kMaxCells = 31;  // two bits a cell and a ring flag in one 64-bit pattern
constexpr uint64_t kRingFlag = uint64_t{1} << 63;

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

uint64_t mix(uint64_t x) { return SplitMix64(x).next(); }

// A 16-bit tag naming a move up to the part's symmetry (never 0; 1 is the neutral move).
uint16_t move_tag(uint64_t pattern, int rank) {
  return static_cast<uint16_t>(std::max<uint64_t>(2, mix(pattern * 64 + static_cast<uint64_t>(rank)) >> 48));
}

}  // namespace

std::optional<std::string> sum_solver_refusal(const Game& game) {
  if (game.family != "mnk" && game.family != "connect")
    return "the search by parts reads mnk and connect boards only, not " + game.family;
  if (game.rules.goal != Goal::Normal && game.rules.goal != Goal::Misere)
    return std::string("the search by parts plays normal and misere games only");
  if (game.rules.stones_per_turn != 1 || game.rules.first_turn_stones != 1)
    return std::string("the search by parts plays one stone a turn only");
  if (game.cell_count() > kMaxCells)
    return "the search by parts handles boards of at most " + std::to_string(kMaxCells) + " cells; " +
           game.spec + " has " + std::to_string(game.cell_count());
  return std::nullopt;
}

namespace {

const Game& accepted(const Game& game) {  // before the board's tables, whose refusals say less
  if (const auto why = sum_solver_refusal(game)) throw InputError(*why);
  return game;
}

uint64_t bit(Cell c) { return uint64_t{1} << c; }

}  // namespace

// A transposition table of value bounds, four entries to a cache line; the entry that
// cost the least search to find is the one replaced.
struct SumSolver::Table {
  struct Entry {
    uint64_t key;
    uint32_t work;
    int8_t low, high;
    uint16_t move;  // a tag of the best move found (move_tag), for ordering
  };
  static constexpr int kWays = 4;

  explicit Table(std::size_t megabytes)
      : buckets(std::max<std::size_t>(1, std::bit_floor(megabytes * (std::size_t{1} << 20) / (kWays * sizeof(Entry))))),
        memory(buckets * kWays * sizeof(Entry)),
        entries(static_cast<Entry*>(memory.data())) {}

  Entry* bucket(uint64_t key) const { return entries + (mix(key) & (buckets - 1)) * kWays; }

  const Entry* find(uint64_t key) const {
    Entry* b = bucket(key);
    for (int i = 0; i < kWays; ++i)
      if (b[i].key == key) return &b[i];
    return nullptr;
  }
  void store(uint64_t key, int low, int high, uint64_t work, uint16_t move) {
    Entry* b = bucket(key);
    Entry* victim = &b[0];
    for (int i = 0; i < kWays; ++i) {
      if (b[i].key == key) {  // both bounds hold: keep the tighter of each
        victim = &b[i];
        if (!move) move = victim->move;
        low = std::max<int>(low, victim->low);
        high = std::min<int>(high, victim->high);
        work += victim->work;
        break;
      }
      if (b[i].work < victim->work) victim = &b[i];
    }
    *victim = Entry{key, static_cast<uint32_t>(std::min<uint64_t>(work, UINT32_MAX)), static_cast<int8_t>(low),
                    static_cast<int8_t>(high), move};
  }

  std::size_t buckets;
  HugePageMemory memory;
  Entry* entries;
};

// One independent part: its cells, its canonical pattern and the placements giving it.
struct SumSolver::Part {
  CellMask cells = 0;
  uint64_t pattern = 0;
  int placements = 0;
  std::array<Placement, 64> placement;
};

struct SumSolver::Decomposition {
  std::array<Part, kMaxCells> parts;
  int count = 0;
  CellMask neutral = 0;  // empty cells on no live line, in no part
  uint64_t key = 0;
};

SumSolver::SumSolver(const Game& game, std::size_t table_megabytes, SearchMonitor monitor)
    : game_(accepted(game)), tables_(game, BoardOptions{.key_symmetries = 0, .live = false, .near = 0}), monitor_(std::move(monitor)) {
  for (int l = 0; l < tables_.lines; ++l) lines_.push_back(tables_.line_words[l]);
  width_ = game.width();
  height_ = game.height();
  cylinder_ = game.rules.cylinder;
  even_height_ = game.rules.gravity && height_ % 2 == 0;
  column_.assign(static_cast<std::size_t>(width_), 0);
  for (Cell c = 0; c < game.cell_count(); ++c) {
    x_.push_back(game.coords[c][0]);
    y_.push_back(game.coords[c].size() > 1 ? game.coords[c][1] : 0);
    column_[static_cast<std::size_t>(x_.back())] |= bit(c);
  }
  table_ = std::make_unique<Table>(std::max<std::size_t>(table_megabytes, 1));

  // One row of misère play: its lines are exactly the windows of k cells (around the ring
  // on a cylinder).
  if (game.rules.goal == Goal::Misere && height_ == 1 && width_ <= RowValues::kMaxCells && !lines_.empty()) {
    const int k = std::popcount(lines_.front());
    std::vector<CellMask> windows;
    for (int start = 0; start < (cylinder_ ? width_ : width_ - k + 1); ++start) {
      CellMask w = 0;
      for (int i = 0; i < k; ++i)
        for (Cell c = 0; c < game.cell_count(); ++c)
          if (x_[c] == (start + i) % width_) w |= bit(c);
      windows.push_back(w);
    }
    std::vector<CellMask> lines = lines_;
    std::sort(windows.begin(), windows.end());
    windows.erase(std::unique(windows.begin(), windows.end()), windows.end());
    std::sort(lines.begin(), lines.end());
    if (k >= 2 && windows == lines) row_k_ = k;
  }
  value_rows(kDefaultRowPart);
}

void SumSolver::value_rows(int longest_part) {
  row_values_.reset();
  if (row_k_ && longest_part > 0) row_values_ = std::make_unique<RowValues>(row_k_, cylinder_, longest_part);
}

SumSolver::~SumSolver() = default;

// Splits the position into parts: live lines (those a player could still complete)
// sharing a cell belong to one part, and under gravity so do the empty cells of a column.
void SumSolver::decompose(const Board<1>& board, Decomposition& d) const {
  const CellMask empty = board.empty().word[0];
  const CellMask first = board.stones_of(0).word[0], second = board.stones_of(1).word[0];
  std::array<CellMask, 256> live;
  int n = 0;
  for (CellMask line : lines_)
    if (((line & first) == 0 || (line & second) == 0) && (line & empty) && n < 256) live[n++] = line;
  if (n == 256) throw std::logic_error("the search by parts met more than 256 live lines");

  d.count = 0;
  CellMask covered = 0;
  for (int i = 0; i < n; ++i) {
    if (!live[i]) continue;
    CellMask part = live[i];
    live[i] = 0;
    for (bool grew = true; grew;) {
      grew = false;
      if (game_.rules.gravity)
        for (int x = 0; x < width_; ++x)
          if (column_[x] & part & empty) part |= column_[x] & empty;
      for (int j = i + 1; j < n; ++j)
        if (live[j] & part) {
          part |= live[j];
          live[j] = 0;
          grew = true;
        }
    }
    covered |= part;
    Part& p = d.parts[d.count++];
    p.cells = part;
    canonicalise(board, p);
  }
  d.neutral = empty & ~covered;
  // The parts as a multiset: a sum of their mixed patterns, which no order changes. The
  // parity of the neutral cells needs no place: every cell is a stone, a part's empty
  // cell or neutral, so with the parts fixed it follows from the side to move.
  uint64_t key = 0;
  for (int i = 0; i < d.count; ++i) key += mix(d.parts[i].pattern);
  d.key = key;
}

// The least pattern of `part` over its placements: each cell two bits (1 empty, 2 the
// first player's, 3 the second's) at (column from the start) * height + row. On a plane
// the part is read from its left or right end; on a cylinder from either end of its arc,
// or, when it wraps all the way round, from every column. The placements that give the
// least pattern are kept: they are the part's own symmetries, which rank() reads.
void SumSolver::canonicalise(const Board<1>& board, Part& p) const {
  const CellMask first = board.stones_of(0).word[0], second = board.stones_of(1).word[0];
  uint32_t columns = 0;
  for (CellMask m = p.cells; m; m &= m - 1) columns |= uint32_t{1} << x_[std::countr_zero(m)];
  const uint32_t all_columns = width_ == 32 ? ~uint32_t{0} : (uint32_t{1} << width_) - 1;
  const bool ring = cylinder_ && columns == all_columns;

  std::array<Placement, 64> candidates;
  int count = 0;
  if (ring) {
    for (int r = 0; r < width_; ++r) {
      candidates[count++] = {static_cast<int8_t>(r), false};
      candidates[count++] = {static_cast<int8_t>(r), true};
    }
  } else {
    // The first column of the run: the one whose left neighbour is outside it.
    int first = std::countr_zero(columns), last = 31 - std::countl_zero(columns);
    if (cylinder_ && (columns & 1) && (columns >> (width_ - 1) & 1)) {
      for (int x = 0; x < width_; ++x)
        if ((columns >> x & 1) && !(columns >> ((x + width_ - 1) % width_) & 1)) first = x;
      for (int x = 0; x < width_; ++x)
        if ((columns >> x & 1) && !(columns >> ((x + 1) % width_) & 1)) last = x;
    }
    candidates[count++] = {static_cast<int8_t>(first), false};
    candidates[count++] = {static_cast<int8_t>(last), true};
  }

  uint64_t best = ~uint64_t{0};
  p.placements = 0;
  for (int i = 0; i < count; ++i) {
    uint64_t pattern = 0;
    for (CellMask m = p.cells; m; m &= m - 1) {
      const Cell c = std::countr_zero(m);
      const uint64_t code = (first >> c & 1) ? 2 : (second >> c & 1) ? 3 : 1;
      pattern |= code << (2 * position(candidates[i], c));
    }
    if (pattern < best) {
      best = pattern;
      p.placements = 0;
    }
    if (pattern == best) p.placement[p.placements++] = candidates[i];
  }
  p.pattern = ring ? best | kRingFlag : best;
}

// Where `c` stands in the pattern read from placement `at`.
int SumSolver::position(Placement at, Cell c) const {
  const int column = at.mirrored ? (at.start - x_[c] + width_) % width_ : (x_[c] - at.start + width_) % width_;
  return column * height_ + y_[c];
}

// The least position of `c` over the placements giving the part's pattern: two moves with
// equal (pattern, rank) lead to the same position up to the part's symmetry.
int SumSolver::rank(const Part& p, Cell c) const {
  int least = position(p.placement[0], c);
  for (int i = 1; i < p.placements; ++i) least = std::min(least, position(p.placement[i], c));
  return least;
}

int SumSolver::immediate(const Board<1>& board, bool completed) const {
  if (completed) return game_.rules.goal == Goal::Misere ? -1 : 1;
  if (board.empty_count() == 0) return 0;
  return kOngoing;
}

// Misère shape: a stone that leaves one of the mover's lines a stone short makes a cell
// he may never fill, and one on the opponent's nearly full line frees cells the opponent
// could not fill. Both cost the mover; the fewer, the better.
int SumSolver::misere_shape(const Board<1>& board, int mover, Cell c) const {
  if (game_.rules.goal != Goal::Misere) return 0;
  int cost = 0;
  for (int32_t l : board.lines_through(c)) {
    const int k = tables_.line_size[l];
    const int mine = board.line_count(mover, l), theirs = board.line_count(1 - mover, l);
    if (theirs == 0 && mine == k - 2) cost += 2;
    if (mine == 0 && theirs >= k - 2) cost += 1;
  }
  return -cost;
}

// Under gravity on an even height, the reply that last refuted the opponent's previous
// move comes first (it learns take-even's answer, the cell on top), then history alone:
// the misère shape misleads there (connect:12x2x3,misere took 940 times the nodes, and
// 5x6x4 340 times). Elsewhere -- rows, and odd heights, where row 0 is a row game that
// play on top does not answer -- misère shape first, then history: the countermove cost
// connect:10x3x4,misere more than 600 s, against 46 s without it (docs/benchmarks.md).
int64_t SumSolver::order_score(const Board<1>& board, int mover, Cell c) const {
  const int64_t history = static_cast<int64_t>(history_[mover][c] >> 24);
  if (even_height_) return history;
  return (static_cast<int64_t>(misere_shape(board, mover, c)) << 40) + history;
}

void SumSolver::report() {
  if (!monitor_.on_progress) return;
  const double t = now_seconds();
  if (t - last_report_ < monitor_.interval_seconds) return;
  last_report_ = t;
  monitor_.on_progress(SearchProgress{0, nodes_, t - start_});
}

// Negamax over the values -1, 0, 1, fail-soft, with the table keyed by the parts.
int SumSolver::search(Board<1>& board, int mover, int alpha, int beta, Cell last) {
  if (++nodes_ % (1 << 16) == 0) report();
  // On one row the values may decide at once, before the parts are even split; if not,
  // the row's own parts (finer than the search's: marked cells stand for the stones) key
  // the table.
  std::optional<uint64_t> row_shape;
  int known_low = -1, known_high = 1;
  if (row_values_) {
    const RowValues::Reading r = read_row(board);
    if (r.in_reach) {
      if (const std::optional<int> decided = row_value(r, board, mover, known_low, known_high)) return *decided;
      row_shape = r.shape ^ 0x2545F4914F6CDD1Dull;
    }
  }
  Decomposition d;
  decompose(board, d);
  if (d.count == 0) return 0;  // only neutral cells are left: nobody can complete a line
  const uint64_t shape = row_shape ? *row_shape : d.key;
  const uint64_t key = (shape + (mover ? 0x9E3779B97F4A7C15ull : 0)) | 1;

  uint16_t table_move = 0;
  if (const Table::Entry* e = table_->find(key)) {
    table_move = e->move;
    if (e->low >= beta) return e->low;
    if (e->high <= alpha) return e->high;
    if (e->low == e->high) return e->low;
    alpha = std::max<int>(alpha, e->low);
    beta = std::min<int>(beta, e->high);
  }
  if (alpha >= known_high) return known_high;
  if (beta <= known_low) return known_low;
  alpha = std::max(alpha, known_low);  // a window inside the known bounds
  beta = std::min(beta, known_high);
  const uint64_t nodes_before = nodes_;
  const int alpha_in = alpha;

  // The moves, one per class of moves leading to the same sum: cells of equal parts, or
  // cells a part's own symmetry exchanges, are played once. Neutral cells are one move,
  // and only when their number is odd (an even number cancels).
  const CellMask legal = board.playable().word[0];
  std::array<Cell, kMaxCells + 1> moves;
  std::array<std::pair<uint64_t, int>, kMaxCells + 1> seen;
  std::array<uint16_t, kMaxCells + 1> tags;
  int count = 0, seen_count = 0;
  for (int i = 0; i < d.count; ++i) {
    for (CellMask m = legal & d.parts[i].cells; m; m &= m - 1) {
      const Cell c = std::countr_zero(m);
      const std::pair<uint64_t, int> id{d.parts[i].pattern, rank(d.parts[i], c)};
      if (std::find(seen.begin(), seen.begin() + seen_count, id) != seen.begin() + seen_count) continue;
      seen[seen_count++] = id;
      tags[count] = move_tag(id.first, id.second);
      moves[count++] = c;
    }
  }
  if (std::popcount(d.neutral) % 2) {
    // Playable: under gravity a column with a part's empty cell gives all of them to it.
    if (!(legal & d.neutral)) throw std::logic_error("search by parts: no playable neutral cell");
    tags[count] = 1;
    moves[count++] = std::countr_zero(legal & d.neutral);
  }

  if (game_.rules.goal == Goal::Normal) {
    // A win at once ends the search; a win the opponent has at once must be blocked.
    const UrgentMoves<Bits<1>> urgent = urgent_moves(board);
    if (urgent.urgency == Urgency::WinNow) return 1;
    const CellMask their_wins = urgent.urgency == Urgency::None ? 0 : board.winning_cells(1 - mover).word[0];
    if (their_wins) {
      int kept = 0;
      for (int i = 0; i < count; ++i)
        if (their_wins >> moves[i] & 1) {
          tags[kept] = tags[i];
          moves[kept++] = moves[i];
        }
      if (kept == 0) {
        tags[kept] = 0;
        moves[kept++] = std::countr_zero(their_wins);
      }
      count = kept;
    }
  }
  // The table's move first, then the countermove (even heights), then order_score;
  // misère: a cell that completes the mover's own line loses at once, so it goes last.
  const CellMask poison = game_.rules.goal == Goal::Misere ? board.winning_cells(mover).word[0] : 0;
  std::array<int64_t, kMaxCells + 1> order;
  for (int i = 0; i < count; ++i)
    order[i] = (poison >> moves[i] & 1)          ? INT64_MIN
               : table_move && tags[i] == table_move ? INT64_MAX
               : even_height_ && last >= 0 && counter_[mover][last] == moves[i] + 1 ? INT64_MAX - 1
                                                     : order_score(board, mover, moves[i]);
  for (int i = 1; i < count; ++i)
    for (int j = i; j > 0 && order[j] > order[j - 1]; --j) {
      std::swap(order[j], order[j - 1]);
      std::swap(moves[j], moves[j - 1]);
      std::swap(tags[j], tags[j - 1]);
    }

  int best = -2;
  uint16_t best_tag = 0;
  const int empty_cells = board.empty_count();
  for (int i = 0; i < count; ++i) {
    const int r = immediate(board, board.place(moves[i]));
    const int v = r != kOngoing ? r : -search(board, 1 - mover, -beta, -std::max(alpha, best), moves[i]);
    board.remove(moves[i]);
    if (v > best) {
      best = v;
      best_tag = tags[i];
      if (best >= beta) {
        // Cut-offs far from the end weigh more: they save larger searches.
        if (last >= 0) counter_[mover][last] = static_cast<int8_t>(moves[i] + 1);
        uint64_t& h = history_[mover][moves[i]];
        h += uint64_t{1} << std::min(31, empty_cells);
        if (h > uint64_t{1} << 60)
          for (auto& player : history_)
            for (uint64_t& x : player) x /= 2;
        break;
      }
    }
  }
  const int low = std::max(known_low, best >= beta ? best : best > alpha_in ? best : -1);
  const int high = std::min(known_high, best <= alpha_in ? best : best < beta ? best : 1);
  // After a fail-low every move was as bad: none is worth naming first next time.
  table_->store(key, low, high, nodes_ - nodes_before, best > alpha_in ? best_tag : 0);
  return best;
}

RowValues::Reading SumSolver::read_row(const Board<1>& board) {
  RowValues::Row row{};
  for (Cell c = 0; c < game_.cell_count(); ++c) row[static_cast<std::size_t>(x_[c])] = static_cast<uint8_t>(board.owner(c) + 1);
  return row_values_->read(row, width_);
}

// The player X who would move on a full board wins the misère game exactly when he wins
// the game of safe moves; if some cell can never be filled, the two games are one
// (row_values.h). Otherwise X's value is at most a draw, his opponent's at least one.
std::optional<int> SumSolver::row_value(const RowValues::Reading& r, const Board<1>& board, int mover, int& low,
                                        int& high) {
  GameValues& values = row_values_->values();
  const bool wins_safe = mover == 0 ? values.left_wins_first(r.value) : values.right_wins_first(r.value);
  if (r.dead_cell) return wins_safe ? 1 : -1;
  const bool mover_is_x = board.empty_count() % 2 == 0;
  if (mover_is_x && wins_safe) return 1;
  if (!mover_is_x && !wins_safe) return -1;
  // X has no win. If his opponent wins even against X with a spare move, he wins the
  // misère game: when X is stuck he still has a safe move, so a cell is empty.
  const bool x_first = (mover_is_x ? mover : 1 - mover) == 0;
  const GameValues::Id spared = values.add(r.value, x_first ? values.one() : values.minus_one());
  const bool mover_wins_spared = mover == 0 ? values.left_wins_first(spared) : values.right_wins_first(spared);
  if (mover_is_x) {
    if (!mover_wins_spared) return -1;
    high = 0;
  } else {
    if (mover_wins_spared) return 1;
    low = 0;
  }
  return std::nullopt;
}

SumSolution SumSolver::solve(Board<1>& board) {
  start_ = last_report_ = now_seconds();
  const uint64_t before = nodes_;
  SumSolution out;
  // Two null windows: is it a win? If not, is it at least a draw?
  const int mover = board.to_move();
  int v = search(board, mover, 0, 1, -1);
  if (v <= 0) v = search(board, mover, -1, 0, -1) <= -1 ? -1 : 0;
  out.value = static_cast<Value>(v);
  out.nodes = nodes_ - before;
  out.seconds = now_seconds() - start_;
  return out;
}

Value SumSolver::value_after(Board<1>& board, Cell c) {
  const int mover = board.to_move();
  const int r = immediate(board, board.place(c));
  const int v = r != kOngoing ? r : -search(board, 1 - mover, -1, 1, c);
  board.remove(c);
  return static_cast<Value>(v);
}

}  // namespace kinrow
