// Long searches stopped and resumed: df-pn's table kept in a file (search/table_file.h,
// DfpnOptions::table_file), solve's --seconds and --table-file, Ctrl-C, which stops a
// solve or a table of boards as a budget does and keeps the table, and the lock that keeps
// a second run off a table in use (search/table_lock.h).

#include <gtest/gtest.h>

#include <atomic>
#include <csignal>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/error.h"
#include "core/notation.h"
#include "games/board_tables.h"
#include "games/families.h"
#include "search/dfpn_solve.h"
#include "search/kept_lines.h"
#include "search/table_lock.h"
#include "cli_support.h"
#include "process_support.h"
#include "test_support.h"

namespace kinrow {
namespace {

// A proof stopped at its node limit and run again from its file finds the same value with
// fewer nodes than one from nothing; once decided, the file answers at once.
TEST(DfpnTableFile, AStoppedProofGoesOnWhereItStopped) {
  testing::TemporaryDirectory dir("kinrow-dfpn-table");
  const Game game = make_game("mnk:5x5x4");
  const Position position(game);
  DfpnOptions options;
  options.table_megabytes = 4;
  const DfpnResult fresh = dfpn_solve(position, options);
  ASSERT_TRUE(fresh.complete);
  ASSERT_GT(fresh.nodes, 2000u);

  options.table_file = (dir / "5x5x4.table").string();
  options.max_nodes = fresh.nodes / 2;
  const DfpnResult stopped = dfpn_solve(position, options);
  EXPECT_FALSE(stopped.complete);
  EXPECT_FALSE(stopped.resumed);
  ASSERT_TRUE(std::filesystem::exists(options.table_file));
  EXPECT_FALSE(std::filesystem::exists(options.table_file + ".part"));

  options.max_nodes = 0;
  const DfpnResult resumed = dfpn_solve(position, options);
  ASSERT_TRUE(resumed.complete);
  EXPECT_TRUE(resumed.resumed);
  EXPECT_EQ(resumed.value, fresh.value);
  EXPECT_LT(resumed.nodes, fresh.nodes);
  EXPECT_LT(dfpn_solve(position, options).nodes, 10u);
}

// A proof stopped in its second question says what the first settled, which question is
// open and the root's numbers then. After d4 a1 e5 on the 7x7 board of five, "does the
// second player (to move) win?" is answered no in a few dozen nodes; "does the first?"
// takes thousands.
TEST(DfpnSolve, AStoppedProofSaysWhereItGotTo) {
  const Game game = make_game("mnk:7x7x5");
  const Position position = play_moves(game, "d4 a1 e5");
  DfpnOptions options;
  options.table_megabytes = 4;
  options.max_nodes = 2000;
  const DfpnResult stopped = dfpn_solve(position, options);
  ASSERT_FALSE(stopped.complete);
  EXPECT_EQ(stopped.known_not_lose, std::optional<int>(0));
  EXPECT_EQ(stopped.open_attacker, 0);
  EXPECT_GT(stopped.open_pn, 0u);
  EXPECT_GT(stopped.open_dn, 0u);
  // Stopped in its first question, nothing is known yet.
  const DfpnResult early = dfpn_solve(Position(game), options);
  ASSERT_FALSE(early.complete);
  EXPECT_FALSE(early.known_not_lose);
  EXPECT_EQ(early.open_attacker, 0);
}

// A file is read only by the proof it was written for: another game, or a table of
// another size, is refused with the reason.
TEST(DfpnTableFile, RefusesAnotherGameOrSize) {
  testing::TemporaryDirectory dir("kinrow-dfpn-table-refused");
  DfpnOptions options;
  options.table_megabytes = 4;
  options.table_file = (dir / "t.table").string();
  dfpn_solve(Position(make_game("mnk:4x4x3")), options);
  auto refused = [&](const char* spec, std::size_t megabytes, const std::string& reason) {
    DfpnOptions other = options;
    other.table_megabytes = megabytes;
    try {
      dfpn_solve(Position(make_game(spec)), other);
      ADD_FAILURE() << "accepted: " << reason;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(reason), std::string::npos) << e.what();
    }
  };
  refused("mnk:4x4x4", 4, "is of \"df-pn key " + std::to_string(kZobristKeyScheme) + " mnk:4x4x3");
  refused("mnk:4x4x3", 8, "--tt-mb");
}

// Ctrl-C's flag stops the proofs as a budget does; the table is saved.
TEST(DfpnTableFile, AnInterruptStopsTheProofAndSavesTheTable) {
  testing::TemporaryDirectory dir("kinrow-dfpn-interrupt");
  std::atomic<bool> interrupt{true};
  DfpnOptions options;
  options.table_megabytes = 4;
  options.table_file = (dir / "t.table").string();
  options.interrupt = &interrupt;
  const DfpnResult result = dfpn_solve(Position(make_game("mnk:5x5x4")), options);
  EXPECT_FALSE(result.complete);
  EXPECT_TRUE(result.interrupted);
  EXPECT_FALSE(result.out_of_time);
  EXPECT_TRUE(std::filesystem::exists(options.table_file));
}

// The command: --seconds stops df-pn and alpha-beta with status 4 and says so; the same
// command with the same --table-file then goes on and decides.
TEST(SolveCli, SecondsStopAndTheTableFileResumes) {
  testing::TemporaryDirectory dir("kinrow-solve-resume");
  const std::string pns = "solve mnk:5x5x4 --method pns --threads 1 --tt-mb 4 --json --quiet --table-file " +
                          (dir / "pns.table").string();
  testing::CliRun run = testing::kinrow(pns + " --seconds 0.001");
  EXPECT_EQ(run.status, 4) << run.out << run.err;
  EXPECT_NE(run.out.find("\"stopped\":\"seconds\""), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"open\":{\"wins\":\"first\""), std::string::npos) << run.out;  // its first question
  run = testing::kinrow(pns);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"value\":\"draw\""), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"resumed\":true"), std::string::npos) << run.out;

  // The bitboard reads its budget every 2^20 nodes: 7x5 takes five million.
  const std::string gravity = "solve connect:7x5x4 --weak --threads 1 --tt-mb 4 --json --quiet --table-file " +
                              (dir / "gravity.table").string();
  run = testing::kinrow(gravity + " --seconds 0.001");
  EXPECT_EQ(run.status, 4) << run.out << run.err;
  EXPECT_NE(run.out.find("\"method\":\"alphabeta\",\"value\":null"), std::string::npos) << run.out;
  run = testing::kinrow(gravity);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("\"value\":\"draw\""), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"resumed\":true"), std::string::npos) << run.out;

  // Where no table can be kept or no budget applies, an error says so.
  EXPECT_EQ(testing::kinrow("solve mnk:3x3x3 --method alphabeta --table-file " + (dir / "x").string()).status, 2);
  EXPECT_EQ(testing::kinrow("solve mnk:3x3x3 --method parts --seconds 1").status, 2);
}

