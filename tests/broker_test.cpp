// Job-level proofs through a real Redis broker, which each test starts on a free loopback
// port and stops: workers join, die (SIGKILL mid-job: another takes the job after the
// claim time) and leave; a killed manager resumes; the broker restarts empty and
// everyone reconnects; two managers share one worker evenly. Every proof must end with
// the value kinrow solve gives.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli_support.h"
#include "parallel/broker_keys.h"
#include "parallel/redis_connection.h"
#include "process_support.h"
#include "store/proof_db.h"
#include "store/sqlite.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::Child;
using testing::RedisServer;
using testing::TemporaryDirectory;

struct Proof {
  std::string spec, moves, job_nodes;
};
// About 40 jobs of a few hundredths of a second.
const Proof kSmall{"mnk:7x7x5", "d4 d5", "500"};

std::vector<std::string> prove_command(const RedisServer& redis, const std::filesystem::path& db,
                                       const Proof& p) {
  const std::string& spec = p.spec;
  const std::string& moves = p.moves;
  const std::string& job_nodes = p.job_nodes;
  return {KINROW_BINARY, "prove",    spec,        "--moves",       moves,    "--db",
          db.string(),   "--broker", redis.url(), "--claim-after", "2",      "--job-nodes",
          job_nodes,     "--job-mb", "2",         "--json",        "--quiet"};
}

std::vector<std::string> worker_command(const RedisServer& redis, const std::string& name,
                                        int threads) {
  return {KINROW_BINARY, "worker", "--broker",  redis.url(),
          "--name",      name,     "--threads", std::to_string(threads)};
}

std::string expected_value(const std::string& spec, const std::string& moves) {
  const auto run = testing::kinrow("solve " + spec + " --moves '" + moves + "' --json --quiet");
  return nlohmann::json::parse(run.out)["value"];
}

int64_t done_jobs(const std::filesystem::path& db) {
  if (!std::filesystem::exists(db)) return 0;
  Database read(db.string(), Database::Mode::ReadOnly);
  Statement count(read, "SELECT count(*) FROM jobs WHERE state = 'done'");
  count.step();
  return count.integer(0);
}

// Every job of a finished proof answered once and not run again.
void expect_each_job_answered_once(const std::filesystem::path& db) {
  auto read = ProofDatabase::open_read_only(db.string());
  for (int q = 0; q < 2; ++q)
    for (const JobRow& job : read->jobs(q, "")) {
      if (job.reused || job.state == "dropped") continue;
      EXPECT_EQ(job.state, "done") << "job " << job.id;
      EXPECT_EQ(read->runs_of(job.id, "answer"), 1) << "job " << job.id;
    }
}

BrokerAddress address_of(const RedisServer& redis) {
  return parse_broker_url(redis.url());
}

TEST(Broker, AWorkerKilledMidJobHasItsJobTakenByAnother) {
  RedisServer redis;
  TemporaryDirectory dir("kinrow-broker");
  const std::filesystem::path db = dir / "p.db";
  Child manager(prove_command(redis, db, kSmall), dir / "m.out", dir / "m.err");
  RedisConnection watch(address_of(redis));
  // A worker killed as soon as it is busy; if its job had just ended (its entry no longer
  // pending for it), another is started and killed, until one dies holding a job.
  std::string job;
  for (int attempt = 0; attempt < 20 && job.empty() && manager.running(); ++attempt) {
    const std::string name = "first" + std::to_string(attempt);
    Child first(worker_command(redis, name, 1), dir / "w1.out", dir / "w1.err");
    const std::string slot = name + "/0";
    std::string held;
    testing::eventually(
        [&] {
          const RedisValue state = watch.command({"HGET", broker_keys::worker(slot), "state"});
          if (state.nil() || state.text != "busy") return false;
          first.signal(SIGKILL);
          held = watch.command({"HGET", broker_keys::worker(slot), "job"}).text;
          return true;
        },
        60);
    first.wait();
    const RedisValue managers = watch.command({"ZRANGE", broker_keys::managers(), "0", "-1"});
    if (held.empty() || managers.size() != 1) continue;
    const RedisValue pending = watch.command({"XPENDING", broker_keys::jobs(managers[0].text),
                                              broker_keys::kWorkersGroup, "-", "+", "10", slot});
    if (pending.size() > 0) job = held;
  }
  ASSERT_FALSE(job.empty()) << "no worker was caught in a job\n" << manager.err();
  Child second(worker_command(redis, "second", 2), dir / "w2.out", dir / "w2.err");
  ASSERT_EQ(manager.wait(300), 0) << manager.err() << second.err();
  EXPECT_EQ(nlohmann::json::parse(manager.out())["value"],
            expected_value(kSmall.spec, kSmall.moves));
  // The job a worker died in was taken and answered by the second.
  auto read = ProofDatabase::open_read_only(db.string());
  const std::optional<JobRow> row = read->job(std::stoll(job));
  ASSERT_TRUE(row);
  if (row->state == "done") {
    EXPECT_EQ(row->worker.rfind("second/", 0), 0u) << row->worker;
  }
  expect_each_job_answered_once(db);
}

