// kinrow book: opening books built by alternating the engine's best turn for the attacker
// and the Verifier's list of every defence (seed 001's generator; book/book_builder.h).
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "book/book_builder.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "core/error.h"
#include "core/notation.h"
#include "games/families.h"

namespace kinrow::cli {

const CommandSpec kBookSpec = {
    "book",
    "build SPEC [--moves M] --db FILE [--time S | --nodes N] [--max-nodes N] [--no-proofs] [--json] [--quiet]"
    " | show --db FILE [--book ID] [--json]",
    "Build opening books: the engine's best turn against every defence, until proven.",
    "build makes a book of the position after M in the SQLite file FILE, the side to move\n"
    "attacking. At the attacker's turns the engine (kinrow think) names its best turn; at\n"
    "the defender's the Verifier lists every turn the attacker's threats do not refute\n"
    "(kinrow defences), and each becomes a position for the engine again, until every\n"
    "defence is refuted (seed 001's opening-book generator). A turn that fails (the\n"
    "defender wins or draws below it) is replaced by the engine's best other turn. The\n"
    "nodes are expanded best first by proof numbers, so the budget goes where the proof is\n"
    "closest.\n\n"
    "A node is proven only by the rules (a line completed), by no defence being left (the\n"
    "zone certificate of the refutations is then checked by kinrow's independent checker),\n"
    "or, where the engine said its turn wins surely, by df-pn's certificate, also checked.\n"
    "If df-pn finds no proof in the budget the engine's word is taken and the node says\n"
    "\"unchecked\". Each node is committed as it is made: build again (the same game and\n"
    "moves, the same FILE) to continue a book; a killed build loses nothing committed.\n"
    "Progress goes to standard error about once a second.\n\n"
    "show lists the books in FILE, or with --book ID prints one book's tree: each node's\n"
    "turn, who is to move (attacker or defender), its status and why.\n\n"
    "examples:\n"
    "  kinrow book build tictactoe --moves \"b2 a2\" --db books.db\n"
    "  kinrow book build mnk:15x15x5 --moves \"h8 h9 i8 i9 j8\" --db books.db --time 0.5 --max-nodes 1000\n"
    "  kinrow book show --db books.db\n"
    "  kinrow book show --db books.db --book 1 --json",
    {
        {"moves", "M", "build: the position (default: the empty board); its side to move attacks"},
        {"db", "FILE", "the SQLite file of the books (created if missing; shared with kinrow serve)"},
        {"time", "S", "build: seconds per engine call and per df-pn proof (default 1)"},
        {"nodes", "N", "build: the engine's search nodes per call instead of time (the same book every run)"},
        {"max-nodes", "N", "build: nodes to add in this run (default 200; the last expansion may pass it)"},
        {"threat-nodes", "N", "build: nodes of each threat question of the defences list (default 65536)"},
        {"no-proofs", "", "build: the engine without its proof steps: its heuristic picks the turns and the\n"
                          "book's tree and the Verifier do all the proving"},
        {"book", "ID", "show: the book to print (default: list the books)"},
        {"json", "", "print one JSON object instead of text"},
        {"quiet", "", "build: no progress on stderr"},
    },
    1,
    2,
};

namespace {

void allow_book_options(const Args& args, const std::string& action, const std::set<std::string>& allowed,
                std::size_t positional) {
  // --quiet is every command's (cli/args.cpp), so neither action refuses it.
  static const char* const kAll[] = {"moves", "time", "nodes", "max-nodes", "threat-nodes", "no-proofs", "book", "json", "db"};
  for (const char* name : kAll)
    if (args.has(name) && !allowed.count(name))
      throw InputError("--" + std::string(name) + " is not an option of kinrow book " + action);
  if (args.positional.size() != positional + 1)
    throw InputError(action == "build" ? "usage: kinrow book build SPEC --db FILE [options]"
                                       : "usage: kinrow book show --db FILE [--book ID]");
  if (!args.has("db")) throw InputError("--db FILE is required (the SQLite file of the books)");
}

std::string book_number_text(uint64_t n) { return n >= kBookInfinity ? "inf" : with_commas(n); }

// The command line's --json names players "first" and "second", as every command's does;
// the workbench's API, which shares the book's JSON, keeps the index its page computes with.
nlohmann::ordered_json with_attacker_named(nlohmann::ordered_json out, const BookInfo& book) {
  out["attacker"] = player_name(book.attacker);
  return out;
}

int run_build(const Args& args) {
  allow_book_options(args, "build", {"moves", "time", "nodes", "max-nodes", "threat-nodes", "no-proofs", "json", "db"}, 1);
  const Game game = make_game(args.positional[1]);
  const Position position = play_moves(game, args.get("moves"));
  if (args.has("time") && args.has("nodes")) throw InputError("give --time or --nodes, not both");
  BookSettings settings;
  settings.seconds = args.get_double("time", 1.0, 0.001, 86400);
  settings.engine_nodes = static_cast<uint64_t>(args.get_int("nodes", 0, 1, 1L << 40));
  settings.max_nodes = static_cast<uint64_t>(args.get_int("max-nodes", 200, 1, 1L << 40));
  settings.threat_nodes = static_cast<uint64_t>(args.get_int("threat-nodes", 65536, 0, 1L << 40));
  settings.engine_proofs = !args.has("no-proofs");
  const std::string path = args.get("db");

  auto line = [](const BookProgress& p) {
    return "book " + std::to_string(p.book_id) + ": " + with_commas(static_cast<uint64_t>(p.nodes)) + " nodes (+" +
           with_commas(static_cast<uint64_t>(p.added)) + "), " + with_commas(static_cast<uint64_t>(p.proven)) +
           " proven, root pn " + book_number_text(p.root_pn) + " dn " + book_number_text(p.root_dn) + ", " +
           with_commas(static_cast<uint64_t>(p.engine_calls)) + " engine calls, " + seconds_text(p.seconds) +
           (p.step.empty() ? "" : "; now " + p.step);
  };
  // A line a second from a thread of its own, so that a long engine or verifier call
  // still shows the build is alive and where it is.
  const bool quiet = args.has("quiet");
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  std::mutex mutex;
  std::condition_variable wake;
  bool finished = false;
  std::optional<BookProgress> latest;
  std::thread ticker([&] {
    std::unique_lock lock(mutex);
    while (!wake.wait_for(lock, std::chrono::seconds(1), [&] { return finished; }))
      if (latest) {
        BookProgress now = *latest;
        now.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (!quiet) std::cerr << line(now) << std::endl;
      }
  });
  auto stop_ticker = [&] {
    {
      const std::lock_guard lock(mutex);
      finished = true;
    }
    wake.notify_all();
    ticker.join();
  };
  BookProgress done;
  try {
    done = build_book(path, position, settings, [&](const BookProgress& p) {
      const std::lock_guard lock(mutex);
      latest = p;
    });
  } catch (...) {
    stop_ticker();
    throw;
  }
  stop_ticker();
  if (!quiet) std::cerr << line(done) << std::endl;

  const std::string moves = format_turns(game, position.history());
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["book_id"] = done.book_id;
    out["spec"] = game.spec;
    out["moves"] = moves;
    out["attacker"] = player_name(position.to_move());
    out["status"] = book_status_name(done.status);
    out["nodes"] = done.nodes;
    out["added"] = done.added;
    out["proven"] = done.proven;
    out["unchecked"] = done.unchecked;
    out["root_pn"] = done.root_pn >= kBookInfinity ? nlohmann::json() : nlohmann::json(done.root_pn);
    out["root_dn"] = done.root_dn >= kBookInfinity ? nlohmann::json() : nlohmann::json(done.root_dn);
    out["engine_calls"] = done.engine_calls;
    out["verifier_calls"] = done.verifier_calls;
    out["seconds"] = done.seconds;
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "book          " << done.book_id << " in " << path << "\n";
  std::cout << "game          " << game.spec << "\n";
  std::cout << "moves         " << moves_or_empty_board(moves) << "\n";
  std::cout << "attacker      " << player_with_mark(position.to_move()) << "\n";
  std::cout << "status        " << book_status_name(done.status);
  if (done.status == BookStatus::Proven)
    std::cout << (done.unchecked ? " (" + with_commas(static_cast<uint64_t>(done.unchecked)) +
                                       " leaves on the engine's word, unchecked)"
                                 : " (every leaf by the rules or a checked certificate)");
  std::cout << "\n";
  std::cout << "nodes         " << with_commas(static_cast<uint64_t>(done.nodes)) << " (" << with_commas(static_cast<uint64_t>(done.added))
            << " added in this run), " << with_commas(static_cast<uint64_t>(done.proven)) << " proven\n";
  std::cout << "root          pn " << book_number_text(done.root_pn) << ", dn " << book_number_text(done.root_dn) << "\n";
  std::cout << "calls         " << with_commas(static_cast<uint64_t>(done.engine_calls)) << " engine, "
            << with_commas(static_cast<uint64_t>(done.verifier_calls)) << " verifier\n";
  std::cout << "time          " << seconds_text(done.seconds) << "\n";
  return 0;
}

int run_show(const Args& args) {
  allow_book_options(args, "show", {"book", "json", "db"}, 0);
  const std::string path = args.get("db");
  if (!std::filesystem::exists(path)) throw InputError("\"" + printable(path) + "\" does not exist");
  Database db(path, Database::Mode::ReadOnly);
  if (!args.has("book")) {
    const std::vector<BookInfo> books = list_books(db);
    if (args.has("json")) {
      nlohmann::ordered_json out;
      out["books"] = nlohmann::json::array();
      for (const BookInfo& book : books) out["books"].push_back(with_attacker_named(book_summary_json(book), book));
      std::cout << out.dump() << "\n";
      return 0;
    }
    if (books.empty()) std::cout << "no books in " << path << "\n";
    for (const BookInfo& book : books)
      std::cout << "book " << book.id << "  " << book.spec << "  "
                << (book.moves.empty() ? "(empty board)" : "\"" + book.moves + "\"") << "  attacker "
                << player_name(book.attacker) << "  " << book_status_name(book.status) << "  "
                << with_commas(static_cast<uint64_t>(book.nodes)) << " nodes, "
                << with_commas(static_cast<uint64_t>(book.proven)) << " proven\n";
    return 0;
  }
  const int64_t id = args.get_int("book", 0, 1, 1L << 62);
  const std::optional<BookInfo> book = find_book(db, id);
  if (!book) throw InputError("no book " + std::to_string(id) + " in \"" + printable(path) + "\"");
  const std::vector<BookNode> nodes = book_nodes(db, id);
  if (args.has("json")) {
    std::cout << with_attacker_named(book_json(*book, nodes), *book).dump() << "\n";
    return 0;
  }
  std::cout << "book " << book->id << ": " << book->spec << " "
            << (book->moves.empty() ? "from the empty board" : "after " + book->moves) << ", attacker "
            << player_with_mark(book->attacker) << ": " << book_status_name(book->status) << ", "
            << with_commas(static_cast<uint64_t>(book->nodes)) << " nodes\n";
  // Depth first from the root, children in the order they were made.
  std::map<int64_t, std::vector<const BookNode*>> children;
  const BookNode* root = nullptr;
  for (const BookNode& node : nodes) {
    if (node.parent) children[node.parent].push_back(&node);
    else root = &node;
  }
  auto print = [&](auto&& self, const BookNode& node, int depth) -> void {
    std::cout << std::string(static_cast<std::size_t>(2 * depth), ' ') << (node.turn.empty() ? "(start)" : node.turn)
              << "  " << book_side_name(node.side) << " to move  " << book_status_name(node.status);
    if (node.status == BookStatus::Open) std::cout << " pn " << book_number_text(node.pn) << " dn " << book_number_text(node.dn);
    if (node.status == BookStatus::Proven && !node.checked) std::cout << " (unchecked)";
    if (!node.reason.empty()) std::cout << "  " << node.reason;
    if (!node.engine.empty()) std::cout << "  [engine: " << node.engine << "]";
    std::cout << "\n";
    for (const BookNode* child : children[node.id]) self(self, *child, depth + 1);
  };
  if (root) print(print, *root, 0);
  return 0;
}

}  // namespace

int run_book(const Args& args) {
  const std::string action = args.positional[0];
  if (action == "build") return run_build(args);
  if (action == "show") return run_show(args);
  throw InputError("unknown action \"" + printable(action) + "\" (build or show)");
}

}  // namespace kinrow::cli
