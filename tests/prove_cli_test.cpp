// kinrow prove as a user meets it: the value agrees with kinrow solve and the certificate
// with kinrow verify; bad input is one line and exit 2 with the database untouched; a
// manager killed with SIGKILL and started again finishes the same proof without running
// an answered job again or losing one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <set>

#include "cli_support.h"
#include "process_support.h"
#include "store/proof_db.h"
#include "store/sqlite.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::Child;
using testing::CliRun;
using testing::kinrow;
using testing::TemporaryDirectory;

int lines(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

std::string file_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(ProveCli, ValuesAgreeWithSolveAndCertificatesVerify) {
  TemporaryDirectory dir("kinrow-prove-cli");
  for (const char* position : {"mnk:4x4x3", "tictactoe --moves 'a1 b2 c3'", "mnk:5x4x4 --moves b2",
                               "mnk:4x4x4 --moves 'b2 c3'"}) {
    const std::string spec = std::string(position).substr(0, std::string(position).find(' '));
    const std::filesystem::path cert = dir / "p.cert";
    const CliRun proved = kinrow(std::string("prove ") + position +
                                 " --job-nodes 40 --job-mb 1 --workers 2 --json --quiet" +
                                 " --certificate " + cert.string());
    ASSERT_EQ(proved.status, 0) << position << ": " << proved.err;
    const CliRun solved =
        kinrow(std::string("solve ") + position + " --method alphabeta --json --quiet");
    ASSERT_EQ(solved.status, 0) << solved.err;
    const auto p = nlohmann::json::parse(proved.out), s = nlohmann::json::parse(solved.out);
    EXPECT_EQ(p["value"], s["value"]) << position;
    EXPECT_EQ(p["to_move_value"], s["to_move_value"]) << position;
    for (const char* key : {"game", "moves", "policy", "siblings", "job_nodes", "questions",
                            "seconds", "certificate"})
      EXPECT_TRUE(p.contains(key)) << key;
    const CliRun verified = kinrow("verify " + spec + " " + cert.string() + " --json");
    ASSERT_EQ(verified.status, 0) << position << ": " << verified.out << verified.err;
    EXPECT_EQ(nlohmann::json::parse(verified.out)["to_move_value"], s["to_move_value"]);
  }
}

TEST(ProveCli, BadInputIsOneLineStatusTwoAndTheDatabaseUntouched) {
  TemporaryDirectory dir("kinrow-prove-cli");
  // A file of random bytes, an SQLite database of another program, the proof of another game.
  const std::filesystem::path garbage = dir / "garbage.db", foreign = dir / "foreign.db",
                              other = dir / "other.db";
  {
    std::ofstream out(garbage, std::ios::binary);
    std::mt19937 random(7);
    for (int i = 0; i < 8192; ++i) out.put(static_cast<char>(random()));
  }
  {
    Database db(foreign.string(), Database::Mode::Create);
    db.exec("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')");
  }
  ASSERT_EQ(kinrow("prove tictactoe --db " + other.string() + " --job-nodes 50 --quiet").status, 0);
  for (const auto& [arguments, file] : std::vector<std::pair<std::string, std::filesystem::path>>{
           {"prove mnk:4x4x3 --db " + garbage.string(), garbage},
           {"prove mnk:4x4x3 --db " + foreign.string(), foreign},
           {"prove mnk:4x4x3 --db " + other.string(), other},
           {"prove tictactoe --moves b2 --db " + other.string(), other},
       }) {
    const std::string before = file_bytes(file);
    const CliRun run = kinrow(arguments + " --quiet");
    EXPECT_EQ(run.status, 2) << arguments << ": " << run.err;
    EXPECT_EQ(lines(run.err), 1) << arguments << ": " << run.err;
    EXPECT_EQ(file_bytes(file), before) << arguments;
  }
  // A broker nobody listens on: refused before any database is made.
  const std::filesystem::path fresh = dir / "fresh.db";
  const CliRun unreachable =
      kinrow("prove mnk:4x4x3 --db " + fresh.string() +
             " --broker redis://127.0.0.1:" + std::to_string(testing::free_port()) + " --quiet");
  EXPECT_EQ(unreachable.status, 2) << unreachable.err;
  EXPECT_EQ(lines(unreachable.err), 1) << unreachable.err;
  EXPECT_FALSE(std::filesystem::exists(fresh));
  for (const char* arguments :
       {"prove mnk:4x4x3 --policy bold", "prove mnk:4x4x3 --siblings some",
        "prove mnk:4x4x3 --broker http://x", "prove mnk:4x4x3 --simulate 1,x",
        "prove mnk:4x4x3 --defences maybe", "prove connect4 --defences on",
        "prove tictactoe --moves 'a1 a2 b1 b2 c1'", "worker", "workers --broker redis://"}) {
    const CliRun run = kinrow(std::string(arguments) + " --quiet");
    EXPECT_EQ(run.status, 2) << arguments << ": " << run.err;
    EXPECT_EQ(lines(run.err), 1) << arguments << ": " << run.err;
  }
}

// The jobs of a database by state, read while a manager may be writing it.
int64_t count_jobs(const std::filesystem::path& db, const std::string& state) {
  Database read(db.string(), Database::Mode::ReadOnly);
  Statement count(read, "SELECT count(*) FROM jobs WHERE state = ?1");
  count.bind(1, state);
  count.step();
  return count.integer(0);
}

TEST(ProveCli, KilledManagerResumesWithoutRepeatingOrLosingJobs) {
  TemporaryDirectory dir("kinrow-prove-cli");
  const std::filesystem::path db = dir / "p.db";
  const std::vector<std::string> command = {KINROW_BINARY, "prove",    "mnk:7x7x5", "--moves",
                                            "d4 d5",       "--db",     db.string(), "--job-nodes",
                                            "300",         "--job-mb", "1",         "--workers",
                                            "2",           "--json",   "--quiet"};
  std::set<int64_t> done_before;
  {
    Child manager(command, dir / "out1", dir / "err1");
    ASSERT_TRUE(testing::eventually(
        [&] { return std::filesystem::exists(db) && count_jobs(db, "done") >= 20; }, 120))
        << manager.err();
    manager.signal(SIGKILL);
    manager.wait();
    auto read = ProofDatabase::open_read_only(db.string());
    for (int q = 0; q < 2; ++q)
      for (const JobRow& job : read->jobs(q, "done")) done_before.insert(job.id);
  }
  ASSERT_FALSE(done_before.empty());
  Child again(command, dir / "out2", dir / "err2");
  ASSERT_EQ(again.wait(300), 0) << again.err();
  const auto result = nlohmann::json::parse(again.out());
  EXPECT_EQ(result["value"], "draw");
  auto read = ProofDatabase::open_read_only(db.string());
  EXPECT_EQ(read->count_jobs(0, "queued") + read->count_jobs(1, "queued"), 0);  // none lost
  for (int q = 0; q < 2; ++q)
    for (const JobRow& job : read->jobs(q, "")) {
      if (job.reused || job.state == "dropped") continue;
      EXPECT_EQ(job.state, "done") << job.id;
      EXPECT_EQ(read->runs_of(job.id, "answer"), 1) << "job " << job.id;  // answered once
      EXPECT_EQ(read->runs_of(job.id, "late"), 0) << "job " << job.id;    // and never run again
    }
  for (int64_t id : done_before) EXPECT_EQ(read->job(id)->state, "done");
}

}  // namespace
}  // namespace kinrow
