// A long search's table saved while the search runs (search/periodic_save.h): the saver's
// schedule, saves taken while threads write (each table keeps only whole entries), and a
// run killed without warning that goes on from its last save.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/error.h"
#include "games/families.h"
#include "search/dfpn_solve.h"
#include "search/kept_open.h"
#include "search/kept_proofs.h"
#include "search/periodic_save.h"
#include "search/table_file.h"
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
    const PeriodicSave saver(0.01, "t.table", [&](const std::string& path, const std::atomic<bool>*) {
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
    const PeriodicSave never(0, "t.table", [&](const std::string&, const std::atomic<bool>*) { ++saves; });
    const PeriodicSave nowhere(0.001, "", [&](const std::string&, const std::atomic<bool>*) { ++saves; });
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
        0.01, "t.table", [](const std::string&, const std::atomic<bool>*) { throw InputError("disk full"); },
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

// A saver stopped while a save runs abandons that save rather than wait for it (the run
// saves at its end anyway): the destructor returns at once, the save's .part file is
// removed, the file of the save before stays whole, and nothing is reported for it.
TEST(PeriodicSave, AStopDuringASaveAbandonsIt) {
  testing::TemporaryDirectory dir("kinrow-save-abandoned");
  const std::string path = (dir / "t.table").string();
  constexpr std::size_t kWords = 20000;
  std::atomic<int> saves_begun{0}, reports{0};
  auto save = [&](const std::string& to, const std::atomic<bool>* abandon) {
    TableFileWriter out(to, "test", kWords, abandon);
    const bool slow = ++saves_begun > 1;  // the first save is whole, the second takes 20 s
    for (uint64_t word = 0; word < kWords; ++word) {
      out.write(&word, sizeof word);
      if (slow) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    out.finish();
  };
  std::optional<PeriodicSave> saver;
  saver.emplace(0.01, path, save, [&](const TableSaveReport& report) {
    EXPECT_TRUE(report.error.empty()) << report.error;
    ++reports;
  });
  ASSERT_TRUE(testing::eventually([&] { return reports == 1 && saves_begun == 2; }, 30));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // well inside the second save
  ASSERT_TRUE(std::filesystem::exists(path + ".part"));
  const auto start = std::chrono::steady_clock::now();
  saver.reset();
  const auto stopping = std::chrono::steady_clock::now() - start;
  EXPECT_LT(stopping, std::chrono::seconds(5)) << "the destructor waited for the save";
  EXPECT_EQ(reports, 1);
  EXPECT_FALSE(std::filesystem::exists(path + ".part"));
  TableFileReader in(path, "test", kWords, "");
  std::vector<uint64_t> words(kWords);
  in.read(words.data(), kWords * sizeof(uint64_t));
  in.finish();
  EXPECT_EQ(words.back(), kWords - 1);
}

// A writer told to abandon after its last write stops in finish(), before the fsync that
// may take most of a large save: the file stays as the save before left it.
TEST(PeriodicSave, AWriterAbandonedAfterItsLastWriteStopsBeforeTheDisk) {
  testing::TemporaryDirectory dir("kinrow-save-abandoned-late");
  const std::string path = (dir / "t.table").string();
  const uint64_t before = 1, after = 2;
  {
    TableFileWriter out(path, "test", 1);
    out.write(&before, sizeof before);
    out.finish();
  }
  std::atomic<bool> abandon{false};
  {
    TableFileWriter out(path, "test", 1, &abandon);
    out.write(&after, sizeof after);
    abandon = true;
    EXPECT_THROW(out.finish(), TableSaveAbandoned);
  }
  EXPECT_FALSE(std::filesystem::exists(path + ".part"));
  TableFileReader in(path, "test", 1, "");
  uint64_t word = 0;
  in.read(&word, sizeof word);
  in.finish();
  EXPECT_EQ(word, before);
}

// Two threads store exact values (lower = upper = value_of(key), moves varying) into a
// small table, turning its slots over, while it is saved again and again. Every saved
// file loads, and whatever a loaded table answers is a whole entry of its key. (Tears
// themselves are rare here: a store's two words are nanoseconds apart. The seqlock of
// df-pn's slots, where a copy spans many words, is raced in dfpn_slot_test.cpp.)
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
  std::vector<std::string> files;
  {
    struct Joined {  // however this block ends, the writers stop
      std::atomic<bool>& stop;
      std::vector<std::thread>& threads;
      ~Joined() {
        stop = true;
        for (std::thread& t : threads) t.join();
      }
    } joined{stop, writers};
    ASSERT_TRUE(testing::eventually([&] { return stored >= 2 * kKeys; }, 60));  // the table is full
    for (int i = 0; i < 8; ++i) {
      files.push_back((dir / ("t" + std::to_string(i))).string());
      table.save(files.back(), "test");
    }
  }

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

// Df-pn on two threads saves its table every 20 ms. Saves 1, 2, 4, 8, ... are copied aside
// as they come, with the snapshot of open nodes written just before each (search/kept_open.h),
// and the last three copies kept: late in the proof, so that going on from them is quick
// (under the sanitizers too). Every copy, read slot by slot under the seqlock while both
// threads wrote, loads and decides the same value as the proof from nothing; so does the
// last snapshot, read alone into an empty table (the table lost, the small file kept).
TEST(PeriodicSave, ADfpnTableSavedWhileTwoThreadsProveDecidesTheSameValue) {
  testing::TemporaryDirectory dir("kinrow-dfpn-save-while-proving");
  const Game game = make_game("mnk:7x7x5");
  const Position position(game);
  DfpnOptions options;
  options.table_megabytes = 16;
  options.threads = 2;
  options.table_file = (dir / "t.table").string();
  options.save_every_seconds = 0.02;
  options.kept_proofs_nodes = 1 << 6;  // the open nodes of some work, not every leaf
  const std::string open = kept_open_path(kept_proofs_path(options.table_file));
  int saves = 0, copied = 0;
  options.on_table_saved = [&](const TableSaveReport& report) {
    ASSERT_TRUE(report.error.empty()) << report.error;
    if (!std::has_single_bit(static_cast<unsigned>(++saves))) return;
    const std::string copy = (dir / ("copy" + std::to_string(copied++ % 3))).string();
    const std::string lost = kept_open_path(kept_proofs_path(copy + "-lost"));
    std::filesystem::copy_file(report.path, copy, std::filesystem::copy_options::overwrite_existing);
    std::filesystem::remove(lost);
    if (std::filesystem::exists(open))  // none where no open node had the work yet
      std::filesystem::copy_file(open, lost);
  };
  const DfpnResult fresh = dfpn_solve(position, options);
  ASSERT_TRUE(fresh.complete);
  ASSERT_GT(copied, 0) << "the proof ended before its first save";

  // Each resume is a proof of seconds under the sanitizers (10 s of the fresh one's 11):
  // there only the last copy is resumed.
  for (int i = 0; i < std::min(copied, 3); ++i) {
    if (testing::sanitized() && i != (copied - 1) % 3) continue;
    const std::string copy = (dir / ("copy" + std::to_string(i))).string();
    DfpnOptions again;
    again.table_megabytes = 16;
    again.table_file = copy;
    const DfpnResult resumed = dfpn_solve(position, again);
    ASSERT_TRUE(resumed.complete) << copy;
    EXPECT_TRUE(resumed.resumed) << copy;
    EXPECT_EQ(resumed.value, fresh.value) << copy;
  }

  const std::string last = (dir / ("copy" + std::to_string((copied - 1) % 3) + "-lost")).string();
  ASSERT_TRUE(std::filesystem::exists(kept_open_path(kept_proofs_path(last))))
      << "the last save copied had no open node of the work to keep";
  DfpnOptions from_snapshot;
  from_snapshot.table_megabytes = 16;
  from_snapshot.table_file = last;
  std::optional<std::size_t> read;
  from_snapshot.on_open_read = [&read](std::size_t n) { read = n; };
  const DfpnResult from_open = dfpn_solve(position, from_snapshot);
  ASSERT_TRUE(from_open.complete);
  EXPECT_GT(read.value_or(0), 0u);
  EXPECT_EQ(from_open.value, fresh.value);
  std::cout << saves << " saves; from nothing " << fresh.nodes << " nodes, from the last snapshot alone "
            << from_open.nodes << "\n";
}

// The command killed with SIGKILL (no chance to save at the end) after its first periodic
// save (every 0.03 s): the same command goes on from that save. Alpha-beta on the
// bitboard decides (connect:7x5x4 takes about a second, thirty saving intervals); df-pn
// on two threads on a board it does not finish (mnk:8x8x5) reads the save and stops at
// its --seconds.
TEST(PeriodicSave, ARunKilledWithoutWarningGoesOnFromItsLastSave) {
  testing::TemporaryDirectory dir("kinrow-killed-run");
  auto killed = [&](std::vector<std::string> argv, const std::string& table) {
    argv.insert(argv.end(), {"--save-every", "0.0005"});
    testing::Child child(argv, table + ".out", table + ".err");
    ASSERT_TRUE(testing::eventually([&] { return child.err().find("table saved to") != std::string::npos; }, 120))
        << child.err();
    child.signal(SIGKILL);
    ASSERT_EQ(child.wait(60), -1) << "the run ended before it was killed: " << child.out();
    ASSERT_TRUE(std::filesystem::exists(table));
  };
  const std::string gravity = (dir / "gravity.table").string();
  const std::vector<std::string> connect{KINROW_BINARY, "solve", "connect:7x5x4", "--weak", "--threads", "1",
                                         "--tt-mb", "4", "--json", "--table-file", gravity};
  killed(connect, gravity);
  testing::Child again(connect, gravity + ".out2", gravity + ".err2");
  ASSERT_EQ(again.wait(300), 0) << again.out() << again.err();
  EXPECT_NE(again.out().find("\"resumed\":true"), std::string::npos) << again.out();
  EXPECT_NE(again.out().find("\"value\":\"draw\""), std::string::npos) << again.out();

  const std::string pns = (dir / "pns.table").string();
  const std::vector<std::string> dfpn{KINROW_BINARY, "solve", "mnk:8x8x5", "--method", "pns", "--threads", "2",
                                      "--tt-mb", "8", "--json", "--table-file", pns};
  killed(dfpn, pns);
  std::vector<std::string> briefly = dfpn;
  briefly.insert(briefly.end(), {"--seconds", "0.5"});
  testing::Child resumed(briefly, pns + ".out2", pns + ".err2");
  EXPECT_EQ(resumed.wait(300), 4) << resumed.out() << resumed.err();
  EXPECT_NE(resumed.out().find("\"resumed\":true"), std::string::npos) << resumed.out();
}

}  // namespace
}  // namespace kinrow
