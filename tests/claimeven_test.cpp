// The claimeven and zugzwang bounds (search/claimeven.h) never claim more than the truth:
// on random positions of small gravity boards, normal and misère, the exact score found
// by the generic board's search (which knows nothing of claimeven) never exceeds the
// bound. The test also checks that each rule fired often enough to have been tested.
#include <gtest/gtest.h>

#include "core/notation.h"
#include "games/families.h"
#include "games/gravity_bitboard.h"
#include "search/claimeven.h"
#include "search/gravity_search.h"
#include "search/solver.h"
#include "test_names.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::random_position;
using testing::sanitized;

struct Case {
  const char* spec;
  int positions;
  int max_empties;  // 0: the whole board
};

// The generic search's score in the Connect Four convention of the bitboard path.
int exact_connect_score(const Position& position) {
  SolveOptions options;
  options.generic_board = true;
  options.table_megabytes = 4;
  const SolveResult r = solve(position, options);
  if (r.score == 0) return 0;
  const int cells = position.game().cell_count();
  const int end = end_turn_of(cells, r.score);
  const int magnitude = connect_score(cells, end);
  return r.score > 0 ? magnitude : -magnitude;
}

template <int K, bool Misere>
int bound_of(const Game& game, const Position& position) {
  const GravityGeometry geometry(game.width(), game.height(), K);
  GravityBitboard board(geometry);
  for (const Turn& turn : position.history()) board.play_column(game.coords[turn[0]][0]);
  const uint64_t empty = geometry.board & ~board.mask();
  const uint64_t their_threats = completing_cells<K>(geometry, board.opponent(), empty);
  return claimeven_upper_bound<K, Misere>(geometry, board.current(), board.opponent(), empty, board.playable(),
                                          their_threats);
}

int bound_of(const Game& game, const Position& position) {
  const int k = static_cast<int>(game.lines[0].size());
  const bool misere = game.rules.goal == Goal::Misere;
  if (k == 3) return misere ? bound_of<3, true>(game, position) : bound_of<3, false>(game, position);
  return misere ? bound_of<4, true>(game, position) : bound_of<4, false>(game, position);
}

class ClaimevenBound : public ::testing::TestWithParam<Case> {};

TEST_P(ClaimevenBound, NeverExceedsTheExactScore) {
  const Case& c = GetParam();
  const Game game = make_game(c.spec);
  SplitMix64 random(std::hash<std::string>{}(c.spec));
  const int positions = sanitized() ? c.positions / 8 : c.positions;
  int bounded = 0, losses = 0;
  for (int i = 0; i < positions; ++i) {
    const int most = c.max_empties ? c.max_empties : game.cell_count();
    const int empties = 4 + static_cast<int>(random.below(most - 3));
    const Position position = random_position(game, empties, random);
    const int bound = bound_of(game, position);
    if (bound == kNoBound) continue;
    ++bounded;
    losses += bound < 0;
    const int exact = exact_connect_score(position);
    ASSERT_LE(exact, bound) << c.spec << " after \"" << format_turns(game, position.history()) << "\"";
  }
  // The rules must have been exercised, or the test proves nothing.
  EXPECT_GE(bounded, 5) << c.spec;
  EXPECT_GE(losses, 2) << c.spec;
}

INSTANTIATE_TEST_SUITE_P(
    Boards, ClaimevenBound,
    ::testing::Values(Case{"connect:4x4x4", 10000, 0}, Case{"connect:5x4x4", 6000, 0}, Case{"connect:4x5x4", 6000, 0},
                      Case{"connect:5x5x4", 2000, 0}, Case{"connect:6x4x4", 2000, 0}, Case{"connect:4x6x4", 2000, 0},
                      Case{"connect:7x6x4", 600, 13}, Case{"connect:4x4x3", 6000, 0}, Case{"connect:5x3x3", 6000, 0},
                      Case{"connect:3x5x3", 6000, 0}, Case{"connect:4x4x4,misere", 6000, 0},
                      Case{"connect:5x4x4,misere", 800, 0}, Case{"connect:5x4x3,misere", 2500, 0},
                      Case{"connect:4x5x3,misere", 5000, 0}, Case{"connect:7x6x4,misere", 600, 13}),
    [](const auto& info) { return testing::test_name(info.param.spec); });

}  // namespace
}  // namespace kinrow
