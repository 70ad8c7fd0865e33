// The tile search against plain minimax over the reference rules (tests/reference_solver.h)
// on small random maker-breaker games of every kind of turn it plays, its certificates
// against the independent checker, and its forest rule against the checker's own.
#include <gtest/gtest.h>

#include <bit>
#include <string>
#include <utility>
#include <vector>

#include "core/notation.h"
#include "games/families.h"
#include "proof/checker.h"
#include "proof/forest_rule.h"
#include "reference_solver.h"
#include "test_support.h"
#include "tile_games.h"
#include "tiles/tile_certificate.h"
#include "tiles/tile_search.h"

namespace kinrow {
namespace {

using testing::random_tile_game;

struct Kind {
  const char* name;
  Rules rules;
  int cells, breaker_only, longest;
  int fewest_lines = 3;  // to fewest_lines + 3
  bool both_outcomes = true;  // random games of this kind are sometimes won by each side
};

const Kind kKinds[] = {
    {"one stone", Rules{.goal = Goal::MakerBreaker}, 8, 0, 4},
    {"two stones", Rules{.goal = Goal::MakerBreaker, .stones_per_turn = 2, .first_turn_stones = 2}, 8, 0, 4},
    {"two then one", Rules{.goal = Goal::MakerBreaker, .stones_per_turn = 1, .first_turn_stones = 2}, 8, 0, 4},
    {"one to two", Rules{.goal = Goal::MakerBreaker, .stones_per_turn = 2, .first_turn_stones = 2, .maker_picks_count = true}, 8, 0, 4},
    {"one to three", Rules{.goal = Goal::MakerBreaker, .stones_per_turn = 3, .first_turn_stones = 3, .maker_picks_count = true}, 8, 0, 5},
    // A line is lost only when more lines than the maker placed stones go over the bound
    // at once: dense games.
    {"bound 1", Rules{.goal = Goal::MakerBreaker, .stones_per_turn = 0, .first_turn_stones = 0, .maker_threshold = 1}, 7, 2, 2, 7},
    {"bound 2", Rules{.goal = Goal::MakerBreaker, .stones_per_turn = 0, .first_turn_stones = 0, .maker_threshold = 2}, 7, 1, 4, 8, false},
};

class TileSearchKinds : public ::testing::TestWithParam<Kind> {};

// From the empty board and from random positions: the search's winner is minimax's, and
// the search's certificate for that winner passes the checker.
TEST_P(TileSearchKinds, AgreesWithMinimaxAndItsCertificatesPass) {
  const Kind& kind = GetParam();
  SplitMix64 random(0x7469 + kind.cells * 31 + kind.rules.stones_per_turn);
  // Fewer games under the sanitizers, but as many as it takes (up to 30) to meet both
  // outcomes.
  const int games = testing::sanitized() ? 6 : 30;
  int breaker_wins = 0, maker_wins = 0;
  for (int g = 0; g < 30; ++g) {
    if (g >= games && breaker_wins > 0 && (maker_wins > 0 || !kind.both_outcomes)) break;
    const Game game = random_tile_game(random, kind.cells, kind.fewest_lines + static_cast<int>(random.below(4)),
                                       kind.longest, kind.rules, kind.breaker_only);
    for (int empties : {kind.cells, kind.cells - 2, kind.cells - 3}) {
      Position start = empties == kind.cells ? Position(game) : testing::random_position(game, empties, random);
      if (start.over()) continue;
      const bool maker_to_move = start.to_move() == 0;
      const int value = testing::reference_solve(start).value;
      const bool expected_breaker = maker_to_move ? value < 0 : value > 0;
      const TileGame tiles(game);
      TileSearch search(tiles);
      const bool found = search.breaker_wins(start);
      const std::string where = game.spec + " from \"" + format_turns(game, start.history()) + "\"";
      ASSERT_EQ(found, expected_breaker) << where;
      (found ? breaker_wins : maker_wins) += 1;
      const CheckReport report = check_certificate(game, tile_certificate(search, start, found));
      ASSERT_TRUE(report.ok) << where << ": " << report.error;
      EXPECT_EQ(report.proves, found ? "second-player-win" : "first-player-win") << where;
    }
  }
  // Both outcomes met, so neither half of the search goes untested (the maker's wins
  // under b=2 need denser games: MakerWinsWhenMoreLinesGoOverThanHePlaced).
  EXPECT_GT(breaker_wins, 0);
  if (kind.both_outcomes) {
    EXPECT_GT(maker_wins, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Kinds, TileSearchKinds, ::testing::ValuesIn(kKinds), [](const auto& info) {
  std::string name = info.param.name;
  for (char& c : name)
    if (c == ' ') c = '_';
  return name;
});

// Under b=N the maker wins by sending more lines over the bound than he placed stones:
// every (b + 1)-set of n cells a line, each with its own breaker-only cell, and the
// maker takes all n cells at once (C(n, b + 1) > n lines over, n answers).
TEST(TileSearchBound, MakerWinsWhenMoreLinesGoOverThanHePlaced) {
  for (const auto& [n, b] : {std::pair{4, 1}, std::pair{5, 2}}) {
    std::vector<Line> lines;
    for (unsigned set = 0; set < (1u << n); ++set)
      if (std::popcount(set) == b + 1) {
        Line line;
        for (int c = 0; c < n; ++c)
          if (set >> c & 1) line.push_back(c);
        line.push_back(n + static_cast<int>(lines.size()));
        lines.push_back(line);
      }
    const int cells = n + static_cast<int>(lines.size());
    Game game = testing::tile_game(cells, lines, Rules{.goal = Goal::MakerBreaker, .stones_per_turn = 0,
                                                       .first_turn_stones = 0, .maker_threshold = b});
    for (int c = n; c < cells; ++c) game.breaker_only.push_back(c);
    Position start(game);
    EXPECT_GT(testing::reference_solve(start).value, 0) << "minimax: the maker wins with b = " << b;
    const TileGame tiles(game);
    TileSearch search(tiles);
    ASSERT_FALSE(search.breaker_wins(start)) << "b = " << b;
    const CheckReport report = check_certificate(game, tile_certificate(search, start, false));
    EXPECT_TRUE(report.ok) << report.error;
  }
}

// The forest rule read by the search (bit masks) and by the checker (cell lists) agree,
// and where it holds the breaker does win (minimax).
TEST(TileForestRule, SearchAndCheckerAgreeAndTheRuleIsSound) {
  SplitMix64 random(0xf0e57);
  int held = 0;
  for (const Kind& kind : kKinds) {
    for (int g = 0; g < (testing::sanitized() ? 4 : 25); ++g) {
      const Game game = random_tile_game(random, kind.cells, 2 + static_cast<int>(random.below(4)), kind.longest,
                                         kind.rules, kind.breaker_only);
      const TileGame tiles(game);
      TileSearch search(tiles);
      for (int empties = kind.cells; empties >= 2; --empties) {
        Position position = testing::random_position(game, empties, random);
        if (position.to_move() != 0 || position.over()) continue;
        CellMask maker = 0, breaker = 0;
        for (Cell c = 0; c < game.cell_count(); ++c) {
          if (position.owner(c) == 0) maker |= bit(c);
          if (position.owner(c) == 1) breaker |= bit(c);
        }
        const bool checker = breaker_holds_by_forest(position);
        ASSERT_EQ(search.forest_rule(maker, breaker, position.turns_played() == 0), checker)
            << game.spec << " after \"" << format_turns(game, position.history()) << "\"";
        if (!checker) continue;
        ++held;
        ASSERT_LT(testing::reference_solve(position).value, 0)
            << "the forest rule claims a maker's loss he avoids: " << game.spec << " after \""
            << format_turns(game, position.history()) << "\"";
      }
    }
  }
  EXPECT_GT(held, 20);
}

// Chiang, Wu and Lin's Lemma 1 on the reconstruction of B2 (../shared/data/tiles): the
// breaker holds against one or two stones a turn, and on the control rectangle (rows,
// columns, both diagonals) the maker wins. Both certificates pass the checker.
TEST(TileSearchB2, TheBreakerHoldsB2AndLosesTheRectangle) {
  const std::string dir = std::string(KINROW_DATA_DIR) + "/tiles/";
  const Game b2 = make_game("file:" + dir + "b2-reconstruction.json,maker-breaker,p=1..2");
  const TileGame b2_tiles(b2);
  TileSearch b2_search(b2_tiles);
  EXPECT_TRUE(b2_search.breaker_wins(Position(b2)));
  if (!testing::sanitized()) {
    const CheckReport report = check_certificate(b2, tile_certificate(b2_search, Position(b2), true));
    EXPECT_TRUE(report.ok) << report.error;
    EXPECT_LT(report.positions_checked, 844618u) << "the paper's published proof tree";
  }
  const Game rectangle = make_game("file:" + dir + "rectangle-6x4-control.json,maker-breaker,p=1..2");
  const TileGame rectangle_tiles(rectangle);
  TileSearch rectangle_search(rectangle_tiles);
  EXPECT_FALSE(rectangle_search.breaker_wins(Position(rectangle)));
  const CheckReport report = check_certificate(rectangle, tile_certificate(rectangle_search, Position(rectangle), false));
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.proves, "first-player-win");
}

}  // namespace
}  // namespace kinrow
