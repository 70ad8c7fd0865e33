// Pairings three ways: df-pn's bit-mask matcher (search/line_pairing.h), the checker's
// rule (proof/pairing_rule.h) and the general pairing finder (search/pairing.h) must
// agree on every position; the moves df-pn leaves out because one reply brings a pairing
// must really be answered that way; and the checker's rule ends only what it should.
#include <gtest/gtest.h>

#include <bit>

#include "core/notation.h"
#include "games/families.h"
#include "proof/certificate.h"
#include "proof/checker.h"
#include "proof/pairing_rule.h"
#include "search/line_pairing.h"
#include "search/pairing.h"
#include "search/solver.h"
#include "dfpn_games.h"
#include "line_sets.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::alphabeta_value;
using testing::line_sets;

class Pairings : public ::testing::TestWithParam<const char*> {};

// The player who pairs: the breaker in maker-breaker, else either (try both).
std::vector<int> pairing_holders(const Game& game) {
  if (game.rules.goal == Goal::MakerBreaker) return {1};
  return {0, 1};
}

TEST_P(Pairings, ThreeImplementationsAgree) {
  const Game game = make_game(GetParam());
  const std::vector<Bits<1>> lines = line_sets(game);
  const Bits<1> all = Bits<1>::first_n(game.cell_count());
  LinePairing<1> bits;
  bits.set_shared_budget(0);  // two cells of its own for every line, as the others
  // Where no two lines share two cells, df-pn's shortcut (no pruning, Hall's count first)
  // must answer the same, with pairs of its own for every group.
  bool linear = true;
  for (std::size_t i = 0; i < lines.size(); ++i)
    for (std::size_t j = i + 1; j < lines.size(); ++j) linear = linear && !(lines[i] & lines[j]).several();
  LinePairing<1> by_count;
  by_count.set_shared_budget(0);
  by_count.set_lines_linear(true);
  PairingFinder finder;
  SplitMix64 random(11);
  int paired = 0, tried = 0;
  for (int trial = 0; trial < (testing::sanitized() ? 100 : 600); ++trial) {
    const int empties = 2 + static_cast<int>(random.below(game.cell_count() - 2));
    const Position position = testing::random_position(game, empties, random);
    const Stones<1> s = stones_of<1>(position);
    for (int holder : pairing_holders(game)) {
      ++tried;
      const bool by_bits = bits.pairable(lines, s.of(holder), all.minus(s.occupied()));
      const bool by_checker = opponent_lines_paired(position, holder);
      const std::vector<Group> groups = minimal_groups(attacker_groups(position, holder));
      const bool by_finder = finder.pair(groups);
      const std::string where = std::string(GetParam()) + " after \"" + format_turns(game, position.history()) +
                                "\", holder " + std::to_string(holder);
      EXPECT_EQ(by_bits, by_checker) << where;
      EXPECT_EQ(by_bits, by_finder) << where;
      if (linear) {
        EXPECT_EQ(by_count.pairable(lines, s.of(holder), all.minus(s.occupied())), by_bits) << where;
        if (by_bits) {
          EXPECT_EQ(pairs_problem(position, holder, by_count.pairs()), "") << where;
        }
      }
      if (!by_bits) continue;
      ++paired;
      // The checker's own pairs, read back, hold every line it paired.
      if (const auto pairs = opponent_line_pairing(position, holder)) {
        EXPECT_EQ(pairs_problem(position, holder, *pairs), "") << where;
      }
      // Two cells of its own for every minimal group.
      EXPECT_EQ(bits.paired_cells().count(), static_cast<int>(2 * groups.size())) << where;
    }
  }
  EXPECT_GE(paired, tried / 20) << GetParam() << ": too few pairings met for the test to mean much";
  EXPECT_LT(paired, tried) << GetParam();
}

