// Zones of disproofs (search/dfpn.cpp): at the attacker's turns, a move outside a refuted
// sibling's zone is refuted with it, unsearched. The values must be those of df-pn
// without zones, and of alpha-beta where it is quick, on random positions of boards where
// the zones cut (normal goal; one stone a turn and two).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/notation.h"
#include "games/families.h"
#include "games/urgent_moves.h"
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
  // Two stones a turn: fewer positions, of at most 24 empty cells (on 6x5 of five, one of
  // 27 took df-pn 1.3 M nodes).
  const bool one_stone = game.rules.stones_per_turn == 1;
  const int trials = testing::sanitized() ? 6 : (one_stone ? 150 : 60);
  const int most_empties = one_stone ? game.cell_count() : std::min(game.cell_count(), 24);
  for (int trial = 0; trial < trials; ++trial) {
    const int empties = 8 + static_cast<int>(random.below(most_empties - 8 + 1));
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
                         ::testing::Values("mnk:5x5x4", "mnk:6x5x4", "mnk:6x6x5", "mnk:7x6x5", "mnk:5x5x4,p=2,q=1",
                                           "mnk:6x5x5,p=2,q=1", "mnk:5x5x4,p=1,q=2", "mnk:5x5x4,p=2,q=3"),
                         testing::spec_test_name);

// They act: on the empty 7x6 board of five in a row (a draw; one thread, so the same
// nodes every run) the disproof takes fewer nodes with them. A sign they refute moves, not
// a speed claim: how much they save depends on the order df-pn meets the moves (on the
// 5x5 board of four they once saved 1 %, and after a change to the pairing search's order
// cost 1 % instead).
TEST(DisproofZones, RefuteMovesUnsearched) {
  const Game game = make_game("mnk:7x6x5");
  DfpnOptions options;
  options.table_megabytes = 8;
  const DfpnResult with = dfpn_solve(Position(game), options);
  options.disproof_zones = false;
  const DfpnResult without = dfpn_solve(Position(game), options);
  EXPECT_EQ(with.value, Value::Draw);
  EXPECT_EQ(without.value, Value::Draw);
  EXPECT_LT(with.nodes, without.nodes);
}

// Whether `attacker` can force a win, by plain minimax over the reference rules with a
// table of positions seen (the naive reference, made fast enough for a dozen empty cells).
bool attacker_forces_win(Position& position, int attacker, std::unordered_map<std::string, bool>& seen) {
  if (position.over()) return position.winner() == attacker;
  std::string key(position.game().cell_count() + 1, '.');
  for (int c = 0; c < position.game().cell_count(); ++c) key[c] = static_cast<char>('0' + position.owner(c) + 1);
  key.back() = static_cast<char>('0' + position.to_move());
  if (const auto known = seen.find(key); known != seen.end()) return known->second;
  const bool attacker_moves = position.to_move() == attacker;
  bool wins = !attacker_moves;
  for (const Turn& turn : position.legal_turns()) {
    position.play(turn);
    const bool child = attacker_forces_win(position, attacker, seen);
    position.undo();
    if (child == attacker_moves) {
      wins = child;
      break;
    }
  }
  seen.emplace(std::move(key), wins);
  return wins;
}

// Whether the attacker to move at the start of a turn wins after `stone`, the first stone
// of his turn: after some turn that begins with it, alpha-beta says the defender loses.
bool attacker_wins_after(const Position& position, Cell stone) {
  const int attacker = position.to_move();
  for (const Turn& turn : position.legal_turns()) {
    if (std::find(turn.begin(), turn.end(), stone) == turn.end()) continue;
    Position after = position;
    after.play(turn);
    if (after.over() ? after.winner() == attacker : testing::alphabeta_value(after) == Value::Loss) return true;
  }
  return false;
}

