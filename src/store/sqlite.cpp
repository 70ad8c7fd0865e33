#include "store/sqlite.h"

#include <sqlite3.h>

#include <cctype>
#include <cstdio>
#include <stdexcept>

#include "core/error.h"

namespace kinrow {

namespace {

// A path as a file: URI (RFC 3986: everything but unreserved characters and '/' escaped).
std::string file_uri(const std::string& path) {
  std::string uri = "file:";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      uri += static_cast<char>(c);
    } else {
      char escaped[4];
      std::snprintf(escaped, sizeof escaped, "%%%02X", c);
      uri += escaped;
    }
  }
  return uri;
}

}  // namespace

Database::Database(const std::string& path, Mode mode) : path_(path) {
  int flags = SQLITE_OPEN_READWRITE;
  std::string name = path;
  switch (mode) {
    case Mode::ReadOnly:
      flags = SQLITE_OPEN_READONLY;
      break;
    case Mode::ReadWrite:
      break;
    case Mode::Create:
      flags |= SQLITE_OPEN_CREATE;
      break;
    case Mode::Snapshot:
      flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
      name = file_uri(path) + "?immutable=1";
      break;
  }
  // NOMUTEX: each Database is used by one thread at a time.
  if (sqlite3_open_v2(name.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw InputError("cannot open \"" + printable(path) + "\": " + message);
  }
  sqlite3_extended_result_codes(db_, 0);
  // Readers (kinrow workers, the sqlite3 shell) may hold the file for a moment.
  sqlite3_busy_timeout(db_, 10000);
}

Database::~Database() {
  sqlite3_close(db_);
}

void Database::fail(std::string_view what) const {
  const int code = sqlite3_errcode(db_);
  // Which statement met a file that is not a database, or a damaged one, says nothing to
  // the user; SQLite's own words name the trouble.
  const bool bad_file = code == SQLITE_NOTADB || code == SQLITE_CORRUPT;
  const std::string message =
      "\"" + printable(path_) + "\": " + (bad_file ? "" : std::string(what) + ": ") + sqlite3_errmsg(db_);
  // The file's fault, not kinrow's: it is not a database, damaged, or not ours to write.
  if (code == SQLITE_NOTADB || code == SQLITE_CORRUPT || code == SQLITE_CANTOPEN ||
      code == SQLITE_READONLY || code == SQLITE_PERM || code == SQLITE_AUTH ||
      code == SQLITE_BUSY || code == SQLITE_LOCKED || code == SQLITE_FULL || code == SQLITE_IOERR)
    throw InputError(message);
  throw std::runtime_error(message);
}

void Database::exec(std::string_view sql) {
  const std::string text(sql);
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK)
    fail("cannot run \"" + text.substr(0, 40) + "\"");
}

int64_t Database::last_insert_id() const {
  return sqlite3_last_insert_rowid(db_);
}
int Database::changes() const {
  return sqlite3_changes(db_);
}

Statement::Statement(Database& db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v3(db.handle(), sql.data(), static_cast<int>(sql.size()),
                         SQLITE_PREPARE_PERSISTENT, &statement_, nullptr) != SQLITE_OK)
    db.fail("cannot prepare \"" + std::string(sql.substr(0, 40)) + "\"");
}

Statement::~Statement() {
  sqlite3_finalize(statement_);
}

Statement& Statement::bind(int index, int64_t value) {
  if (sqlite3_bind_int64(statement_, index, value) != SQLITE_OK) db_.fail("cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, double value) {
  if (sqlite3_bind_double(statement_, index, value) != SQLITE_OK) db_.fail("cannot bind a value");
  return *this;
}

Statement& Statement::bind(int index, std::string_view text) {
  if (sqlite3_bind_text(statement_, index, text.data(), static_cast<int>(text.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK)
    db_.fail("cannot bind a value");
  return *this;
}

Statement& Statement::bind_null(int index) {
  if (sqlite3_bind_null(statement_, index) != SQLITE_OK) db_.fail("cannot bind a value");
  return *this;
}

bool Statement::step() {
  const int status = sqlite3_step(statement_);
  if (status == SQLITE_ROW) return true;
  if (status == SQLITE_DONE) return false;
  sqlite3_reset(statement_);  // sets the error code of the failed step for fail()
  db_.fail("a statement failed");
}

void Statement::run() {
  while (step()) {
  }
  reset();
}

void Statement::reset() {
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
}

int64_t Statement::integer(int column) const {
  return sqlite3_column_int64(statement_, column);
}
double Statement::real(int column) const {
  return sqlite3_column_double(statement_, column);
}
bool Statement::null(int column) const {
  return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

std::string Statement::text(int column) const {
  const unsigned char* text = sqlite3_column_text(statement_, column);
  return text ? std::string(reinterpret_cast<const char*>(text),
                            sqlite3_column_bytes(statement_, column))
              : std::string();
}

Transaction::Transaction(Database& db) : db_(db) {
  db_.exec("BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
  if (open_) sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
  db_.exec("COMMIT");
  open_ = false;
}

}  // namespace kinrow
