#include "parallel/simulation.h"

#include <chrono>
#include <deque>
#include <map>
#include <optional>
#include <queue>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

#include "core/error.h"
#include "parallel/manager.h"

namespace kinrow {
namespace {

struct Answer {
  JobResult result;
  double seconds = 0;
};

class Simulator {
 public:
  Simulator(ProofDatabase& db, const JobContext& context, const TreeSettings& settings)
      : db_(db), context_(context), settings_(settings) {}

  // Both questions at once, as the manager asks them (parallel/manager.h): the second
  // is filled only with what the first leaves, jobs start in the order sent, and a
  // question's jobs still out when it is answered are dropped, freeing their workers.
  SimulationResult run(int workers) {
    SimulationResult out;
    out.workers = workers;
    const int me = context_.start.to_move();
    auto mover_at = [this](int depth) { return context_.mover_at(depth); };
    auto whole_turn_at = [this](int depth) { return context_.whole_turn_at(depth); };
    JobTree trees[2] = {JobTree(me, settings_, mover_at, whole_turn_at),
                        JobTree(1 - me, settings_, mover_at, whole_turn_at)};
    auto owner = [this](int i) { return context_.mover_at(i); };
    struct Job {
      int question;
      JobTree::NodeId node;
      std::string key;
      JobSpec spec;
    };
    struct Event {
      double at;
      int64_t order;
      Job job;
      bool operator>(const Event& o) const { return std::tie(at, order) > std::tie(o.at, o.order); }
    };
    std::priority_queue<Event, std::vector<Event>, std::greater<>> running;
    std::deque<Job> waiting;
    int64_t sent[2] = {0, 0};  // per question: sent (waiting or running) and not answered
    std::unordered_map<std::string, bool> answered;  // keys this simulated run has answered
    double clock = 0;
    int64_t order = 0;
    // A question answered: its jobs out are dropped, running or not.
    auto drop = [&](int q) {
      std::erase_if(waiting, [&](const Job& job) { return job.question == q; });
      std::vector<Event> kept;
      for (; !running.empty(); running.pop())
        if (running.top().job.question != q) kept.push_back(running.top());
      for (const Event& e : kept) running.push(e);
      sent[q] = 0;
      if (out.answered_at[q] < 0) out.answered_at[q] = clock;
    };
    auto value = [&]() -> std::optional<Value> {
      const std::optional<bool> first = trees[0].answer(), second = trees[1].answer();
      if (first == true) return Value::Win;
      if (second == true) return Value::Loss;
      if (first == false && second == false) return Value::Draw;
      return std::nullopt;
    };
    while (!value()) {
      // As the manager: choose while fewer jobs are out than workers, the first question
      // first; a job whose answer the run already has is answered at once.
      int64_t out_before = 0;
      for (int q = 0; q < 2; ++q) {
        JobTree& tree = trees[q];
        while (out_before + sent[q] < workers && !tree.answer()) {
          const std::vector<JobTree::Request> requests = tree.select();
          if (requests.empty()) break;
          for (const JobTree::Request& r : requests) {
            const std::string key = job_key(r.spec, owner);
            if (answered.count(key)) {
              tree.apply(r.node, answer(r.spec, key, out).result);
            } else {
              waiting.push_back({q, r.node, key, r.spec});
              ++sent[q];
            }
          }
        }
        if (tree.answer()) drop(q);
        out_before += sent[q];
      }
      if (value()) break;
      while (static_cast<int>(running.size()) < workers && !waiting.empty()) {
        const Job job = waiting.front();
        waiting.pop_front();
        if (out.first_job_at[job.question] < 0) out.first_job_at[job.question] = clock;
        running.push({clock + answer(job.spec, job.key, out).seconds, order++, job});
      }
      if (running.empty()) throw std::logic_error("simulation: nothing to run and no answer");
      const Event next = running.top();
      running.pop();
      clock = next.at;
      answered[next.job.key] = true;
      JobTree& tree = trees[next.job.question];
      --sent[next.job.question];
      tree.apply(next.job.node, cache_.at(next.job.key).result);
      ++out.jobs;
      if (tree.answer()) drop(next.job.question);
    }
    out.value = *value();
    out.seconds = clock;
    return out;
  }

 private:
  // The answer to a job, from the database or run now.
  Answer answer(const JobSpec& spec, const std::string& key, SimulationResult& out) {
    if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
    Answer a;
    if (const std::optional<AnswerRow> row = db_.answer(key)) {
      a = {job_result_from_json(row->result), row->seconds};
    } else {
      const auto start = std::chrono::steady_clock::now();
      a.result = run_job(context_, spec);
      a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      Transaction transaction(db_.database());
      db_.save_answer(
          {key, job_result_json(a.result), a.seconds, a.result.nodes, "simulation", "simulation"});
      transaction.commit();
      ++out.jobs_computed;
    }
    return cache_[key] = a;
  }

  ProofDatabase& db_;
  const JobContext& context_;
  TreeSettings settings_;
  std::unordered_map<std::string, Answer> cache_;
};

}  // namespace

std::vector<SimulationResult> simulate_proof(ProofDatabase& db, const JobContext& context,
                                             const TreeSettings& settings,
                                             const std::vector<int>& worker_counts) {
  if (!value_of(db.questions()))
    throw InputError("the proof in \"" + db.path() + "\" is not finished: nothing to replay");
  Simulator simulator(db, context, settings);
  std::map<int, SimulationResult> by_count;
  auto result = [&](int workers) -> const SimulationResult& {
    if (!by_count.count(workers)) by_count[workers] = simulator.run(workers);
    return by_count[workers];
  };
  const double single = result(1).seconds;
  std::vector<SimulationResult> out;
  for (int w : worker_counts) {
    SimulationResult r = result(w);
    r.speedup = r.seconds > 0 ? single / r.seconds : 1;
    out.push_back(r);
  }
  return out;
}

}  // namespace kinrow
