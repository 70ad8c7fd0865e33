// Zones of disproofs (search/dfpn.cpp): at the attacker's turns, a move outside a refuted
// sibling's zone is refuted with it, unsearched. The values must be those of df-pn
// without zones, and of alpha-beta where it is quick, on random positions of boards where
// the zones cut (one stone a turn, normal goal).

#include <gtest/gtest.h>

#include "core/notation.h"
#include "games/families.h"
#include "search/dfpn.h"
#include "search/dfpn_solve.h"
#include "dfpn_games.h"
#include "test_support.h"

namespace kinrow {
namespace {

class DisproofZones : public ::testing::TestWithParam<const char*> {};

TEST_P(DisproofZones, KeepEveryValue) {
  const Game game = make_game(GetParam());
  SplitMix64 random(1128);
  const int trials = testing::sanitized() ? 6 : 150;
  for (int trial = 0; trial < trials; ++trial) {
    const int empties = 8 + static_cast<int>(random.below(game.cell_count() - 8));
    const Position position = testing::random_position(game, empties, random);
    DfpnOptions options;
    options.table_megabytes = 8;
    const DfpnResult with = dfpn_solve(position, options);
    options.disproof_zones = false;
    const DfpnResult without = dfpn_solve(position, options);
    ASSERT_TRUE(with.complete && without.complete);
    const std::string where = std::string(GetParam()) + " after \"" + format_turns(game, position.history()) + "\"";
    EXPECT_EQ(with.value, without.value) << where;
    if (empties <= 14) {
      EXPECT_EQ(with.value, testing::alphabeta_value(position)) << where;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Boards, DisproofZones,
                         ::testing::Values("mnk:5x5x4", "mnk:6x5x4", "mnk:6x6x5", "mnk:7x6x5"),
                         testing::spec_test_name);

// They act: on the empty 5x5 board (a draw; one thread, so the same nodes every run) the
// disproofs take fewer nodes with them. A sign they refute moves, not a speed claim.
TEST(DisproofZones, RefuteMovesUnsearched) {
  const Game game = make_game("mnk:5x5x4");
  DfpnOptions options;
  options.table_megabytes = 8;
  const DfpnResult with = dfpn_solve(Position(game), options);
  options.disproof_zones = false;
  const DfpnResult without = dfpn_solve(Position(game), options);
  EXPECT_EQ(with.value, Value::Draw);
  EXPECT_EQ(without.value, Value::Draw);
  EXPECT_LT(with.nodes, without.nodes);
}

// Every move the zones refuted at the root, unsearched, replayed: the attacker does not win
// after it (alpha-beta), on random positions where he is to move and does not win.
TEST(DisproofZones, EveryMoveTheyRefuteIsNoWinForTheAttacker) {
  int refuted = 0;
  for (const char* spec : {"mnk:5x5x4", "mnk:6x6x5", "mnk:7x6x5"}) {
    const Game game = make_game(spec);
    const BoardTables tables(game, dfpn_board_options(game, {}));
    SplitMix64 random(2811);
    for (int trial = 0; trial < (testing::sanitized() ? 60 : 500); ++trial) {
      const Position position = testing::random_position(game, 12 + static_cast<int>(random.below(8)), random);
      Board<1> board = testing::board_of<1>(tables, position);
      const int attacker = board.to_move();
      DfpnOptions options;
      options.table_megabytes = 4;
      Dfpn<1> dfpn(tables, options);
      if (dfpn.attacker_wins(board, attacker) != std::optional<bool>(false)) continue;
      for (const auto& child : dfpn.root_children()) {
        if (!child.by_zone) continue;
        ++refuted;
        Position after = position;
        after.play(Turn{child.move});
        const bool attacker_wins = after.over() ? after.winner() == attacker
                                                : testing::alphabeta_value(after) == Value::Loss;
        EXPECT_FALSE(attacker_wins) << spec << " after \"" << format_turns(game, position.history()) << "\" then "
                                    << format_turns(game, after.history());
      }
    }
  }
  EXPECT_GT(refuted, 0);  // the zones did refute moves at these roots
}

// Where owning more could hurt the attacker (an overline does not win, misère) or a cell
// is not playable at once (gravity), there are no zones: the values are df-pn's either way.
TEST(DisproofZones, AreOffWhereOwningMoreCanHurt) {
  for (const char* spec : {"mnk:5x3x3,exact", "mnk:4x3x3,misere", "connect:5x4x4"}) {
    const Game game = make_game(spec);
    DfpnOptions options;
    options.table_megabytes = 4;
    const DfpnResult with = dfpn_solve(Position(game), options);
    options.disproof_zones = false;
    const DfpnResult without = dfpn_solve(Position(game), options);
    EXPECT_EQ(with.value, without.value) << spec;
    EXPECT_EQ(with.nodes, without.nodes) << spec;
  }
}

}  // namespace
}  // namespace kinrow
