// Df-pn's costliest answers kept beside a table file (search/kept_proofs.h): written as the
// proofs find them, read back with or without the table, and sound — proofs that start
// from them find every value proofs from nothing find, and the certificates read off them
// pass the checker.
#include "search/kept_proofs.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/hashing.h"
#include "core/notation.h"
#include "games/families.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"
#include "cli_support.h"
#include "process_support.h"
#include "kept_trials.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::error_of;
using testing::file_lines;

TEST(KeptProofs, LiveBesideTheTableFile) {
  EXPECT_EQ(kept_proofs_path("dir/c7.table"), "dir/c7.proofs");
  EXPECT_EQ(kept_proofs_path("t"), "t.proofs");
}

// Soundness, on random positions of boards where the zones of disproofs cut (one stone a
// turn, and two). Each is proved once stopped halfway, keeping every answer found, then
// from those answers alone (its table removed): the value is that of a proof from
// nothing, and the certificate read off passes the checker. Halfway is where kept zones
// act: at an attacker's node left open, a kept disproof's zone refutes siblings unsearched,
// where a wrong zone would refute a winning move (a test that turned every kept zone into
// the whole board failed here).
TEST(KeptProofs, AStopResumedFromThemKeepsEveryValue) {
  testing::TemporaryDirectory dir("kinrow-kept-proofs");
  const std::string table = (dir / "t.table").string();
  std::size_t zones = 0;  // kept disproofs with a zone
  for (const char* spec : {"mnk:7x6x5", "mnk:6x5x4", "mnk:5x5x4,p=2,q=1"}) {
    const Game game = make_game(spec);
    const int trials = testing::sanitized() ? 6 : 30;
    testing::for_each_kept_trial(game, 20261201, trials, 20, [&](const Position& position, const DfpnResult& expected) {
      DfpnOptions keep = testing::kept_run(table, 1);  // every answer
      keep.max_nodes = expected.nodes / 2;
      dfpn_solve(position, keep);
      std::filesystem::remove(table);
      std::filesystem::remove(kept_open_path(kept_proofs_path(table)));  // the answers alone (kept_open_test: with it)
      const std::vector<std::string> lines = file_lines(kept_proofs_path(table));
      for (const std::string& line : lines) zones += line.back() != '-' && line.find("disproven") != std::string::npos;

      DfpnOptions resumed = testing::kept_run(table, 0);
      std::size_t read = 0;
      resumed.on_kept_read = [&read](std::size_t n) { read = n; };
      const DfpnResult got = dfpn_solve(position, resumed, true);
      std::filesystem::remove(table);
      std::filesystem::remove(kept_proofs_path(table));
      EXPECT_EQ(read, lines.empty() ? 0 : lines.size() - 1);
      testing::expect_same_and_certified(game, got, expected);
    });
  }
  EXPECT_GT(zones, 100u);
}

// Proved once keeping every answer, a position proved again from them alone (its table
// removed) takes fewer nodes and gives the same value.
TEST(KeptProofs, AStartFromThemAloneTakesFewerNodes) {
  testing::TemporaryDirectory dir("kinrow-kept-again");
  const Game game = make_game("mnk:7x6x5");
  const Position position(game);
  DfpnOptions keep;
  keep.table_megabytes = 8;
  keep.table_file = (dir / "a.table").string();
  keep.save_every_seconds = 0;
  keep.kept_proofs_nodes = 16;
  const DfpnResult first = dfpn_solve(position, keep);
  std::filesystem::remove(keep.table_file);
  std::filesystem::remove(kept_open_path(kept_proofs_path(keep.table_file)));
  keep.kept_proofs_nodes = 0;
  const DfpnResult again = dfpn_solve(position, keep);
  EXPECT_TRUE(again.resumed);
  EXPECT_EQ(again.value, first.value);
  EXPECT_LT(again.nodes, first.nodes / 4);
}

// A node decided by several threads, or again after being read back, is kept once; a
// zone of several words reads back as written.
TEST(KeptProofs, KeepsEachAnswerOnceAndReadsItsZone) {
  testing::TemporaryDirectory dir("kinrow-kept-once");
  const std::string path = (dir / "a.proofs").string();
  const std::string label = "df-pn mnk:9x9x5, reduced keys";
  {
    KeptProofs kept(path, label, 1);
    const std::vector<uint64_t> zone{0x3, 0x10000};  // cells 0, 1 and 80
    kept.keep(0xabc, false, 30, zone);
    kept.keep(0xabc, false, 31, zone);
    kept.keep(0x123, true, 5, std::vector<uint64_t>{0, 0});
  }
  std::vector<KeptProof> read;
  EXPECT_EQ(KeptProofs::read(path, label, 81, 2, [&](const KeptProof& p) { read.push_back(p); }), 2u);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0].key, 0xabcu);
  EXPECT_FALSE(read[0].proven);
  EXPECT_EQ(read[0].work, 30);
  EXPECT_EQ(read[0].zone, (std::vector<uint64_t>{0x3, 0x10000}));
  EXPECT_TRUE(read[1].proven);
  EXPECT_EQ(read[1].zone, (std::vector<uint64_t>{0, 0}));
  {
    KeptProofs kept(path, label, 1);
    kept.mark_kept(0xabc);  // read back at the start
    kept.keep(0xabc, false, 30, std::vector<uint64_t>{0, 0});
    kept.keep(0x456, true, 7, std::vector<uint64_t>{0, 0});
  }
  EXPECT_EQ(file_lines(path).size(), 4u);
}