// A table file is one run's at a time: a second lock on it is refused, naming the holder,
// until the first is dropped; a run with no table file locks nothing.
TEST(TableLock, OneRunAtATime) {
  testing::TemporaryDirectory dir("kinrow-table-lock");
  const std::string file = (dir / "t.table").string(), lock = kept_path(file, ".lock");
  {
    const TableLock first(file, lock);
    EXPECT_NO_THROW(TableLock none("", lock));
    try {
      const TableLock second(file, lock);
      ADD_FAILURE() << "a second lock on a held table file was granted";
    } catch (const InputError& error) {
      EXPECT_NE(std::string(error.what()).find("in use by another run (process " + std::to_string(::getpid()) + ")"),
                std::string::npos)
          << error.what();
    }
  }
  EXPECT_NO_THROW(TableLock again(file, lock));
}

// A split names a move's table with its size and its kept answers without: the lock goes
// with the answers, so a second run giving the move another table size is refused too.
TEST(TableLock, ASplitMoveIsLockedWhateverItsTableSize) {
  testing::TemporaryDirectory dir("kinrow-split-lock");
  const std::string kept = (dir / "move-1.proofs").string();
  const TableLock held((dir / "move-1.4MiB.table").string(), kept_path(kept, ".lock", ".proofs"));
  DfpnOptions options;
  options.table_megabytes = 8;
  options.table_file = (dir / "move-1.8MiB.table").string();
  options.kept_file = kept;
  try {
    dfpn_solve(Position(make_game("mnk:3x3x3")), options);
    ADD_FAILURE() << "a locked move was proved";
  } catch (const InputError& error) {
    EXPECT_NE(std::string(error.what()).find("is in use by another run"), std::string::npos) << error.what();
  }
  EXPECT_FALSE(std::filesystem::exists(options.table_file));
}

// Both searches that keep a table file refuse one another run holds, before reading it,
// and go on as before once it is free.
TEST(SolveCli, ATableInUseIsRefused) {
  testing::TemporaryDirectory dir("kinrow-table-in-use");
  for (const char* command : {"solve mnk:4x4x4 --method pns --threads 1 --tt-mb 4 --json --quiet --table-file ",
                              "solve connect:5x4x4 --weak --threads 1 --tt-mb 4 --json --quiet --table-file "}) {
    const std::string file = (dir / "t.table").string();
    testing::CliRun run{};
    {
      const TableLock held(file, kept_path(file, ".lock"));
      run = testing::kinrow(command + file);
    }
    EXPECT_EQ(run.status, 2) << command << run.out << run.err;
    EXPECT_NE(run.err.find("is in use by another run (process " + std::to_string(::getpid()) + ")"),
              std::string::npos)
        << run.err;
    EXPECT_FALSE(std::filesystem::exists(file)) << "the refused run wrote the table";
    run = testing::kinrow(command + file);
    EXPECT_EQ(run.status, 0) << command << run.err;
    std::filesystem::remove(file);
  }
}

