#include "store/proof_db.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/error.h"

namespace kinrow {
namespace {

// The header's application id (offset 68, big-endian): "knrw".
constexpr uint32_t kApplicationId = 0x6b6e7277;
constexpr const char* kFormat = "kinrow job-level proof";
constexpr const char* kVersion = "1";

constexpr const char* kSchema = R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE questions (id INTEGER PRIMARY KEY, attacker INTEGER NOT NULL, state TEXT NOT NULL,
                        seconds REAL NOT NULL DEFAULT 0);
CREATE TABLE nodes (question INTEGER NOT NULL, id INTEGER NOT NULL, parent INTEGER NOT NULL,
                    move INTEGER NOT NULL, mover INTEGER NOT NULL, depth INTEGER NOT NULL,
                    evaluation TEXT NOT NULL, rest TEXT NOT NULL, state TEXT NOT NULL,
                    complete INTEGER NOT NULL, latest INTEGER NOT NULL, pn INTEGER NOT NULL,
                    dn INTEGER NOT NULL, PRIMARY KEY (question, id));
CREATE TABLE jobs (id INTEGER PRIMARY KEY AUTOINCREMENT, question INTEGER NOT NULL, node INTEGER NOT NULL,
                   spec TEXT NOT NULL, key TEXT NOT NULL, state TEXT NOT NULL, worker TEXT NOT NULL DEFAULT '',
                   seconds REAL NOT NULL DEFAULT 0, reused INTEGER NOT NULL DEFAULT 0,
                   created REAL NOT NULL, finished REAL NOT NULL DEFAULT 0);
CREATE INDEX jobs_by_state ON jobs (state, question);
CREATE TABLE answers (key TEXT PRIMARY KEY, result TEXT NOT NULL, seconds REAL NOT NULL, nodes INTEGER NOT NULL,
                      worker TEXT NOT NULL, source TEXT NOT NULL);
CREATE TABLE runs (job INTEGER NOT NULL, worker TEXT NOT NULL, started REAL NOT NULL, finished REAL NOT NULL,
                   outcome TEXT NOT NULL);
CREATE INDEX runs_by_job ON runs (job);
)sql";

bool missing_or_empty(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::exists(path, error)) return true;
  return std::filesystem::is_regular_file(path, error) &&
         std::filesystem::file_size(path, error) == 0;
}

// Creates the database next to `path` and moves it into place complete, so that a kill
// during creation never leaves a half-made file under the user's name.
void create(const std::string& path, const ProofIdentity& identity) {
  const std::string temporary = path + ".creating-" + std::to_string(::getpid());
  std::filesystem::remove(temporary);
  {
    Database db(temporary, Database::Mode::Create);
    db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
    db.exec("PRAGMA journal_mode = WAL");
    Transaction transaction(db);
    db.exec(kSchema);
    Statement put(db, "INSERT INTO meta (key, value) VALUES (?1, ?2)");
    for (const auto& [key, value] :
         std::initializer_list<std::pair<const char*, std::string>>{{"format", kFormat},
                                                                    {"version", kVersion},
                                                                    {"spec", identity.spec},
                                                                    {"start", identity.start}})
      put.bind(1, std::string_view(key)).bind(2, value).run();
    transaction.commit();
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");  // the header and meta in the file itself
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    std::filesystem::remove(temporary);
    throw InputError("cannot create \"" + printable(path) + "\": " + error.message());
  }
  std::filesystem::remove(temporary + "-wal");
  std::filesystem::remove(temporary + "-shm");
}

// Refuses a file that is not a kinrow proof database, from its header alone.
void check_header(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read \"" + printable(path) + "\"");
  std::array<unsigned char, 100> header{};
  in.read(reinterpret_cast<char*>(header.data()), header.size());
  const std::string start(reinterpret_cast<const char*>(header.data()), 16);
  if (in.gcount() < 100 || start != std::string("SQLite format 3\0", 16))
    throw InputError("\"" + printable(path) +
                     "\" is not a kinrow proof database (not an SQLite file)");
  const uint32_t id = uint32_t{header[68]} << 24 | uint32_t{header[69]} << 16 |
                      uint32_t{header[70]} << 8 | header[71];
  if (id != kApplicationId)
    throw InputError("\"" + printable(path) +
                     "\" is not a kinrow proof database (an SQLite file of another program)");
}

