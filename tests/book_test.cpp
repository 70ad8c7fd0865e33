// Opening books (book/): a won position is built to a proof whose every proven node
// alpha-beta confirms and whose defender nodes answer every defence that does not lose; a
// drawn position never becomes proven; a build continues where the last one stopped; and
// the command line answers bad input with one line and status 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "book/book_builder.h"
#include "cli_support.h"
#include "process_support.h"
#include "core/notation.h"
#include "games/families.h"
#include "test_support.h"

namespace kinrow {
namespace {

// A database file of its own for each test, removed with its WAL side files.
class TempDb {
 public:
  explicit TempDb(const std::string& name)
      : path_((std::filesystem::temp_directory_path() /
               ("kinrow_book_test_" + std::to_string(::getpid()) + "_" + name + ".db"))
                  .string()) {
    remove();
  }
  ~TempDb() { remove(); }
  const std::string& path() const { return path_; }

 private:
  void remove() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + suffix);
  }
  std::string path_;
};

// The engine on a node budget: the same book every run. Without the engine's proofs
// (tic-tac-toe's wins are all threat wins it finds at once) the book's own tree does the
// proving, through turns that fail and are replaced.
BookSettings deterministic(uint64_t max_nodes, bool engine_proofs = false) {
  BookSettings settings;
  settings.engine_nodes = 2000;
  settings.max_nodes = max_nodes;
  settings.engine_proofs = engine_proofs;
  return settings;
}

struct LoadedBook {
  BookInfo info;
  std::vector<BookNode> nodes;
};

LoadedBook load(const std::string& path, int64_t id) {
  Database db(path, Database::Mode::ReadOnly);
  const std::optional<BookInfo> info = find_book(db, id);
  EXPECT_TRUE(info.has_value());
  return {*info, book_nodes(db, id)};
}

// Whether the attacker wins from a position by alpha-beta (the game may be over).
bool attacker_wins(const Position& position, int attacker) {
  if (position.over()) return position.winner() == attacker;
  const Value value = testing::alphabeta_value(position);
  return position.to_move() == attacker ? value == Value::Win : value == Value::Loss;
}

// Every proven node is won for the attacker by alpha-beta (so every proven attacker turn
// is a winning one), and every expanded defender node holds a child for each defender
// turn after which the attacker does not win. Returns the proven nodes.
int check_against_alphabeta(const Game& game, const LoadedBook& book) {
  const int attacker = book.info.attacker;
  std::map<int64_t, std::set<std::string>> children;
  for (const BookNode& node : book.nodes)
    if (node.parent) children[node.parent].insert(node.turn);
  int proven = 0;
  for (const BookNode& node : book.nodes) {
    const Position position = play_moves(game, node.moves);
    if (node.status == BookStatus::Proven) {
      ++proven;
      EXPECT_TRUE(attacker_wins(position, attacker)) << "proven but not won: " << node.moves << " (" << node.reason << ")";
    }
    if (node.side != BookSide::Defender || !children.count(node.id)) continue;
    for (const Turn& turn : position.legal_turns()) {
      Position after = position;
      after.play(turn);
      if (attacker_wins(after, attacker)) continue;
      EXPECT_TRUE(children[node.id].count(format_turn(game, turn)))
          << "after " << node.moves << " the defence " << format_turn(game, turn) << " does not lose but is not in the book";
    }
  }
  return proven;
}

TEST(Book, WonTicTacToeIsProvenAndAlphaBetaAgrees) {
  const Game game = make_game("tictactoe");
  const Position position = play_moves(game, "b2 a2");
  ASSERT_EQ(testing::alphabeta_value(position), Value::Win);  // x wins after an edge reply
  // With the engine's proofs its first turn is a threat win the Verifier confirms.
  for (const bool proofs : {true, false}) {
    TempDb db("won");
    const BookProgress done = build_book(db.path(), position, deterministic(2000, proofs));
    EXPECT_EQ(done.status, BookStatus::Proven);
    EXPECT_EQ(done.unchecked, 0);  // every leaf by the rules or a checked certificate
    const LoadedBook book = load(db.path(), done.book_id);
    EXPECT_EQ(book.info.status, BookStatus::Proven);
    EXPECT_EQ(book.info.attacker, 0);
    EXPECT_EQ(static_cast<int64_t>(book.nodes.size()), done.nodes);
    EXPECT_GT(check_against_alphabeta(game, book), 1);
    EXPECT_TRUE(book.nodes.front().checked);
  }
}

