// The manager of a job-level proof: it keeps the proof trees (parallel/job_tree.h) in the
// database (store/proof_db.h), chooses the most-proving nodes, sends their jobs through a
// transport (parallel/transport.h) and records the answers, until the position's value
// is known.
//
// A value is two questions, as df-pn's (search/dfpn_solve.h): does the side to move win;
// if not, does the opponent; if neither, a draw. Each is one tree in the database. Both
// are asked at once, the first first: a job is chosen for the second only when the first
// has nothing to send (its selection sees every node it could choose decided under the
// running jobs' virtual values), so the second takes the workers the first leaves idle,
// and holds the first back at most by the rest of a running job. A proved first question
// (a win) ends the proof, and so does a proved second (a loss); a disproved one leaves
// the other all the workers. A question's jobs still out when it is answered are dropped
// (workers stop them); a question the other's answer made moot stays open in the database.
//
// Crash safety: every change is a transaction — the jobs of one selection, or one answer
// together with its job marked done and the tree's changed nodes. A manager killed at any
// moment and started again on the same file rebuilds the trees, sends again the jobs
// that were sent and not answered (through a broker, only those the broker lost), and
// goes on. A finished job is never run again: a job whose answer is recorded is done, and
// a second answer for it is recorded as a run and changes nothing. A job whose answer is
// in the database already (the same node content, met again through a transposition or
// asked before) is answered from it without running.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/outcome.h"
#include "parallel/job_tree.h"
#include "parallel/transport.h"
#include "store/proof_db.h"

namespace kinrow {

struct QuestionReport {
  int attacker = 0;
  std::optional<bool> answer;  // does the attacker win
  std::size_t tree_nodes = 0, decided_nodes = 0;
  int64_t jobs_run = 0;     // answered by a worker
  int64_t jobs_reused = 0;  // answered from the database
  double seconds = 0;       // wall time, over every session
  double job_seconds = 0;   // the jobs' own time, summed
};

struct ProveReport {
  Value value = Value::Draw;  // for the side to move at the start
  std::vector<QuestionReport> questions;
  double seconds = 0;  // this session's wall time
};

struct ProveProgress {
  int question = 0;
  int attacker = 0;
  ProofNumbers root;  // the tree's numbers at the root
  std::size_t tree_nodes = 0, decided_nodes = 0;
  std::size_t running = 0;  // jobs sent and not answered
  int64_t done = 0;
  double seconds = 0;       // the question's wall time so far
  double session_rate = 0;  // jobs answered per second in this session
};

class ProofManager {
 public:
  ProofManager(ProofDatabase& db, const JobContext& context, JobTransport& transport,
               const TreeSettings& settings, std::function<void(const ProveProgress&)> on_progress);
  // Runs (or resumes) the proof to its value.
  ProveReport run();

 private:
  struct Sent {
    JobTree::NodeId node;
    std::string key;
  };
  // A question being answered in this session.
  struct Asked {
    QuestionRow row;
    JobTree tree;
    std::map<int64_t, Sent> sent;  // jobs sent and not answered
    int64_t done_at_start = 0;
  };
  Asked ask(const QuestionRow& row);
  void finish(Asked& asked, double seconds);
  void drop_sent(Asked& asked);  // its jobs out are of no use: dropped, and workers stop them
  void fill(Asked& asked, int64_t& out);
  void record(Asked& asked, const Finished& finished);
  void record_late(const Finished& finished);
  void save_nodes(int question, const JobTree& tree, const std::vector<JobTree::NodeId>& nodes);
  QuestionReport report(int question, const JobTree& tree, double seconds);

  ProofDatabase& db_;
  const JobContext& context_;
  JobTransport& transport_;
  TreeSettings settings_;
  std::function<void(const ProveProgress&)> on_progress_;
};

// The trees of a database as they are stored (for the certificate and reports).
JobTree load_tree(ProofDatabase& db, const JobContext& context, const TreeSettings& settings,
                  int question, int attacker);

// The value the questions' answers give (nullopt while they do not give one).
std::optional<Value> value_of(const std::vector<QuestionRow>& questions);

double seconds_since_epoch();

}  // namespace kinrow
