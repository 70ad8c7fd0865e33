// Job-level proof-number search, in process: every value it finds agrees with alpha-beta
// (positions of every value, one and two stones a turn, each policy and both ways of
// generating siblings), its certificates pass the independent checker, a proof resumed
// from its database ends the same, and the simulation replays the recorded jobs.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <thread>

#include "core/error.h"
#include "core/notation.h"
#include "games/families.h"
#include "parallel/embedded_workers.h"
#include "parallel/manager.h"
#include "parallel/simulation.h"
#include "parallel/tree_certificate.h"
#include "process_support.h"
#include "proof/checker.h"
#include "test_support.h"

namespace kinrow {
namespace {

using testing::TemporaryDirectory;

struct Proved {
  ProveReport report;
  std::optional<TreeCertificate> certificate;
};

Proved prove(const std::filesystem::path& db_path, const std::string& spec,
             const std::string& moves, const TreeSettings& settings, int workers,
             bool certificate) {
  const Game game = make_game(spec);
  const std::string start = format_turns(game, play_moves(game, moves).history());
  const JobContext context(game.spec, start);
  std::unique_ptr<ProofDatabase> db = ProofDatabase::open(db_path.string(), {game.spec, start});
  EmbeddedWorkers transport(context, workers);
  ProofManager manager(*db, context, transport, settings, nullptr);
  Proved out;
  out.report = manager.run();
  if (certificate) out.certificate = tree_certificate(*db, context, settings);
  return out;
}

TreeSettings small_jobs(Policy policy, Siblings siblings, uint64_t nodes) {
  // One MiB tables: the jobs are small, and many.
  TreeSettings settings;
  settings.policy = policy;
  settings.siblings = siblings;
  settings.job_nodes = nodes;
  settings.table_megabytes = 1;
  return settings;
}

TEST(JobLevelProof, AgreesWithAlphaBetaAndItsCertificatesCheck) {
  struct Case {
    const char* spec;
    const char* moves;
    uint64_t job_nodes;  // small enough for a tree of ten to a hundred jobs
    Policy policy;
    Siblings siblings;
    uint64_t engine_nodes = 0;  // best-move jobs: the engine picks the children
    bool defences = false;      // defences jobs at the defender's whole turns
    bool slow = false;          // left out under the sanitizers
  };
  // Wins, draws and losses for the side to move; one and two stones a turn; children
  // picked by df-pn and by the engine; the defender's turns listed by defences jobs.
  const Case cases[] = {
      {"tictactoe", "", 10, Policy::VirtualLoss, Siblings::Postponed},
      {"mnk:6x5x4", "c3", 300, Policy::Greedy, Siblings::Postponed, 0, false, true},
      {"mnk:6x5x4", "b2", 200, Policy::VirtualWin, Siblings::Postponed},
      {"mnk:6x5x4", "", 300, Policy::Greedy, Siblings::All, 0, false, true},
      {"tictactoe", "b1", 10, Policy::VirtualWin, Siblings::All},
      // Two stones a turn: df-pn's threat-space search decides 6x6x4,p=2,q=1 in one job
      // whatever the budget, so 5x5x4 after c3 (17 jobs; too slow for the sanitizers).
      {"mnk:5x5x4,p=2,q=1", "c3", 3000, Policy::VirtualLoss, Siblings::Postponed, 0, false, true},
      {"mnk:6x5x4", "c3", 300, Policy::VirtualLoss, Siblings::Postponed, 200},
      {"tictactoe", "", 10, Policy::Greedy, Siblings::Postponed, 50},
      {"mnk:6x5x4", "c3", 300, Policy::VirtualLoss, Siblings::Postponed, 0, true},
      {"mnk:6x5x4", "b2", 200, Policy::Greedy, Siblings::All, 0, true, true},
      {"mnk:5x5x4,p=2,q=1", "c3", 3000, Policy::VirtualWin, Siblings::Postponed, 0, true, true},
  };
  const std::size_t count = std::size(cases);
  for (std::size_t i = 0; i < count; ++i) {
    const Case& c = cases[i];
    if (testing::sanitized() && c.slow) continue;
    const Game game = make_game(c.spec);
    const Position position = play_moves(game, c.moves);
    const Value expected = testing::alphabeta_value(position);
    TreeSettings settings = small_jobs(c.policy, c.siblings, c.job_nodes);
    settings.engine_nodes = c.engine_nodes;
    settings.defences = c.defences;
    TemporaryDirectory dir("kinrow-prove-test");
    const Proved proved = prove(dir / "p.db", c.spec, c.moves, settings, 1 + i % 2, true);
    EXPECT_EQ(proved.report.value, expected) << c.spec << " " << c.moves;
    std::size_t jobs = 0;
    for (const QuestionReport& q : proved.report.questions) jobs += q.jobs_run;
    EXPECT_GT(jobs, 5u) << c.spec << " " << c.moves << ": the tree should need several jobs";
    const CheckReport check = check_certificate(game, proved.certificate->certificate);
    EXPECT_TRUE(check.ok) << c.spec << " " << c.moves << ": " << check.error;
    EXPECT_EQ(check.to_move_value, value_name(expected)) << c.spec << " " << c.moves;
  }
}

// A job's budget bounds its time on 19x19 too: with two stones a turn, each df-pn
// expansion asks the threat-space search, whose nodes take most of the time (before
// they counted, a Connect6 job of 200 expansions ran 5 s), so they count against it.
TEST(JobLevelProof, AConnect6JobStaysWithinItsBudgetThreatSearchesIncluded) {
  const JobContext context("connect6", "c5 s1s3 d5e5 a19c17 f2f3");
  JobSpec spec;
  spec.kind = JobKind::Expand;
  spec.attacker = context.start.to_move();
  spec.node_budget = 3000;
  spec.table_megabytes = 1;
  const JobResult result = run_job(context, spec);
  EXPECT_FALSE(result.decided.has_value());
  // The expansion that reaches the budget ends the job: the threat search it cuts passes
  // the budget only by the nodes it unwinds, and past it no threat search starts.
  EXPECT_GT(result.nodes, spec.node_budget);
  EXPECT_LE(result.nodes, spec.node_budget + 64);
  EXPECT_EQ(job_result_json(run_job(context, spec)), job_result_json(result));  // deterministic
}

// And it stops soon after it is cancelled (a question answered elsewhere): the check
// comes every 2^16 nodes as the budget counts them, which on 19x19 is a few expansions
// (counted in expansions, a job of this budget would run for minutes first).
TEST(JobLevelProof, AConnect6JobStopsSoonAfterItIsCancelled) {
  const JobContext context("connect6", "c5 s1s3 d5e5 a19c17 f2f3");
  JobSpec spec;
  spec.kind = JobKind::Expand;
  spec.attacker = context.start.to_move();
  spec.node_budget = 100'000'000;
  spec.table_megabytes = 1;
  std::atomic<bool> cancel{false};
  const auto start = std::chrono::steady_clock::now();
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel = true;
  });
  EXPECT_THROW(run_job(context, spec, &cancel), JobCancelled);
  canceller.join();
  // Liveness, not speed: a cancel not heard would run the 100 M-node budget, minutes.
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10.0);
}

