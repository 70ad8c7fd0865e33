#include "search/solver.h"

#include <chrono>
#include <filesystem>
#include <unordered_set>

#include "core/error.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "games/board_dispatch.h"
#include "search/canonical.h"
#include "search/certificate_walker.h"
#include "search/finished_certificate.h"
#include "search/gravity_solver.h"
#include "search/kept_bounds.h"
#include "search/table_lock.h"

namespace kinrow {

namespace {

// Root moves with symmetric duplicates removed: searching one of two moves that lead to
// symmetric positions is enough.
template <SearchBoard Board>
std::vector<Move> distinct_root_moves(Board& board) {
  std::vector<Move> moves, distinct;
  board.generate(moves);
  std::unordered_set<uint64_t> seen;
  for (const Move& m : moves) {
    if (board.play(m) != TurnResult::Continues) {
      board.undo(m);
      distinct.push_back(m);  // game-ending moves are cheap; keep them all
      continue;
    }
    const bool fresh = seen.insert(board.key()).second;
    board.undo(m);
    if (fresh) distinct.push_back(m);
  }
  return distinct;
}

// The certificate walk's oracle: a turn of the holder that the search confirms keeps
// the claim (score >= 1 for a win, >= 0 for a draw), the table's move first.
template <SearchBoard Board>
class AlphaBetaOracle {
 public:
  AlphaBetaOracle(AlphaBeta<Board>& search, TranspositionTable& table) : search_(search), table_(table) {}

  std::optional<Move> choose(Board& board, int, Claim claim) {
    const int need = claim == Claim::Win ? 1 : 0;
    std::vector<Move> moves;
    board.generate(moves);
    int frame = -1;
    const uint64_t key = board.key(&frame);
    if (const auto e = table_.probe(key); e && e->move >= 0) {
      const Cell hint = board.from_frame(e->move, frame);
      std::stable_partition(moves.begin(), moves.end(), [&](const Move& m) { return m.first() == hint; });
    }
    for (const Move& m : moves)
      if (search_.search_move(m, need - 1, need) >= need) return m;
    return std::nullopt;
  }
  bool pairing_rule(int, Claim) const { return false; }
  bool paired(Board&) const { return false; }
  const std::vector<std::pair<Cell, Cell>>* listed_pairs() const { return nullptr; }

 private:
  AlphaBeta<Board>& search_;
  TranspositionTable& table_;
};

template <SearchBoard Board>
SolveResult solve_on(Board board, const Position& position, const SolveOptions& options,
                     TranspositionTable& table) {
  replay(board, position);

  SolveResult result;
  AlphaBeta<Board> search(board, table, options.monitor, options.pairing);
  const int max_turns = board.tables().max_turns;
  const int t = board.turns();

  int score;
  if (options.weak) {
    const int r = search.search(-1, 1);
    score = r > 0 ? 1 : r < 0 ? -1 : 0;
    result.windows = 1;
    result.exact = false;
  } else {
    int lo = -win_score(max_turns, t + 1), hi = win_score(max_turns, t + 1);
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (mid <= 0 && lo / 2 < mid) mid = lo / 2;
      else if (mid >= 0 && hi / 2 > mid) mid = hi / 2;
      const int r = search.search(mid, mid + 1);
      ++result.windows;
      if (r <= mid) hi = r;
      else lo = r;
    }
    score = lo;
  }
  result.score = score;
  result.value = value_of(score);
  result.value_nodes = search.nodes();

  // A best move: the first (table move first) whose score reaches the root's.
  std::vector<Move> moves = distinct_root_moves(board);
  int frame = -1;
  const uint64_t root_key = board.key(&frame);
  if (const auto e = table.probe(root_key); e && e->move >= 0) {
    const Cell hint = board.from_frame(e->move, frame);
    std::stable_partition(moves.begin(), moves.end(),
                          [&](const Move& m) { return m.first() == hint; });
  }
  const Move* best = &moves.front();
  if (result.value != Value::Loss || result.exact) {
    for (const Move& m : moves)
      if (search.search_move(m, score - 1, score) >= score) {
        best = &m;
        break;
      }
  }
  result.best_move = to_turn(*best);
  result.plies = !result.exact ? -1
                 : score != 0 ? end_turn_of(max_turns, score) - t
                              : max_turns - t;

  if (options.certificate) {
    // Into the caller's sink as the walk finds it, or built in memory.
    CertificateBuilder builder;
    CertificateSink& out = options.certificate_sink ? *options.certificate_sink : builder;
    begin_certificate(out, position.game().spec, format_turns(position.game(), position.history()));
    AlphaBetaOracle<Board> oracle(search, table);
    const auto symmetry = listed_symmetries<Board::kWords>(position.game());
    CertificateWalker<Board, AlphaBetaOracle<Board>> walker(board, oracle, symmetry ? &*symmetry : nullptr);
    const int mover = board.to_move();
    if (result.value == Value::Draw) {
      walker.write(0, Claim::NotLose, out);
      walker.write(1, Claim::NotLose, out);
    } else {
      walker.write(result.value == Value::Win ? mover : 1 - mover, Claim::Win, out);
    }
    end_certificate(out);
    result.certificate_written = true;
    if (!options.certificate_sink) result.certificate = std::move(builder.certificate());
  }
  result.nodes = search.nodes();
  result.pairing_checks = search.pairing().checks();
  result.pairing_cutoffs = search.pairing().successes();
  return result;
}

// The bitboard path for gravity games (no certificates: those come from the generic board).
SolveResult solve_gravity(const Position& position, const SolveOptions& options, TranspositionTable& table,
                          KeptBounds* kept) {
  const Game& game = position.game();
  std::vector<int> columns;
  for (const Turn& turn : position.history()) columns.push_back(game.coords[turn[0]][0]);
  GravitySettings settings = options.gravity;
  settings.kept_bounds = kept;
  GravitySolver solver(game, table, options.monitor, settings);
  const GravitySolution solution = solver.solve(columns, options.weak);

  SolveResult result;
  result.bitboard = true;
  result.value = value_of(solution.score);
  result.exact = !options.weak;
  result.nodes = solution.nodes;
  result.value_nodes = solution.nodes;
  result.windows = solution.windows;
  if (result.exact) {
    // The generic absolute score (score.h) carries the same information.
    const int magnitude = game.max_turns() + 1 - solution.end;
    result.score = solution.score > 0 ? magnitude : solution.score < 0 ? -magnitude : 0;
    result.plies = solution.end - position.turns_played();
    result.connect_score = solution.score;
  } else {
    result.score = solution.score;
    result.plies = -1;
  }
  for (Cell c = 0; c < game.cell_count(); ++c)
    if (position.playable(c) && game.coords[c][0] == solution.best_column) result.best_move = Turn{c};
  return result;
}

}  // namespace

