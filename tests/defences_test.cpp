// The verifier (threats/defences.h, kinrow defences) against alpha-beta on small boards:
// every defender turn it does not list loses, an empty list means the defender loses,
// and the certificate it writes then is one the checker accepts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <unistd.h>

#include "cli_support.h"
#include "core/notation.h"
#include "games/board_dispatch.h"
#include "games/families.h"
#include "test_support.h"
#include "threats/defences.h"

namespace kinrow {
namespace {

using testing::alphabeta_value;
using testing::random_position;

// Whether the list holds `turn`: a whole turn, or a partial one it extends (a stone that
// completes the defender's line is listed alone: any turn with it wins).
bool listed(const std::vector<Move>& turns, const Turn& turn) {
  return std::any_of(turns.begin(), turns.end(), [&](const Move& m) {
    for (Cell c : to_turn(m))
      if (std::find(turn.begin(), turn.end(), c) == turn.end()) return false;
    return true;
  });
}

TEST(Defences, EveryTurnNotListedLosesAndAnEmptyListIsALoss) {
  int empty_lists = 0;
  for (const char* spec : {"mnk:5x5x4,p=2,q=1", "mnk:6x5x4,p=2,q=2"}) {
    const Game game = make_game(spec);
    BoardOptions options;
    options.near = game.rules.stones_per_turn + ZoneProfile<1>::kMaxExtra;
    const BoardTables tables(game, options);
    ThreatSpaceSearch<1> search(tables);
    SplitMix64 random(2611);
    int lists = 0, refuted = 0;
    const int positions = testing::sanitized() ? 8 : 40;
    // Under the sanitizers fewer, but on until one list comes out empty.
    for (int i = 0; i < 40 && (i < positions || empty_lists == 0); ++i) {
      Position position = random_position(game, 14 + static_cast<int>(random.below(6)), random);
      if (position.stones_this_turn() != game.rules.stones_per_turn) continue;
      Board<1> board = testing::board_of<1>(tables, position);
      const int attacker = 1 - position.to_move();
      const DefenceReport<1> report = list_defences(search, board, attacker, 3, 2);
      ++lists;
      if (report.unrefuted.empty()) {
        ++empty_lists;
        EXPECT_EQ(alphabeta_value(position), Value::Loss) << spec << " after " << format_turns(game, position.history());
      }
      for (const Turn& turn : position.legal_turns()) {
        if (listed(report.unrefuted, turn)) continue;
        position.play(turn);
        ++refuted;
        EXPECT_TRUE(position.over() ? position.winner() == attacker : alphabeta_value(position) == Value::Win)
            << spec << " after " << format_turns(game, position.history()) << ": a turn not listed holds";
        position.undo();
      }
    }
    EXPECT_GT(lists, positions / 4) << spec;
    EXPECT_GT(refuted, 0) << spec;
  }
  EXPECT_GT(empty_lists, 0) << "no position where the attacker wins: the test tests little";
}

TEST(DefencesCli, WritesACertificateVerifyAccepts) {
  const std::string path = ::testing::TempDir() + "kinrow_defences_" + std::to_string(::getpid()) + ".cert";
  const std::string moves = "\"c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19 f5m9\"";
  const testing::CliRun run = testing::kinrow("defences connect6 --moves " + moves + " --certificate " + path + " --json");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"attacker_wins\":true"), std::string::npos) << run.out;
  const testing::CliRun verify = testing::kinrow("verify connect6 " + path + " --json");
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  EXPECT_NE(verify.out.find("\"to_move_value\":\"loss\""), std::string::npos) << verify.out;
  EXPECT_EQ(verify.out.find("\"zone_answers\":0"), std::string::npos) << verify.out;
  std::remove(path.c_str());
}

TEST(DefencesCli, TurnsLeftMeanNoCertificate) {
  const std::string path = ::testing::TempDir() + "kinrow_defences_left_" + std::to_string(::getpid()) + ".cert";
  const std::string moves = "\"c5 s1s3 d5e5 a19c17 f2f3 q19s15 f4j9 a10s10 k9l9 a14n19 j8j7\"";
  const testing::CliRun run = testing::kinrow("defences connect6 --moves " + moves + " --certificate " + path);
  EXPECT_EQ(run.status, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("o19p19"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("not written"), std::string::npos) << run.out;
  std::remove(path.c_str());
}

TEST(DefencesCli, BadInputIsOneLineAndExitTwo) {
  for (const std::string& arguments :
       {std::string("defences connect4 --moves 4"), std::string("defences connect6 --moves j10j11"),
        std::string("defences connect6 --moves \"j10 k10\""), std::string("defences mnk:3x3x3 --moves \"a1 b1 a2 b2 a3\""),
        std::string("defences connect6 --moves j10 --zone-order 9")}) {
    const testing::CliRun run = testing::kinrow(arguments);
    EXPECT_EQ(run.status, 2) << arguments << ": " << run.out << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << arguments << ": " << run.err;
  }
}

}  // namespace
}  // namespace kinrow
