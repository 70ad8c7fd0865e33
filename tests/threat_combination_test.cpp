// Db-search over the threat-space model (threats/threat_combination.h), against the
// depth-first forced-win search: the same yes or no on random positions, moves that win
// against every defence, and hand-made positions for the combination stage and for
// counter-threats.
#include <gtest/gtest.h>

#include <bit>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>
#include <stdexcept>

#include "core/notation.h"
#include "games/board_dispatch.h"
#include "threats/forced_win.h"
#include "threats/threat_combination.h"
#include "search/dfpn_solve.h"
#include "games/families.h"
#include "reference_solver.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::sanitized;

// Stones at random, x with `extra` more than o, neither with an immediate win: not
// positions of real play, but the searches take any stones, and x's surplus makes
// sequences of threats common (random play gives few without an immediate win).
template <int W>
Stones<W> random_stones(const BoardTables& tables, int o_stones, int extra, SplitMix64& random) {
  Board<W> board(tables);
  for (;;) {
    Stones<W> s;
    for (int placed = 0; placed < 2 * o_stones + extra;) {
      const Cell c = static_cast<Cell>(random.below(tables.cells));
      if (s.occupied().test(c)) continue;
      s.place(placed < o_stones + extra ? 0 : 1, c);
      ++placed;
    }
    board.assign(s);
    if (board.winning_cells(0).none() && !(tables.lines_count[1] && board.winning_cells(1).any())) return s;
  }
}

struct RandomCase {
  const char* spec;
  int min_o, max_o;  // o's stones
  int max_extra;      // x has 1 to max_extra more
  int trials;
  bool fewer_when_sanitized = true;  // a tenth under the sanitizers (the wide boards need all theirs)
};

template <int W>
void agrees_on_random_positions(const RandomCase& c) {
  const Game game = make_game(c.spec);
  const BoardTables tables(game);
  ForcedWinSearch<W> reference;
  ThreatCombinationSearch<W> search(tables);
  Board<W> board(tables);
  SplitMix64 random(20260);
  int long_wins = 0, none = 0;
  const int trials = sanitized() && c.fewer_when_sanitized ? c.trials / 10 : c.trials;
  for (int trial = 0; trial < trials; ++trial) {
    const int o_stones = c.min_o + static_cast<int>(random.below(c.max_o - c.min_o + 1));
    board.assign(random_stones<W>(tables, o_stones, 1 + static_cast<int>(random.below(c.max_extra)), random));
    const bool expected = reference.find(board, 0).move >= 0;
    const ForcedWin win = search.find(board, 0);
    EXPECT_EQ(win.move >= 0, expected) << c.spec << " trial " << trial;
    if (win.move < 0) {
      ++none;
      continue;
    }
    long_wins += win.length >= 4;
    EXPECT_TRUE(testing::wins_against_every_defence(board, search, 0)) << c.spec << " trial " << trial;
  }
  // Wins by two threats or more before the double threat, and stones without a win:
  // neither answer is tested vacuously.
  EXPECT_GT(long_wins, trials / 30) << c.spec;
  EXPECT_GT(none, trials / 10) << c.spec;
}

TEST(ThreatCombinationAgrees, WithForcedWinSearchOnRandomPositions) {
  const RandomCase cases[] = {
      {"mnk:7x7x5", 6, 14, 3, 1500},  {"mnk:8x8x5", 8, 18, 3, 1500}, {"qubic", 3, 9, 1, 1500},
      {"mnk:10x6x5", 6, 16, 3, 1500}, {"mnk:7x7x5,maker-breaker", 8, 16, 3, 1500},
  };
  for (const RandomCase& c : cases) agrees_on_random_positions<1>(c);
  // Past one word: the same searches on 11x11 (two words) and 15x15 (four).
  agrees_on_random_positions<2>({"mnk:11x11x5", 12, 26, 3, 300, false});
  agrees_on_random_positions<4>({"mnk:15x15x5", 14, 30, 3, 200, false});
}

