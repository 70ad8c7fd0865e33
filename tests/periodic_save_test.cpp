// A long search's table saved while the search runs (search/periodic_save.h): the saver's
// schedule, saves taken while threads write (each table keeps only whole entries), and a
// run killed without warning that goes on from its last save.

#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/error.h"
#include "games/families.h"
#include "search/dfpn_solve.h"
#include "search/periodic_save.h"
#include "search/transposition_table.h"
#include "cli_support.h"
#include "process_support.h"

namespace kinrow {
namespace {

TEST(PeriodicSave, SavesEveryIntervalUntilDestroyed) {
  std::atomic<int> saves{0};
  std::vector<std::string> paths;
  std::mutex mutex;
  {
    const PeriodicSave saver(0.01, "t.table", [&](const std::string& path) {
      const std::lock_guard lock(mutex);
      paths.push_back(path);
      ++saves;
    });
    ASSERT_TRUE(testing::eventually([&] { return saves >= 3; }, 30));
  }
  const int at_end = saves;
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(saves, at_end);  // the destructor stopped the thread
  for (const std::string& path : paths) EXPECT_EQ(path, "t.table");
}

TEST(PeriodicSave, NoIntervalOrNoFileMeansNoSaves) {
  std::atomic<int> saves{0};
  {
    const PeriodicSave never(0, "t.table", [&](const std::string&) { ++saves; });
    const PeriodicSave nowhere(0.001, "", [&](const std::string&) { ++saves; });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(saves, 0);
}

// A save that fails is reported and the saver goes on: the search is not stopped by a
// full disk, and the next save may succeed.
TEST(PeriodicSave, AFailedSaveIsReportedAndTheNextOneComes) {
  std::atomic<int> failures{0};
  std::string error;
  std::mutex mutex;
  {
    const PeriodicSave saver(
        0.01, "t.table", [](const std::string&) { throw InputError("disk full"); },
        [&](const TableSaveReport& report) {
          const std::lock_guard lock(mutex);
          error = report.error;
          EXPECT_EQ(report.path, "t.table");
          ++failures;
        });
    ASSERT_TRUE(testing::eventually([&] { return failures >= 2; }, 30));
  }
  EXPECT_EQ(error, "disk full");
}

// Two threads store exact values (lower = upper = value_of(key), moves varying) into a
// small table, turning its slots over, while it is saved again and again. Every saved
// file loads, and whatever a loaded table answers is a whole entry: a slot torn by a
// store during the save reads as a miss, never as another key's value.
TEST(PeriodicSave, ATranspositionTableSavedWhileThreadsStoreKeepsWholeEntries) {
  testing::TemporaryDirectory dir("kinrow-save-while-storing");
  constexpr uint64_t kKeys = 200000;  // about three keys a slot of the 1 MiB table
  auto value_of = [](uint64_t key) { return static_cast<int>(key % 201) - 100; };
  auto key_of = [](uint64_t i) {  // splitmix64: keys spread like a search's
    uint64_t z = i + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  TranspositionTable table(1);
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> stored{0};
  std::vector<std::thread> writers;
  for (int t = 0; t < 2; ++t)
    writers.emplace_back([&, t] {
      std::mt19937_64 random(t);
      while (!stop) {
        for (int n = 0; n < 1000; ++n) {
          const uint64_t key = key_of(random() % kKeys);
          const int v = value_of(key);
          table.store(key, v, v, static_cast<int>(random() % 7), random() % 4096);
        }
        stored += 1000;
      }
    });
  ASSERT_TRUE(testing::eventually([&] { return stored >= 2 * kKeys; }, 60));  // the table is full
  std::vector<std::string> files;
  for (int i = 0; i < 8; ++i) {
    files.push_back((dir / ("t" + std::to_string(i))).string());
    table.save(files.back(), "test");
  }
  stop = true;
  for (std::thread& t : writers) t.join();

  for (const std::string& file : files) {
    TranspositionTable loaded(1);
    loaded.load(file, "test");
    uint64_t hits = 0;
    for (uint64_t i = 0; i < kKeys; ++i) {
      const uint64_t key = key_of(i);
      if (const auto e = loaded.probe(key)) {
        ++hits;
        ASSERT_EQ(e->lower, value_of(key)) << file << " key " << i;
        ASSERT_EQ(e->upper, value_of(key)) << file << " key " << i;
        ASSERT_TRUE(e->move >= 0 && e->move < 7) << file << " key " << i;
      }
    }
    EXPECT_GT(hits, kKeys / 4) << file;  // most of the 65,536 slots
  }
}

// Df-pn on two threads saves its table every 20 ms; each save is copied aside as it
// comes. Every copy, read slot by slot under the seqlock while both threads wrote, loads
// and decides the same value as the proof from nothing.
TEST(PeriodicSave, ADfpnTableSavedWhileTwoThreadsProveDecidesTheSameValue) {
  testing::TemporaryDirectory dir("kinrow-dfpn-save-while-proving");
  const Game game = make_game("mnk:7x7x5");
  const Position position(game);
  DfpnOptions options;
  options.table_megabytes = 16;
  options.threads = 2;
  options.table_file = (dir / "t.table").string();
  options.save_every_seconds = 0.02;
  std::vector<std::string> copies;
  options.on_table_saved = [&](const TableSaveReport& report) {
    ASSERT_TRUE(report.error.empty()) << report.error;
    if (copies.size() >= 3) return;
    copies.push_back((dir / ("copy" + std::to_string(copies.size()))).string());
    std::filesystem::copy_file(report.path, copies.back());
  };
  const DfpnResult fresh = dfpn_solve(position, options);
  ASSERT_TRUE(fresh.complete);
  ASSERT_FALSE(copies.empty()) << "the proof ended before its first save";

  for (const std::string& copy : copies) {
    DfpnOptions again;
    again.table_megabytes = 16;
    again.table_file = copy;
    const DfpnResult resumed = dfpn_solve(position, again);
    ASSERT_TRUE(resumed.complete) << copy;
    EXPECT_TRUE(resumed.resumed) << copy;
    EXPECT_EQ(resumed.value, fresh.value) << copy;
  }
}

// The command killed with SIGKILL (no chance to save at the end) after its first periodic
// save: the same command goes on from that save and decides. Alpha-beta on the bitboard
// and df-pn on two threads.
TEST(PeriodicSave, ARunKilledWithoutWarningGoesOnFromItsLastSave) {
  testing::TemporaryDirectory dir("kinrow-killed-run");
  auto killed_then_resumed = [&](std::vector<std::string> command, const std::string& table, const char* value) {
    SCOPED_TRACE(command[1]);
    std::vector<std::string> argv{KINROW_BINARY};
    argv.insert(argv.end(), command.begin(), command.end());
    argv.insert(argv.end(), {"--json", "--table-file", table});
    std::vector<std::string> first = argv;
    first.insert(first.end(), {"--save-every", "0.002"});  // 0.12 s
    {
      testing::Child child(first, table + ".out", table + ".err");
      ASSERT_TRUE(testing::eventually([&] { return child.err().find("table saved to") != std::string::npos; }, 120))
          << child.err();
      child.signal(SIGKILL);
      ASSERT_EQ(child.wait(60), -1) << "the run ended before it was killed: " << child.out();
    }
    ASSERT_TRUE(std::filesystem::exists(table));
    testing::Child again(argv, table + ".out2", table + ".err2");
    ASSERT_EQ(again.wait(300), 0) << again.out() << again.err();
    EXPECT_NE(again.out().find("\"resumed\":true"), std::string::npos) << again.out();
    EXPECT_NE(again.out().find(std::string("\"value\":\"") + value + "\""), std::string::npos) << again.out();
  };
  killed_then_resumed({"solve", "connect:7x5x4", "--weak", "--threads", "1", "--tt-mb", "16"},
                      (dir / "gravity.table").string(), "draw");
  killed_then_resumed({"solve", "mnk:7x7x5", "--method", "pns", "--threads", "2", "--tt-mb", "16"},
                      (dir / "pns.table").string(), "draw");
}

}  // namespace
}  // namespace kinrow
