// Df-pn's costliest open nodes kept with its answers (search/kept_open.h): a snapshot
// written with each table save, read back only where the table file is missing, and
// sound — open numbers only steer, so proofs that start from them find every value proofs
// from nothing find, and the certificates read off them pass the checker.
#include "search/kept_open.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/hashing.h"
#include "core/notation.h"
#include "games/families.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"
#include "search/kept_proofs.h"
#include "cli_support.h"
#include "process_support.h"
#include "kept_trials.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::error_of;

std::size_t line_count(const std::string& path) { return testing::file_lines(path).size(); }

TEST(KeptOpen, LivesBesideTheKeptProofs) {
  EXPECT_EQ(kept_open_path("dir/c7.proofs"), "dir/c7.open");
  EXPECT_EQ(kept_open_path("dir/move-3.proofs"), "dir/move-3.open");
  EXPECT_EQ(kept_open_path("t"), "t.open");
}

bool write_nodes(const std::string& path, const std::string& label, const std::vector<KeptOpenNode>& nodes) {
  KeptOpenWriter out(path, label);
  for (const KeptOpenNode& node : nodes) out.add(node);
  return out.finish();
}

// A snapshot replaces the one before it; none to keep makes no file, but empties an old
// one; a writer dropped unfinished (an exception on the way) leaves the file before it.
TEST(KeptOpen, EachSnapshotReplacesTheLast) {
  testing::TemporaryDirectory dir("kinrow-kept-open");
  const std::string path = (dir / "a.open").string();
  const std::string label = "df-pn mnk:7x6x5, reduced keys";
  EXPECT_TRUE(write_nodes(path, label, {}));
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_FALSE(std::filesystem::exists(path + ".part"));
  EXPECT_TRUE(write_nodes(path, label, {{0xabcdef0123456789, 3, 1u << 30, 40}, {0x7f, 1, 2, 1}}));
  std::vector<KeptOpenNode> read;
  EXPECT_EQ(read_kept_open(path, label, [&](const KeptOpenNode& n) { read.push_back(n); }), 2u);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0].key, 0xabcdef0123456789u);
  EXPECT_EQ(read[0].pn, 3u);
  EXPECT_EQ(read[0].dn, 1u << 30);
  EXPECT_EQ(read[0].work, 40);
  EXPECT_EQ(read[1].key, 0x7fu);
  EXPECT_TRUE(write_nodes(path, label, {{0x12, 5, 6, 7}}));
  EXPECT_EQ(line_count(path), 2u);
  EXPECT_FALSE(std::filesystem::exists(path + ".part"));
  {
    KeptOpenWriter dropped(path, label);
    dropped.add({0x34, 1, 1, 9});
    dropped.add({0x56, 1, 1, 9});
  }
  EXPECT_EQ(line_count(path), 2u);
  EXPECT_FALSE(std::filesystem::exists(path + ".part"));
  EXPECT_TRUE(write_nodes(path, label, {}));
  EXPECT_EQ(line_count(path), 1u);  // the header: the table saved with it holds no open node of that cost
  EXPECT_EQ(read_kept_open((dir / "none.open").string(), label, [](const KeptOpenNode&) {}), 0u);
  EXPECT_FALSE(write_nodes((dir / "no-such-folder" / "a.open").string(), label, {{0x12, 5, 6, 7}}));
}

