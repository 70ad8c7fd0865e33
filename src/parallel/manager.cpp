#include "parallel/manager.h"

#include <chrono>
#include <stdexcept>

#include "core/error.h"

namespace kinrow {
namespace {

const char* state_name(NodeState state) {
  return state == NodeState::Open ? "open" : state == NodeState::Proved ? "proved" : "disproved";
}

NodeState state_from_name(const std::string& name) {
  if (name == "proved") return NodeState::Proved;
  if (name == "disproved") return NodeState::Disproved;
  return NodeState::Open;
}

NodeRow node_row(int question, const JobTree& tree, JobTree::NodeId id) {
  const JobTree::Node& n = tree.node(id);
  NodeRow row;
  row.question = question;
  row.id = id;
  row.parent = n.parent;
  row.move = n.move;
  row.mover = n.mover;
  row.depth = n.depth;
  row.evaluation = evaluation_name(n.evaluation);
  row.rest = evaluation_name(n.rest);
  row.state = state_name(n.state);
  row.complete = n.complete;
  row.latest = n.latest;
  row.pn = n.numbers.pn;
  row.dn = n.numbers.dn;
  return row;
}

}  // namespace

double seconds_since_epoch() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::optional<Value> value_of(const std::vector<QuestionRow>& questions) {
  auto state = [&](int id) -> std::string {
    for (const QuestionRow& q : questions)
      if (q.id == id) return q.state;
    return "";
  };
  if (state(0) == "proved") return Value::Win;
  if (state(0) != "disproved") return std::nullopt;
  if (state(1) == "proved") return Value::Loss;
  if (state(1) == "disproved") return Value::Draw;
  return std::nullopt;
}

JobTree load_tree(ProofDatabase& db, const JobContext& context, const TreeSettings& settings,
                  int question, int attacker) {
  JobTree tree(attacker, settings, [&context](int depth) { return context.mover_at(depth); });
  const std::vector<NodeRow> rows = db.nodes(question);
  if (rows.empty()) return tree;
  std::vector<JobTree::Node> nodes;
  for (const NodeRow& row : rows) {
    if (row.id != static_cast<int64_t>(nodes.size()))
      throw InputError("\"" + db.path() + "\": the proof tree's nodes are not numbered in order");
    JobTree::Node n;
    n.parent = static_cast<JobTree::NodeId>(row.parent);
    n.move = row.move;
    n.mover = row.mover;
    n.depth = row.depth;
    n.evaluation = evaluation_from_name(row.evaluation);
    n.rest = evaluation_from_name(row.rest);
    n.state = state_from_name(row.state);
    n.complete = row.complete;
    n.latest = static_cast<JobTree::NodeId>(row.latest);
    nodes.push_back(n);
  }
  tree.restore(std::move(nodes));
  return tree;
}

ProofManager::ProofManager(ProofDatabase& db, const JobContext& context, JobTransport& transport,
                           const TreeSettings& settings,
                           std::function<void(const ProveProgress&)> on_progress)
    : db_(db),
      context_(context),
      transport_(transport),
      settings_(settings),
      on_progress_(std::move(on_progress)) {}

ProveReport ProofManager::run() {
  const auto started = std::chrono::steady_clock::now();
  if (context_.start.over()) throw InputError("the game is already over");
  const int me = context_.start.to_move();
  ProveReport out;
  for (int id = 0; id < 2; ++id) {
    std::vector<QuestionRow> questions = db_.questions();
    if (static_cast<int>(questions.size()) <= id) {
      if (value_of(questions)) break;  // the first question decided the value
      Transaction transaction(db_.database());
      db_.add_question(id, id == 0 ? me : 1 - me);
      transaction.commit();
      questions = db_.questions();
    }
    const QuestionRow& question = questions[static_cast<std::size_t>(id)];
    if (question.state == "open") {
      out.questions.push_back(run_question(question));
    } else {
      out.questions.push_back(
          report(id, load_tree(db_, context_, settings_, id, question.attacker), question.seconds));
    }
  }
  out.value = *value_of(db_.questions());
  transport_.close();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

void ProofManager::save_nodes(int question, const JobTree& tree,
                              const std::vector<JobTree::NodeId>& nodes) {
  for (JobTree::NodeId id : nodes) db_.save_node(node_row(question, tree, id));
}

QuestionReport ProofManager::report(int question, const JobTree& tree, double seconds) {
  QuestionReport r;
  r.attacker = tree.attacker();
  r.answer = tree.answer();
  r.tree_nodes = tree.size();
  r.decided_nodes = tree.decided_nodes();
  for (const JobRow& job : db_.jobs(question, "done")) {
    (job.reused ? r.jobs_reused : r.jobs_run) += 1;
    r.job_seconds += job.seconds;
  }
  r.seconds = seconds;
  return r;
}

QuestionReport ProofManager::run_question(const QuestionRow& question) {
  const int q = question.id;
  JobTree tree = load_tree(db_, context_, settings_, q, question.attacker);
  if (db_.nodes(q).empty()) {
    Transaction transaction(db_.database());
    save_nodes(q, tree, {0});
    transaction.commit();
  }
  // The jobs sent before and not answered: sent again (a broker ignores the ones it has).
  std::map<int64_t, Sent> sent;
  for (const JobRow& job : db_.jobs(q, "queued")) {
    const auto node = static_cast<JobTree::NodeId>(job.node);
    if (node < 0 || static_cast<std::size_t>(node) >= tree.size() || tree.node(node).busy ||
        tree.node(node).state != NodeState::Open) {
      Transaction transaction(db_.database());
      db_.drop_job(job.id);
      transaction.commit();
      continue;
    }
    tree.mark_busy(node);
    sent[job.id] = {node, job.key};
    const JobSpec spec = job_spec_from_json(job.spec);
    transport_.send({job.id, spec, describe_job(context_, spec)});
  }
  const auto session_start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - session_start).count();
  };
  const int64_t done_at_start = db_.count_jobs(q, "done");
  double last_shown = -1, last_saved = 0;
  while (!tree.answer()) {
    fill(q, tree, sent);
    if (tree.answer()) break;
    if (sent.empty()) throw std::logic_error("job-level search: nothing to run and no answer");
    for (const Finished& finished : transport_.wait(0.25)) record(q, tree, sent, finished);
    const double now = elapsed();
    if (on_progress_ && now >= last_shown + 1) {
      last_shown = now;
      const int64_t done = db_.count_jobs(q, "done");
      ProveProgress p;
      p.question = q;
      p.attacker = tree.attacker();
      p.root = tree.root().numbers;
      p.tree_nodes = tree.size();
      p.decided_nodes = tree.decided_nodes();
      p.running = sent.size();
      p.done = done;
      p.seconds = question.seconds + now;
      p.session_rate = now > 0 ? static_cast<double>(done - done_at_start) / now : 0;
      on_progress_(p);
    }
    if (now >= last_saved + 10) {
      last_saved = now;
      Transaction transaction(db_.database());
      db_.set_question(q, "open", question.seconds + now);
      transaction.commit();
    }
  }
  transport_.drop_all();
  const double seconds = question.seconds + elapsed();
  {
    Transaction transaction(db_.database());
    for (const auto& [job, s] : sent) db_.drop_job(job);
    db_.set_question(q, *tree.answer() ? "proved" : "disproved", seconds);
    transaction.commit();
  }
  return report(q, tree, seconds);
}