// Shared pairs (one pair serving every line that holds both its cells) find every
// pairing the exclusive kind finds and more; each is checked by the checker's own code,
// and on small boards the opponent, to move, then cannot win (alpha-beta).
TEST_P(Pairings, SharedPairsHoldEveryOpenLine) {
  const Game game = make_game(GetParam());
  const std::vector<Bits<1>> lines = line_sets(game);
  const Bits<1> all = Bits<1>::first_n(game.cell_count());
  LinePairing<1> exclusive, shared;
  exclusive.set_shared_budget(0);
  SplitMix64 random(13);
  const bool small = game.cell_count() <= 25;
  int only_shared = 0;
  for (int trial = 0; trial < (testing::sanitized() ? 100 : 600); ++trial) {
    const int empties = 2 + static_cast<int>(random.below(game.cell_count() - 2));
    const Position position = testing::random_position(game, empties, random);
    const Stones<1> s = stones_of<1>(position);
    for (int holder : pairing_holders(game)) {
      const Bits<1> empty = all.minus(s.occupied());
      const bool by_exclusive = exclusive.pairable(lines, s.of(holder), empty);
      const bool by_shared = shared.pairable(lines, s.of(holder), empty);
      const std::string where = std::string(GetParam()) + " after \"" + format_turns(game, position.history()) +
                                "\", holder " + std::to_string(holder);
      if (by_exclusive) {
        EXPECT_TRUE(by_shared) << where;
      }
      EXPECT_EQ(exclusive.shared(), false);
      if (!by_shared) continue;
      EXPECT_EQ(pairs_problem(position, holder, shared.pairs()), "") << where;
      Bits<1> cells;
      for (const auto& [a, b] : shared.pairs()) cells.set(a), cells.set(b);
      EXPECT_EQ(cells, shared.paired_cells()) << where;
      if (by_exclusive) continue;
      ++only_shared;
      EXPECT_TRUE(shared.shared()) << where;
      if (small && position.to_move() != holder && !position.over()) {
        EXPECT_NE(alphabeta_value(position), Value::Win) << where;  // the opponent, to move
      }
    }
  }
  // Where lines overlap along a row (k < width) sharing must find what the other misses.
  if (game.spec == "mnk:6x6x5" || game.spec == "mnk:7x7x5") {
    EXPECT_GT(only_shared, 0) << GetParam();
  }
}

// Df-pn's reply zone: with the opponent to move, a holder's stone on `reply` would bring
// a pairing; every opponent move outside the zone is answered there and leaves one, and
// (small boards) the opponent then cannot win.
TEST_P(Pairings, MovesOutsideTheReplyZoneAreAnsweredByTheReply) {
  const Game game = make_game(GetParam());
  const std::vector<Bits<1>> lines = line_sets(game);
  const Bits<1> all = Bits<1>::first_n(game.cell_count());
  LinePairing<1> bits;
  SplitMix64 random(12);
  const bool small = game.cell_count() <= 25;
  int zones = 0, outside = 0;
  for (int trial = 0; trial < (testing::sanitized() ? 100 : 600); ++trial) {
    const int empties = 2 + static_cast<int>(random.below(game.cell_count() - 2));
    const Position position = testing::random_position(game, empties, random);
    const Stones<1> s = stones_of<1>(position);
    const int opponent = position.to_move(), holder = 1 - opponent;
    if (game.rules.goal == Goal::MakerBreaker && holder != 1) continue;
    const Bits<1> empty = all.minus(s.occupied());
    if (bits.pairable(lines, s.of(holder), empty)) continue;  // settled before the zone is asked
    Cell reply = -1;
    const Bits<1> zone = bits.reply_zone(lines, s.of(holder), empty, reply);
    if (zone.none()) continue;
    ++zones;
    ASSERT_TRUE(zone.test(reply));
    const std::vector<std::pair<Cell, Cell>> zone_pairs = bits.pairs();
    for (Cell c : empty.minus(zone)) {
      Position moved = position;
      moved.play(Turn{c});
      ASSERT_FALSE(moved.over());
      ++outside;
      Stones<1> answered = s;
      answered.place(opponent, c);
      answered.place(holder, reply);
      Position replied = position;
      replied.play(Turn{c});
      replied.play(Turn{reply});
      EXPECT_EQ(pairs_problem(replied, holder, zone_pairs), "")
          << GetParam() << " after \"" << format_turns(game, replied.history());
      EXPECT_TRUE(bits.pairable(lines, answered.of(holder), all.minus(answered.occupied())))
          << GetParam() << " after \"" << format_turns(game, position.history()) << "\" and " << format_cell(game, c);
      if (small && outside % 4 == 0) {
        Position played = position;
        played.play(Turn{c});
        const Value v = alphabeta_value(played);  // for the holder, to move
        EXPECT_NE(v, Value::Loss) << format_turns(game, played.history());
      }
    }
  }
  EXPECT_GE(zones, 5) << GetParam();
  EXPECT_GE(outside, 20) << GetParam();
}