TEST(Book, WonPositionsOfOtherBoardsAgreeWithAlphaBeta) {
  // A drawn position whose attacker is the second player, a 4x4 board, and gravity boards,
  // where threats do not apply and every legal turn is a defence (books of about a
  // hundred nodes).
  for (const auto& [spec, moves] : {std::pair{"tictactoe", "a1 b2 c3"}, std::pair{"mnk:4x4x3", "b2 a1"},
                                    std::pair{"connect:4x4x3", ""}, std::pair{"connect:5x4x3", ""}}) {
    const Game game = make_game(spec);
    const Position position = play_moves(game, moves);
    TempDb db("other");
    const BookProgress done = build_book(db.path(), position, deterministic(3000));
    const LoadedBook book = load(db.path(), done.book_id);
    check_against_alphabeta(game, book);
    if (testing::alphabeta_value(position) == Value::Win) {
      EXPECT_EQ(done.status, BookStatus::Proven) << spec << " " << moves;
    } else {
      EXPECT_NE(done.status, BookStatus::Proven) << spec << " " << moves;
    }
  }
}

TEST(Book, DrawnPositionIsNeverProven) {
  const Game game = make_game("tictactoe");
  for (const char* moves : {"", "b2"}) {
    const Position position = play_moves(game, moves);
    ASSERT_EQ(testing::alphabeta_value(position), Value::Draw);
    TempDb db("drawn");
    const BookProgress done = build_book(db.path(), position, deterministic(200));
    EXPECT_NE(done.status, BookStatus::Proven) << moves;
    check_against_alphabeta(game, load(db.path(), done.book_id));
  }
}

TEST(Book, ASecondBuildContinuesTheSameBook) {
  const Game game = make_game("connect:4x4x3");  // about a hundred nodes without the engine's proofs
  const Position position(game);
  TempDb db("resume");
  const BookProgress first = build_book(db.path(), position, deterministic(3));
  EXPECT_EQ(first.status, BookStatus::Open);
  EXPECT_GE(first.added, 3);
  const LoadedBook partial = load(db.path(), first.book_id);
  // Another book in the same file leaves this one alone.
  const BookProgress other = build_book(db.path(), play_moves(make_game("tictactoe"), "a1 b2 c3"), deterministic(2));
  EXPECT_NE(other.book_id, first.book_id);
  const BookProgress second = build_book(db.path(), position, deterministic(2000));
  EXPECT_EQ(second.book_id, first.book_id);
  EXPECT_EQ(second.status, BookStatus::Proven);
  EXPECT_EQ(second.nodes, first.nodes + second.added);
  const LoadedBook whole = load(db.path(), first.book_id);
  // The first run's nodes are kept as they were made (their numbers may have changed).
  for (std::size_t i = 0; i < partial.nodes.size(); ++i) {
    EXPECT_EQ(whole.nodes[i].id, partial.nodes[i].id);
    EXPECT_EQ(whole.nodes[i].moves, partial.nodes[i].moves);
  }
  check_against_alphabeta(game, whole);
  // A third build of a proven book adds nothing.
  const BookProgress third = build_book(db.path(), position, deterministic(2000));
  EXPECT_EQ(third.added, 0);
  EXPECT_EQ(third.status, BookStatus::Proven);
  Database read(db.path(), Database::Mode::ReadOnly);
  EXPECT_EQ(list_books(read).size(), 2u);
}

int64_t count_nodes(const std::string& path) {
  Database db(path, Database::Mode::ReadOnly);
  return list_books(db).empty() ? 0 : list_books(db).front().nodes;
}

TEST(BookCli, KilledBuildLosesNothingAndResumes) {
  testing::TemporaryDirectory dir("kinrow-book-cli");
  const std::string db = (dir / "books.db").string();
  // Misere 4x4: the first player cannot win, so the book grows until it is stopped.
  const std::vector<std::string> command = {KINROW_BINARY, "book", "build", "mnk:4x4x3,misere", "--db", db,
                                            "--nodes", "2000", "--no-proofs", "--max-nodes", "1000000"};
  std::vector<BookNode> before;
  {
    testing::Child build(command, dir / "out1", dir / "err1");
    ASSERT_TRUE(testing::eventually([&] { return std::filesystem::exists(db) && count_nodes(db) >= 100; }, 120))
        << build.err();
    build.signal(SIGKILL);
    build.wait();
    Database read(db, Database::Mode::ReadOnly);
    before = book_nodes(read, 1);
  }
  // Every node committed is whole: its parent was committed before it.
  std::set<int64_t> ids;
  for (const BookNode& node : before) {
    if (node.parent) {
      EXPECT_TRUE(ids.count(node.parent)) << node.id;
    }
    ids.insert(node.id);
  }
  std::vector<std::string> again(command.begin(), command.end() - 1);
  again.push_back("50");
  testing::Child resume(again, dir / "out2", dir / "err2");
  ASSERT_EQ(resume.wait(120), 0) << resume.err();
  Database read(db, Database::Mode::ReadOnly);
  const std::vector<BookNode> after = book_nodes(read, 1);
  ASSERT_GE(after.size(), before.size() + 50);
  for (std::size_t i = 0; i < before.size(); ++i) EXPECT_EQ(after[i].moves, before[i].moves);
  EXPECT_EQ(list_books(read).size(), 1u);
  const Game game = make_game("mnk:4x4x3,misere");
  for (const BookNode& node : after)
    if (node.status == BookStatus::Proven) {
      const Position position = play_moves(game, node.moves);
      EXPECT_TRUE(attacker_wins(position, 0)) << node.moves;
    }
}