TEST(Broker, WorkersShowsWhoIsBusyWithWhat) {
  RedisServer redis;
  TemporaryDirectory dir("kinrow-broker");
  // A first job far longer than the test: the worker stays busy with it.
  const Proof endless{"qubic", "", "1000000000"};
  Child manager(prove_command(redis, dir / "p.db", endless), dir / "m.out", dir / "m.err");
  Child worker(worker_command(redis, "lab-pc", 1), dir / "w.out", dir / "w.err");
  nlohmann::json listing;
  EXPECT_TRUE(testing::eventually(
      [&] {
        const auto run = testing::kinrow("workers --broker " + redis.url() + " --json");
        if (run.status != 0) return false;
        listing = nlohmann::json::parse(run.out);
        return listing["workers"].size() == 1 && listing["workers"][0]["state"] == "busy";
      },
      60))
      << listing.dump() << manager.err() << worker.err();
  ASSERT_EQ(listing["managers"].size(), 1u);
  EXPECT_EQ(listing["managers"][0]["game"], "cube:4x3");
  EXPECT_EQ(listing["managers"][0]["live"], true);
  const auto& busy = listing["workers"][0];
  EXPECT_EQ(busy["slot"], "lab-pc/0");
  EXPECT_EQ(busy["manager"], listing["managers"][0]["id"]);
  EXPECT_EQ(busy["text"], "best-move for x at the start");
  const auto text = testing::kinrow("workers --broker " + redis.url());
  EXPECT_NE(text.out.find("lab-pc/0  busy"), std::string::npos) << text.out;
}

TEST(Broker, AKilledManagerResumesAndABrokerRestartIsWaitedOut) {
  RedisServer redis;
  TemporaryDirectory dir("kinrow-broker");
  const std::filesystem::path db = dir / "p.db";
  Child worker(worker_command(redis, "w", 2), dir / "w.out", dir / "w.err");
  {
    Child manager(prove_command(redis, db, kSmall), dir / "m1.out", dir / "m1.err");
    ASSERT_TRUE(testing::eventually([&] { return done_jobs(db) >= 5; }, 120))
        << manager.err() << worker.err();
    manager.signal(SIGKILL);
    manager.wait();
  }
  Child manager(prove_command(redis, db, kSmall), dir / "m2.out", dir / "m2.err");
  const int64_t before_restart = done_jobs(db);
  ASSERT_TRUE(testing::eventually(
      [&] { return done_jobs(db) >= before_restart + 5 || !manager.running(); }, 120))
      << manager.err();
  // The broker goes away and comes back empty: the manager sends its jobs again.
  redis.restart();
  ASSERT_EQ(manager.wait(300), 0) << manager.err() << worker.err();
  EXPECT_EQ(nlohmann::json::parse(manager.out())["value"],
            expected_value(kSmall.spec, kSmall.moves));
  EXPECT_TRUE(worker.running());  // it waited the outage out
  expect_each_job_answered_once(db);
}

TEST(Broker, TwoManagersShareOneWorkerEvenly) {
  RedisServer redis;
  TemporaryDirectory dir("kinrow-broker");
  const std::filesystem::path a = dir / "a.db", b = dir / "b.db";
  const Proof one = kSmall, other{"mnk:6x5x4", "", "300"};
  Child first(prove_command(redis, a, one), dir / "a.out", dir / "a.err");
  Child second(prove_command(redis, b, other), dir / "b.out", dir / "b.err");
  Child worker(worker_command(redis, "only", 1), dir / "w.out", dir / "w.err");
  ASSERT_EQ(first.wait(300), 0) << first.err();
  ASSERT_EQ(second.wait(300), 0) << second.err();
  EXPECT_EQ(nlohmann::json::parse(first.out())["value"], expected_value(one.spec, one.moves));
  EXPECT_EQ(nlohmann::json::parse(second.out())["value"], expected_value(other.spec, other.moves));
  // While both had jobs, the worker took them in turn: count each one's answers that
  // started before the first proof ended.
  auto runs = [](const std::filesystem::path& db) {
    std::vector<double> started;
    Database read(db.string(), Database::Mode::ReadOnly);
    Statement get(read, "SELECT started FROM runs WHERE outcome = 'answer' ORDER BY started");
    while (get.step()) started.push_back(get.real(0));
    return started;
  };
  const std::vector<double> ra = runs(a), rb = runs(b);
  ASSERT_FALSE(ra.empty());
  ASSERT_FALSE(rb.empty());
  const double from = std::max(ra.front(), rb.front()), to = std::min(ra.back(), rb.back());
  auto within = [&](const std::vector<double>& r) {
    return std::count_if(r.begin(), r.end(), [&](double t) { return t >= from && t <= to; });
  };
  const long na = within(ra), nb = within(rb);
  EXPECT_GE(na + nb, 10);
  EXPECT_LE(std::abs(na - nb), std::max<long>(3, (na + nb) / 5)) << na << " against " << nb;
}

}  // namespace
}  // namespace kinrow
