// Df-pn against the alpha-beta solver: the same value on whole games and on random
// positions of small games of every rule it handles, with and without threat knowledge.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cctype>

#include "core/notation.h"
#include "search/dfpn.h"
#include "search/dominance.h"
#include "threats/forced_win.h"
#include "games/urgent_moves.h"
#include "games/families.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"
#include "search/solver.h"
#include "cli_support.h"
#include "dfpn_games.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::alphabeta_value;

class DfpnAgrees : public ::testing::TestWithParam<const char*> {};

TEST_P(DfpnAgrees, WithAlphaBetaOnRandomPositions) {
  const Game game = make_game(GetParam());
  SplitMix64 random(2026);
  const int trials = testing::sanitized() ? 8 : 60;
  for (int trial = 0; trial < trials; ++trial) {
    const int empties = std::max(1, game.cell_count() - static_cast<int>(random.below(game.cell_count())));
    const Position position = trial == 0 ? Position(game) : testing::random_position(game, empties, random);
    const Value expected = alphabeta_value(position);
    for (bool threats : {true, false})
      for (bool reductions : {true, false}) {
        DfpnOptions options;
        options.threats = threats;
        options.reductions = reductions;
        options.table_megabytes = 4;
        const DfpnResult r = dfpn_solve(position, options);
        ASSERT_TRUE(r.complete);
        EXPECT_EQ(r.value, expected) << GetParam() << " after \"" << format_turns(game, position.history())
                                     << "\" (threats " << threats << ", reductions " << reductions << ")";
      }
  }
}

INSTANTIATE_TEST_SUITE_P(Games, DfpnAgrees, ::testing::ValuesIn(testing::dfpn_small_games()),
                         testing::spec_test_name);

// Dominated moves (search/dominance.h): skipping them never changes a node's value.
// Every move's value by alpha-beta; the best over the moves kept must be the best over
// all, on random positions of normal and maker-breaker games.
int rank_for_mover(const Position& position, Cell move) {
  Position after = position;
  after.play(Turn{move});
  if (after.over()) return after.winner() == position.to_move() ? 2 : after.winner() == kNoPlayer ? 1 : 0;
  const Value v = alphabeta_value(after);  // for the opponent, to move
  return v == Value::Win ? 0 : v == Value::Draw ? 1 : 2;
}

TEST(DominatedMoves, SkippingThemKeepsTheValue) {
  int pruned = 0;
  for (const char* spec : {"mnk:3x3x3", "mnk:4x3x3", "mnk:4x4x3", "mnk:4x4x3,maker-breaker", "mnk:5x4x4"}) {
    const Game game = make_game(spec);
    const BoardTables tables(game);
    Dominance<1> dominance;
    SplitMix64 random(77);
    for (int trial = 0; trial < (testing::sanitized() ? 10 : 40); ++trial) {
      const int empties = 3 + static_cast<int>(random.below(std::min(9, game.cell_count() - 3)));
      const Position position = testing::random_position(game, empties, random);
      if (position.over()) continue;
      const Board<1> board = testing::board_of<1>(tables, position);
      const Bits<1> legal = board.playable();
      const Bits<1> kept = dominance.undominated(board, legal);
      ASSERT_TRUE(kept.any()) << spec;
      ASSERT_TRUE(kept.subset_of(legal)) << spec;
      pruned += legal.minus(kept).count();
      int best_all = -1, best_kept = -1;
      for (Cell c : legal) {
        const int r = rank_for_mover(position, c);
        best_all = std::max(best_all, r);
        if (kept.test(c)) best_kept = std::max(best_kept, r);
      }
      EXPECT_EQ(best_kept, best_all) << spec << " after \"" << format_turns(game, position.history()) << "\"";
    }
  }
  EXPECT_GE(pruned, 50) << "too few dominated moves met for the test to mean much";
}

TEST(Dfpn, GivesUpAtTheNodeLimit) {
  const Game game = make_game("mnk:4x4x4");
  DfpnOptions options;
  options.max_nodes = 10;
  options.threats = false;
  options.pairing = false;  // which settles 4x4x4 in a few nodes
  EXPECT_FALSE(dfpn_solve(Position(game), options).complete);
}

}  // namespace
}  // namespace kinrow

namespace kinrow {
namespace {

TEST(DfpnCli, SolvesByProofNumbersAndRefusesWhatItCannotDo) {
  const testing::CliRun run = testing::kinrow("solve mnk:4x4x3 --method pns --json");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"value\":\"first-player-win\""), std::string::npos) << run.out;
  EXPECT_EQ(testing::kinrow("solve mnk:4x4x3 --method pns --batch -").status, 2);
  EXPECT_EQ(testing::kinrow("solve mnk:4x4x3 --method fast").status, 2);
  EXPECT_EQ(testing::kinrow("solve mnk:33x33x5 --method pns").status, 2);  // more cells than a search board holds
  // --pairing off reaches df-pn too: 4x4x4's draw then needs a real search.
  const testing::CliRun paired = testing::kinrow("solve mnk:4x4x4 --method pns --json");
  const testing::CliRun unpaired = testing::kinrow("solve mnk:4x4x4 --method pns --pairing off --json");
  auto nodes = [](const std::string& json) {
    const std::size_t at = json.find("\"nodes\":");
    return at == std::string::npos ? -1L : std::stol(json.substr(at + 8));
  };
  EXPECT_NE(unpaired.out.find("\"value\":\"draw\""), std::string::npos) << unpaired.out;
  EXPECT_GT(nodes(unpaired.out), 100 * nodes(paired.out)) << paired.out << unpaired.out;
}

}  // namespace
}  // namespace kinrow