TEST(BookCli, BuildsAndShowsAsJson) {
  TempDb db("cli");
  const auto built =
      testing::kinrow("book build tictactoe --moves \"b2 a2\" --db " + db.path() + " --nodes 2000 --max-nodes 2000 --no-proofs --json");
  ASSERT_EQ(built.status, 0) << built.err;
  const auto out = nlohmann::json::parse(built.out);
  EXPECT_EQ(out["status"], "proven");
  EXPECT_EQ(out["unchecked"], 0);
  EXPECT_EQ(out["attacker"], "first");  // players by name, as every command's --json
  const auto listed = testing::kinrow("book show --db " + db.path() + " --json");
  ASSERT_EQ(listed.status, 0) << listed.err;
  const auto books = nlohmann::json::parse(listed.out)["books"];
  ASSERT_EQ(books.size(), 1u);
  for (const char* field : {"id", "spec", "moves", "attacker", "status", "nodes"}) EXPECT_TRUE(books[0].contains(field));
  EXPECT_EQ(books[0]["attacker"], "first");
  const auto shown = testing::kinrow("book show --db " + db.path() + " --book " + std::to_string(out["book_id"].get<int>()) + " --json");
  ASSERT_EQ(shown.status, 0) << shown.err;
  const auto book = nlohmann::json::parse(shown.out);
  EXPECT_EQ(book["status"], "proven");
  EXPECT_EQ(book["attacker"], "first");
  ASSERT_EQ(book["nodes"].size(), out["nodes"].get<std::size_t>());
  for (const auto& node : book["nodes"])
    for (const char* field : {"id", "parent", "turn", "moves", "side", "status", "reason"}) EXPECT_TRUE(node.contains(field));
  EXPECT_TRUE(book["nodes"][0]["parent"].is_null());
  const auto text = testing::kinrow("book show --db " + db.path() + " --book 1");
  EXPECT_EQ(text.status, 0);
  EXPECT_NE(text.out.find("attacker to move  proven"), std::string::npos) << text.out;
}

TEST(BookCli, BadInputIsOneLineAndStatusTwo) {
  TempDb db("bad");
  TempDb not_sqlite("not_sqlite");
  { std::ofstream(not_sqlite.path()) << "this is not a database, but it is long enough to have a header of a hundred bytes......"; }
  const std::string file = " --db " + db.path();
  for (const std::string& arguments : {
           std::string("book"),
           std::string("book fly") + file,
           std::string("book build tictactoe"),
           std::string("book build nosuchgame") + file,
           std::string("book build tictactoe --moves \"b2 b2\"") + file,
           std::string("book build tictactoe --moves \"a1 b1 a2 b2 a3\"") + file,
           std::string("book build tictactoe --time 1 --nodes 5") + file,
           std::string("book build tictactoe --max-nodes 0") + file,
           std::string("book build tictactoe --book 1") + file,
           std::string("book build tictactoe --db ") + not_sqlite.path(),
           std::string("book show") + file,
           std::string("book show --db ") + not_sqlite.path(),
           std::string("book show tictactoe") + file,
       }) {
    const auto run = testing::kinrow(arguments);
    EXPECT_EQ(run.status, 2) << arguments << ": " << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << arguments << ": " << run.err;
  }
  // A book id not in the file.
  ASSERT_EQ(testing::kinrow("book build tictactoe --moves \"b2 a2\" --nodes 500 --max-nodes 2" + file).status, 0);
  const auto missing = testing::kinrow("book show --book 7" + file);
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("no book 7"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace kinrow