TEST(KeptProofs, RefusesAnotherSearchsFileAndLinesThatDoNotRead) {
  testing::TemporaryDirectory dir("kinrow-kept-refused");
  const std::string path = (dir / "a.proofs").string();
  const std::string label = "df-pn mnk:7x6x5, reduced keys";
  const std::string header = "kinrow-kept-proofs 1 " + label;
  auto read_of = [&](const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
    return error_of([&] { KeptProofs::read(path, label, 42, 1, [](const KeptProof&) {}); });
  };
  EXPECT_EQ(read_of(header + "\n7f disproven 3 c00000063\n"), "");
  EXPECT_EQ(read_of(header + "\r\n7f proven 3 -\r\n"), "");  // a copy with Windows line ends
  EXPECT_EQ(read_of(header + "\n7f proven 3 -\n80 pro"), "");  // cut short: skipped
  EXPECT_NE(read_of("kinrow-kept-proofs 1 df-pn mnk:8x6x5, reduced keys\n").find("line 1"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f won 3 -\n").find("line 2"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f proven 0 -\n").find("line 2"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7g proven 3 -\n").find("line 2"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f disproven 3 1.0\n").find("a zone of 1 word,"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f disproven 3 x1\n").find("line 2"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f proven 3 1\n").find("only disproofs"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f proven 3 -\n7f disproven 3 40000000000\n").find("cell (42)"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f proven 3 - extra\n").find("line 2"), std::string::npos);
  std::ofstream(path) << "kinrow-kept-proofs 1 df-pn mnk:8x6x5, reduced keys\n";
  EXPECT_NE(error_of([&] { KeptProofs k(path, label, 1); }).find("another search"), std::string::npos);
}

// The commands: solve keeps NAME.proofs beside --table-file and says what it read (also
// when stopped); table mnk keeps BOARD.proofs; --bounds-over without a kept table is refused.
TEST(KeptProofs, SolveAndTableKeepAndReadThem) {
  testing::TemporaryDirectory dir("kinrow-kept-proofs-cli");
  const std::string table = (dir / "g.table").string();
  const std::string solve =
      "solve mnk:7x6x5 --method pns --threads 1 --tt-mb 16 --json --quiet --bounds-over 64 --table-file " + table;
  testing::CliRun run = testing::kinrow(solve);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"resumed\":false,\"proofs_read\":0"), std::string::npos) << run.out;
  ASSERT_TRUE(std::filesystem::exists(kept_proofs_path(table)));
  std::filesystem::remove(table);
  run = testing::kinrow(solve);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"value\":\"draw\""), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"resumed\":true"), std::string::npos) << run.out;
  EXPECT_EQ(run.out.find("\"proofs_read\":0"), std::string::npos) << run.out;
  run = testing::kinrow("solve mnk:7x6x5 --method pns --threads 1 --tt-mb 16 --quiet --table-file " + table);
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("proofs       " + kept_proofs_path(table) + ": "), std::string::npos) << run.out;

  // A stopped run says what it read too (every long sitting is one).
  const std::string stopped = (dir / "s.table").string();
  // Its header as files had it before labels named the key scheme: read as scheme 1's.
  std::ofstream(kept_proofs_path(stopped)) << "kinrow-kept-proofs 1 df-pn mnk:8x8x5, reduced keys\n7f proven 9 -\n";
  run = testing::kinrow("solve mnk:8x8x5 --method pns --threads 1 --tt-mb 16 --json --quiet --seconds 0.01 "
                        "--table-file " + stopped);
  EXPECT_EQ(run.status, 4) << run.err;
  EXPECT_NE(run.out.find("\"resumed\":true,\"proofs_read\":1"), std::string::npos) << run.out;

  run = testing::kinrow("table mnk --size 6 --threads 1 --tt-mb 16 --json --quiet --bounds-over 1 --table-dir " +
                        (dir / "boards").string());
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "boards" / "6x6x6-p2-q1.proofs")) << run.out;

  EXPECT_EQ(testing::kinrow("solve mnk:7x6x5 --method pns --bounds-over 5").status, 2);
  EXPECT_EQ(testing::kinrow("table mnk --size 6 --bounds-over 5").status, 2);
}

}  // namespace
}  // namespace kinrow
