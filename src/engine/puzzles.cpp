#include "engine/puzzles.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

#include "core/error.h"
#include "core/hashing.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "engine/engine.h"
#include "engine/forcing_wins.h"
#include "engine/openings.h"
#include "games/board_dispatch.h"
#include "proof/checker.h"
#include "search/dfpn.h"
#include "search/dfpn_solve.h"

namespace kinrow {

namespace {

// King steps between two cells of a grid (the largest difference of a coordinate).
int king_distance(const Game& game, Cell a, Cell b) {
  int d = 0;
  for (std::size_t axis = 0; axis < game.coords[a].size(); ++axis)
    d = std::max(d, std::abs(game.coords[a][axis] - game.coords[b][axis]));
  return d;
}

// How far the first turn lies from the last two turns' stones (-1 without them).
int distance_from_last_turns(const Position& position, const Turn& first) {
  const auto& history = position.history();
  int best = -1;
  for (std::size_t i = history.size() >= 2 ? history.size() - 2 : 0; i < history.size(); ++i)
    for (Cell s : history[i])
      for (Cell c : first) {
        const int d = king_distance(position.game(), s, c);
        if (best < 0 || d < best) best = d;
      }
  return best;
}

template <int W>
class PuzzleFinder {
 public:
  PuzzleFinder(const Game& game, const PuzzleOptions& options, PuzzleReport& report)
      : game_(game), options_(options), report_(report), tables_(game, engine_board_options(game)),
        forcing_(tables_), symmetry_(automorphisms(game)) {
    DfpnOptions d = proof_options();
    dfpn_tables_ = std::make_unique<BoardTables>(game, dfpn_board_options(game, d));
    dfpn_ = std::make_unique<Dfpn<W>>(*dfpn_tables_, d);
  }

  // Df-pn as the puzzles ask it: pairings (which prove draws) only on small boards,
  // where they end the proofs that no other move wins; on open boards they cost most of
  // the time and end nothing.
  DfpnOptions proof_options() const {
    DfpnOptions d;
    d.table_megabytes = 32;
    d.pairing = game_.cell_count() <= 64;
    return d;
  }

  // The puzzle at `position`, if it makes one.
  std::optional<Puzzle> examine(const Position& position) {
    ++report_.positions;
    const int attacker = position.to_move();
    if (!tables_.lines_count[attacker]) return std::nullopt;
    Board<W> board(tables_);
    replay(board, position);
    if (urgent_moves(board).urgency == Urgency::WinNow) return std::nullopt;  // a win on the board
    forcing_.clear();
    int length = 0;
    for (int turns = 2; turns <= options_.max_length && !length; ++turns) {
      if (forcing_.wins_within(board, turns, options_.search_nodes)) length = turns;
      if (forcing_.exhausted()) {
        ++report_.undecided;
        return std::nullopt;
      }
    }
    if (length == 0 || length < options_.min_length) return std::nullopt;
    ++report_.forced_wins;
    const std::vector<Move> winners = forcing_.winning_turns(board, length, options_.search_nodes);
    if (forcing_.exhausted()) {
      ++report_.undecided;
      return std::nullopt;
    }
    if (winners.size() != 1) {
      ++report_.not_unique;
      ++report_.not_unique_forcing;
      return std::nullopt;
    }
    const Move first = winners.front();
    Puzzle puzzle;
    if (first.size == 1) {
      // No other first move wins at all: df-pn with the winning move left out. On a small
      // board it must prove so. On an open board, where another move often wins more
      // slowly (a threat sequence of higher order) and a disproof is seldom within reach,
      // the puzzle keeps the uniqueness of its shortest win and says what df-pn found.
      const bool small = game_.cell_count() <= 64;
      Board<W> b(*dfpn_tables_);
      replay(b, position);
      dfpn_->set_max_nodes(small ? options_.proof_nodes : options_.proof_nodes / 10);
      const std::optional<bool> other = dfpn_->attacker_wins_excluding(b, attacker, Bits<W>::single(first.first()));
      if (!other && small) {
        ++report_.undecided;
        return std::nullopt;
      }
      if (other == true && small) {
        ++report_.not_unique;
        return std::nullopt;
      }
      puzzle.unique_proved = other == false;
      puzzle.slower_wins = other == true;
    }
    if (!seen_.insert(canonical_stones(position, symmetry_)).second) {
      ++report_.duplicates;
      return std::nullopt;
    }
    // The certificate, by df-pn, accepted by the checker.
    DfpnOptions d = proof_options();
    d.max_nodes = options_.proof_nodes;
    // Reading the certificate off the proof decides again what the table forgot; on
    // Connect6 that once took minutes within the per-search budget, so it has one too.
    d.certificate_max_nodes = 5 * options_.proof_nodes;
    const DfpnResult proof = dfpn_solve(position, d, true);
    if (!proof.complete || proof.value != Value::Win || !proof.certificate) {
      ++report_.undecided;
      return std::nullopt;
    }
    const CheckReport check = check_certificate(game_, *proof.certificate, symmetry_);
    if (!check.ok || check.to_move_value != "win")
      throw std::logic_error("puzzles: the checker rejected df-pn's certificate of " + format_turns(game_, position.history()) +
                             ": " + check.error);
    puzzle.moves = format_turns(game_, position.history());
    puzzle.to_move = attacker;
    puzzle.length = length;
    for (const Move& m : forcing_.principal_line(board, first, length)) puzzle.solution.push_back(to_turn(m));
    puzzle.defences = forcing_.count_defences(board, first, length);
    puzzle.distance = distance_from_last_turns(position, to_turn(first));
    puzzle.difficulty = (length - 1) + std::log2(1.0 + static_cast<double>(puzzle.defences)) / 2 +
                        std::min(std::max(puzzle.distance, 0), 8) / 4.0;
    puzzle.difficulty = std::round(puzzle.difficulty * 10) / 10;
    puzzle.certificate = *proof.certificate;
    puzzle.checked_positions = check.positions_checked;
    return puzzle;
  }

