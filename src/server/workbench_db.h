// The workbench's own tables in its SQLite file: jobs (what was asked, its progress and
// result) and trees of variations with comments. The same file holds the opening books,
// whose tables belong to the book layer (book/), and the certificates and puzzles the
// user opened. Every edit is one committed statement or transaction, so a server killed
// at any moment loses none that was answered.
//
// One connection, shared by the server's threads behind a mutex: the workbench's queries
// are small, and SQLite serialises writers anyway.
#pragma once

#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite.h"

namespace kinrow::server {

struct JobRecord {
  int64_t id = 0;
  std::string kind, spec, moves;
  nlohmann::json options = nlohmann::json::object();
  std::string state;  // queued, running, done, failed, cancelled, interrupted
  double created = 0, started = 0, finished = 0;  // unix seconds, 0 = not yet
  std::vector<std::string> progress;
  std::string result;  // the command's JSON output, "" for none
  std::string error;
};

class WorkbenchDb {
 public:
  explicit WorkbenchDb(const std::string& path);
  const std::string& path() const { return db_.path(); }

  // Jobs.
  int64_t add_job(const JobRecord& job);
  void update_job(const JobRecord& job);  // state, times, progress, result, error
  std::optional<JobRecord> job(int64_t id);
  std::vector<JobRecord> recent_jobs(int limit);
  std::vector<int64_t> jobs_in_state(const std::string& state);  // oldest first

  // Trees of variations: the root is a position (spec, moves), nodes are turns.
  nlohmann::json create_tree(const std::string& name, const std::string& spec, const std::string& moves);
  nlohmann::json trees();
  std::optional<nlohmann::json> tree(int64_t id);  // with its nodes
  // The node for `turn` under `parent` (0: the root), made if new.
  nlohmann::json add_node(int64_t tree, int64_t parent, const std::string& turn);
  std::optional<nlohmann::json> set_comment(int64_t tree, int64_t node, const std::string& comment);
  int delete_subtree(int64_t tree, int64_t node);  // nodes deleted
  // The turns from the root to `node`, in order (empty for 0); nullopt if not in `tree`.
  std::optional<std::vector<std::string>> path_to(int64_t tree, int64_t node);

  // Certificates opened in the proof browser: their text, kept by id.
  int64_t add_certificate(const std::string& name, const std::string& text);
  std::optional<std::pair<std::string, std::string>> certificate(int64_t id);  // name, text
  std::vector<std::pair<int64_t, std::string>> certificates();  // id, name

  std::mutex& mutex() { return mutex_; }
  Database& database() { return db_; }  // for another layer's tables (books), under mutex()

 private:
  nlohmann::json node_json(Statement& row);  // id, parent, turn, comment
  Database db_;
  std::mutex mutex_;
};

double unix_seconds();

}  // namespace kinrow::server