std::string meta_value(Database& db, const std::string& key) {
  Statement get(db, "SELECT value FROM meta WHERE key = ?1");
  get.bind(1, key);
  return get.step() ? get.text(0) : std::string();
}

// The identity a database holds, read without writing anything.
ProofIdentity read_identity(const std::string& path) {
  check_header(path);
  Database db(path, Database::Mode::Snapshot);
  if (meta_value(db, "format") != kFormat)
    throw InputError("\"" + printable(path) + "\" is not a kinrow proof database (no proof in it)");
  if (meta_value(db, "version") != kVersion)
    throw InputError("\"" + printable(path) +
                     "\" was written by another version of kinrow (format " +
                     printable(meta_value(db, "version")) + ")");
  return {meta_value(db, "spec"), meta_value(db, "start")};
}

std::string describe(const ProofIdentity& identity) {
  return identity.spec +
         (identity.start.empty() ? " from the empty board" : " after " + identity.start);
}

}  // namespace

bool is_proof_database(Database& db) {
  Statement id(db, "PRAGMA application_id");
  return id.step() && id.integer(0) == kApplicationId;
}

ProofDatabase::ProofDatabase(const std::string& path, Database::Mode mode, int lock_fd,
                             bool created)
    : db_(path, mode), lock_fd_(lock_fd), created_(created) {
  if (mode != Database::Mode::ReadOnly) {
    db_.exec("PRAGMA journal_mode = WAL");
    // Committed transactions survive a killed process; a power cut may lose the last few.
    db_.exec("PRAGMA synchronous = NORMAL");
  }
}

ProofDatabase::~ProofDatabase() {
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

std::unique_ptr<ProofDatabase> ProofDatabase::open(const std::string& path,
                                                   const ProofIdentity& identity) {
  const bool created = missing_or_empty(path);
  if (created) create(path, identity);
  const ProofIdentity stored = read_identity(path);
  if (stored.spec != identity.spec || stored.start != identity.start)
    throw InputError("\"" + printable(path) + "\" holds the proof of " + describe(stored) +
                     ", not of " + describe(identity));
  // One manager per file: a lock the kernel drops when the process dies, however it dies.
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0)
    throw InputError("cannot open \"" + printable(path) +
                     "\" for writing: " + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    throw InputError("\"" + printable(path) + "\" is in use by another kinrow prove");
  }
  try {
    return std::unique_ptr<ProofDatabase>(
        new ProofDatabase(path, Database::Mode::ReadWrite, fd, created));
  } catch (...) {
    ::close(fd);
    throw;
  }
}

std::unique_ptr<ProofDatabase> ProofDatabase::open_read_only(const std::string& path) {
  read_identity(path);
  return std::unique_ptr<ProofDatabase>(
      new ProofDatabase(path, Database::Mode::ReadOnly, -1, false));
}

ProofIdentity ProofDatabase::identity() {
  return {meta_value(db_, "spec"), meta_value(db_, "start")};
}

std::optional<std::string> ProofDatabase::meta(const std::string& key) {
  Statement get(db_, "SELECT value FROM meta WHERE key = ?1");
  get.bind(1, key);
  if (!get.step()) return std::nullopt;
  return get.text(0);
}

void ProofDatabase::set_meta(const std::string& key, const std::string& value) {
  Statement(db_, "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)")
      .bind(1, key)
      .bind(2, value)
      .run();
}