 private:
  const Game& game_;
  const PuzzleOptions& options_;
  PuzzleReport& report_;
  BoardTables tables_;
  ForcingWins<W> forcing_;
  SymmetryGroup symmetry_;
  std::unique_ptr<BoardTables> dfpn_tables_;
  std::unique_ptr<Dfpn<W>> dfpn_;
  std::set<std::vector<int>> seen_;
};

// The positions of one game, one after another, each given to `look` until it says stop.
template <class Look>
void walk_given_game(const Game& game, const std::string& moves, Look&& look) {
  const Position end = play_moves(game, moves);
  Position position(game);
  for (const Turn& t : end.history()) {
    if (!look(position)) return;
    position.play(t);
  }
  if (!position.over()) look(position);
}

}  // namespace

PuzzleReport generate_puzzles(const Game& game, const PuzzleOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  if (game.rules.goal == Goal::Misere) throw InputError("puzzles are forced wins by completing a line: not in misere play");
  if (game.rules.stones_per_turn < 1 || breaker_answers_in_kind(game.rules))
    throw InputError("puzzles need a fixed number of stones a turn (not the tile games)");
  if (options.min_length < 2 || options.max_length < options.min_length)
    throw InputError("the length range must be 2 <= min <= max (a length of 1 is a line completed now)");
  PuzzleReport report;
  const BoardTables tables(game, engine_board_options(game));
  with_board(tables, [&](auto prototype) {
    constexpr int W = decltype(prototype)::kWords;
    PuzzleFinder<W> finder(game, options, report);
    auto full = [&] { return static_cast<int>(report.puzzles.size()) >= options.count; };
    int kept_here = 0;
    auto look = [&](const Position& position) {
      if (full() || kept_here >= options.per_game) return false;
      if (position.turns_played() >= 2)
        if (std::optional<Puzzle> p = finder.examine(position)) {
          report.puzzles.push_back(std::move(*p));
          ++kept_here;
        }
      return true;
    };
    if (!options.games.empty()) {
      for (const std::string& moves : options.games) {
        kept_here = 0;
        walk_given_game(game, moves, look);
        ++report.games;
        if (options.on_progress) options.on_progress(report.games, report.puzzles.size());
        if (full()) break;
      }
      return;
    }
    SplitMix64 random(options.seed);
    const std::vector<Cell> central = central_cells(game);
    const int max_games = options.max_games ? options.max_games : std::max(1, options.count) * 50;
    EngineOptions engine;
    engine.seconds = 0;
    engine.nodes = options.move_nodes;
    engine.table_megabytes = 1;
    // The heuristic alone: the games only have to reach positions worth examining, and
    // its proofs would cost more than the examination (the examination finds the wins).
    engine.proofs = false;
    while (!full() && report.games < max_games) {
      kept_here = 0;
      Position position(game);
      // Self-play after the opening is deterministic, so short openings run out of new
      // games on small boards (Connect Four repeated itself after ~150 puzzles): the
      // longest random opening grows by one every 100 games.
      const int opening = 1 + static_cast<int>(random.below(4 + report.games / 100));
      for (int i = 0; i < opening && !position.over(); ++i) {
        Turn turn = random_turn(position, central, random);
        if (turn.empty()) {  // the centre is full: anywhere
          const std::vector<Turn> all = position.legal_turns();
          turn = all[random.below(all.size())];
        }
        position.play(turn);
      }
      while (!position.over() && look(position)) position.play(think(position, engine).move);
      ++report.games;
      if (options.on_progress) options.on_progress(report.games, report.puzzles.size());
    }
  });
  std::stable_sort(report.puzzles.begin(), report.puzzles.end(),
                   [](const Puzzle& a, const Puzzle& b) { return a.difficulty < b.difficulty; });
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

PuzzleStep judge_puzzle_turn(const Position& position, const Turn& turn, int turns_left, uint64_t max_nodes) {
  const std::string illegal = position.why_illegal(turn);
  PuzzleStep step;
  Position after = position;
  if (illegal.empty()) after.play(turn);
  else if (!after.play_cut_short_by_a_line(turn)) throw InputError(illegal);  // a short turn must win
  if (after.over()) {
    step.solved = step.right = after.winner() == position.to_move();
    return step;
  }
  if (turns_left < 2) return step;  // the last turn had to complete the line
  const BoardTables tables(position.game(), engine_board_options(position.game()));
  with_board(tables, [&](auto prototype) {
    constexpr int W = decltype(prototype)::kWords;
    Board<W> board(tables);
    replay(board, position);
    ForcingWins<W> forcing(tables);
    const Move move = board_move(tables, turn);
    for (const Move& winner : forcing.winning_turns(board, turns_left, max_nodes))
      step.right |= to_turn(winner) == to_turn(move);
    if (!step.right) {
      step.undecided = forcing.exhausted();
      return;
    }
    const std::vector<Move> line = forcing.principal_line(board, move, turns_left);
    if (line.size() > 1) step.reply = to_turn(line[1]);
  });
  return step;
}

}  // namespace kinrow