TEST(JobLevelProof, EngineJobsPickAnOpenChildAndEvaluateItWithoutClaimingAProof) {
  const JobContext context("mnk:6x5x4", "");
  JobSpec spec;
  spec.kind = JobKind::BestMove;
  spec.path = {context.game.cell_count() / 2};  // x in the middle: o (the defender) moves
  spec.node_budget = 200;
  spec.table_megabytes = 1;
  const JobResult by_dfpn = run_job(context, spec);
  spec.engine_nodes = 300;
  const JobResult by_engine = run_job(context, spec);
  ASSERT_FALSE(by_engine.decided.has_value());
  ASSERT_FALSE(by_engine.children.empty());
  // The engine's child is the job's last (the decided ones come first), and it is open:
  // a class without a proof is never a sure one.
  const ChildReport& picked = by_engine.children.back();
  EXPECT_NE(picked.pn, 0u);
  EXPECT_NE(picked.dn, 0u);
  EXPECT_NE(picked.evaluation, Evaluation::AttackerWins);
  EXPECT_NE(picked.evaluation, Evaluation::DefenderWins);
  EXPECT_NE(picked.evaluation, Evaluation::Unknown);
  // Df-pn's work is the same either way; only the choice and the class may differ.
  EXPECT_EQ(by_engine.nodes, by_dfpn.nodes);
  EXPECT_EQ(by_engine.children.size(), by_dfpn.children.size());
  // And the engine did choose: here its child or class is not df-pn's.
  const ChildReport& dfpn_pick = by_dfpn.children.back();
  EXPECT_TRUE(picked.move != dfpn_pick.move || picked.evaluation != dfpn_pick.evaluation)
      << "both picked " << picked.move << " " << evaluation_name(picked.evaluation);
  // Deterministic, and named apart from the df-pn job, through the wire format too.
  EXPECT_EQ(job_result_json(run_job(context, spec)), job_result_json(by_engine));
  const JobSpec read = job_spec_from_json(job_spec_json(spec));
  EXPECT_EQ(read.engine_nodes, 300u);
  auto owner = [](int i) { return i % 2; };
  JobSpec plain = spec;
  plain.engine_nodes = 0;
  EXPECT_NE(job_key(spec, owner), job_key(plain, owner));
  EXPECT_EQ(job_spec_from_json(job_spec_json(plain)).engine_nodes, 0u);
}