std::size_t automatic_table_megabytes(const Game& game) {
  // 16 bytes an entry and about 2^cells positions worth keeping, within [1, 256] MiB.
  const int cells = game.cell_count();
  if (cells >= 24) return 256;
  return std::max<std::size_t>(1, (std::size_t{16} << cells) >> 20);
}

namespace {

// Gravity games of one stone a turn: the game ends with e stones down, so the generic
// score W*H + 1 - e maps onto the Connect Four convention floor((W*H + 2 - e) / 2).
std::optional<int> connect_convention(const Game& game, int score) {
  const Rules& r = game.rules;
  if (!r.gravity || r.stones_per_turn != 1 || r.first_turn_stones != 1 || r.goal == Goal::MakerBreaker)
    return std::nullopt;
  return score > 0 ? (score + 1) / 2 : -((1 - score) / 2);
}

}  // namespace

SolveResult solve(const Position& position, const SolveOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const Game& game = position.game();
  SolveResult result;
  const SymmetryGroup group = automorphisms(game);
  if (position.over()) {
    const int w = position.winner();
    result.value = w == kNoPlayer ? Value::Draw : w == position.to_move() ? Value::Win : Value::Loss;
    // The game ended on the turn just played: the score a search would have given it.
    const int magnitude = win_score(game.max_turns(), position.turns_played());
    result.score = result.value == Value::Win ? magnitude : result.value == Value::Loss ? -magnitude : 0;
    result.plies = 0;
    result.connect_score = connect_convention(game, result.score);
    if (options.certificate) {
      CertificateBuilder builder;
      write_finished_certificate(position, options.certificate_sink ? *options.certificate_sink : builder);
      result.certificate_written = true;
      if (!options.certificate_sink) result.certificate = std::move(builder.certificate());
    }
  } else {
    const std::size_t megabytes = options.table_megabytes ? options.table_megabytes : automatic_table_megabytes(game);
    const bool bitboard = !options.certificate && !options.generic_board && gravity_solver_applies(game) &&
                          gravity_table_fits(game, megabytes);
    // Refused before the lock is taken, so that a refused command leaves no lock file.
    if (!options.table_file.empty() && !bitboard)
      throw InputError("a table file is kept for gravity games on the bitboard only (Connect Four and its "
                       "relatives, without --certificate or --generic)");
    // Before the table is made: a second sitting refused after taking its gigabytes could
    // have the first one's process killed for memory.
    const TableLock lock(options.table_file, kept_path(options.table_file, ".lock"));
    TranspositionTable table(megabytes);
    if (bitboard) {
      // Keys are positions of this game on the bitboard; scores are absolute, so weak and
      // strong searches share a table file.
      // Beside the table file, the bounds of its costliest positions (kept_bounds.h): read
      // after the table, so that they stand where the table is gone or was never here.
      // Both name the key scheme (table_file.h, label_reads_as).
      const std::string& file = options.table_file;
      const std::string label = "gravity bitboard key " + std::to_string(kGravityKeyScheme) + " " + game.spec;
      if (!file.empty() && std::filesystem::exists(file)) table.load(file, label);
      std::optional<KeptBounds> kept;
      if (!file.empty()) {
        const int bits = gravity_board_bits(game.width(), game.height());
        const KeptKeys keys{.cells = game.cell_count(),
                            .width = game.width(),
                            .max_score = connect_score(game.cell_count(), 0),
                            .high_end = bits > 64 ? uint64_t{1} << (bits - 64) : 1};
        const std::size_t read = KeptBounds::read(kept_bounds_path(file), label, keys, table);
        if (options.on_kept_bounds_read) options.on_kept_bounds_read(read);
        if (options.kept_bounds_nodes > 0) kept.emplace(kept_bounds_path(file), label, options.kept_bounds_nodes);
      }
      run_saving_table(
          options.save_every_seconds, file,
          [&](const std::string& path, const std::atomic<bool>* abandon) { table.save(path, label, abandon); },
          options.on_table_saved, [&] { result = solve_gravity(position, options, table, kept ? &*kept : nullptr); });
    } else {
      BoardOptions board_options;
      board_options.key_symmetries = options.max_key_symmetries;
      board_options.live = false;  // alpha-beta reads no live cells
      const BoardTables tables(game, board_options, &group);
      result = with_board(tables, [&](auto board) {
        return solve_on(std::move(board), position, options, table);
      });
      if (result.exact) result.connect_score = connect_convention(game, result.score);
    }
    result.table_bytes = table.bytes();
  }
  result.symmetries = group.size();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace kinrow