// Alpha-beta keeps a table file on the gravity bitboard only (and a table that tells its
// keys apart): elsewhere the command is refused before it locks anything, so it leaves neither a table nor a lock file.
TEST(SolveCli, ATableFileOffTheBitboardIsRefusedLeavingNoFile) {
  testing::TemporaryDirectory dir("kinrow-table-refused");
  const std::string file = (dir / "t.table").string();
  for (const char* command : {"solve tictactoe --method alphabeta --quiet --table-file ",
                              "solve connect:5x4x4 --generic --weak --quiet --table-file ",
                              // 84-bit keys: a 1 MiB table has too few buckets to tell them apart
                              "solve connect:12x6x4 --weak --tt-mb 1 --quiet --table-file "}) {
    const testing::CliRun run = testing::kinrow(command + file);
    EXPECT_EQ(run.status, 2) << command << run.out << run.err;
    EXPECT_NE(run.err.find("on the bitboard only"), std::string::npos) << run.err;
    EXPECT_FALSE(std::filesystem::exists(file)) << command;
    EXPECT_FALSE(std::filesystem::exists(kept_path(file, ".lock"))) << command << "left a lock file";
  }
}

// Another process's lock: a second run is refused with that process named, and a run
// killed without warning (kill -9) leaves no lock behind.
TEST(SolveCli, ATableOfAKilledRunIsFree) {
  testing::TemporaryDirectory dir("kinrow-table-killed");
  const std::string file = (dir / "t.table").string();
  // Minutes of search on a 4 MiB table: it is killed long before.
  testing::Child child({KINROW_BINARY, "solve", "connect:9x5x4", "--weak", "--threads", "1", "--tt-mb", "4",
                        "--quiet", "--table-file", file},
                       dir / "out", dir / "err");
  const std::string holder = std::to_string(child.pid());
  const std::string lock = kept_path(file, ".lock");
  const auto locked = [&] { return testing::file_lines(lock) == std::vector<std::string>{holder}; };
  ASSERT_TRUE(testing::eventually(locked, 60));
  ASSERT_TRUE(child.running()) << child.err();
  const testing::CliRun refused =
      testing::kinrow("solve connect:9x5x4 --weak --threads 1 --tt-mb 4 --seconds 5 --table-file " + file);
  EXPECT_EQ(refused.status, 2) << refused.err;
  EXPECT_NE(refused.err.find("(process " + holder + ")"), std::string::npos) << refused.err;
  child.signal(SIGKILL);
  child.wait();
  EXPECT_NO_THROW(TableLock free(file, lock));
}

// Ctrl-C: the search stops, the table file is written, the report says so; status 130.
TEST(Interrupt, CtrlCStopsTheSearchAndKeepsItsTable) {
  testing::TemporaryDirectory dir("kinrow-interrupt");
  auto interrupted = [&](const std::vector<std::string>& arguments, const char* started, const std::string& file) {
    std::vector<std::string> argv{KINROW_BINARY};
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    testing::Child child(argv, dir / "out", dir / "err");
    // The handler is in place once the search has said what it runs.
    ASSERT_TRUE(testing::eventually([&] { return child.err().find(started) != std::string::npos; }, 120))
        << child.err();
    child.signal(SIGINT);
    EXPECT_EQ(child.wait(120), 130) << child.out() << child.err();
    EXPECT_NE(child.out().find("interrupt"), std::string::npos) << child.out();
    EXPECT_TRUE(std::filesystem::exists(file)) << file;
  };
  const std::string pns = (dir / "885.table").string();
  interrupted({"solve", "mnk:8x8x5", "--method", "pns", "--threads", "1", "--tt-mb", "4", "--json",
               "--table-file", pns},
              "df-pn on 1 thread", pns);
  interrupted({"table", "connect", "--weak", "--width", "8", "--height", "6", "--threads", "1", "--tt-mb", "4",
               "--json", "--table-dir", dir.path().string()},
              "connect:8x6x4  window", (dir / "8x6x4.table").string());
  interrupted({"table", "mnk", "--size", "8", "--tt-mb", "4", "--json", "--table-dir", dir.path().string()},
              "mnk:8x8x6,p=2,q=1  nodes", (dir / "8x8x6-p2-q1.table").string());
}

// Two Ctrl-Cs a moment apart, as GNU `timeout -s INT` sends them (to the command, then to
// its process group): one request, and the table is still written. (Ending at the second
// lost a Connect6 run's table of 85 M nodes.)
TEST(Interrupt, TwoSignalsAtOnceAreOneRequest) {
  testing::TemporaryDirectory dir("kinrow-interrupt-twice");
  const std::string table = (dir / "885.table").string();
  testing::Child child({KINROW_BINARY, "solve", "mnk:8x8x5", "--method", "pns", "--threads", "1", "--tt-mb", "4",
                        "--json", "--table-file", table},
                       dir / "out", dir / "err");
  ASSERT_TRUE(testing::eventually([&] { return child.err().find("df-pn on 1 thread") != std::string::npos; }, 120))
      << child.err();
  child.signal(SIGINT);
  child.signal(SIGINT);
  EXPECT_EQ(child.wait(120), 130) << child.out() << child.err();
  EXPECT_NE(child.out().find("interrupt"), std::string::npos) << child.out();
  EXPECT_TRUE(std::filesystem::exists(table)) << table;
}

}  // namespace
}  // namespace kinrow
