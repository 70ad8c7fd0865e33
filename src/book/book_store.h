// Opening books in SQLite: the tables `books` and `book_nodes` of a database file that
// other programs share (the workbench server keeps its own tables in the same file).
//
// A book is a position (spec, moves) and its attacker, the side to move there; its nodes
// form a tree of turns. At an attacker node the attacker is to move and the book holds
// the turns the engine chose there (a new one each time the one before failed); at a
// defender node the defender is to move and the book holds every turn the Verifier left
// (book/verifier.h). A node is open, proven (the attacker wins from it) or failed (the
// book found no win from it: the defender won or drew, or the engine gave up).
//
// Tables (inspect them with the sqlite3 shell):
//   books       id, spec, moves, attacker (0 first player, 1 second), status, created,
//               updated (unix seconds), seconds (building, over all runs), settings (JSON)
//   book_nodes  id, book_id, parent (NULL at the root), turn, moves (from the empty board),
//               side (attacker, defender: who is to move), status, reason, checked (a
//               certificate the checker accepted, or the rules, stand behind a proven
//               leaf), engine (the engine's answer that chose the turn into a defender
//               node), expanded, exhausted (an attacker node the engine has no turn left
//               at), pn, dn (proof and disproof numbers; -1 for infinity), created
//
// Every write is a transaction of its own, so a process killed at any moment leaves the
// book as it was after the last node it made. The file is opened in WAL mode with a busy
// timeout, so a reader (the server) and a writer (kinrow book build) share it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite.h"

namespace kinrow {

enum class BookSide : uint8_t { Attacker, Defender };  // who is to move at a node
enum class BookStatus : uint8_t { Open, Proven, Failed };

const char* book_side_name(BookSide side);
const char* book_status_name(BookStatus status);

// A proof or disproof number of "infinity" (the node is decided the other way).
inline constexpr uint64_t kBookInfinity = uint64_t{1} << 48;

struct BookNode {
  int64_t id = 0;
  int64_t parent = 0;  // 0 at the root
  std::string turn;    // the turn into this node ("" at the root), in the game's notation
  std::string moves;   // the position's moves from the empty board
  BookSide side = BookSide::Attacker;
  BookStatus status = BookStatus::Open;
  std::string reason;
  bool checked = false;
  std::string engine;
  bool expanded = false;
  bool exhausted = false;
  uint64_t pn = 1, dn = 1;
};

struct BookInfo {
  int64_t id = 0;
  std::string spec, moves;
  int attacker = 0;
  BookStatus status = BookStatus::Open;
  double created = 0, updated = 0, seconds = 0;
  int64_t nodes = 0, proven = 0;
  std::string settings;  // JSON: the options of the first build
};

// The read API (for the server, which holds its own connection): the tables need not
// exist (no book was built in this file yet).
std::vector<BookInfo> list_books(Database& db);
std::optional<BookInfo> find_book(Database& db, int64_t id);
std::vector<BookNode> book_nodes(Database& db, int64_t book_id);  // by id: parents first

// The JSON of the API (docs/book.md): a book in a list, and a book with its nodes.
nlohmann::ordered_json book_summary_json(const BookInfo& book);
nlohmann::ordered_json book_json(const BookInfo& book, const std::vector<BookNode>& nodes);

// The writer's side: kinrow book build.
class BookStore {
 public:
  // Opens (or creates) the database file at `path` and its book tables. InputError if the
  // file is not an SQLite database or belongs to another kinrow tool (a job-level proof).
  explicit BookStore(const std::string& path);

  Database& database() { return db_; }

  // The book of (spec, moves), or a new one with its root node.
  BookInfo open_book(const std::string& spec, const std::string& moves, int attacker, const std::string& settings);

  // One transaction: the new nodes (their ids are set here), the changed ones, the
  // book's status and the building time to add.
  void commit(int64_t book_id, std::vector<BookNode>& added, const std::vector<BookNode>& changed,
              BookStatus status, double add_seconds);

 private:
  Database db_;
};

double book_clock();  // unix seconds

}  // namespace kinrow
