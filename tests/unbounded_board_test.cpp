// The unbounded board (kinrow verify --infinite): the lines a board gains past its edge,
// and the checker's second mode, cross-checked against the solver on a larger board. A
// position whose proof the checker carries over to the unbounded board must stay won
// when the board grows around it; one where a line across the edge wins for the
// opponent must not be carried over, and a larger board shows why.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "core/notation.h"
#include "games/families.h"
#include "proof/checker.h"
#include "proof/unbounded_board.h"
#include "search/dfpn_solve.h"

namespace kinrow {
namespace {

// Connect6, Black to move: one turn makes three threats (README, docs/results.md).
constexpr const char* kThreeThreats = "c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19";
// The same, after White has put four stones on each of rows 1 to 3 from the left edge,
// blocked on the board (e1, f2, f3) but open past the edge, and Black has played far
// away: on 19x19 Black still wins, past the edge White threatens three lines at once.
constexpr const char* kEdgeFours =
    "c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19 e1g19 a1b1 s19i18 c1d1 k17r17 a2b2 "
    "h16n16 c2d2 j15q15 a3b3 m13s12 c3d3";

// The moves of `from`, written for `to` with every stone moved `dx` columns right and `dy`
// rows up (the same position pushed across a board, or set in a larger one).
std::string shifted(const Game& from, const std::string& moves, const Game& to, int dx, int dy) {
  std::vector<Turn> turns = play_moves(from, moves).history();
  for (Turn& turn : turns)
    for (Cell& c : turn) {
      const int x = from.coords[c][0] + dx, y = from.coords[c][1] + dy;
      Cell moved = 0;
      while (to.coords[moved][0] != x || to.coords[moved][1] != y) ++moved;
      c = moved;
    }
  return format_turns(to, turns);
}

DfpnResult solve(const Game& game, const std::string& moves) {
  DfpnOptions options;
  options.table_megabytes = 64;
  return dfpn_solve(play_moves(game, moves), options, true);
}

CheckReport check_unbounded(const Game& game, const Certificate& certificate) {
  CheckOptions options;
  options.infinite = true;
  return check_certificate(game, certificate, automorphisms(game, 8), options);
}

// Positions from kinrow's own Connect6 games (bench/data/match-connect6-baseline-1.json):
// in each of the first `games` games won by a line, the winner to move three of his turns
// before the end.
std::vector<std::string> match_positions(int games) {
  std::ifstream in(std::string(KINROW_SOURCE_DIR) + "/bench/data/match-connect6-baseline-1.json");
  const nlohmann::json record = nlohmann::json::parse(in);
  std::vector<std::string> out;
  for (const auto& game : record["games"]) {
    if (game["reason"].get<std::string>().find("completes a line") == std::string::npos) continue;
    std::vector<std::string> turns;
    std::istringstream moves(game["moves"].get<std::string>());
    for (std::string turn; moves >> turn;) turns.push_back(turn);
    const std::size_t cut = turns.size() - 5;  // the winner's last turns are the last, -3, -5
    std::string text;
    for (std::size_t i = 0; i < cut; ++i) text += (i ? " " : "") + turns[i];
    out.push_back(text);
    if (static_cast<int>(out.size()) == games) break;
  }
  return out;
}

TEST(UnboundedBoard, EdgeLinesAreTheWindowsThatLeaveTheBoard) {
  const Game game = make_game("mnk:7x5x4");
  std::string why;
  const std::optional<UnboundedBoard> board = unbounded_board(game, why);
  ASSERT_TRUE(board) << why;
  EXPECT_EQ(board->k, 4);
  // Counted another way: every window of four on a grid with a margin of three around
  // the board, in the four directions, that has some but not all of its cells on it.
  const int w = 7, h = 5, k = 4;
  int expected = 0;
  const int steps[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (const auto& d : steps)
    for (int x = -k; x <= w + k; ++x)
      for (int y = -k; y <= h + k; ++y) {
        int on = 0;
        for (int i = 0; i < k; ++i) on += x + i * d[0] >= 0 && x + i * d[0] < w && y + i * d[1] >= 0 && y + i * d[1] < h;
        expected += on > 0 && on < k;
      }
  EXPECT_EQ(static_cast<int>(board->edge_lines.size()), expected);
  for (const EdgeLine& line : board->edge_lines) {
    EXPECT_EQ(static_cast<int>(line.on_board.size()) + line.off_board, k);
    EXPECT_GT(line.off_board, 0);
  }
}

TEST(UnboundedBoard, OnlyPlainKInARowBoardsHaveOne) {
  for (const char* spec : {"connect4", "qubic", "mnk:7x6x4,cylinder"}) {
    std::string why;
    EXPECT_FALSE(unbounded_board(make_game(spec), why)) << spec;
    EXPECT_NE(why.find("k-in-a-row"), std::string::npos) << spec << ": " << why;
  }
}

TEST(UnboundedBoard, AProofCarriedOverStaysWonOnALargerBoard) {
  const Game board19 = make_game("connect6");
  const DfpnResult here = solve(board19, kThreeThreats);
  ASSERT_TRUE(here.complete && here.certificate);
  ASSERT_EQ(here.value, Value::Win);
  const CheckReport unbounded = check_unbounded(board19, *here.certificate);
  EXPECT_TRUE(unbounded.ok) << unbounded.error;
  EXPECT_GT(unbounded.zone_answers, 0u);

  // The solver on 25x25, the position in the middle: the same win, carried over again.
  const Game board25 = make_game("mnk:25x25x6,p=2,q=1");
  const DfpnResult larger = solve(board25, shifted(board19, kThreeThreats, board25, 3, 3));
  ASSERT_TRUE(larger.complete && larger.certificate);
  EXPECT_EQ(larger.value, Value::Win);
  const CheckReport again = check_unbounded(board25, *larger.certificate);
  EXPECT_TRUE(again.ok) << again.error;
}

TEST(UnboundedBoard, ALineAcrossTheEdgeKeepsTheProofOnItsBoard) {
  const Game board19 = make_game("connect6");
  const DfpnResult here = solve(board19, kEdgeFours);
  ASSERT_TRUE(here.complete && here.certificate);
  ASSERT_EQ(here.value, Value::Win);
  EXPECT_TRUE(check_certificate(board19, *here.certificate).ok);
  const CheckReport unbounded = check_unbounded(board19, *here.certificate);
  EXPECT_FALSE(unbounded.ok);
  // The zone would need a cell of a line that runs past the edge (e1..e3's rows).
  EXPECT_NE(unbounded.error.find("misses e"), std::string::npos) << unbounded.error;

  // Why: with three columns more on the left, White's rows are open and Black loses.
  const Game board25 = make_game("mnk:25x25x6,p=2,q=1");
  const DfpnResult larger = solve(board25, shifted(board19, kEdgeFours, board25, 3, 3));
  ASSERT_TRUE(larger.complete);
  EXPECT_EQ(larger.value, Value::Loss);
}

// Soundness, on positions the test did not make up: positions from kinrow's games, as
// played and pushed against edges of 19x19 (the pushes df-pn settles in a fraction of a
// second on both boards: some others take minutes). Wherever the checker carries the win
// over to the unbounded board, the solver must find it on 25x25 as well.
TEST(UnboundedBoard, EveryProofCarriedOverIsAWinOnALargerBoard) {
  enum Push { AsPlayed, Left, Right, Bottom, Top };
  const std::vector<std::pair<int, std::vector<Push>>> cases = {
      {0, {AsPlayed, Left, Right, Bottom}}, {2, {AsPlayed, Right, Bottom}}, {3, {AsPlayed, Left, Top}}};
  const Game board19 = make_game("connect6");
  const Game board25 = make_game("mnk:25x25x6,p=2,q=1");
  const std::vector<std::string> positions = match_positions(4);
  int carried = 0;
  for (const auto& [index, pushes] : cases) {
    const std::string& moves = positions.at(index);
    int min_x = 99, max_x = -1, min_y = 99, max_y = -1;
    const Position played = play_moves(board19, moves);
    for (const Turn& turn : played.history())
      for (Cell c : turn) {
        const int x = board19.coords[c][0], y = board19.coords[c][1];
        min_x = std::min(min_x, x), max_x = std::max(max_x, x), min_y = std::min(min_y, y), max_y = std::max(max_y, y);
      }
    for (const Push push : pushes) {
      const int dx = push == Left ? -min_x : push == Right ? 18 - max_x : 0;
      const int dy = push == Bottom ? -min_y : push == Top ? 18 - max_y : 0;
      const std::string here = shifted(board19, moves, board19, dx, dy);
      const DfpnResult r = solve(board19, here);
      ASSERT_TRUE(r.complete && r.certificate) << here;
      if (r.value != Value::Win) continue;  // the edge changed the game: no claim
      ASSERT_TRUE(check_certificate(board19, *r.certificate).ok) << here;
      if (!check_unbounded(board19, *r.certificate).ok) continue;
      ++carried;
      const DfpnResult larger = solve(board25, shifted(board19, here, board25, 3, 3));
      ASSERT_TRUE(larger.complete) << here;
      EXPECT_EQ(larger.value, Value::Win) << "carried over but not won on 25x25: " << here;
    }
  }
  EXPECT_GE(carried, 6);
}

TEST(UnboundedBoard, OnlyZoneProofsOfWinsCarryOver) {
  const Game game = make_game("mnk:4x4x3");
  const DfpnResult r = solve(game, "");
  ASSERT_TRUE(r.complete && r.certificate);
  ASSERT_TRUE(check_certificate(game, *r.certificate).ok);
  const CheckReport unbounded = check_unbounded(game, *r.certificate);
  EXPECT_FALSE(unbounded.ok);
  EXPECT_NE(unbounded.error.find("relevance zones"), std::string::npos) << unbounded.error;
}

// Only the board's rotations and reflections are symmetries there. mnk:4x4x4 has 32
// symmetries of its lines, 8 of them motions of the plane; a rectangle has 4.
TEST(UnboundedBoard, OnlyTheBoardsMotionsCarryOver) {
  for (const auto& [spec, lines, motions] :
       {std::tuple{"mnk:4x4x4", 32u, 8u}, std::tuple{"mnk:5x5x5", 32u, 8u}, std::tuple{"mnk:6x4x4", 4u, 4u},
        std::tuple{"mnk:7x7x5", 8u, 8u}}) {
    const Game game = make_game(spec);
    const SymmetryGroup group = automorphisms(game);
    EXPECT_EQ(group.size(), lines) << spec;
    EXPECT_EQ(board_motions(game, group).size(), motions) << spec;
  }
}

// A hand-made certificate (from an audit of the checker): on 5x5 with k = 5 a symmetry of
// the lines that is no motion swaps c5 and d3 and fixes the start, so the second player's
// d3 passed as the image of c5, which the zones prove. On the board the claim is true; on
// the unbounded board d3 makes four on the diagonal b1-e4, open at both ends past the
// edge, and the first player has no win at once: the checker must not carry it over.
TEST(UnboundedBoard, ASymmetryOfTheLinesAloneProvesNothingThere) {
  const Game game = make_game("mnk:5x5x5");
  const std::string text =
      "kinrow-certificate 1\n"
      "game mnk:5x5x5\n"
      "start b5 e4 d5 b3 e5 e3 a4 a2 c3 c2 b2 e2 d2 b1 d1 c1 e1\n"
      "strategy first win win-now zones\n"
      "zone ~1 .x.xxx...o.ox.ooxoxo.ooxx a5 c5 b4 d4 d3\n"
      "~1 .x.xxx...o.oxXooxoxo.ooxx\n"
      "zone ~2 .x.xxx...o.oxxooxoxo.ooxx d4\n"
      "~1 Xx.xxx..oo.oxxooxoxo.ooxx\n"
      "zone ~2 xx.xxx..oo.oxxooxoxo.ooxx c5 b4\n"
      "ox.xxx..Xo.ox.ooxoxo.ooxx\n"
      "zone ~1 ox.xxx..xo.ox.ooxoxo.ooxx d3 a1\n"
      "Xxoxxx...o.ox.ooxoxo.ooxx\n"
      "zone ~1 xxoxxx...o.ox.ooxoxo.ooxx b4\n"
      "xxoxxxo.Xo.ox.ooxoxo.ooxx\n"
      "zone ~1 xxoxxxo.xo.ox.ooxoxo.ooxx d3 a1\n"
      "Xx.xxxo..o.ox.ooxoxo.ooxx\n"
      "zone ~1 xx.xxxo..o.ox.ooxoxo.ooxx c5\n"
      "xxoxxxo.Xo.ox.ooxoxo.ooxx\n"
      "zone ~1 xxoxxxo.xo.ox.ooxoxo.ooxx d3 a1\n"
      "Xx.xxx..oo.ox.ooxoxo.ooxx\n"
      "zone ~1 xx.xxx..oo.ox.ooxoxo.ooxx c5 b4\n";
  std::istringstream bounded_in(text);
  const CheckReport bounded = check_certificate(game, bounded_in);
  EXPECT_TRUE(bounded.ok) << bounded.error;
  CheckOptions options;
  options.infinite = true;
  std::istringstream unbounded_in(text);
  const CheckReport unbounded = check_certificate(game, unbounded_in, options);
  EXPECT_FALSE(unbounded.ok);
  EXPECT_FALSE(unbounded.error.empty());
}

}  // namespace
}  // namespace kinrow