std::vector<QuestionRow> ProofDatabase::questions() {
  std::vector<QuestionRow> rows;
  Statement get(db_, "SELECT id, attacker, state, seconds FROM questions ORDER BY id");
  while (get.step())
    rows.push_back({static_cast<int>(get.integer(0)), static_cast<int>(get.integer(1)), get.text(2),
                    get.real(3)});
  return rows;
}

void ProofDatabase::add_question(int id, int attacker) {
  Statement(db_, "INSERT INTO questions (id, attacker, state) VALUES (?1, ?2, 'open')")
      .bind(1, int64_t{id})
      .bind(2, int64_t{attacker})
      .run();
}

void ProofDatabase::set_question(int id, const std::string& state, double seconds) {
  Statement(db_, "UPDATE questions SET state = ?2, seconds = ?3 WHERE id = ?1")
      .bind(1, int64_t{id})
      .bind(2, state)
      .bind(3, seconds)
      .run();
}

std::vector<NodeRow> ProofDatabase::nodes(int question) {
  std::vector<NodeRow> rows;
  Statement get(
      db_,
      "SELECT id, parent, move, mover, depth, evaluation, rest, state, complete, latest, pn, dn "
      "FROM nodes WHERE question = ?1 ORDER BY id");
  get.bind(1, int64_t{question});
  while (get.step()) {
    NodeRow row;
    row.question = question;
    row.id = get.integer(0);
    row.parent = get.integer(1);
    row.move = static_cast<int>(get.integer(2));
    row.mover = static_cast<int>(get.integer(3));
    row.depth = static_cast<int>(get.integer(4));
    row.evaluation = get.text(5);
    row.rest = get.text(6);
    row.state = get.text(7);
    row.complete = get.integer(8) != 0;
    row.latest = get.integer(9);
    row.pn = static_cast<uint32_t>(get.integer(10));
    row.dn = static_cast<uint32_t>(get.integer(11));
    rows.push_back(row);
  }
  return rows;
}

void ProofDatabase::save_node(const NodeRow& row) {
  Statement(
      db_,
      "INSERT OR REPLACE INTO nodes (question, id, parent, move, mover, depth, evaluation, rest, "
      "state, "
      "complete, latest, pn, dn) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)")
      .bind(1, int64_t{row.question})
      .bind(2, row.id)
      .bind(3, row.parent)
      .bind(4, int64_t{row.move})
      .bind(5, int64_t{row.mover})
      .bind(6, int64_t{row.depth})
      .bind(7, row.evaluation)
      .bind(8, row.rest)
      .bind(9, row.state)
      .bind(10, int64_t{row.complete})
      .bind(11, row.latest)
      .bind(12, int64_t{row.pn})
      .bind(13, int64_t{row.dn})
      .run();
}

int64_t ProofDatabase::add_job(int question, int64_t node, const std::string& spec,
                               const std::string& key, double now) {
  Statement(db_,
            "INSERT INTO jobs (question, node, spec, key, state, created) VALUES (?1, ?2, ?3, ?4, "
            "'queued', ?5)")
      .bind(1, int64_t{question})
      .bind(2, node)
      .bind(3, spec)
      .bind(4, key)
      .bind(5, now)
      .run();
  return db_.last_insert_id();
}

namespace {

JobRow job_row(const Statement& get) {
  JobRow row;
  row.id = get.integer(0);
  row.question = static_cast<int>(get.integer(1));
  row.node = get.integer(2);
  row.spec = get.text(3);
  row.key = get.text(4);
  row.state = get.text(5);
  row.worker = get.text(6);
  row.seconds = get.real(7);
  row.reused = get.integer(8) != 0;
  row.created = get.real(9);
  row.finished = get.real(10);
  return row;
}

constexpr const char* kJobColumns =
    "SELECT id, question, node, spec, key, state, worker, seconds, reused, created, finished FROM "
    "jobs ";

}  // namespace

