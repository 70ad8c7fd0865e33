// Holding the opponent off with several stones a turn: tuples of p + 1 cells (the pairing
// rule for p stones: df-pn's search/line_tuples.h against the checker's
// proof/pairing_rule.h) and covers (search/line_cover.h: the stones left of a turn spoil
// every open line). Each claim is checked three ways: the two implementations agree, the
// cells they name do what the rule says (read off the lines here), and alpha-beta finds
// that the opponent indeed does not win.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/notation.h"
#include "engine/sgf.h"
#include "engine/sgf_proof.h"
#include "games/board.h"
#include "games/board_tables.h"
#include "games/families.h"
#include "proof/checker.h"
#include "proof/pairing_rule.h"
#include "search/dfpn_solve.h"
#include "search/line_cover.h"
#include "search/line_tuples.h"
#include "search/solver.h"
#include "dfpn_games.h"
#include "line_sets.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::alphabeta_value;
using testing::line_sets;

bool holds_a_stone_of(const Position& position, const Line& line, int player) {
  return std::any_of(line.begin(), line.end(), [&](Cell c) { return position.owner(c) == player; });
}

// Alpha-beta's word that `opponent` does not win from `position` (small enough to solve).
bool opponent_does_not_win(const Position& position, int opponent) {
  const Value v = alphabeta_value(position);
  return position.to_move() == opponent ? v != Value::Win : v != Value::Loss;
}

class Tuples : public ::testing::TestWithParam<const char*> {};

TEST_P(Tuples, BothImplementationsAgreeAndTheOpponentNeverWins) {
  const Game game = make_game(GetParam());
  const std::vector<Bits<1>> lines = line_sets(game);
  const int size = game.rules.stones_per_turn + 1;
  LineTuples<1> search;
  SplitMix64 random(7);
  int held = 0, shared = 0, solved = 0;
  for (int trial = 0; trial < (testing::sanitized() ? 150 : 600); ++trial) {
    const int empties = 3 + static_cast<int>(random.below(game.cell_count() - 3));
    const Position position = testing::random_position(game, empties, random);
    const Stones<1> s = stones_of<1>(position);
    const Bits<1> empty = Bits<1>::first_n(game.cell_count()).minus(s.occupied());
    for (int holder : game.rules.goal == Goal::MakerBreaker ? std::vector<int>{1} : std::vector<int>{0, 1}) {
      const std::string where = std::string(GetParam()) + " after \"" + format_turns(game, position.history()) +
                                "\", holder " + std::to_string(holder);
      const std::optional<std::vector<std::vector<Cell>>> tuples = opponent_line_tuples(position, holder);
      ASSERT_EQ(search.hold(lines, s.of(holder), empty, size), tuples.has_value()) << where;
      if (!tuples) continue;
      ++held;
      // The tuples: disjoint, empty, of p + 1 cells, one inside every open line.
      std::vector<int> tuple_of(game.cell_count(), -1);
      for (std::size_t i = 0; i < tuples->size(); ++i) {
        ASSERT_EQ(static_cast<int>((*tuples)[i].size()), size) << where;
        for (Cell c : (*tuples)[i]) {
          EXPECT_EQ(position.owner(c), kNoPlayer) << where;
          EXPECT_EQ(tuple_of[c], -1) << where;
          tuple_of[c] = static_cast<int>(i);
        }
      }
      std::size_t open = 0;
      for (const Line& line : game.lines) {
        if (holds_a_stone_of(position, line, holder)) continue;
        ++open;
        const bool inside = std::any_of(tuples->begin(), tuples->end(), [&](const std::vector<Cell>& t) {
          return std::all_of(t.begin(), t.end(), [&](Cell c) { return std::find(line.begin(), line.end(), c) != line.end(); });
        });
        EXPECT_TRUE(inside) << where;
      }
      if (tuples->size() < open) ++shared;
      if (position.empty_count() <= 14) {
        ++solved;
        EXPECT_TRUE(opponent_does_not_win(position, 1 - holder)) << where;
      }
    }
  }
  EXPECT_GE(held, 10) << GetParam();
  EXPECT_GE(solved, 3) << GetParam();
  if (std::string(GetParam()).starts_with("mnk:5x4x4")) {
    EXPECT_GE(shared, 1) << "no tuple served two lines";
  }
}

