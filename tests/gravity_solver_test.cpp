// The gravity bitboard solver against the generic hypergraph board (random positions of
// several sizes, k and goals), and against Pons' published test-set scores.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/hashing.h"
#include "core/notation.h"
#include "games/families.h"
#include "search/gravity_solver.h"
#include "search/solver.h"
#include "search/transposition_table.h"
#include "test_names.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::random_position;
using testing::sanitized;

struct Board {
  const char* spec;
  int empties;
  int positions;
};

class BitboardAgreesWithGenericBoard : public ::testing::TestWithParam<Board> {};

TEST_P(BitboardAgreesWithGenericBoard, OnRandomPositions) {
  const Board& b = GetParam();
  const Game game = make_game(b.spec);
  ASSERT_TRUE(gravity_solver_applies(game)) << b.spec;
  SplitMix64 random(std::hash<std::string>{}(b.spec));
  SolveOptions fast, generic;
  fast.table_megabytes = generic.table_megabytes = 4;
  generic.generic_board = true;
  for (int i = 0; i < b.positions; ++i) {
    const Position position = random_position(game, b.empties, random);
    const std::string where =
        std::string(b.spec) + " after \"" + format_turns(game, position.history()) + "\"";
    const SolveResult bit = solve(position, fast);
    const SolveResult ref = solve(position, generic);
    ASSERT_TRUE(gravity_table_fits(game, TranspositionTable(fast.table_megabytes))) << b.spec;
    ASSERT_TRUE(bit.bitboard && !ref.bitboard);
    ASSERT_EQ(bit.value, ref.value) << where;
    ASSERT_EQ(bit.score, ref.score) << where;
    ASSERT_EQ(bit.plies, ref.plies) << where;
    ASSERT_EQ(bit.connect_score, ref.connect_score) << where;

    // The bitboard's best move keeps the value, by the generic board's reckoning.
    ASSERT_TRUE(bit.best_move.has_value()) << where;
    Position after = position;
    ASSERT_EQ(after.why_illegal(*bit.best_move), "") << where;
    after.play(*bit.best_move);
    if (!after.over()) {
      EXPECT_EQ(-solve(after, generic).score, ref.score) << where << " best " << format_turn(game, *bit.best_move);
    }

    fast.weak = true;
    EXPECT_EQ(solve(position, fast).value, ref.value) << where << " (weak)";
    fast.weak = false;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Sizes, BitboardAgreesWithGenericBoard,
    ::testing::Values(Board{"connect:4x4x4", 10, 30}, Board{"connect:5x4x4", 11, 25},
                      Board{"connect:4x5x3", 11, 25}, Board{"connect:5x4x3,misere", 11, 25},
                      Board{"connect:4x4x4,misere", 11, 25}, Board{"connect:6x3x3", 11, 25},
                      Board{"connect:3x5x2", 10, 20}, Board{"connect:7x6x4", 12, 15},
                      Board{"connect:7x6x4,misere", 12, 10}, Board{"connect:5x5x5", 12, 10},
                      // Past 64 bits: the same search on 128-bit words.
                      Board{"connect:10x6x4", 12, 8}, Board{"connect:9x7x4", 12, 8},
                      Board{"connect:8x8x4,misere", 12, 6}, Board{"connect:13x5x3", 12, 6},
                      Board{"connect:10x7x5", 12, 5}, Board{"connect:26x2x3,misere", 12, 4}),
    [](const auto& info) { return testing::test_name(info.param.spec); });

// A board whose keys need more bits than the table's 64 and bucket index holds goes to
// the generic board rather than risk two positions sharing an entry.
TEST(GravitySolver, BoardsTheTableCannotTellApartGoToTheGenericBoard) {
  const Game wide = make_game("connect:16x7x4");  // 128 bits: 64 of index would be needed
  EXPECT_TRUE(gravity_solver_applies(wide));
  EXPECT_FALSE(gravity_table_fits(wide, TranspositionTable(4)));
  EXPECT_TRUE(gravity_table_fits(make_game("connect:10x6x4"), TranspositionTable(1)));
  EXPECT_TRUE(gravity_table_fits(make_game("connect:7x6x4"), TranspositionTable(1)));
  EXPECT_FALSE(gravity_solver_applies(make_game("connect:17x7x4")));  // 136 bits
  SolveOptions options;
  options.table_megabytes = 4;
  SplitMix64 random(7);
  const Position position = random_position(wide, 9, random);
  EXPECT_FALSE(solve(position, options).bitboard);
}

// Reads the first `lines` "MOVES SCORE" lines of one of Pons' sets as column lists.
std::vector<std::pair<std::vector<int>, int>> pons_positions(const Game& game, const char* name, int lines) {
  std::vector<std::pair<std::vector<int>, int>> positions;
  std::ifstream in(std::string(KINROW_DATA_DIR) + "/connect4/" + name);
  std::string moves;
  int expected = 0;
  for (int i = 0; i < lines && in >> moves >> expected; ++i) {
    const Position position = play_moves(game, moves);
    std::vector<int> columns;
    for (const Turn& turn : position.history()) columns.push_back(game.coords[turn[0]][0]);
    positions.emplace_back(columns, expected);
  }
  return positions;
}

// Pons' test sets: "MOVES SCORE" lines for 7x6 Connect Four. The CI runs the first lines of
// each (the hard sets take seconds a position); bench/connect4-testsets runs them all.
TEST(GravitySolver, ReproducesPonsTestSetScores) {
  const Game game = make_game("connect4");
  TranspositionTable table(64);
  GravitySolver solver(game, table);
  const std::pair<const char*, int> sets[] = {
      {"Test_L3_R1", 200}, {"Test_L2_R1", 100}, {"Test_L2_R2", 10}, {"Test_L1_R1", 50}, {"Test_L1_R2", 5}};
  for (auto [name, lines] : sets) {
    if (sanitized()) lines = std::max(1, lines / 10);
    const auto positions = pons_positions(game, name, lines);
    ASSERT_EQ(static_cast<int>(positions.size()), lines) << name;
    for (const auto& [columns, expected] : positions) EXPECT_EQ(solver.solve(columns, false).score, expected) << name;
  }
}

// A team of two threads (deferring each other's moves, stopping when one answers) finds
// the same scores, ends and best moves as one thread, on positions big enough to start
// the helpers and on small ones that never do.
TEST(GravitySolver, TwoThreadsFindTheSameScoresAndMoves) {
  const Game game = make_game("connect4");
  TranspositionTable table(64), alone_table(64);
  GravitySettings settings;
  settings.threads = 2;
  GravitySolver team(game, table, {}, settings), alone(game, alone_table);
  const int lines = sanitized() ? 2 : 8;
  for (const char* name : {"Test_L1_R2", "Test_L1_R1", "Test_L2_R2", "Test_L3_R1"})
    for (const auto& [columns, expected] : pons_positions(game, name, lines)) {
      const GravitySolution s = team.solve(columns, false), reference = alone.solve(columns, false);
      EXPECT_EQ(s.score, expected) << name;
      EXPECT_EQ(s.end, reference.end) << name;
      EXPECT_EQ(s.best_column, reference.best_column) << name;
    }
}

// Every technique can be switched off (to measure what it buys) without changing a score.
TEST(GravitySolver, EachTechniqueOffFindsTheSameScores) {
  const Game game = make_game("connect4");
  const int lines = sanitized() ? 3 : 25;
  const auto positions = pons_positions(game, "Test_L2_R2", lines);
  for (int off = 0; off < 5; ++off) {
    GravitySettings settings;
    GravityTechniques& t = settings.techniques;
    bool* flags[] = {&t.claimeven, &t.child_bounds, &t.transposition_cutoffs, &t.mirror, &t.threat_order};
    *flags[off] = false;
    TranspositionTable table(16);
    GravitySolver solver(game, table, {}, settings);
    for (const auto& [columns, expected] : positions) EXPECT_EQ(solver.solve(columns, false).score, expected) << off;
  }
}

}  // namespace
}  // namespace kinrow
