// The puzzle generator (engine/puzzles.h) against alpha-beta and the checker: each puzzle's
// length is the shortest win, its first move the only winning one, its certificate
// accepted, its solution a legal line that completes the winner's line; positions equal
// up to symmetry come once.
#include <gtest/gtest.h>

#include "cli_support.h"
#include "core/error.h"
#include "core/notation.h"
#include "engine/puzzles.h"
#include "games/families.h"
#include "proof/checker.h"
#include "test_support.h"

namespace kinrow {
namespace {

// The solution replayed: legal turns, alternating from the winner, the last completing a
// line of his.
void expect_solution_plays(const Game& game, const Puzzle& p) {
  Position position = play_moves(game, p.moves);
  for (const Turn& t : p.solution) {
    ASSERT_FALSE(position.over()) << p.moves;
    ASSERT_EQ(position.why_illegal(t), "") << p.moves << ": " << format_turn(game, t);
    position.play(t);
  }
  EXPECT_TRUE(position.over()) << p.moves;
  EXPECT_EQ(position.winner(), p.to_move) << p.moves;
}

TEST(Puzzles, ConnectFourPuzzlesAreShortestUniqueAndCertified) {
  const Game game = make_game("connect4");
  PuzzleOptions options;
  options.count = testing::sanitized() ? 2 : 8;
  options.max_length = 4;
  options.seed = 3;
  const PuzzleReport report = generate_puzzles(game, options);
  ASSERT_EQ(static_cast<int>(report.puzzles.size()), options.count);
  for (const Puzzle& p : report.puzzles) {
    const Position position = play_moves(game, p.moves);
    EXPECT_EQ(position.to_move(), p.to_move);
    // The shortest win, by alpha-beta's distance (plies to the end, the winner's last).
    SolveOptions strong;
    strong.table_megabytes = 16;
    const SolveResult solved = solve(position, strong);
    EXPECT_EQ(solved.value, Value::Win) << p.moves;
    EXPECT_EQ((solved.plies + 1) / 2, p.length) << p.moves;
    // The only winning first move (42 cells: df-pn proved it, alpha-beta agrees).
    EXPECT_TRUE(p.unique_proved);
    for (const Turn& t : position.legal_turns()) {
      Position after = position;
      after.play(t);
      const bool wins = after.over() ? after.winner() == p.to_move : testing::alphabeta_value(after) == Value::Loss;
      EXPECT_EQ(wins, t == p.solution.front()) << p.moves << " " << format_turn(game, t);
    }
    const CheckReport check = check_certificate(game, p.certificate);
    EXPECT_TRUE(check.ok) << check.error;
    EXPECT_EQ(check.to_move_value, "win");
    expect_solution_plays(game, p);
  }
}

TEST(Puzzles, GomokuPuzzlesOnAnOpenBoardAreCertifiedAndPlayOut) {
  const Game game = make_game("mnk:9x9x5");
  PuzzleOptions options;
  options.count = testing::sanitized() ? 1 : 2;
  options.max_length = 4;
  options.seed = 5;
  const PuzzleReport report = generate_puzzles(game, options);
  ASSERT_EQ(static_cast<int>(report.puzzles.size()), options.count);
  for (const Puzzle& p : report.puzzles) {
    EXPECT_GE(p.length, 2);
    EXPECT_LE(p.length, 4);
    EXPECT_EQ(p.solution.size(), static_cast<std::size_t>(2 * p.length - 1)) << p.moves;
    const CheckReport check = check_certificate(game, p.certificate);
    EXPECT_TRUE(check.ok) << check.error;
    expect_solution_plays(game, p);
    EXPECT_GE(p.distance, 0);
    EXPECT_GT(p.difficulty, 0);
  }
}

// A position built by hand (tests/wide_board_test.cpp's four-three): f3 makes a four and
// a three at once, the only forcing start that wins in three.
TEST(Puzzles, FromAGivenGameTheFourThree) {
  const Game game = make_game("gomoku");
  PuzzleOptions options;
  options.count = 5;
  options.per_game = 5;
  options.games = {"c3 b3 d3 o15 e3 m15 f4 k15 f5 i15"};
  const PuzzleReport report = generate_puzzles(game, options);
  ASSERT_EQ(report.puzzles.size(), 1u);
  const Puzzle& p = report.puzzles.front();
  EXPECT_EQ(p.moves, "c3 b3 d3 o15 e3 m15 f4 k15 f5 i15");
  EXPECT_EQ(format_turn(game, p.solution.front()), "f3");
  EXPECT_EQ(p.length, 3);
  expect_solution_plays(game, p);
}

// A game and its mirror image give the same puzzles once.
TEST(Puzzles, PositionsEqualUpToSymmetryComeOnce) {
  const Game game = make_game("connect4");
  PuzzleOptions first;
  first.count = 3;
  first.seed = 11;
  first.max_length = 3;
  const PuzzleReport found = generate_puzzles(game, first);
  ASSERT_FALSE(found.puzzles.empty());
  // The first puzzle's game, and the same mirrored (column c -> 8 - c).
  const std::string moves = found.puzzles.front().moves;
  std::string mirrored = moves;
  for (char& c : mirrored)
    if (c >= '1' && c <= '7') c = static_cast<char>('8' - (c - '0'));
  PuzzleOptions given;
  given.count = 10;
  given.max_length = 3;
  given.per_game = 10;
  given.games = {moves, mirrored};
  const PuzzleReport report = generate_puzzles(game, given);
  EXPECT_GT(report.duplicates, 0u);
  for (std::size_t i = 0; i < report.puzzles.size(); ++i)
    for (std::size_t j = i + 1; j < report.puzzles.size(); ++j) EXPECT_NE(report.puzzles[i].moves, report.puzzles[j].moves);
}

TEST(Puzzles, BadRequests) {
  PuzzleOptions options;
  EXPECT_THROW(generate_puzzles(make_game("mnk:3x3x3,misere"), options), InputError);
  options.min_length = 1;
  EXPECT_THROW(generate_puzzles(make_game("tictactoe"), options), InputError);
  const testing::CliRun run = testing::kinrow("puzzles connect4 --count 0");
  EXPECT_EQ(run.status, 2);
  const testing::CliRun json = testing::kinrow("puzzles connect4 --count 2 --max-length 3 --json");
  EXPECT_EQ(json.status, 0) << json.err;
  EXPECT_NE(json.out.find("\"first_move\""), std::string::npos);
}

}  // namespace
}  // namespace kinrow
