// The threat-space search for any p (threats/threat_space.h) against alpha-beta, on
// random positions of small boards: every win it claims is a win, and every zone it
// reports is sound — a defender turn with no stone in the null move's zone (or, with one
// stone placed, none in that seminull move's zone) loses against best play.
#include <gtest/gtest.h>

#include "games/board_dispatch.h"
#include "games/families.h"
#include "test_support.h"
#include "threats/threat_space.h"

namespace kinrow {
namespace {

using testing::alphabeta_value;
using testing::random_position;

BoardOptions threat_board_options(const Game& game) {
  BoardOptions options;
  options.near = game.rules.stones_per_turn + ZoneProfile<1>::kMaxExtra;
  return options;
}

// Whether `turn` has no stone in `zone`.
bool outside(const Turn& turn, const Bits<1>& zone) {
  for (Cell c : turn)
    if (zone.test(c)) return false;
  return true;
}

struct ThreatCase {
  const char* spec;
  int empties;  // random positions with this many empty cells, or one more (both sides to move)
  int order;
};

class ThreatSpace : public ::testing::TestWithParam<ThreatCase> {};

TEST_P(ThreatSpace, WinsAreWinsAndZonesAreSound) {
  const ThreatCase c = GetParam();
  const Game game = make_game(c.spec);
  const BoardTables tables(game, threat_board_options(game));
  ThreatSpaceSearch<1> search(tables);
  SplitMix64 random(20261126);
  const int p = game.rules.stones_per_turn;
  int wins = 0, zones = 0, turns_checked = 0;
  const int positions = testing::sanitized() ? 30 : 100;
  for (int i = 0; i < positions; ++i) {
    Position position = random_position(game, c.empties + (i & 1), random);
    Board<1> board = testing::board_of<1>(tables, position);
    const int mover = position.to_move();
    // The side to move: a claimed win is a win.
    if (search.wins(board, mover, position.stones_this_turn(), c.order)) {
      ++wins;
      EXPECT_EQ(alphabeta_value(position), Value::Win) << c.spec << " after " << format_turns(game, position.history());
    }
    // The opponent, were the side to move to pass: every turn outside the zone loses.
    ZoneProfile<1> zone;
    if (position.stones_this_turn() != p || !search.wins(board, 1 - mover, p, c.order, &zone)) continue;
    ++zones;
    for (const Turn& turn : position.legal_turns()) {
      if (!outside(turn, zone.at[p])) continue;
      position.play(turn);
      if (!position.over()) {
        ++turns_checked;
        EXPECT_EQ(alphabeta_value(position), Value::Win)
            << c.spec << " after " << format_turns(game, position.history()) << ": a turn outside the zone holds";
      } else {
        EXPECT_EQ(position.winner(), 1 - mover) << "a turn outside the zone wins for the defender";
      }
      position.undo();
    }
  }
  // The cases are chosen so that both questions are asked often.
  EXPECT_GT(wins, positions / 20) << c.spec;
  EXPECT_GT(zones, positions / 20) << c.spec;
  EXPECT_GT(turns_checked, 0);
}

INSTANTIATE_TEST_SUITE_P(Boards, ThreatSpace,
                         ::testing::Values(ThreatCase{"mnk:6x6x4", 16, 1}, ThreatCase{"mnk:6x6x4", 16, 2},
                                           ThreatCase{"mnk:6x6x4,maker-breaker", 16, 2},
                                           ThreatCase{"mnk:5x5x4,p=2,q=1", 13, 1},
                                           ThreatCase{"mnk:5x5x4,p=2,q=1", 13, 2},
                                           ThreatCase{"mnk:6x5x5,p=2,q=1", 14, 3}));

}  // namespace
}  // namespace kinrow