INSTANTIATE_TEST_SUITE_P(Games, Tuples,
                         ::testing::Values("mnk:4x4x4,p=2,q=1", "mnk:5x4x4,p=2,q=1", "mnk:5x5x4,p=2,q=1", "mnk:5x5x5,p=2,q=1",
                                           "mnk:4x4x4,maker-breaker,p=2,q=1"),
                         testing::spec_test_name);

// Black's first turn of three stones touches three tuples, and White's turns of two
// cannot answer them all: before it the rule does not hold for White; after it, it may.
TEST(Tuples, NotBeforeAFirstTurnOfMoreStones) {
  const Game game = make_game("mnk:7x7x6,p=2,q=3");
  const Position empty(game);
  EXPECT_EQ(pairing_tuple_size(empty, 1), 0);
  EXPECT_FALSE(opponent_lines_paired(empty, 1));
  EXPECT_EQ(pairing_tuple_size(empty, 0), 3);
}

// A group shrinks to the cells it shares with a later line, and then another line
// starts a group of its own. The checker keeps its groups in one flat buffer, and each
// must keep its own cells: a slip there refused a job-level df-pn certificate, whose
// proof ends at this position by its tuples, while thousands of random positions had
// not met the case.
TEST(Tuples, AGroupThatShrankLeavesTheNextGroupItsOwnCells) {
  const Game game = make_game("mnk:5x5x4,p=2,q=1");
  const Position position = play_moves(game, "c3 c5b4 a5c4 c1d1 b5b1 d5d3 a4d4");
  const Stones<1> s = stones_of<1>(position);
  const Bits<1> empty = Bits<1>::first_n(game.cell_count()).minus(s.occupied());
  LineTuples<1> search;
  EXPECT_TRUE(search.hold(line_sets(game), s.of(0), empty, 3));
  EXPECT_TRUE(opponent_lines_paired(position, 0));
}

// Tile games' makers pick a turn's size or win by a count: no tuples for them (one stone
// a turn keeps its pairs).
TEST(Tuples, NotWhereTheMakerPicksTheTurnsSize) {
  EXPECT_FALSE(pairing_rule_applies(make_game("bnx:3x6,maker-breaker,b=2").rules));
  EXPECT_TRUE(pairing_rule_applies(make_game("mnk:7x7x6,p=2,q=1").rules));
  EXPECT_TRUE(pairing_rule_applies(make_game("mnk:4x4x4").rules));
}

class Covers : public ::testing::TestWithParam<const char*> {};

// Whether some `stones` empty cells hit every line free of `spoiler`'s stones, by trying
// every set of one or two.
bool some_cover(const Position& position, int spoiler, int stones) {
  const Game& game = position.game();
  std::vector<const Line*> open;
  for (const Line& line : game.lines)
    if (!holds_a_stone_of(position, line, spoiler)) open.push_back(&line);
  if (open.empty()) return false;  // nothing to cover: not the rule's case
  auto on = [](const Line* line, Cell c) { return std::find(line->begin(), line->end(), c) != line->end(); };
  for (Cell a = 0; a < game.cell_count(); ++a) {
    if (position.owner(a) != kNoPlayer) continue;
    for (Cell b = a; b < game.cell_count(); ++b) {
      if (position.owner(b) != kNoPlayer || (stones < 2 && b != a)) continue;
      if (std::all_of(open.begin(), open.end(), [&](const Line* l) { return on(l, a) || on(l, b); })) return true;
    }
  }
  return false;
}

TEST_P(Covers, FoundExactlyWhereSomeStonesSpoilEveryOpenLine) {
  const Game game = make_game(GetParam());
  const BoardTables tables(game);
  LineCover<1> cover(tables);
  SplitMix64 random(3);
  int covered = 0, solved = 0;
  for (int trial = 0; trial < (testing::sanitized() ? 150 : 500); ++trial) {
    const int empties = 3 + static_cast<int>(random.below(game.cell_count() - 3));
    const Position position = testing::random_position(game, empties, random);
    Board<1> board = testing::board_of<1>(tables, position);
    const int spoiler = board.to_move(), stones = board.stones_left_in_turn();
    const std::string where = std::string(GetParam()) + " after \"" + format_turns(game, position.history()) + "\"";
    const Bits<1> found = cover.find(board, spoiler, stones);
    EXPECT_EQ(found.any(), some_cover(position, spoiler, stones)) << where;
    if (found.none()) continue;
    ++covered;
    EXPECT_LE(found.count(), stones) << where;
    for (const Line& line : game.lines) {
      if (holds_a_stone_of(position, line, spoiler)) continue;
      EXPECT_TRUE(std::any_of(line.begin(), line.end(), [&](Cell c) { return found.test(c); })) << where;
    }
    for (Cell c : found) EXPECT_EQ(position.owner(c), kNoPlayer) << where;
    if (position.empty_count() <= 14) {
      ++solved;
      EXPECT_TRUE(opponent_does_not_win(position, 1 - spoiler)) << where;
    }
  }
  // With one stone a turn a cover is rare (a cell on every open line).
  EXPECT_GE(covered, game.rules.stones_per_turn == 1 ? 1 : 10) << GetParam();
  EXPECT_GE(solved, 1) << GetParam();
}

