#include "server/workbench_db.h"

#include <chrono>

namespace kinrow::server {

double unix_seconds() {
  return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

namespace {

std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + '\n';
  return text;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return lines;
}

constexpr const char* kJobColumns =
    "id, kind, spec, moves, options, state, created, started, finished, progress, result, error";

JobRecord read_job(Statement& row) {
  JobRecord job;
  job.id = row.integer(0);
  job.kind = row.text(1);
  job.spec = row.text(2);
  job.moves = row.text(3);
  job.options = nlohmann::json::parse(row.text(4), nullptr, false);
  if (job.options.is_discarded()) job.options = nlohmann::json::object();
  job.state = row.text(5);
  job.created = row.real(6);
  job.started = row.real(7);
  job.finished = row.real(8);
  job.progress = split_lines(row.text(9));
  job.result = row.text(10);
  job.error = row.text(11);
  return job;
}

}  // namespace

WorkbenchDb::WorkbenchDb(const std::string& path) : db_(path, Database::Mode::Create) {
  db_.exec("PRAGMA journal_mode = WAL");
  // A killed server loses no committed edit (WAL with NORMAL syncs survive a process
  // crash; a power cut may lose the last few).
  db_.exec("PRAGMA synchronous = NORMAL");
  db_.exec("PRAGMA foreign_keys = ON");
  // AUTOINCREMENT: an id is never given again after its row is deleted, so a page still
  // holding it cannot edit another row by it. (Databases made before keep plain rowids.)
  db_.exec(
      "CREATE TABLE IF NOT EXISTS workbench_jobs ("
      " id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, spec TEXT NOT NULL, moves TEXT NOT NULL,"
      " options TEXT NOT NULL, state TEXT NOT NULL, created REAL NOT NULL, started REAL NOT NULL DEFAULT 0,"
      " finished REAL NOT NULL DEFAULT 0, progress TEXT NOT NULL DEFAULT '', result TEXT NOT NULL DEFAULT '',"
      " error TEXT NOT NULL DEFAULT '');"
      "CREATE TABLE IF NOT EXISTS workbench_trees ("
      " id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, spec TEXT NOT NULL, moves TEXT NOT NULL, created REAL NOT NULL);"
      "CREATE TABLE IF NOT EXISTS workbench_tree_nodes ("
      " id INTEGER PRIMARY KEY AUTOINCREMENT, tree INTEGER NOT NULL REFERENCES workbench_trees(id) ON DELETE CASCADE,"
      " parent INTEGER NOT NULL, turn TEXT NOT NULL, comment TEXT NOT NULL DEFAULT '',"
      " UNIQUE (tree, parent, turn));"
      "CREATE TABLE IF NOT EXISTS workbench_certificates ("
      " id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, text TEXT NOT NULL, created REAL NOT NULL);");
}

int64_t WorkbenchDb::add_job(const JobRecord& job) {
  Statement insert(db_,
                   "INSERT INTO workbench_jobs (kind, spec, moves, options, state, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  insert.bind(1, job.kind).bind(2, job.spec).bind(3, job.moves).bind(4, job.options.dump());
  insert.bind(5, job.state).bind(6, job.created).run();
  return db_.last_insert_id();
}

void WorkbenchDb::update_job(const JobRecord& job) {
  Statement update(db_,
                   "UPDATE workbench_jobs SET state = ?2, started = ?3, finished = ?4, progress = ?5,"
                   " result = ?6, error = ?7 WHERE id = ?1");
  update.bind(1, job.id).bind(2, job.state).bind(3, job.started).bind(4, job.finished);
  update.bind(5, join_lines(job.progress)).bind(6, job.result).bind(7, job.error).run();
}

std::optional<JobRecord> WorkbenchDb::job(int64_t id) {
  Statement select(db_, std::string("SELECT ") + kJobColumns + " FROM workbench_jobs WHERE id = ?1");
  select.bind(1, id);
  if (!select.step()) return std::nullopt;
  return read_job(select);
}

std::vector<JobRecord> WorkbenchDb::recent_jobs(int limit) {
  Statement select(db_, std::string("SELECT ") + kJobColumns + " FROM workbench_jobs ORDER BY id DESC LIMIT ?1");
  select.bind(1, static_cast<int64_t>(limit));
  std::vector<JobRecord> jobs;
  while (select.step()) jobs.push_back(read_job(select));
  return jobs;
}

std::vector<int64_t> WorkbenchDb::jobs_in_state(const std::string& state) {
  Statement select(db_, "SELECT id FROM workbench_jobs WHERE state = ?1 ORDER BY id");
  select.bind(1, state);
  std::vector<int64_t> ids;
  while (select.step()) ids.push_back(select.integer(0));
  return ids;
}

nlohmann::json WorkbenchDb::create_tree(const std::string& name, const std::string& spec, const std::string& moves) {
  Statement insert(db_, "INSERT INTO workbench_trees (name, spec, moves, created) VALUES (?1, ?2, ?3, ?4)");
  insert.bind(1, name).bind(2, spec).bind(3, moves).bind(4, unix_seconds()).run();
  return *tree(db_.last_insert_id());
}

nlohmann::json WorkbenchDb::trees() {
  Statement select(db_, "SELECT id, name, spec, moves, created FROM workbench_trees ORDER BY id");
  nlohmann::json list = nlohmann::json::array();
  while (select.step())
    list.push_back({{"id", select.integer(0)}, {"name", select.text(1)}, {"spec", select.text(2)},
                    {"moves", select.text(3)}, {"created", select.real(4)}});
  return list;
}

nlohmann::json WorkbenchDb::node_json(Statement& row) {
  const int64_t parent = row.integer(1);
  return {{"id", row.integer(0)}, {"parent", parent == 0 ? nlohmann::json(nullptr) : nlohmann::json(parent)},
          {"turn", row.text(2)}, {"comment", row.text(3)}};
}

std::optional<nlohmann::json> WorkbenchDb::tree(int64_t id) {
  Statement select(db_, "SELECT id, name, spec, moves, created FROM workbench_trees WHERE id = ?1");
  select.bind(1, id);
  if (!select.step()) return std::nullopt;
  nlohmann::json tree = {{"id", select.integer(0)}, {"name", select.text(1)}, {"spec", select.text(2)},
                         {"moves", select.text(3)}, {"created", select.real(4)}};
  Statement nodes(db_, "SELECT id, parent, turn, comment FROM workbench_tree_nodes WHERE tree = ?1 ORDER BY id");
  nodes.bind(1, id);
  tree["nodes"] = nlohmann::json::array();
  while (nodes.step()) tree["nodes"].push_back(node_json(nodes));
  return tree;
}

nlohmann::json WorkbenchDb::add_node(int64_t tree, int64_t parent, const std::string& turn) {
  Statement insert(db_, "INSERT OR IGNORE INTO workbench_tree_nodes (tree, parent, turn) VALUES (?1, ?2, ?3)");
  insert.bind(1, tree).bind(2, parent).bind(3, turn).run();
  Statement select(db_,
                   "SELECT id, parent, turn, comment FROM workbench_tree_nodes WHERE tree = ?1 AND parent = ?2 AND turn = ?3");
  select.bind(1, tree).bind(2, parent).bind(3, turn);
  select.step();
  return node_json(select);
}

std::optional<nlohmann::json> WorkbenchDb::set_comment(int64_t tree, int64_t node, const std::string& comment) {
  Statement update(db_, "UPDATE workbench_tree_nodes SET comment = ?3 WHERE tree = ?1 AND id = ?2");
  update.bind(1, tree).bind(2, node).bind(3, comment).run();
  if (db_.changes() == 0) return std::nullopt;
  Statement select(db_, "SELECT id, parent, turn, comment FROM workbench_tree_nodes WHERE id = ?1");
  select.bind(1, node);
  select.step();
  return node_json(select);
}

int WorkbenchDb::delete_subtree(int64_t tree, int64_t node) {
  Transaction transaction(db_);
  Statement remove(db_,
                   "WITH RECURSIVE below(id) AS (SELECT id FROM workbench_tree_nodes WHERE tree = ?1 AND id = ?2"
                   " UNION ALL SELECT n.id FROM workbench_tree_nodes n JOIN below b ON n.parent = b.id)"
                   " DELETE FROM workbench_tree_nodes WHERE id IN (SELECT id FROM below)");
  remove.bind(1, tree).bind(2, node).run();
  const int deleted = db_.changes();
  transaction.commit();
  return deleted;
}

std::optional<std::vector<std::string>> WorkbenchDb::path_to(int64_t tree, int64_t node) {
  std::vector<std::string> turns;
  Statement select(db_, "SELECT parent, turn FROM workbench_tree_nodes WHERE tree = ?1 AND id = ?2");
  while (node != 0) {
    select.reset();
    select.bind(1, tree).bind(2, node);
    if (!select.step()) return std::nullopt;
    turns.insert(turns.begin(), select.text(1));
    node = select.integer(0);
  }
  return turns;
}

int64_t WorkbenchDb::add_certificate(const std::string& name, const std::string& text) {
  Statement insert(db_, "INSERT INTO workbench_certificates (name, text, created) VALUES (?1, ?2, ?3)");
  insert.bind(1, name).bind(2, text).bind(3, unix_seconds()).run();
  return db_.last_insert_id();
}

std::optional<std::pair<std::string, std::string>> WorkbenchDb::certificate(int64_t id) {
  Statement select(db_, "SELECT name, text FROM workbench_certificates WHERE id = ?1");
  select.bind(1, id);
  if (!select.step()) return std::nullopt;
  return std::make_pair(select.text(0), select.text(1));
}

std::vector<std::pair<int64_t, std::string>> WorkbenchDb::certificates() {
  Statement select(db_, "SELECT id, name FROM workbench_certificates ORDER BY id");
  std::vector<std::pair<int64_t, std::string>> list;
  while (select.step()) list.emplace_back(select.integer(0), select.text(1));
  return list;
}

}  // namespace kinrow::server
