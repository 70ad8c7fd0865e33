// What `kinrow solve` runs when no method is asked for (search/method_choice.h).
#include <gtest/gtest.h>

#include "games/families.h"
#include "search/method_choice.h"
#include "cli_support.h"

namespace kinrow {
namespace {

constexpr std::size_t kGiB = std::size_t{1} << 30;

TEST(MethodChoice, DfpnWithoutGravityAlphaBetaUnderItAndOnSmallPositions) {
  const MethodChoice qubic = choose_method(Position(make_game("qubic")), 2, 16 * kGiB);
  EXPECT_EQ(qubic.method, SolveMethod::ProofNumbers);
  EXPECT_EQ(qubic.threads, 2);
  EXPECT_EQ(qubic.table_megabytes, 1024u);  // a large board, plenty of memory: the cap
  EXPECT_EQ(choose_method(Position(make_game("qubic")), 16, 16 * kGiB).threads, 4);
  EXPECT_EQ(choose_method(Position(make_game("connect4")), 2, 16 * kGiB).method, SolveMethod::AlphaBeta);
  EXPECT_EQ(choose_method(Position(make_game("tictactoe")), 2, 16 * kGiB).method, SolveMethod::AlphaBeta);
  const MethodChoice seven = choose_method(Position(make_game("mnk:7x7x5")), 2, 16 * kGiB);
  EXPECT_EQ(seven.method, SolveMethod::ProofNumbers);
  EXPECT_EQ(seven.table_megabytes, 64u);  // a board of fewer than 56 cells
  EXPECT_FALSE(seven.reason.empty());
}

TEST(MethodChoice, TheTableFollowsTheFreeMemory) {
  const Game game = make_game("mnk:15x15x5");
  const Position gomoku(game);
  EXPECT_EQ(dfpn_table_megabytes(gomoku, 2 * kGiB), 512u);  // a quarter
  EXPECT_EQ(dfpn_table_megabytes(gomoku, kGiB / 8), 64u);   // never below the small table
  EXPECT_EQ(dfpn_table_megabytes(gomoku, 0), 64u);          // memory unknown
}

TEST(MethodChoice, TheReportSaysWhatWasChosenAndWhy) {
  const testing::CliRun pns = testing::kinrow("solve mnk:5x5x4");
  EXPECT_EQ(pns.status, 0) << pns.err;
  EXPECT_NE(pns.out.find("method       df-pn on"), std::string::npos) << pns.out;
  EXPECT_NE(pns.out.find("chosen       no gravity"), std::string::npos) << pns.out;
  const testing::CliRun ab = testing::kinrow("solve connect:5x4x4 --json");
  EXPECT_NE(ab.out.find("\"chosen\":\"gravity"), std::string::npos) << ab.out;
  const testing::CliRun asked = testing::kinrow("solve mnk:5x5x4 --method pns --json");
  EXPECT_NE(asked.out.find("\"chosen\":null"), std::string::npos) << asked.out;
}

}  // namespace
}  // namespace kinrow
