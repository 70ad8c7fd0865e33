// Df-pn on several threads sharing one table (DfpnOptions::threads): the value must be
// the one alpha-beta finds, and the certificate read from the shared table must pass the
// checker, whichever thread finished the proof.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/notation.h"
#include "games/families.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"
#include "dfpn_games.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::alphabeta_value;

class DfpnThreads : public ::testing::TestWithParam<const char*> {};

TEST_P(DfpnThreads, AgreeWithAlphaBetaAndTheirCertificatesCheck) {
  const Game game = make_game(GetParam());
  SplitMix64 random(77);
  const int trials = testing::sanitized() ? 4 : 12;
  for (int trial = 0; trial < trials; ++trial) {
    const int empties = std::max(1, game.cell_count() - static_cast<int>(random.below(game.cell_count())));
    const Position position = trial == 0 ? Position(game) : testing::random_position(game, empties, random);
    const Value expected = alphabeta_value(position);
    for (int threads : {2, 3}) {
      DfpnOptions options;
      options.threads = threads;
      options.table_megabytes = 4;
      const DfpnResult r = dfpn_solve(position, options, /*certificate=*/true);
      const std::string where = std::string(GetParam()) + " after \"" + format_turns(game, position.history()) +
                                "\", " + std::to_string(threads) + " threads";
      ASSERT_TRUE(r.complete) << where;
      EXPECT_EQ(r.value, expected) << where;
      ASSERT_TRUE(r.certificate) << where;
      const CheckReport report = check_certificate(game, *r.certificate);
      EXPECT_TRUE(report.ok) << where << ": " << report.error;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Games, DfpnThreads, ::testing::ValuesIn(testing::dfpn_small_games()),
                         testing::spec_test_name);

// A game long enough for the helpers to run beside the main search the whole time
// (thousands of nodes each), with a small table so that they overwrite each other's
// slots often: the value is the published one (a draw) and the certificate checks.
TEST(DfpnThreadsShared, TwoThreadsOnATightTableProveTheDrawOf5x5x4) {
  const Game game = make_game("mnk:5x5x4");
  DfpnOptions options;
  options.threads = 2;
  options.table_megabytes = 1;
  const DfpnResult r = dfpn_solve(Position(game), options, /*certificate=*/true);
  ASSERT_TRUE(r.complete);
  EXPECT_EQ(r.value, Value::Draw);
  ASSERT_TRUE(r.certificate);
  const CheckReport report = check_certificate(game, *r.certificate);
  EXPECT_TRUE(report.ok) << report.error;
}

}  // namespace
}  // namespace kinrow