TEST(KeptOpen, RefusesAnotherSearchsFileAndLinesThatDoNotRead) {
  testing::TemporaryDirectory dir("kinrow-kept-open-refused");
  const std::string path = (dir / "a.open").string();
  const std::string label = "df-pn mnk:7x6x5, reduced keys";
  const std::string header = "kinrow-kept-open 1 " + label;
  auto read_of = [&](const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
    return error_of([&] { read_kept_open(path, label, [](const KeptOpenNode&) {}); });
  };
  EXPECT_EQ(read_of(header + "\n7f 3 4 20\n"), "");
  EXPECT_EQ(read_of(header + "\r\n7f 3 4 20\r\n"), "");  // a copy with Windows line ends
  EXPECT_EQ(read_of(header + "\n7f 3 4 20\n80 1"), "");    // cut short: skipped
  EXPECT_NE(read_of("kinrow-kept-open 1 df-pn mnk:8x6x5, reduced keys\n").find("line 1"), std::string::npos);
  EXPECT_NE(read_of("kinrow-kept-proofs 1 " + label + "\n").find("line 1"), std::string::npos);
  EXPECT_EQ(read_of(header + "\n7f 1073741824 4 20\n"), "");  // df-pn's infinity: an open sum may reach it
  EXPECT_NE(read_of(header + "\n7f 0 4 20\n").find("both numbers 1 to 2^30"), std::string::npos);  // an answer
  EXPECT_NE(read_of(header + "\n7f 1073741825 4 20\n").find("line 2"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f 3 0 20\n").find("line 2"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f 3 4 0\n").find("line 2"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f 3 4 65\n").find("line 2"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f 3 4294967296 20\n").find("line 2"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7g 3 4 20\n").find("line 2"), std::string::npos);
  EXPECT_NE(read_of(header + "\n7f 3 4 20 x\n").find("line 2"), std::string::npos);
}

// Soundness, on random positions: each is proved once stopped halfway, its table saved
// with the kept answers and open nodes, then again with the table removed — from the open
// nodes and answers, and from the open nodes alone. The value is that of a proof from
// nothing and the certificate read off passes the checker. With the table there, the open
// nodes are not read (it holds them, and newer).
TEST(KeptOpen, AStopResumedFromThemKeepsEveryValue) {
  testing::TemporaryDirectory dir("kinrow-kept-open-sound");
  std::size_t open_read = 0;  // over all trials: the test must have read some
  // Nodes over all trials, from nothing and from the kept files: a take_open that stored
  // nothing would keep the values but not save work.
  uint64_t from_nothing = 0, from_open_and_answers = 0, from_open_alone = 0;
  const std::string table = (dir / "t.table").string();
  const std::string proofs = kept_proofs_path(table), open = kept_open_path(proofs);
  for (const char* spec : {"mnk:7x6x5", "mnk:5x5x4,p=2,q=1"}) {
    const Game game = make_game(spec);
    const int trials = testing::sanitized() ? 10 : 20;
    testing::for_each_kept_trial(game, 20261203, trials, 40, [&](const Position& position, const DfpnResult& expected) {
      from_nothing += expected.nodes;
      DfpnOptions keep = testing::kept_run(table, 1);  // every answer and every open node
      keep.max_nodes = expected.nodes / 2;
      std::optional<std::size_t> read_with_table;
      keep.on_open_read = [&](std::size_t n) { read_with_table = n; };
      dfpn_solve(position, keep);
      EXPECT_EQ(read_with_table, std::optional<std::size_t>(0));  // no table yet: looked, none
      read_with_table.reset();
      dfpn_solve(position, keep);  // the table there: the open file is not looked at
      EXPECT_FALSE(read_with_table);
      const std::string saved_open = (dir / "saved.open").string();
      std::filesystem::remove(saved_open);
      if (std::filesystem::exists(open)) std::filesystem::copy_file(open, saved_open);
      const std::string saved_proofs = (dir / "saved.proofs").string();
      std::filesystem::remove(saved_proofs);
      if (std::filesystem::exists(proofs)) std::filesystem::copy_file(proofs, saved_proofs);

      for (const bool with_answers : {true, false}) {
        SCOPED_TRACE(with_answers ? "open nodes and answers" : "open nodes alone");
        std::filesystem::remove(table);
        std::filesystem::remove(proofs);
        std::filesystem::remove(open);
        if (std::filesystem::exists(saved_open)) std::filesystem::copy_file(saved_open, open);
        if (with_answers && std::filesystem::exists(saved_proofs)) std::filesystem::copy_file(saved_proofs, proofs);
        DfpnOptions resumed = testing::kept_run(table, 0);
        std::size_t read = 0;
        resumed.on_open_read = [&read](std::size_t n) { read = n; };
        const DfpnResult got = dfpn_solve(position, resumed, true);
        EXPECT_EQ(read, std::filesystem::exists(saved_open) ? line_count(saved_open) - 1 : 0);
        open_read += read;
        (with_answers ? from_open_and_answers : from_open_alone) += got.nodes;
        testing::expect_same_and_certified(game, got, expected);
      }
      std::filesystem::remove(table);
      std::filesystem::remove(proofs);
      std::filesystem::remove(open);
    });
  }
  EXPECT_GT(open_read, 100u) << open_read;
  std::cout << "nodes over the trials: from nothing " << from_nothing << ", from the open nodes and answers "
            << from_open_and_answers << ", from the open nodes alone " << from_open_alone << "\n";
  EXPECT_LT(from_open_and_answers, from_nothing);
  EXPECT_LT(from_open_alone, from_nothing);
}

// The command: solve keeps NAME.open beside NAME.proofs, and reads it (and says so) only
// when the table file is missing; a stop by --seconds saves it with the table.
TEST(KeptOpen, SolveKeepsAndReadsThem) {
  testing::TemporaryDirectory dir("kinrow-kept-open-cli");
  const std::string table = (dir / "g.table").string();
  const std::string open = kept_open_path(kept_proofs_path(table));
  const std::string solve = "solve mnk:8x8x5 --method pns --threads 1 --tt-mb 16 --json --quiet --bounds-over 4 "
                            "--seconds 0.5 --table-file " + table;
  testing::CliRun run = testing::kinrow(solve);
  ASSERT_EQ(run.status, 4) << run.err << run.out;
  ASSERT_TRUE(std::filesystem::exists(open)) << run.out;
  EXPECT_NE(run.out.find("\"open_read\":0"), std::string::npos) << run.out;  // no table: looked, none
  const std::size_t kept = line_count(open) - 1;
  EXPECT_GT(kept, 0u);
  run = testing::kinrow(solve);  // from the table: the open file is not read
  EXPECT_EQ(run.out.find("open_read"), std::string::npos) << run.out;
  std::filesystem::remove(table);
  const std::size_t kept_now = line_count(open) - 1;
  run = testing::kinrow(solve);
  EXPECT_NE(run.out.find("\"resumed\":true"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"open_read\":" + std::to_string(kept_now)), std::string::npos) << run.out;
  std::filesystem::remove(table);
  run = testing::kinrow("solve mnk:8x8x5 --method pns --threads 1 --tt-mb 16 --quiet --seconds 0.5 --table-file " +
                        table);
  EXPECT_NE(run.out.find("open nodes   " + open + ": "), std::string::npos) << run.out;
}

}  // namespace
}  // namespace kinrow