namespace kinrow {
namespace {

using testing::stones_on;

// The threat knowledge inside df-pn: a win by continuous threats proves the attacker's
// node, but not where the defender's own threat comes first.
TEST(DfpnThreats, AWinByContinuousThreatsProvesTheNodeACounterThreatDoesNot) {
  const Game game = make_game("mnk:7x7x4");
  const BoardTables tables(game, dfpn_board_options(game, {}));
  Dfpn<1> dfpn(tables, {});
  dfpn.begin(0);
  // x c4 d4 and e2 e3: e4 (among others) makes two threes at once.
  Board<1> open = testing::board_at(tables, stones_on(game, {"c4", "d4", "e2", "e3"}, {"a1", "g7", "a7", "g1"}));
  EXPECT_GE(dfpn.threat_sequence_move(open), 0);
  EXPECT_TRUE(dfpn.moves_to_try(open).none());  // settled without search
  EXPECT_EQ(dfpn.resolve(open), std::optional<bool>(true));
  // o's g5 g6 g7 threaten g4: x must block first and the block makes no threat.
  Board<1> countered = testing::board_at(tables, stones_on(game, {"c4", "d4", "e2", "e3"}, {"a1", "g5", "g6", "g7"}));
  EXPECT_LT(dfpn.threat_sequence_move(countered), 0);
  EXPECT_EQ(dfpn.moves_to_try(countered), Bits<1>::single(parse_cell(game, "g4")));  // the forced block
}

// The same positions solved whole: the certificate of the threat-sequence win passes the
// checker, and the value agrees with alpha-beta with the knowledge on and off.
TEST(DfpnThreats, ThreatSequenceWinsCarryCertificates) {
  const Game game = make_game("mnk:5x5x4");
  const Position position = play_moves(game, "b2 a5 c3 e5 b3 e1");  // x b2 c3 b3: d3 or b4 makes a double three
  DfpnOptions with, without;
  without.threats = false;
  const DfpnResult a = dfpn_solve(position, with, true), b = dfpn_solve(position, without);
  EXPECT_EQ(a.value, Value::Win);
  EXPECT_EQ(a.value, alphabeta_value(position));
  EXPECT_EQ(b.value, a.value);
  ASSERT_TRUE(a.certificate);
  const CheckReport report = check_certificate(game, *a.certificate);
  EXPECT_TRUE(report.ok) << report.error;
}

}  // namespace
}  // namespace kinrow

namespace kinrow {
namespace {

// The relevance zone of a threatened sequence (threats/forced_win.h), against brute
// force: wherever the opponent would win by continuous threats if the mover passed,
// every move outside the zone still leaves him a forced win, and (on the boards small
// enough for alpha-beta) the mover loses after it.
class RelevanceZone : public ::testing::TestWithParam<const char*> {};

TEST_P(RelevanceZone, EveryMoveOutsideItLosesToTheSequence) {
  const Game game = make_game(GetParam());
  const BoardTables tables(game);
  ForcedWinSearch<1> forced;
  SplitMix64 random(7);
  const bool small = game.cell_count() <= 25;
  int zones = 0, outside = 0;
  for (int trial = 0; trial < 400; ++trial) {  // as many under sanitizers: zones are rare
    const int empties = game.cell_count() / 3 + static_cast<int>(random.below(game.cell_count() / 2));
    const Position position = testing::random_position(game, empties, random);
    Board<1> board = testing::board_of<1>(tables, position);
    const int mover = board.to_move(), opponent = 1 - mover;
    const Bits<1> legal = board.playable();
    // The knowledge that comes first in df-pn: immediate wins and forced blocks.
    if (urgent_moves(board).urgency != Urgency::None) continue;
    const Bits<1> zone = forced.relevance_zone(board, opponent);
    EXPECT_EQ(zone.any(), tables.lines_count[opponent] && forced.find(board, opponent).move >= 0);
    if (zone.none()) continue;
    ++zones;
    EXPECT_TRUE(zone.subset_of(legal));
    for (Cell c : legal.minus(zone)) {
      const bool completed = board.place(c);
      ASSERT_EQ(board.result_after(mover, completed), kGoesOn);
      ++outside;
      EXPECT_GE(forced.find(board, opponent).move, 0)
          << GetParam() << " after \"" << format_turns(game, position.history()) << "\": the move "
          << format_cell(game, c) << " outside the zone escapes";
      board.remove(c);
      if (small && outside % 8 == 0) {
        Position after = position;
        after.play(Turn{c});
        EXPECT_EQ(alphabeta_value(after), Value::Win) << format_turns(game, after.history());
      }
    }
  }
  // The test means something only if zones were met and moves pruned by them.
  EXPECT_GE(zones, 10) << GetParam();
  EXPECT_GE(outside, 50) << GetParam();
}

INSTANTIATE_TEST_SUITE_P(Games, RelevanceZone,
                         ::testing::Values("mnk:5x5x4", "mnk:4x4x4", "mnk:5x4x4,maker-breaker", "square:5",
                                           "mnk:7x7x5", "qubic", "mnk:6x6x4"),
                         testing::spec_test_name);

}  // namespace
}  // namespace kinrow
