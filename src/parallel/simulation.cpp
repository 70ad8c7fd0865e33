#include "parallel/simulation.h"

#include <chrono>
#include <deque>
#include <map>
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

  SimulationResult run(int workers) {
    SimulationResult out;
    out.workers = workers;
    const int me = context_.start.to_move();
    if (simulate_question(me, workers, out)) {
      out.value = Value::Win;
    } else {
      out.value = simulate_question(1 - me, workers, out) ? Value::Loss : Value::Draw;
    }
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

  bool simulate_question(int attacker, int workers, SimulationResult& out) {
    JobTree tree(attacker, settings_, [this](int depth) { return context_.mover_at(depth); });
    auto owner = [this](int i) { return context_.mover_at(i); };
    struct Event {
      double at;
      int64_t order;
      JobTree::NodeId node;
      std::string key;
      bool operator>(const Event& o) const { return std::tie(at, order) > std::tie(o.at, o.order); }
    };
    std::priority_queue<Event, std::vector<Event>, std::greater<>> running;
    std::deque<JobTree::Request> waiting;
    std::unordered_map<std::string, bool> answered;  // keys this simulated run has answered
    double clock = 0;
    int64_t order = 0;
    while (!tree.answer()) {
      // As the manager: choose while fewer jobs are out than workers; a job whose answer
      // the run already has is answered at once.
      while (static_cast<int>(running.size() + waiting.size()) < workers && !tree.answer()) {
        const std::vector<JobTree::Request> requests = tree.select();
        if (requests.empty()) break;
        for (const JobTree::Request& r : requests) {
          const std::string key = job_key(r.spec, owner);
          if (answered.count(key)) {
            tree.apply(r.node, answer(r.spec, key, out).result);
          } else {
            waiting.push_back(r);
          }
        }
      }
      while (static_cast<int>(running.size()) < workers && !waiting.empty()) {
        const JobTree::Request r = waiting.front();
        waiting.pop_front();
        const std::string key = job_key(r.spec, owner);
        running.push({clock + answer(r.spec, key, out).seconds, order++, r.node, key});
      }
      if (tree.answer()) break;
      if (running.empty()) throw std::logic_error("simulation: nothing to run and no answer");
      const Event next = running.top();
      running.pop();
      clock = next.at;
      answered[next.key] = true;
      tree.apply(next.node, cache_.at(next.key).result);
      ++out.jobs;
    }
    out.seconds += clock;
    return *tree.answer();
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
