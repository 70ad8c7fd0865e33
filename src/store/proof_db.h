// The database of a job-level proof (parallel/manager.h): one SQLite file holding the
// proof trees, the jobs and their answers, so that a manager killed at any moment and
// started again resumes the same proof. Every change a job's answer makes — the job
// marked done, its answer, the tree's new and changed nodes — is one transaction, and a
// job's answer is recorded once: a second answer for a finished job changes nothing.
//
// Tables (inspect them with the sqlite3 shell):
//   meta       key, value: what the file proves (format, spec, start) and the settings
//   questions  one per "does this player win?" the proof asks: attacker, state
//   nodes      the trees: question, id, parent, move, mover, depth, evaluation, rest,
//              state, complete, latest, pn, dn
//   jobs       every job sent: id, question, node, spec (JSON), key, state (queued, done,
//              dropped), answer key, worker, seconds, created, finished
//   answers    a job's answer by content (job_key): result (JSON), seconds, nodes, worker,
//              source (run, simulation)
//   runs       every time a job ran (or was reported): job, worker, started, finished, outcome
//
// The file is recognised by its header's application id before SQLite opens it for
// writing, and by its meta before anything is written: a file of another program, a
// damaged one, or the proof of another position is refused with the file left as it was.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite.h"

namespace kinrow {

struct ProofIdentity {
  std::string spec;   // canonical spec of the game
  std::string start;  // moves from the empty board, canonical notation
};

struct NodeRow {
  int question = 0;
  int64_t id = 0;
  int64_t parent = -1;
  int move = -1;
  int mover = 0;
  int depth = 0;
  std::string evaluation, rest, state;  // names
  bool complete = false;
  int64_t latest = -1;
  uint32_t pn = 1, dn = 1;
};

struct JobRow {
  int64_t id = 0;
  int question = 0;
  int64_t node = 0;
  std::string spec;  // JSON (parallel/job.h)
  std::string key;
  std::string state;  // queued, done, dropped
  std::string worker;
  double seconds = 0;
  double created = 0, finished = 0;
  bool reused = false;  // answered from the answers table, not run
};

struct AnswerRow {
  std::string key;
  std::string result;  // JSON
  double seconds = 0;
  uint64_t nodes = 0;
  std::string worker;
  std::string source;  // "run" or "simulation"
};

struct QuestionRow {
  int id = 0;
  int attacker = 0;
  std::string state;   // open, proved, disproved
  double seconds = 0;  // wall time spent on it, over all sessions
};

// True if `db` is a job-level proof database: its header's application id says so. Other
// stores (books) refuse such a file rather than add their tables to it.
bool is_proof_database(Database& db);

class ProofDatabase {
 public:
  // Opens the proof database at `path` for `identity`, creating it if it does not exist
  // (or is empty). InputError, with the file untouched, if it is not a kinrow proof
  // database, is damaged, proves another position, or is in use by another manager.
  static std::unique_ptr<ProofDatabase> open(const std::string& path,
                                             const ProofIdentity& identity);
  // Read-only, for reports and the simulation; no lock.
  static std::unique_ptr<ProofDatabase> open_read_only(const std::string& path);
  ~ProofDatabase();

  const std::string& path() const { return db_.path(); }
  ProofIdentity identity();
  bool created() const { return created_; }  // made by this open

  std::optional<std::string> meta(const std::string& key);
  void set_meta(const std::string& key, const std::string& value);

  std::vector<QuestionRow> questions();
  void add_question(int id, int attacker);
  void set_question(int id, const std::string& state, double seconds);

  std::vector<NodeRow> nodes(int question);
  void save_node(const NodeRow& row);  // insert or replace

  int64_t add_job(int question, int64_t node, const std::string& spec, const std::string& key,
                  double now);
  std::vector<JobRow> jobs(int question, const std::string& state);  // state "" for all
  std::optional<JobRow> job(int64_t id);
  // Marks a queued job done; false (and nothing changed) if it was not queued.
  bool finish_job(int64_t id, const std::string& worker, double seconds, bool reused, double now);
  void drop_job(int64_t id);
  int64_t count_jobs(int question, const std::string& state);  // state "" for all

  std::optional<AnswerRow> answer(const std::string& key);
  void save_answer(const AnswerRow& row);  // keeps the first answer of a key
  std::vector<AnswerRow> answers();

  void add_run(int64_t job, const std::string& worker, double started, double finished,
               const std::string& outcome);
  int64_t runs_of(int64_t job, const std::string& outcome);  // outcome "" for all
  // Whether this run (job, worker, start) is recorded: an answer delivered twice.
  bool has_run(int64_t job, const std::string& worker, double started);

  Database& database() { return db_; }

 private:
  ProofDatabase(const std::string& path, Database::Mode mode, int lock_fd, bool created);
  Database db_;
  int lock_fd_ = -1;
  bool created_ = false;
};

}  // namespace kinrow
