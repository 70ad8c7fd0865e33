// The exact solver agrees with the naive reference solver on random positions of small
// games under every rule: value, distance, and that its best move keeps the value.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "core/hashing.h"
#include "core/notation.h"
#include "games/families.h"
#include "reference_solver.h"
#include "search/solver.h"
#include "test_names.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::reference_solve;

struct Case {
  const char* spec;
  int empties;  // random play stops with this many empty cells left
  int positions;
};

using testing::random_position;

class SolverAgreesWithReference : public ::testing::TestWithParam<Case> {};

TEST_P(SolverAgreesWithReference, OnRandomPositions) {
  const Case& c = GetParam();
  // Under the sanitizers the naive solver is some 20 times slower: fewer, shallower
  // positions there; the optimised build runs them all.
  const bool sanitized = testing::sanitized();
  const int positions = sanitized ? std::max(3, c.positions / 6) : c.positions;
  const int empties = sanitized ? std::max(4, c.empties - 2) : c.empties;
  const Game game = make_game(c.spec);
  SplitMix64 random(std::hash<std::string>{}(c.spec));
  SolveOptions options;
  options.table_megabytes = 1;
  for (int i = 0; i < positions; ++i) {
    Position position = random_position(game, empties, random);
    const std::string where = std::string(c.spec) + " after \"" +
                              format_turns(game, position.history()) + "\"";
    const auto expected = reference_solve(position);
    const SolveResult strong = solve(position, options);
    ASSERT_EQ(static_cast<int>(strong.value), expected.value) << where;
    ASSERT_EQ(strong.plies, expected.plies) << where;

    options.weak = true;
    const SolveResult weak = solve(position, options);
    options.weak = false;
    ASSERT_EQ(static_cast<int>(weak.value), expected.value) << where << " (weak)";

    // The best move reaches the same value and distance.
    ASSERT_TRUE(strong.best_move.has_value()) << where;
    ASSERT_EQ(position.why_illegal(*strong.best_move), "") << where;
    position.play(*strong.best_move);
    const auto after = reference_solve(position);
    EXPECT_EQ(-after.value, expected.value) << where << " best move " << format_turn(game, *strong.best_move);
    EXPECT_EQ(after.plies + 1, expected.plies) << where << " best move " << format_turn(game, *strong.best_move);
  }
}

INSTANTIATE_TEST_SUITE_P(
    SmallGames, SolverAgreesWithReference,
    ::testing::Values(Case{"mnk:3x3x3", 8, 40}, Case{"mnk:3x3x3,misere", 8, 40},
                      Case{"mnk:4x3x3", 8, 30}, Case{"mnk:4x4x3,misere", 8, 30},
                      Case{"mnk:3x3x3,maker-breaker", 8, 40},
                      Case{"mnk:4x4x3,maker-breaker", 8, 30}, Case{"mnk:4x4x4", 9, 30},
                      Case{"connect:4x4x3", 9, 30}, Case{"connect:4x4x3,misere", 9, 30},
                      Case{"connect:4x3x3,cylinder", 9, 30},
                      Case{"connect:5x3x3,maker-breaker", 9, 30},
                      Case{"mnk:4x4x4,p=2,q=1", 7, 25}, Case{"connect:4x4x3,p=2", 7, 25},
                      Case{"mnk:4x3x3,p=2,misere", 7, 25}, Case{"square:4", 9, 30},
                      Case{"cube:3x3", 8, 20}, Case{"mnk:6x3x3,exact", 8, 30},
                      Case{"mnk:5x4x3,exact", 8, 30}),
    [](const auto& info) { return testing::test_name(info.param.spec); });

}  // namespace
}  // namespace kinrow