INSTANTIATE_TEST_SUITE_P(Games, Pairings,
                         ::testing::Values("mnk:4x4x4", "mnk:5x5x4", "mnk:6x6x5", "mnk:7x7x5", "square:4",
                                           "mnk:5x4x4,maker-breaker", "mnk:6x5x4", "mnk:5x5x5"),
                         testing::spec_test_name);

// A row of seven with five to connect: the middle cells c1 d1 lie in all three fives,
// so that one pair holds the row; the checker's own check accepts it and names what is
// wrong with bad pairs.
TEST(SharedPairs, OnePairHoldsOverlappingLines) {
  const Game game = make_game("mnk:7x1x5");
  const Position empty(game);
  auto cell = [&](const char* name) { return parse_cell(game, name); };
  EXPECT_EQ(pairs_problem(empty, 1, {{cell("c1"), cell("d1")}}), "");
  EXPECT_EQ(pairs_problem(empty, 1, {{cell("d1"), cell("e1")}}), "");
  EXPECT_NE(pairs_problem(empty, 1, {{cell("b1"), cell("c1")}}).find("no pair holds the line c1 d1 e1 f1 g1"),
            std::string::npos);
  EXPECT_NE(pairs_problem(empty, 1, {{cell("c1"), cell("d1")}, {cell("d1"), cell("e1")}}).find("in two pairs"),
            std::string::npos);
  const Position taken = play_moves(game, "c1");
  EXPECT_NE(pairs_problem(taken, 1, {{cell("c1"), cell("d1")}}).find("taken"), std::string::npos);
  // The holder's stone spoils a line: with o on a1, only b1..f1 and c1..g1 need a pair.
  const Position spoiled = play_moves(game, "e1 a1");
  EXPECT_EQ(pairs_problem(spoiled, 1, {{cell("c1"), cell("d1")}}), "");
  EXPECT_NE(pairs_problem(spoiled, 1, {{cell("b1"), cell("c1")}}).find("no pair holds the line c1 d1 e1 f1 g1"),
            std::string::npos);
}

// The checker's rule ends a not-lose claim (and a breaker's win) where the holder pairs
// the opponent's lines, only when the strategy declares it, and never a normal-play win.
TEST(PairingRule, EndsOnlyDeclaredClaimsThatCannotFail) {
  const Game game = make_game("mnk:4x4x4");
  SplitMix64 random(5);
  int checked = 0;
  for (int trial = 0; trial < 400 && checked < 20; ++trial) {
    const Position position = testing::random_position(game, 6 + static_cast<int>(random.below(8)), random);
    const int holder = 1 - position.to_move();
    const bool paired = opponent_lines_paired(position, holder);
    Certificate certificate;
    certificate.spec = game.spec;
    certificate.start = format_turns(game, position.history());
    Strategy strategy;
    strategy.holder = holder;
    strategy.claim = Claim::NotLose;
    strategy.pairing_rule = true;
    certificate.strategies = {strategy};
    const CheckReport report = check_certificate(game, certificate);
    if (paired) {
      ++checked;
      EXPECT_TRUE(report.ok) << certificate.start << ": " << report.error;
      EXPECT_EQ(report.paired_ends, 1u);
      EXPECT_NE(alphabeta_value(position), Value::Win) << certificate.start;  // the opponent, to move
      certificate.strategies[0].pairing_rule = false;
      EXPECT_EQ(check_certificate(game, certificate).ok, report.dead_ends > 0) << certificate.start;
      certificate.strategies[0].pairing_rule = true;
      certificate.strategies[0].claim = Claim::Win;
      const CheckReport win = check_certificate(game, certificate);
      EXPECT_EQ(win.paired_ends, 0u) << "a pairing proves no win in normal play";
    } else {
      EXPECT_EQ(report.paired_ends, 0u) << certificate.start;
    }
  }
  EXPECT_GE(checked, 5);
}

}  // namespace
}  // namespace kinrow
