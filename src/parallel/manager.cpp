#include "parallel/manager.h"

#include <algorithm>
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
  // The opponent's proved win settles the value whatever became of the first question.
  if (state(0) == "proved") return Value::Win;
  if (state(1) == "proved") return Value::Loss;
  if (state(0) == "disproved" && state(1) == "disproved") return Value::Draw;
  return std::nullopt;
}

JobTree load_tree(ProofDatabase& db, const JobContext& context, const TreeSettings& settings,
                  int question, int attacker) {
  JobTree tree(
      attacker, settings, [&context](int depth) { return context.mover_at(depth); },
      [&context](int depth) { return context.whole_turn_at(depth); });
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
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  std::vector<QuestionRow> rows = db_.questions();
  if (!value_of(rows) && rows.size() < 2) {
    Transaction transaction(db_.database());
    for (int id = static_cast<int>(rows.size()); id < 2; ++id) db_.add_question(id, id == 0 ? me : 1 - me);
    transaction.commit();
    rows = db_.questions();
  }
  std::vector<Asked> asked;  // the open questions, the first first
  if (!value_of(rows))
    for (const QuestionRow& row : rows)
      if (row.state == "open") asked.push_back(ask(row));
  // Records the questions whose trees have answered; true once the value is known.
  auto settled = [&] {
    for (Asked& a : asked)
      if (a.tree.answer() && a.row.state == "open") finish(a, a.row.seconds + elapsed());
    return value_of(db_.questions()).has_value();
  };
  double last_shown = -1, last_saved = 0;
  while (!settled()) {
    int64_t out = 0;
    for (Asked& a : asked)
      if (!a.tree.answer()) fill(a, out);
    if (settled()) break;
    if (out == 0) throw std::logic_error("job-level search: nothing to run and no answer");
    for (const Finished& finished : transport_.wait(0.25)) {
      const auto owner = std::find_if(asked.begin(), asked.end(), [&](const Asked& a) {
        return a.row.state == "open" && a.sent.count(finished.job);
      });
      if (owner == asked.end()) record_late(finished);
      else record(*owner, finished);
    }
    const double now = elapsed();
    const auto first_open = std::find_if(asked.begin(), asked.end(), [](const Asked& a) { return a.row.state == "open"; });
    if (on_progress_ && now >= last_shown + 1 && first_open != asked.end()) {
      last_shown = now;
      const Asked& a = *first_open;
      const int64_t done = db_.count_jobs(a.row.id, "done");
      ProveProgress p;
      p.question = a.row.id;
      p.attacker = a.tree.attacker();
      p.root = a.tree.root().numbers;
      p.tree_nodes = a.tree.size();
      p.decided_nodes = a.tree.decided_nodes();
      for (const Asked& other : asked) p.running += other.sent.size();
      p.done = done;
      p.seconds = a.row.seconds + now;
      p.session_rate = now > 0 ? static_cast<double>(done - a.done_at_start) / now : 0;
      on_progress_(p);
    }
    if (now >= last_saved + 10) {
      last_saved = now;
      Transaction transaction(db_.database());
      for (const Asked& a : asked)
        if (a.row.state == "open") db_.set_question(a.row.id, "open", a.row.seconds + now);
      transaction.commit();
    }
  }
  // The question the other one's answer made moot keeps its tree, open.
  for (Asked& a : asked) {
    if (a.row.state != "open") continue;
    drop_sent(a);
    Transaction transaction(db_.database());
    db_.set_question(a.row.id, "open", a.row.seconds + elapsed());
    transaction.commit();
  }
  ProveReport out;
  rows = db_.questions();
  for (const QuestionRow& row : rows) {
    out.questions.push_back(report(row.id, load_tree(db_, context_, settings_, row.id, row.attacker), row.seconds));
  }
  out.value = *value_of(rows);
  transport_.close();
  out.seconds = elapsed();
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

ProofManager::Asked ProofManager::ask(const QuestionRow& row) {
  const int q = row.id;
  Asked a{row, load_tree(db_, context_, settings_, q, row.attacker), {}, db_.count_jobs(q, "done")};
  if (db_.nodes(q).empty()) {
    Transaction transaction(db_.database());
    save_nodes(q, a.tree, {0});
    transaction.commit();
  }
  // The jobs sent before and not answered: sent again (a broker ignores the ones it has).
  for (const JobRow& job : db_.jobs(q, "queued")) {
    const auto node = static_cast<JobTree::NodeId>(job.node);
    if (node < 0 || static_cast<std::size_t>(node) >= a.tree.size() || a.tree.node(node).busy ||
        a.tree.node(node).state != NodeState::Open) {
      Transaction transaction(db_.database());
      db_.drop_job(job.id);
      transaction.commit();
      continue;
    }
    a.tree.mark_busy(node);
    a.sent[job.id] = {node, job.key};
    const JobSpec spec = job_spec_from_json(job.spec);
    transport_.send({job.id, spec, describe_job(context_, spec)});
  }
  return a;
}

void ProofManager::drop_sent(Asked& a) {
  std::vector<int64_t> jobs;
  Transaction transaction(db_.database());
  for (const auto& [job, s] : a.sent) {
    db_.drop_job(job);
    jobs.push_back(job);
  }
  transaction.commit();
  a.sent.clear();
  transport_.drop(jobs);
}

void ProofManager::finish(Asked& a, double seconds) {
  drop_sent(a);
  Transaction transaction(db_.database());
  a.row.state = *a.tree.answer() ? "proved" : "disproved";
  a.row.seconds = seconds;
  db_.set_question(a.row.id, a.row.state, seconds);
  transaction.commit();
}

void ProofManager::fill(Asked& a, int64_t& out) {
  auto owner = [this](int i) { return context_.mover_at(i); };
  const int q = a.row.id;
  // `out`: the jobs the questions before this one keep out.
  while (out + static_cast<int64_t>(a.sent.size()) < transport_.capacity() && !a.tree.answer()) {
    const std::vector<JobTree::Request> requests = a.tree.select();
    if (requests.empty()) break;
    std::vector<Dispatch> dispatches;
    Transaction transaction(db_.database());
    const double now = seconds_since_epoch();
    for (const JobTree::Request& r : requests) {
      const std::string key = job_key(r.spec, owner);
      const int64_t id = db_.add_job(q, r.node, job_spec_json(r.spec), key, now);
      if (const std::optional<AnswerRow> known = db_.answer(key)) {
        // Asked before (a transposition, another question, an earlier session).
        db_.finish_job(id, known->worker, known->seconds, true, now);
        save_nodes(q, a.tree, a.tree.apply(r.node, job_result_from_json(known->result)));
      } else {
        a.sent[id] = {r.node, key};
        dispatches.push_back({id, r.spec, describe_job(context_, r.spec)});
      }
    }
    transaction.commit();
    for (const Dispatch& d : dispatches) transport_.send(d);
  }
  out += static_cast<int64_t>(a.sent.size());
}

void ProofManager::record_late(const Finished& finished) {
  // Answered already — the same answer delivered again (the manager died before
  // acknowledging it), or a second run (a job claimed again after its worker went
  // quiet) — or dropped: a run at most, never an answer.
  Transaction transaction(db_.database());
  if (db_.job(finished.job) && !db_.has_run(finished.job, finished.worker, finished.started))
    db_.add_run(finished.job, finished.worker, finished.started, finished.started + finished.seconds, "late");
  transaction.commit();
  transport_.done(finished);
}

void ProofManager::record(Asked& a, const Finished& finished) {
  const auto it = a.sent.find(finished.job);
  const double finished_at = finished.started + finished.seconds;
  if (!finished.result)
    throw std::runtime_error("worker " + finished.worker + " could not run job " +
                             std::to_string(finished.job) + ": " + finished.error);
  const JobResult& result = *finished.result;
  Transaction transaction(db_.database());
  if (db_.finish_job(finished.job, finished.worker, finished.seconds, false,
                     seconds_since_epoch())) {
    db_.save_answer({it->second.key, job_result_json(result), finished.seconds, result.nodes,
                     finished.worker, "run"});
    save_nodes(a.row.id, a.tree, a.tree.apply(it->second.node, result));
    db_.add_run(finished.job, finished.worker, finished.started, finished_at, "answer");
  } else {
    db_.add_run(finished.job, finished.worker, finished.started, finished_at, "late");
    a.tree.release(it->second.node);
  }
  transaction.commit();
  a.sent.erase(it);
  transport_.done(finished);
}

}  // namespace kinrow