INSTANTIATE_TEST_SUITE_P(Games, Covers,
                         ::testing::Values("mnk:4x4x4,p=2,q=1", "mnk:5x5x5,p=2,q=1", "mnk:5x4x4,p=2,q=1",
                                           "mnk:4x4x3"),
                         testing::spec_test_name);

// Df-pn with both rules (its defaults) against alpha-beta on random positions of boards
// where they decide many nodes, and its certificates, which end play by tuples where the
// search did, accepted by the checker.
class SeveralStonesDfpn : public ::testing::TestWithParam<const char*> {};

TEST_P(SeveralStonesDfpn, AgreesWithAlphaBetaAndItsCertificatesCheck) {
  const Game game = make_game(GetParam());
  SplitMix64 random(29);
  int paired = 0;
  for (int trial = 0; trial < 30; ++trial) {  // milliseconds each
    const int empties = 6 + static_cast<int>(random.below(std::min(game.cell_count() - 6, 9)));
    const Position position = testing::random_position(game, empties, random);
    const std::string where = std::string(GetParam()) + " after \"" + format_turns(game, position.history()) + "\"";
    DfpnOptions options;
    options.table_megabytes = 4;
    const DfpnResult r = dfpn_solve(position, options, true);
    ASSERT_TRUE(r.complete) << where;
    EXPECT_EQ(r.value, alphabeta_value(position)) << where;
    ASSERT_TRUE(r.certificate.has_value()) << where;
    const CheckReport report = check_certificate(game, *r.certificate);
    EXPECT_TRUE(report.ok) << where << ": " << report.error;
    EXPECT_EQ(report.entries_unreached, 0u) << where;
    paired += report.paired_ends > 0;
  }
  EXPECT_GE(paired, 2) << GetParam() << ": no certificate ended play by tuples";
}

INSTANTIATE_TEST_SUITE_P(Games, SeveralStonesDfpn,
                         ::testing::Values("mnk:4x4x4,p=2,q=1", "mnk:5x4x4,p=2,q=1", "mnk:4x4x4,maker-breaker,p=2,q=1"),
                         testing::spec_test_name);

// Connect6's rules on the smallest boards, where nothing is published: df-pn settles
// 6x6 and 7x7 by tuples and covers, and the checker accepts both sides' certificates.
TEST(SmallConnect6, SixAndSevenAreDrawsWithCheckedCertificates) {
  for (const char* spec : {"mnk:6x6x6,p=2,q=1", "mnk:7x7x6,p=2,q=1"}) {
    const Game game = make_game(spec);
    const DfpnResult result = dfpn_solve(Position(game), DfpnOptions{}, true);
    ASSERT_TRUE(result.complete) << spec;
    EXPECT_EQ(result.value, Value::Draw) << spec;
    ASSERT_TRUE(result.certificate.has_value()) << spec;
    const CheckReport report = check_certificate(game, *result.certificate);
    EXPECT_TRUE(report.ok) << spec << ": " << report.error;
    EXPECT_GT(report.paired_ends, 0u) << spec;
    // The SGF tree of White's strategy says where and why play ends.
    SgfProofOptions second;
    second.holder = 1;
    SgfProofStats stats;
    const std::string sgf = write_sgf({proof_tree(game, *result.certificate, second, &stats)});
    EXPECT_GT(stats.other_ends, 0u) << spec;
    EXPECT_NE(sgf.find("Settled by tuples of 3 cells: White puts a stone in every tuple Black's turn touches"),
              std::string::npos) << spec;
  }
}

}  // namespace
}  // namespace kinrow