// On boards small enough for the naive solver: the move found wins by the rules alone.
TEST(ThreatCombinationAgrees, ItsMovesWinOnTheReferenceRules) {
  for (const char* spec : {"mnk:4x4x3", "mnk:5x4x4", "mnk:5x5x4", "mnk:4x4x3,maker-breaker"}) {
    const Game game = make_game(spec);
    const BoardTables tables(game);
    ForcedWinSearch<1> reference;
    ThreatCombinationSearch<1> search(tables);
    SplitMix64 random(5);
    int found = 0;
    for (int trial = 0; trial < (sanitized() ? 40 : 200); ++trial) {
      Position position = testing::random_position(game, 5 + static_cast<int>(random.below(4)), random);
      Board<1> board = testing::board_of<1>(tables, position);
      const ForcedWin win = search.find(board, position.to_move());
      EXPECT_EQ(win.move >= 0, reference.find(board, position.to_move()).move >= 0) << spec;
      if (win.move < 0) continue;
      ++found;
      position.play(Turn{win.move});
      EXPECT_EQ(testing::reference_solve(position).value, -1) << spec << ": the move found does not keep the win";
    }
    EXPECT_GT(found, 0) << spec;
  }
}


// Stones from the random test above on which the search without its combination stage
// answers "none": every winning set of the model there needs two nodes merged. (Sets made
// by hand tend to have a chain too: the double-threat cell, played as a single threat
// first, connects the two halves.)
TEST(ThreatCombinationHand, FindsAWinThatOnlyAMergeReaches) {
  const Game game = make_game("mnk:7x7x5");
  const BoardTables tables(game);
  ThreatCombinationSearch<1> search(tables);
  Stones<1> stones;  // x to move
  stones.first.word[0] = 289185049117185u;
  stones.second.word[0] = 9349338774528u;
  Board<1> board = testing::board_at(tables, stones);
  const ForcedWin win = search.find(board, 0);
  ASSERT_GE(win.move, 0);
  EXPECT_EQ(search.fallbacks(), 0u) << "found by the db-search itself";
  EXPECT_TRUE(testing::wins_against_every_defence(board, search, 0));
  ForcedWinSearch<1> reference;
  EXPECT_GE(reference.find(board, 0).move, 0);
}

// The same shape as a hypergraph under normal rules, where o's forced answer to the first
// threat can also be a counter-threat. x: 0 1 on line 0-1-2-3, 4 on 4-2-5-12, 6 7 on
// 6-7-8-9, 10 on 10-8-11-12: the threats 2 (answer 3) and 8 (answer 9) make 12 a double
// threat. o's lines 3-13-14-15 and 9-16-17-18: with two stones on each, either forced
// answer gives o an immediate win that x can only block with a move that threatens
// nothing, so the model's only winning set replays in no order.
TEST(ThreatCombinationHand, ACounterThreatFromAForcedReplyBreaksTheMerge) {
  const std::string path =
      ::testing::TempDir() + "kinrow_threat_combination_" + std::to_string(::getpid()) + ".json";
  std::ofstream(path) << R"({"cells": 21, "lines": [[0, 1, 2, 3], [4, 2, 5, 12], [6, 7, 8, 9], [10, 8, 11, 12],
                                                     [3, 13, 14, 15], [9, 16, 17, 18]]})";
  const Game game = make_game("file:" + path);
  std::remove(path.c_str());
  const BoardTables tables(game);
  ThreatCombinationSearch<1> search(tables);
  ForcedWinSearch<1> reference;
  auto board_with = [&](std::initializer_list<Cell> x, std::initializer_list<Cell> o) {
    Stones<1> s;
    for (Cell c : x) s.place(0, c);
    for (Cell c : o) s.place(1, c);
    return testing::board_at(tables, s);
  };
  // One o stone on each of his lines: no counter-threat, and the merge wins.
  Board<1> quiet = board_with({0, 1, 4, 6, 7, 10}, {13, 16, 19, 20});
  const ForcedWin win = search.find(quiet, 0);
  EXPECT_EQ(win.length, 4);  // 2, 8, the double threat 12, the win
  EXPECT_TRUE(win.move == 2 || win.move == 8) << win.move;
  EXPECT_EQ(reference.find(quiet, 0).length, 4);
  EXPECT_TRUE(testing::wins_against_every_defence(quiet, search, 0));
  // Two on each: whichever threat comes first, its answer threatens to win.
  Board<1> loaded = board_with({0, 1, 4, 6, 7, 10}, {13, 14, 16, 17});
  const uint64_t fallbacks = search.fallbacks();
  EXPECT_LT(search.find(loaded, 0).move, 0);
  EXPECT_EQ(search.fallbacks(), fallbacks + 1) << "the model's set fails, so ForcedWinSearch decides";
  EXPECT_LT(reference.find(loaded, 0).move, 0);
}