// A defences job for `attacker`, with a budget the small boards here never reach.
JobSpec defences_job(int attacker) {
  JobSpec spec;
  spec.kind = JobKind::Defences;
  spec.attacker = attacker;
  spec.node_budget = 20000;
  spec.table_megabytes = 1;
  return spec;
}

// A defences job lists the defender's turns the threats leave, and every other turn does
// lose: alpha-beta, which knows nothing of threats or zones, says so for each.
TEST(JobLevelProof, DefencesJobsListEveryTurnThatMayNotLose) {
  // x has an open three c4 d4 e4 on 7x7, o to move: a pass loses to an open four.
  const std::string moves = "c4 a1 d4 a7 e4";
  const JobContext context("mnk:7x7x5", moves);
  JobSpec spec = defences_job(0);
  const JobResult listed = run_job(context, spec);
  ASSERT_FALSE(listed.decided.has_value());
  EXPECT_TRUE(listed.complete);
  ASSERT_FALSE(listed.turns.empty());
  const Position position = play_moves(context.game, moves);
  std::vector<bool> kept(static_cast<std::size_t>(context.game.cell_count()), false);
  for (const TurnReport& turn : listed.turns) {
    ASSERT_EQ(turn.stones.size(), 1u);
    kept[static_cast<std::size_t>(turn.stones[0])] = true;
  }
  EXPECT_LT(listed.turns.size(), 10u) << "the zone should leave a few blocks, not the board";
  for (Cell c = 0; c < context.game.cell_count(); ++c) {
    if (!position.playable(c) || kept[static_cast<std::size_t>(c)]) continue;
    Position after = position;
    after.play({c});
    EXPECT_EQ(testing::alphabeta_value(after), Value::Win) << format_cell(context.game, c) << " should lose for o";
  }
  // The wire format carries the turns; the job is named apart from the others.
  EXPECT_EQ(job_result_json(job_result_from_json(job_result_json(listed))), job_result_json(listed));
  EXPECT_EQ(job_spec_from_json(job_spec_json(spec)).kind, JobKind::Defences);
  // Where the defender is not at the start of his turn, the job is refused.
  Cell empty = 0;
  while (!position.playable(empty)) ++empty;
  spec.path = {empty};
  EXPECT_THROW(run_job(context, spec), InputError);
  // Where threats do not decide the game, there are no defences jobs.
  EXPECT_FALSE(JobContext("connect4", "").threat_tables);
}

// The defender's turn may be the game's first, of q stones: on 6x4x4 with p = 2, q = 1,
// Black's single opening stone loses to White's threats wherever it goes (alpha-beta
// agrees), and the job says so without a child.
TEST(JobLevelProof, ADefencesJobTakesTheFirstTurnOfQStones) {
  const JobContext context("mnk:6x4x4,p=2,q=1", "");
  // Turns start at stones 0 (Black's one), 1 (White's two), 3 (Black's two), ...
  for (int depth = 0; depth < 6; ++depth) EXPECT_EQ(context.whole_turn_at(depth), depth != 2 && depth != 4) << depth;
  JobSpec spec = defences_job(1);
  const JobResult listed = run_job(context, spec);
  ASSERT_TRUE(listed.decided.has_value());
  EXPECT_TRUE(*listed.decided);
  EXPECT_EQ(testing::alphabeta_value(context.start), Value::Loss);
}

