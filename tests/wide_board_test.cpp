// Proofs on the boards people play: Gomoku on 15x15 and 19x19, Connect6 on 19x19. On
// positions with forced wins (an open four, a four-three, threat sequences of 10 and 23
// moves, a Connect6 turn that makes three threats and the turn that cannot answer them)
// df-pn and its threat search prove the value, the checker accepts the certificate, and
// alpha-beta, given a node budget, reaches the same value where it finishes.
#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <unistd.h>
#include <string>

#include "core/notation.h"
#include "games/board_dispatch.h"
#include "games/families.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"
#include "search/solver.h"
#include "cli_support.h"
#include "test_names.h"
#include "test_support.h"
#include "threats/forced_win.h"

namespace kinrow {
namespace {

struct WideCase {
  const char* name;
  const char* spec;
  const char* moves;
  Value value;          // for the side to move, as the literature's rules give it by hand
  int threat_sequence;  // at least this many moves of the winner's threat sequence (0: none asked)
};

// Moves that set the positions up: the side that wins has its stones in the middle, the
// other's far from them (in a corner row, spaced so that they threaten nothing).
const WideCase kCases[] = {
    // x h8 i8 j8 k8: an open four, o to move cannot stop both ends.
    {"open_four", "mnk:15x15x5", "h8 a1 i8 a3 j8 a5 k8", Value::Loss, 0},
    // x c3 d3 e3 (o b3 closes the left) and f4 f5: f3 makes a four (g3) and a three in
    // column f; after g3, f6 makes an open four.
    {"four_three", "mnk:15x15x5", "c3 b3 d3 o15 e3 m15 f4 k15 f5 i15", Value::Win, 3},
    // Found by random search for long threat sequences (threats/forced_win.h).
    {"sequence_of_11", "mnk:15x15x5", "h12 k8 f9 d8 i4 g4 f12 k11 j6 f8 j10 d10 g9 d4 j9 k6 f6 e9 e7 a15 i8 c15",
     Value::Win, 11},
    {"sequence_of_23", "mnk:19x19x5", "g7 j9 m9 g8 i8 k11 k9 n14 i11 m14 l11 g9 m12 f14 i12 f6 k7 a19 m8 c19",
     Value::Win, 23},
    // Connect6: x has three threes (c5 d5 e5, f2 f3 f4, j9 k9 l9); f5 and m9 make three
    // lines of four, and o's two stones stop two of them.
    {"connect6_three_threats", "mnk:19x19x6,p=2,q=1", "c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19",
     Value::Win, 0},
    {"connect6_too_many_threats", "mnk:19x19x6,p=2,q=1",
     "c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19 f5m9", Value::Loss, 0},
};

struct Stop {};

// Alpha-beta's value within a node budget, or nothing.
std::optional<Value> alphabeta_within(const Position& position, uint64_t budget) {
  SolveOptions options;
  options.weak = true;
  options.table_megabytes = 16;
  options.monitor.interval_seconds = 0;
  options.monitor.on_progress = [budget](const SearchProgress& p) {
    if (p.nodes > budget) throw Stop{};
  };
  try {
    return solve(position, options).value;
  } catch (const Stop&) {
    return std::nullopt;
  }
}

class WideBoard : public ::testing::TestWithParam<WideCase> {};

TEST_P(WideBoard, DfpnProvesItTheCheckerAgreesAndSoDoesAlphaBeta) {
  const WideCase& c = GetParam();
  const Game game = make_game(c.spec);
  const Position position = play_moves(game, c.moves);
  ASSERT_FALSE(position.over());
  DfpnOptions options;
  options.table_megabytes = 16;
  const DfpnResult proof = dfpn_solve(position, options, true);
  ASSERT_TRUE(proof.complete);
  EXPECT_EQ(proof.value, c.value);
  ASSERT_TRUE(proof.certificate);
  const CheckReport report = check_certificate(game, *proof.certificate);
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.to_move_value, c.value == Value::Win ? "win" : "loss");
  // The threat sequence the position was chosen for, found again by the threat search.
  if (c.threat_sequence > 0) {
    const BoardTables tables(game);
    with_board(tables, [&](auto board) {
      replay(board, position);
      ForcedWinSearch<decltype(board)::kWords> search;
      EXPECT_GE(search.find(board, position.to_move()).length, c.threat_sequence);
    });
  }
  // Alpha-beta, where it finishes (it must search the wide turns of Connect6 one by one;
  // not under the sanitizers, where listing them takes half a minute).
  if (testing::sanitized()) return;
  if (const std::optional<Value> value = alphabeta_within(position, 2'000'000)) {
    EXPECT_EQ(*value, c.value);
  }
}

// The threat search's node limit (what df-pn sets): below what a sequence needs, "none
// found" and no zone; the cut leaves nothing behind, so the same search without the
// limit then finds the sequence and the zone that a fresh search finds.
TEST(WideBoard, ANodeLimitAnswersNoneFoundAndForgetsIt) {
  const Game game = make_game("mnk:19x19x5");
  const Position position = play_moves(game, kCases[3].moves);
  const BoardTables tables(game);
  with_board(tables, [&](auto board) {
    replay(board, position);
    const int attacker = position.to_move();
    ForcedWinSearch<decltype(board)::kWords> fresh;
    const ForcedWin win = fresh.find(board, attacker);
    const uint64_t needed = fresh.nodes();
    ASSERT_GE(win.length, kCases[3].threat_sequence);
    ASSERT_GT(needed, 4u);
    const auto zone = fresh.relevance_zone(board, attacker);

    ForcedWinSearch<decltype(board)::kWords> limited;
    limited.set_node_limit(needed / 2);
    EXPECT_EQ(limited.find(board, attacker).move, -1);
    EXPECT_TRUE(limited.relevance_zone(board, attacker).none());
    limited.set_node_limit(0);
    EXPECT_EQ(limited.find(board, attacker).length, win.length);
    ForcedWinSearch<decltype(board)::kWords> zone_after_cut;
    zone_after_cut.set_node_limit(needed / 2);
    EXPECT_EQ(zone_after_cut.find(board, attacker).move, -1);
    zone_after_cut.set_node_limit(0);
    EXPECT_EQ(zone_after_cut.relevance_zone(board, attacker), zone);
    EXPECT_TRUE(zone.any());
  });
}

INSTANTIATE_TEST_SUITE_P(Positions, WideBoard, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

// The command line on a Connect6 position: df-pn is chosen, the value comes with a
// certificate, and verify accepts it.
TEST(WideBoardCli, ConnectSixFromTheCommandLine) {
  if (testing::sanitized()) GTEST_SKIP() << "the same proof as WideBoard's, half a minute under the sanitizers";
  const std::string path = ::testing::TempDir() + "kinrow_wide_" + std::to_string(::getpid()) + ".cert";
  const std::string moves = "\"c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19\"";
  const testing::CliRun solve = testing::kinrow("solve connect6 --moves " + moves + " --json --certificate " + path);
  ASSERT_EQ(solve.status, 0) << solve.err;
  EXPECT_NE(solve.out.find("\"method\":\"pns\""), std::string::npos) << solve.out;
  EXPECT_NE(solve.out.find("\"to_move_value\":\"win\""), std::string::npos) << solve.out;
  const testing::CliRun verify = testing::kinrow("verify connect6 " + path);
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  std::remove(path.c_str());
}

}  // namespace
}  // namespace kinrow
