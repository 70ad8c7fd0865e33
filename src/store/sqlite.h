// A thin layer over SQLite's C interface: a database, prepared statements, transactions.
//
// Every error becomes an exception naming the file and SQLite's message: InputError where
// the file is the user's fault (not a database, unreadable, locked by another program),
// std::runtime_error where a statement fails on a database that opened fine. Nothing here
// knows what is stored; store/proof_db.h does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace kinrow {

class Database;

class Statement {
 public:
  Statement(Database& db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are numbered from 1, as in SQL's "?1".
  Statement& bind(int index, int64_t value);
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view text);
  Statement& bind_null(int index);
  // One step: true while a row is available (read it with the column getters).
  bool step();
  // Runs a statement that returns no rows, and makes it ready to run again.
  void run();
  void reset();

  int64_t integer(int column) const;
  double real(int column) const;
  std::string text(int column) const;
  bool null(int column) const;

 private:
  Database& db_;
  sqlite3_stmt* statement_ = nullptr;
};

class Database {
 public:
  // Snapshot reads a file no program is writing, without locks or side files (SQLite's
  // immutable=1): to look at a file before deciding to write it.
  enum class Mode { ReadOnly, ReadWrite, Create, Snapshot };
  // Opens `path`. Every mode but Create needs the file to exist; Create makes it if not.
  Database(const std::string& path, Mode mode);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void exec(std::string_view sql);  // one or more statements, no rows
  int64_t last_insert_id() const;
  int changes() const;  // rows changed by the last statement
  const std::string& path() const { return path_; }
  sqlite3* handle() { return db_; }

  // The error for a failed call, with the database's message.
  [[noreturn]] void fail(std::string_view what) const;

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
};

// BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the scope is left by an exception.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  void commit();

 private:
  Database& db_;
  bool open_ = true;
};

}  // namespace kinrow