TEST(JobLevelProof, ResumesFromItsDatabaseWithoutRunningJobsAgain) {
  TemporaryDirectory dir("kinrow-prove-test");
  const TreeSettings settings = small_jobs(Policy::VirtualLoss, Siblings::Postponed, 80);
  const Proved first = prove(dir / "p.db", "mnk:5x4x4", "", settings, 2, false);
  // Run again on the finished database: the value is read back, and nothing runs.
  const Proved again = prove(dir / "p.db", "mnk:5x4x4", "", settings, 2, false);
  EXPECT_EQ(again.report.value, first.report.value);
  ASSERT_EQ(again.report.questions.size(), first.report.questions.size());
  for (std::size_t i = 0; i < first.report.questions.size(); ++i) {
    EXPECT_EQ(again.report.questions[i].jobs_run, first.report.questions[i].jobs_run);
    EXPECT_EQ(again.report.questions[i].tree_nodes, first.report.questions[i].tree_nodes);
  }
  // Every job answered exactly once.
  auto db = ProofDatabase::open_read_only((dir / "p.db").string());
  for (int q = 0; q < 2; ++q)
    for (const JobRow& job : db->jobs(q, "done")) {
      if (!job.reused) {
        EXPECT_EQ(db->runs_of(job.id, "answer"), 1) << "job " << job.id;
      }
    }
}

TEST(JobLevelProof, SimulationOfOneWorkerReplaysTheRecordedJobs) {
  TemporaryDirectory dir("kinrow-prove-test");
  const TreeSettings settings = small_jobs(Policy::VirtualWin, Siblings::Postponed, 300);
  const Proved proved = prove(dir / "p.db", "mnk:6x5x4", "", settings, 1, false);
  const Game game = make_game("mnk:6x5x4");
  const JobContext context(game.spec, "");
  auto db = ProofDatabase::open((dir / "p.db").string(), {game.spec, ""});
  const std::vector<SimulationResult> sims = simulate_proof(*db, context, settings, {1, 4});
  ASSERT_EQ(sims.size(), 2u);
  // One worker chooses as the real single worker did: the same jobs, all recorded.
  int64_t run_jobs = 0;
  for (const QuestionReport& q : proved.report.questions) run_jobs += q.jobs_run;
  EXPECT_EQ(sims[0].jobs, run_jobs);
  EXPECT_EQ(sims[0].jobs_computed, 0);
  EXPECT_DOUBLE_EQ(sims[0].speedup, 1.0);
  // Four workers choose differently, and reach the same value.
  EXPECT_EQ(sims[0].value, proved.report.value);
  EXPECT_EQ(sims[1].value, proved.report.value);
  EXPECT_GT(sims[1].seconds, 0);
}

TEST(JobLevelProof, TheSecondQuestionTakesOnlyTheWorkersTheFirstLeaves) {
  // Tic-tac-toe is a draw: both questions are disproved.
  TemporaryDirectory dir("kinrow-prove-test");
  const TreeSettings settings = small_jobs(Policy::VirtualLoss, Siblings::Postponed, 10);
  const Proved proved = prove(dir / "p.db", "tictactoe", "", settings, 1, false);
  ASSERT_EQ(proved.report.value, Value::Draw);
  const Game game = make_game("tictactoe");
  const JobContext context(game.spec, "");
  auto db = ProofDatabase::open((dir / "p.db").string(), {game.spec, ""});
  const std::vector<SimulationResult> sims = simulate_proof(*db, context, settings, {1, 16});
  ASSERT_EQ(sims.size(), 2u);
  for (const SimulationResult& s : sims) {
    EXPECT_EQ(s.value, Value::Draw);
    EXPECT_GE(s.answered_at[0], 0);
    EXPECT_GE(s.answered_at[1], 0);
  }
  // One worker is never idle while the first question has work: the second starts after.
  EXPECT_GE(sims[0].first_job_at[1], sims[0].answered_at[0]);
  // Sixteen are more than the first question can use: the second starts at once beside it.
  EXPECT_LT(sims[1].first_job_at[1], sims[1].answered_at[0]);
}

TEST(JobLevelProof, EitherQuestionProvedSettlesTheValue) {
  auto row = [](int id, const char* state) {
    QuestionRow q;
    q.id = id;
    q.attacker = id;
    q.state = state;
    return q;
  };
  EXPECT_EQ(value_of({row(0, "proved"), row(1, "open")}), Value::Win);
  EXPECT_EQ(value_of({row(0, "open"), row(1, "proved")}), Value::Loss);
  EXPECT_EQ(value_of({row(0, "disproved"), row(1, "proved")}), Value::Loss);
  EXPECT_EQ(value_of({row(0, "disproved"), row(1, "disproved")}), Value::Draw);
  EXPECT_EQ(value_of({row(0, "disproved"), row(1, "open")}), std::nullopt);
  EXPECT_EQ(value_of({row(0, "open"), row(1, "disproved")}), std::nullopt);
  EXPECT_EQ(value_of({row(0, "open")}), std::nullopt);
}

}  // namespace
}  // namespace kinrow