// Every move the zones refuted at the root, unsearched, replayed: the attacker does not win
// after it, on random positions where he is to move and does not win.
TEST(DisproofZones, EveryMoveTheyRefuteIsNoWinForTheAttacker) {
  int refuted[2] = {};  // by stones a turn
  for (const char* spec : {"mnk:5x5x4", "mnk:6x6x5", "mnk:7x6x5", "mnk:6x5x5,p=2,q=1"}) {
    const Game game = make_game(spec);
    const BoardTables tables(game, dfpn_board_options(game, {}));
    SplitMix64 random(2811);
    // Two stones a turn: each refuted stone has a dozen turns to replay, a fraction of a
    // second each on 6x5 of five (eight seconds under the sanitizers), so the test stops
    // at a number of them, within a root too (one root refuted a dozen stones).
    const bool one_stone = game.rules.stones_per_turn == 1;
    const int trials = testing::sanitized() ? (one_stone ? 25 : 400) : 500;
    const int enough = one_stone ? trials : (testing::sanitized() ? 2 : 20);
    int& count = refuted[game.rules.stones_per_turn - 1];
    for (int trial = 0; trial < trials && count < enough; ++trial) {
      const Position position = testing::random_position(game, 12 + static_cast<int>(random.below(8)), random);
      Board<1> board = testing::board_of<1>(tables, position);
      const int attacker = board.to_move();
      DfpnOptions options;
      options.table_megabytes = 4;
      Dfpn<1> dfpn(tables, options);
      if (dfpn.attacker_wins(board, attacker) != std::optional<bool>(false)) continue;
      for (const auto& child : dfpn.root_children()) {
        if (!child.by_zone) continue;
        if (count == enough) break;
        ++count;
        EXPECT_FALSE(attacker_wins_after(position, child.move))
            << spec << " after \"" << format_turns(game, position.history()) << "\" then "
            << format_turns(game, {Turn{child.move}});
      }
    }
  }
  EXPECT_GT(refuted[0], 0);  // the zones did refute moves at these roots, one stone a turn
  EXPECT_GT(refuted[1], 0);  // and two
}

// `position` with each of `cells` given to `attacker` as a stone, a turn of its own (the
// rest of it withheld), the other side passing in turn: the same side is to move after.
// It stops where the given stones complete a line (the game is then over).
Position with_cells_given(const Position& position, int attacker, const Bits<1>& cells) {
  Position given = position;
  auto give = [&given](Cell c) {
    if (given.stones_this_turn() == 1) given.play(Turn{c});
    else given.play_withheld(Turn{c});
  };
  for (const Cell c : cells) {
    if (given.over()) break;
    if (given.to_move() == attacker) {
      give(c);
      if (!given.over()) given.play_withheld({});
    } else {
      given.play_withheld({});
      if (!given.over()) give(c);
    }
  }
  return given;
}

// The property the zones rest on, at the root of random disproofs: the cells a disproof
// says it does not need, all given to the attacker at once with the same side to move,
// leave him without a win, as the naive reference judges it. The zones come from whatever
// decided the nodes below (forced blocks, whose pruning needs the attacker's lines through
// their cell; pairings; the union at the attacker's turns): replacing any of those three
// by a wrong one made this test fail.
TEST(DisproofZones, HoldWithTheAttackerOwningAllTheirIrrelevantCells) {
  int checked[2] = {};  // by stones a turn
  for (const char* spec : {"mnk:4x4x3", "mnk:5x5x4", "mnk:6x5x4", "mnk:5x5x4,p=2,q=1", "mnk:6x5x5,p=2,q=1"}) {
    const Game game = make_game(spec);
    const BoardTables tables(game, dfpn_board_options(game, {}));
    SplitMix64 random(2911);
    for (int trial = 0; trial < (testing::sanitized() ? 150 : 600); ++trial) {
      const Position position = testing::random_position(game, 7 + static_cast<int>(random.below(5)), random);
      const int attacker = static_cast<int>(random.below(2));
      Board<1> board = testing::board_of<1>(tables, position);
      DfpnOptions options;
      options.table_megabytes = 4;
      Dfpn<1> dfpn(tables, options);
      if (dfpn.attacker_wins(board, attacker) != std::optional<bool>(false) || dfpn.root_irrelevant().none()) continue;
      ++checked[game.rules.stones_per_turn - 1];
      // (Where he completed a line with them, the check below says so.)
      Position given = with_cells_given(position, attacker, dfpn.root_irrelevant());
      Turn cells;
      for (const Cell c : dfpn.root_irrelevant()) cells.push_back(c);
      std::unordered_map<std::string, bool> seen;
      EXPECT_FALSE(attacker_forces_win(given, attacker, seen))
          << spec << " after \"" << format_turns(game, position.history()) << "\", attacker "
          << (attacker == 0 ? "x" : "o") << ", given " << format_turns(game, {cells});
    }
  }
  EXPECT_GT(checked[0], 50);  // disproofs with cells to give, one stone a turn
  EXPECT_GT(checked[1], 20);  // and two
}

