// The tile games' rules (Chiang, Wu and Lin): the maker chooses each turn's size and the
// breaker answers with as many (p=1..P, Definition 1), or the maker places any number off
// the breaker-only cells and loses a line when, with him to move, it holds more than b of
// his stones (b=N, Definition 2). Spec strings, the reference rules, move notation, the
// turn the checker reads from stone counts, and the symmetries that keep breaker-only
// cells apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "core/error.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/spec.h"
#include "core/symmetry.h"
#include "games/families.h"
#include "tile_games.h"

namespace kinrow {
namespace {

using testing::tile_game;

TEST(TileRules, SpecsParseAndFormatBack) {
  for (const std::string spec : {"file:t.json,maker-breaker,p=1..2", "file:t.json,maker-breaker,b=1",
                                 "mnk:5x4x4,maker-breaker,p=1..3"})
    EXPECT_EQ(format_spec(parse_spec(spec)), spec);
  const GameSpec picks = parse_spec("file:t.json,p=1..2,maker-breaker");
  EXPECT_TRUE(picks.rules.maker_picks_count);
  EXPECT_EQ(picks.rules.stones_per_turn, 2);
  const GameSpec bound = parse_spec("file:t.json,maker-breaker,b=2");
  EXPECT_EQ(bound.rules.maker_threshold, 2);
  EXPECT_TRUE(breaker_answers_in_kind(bound.rules));
  // One to one stone is one stone.
  EXPECT_EQ(format_spec(parse_spec("mnk:3x3x3,maker-breaker,p=1..1")), "mnk:3x3x3,maker-breaker");
}

TEST(TileRules, SpecsRejectWhatTheRulesDoNotCover) {
  for (const std::string spec : {"mnk:4x4x3,p=1..2", "mnk:4x4x3,misere,b=1", "mnk:4x4x3,maker-breaker,p=1..2,b=1",
                                 "mnk:4x4x3,maker-breaker,b=1,p=2", "mnk:4x4x3,maker-breaker,p=1..2,q=1",
                                 "mnk:4x4x3,maker-breaker,gravity,p=1..2", "mnk:4x4x3,maker-breaker,p=1..x"})
    EXPECT_THROW(parse_spec(spec), InputError) << spec;
}

TEST(TileRules, TheMakerPicksOneToPAndTheBreakerAnswersWithAsMany) {
  const Game game = tile_game(5, {{0, 1, 2}, {2, 3, 4}}, Rules{.goal = Goal::MakerBreaker, .stones_per_turn = 2,
                                                            .first_turn_stones = 2, .maker_picks_count = true});
  Position position(game);
  EXPECT_EQ(position.fewest_stones_this_turn(), 1);
  EXPECT_EQ(position.stones_this_turn(), 2);
  EXPECT_EQ(position.legal_turns().size(), 5u + 10u);
  position.play({2});
  EXPECT_EQ(position.stones_this_turn(), 1);
  EXPECT_EQ(position.fewest_stones_this_turn(), 1);
  EXPECT_NE(position.why_illegal({0, 1}), "");
  position.play({0});
  position.play({3, 4});
  EXPECT_TRUE(position.over());  // the maker owns c1 d1 e1
  EXPECT_EQ(position.winner(), 0);
}

TEST(TileRules, NotationEndsTheMakersTurnAtASeparator) {
  const Game game = tile_game(5, {{0, 1, 2}, {2, 3, 4}}, Rules{.goal = Goal::MakerBreaker, .stones_per_turn = 2,
                                                            .first_turn_stones = 2, .maker_picks_count = true});
  const Position position = play_moves(game, "c1 a1 d1e1");
  ASSERT_EQ(position.turns_played(), 3);  // c1 | a1 | d1 e1
  EXPECT_EQ(position.history()[2], (Turn{3, 4}));
  EXPECT_TRUE(position.over());
  EXPECT_THROW(play_moves(game, "c1 a1 d1e1 b1"), InputError) << "the game ended with d1 e1";
  EXPECT_EQ(play_moves(game, "c1d1").turns_played(), 1) << "two stones without a separator: one turn";
  const Position two = play_moves(game, "a1b1 c1d1");
  EXPECT_EQ(format_turns(game, two.history()), "a1b1 c1d1");
  EXPECT_EQ(play_moves(game, format_turns(game, two.history())).history(), two.history());
}

TEST(TileRules, UnderABoundTheMakerLosesALineOnlyAfterTheAnswer) {
  // Two lines of two cells, each with a breaker-only cell (4 and 5), bound 1.
  Game game = tile_game(6, {{0, 1, 4}, {2, 3, 5}}, Rules{.goal = Goal::MakerBreaker, .maker_threshold = 1});
  game.breaker_only = {4, 5};
  Position position(game);
  EXPECT_EQ(position.stones_this_turn(), 4);  // any number of his four cells
  EXPECT_FALSE(position.playable(4));
  EXPECT_NE(position.why_illegal({0, 4}), "");
  position.play({0, 1});
  EXPECT_FALSE(position.over());  // two on a line, but the breaker answers first
  EXPECT_EQ(position.stones_this_turn(), 2);
  EXPECT_TRUE(position.playable(4));  // breaker-only cells are his
  position.play({4, 2});  // spoils the loaded line
  EXPECT_FALSE(position.over());
  EXPECT_EQ(position.stones_this_turn(), 1);  // d1, the maker's last cell
  position.undo();
  position.play({2, 5});  // spoils the other line: a1 b1 stay two on a live line
  EXPECT_TRUE(position.over());
  EXPECT_EQ(position.winner(), 0);
}

TEST(TileRules, TheCheckerReadsTheTurnFromTheStoneCounts) {
  const Game game = tile_game(5, {{0, 1, 2}, {2, 3, 4}}, Rules{.goal = Goal::MakerBreaker, .stones_per_turn = 2,
                                                            .first_turn_stones = 2, .maker_picks_count = true});
  auto due = [&](std::vector<int8_t> owner) { return turn_due(game, owner); };
  const auto maker = due({-1, -1, -1, -1, -1});
  ASSERT_TRUE(maker);
  EXPECT_EQ(maker->player, 0);
  EXPECT_EQ(maker->fewest, 1);
  EXPECT_EQ(maker->most, 2);
  const auto breaker = due({0, 0, -1, -1, -1});
  ASSERT_TRUE(breaker);
  EXPECT_EQ(breaker->player, 1);
  EXPECT_EQ(breaker->most, 2);
  EXPECT_FALSE(due({0, 0, 0, -1, -1})) << "three maker stones ahead: no turn places three";
  EXPECT_FALSE(due({1, -1, -1, -1, -1})) << "the breaker never leads";
}

TEST(TileRules, SymmetriesKeepBreakerOnlyCellsApart) {
  // Two lines of two cells sharing nothing, each with an extra cell: as plain lines the
  // extra cells are twins of their lines' cells; breaker-only, they are not.
  Game game = tile_game(6, {{0, 1, 4}, {2, 3, 5}}, Rules{.goal = Goal::MakerBreaker, .maker_threshold = 1});
  const std::size_t plain = automorphisms(game).size();
  game.breaker_only = {4, 5};
  const SymmetryGroup group = automorphisms(game);
  EXPECT_LT(group.size(), plain);
  for (const Permutation& map : group.maps) {
    EXPECT_TRUE(map[4] == 4 || map[4] == 5);
    EXPECT_TRUE(map[5] == 4 || map[5] == 5);
  }
  EXPECT_EQ(group.size(), 8u);  // swap each line's two cells, swap the lines
}

// The windows of Theorem 2's boards: BN(L)'s whole columns and diagonals, BNX(L)'s and
// BrecX's breaker-only cells, one a line.
TEST(TileBoards, WindowsHoldTheirWholeLines) {
  const Game bn = make_game("bn:4x7,maker-breaker,p=1..2");
  EXPECT_EQ(bn.cell_count(), 28);
  EXPECT_EQ(bn.line_count(), 7 + 4);  // 7 columns, diagonals starting at columns 0..3
  for (const Line& line : bn.lines) EXPECT_EQ(line.size(), 4u);
  const Game bnx = make_game("bnx:3x5,maker-breaker,b=2");
  EXPECT_EQ(bnx.line_count(), 5 + 3);
  EXPECT_EQ(bnx.breaker_only.size(), 8u);
  for (const Line& line : bnx.lines) {
    EXPECT_EQ(line.size(), 4u);
    int only = 0;
    for (Cell c : line) only += std::binary_search(bnx.breaker_only.begin(), bnx.breaker_only.end(), c);
    EXPECT_EQ(only, 1);
  }
  const Game recx = make_game("recx:2x3,maker-breaker,b=1");
  EXPECT_EQ(recx.cell_count(), 6 + 5);
  EXPECT_EQ(recx.line_count(), 5);
  EXPECT_THROW(make_game("bnx:3x5,maker-breaker"), InputError) << "breaker-only cells need b=N or p=1..P";
}

}  // namespace
}  // namespace kinrow