// ForcedWinSearch's counter-threat position: o's g5 g6 g7 must be blocked at g4 first, and
// the block threatens nothing, so e4's double threat never comes. Under maker-breaker
// o's three is no threat and the double threat wins.
TEST(ThreatCombinationHand, RespectsACounterThreatAtTheStart) {
  const Game game = make_game("mnk:7x7x4");
  const BoardTables tables(game);
  ThreatCombinationSearch<1> search(tables);
  Board<1> open_board = testing::board_at(tables, testing::stones_on(game, {"c4", "d4", "e2", "e3"}, {"a1", "g7", "a7", "g1"}));
  const ForcedWin open = search.find(open_board, 0);
  ASSERT_GE(open.move, 0);
  EXPECT_EQ(open.length, 2);
  Board<1> countered = testing::board_at(tables, testing::stones_on(game, {"c4", "d4", "e2", "e3"}, {"a1", "g5", "g6", "g7"}));
  EXPECT_LT(search.find(countered, 0).move, 0);
  const Game mb = make_game("mnk:7x7x4,maker-breaker");
  const BoardTables mb_tables(mb);
  ThreatCombinationSearch<1> mb_search(mb_tables);
  Board<1> mb_board = testing::board_at(mb_tables, testing::stones_on(mb, {"c4", "d4", "e2", "e3"}, {"a1", "g5", "g6", "g7"}));
  EXPECT_EQ(mb_search.find(mb_board, 0).length, 2);
}

TEST(ThreatCombinationHand, RefusesRulesItDoesNotModel) {
  for (const char* spec : {"connect:7x6x4", "mnk:7x7x4,misere", "mnk:7x7x4,p=2,q=1", "mnk:7x7x4,exact"}) {
    const Game game = make_game(spec);
    const BoardTables tables(game);
    EXPECT_THROW(ThreatCombinationSearch<1>{tables}, std::invalid_argument) << spec;
  }
}

// Timings, by hand, on the stones of the agreement test:
//   kinrow_tests --gtest_filter='*ThreatSearchBenchmark*' --gtest_also_run_disabled_tests
TEST(ThreatCombinationBench, DISABLED_ThreatSearchBenchmark) {
  for (const RandomCase& c : {RandomCase{"qubic", 3, 9, 1, 500}, RandomCase{"mnk:8x8x5", 8, 18, 3, 500}}) {
    const Game game = make_game(c.spec);
    const BoardTables tables(game);
    SplitMix64 random(99);
    std::vector<Stones<1>> positions;
    for (int i = 0; i < c.trials; ++i) {
      const int o_stones = c.min_o + static_cast<int>(random.below(c.max_o - c.min_o + 1));
      positions.push_back(random_stones<1>(tables, o_stones, 1 + static_cast<int>(random.below(c.max_extra)), random));
    }
    Board<1> board(tables);
    auto time = [&](auto& search, const char* name) {
      int found = 0;
      const auto start = std::chrono::steady_clock::now();
      for (const Stones<1>& s : positions) {
        board.assign(s);
        found += search.find(board, 0).move >= 0;
      }
      const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
      std::printf("%-10s %-18s %4zu positions %4d won %10.0f us %8.1f us/search %10llu nodes\n", c.spec, name,
                  positions.size(), found, us, us / positions.size(), static_cast<unsigned long long>(search.nodes()));
    };
    ForcedWinSearch<1> forced;
    time(forced, "ForcedWinSearch");
    ThreatCombinationSearch<1> combination(tables);
    time(combination, "ThreatCombination");
    std::printf("%-10s ThreatCombination asked ForcedWinSearch %llu times\n", c.spec,
                static_cast<unsigned long long>(combination.fallbacks()));
  }
}

}  // namespace
}  // namespace kinrow

namespace kinrow {
namespace {

// Inside df-pn (DfpnOptions::dependency_threats): the two provers give the same yes or no
// at every node, so the whole search must expand the same nodes and reach the same value.
TEST(ThreatCombinationInDfpn, TheProofIsTheSameNodeForNode) {
  for (const char* spec : {"mnk:5x5x4", "mnk:6x5x4", "square:5", "mnk:5x4x4,maker-breaker"}) {
    const Game game = make_game(spec);
    DfpnOptions depth_first, dependency;
    dependency.dependency_threats = true;
    const DfpnResult a = dfpn_solve(Position(game), depth_first), b = dfpn_solve(Position(game), dependency);
    ASSERT_TRUE(a.complete && b.complete) << spec;
    EXPECT_EQ(a.value, b.value) << spec;
    EXPECT_EQ(a.nodes, b.nodes) << spec;
  }
}

}  // namespace
}  // namespace kinrow
