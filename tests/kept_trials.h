// The soundness trials of df-pn's kept files (kept_proofs_test, kept_open_test): random
// positions whose proofs are long enough to stop halfway, a run that keeps its files
// beside a table, and the check that a proof resumed from them is certified.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "core/hashing.h"
#include "core/notation.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"
#include "test_support.h"

namespace kinrow::testing {

// Calls `trial(position, expected)` for each of `trials` random positions of `game`, with
// at least half its cells empty and at least two stones on it (open: their proofs are not
// over at once), whose proof from nothing (`expected`, 8 MiB table) took at least
// `fewest_nodes` nodes: fewer leave nothing to stop halfway. The same seed, the same
// positions. A trace names each position.
template <class Trial>
void for_each_kept_trial(const Game& game, uint64_t seed, int trials, uint64_t fewest_nodes, Trial trial) {
  SplitMix64 random(seed);
  for (int t = 0; t < trials; ++t) {
    const int fewest = game.cell_count() / 2;
    const Position position =
        random_position(game, fewest + static_cast<int>(random.below(game.cell_count() - fewest - 2)), random);
    SCOPED_TRACE(game.spec + " after \"" + format_turns(game, position.history()) + "\"");
    DfpnOptions plain;
    plain.table_megabytes = 8;
    const DfpnResult expected = dfpn_solve(position, plain);
    ASSERT_TRUE(expected.complete);
    if (expected.nodes < fewest_nodes) continue;
    trial(position, expected);
  }
}

// The options of a trial's run with its table file `table`, saved only when the run ends,
// keeping what has at least `kept_nodes` work beside it (0: reading, keeping none).
inline DfpnOptions kept_run(const std::string& table, uint64_t kept_nodes) {
  DfpnOptions options;
  options.table_megabytes = 8;
  options.table_file = table;
  options.save_every_seconds = 0;
  options.kept_proofs_nodes = kept_nodes;
  return options;
}

// A resumed proof gives the value of the proof from nothing, with a certificate the
// checker accepts.
inline void expect_same_and_certified(const Game& game, const DfpnResult& got, const DfpnResult& expected) {
  EXPECT_EQ(got.value, expected.value);
  ASSERT_TRUE(got.certificate);
  const CheckReport report = check_certificate(game, *got.certificate);
  EXPECT_TRUE(report.ok) << report.error;
}

}  // namespace kinrow::testing