void ProofManager::fill(int question, JobTree& tree, std::map<int64_t, Sent>& sent) {
  auto owner = [this](int i) { return context_.mover_at(i); };
  while (static_cast<int>(sent.size()) < transport_.capacity() && !tree.answer()) {
    const std::vector<JobTree::Request> requests = tree.select();
    if (requests.empty()) return;
    std::vector<Dispatch> dispatches;
    Transaction transaction(db_.database());
    const double now = seconds_since_epoch();
    for (const JobTree::Request& r : requests) {
      const std::string key = job_key(r.spec, owner);
      const int64_t id = db_.add_job(question, r.node, job_spec_json(r.spec), key, now);
      if (const std::optional<AnswerRow> known = db_.answer(key)) {
        // Asked before (a transposition, another question, an earlier session).
        db_.finish_job(id, known->worker, known->seconds, true, now);
        save_nodes(question, tree, tree.apply(r.node, job_result_from_json(known->result)));
      } else {
        sent[id] = {r.node, key};
        dispatches.push_back({id, r.spec, describe_job(context_, r.spec)});
      }
    }
    transaction.commit();
    for (const Dispatch& d : dispatches) transport_.send(d);
  }
}

void ProofManager::record(int question, JobTree& tree, std::map<int64_t, Sent>& sent,
                          const Finished& finished) {
  const auto it = sent.find(finished.job);
  const double finished_at = finished.started + finished.seconds;
  if (it == sent.end()) {
    // Answered already — the same answer delivered again (the manager died before
    // acknowledging it), or a second run (a job claimed again after its worker went
    // quiet) — or dropped: a run at most, never an answer.
    Transaction transaction(db_.database());
    if (db_.job(finished.job) && !db_.has_run(finished.job, finished.worker, finished.started))
      db_.add_run(finished.job, finished.worker, finished.started, finished_at, "late");
    transaction.commit();
    transport_.done(finished);
    return;
  }
  if (!finished.result)
    throw std::runtime_error("worker " + finished.worker + " could not run job " +
                             std::to_string(finished.job) + ": " + finished.error);
  const JobResult& result = *finished.result;
  Transaction transaction(db_.database());
  if (db_.finish_job(finished.job, finished.worker, finished.seconds, false,
                     seconds_since_epoch())) {
    db_.save_answer({it->second.key, job_result_json(result), finished.seconds, result.nodes,
                     finished.worker, "run"});
    save_nodes(question, tree, tree.apply(it->second.node, result));
    db_.add_run(finished.job, finished.worker, finished.started, finished_at, "answer");
  } else {
    db_.add_run(finished.job, finished.worker, finished.started, finished_at, "late");
    tree.release(it->second.node);
  }
  transaction.commit();
  sent.erase(it);
  transport_.done(finished);
}

}  // namespace kinrow