std::vector<JobRow> ProofDatabase::jobs(int question, const std::string& state) {
  std::vector<JobRow> rows;
  Statement get(db_, std::string(kJobColumns) +
                         "WHERE question = ?1 AND (?2 = '' OR state = ?2) ORDER BY id");
  get.bind(1, int64_t{question}).bind(2, state);
  while (get.step()) rows.push_back(job_row(get));
  return rows;
}

std::optional<JobRow> ProofDatabase::job(int64_t id) {
  Statement get(db_, std::string(kJobColumns) + "WHERE id = ?1");
  get.bind(1, id);
  if (!get.step()) return std::nullopt;
  return job_row(get);
}

bool ProofDatabase::finish_job(int64_t id, const std::string& worker, double seconds, bool reused,
                               double now) {
  Statement(db_,
            "UPDATE jobs SET state = 'done', worker = ?2, seconds = ?3, reused = ?4, finished = ?5 "
            "WHERE id = ?1 AND state = 'queued'")
      .bind(1, id)
      .bind(2, worker)
      .bind(3, seconds)
      .bind(4, int64_t{reused})
      .bind(5, now)
      .run();
  return db_.changes() == 1;
}

void ProofDatabase::drop_job(int64_t id) {
  Statement(db_, "UPDATE jobs SET state = 'dropped' WHERE id = ?1 AND state = 'queued'")
      .bind(1, id)
      .run();
}

int64_t ProofDatabase::count_jobs(int question, const std::string& state) {
  Statement get(db_, "SELECT count(*) FROM jobs WHERE question = ?1 AND (?2 = '' OR state = ?2)");
  get.bind(1, int64_t{question}).bind(2, state);
  get.step();
  return get.integer(0);
}

std::optional<AnswerRow> ProofDatabase::answer(const std::string& key) {
  Statement get(db_, "SELECT result, seconds, nodes, worker, source FROM answers WHERE key = ?1");
  get.bind(1, key);
  if (!get.step()) return std::nullopt;
  return AnswerRow{key,         get.text(0), get.real(1), static_cast<uint64_t>(get.integer(2)),
                   get.text(3), get.text(4)};
}

void ProofDatabase::save_answer(const AnswerRow& row) {
  Statement(db_,
            "INSERT OR IGNORE INTO answers (key, result, seconds, nodes, worker, source) "
            "VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
      .bind(1, row.key)
      .bind(2, row.result)
      .bind(3, row.seconds)
      .bind(4, static_cast<int64_t>(row.nodes))
      .bind(5, row.worker)
      .bind(6, row.source)
      .run();
}

std::vector<AnswerRow> ProofDatabase::answers() {
  std::vector<AnswerRow> rows;
  Statement get(db_, "SELECT key, result, seconds, nodes, worker, source FROM answers");
  while (get.step())
    rows.push_back({get.text(0), get.text(1), get.real(2), static_cast<uint64_t>(get.integer(3)),
                    get.text(4), get.text(5)});
  return rows;
}

void ProofDatabase::add_run(int64_t job, const std::string& worker, double started, double finished,
                            const std::string& outcome) {
  Statement(
      db_, "INSERT INTO runs (job, worker, started, finished, outcome) VALUES (?1, ?2, ?3, ?4, ?5)")
      .bind(1, job)
      .bind(2, worker)
      .bind(3, started)
      .bind(4, finished)
      .bind(5, outcome)
      .run();
}

bool ProofDatabase::has_run(int64_t job, const std::string& worker, double started) {
  Statement get(db_,
                "SELECT 1 FROM runs WHERE job = ?1 AND worker = ?2 AND abs(started - ?3) < 1e-3");
  get.bind(1, job).bind(2, worker).bind(3, started);
  return get.step();
}

int64_t ProofDatabase::runs_of(int64_t job, const std::string& outcome) {
  Statement get(db_, "SELECT count(*) FROM runs WHERE job = ?1 AND (?2 = '' OR outcome = ?2)");
  get.bind(1, job).bind(2, outcome);
  get.step();
  return get.integer(0);
}

}  // namespace kinrow
