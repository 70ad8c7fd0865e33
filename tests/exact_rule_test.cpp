// The exactly-five rule (spec option `exact`: an overline does not win). What it is made
// of: the spec accepts it only where it means something, each line knows the cells just
// beyond its ends, the reference rules (core/position.h) end the game on a line of exactly
// k, symmetries keep the flanks, and the Gomocup brain plays it on INFO rule 1. The search
// board, alpha-beta and df-pn are checked against the reference rules on exact games in
// board_test, solver_reference_test and dfpn_test.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "core/error.h"
#include "core/hashing.h"
#include "core/notation.h"
#include "core/spec.h"
#include "core/symmetry.h"
#include "engine/gomocup_brain.h"
#include "games/board.h"
#include "games/families.h"
#include "proof/strategy_lookup.h"
#include "test_support.h"
#include "threats/forced_win.h"

namespace kinrow {
namespace {

TEST(ExactRule, SpecSpellsItAndRefusesItWhereItMeansNothing) {
  EXPECT_EQ(make_game("gomoku,exact").spec, "mnk:15x15x5,exact");
  EXPECT_EQ(format_spec(parse_spec("mnk:9x9x5,exact")), "mnk:9x9x5,exact");
  EXPECT_FALSE(make_game("gomoku").rules.exact);
  for (const char* refused : {"connect:7x6x4,exact", "mnk:7x6x4,gravity,exact", "mnk:6x6x4,cylinder,exact",
                              "mnk:6x6x4,misere,exact", "mnk:6x6x4,maker-breaker,exact", "connect6,exact",
                              "mnk:6x6x4,q=2,exact", "qubic,exact", "square:5,exact", "mnk:3x1x1,exact"})
    EXPECT_THROW(parse_spec(refused), InputError) << refused;
}

TEST(ExactRule, EachLineKnowsTheCellsBeyondItsEnds) {
  // One row of seven: the windows of five are a..e, b..f, c..g.
  const Game row = make_game("mnk:7x1x5,exact");
  ASSERT_EQ(row.line_count(), 3);
  auto cell = [&](const Game& g, const char* name) { return parse_cell(g, name); };
  EXPECT_EQ(row.flanks[0], (std::array<Cell, 2>{-1, cell(row, "f1")}));
  EXPECT_EQ(row.flanks[1], (std::array<Cell, 2>{cell(row, "a1"), cell(row, "g1")}));
  EXPECT_EQ(row.flanks[2], (std::array<Cell, 2>{cell(row, "b1"), -1}));
  // On a square board every flank is the next cell along the line, read from coordinates.
  const Game board = make_game("mnk:8x8x5,exact");
  for (int l = 0; l < board.line_count(); ++l) {
    const Line& line = board.lines[l];
    std::vector<int> step(2);
    for (int axis = 0; axis < 2; ++axis) step[axis] = board.coords[line[1]][axis] - board.coords[line[0]][axis];
    for (int end = 0; end < 2; ++end) {
      std::vector<int> beyond = board.coords[end == 0 ? line.front() : line.back()];
      for (int axis = 0; axis < 2; ++axis) beyond[axis] += end == 0 ? -step[axis] : step[axis];
      const bool on_board = beyond[0] >= 0 && beyond[0] < 8 && beyond[1] >= 0 && beyond[1] < 8;
      const Cell f = board.flanks[l][end];
      if (!on_board) {
        EXPECT_EQ(f, -1) << "line " << l;
      } else {
        ASSERT_GE(f, 0) << "line " << l;
        EXPECT_EQ(board.coords[f], beyond) << "line " << l;
      }
    }
  }
  EXPECT_TRUE(make_game("gomoku").flanks.empty());  // free-style reads no flanks
}

TEST(ExactRule, AnOverlineDoesNotEndTheGameAndFiveDoes) {
  // Black fills a1 b1 c1 d1 f1; White plays on row 3, never four in a row.
  const std::string setup = "a1 a3 b1 c3 c1 e3 d1 g3 f1 i3";
  for (const bool exact : {false, true}) {
    const Game game = make_game(exact ? "mnk:9x3x5,exact" : "mnk:9x3x5");
    Position six = play_moves(game, setup);
    ASSERT_FALSE(six.over());
    six.play(Turn{parse_cell(game, "e1")});  // a1..f1: six in a row
    EXPECT_EQ(six.over(), !exact) << game.spec;
  }
  const Game game = make_game("mnk:9x3x5,exact");
  Position five = play_moves(game, "a1 a3 b1 c3 c1 e3 d1 g3 h1 i3");
  five.play(Turn{parse_cell(game, "e1")});  // a1..e1, f1 empty: exactly five
  EXPECT_TRUE(five.over());
  EXPECT_EQ(five.winner(), 0);
  // A five whose flank the opponent holds still wins: only the owner's stone spoils it.
  Position blocked = play_moves(game, "a1 f1 b1 c3 c1 e3 d1 g3");
  blocked.play(Turn{parse_cell(game, "e1")});
  EXPECT_TRUE(blocked.over());
}

TEST(ExactRule, SymmetriesCarryFlanksOntoFlanks) {
  for (const char* spec : {"gomoku,exact", "mnk:7x5x4,exact", "mnk:4x2x3,exact"}) {
    const Game game = make_game(spec);
    const SymmetryGroup group = automorphisms(game);
    ASSERT_TRUE(group.complete) << spec;
    EXPECT_EQ(group.size(), automorphisms(make_game(std::string(spec).substr(0, std::string(spec).find(",exact")))).size())
        << spec << ": the board's symmetries all respect the flanks";
    for (const Permutation& map : group.maps)
      for (int l = 0; l < game.line_count(); ++l) {
        Line image;
        for (Cell c : game.lines[l]) image.push_back(map[c]);
        std::sort(image.begin(), image.end());
        const int m = static_cast<int>(std::find(game.lines.begin(), game.lines.end(), image) - game.lines.begin());
        ASSERT_LT(m, game.line_count());
        std::array<Cell, 2> mapped = game.flanks[l], theirs = game.flanks[m];
        for (Cell& c : mapped)
          if (c >= 0) c = map[c];
        std::sort(mapped.begin(), mapped.end());
        std::sort(theirs.begin(), theirs.end());
        EXPECT_EQ(mapped, theirs) << spec << " line " << l;
      }
  }
}

// Where lines alone allow more symmetries than flanks do. On the boards of the mnk family
// every symmetry of the lines keeps the flanks, so the case is made by hand: two lines
// {0,1} and {2,3}, and 2 the flank of the first. Lines alone allow 8 maps; with the flank
// only those fixing 2 and 3 are left (the identity and 0 <-> 1), and the checker refuses a
// map that keeps the lines but not the flank.
TEST(ExactRule, OnlyMapsThatKeepTheFlanksAreSymmetries) {
  Game game;
  game.spec = "two lines";
  game.family = "file";
  game.extent = {4};
  game.coords = {{0}, {1}, {2}, {3}};
  game.lines = {{0, 1}, {2, 3}};
  finish_game(game);
  const SymmetryGroup lines_alone = automorphisms(game);
  EXPECT_EQ(lines_alone.size(), 8u);
  game.rules.exact = true;
  game.flanks = {{-1, 2}, {-1, -1}};
  const SymmetryGroup with_flanks = automorphisms(game);
  ASSERT_EQ(with_flanks.size(), 2u);
  for (const Permutation& map : with_flanks.maps) {
    EXPECT_EQ(map[2], 2);
    EXPECT_EQ(map[3], 3);
  }
  EXPECT_EQ(CheckedSymmetries(game, with_flanks).problem(), "");
  const std::string refused = CheckedSymmetries(game, lines_alone).problem();
  EXPECT_NE(refused.find("beyond a line's ends"), std::string::npos) << refused;
}

// The forced-win search (VCF) under exact: every win it claims survives every defence,
// each stone judged by the search board's rules (which board_test checks against the
// reference rules), on random stones of boards in both of the search's modes (reading
// every line on a small board, handing near lines down on a wide one). And the flanks
// matter: some of the wins free-style play has are not wins under exact.
template <int W>
void forced_wins_hold(const char* free_spec, int trials) {
  const Game free_game = make_game(free_spec), exact_game = make_game(std::string(free_spec) + ",exact");
  const BoardTables free_tables(free_game), exact_tables(exact_game);
  Board<W> free_board(free_tables), board(exact_tables);
  ForcedWinSearch<W> free_search, search;
  SplitMix64 random(27);
  int wins = 0, lost_to_the_rule = 0, long_wins = 0;
  // All trials under the sanitizers too: most stop at once (an immediate win), the whole
  // run takes a tenth of a second, and fewer leave too few of the wins the rule removes.
  for (int trial = 0; trial < trials; ++trial) {
    // Stones at random, Black one to three more (sequences of threats come often); no
    // one may have an immediate win.
    Stones<W> s;
    const int white = 6 + static_cast<int>(random.below(8)), black = white + 1 + static_cast<int>(random.below(3));
    for (int placed = 0; placed < white + black;) {
      const Cell c = static_cast<Cell>(random.below(exact_tables.cells));
      if (s.occupied().test(c)) continue;
      s.place(placed < black ? 0 : 1, c);
      ++placed;
    }
    board.assign(s);
    free_board.assign(s);
    if (board.winning_cells(0).any() || board.winning_cells(1).any()) continue;
    const ForcedWin win = search.find(board, 0);
    const bool free_win = free_search.find(free_board, 0).move >= 0;
    if (win.move < 0) {
      lost_to_the_rule += free_win;
      continue;
    }
    ++wins;
    long_wins += win.length >= 3;
    EXPECT_TRUE(testing::wins_against_every_defence(board, search, 0)) << free_spec << ",exact trial " << trial;
  }
  EXPECT_GT(wins, 0) << free_spec;
  EXPECT_GT(long_wins, 0) << free_spec;
  EXPECT_GT(lost_to_the_rule, 0) << free_spec << ": no free-style win was lost to the rule";
}

TEST(ExactRule, ForcedWinsSurviveEveryDefence) {
  forced_wins_hold<1>("mnk:7x7x5", 3000);   // 7x7: every line read at each node
  forced_wins_hold<4>("mnk:15x15x5", 600);  // 15x15: near lines handed down
}

// The brain's answers, one command at a time.
std::vector<std::string> send(GomocupBrain& brain, std::ostringstream& out, const std::string& line) {
  brain.handle(line);
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  out.str("");
  return lines;
}

TEST(ExactRule, TheBrainPlaysExactlyFiveOnInfoRuleOne) {
  // The brain's stones 3,3 4,3 5,3 6,3 and 8,3 (protocol coordinates, y from the top):
  // free-style, 2,3 and 7,3 both win; under exactly five 7,3 makes six, so only 2,3 wins.
  const char* stones[] = {"3,3,1", "10,10,2", "4,3,1", "10,12,2", "5,3,1", "12,10,2",
                          "6,3,1", "12,12,2", "8,3,1", "14,0,2"};
  std::ostringstream out;
  GomocupBrain brain(out, BrainSettings{});
  EXPECT_EQ(send(brain, out, "START 15"), std::vector<std::string>{"OK"});
  EXPECT_TRUE(send(brain, out, "INFO rule 1").empty());
  EXPECT_TRUE(brain.position()->game().rules.exact);
  send(brain, out, "INFO timeout_turn 200");
  send(brain, out, "BOARD");
  for (const char* s : stones) send(brain, out, s);
  EXPECT_EQ(send(brain, out, "DONE"), std::vector<std::string>{"2,3"});
  EXPECT_TRUE(brain.position()->over());
  EXPECT_EQ(brain.position()->winner(), 0);

  // Back to free-style mid-game: the stones stay, the rule changes.
  EXPECT_EQ(send(brain, out, "RESTART"), std::vector<std::string>{"OK"});
  send(brain, out, "BOARD");
  for (const char* s : stones) send(brain, out, s);
  send(brain, out, "DONE");
  EXPECT_TRUE(send(brain, out, "INFO rule 0").empty());
  EXPECT_FALSE(brain.position()->game().rules.exact);
  EXPECT_EQ(brain.position()->turns_played(), 11);

  // BOARD's stones in any order: listed 0..5, the brain's six would pass through a five on
  // the way (a win under exactly five); they are ordered so that none completes early.
  EXPECT_EQ(send(brain, out, "INFO rule 1").size(), 0u);
  for (const char* order : {"0,3,1 1,3,1 2,3,1 3,3,1 4,3,1 5,3,1", "5,3,1 4,3,1 3,3,1 2,3,1 1,3,1 0,3,1"}) {
    send(brain, out, "BOARD");
    std::istringstream lines(order);
    for (std::string line; lines >> line;) send(brain, out, line);
    for (const char* line : {"7,3,1", "0,10,2", "2,10,2", "4,10,2", "6,10,2", "8,10,2", "10,10,2", "12,10,2"})
      send(brain, out, line);
    const auto answer = send(brain, out, "DONE");
    ASSERT_EQ(answer.size(), 1u) << order;
    EXPECT_EQ(answer[0].find("ERROR"), std::string::npos) << order << ": " << answer[0];
    EXPECT_EQ(brain.position()->turns_played(), 15);
  }
  EXPECT_TRUE(send(brain, out, "INFO rule 0").empty());

  // Renju and caro are not modelled: a MESSAGE (before the next answer: the manager
  // reads none after INFO), and play goes on.
  EXPECT_TRUE(send(brain, out, "INFO rule 4").empty());
  const auto renju = send(brain, out, "ABOUT");
  ASSERT_EQ(renju.size(), 2u);
  EXPECT_EQ(renju[0].rfind("MESSAGE", 0), 0u);
  // With two stones a turn exactly five has no meaning: a MESSAGE, free-style kept.
  BrainSettings six;
  six.k = 6;
  six.p = 2;
  GomocupBrain c6(out, six);
  send(c6, out, "START 19");
  EXPECT_TRUE(send(c6, out, "INFO rule 1").empty());
  const auto refused = send(c6, out, "ABOUT");
  ASSERT_EQ(refused.size(), 2u);
  EXPECT_EQ(refused[0].rfind("MESSAGE", 0), 0u);
  EXPECT_FALSE(c6.position()->game().rules.exact);
}

}  // namespace
}  // namespace kinrow