// The same in the middle of a turn of two stones: the attacker has placed one stone s
// and has one left. A disproof there, with its irrelevant cells given to him, must leave
// him no turn {s, d} that wins.
TEST(DisproofZones, HoldInTheMiddleOfATurn) {
  int checked = 0;
  for (const char* spec : {"mnk:5x5x4,p=2,q=1", "mnk:6x5x5,p=2,q=1"}) {
    const Game game = make_game(spec);
    const BoardTables tables(game, dfpn_board_options(game, {}));
    SplitMix64 random(3011);
    for (int trial = 0; trial < (testing::sanitized() ? 100 : 400); ++trial) {
      const Position position = testing::random_position(game, 8 + static_cast<int>(random.below(5)), random);
      const int attacker = position.to_move();
      if (position.stones_this_turn() != 2) continue;
      Board<1> board = testing::board_of<1>(tables, position);
      std::vector<Cell> empty;
      for (const Cell c : board.empty()) empty.push_back(c);
      const Cell s = empty[random.below(empty.size())];
      if (board.result_after(attacker, board.place(s)) != kGoesOn) continue;
      DfpnOptions options;
      options.table_megabytes = 4;
      Dfpn<1> dfpn(tables, options);
      if (dfpn.attacker_wins(board, attacker) != std::optional<bool>(false) || dfpn.root_irrelevant().none()) continue;
      ++checked;
      const Position given = with_cells_given(position, attacker, dfpn.root_irrelevant());
      const std::string where = std::string(spec) + " after \"" + format_turns(game, position.history()) + "\" and " +
                                format_cell(game, s);
      if (given.over()) {
        EXPECT_NE(given.winner(), attacker) << where;
        continue;
      }
      std::unordered_map<std::string, bool> seen;
      for (const Turn& turn : given.legal_turns()) {
        if (std::find(turn.begin(), turn.end(), s) == turn.end()) continue;
        Position after = given;
        after.play(turn);
        EXPECT_FALSE(attacker_forces_win(after, attacker, seen)) << where << " then " << format_turns(game, {turn});
      }
    }
  }
  EXPECT_GT(checked, 20);  // mid-turn disproofs with cells to give
}

// Two stones a turn: a loss to threats reads every cell of them. On one row of 37 cells
// with four in a row, White (o) holds o o _ _ o o _ _ o o _ _ o o from the first cell:
// three disjoint pairs of empty cells, each completing three of his fours (and the pairs
// across the o o's two more). Black (x) to move, with two stones, cannot stop them all.
// Then x, and x x o six times, which leave neither side a four, and four empty cells, x's
// one open line. So the disproof of "x wins" needs the six cells of the threats and three
// of x's line; only the last cell is irrelevant. Before, a loss read the stones that keep
// the threats answerable: none here, and the six cells were given to the attacker.
TEST(DisproofZones, NeedEveryCellOfTheThreatsALossReads) {
  const Game game = make_game("mnk:37x1x4,p=2,q=1");
  const BoardTables tables(game, dfpn_board_options(game, {}));
  Stones<1> stones;
  for (const Cell c : {0, 1, 4, 5, 8, 9, 12, 13}) stones.place(1, c);
  stones.place(0, 14);
  for (Cell c = 15; c < 33; c += 3) {
    stones.place(0, c);
    stones.place(0, c + 1);
    stones.place(1, c + 2);
  }
  Board<1> board = testing::board_at<1>(tables, stones);
  ASSERT_EQ(board.to_move(), 0);
  ASSERT_TRUE(board.at_turn_start());
  ASSERT_EQ(urgent_moves(board).urgency, Urgency::Lost);
  DfpnOptions options;
  options.table_megabytes = 4;
  Dfpn<1> dfpn(tables, options);
  ASSERT_EQ(dfpn.attacker_wins(board, 0), std::optional<bool>(false));
  EXPECT_EQ(dfpn.root_irrelevant(), Bits<1>::single(36));
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
