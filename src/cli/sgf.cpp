// kinrow sgf: game records and proof trees in SGF, the format of Gomoku, Renju and
// Connect6 records and of the viewers that read them.
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/commands.h"
#include "cli/format.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/text_file.h"
#include "engine/sgf_proof.h"
#include "engine/sgf_record.h"
#include "games/families.h"

namespace kinrow::cli {

const CommandSpec kSgfSpec = {
    "sgf",
    "import FILE [--variation N] [--game N] [--spec SPEC] [--json]\n"
    "         | export SPEC [--moves M] [--black NAME] [--white NAME] [--event TEXT] [--date D] [--out FILE]\n"
    "         | proof SPEC CERTIFICATE [--holder first|second] [--max-nodes N] [--expand-transpositions] [--out FILE]",
    "Read and write games and proof trees in SGF (Gomoku, Renju and Connect6 records).",
    "import reads a game record and prints its game as a spec and its moves in kinrow's\n"
    "notation, ready for kinrow solve SPEC --moves M (FILE - reads standard input). The\n"
    "game is the private property KR[spec] kinrow writes, or else GM[4] = free-style\n"
    "Gomoku, or Connect6 for records with two-stone turns (Little Golem's, NCTU6's). The\n"
    "main line is read unless --variation N picks another line of the tree (numbered\n"
    "from 1, depth first: 2 is the first line that leaves the main line).\n\n"
    "export writes the game after M as SGF: standard points (aa is the top-left cell), one\n"
    "node per turn, a Connect6 turn as W[kk][ik], RE when the game is over, KR[spec] so\n"
    "that kinrow reads it back exactly.\n\n"
    "proof turns a certificate (kinrow solve --certificate, docs/certificates.md) into an\n"
    "SGF tree to browse in a viewer: the holder's move at his turns, every reply of the\n"
    "opponent as a variation, a comment on every node. A position reached again by other\n"
    "moves is written once and later points to it (--expand-transpositions repeats it).\n"
    "Under relevance zones (Connect6 proofs) a zone is a node of the stones placed before\n"
    "it, its cells labelled by level, with the sub-proof below; other replies as usual.\n"
    "Formats and conventions: docs/sgf.md.\n\n"
    "examples:\n"
    "  kinrow sgf export gomoku --moves \"h8 h9 i8 i9 j8 j9 k8 k9 l8\" --black me --out game.sgf\n"
    "  kinrow sgf import game.sgf\n"
    "  kinrow sgf import tree.sgf --variation 2 --json   # the second line of a record with variations\n"
    "  kinrow sgf import lg-connect6.sgf --spec connect6\n"
    "  kinrow solve tictactoe --moves \"b2 a1\" --certificate t.cert && kinrow sgf proof tictactoe t.cert --out t.sgf",
    {
        {"variation", "N", "import: the N-th line of the tree, depth first (default 1, the main line)"},
        {"game", "N", "import: the N-th game of a file holding several (default 1)"},
        {"spec", "SPEC", "import: the game, when the file does not say it (or to read it as another)"},
        {"moves", "M", "export: the game's moves (default: none, the empty board)"},
        {"black", "NAME", "export: the first player's name (PB)"},
        {"white", "NAME", "export: the second player's name (PW)"},
        {"event", "TEXT", "export: the event (EV)"},
        {"date", "D", "export: the date (DT, YYYY-MM-DD)"},
        {"holder", "first|second", "proof: whose strategy, when the certificate holds two (a draw)"},
        {"max-nodes", "N", "proof: refuse trees of more than N nodes (default 100000)"},
        {"expand-transpositions", "", "proof: write a repeated position's subtree every time"},
        {"out", "FILE", "export, proof: write the SGF to FILE (default: standard output)"},
        {"json", "", "import: print one JSON object instead of text"},
    },
    2,
    3,
};

namespace {

// Each action's options; any other is a mistake worth naming.
void allow_sgf_options(const Args& args, const std::string& action, const std::set<std::string>& allowed,
                std::size_t positional) {
  static const char* const kAll[] = {"variation", "game",  "spec", "moves",    "black", "white", "event",
                                     "date",      "holder", "max-nodes", "expand-transpositions", "out", "json"};
  for (const char* name : kAll)
    if (args.has(name) && !allowed.count(name))
      throw InputError("--" + std::string(name) + " is not an option of kinrow sgf " + action);
  if (args.positional.size() != positional + 1)
    throw InputError("usage: kinrow sgf " + action +
                     (action == "import" ? " FILE" : action == "export" ? " SPEC" : " SPEC CERTIFICATE") +
                     " [options]");
}

std::string read_input(const std::string& path) {
  if (path == "-") return std::string(std::istreambuf_iterator<char>(std::cin), {});
  return read_text_file(path);  // plain or gzip-compressed
}

void write_output(const Args& args, const std::string& text) {
  if (!args.has("out")) {
    std::cout << text;
    return;
  }
  const std::string path = args.get("out");
  std::ofstream out(path, std::ios::binary);
  if (!out || !(out << text) || !out.flush()) throw InputError("cannot write \"" + printable(path) + "\"");
}

int run_import(const Args& args) {
  allow_sgf_options(args, "import", {"variation", "game", "spec", "json"}, 1);
  SgfImportOptions options;
  options.variation = static_cast<std::size_t>(args.get_int("variation", 1, 1, 1L << 40));
  options.game = static_cast<std::size_t>(args.get_int("game", 1, 1, 1L << 40));
  options.spec = args.get("spec");
  const SgfRecord record = import_sgf(read_input(args.positional[1]), options);
  const std::string state = record.over ? (record.winner == 0   ? "over: Black (first player) wins"
                                           : record.winner == 1 ? "over: White (second player) wins"
                                                                : "over: a draw")
                                        : (record.turns % 2 == 0 ? "Black (first player) to move"
                                                                 : "White (second player) to move");
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = record.spec;
    out["moves"] = record.moves;
    out["turns"] = record.turns;
    out["over"] = record.over;
    out["winner"] = !record.over ? nlohmann::json(nullptr)
                    : record.winner == 0 ? nlohmann::json("first")
                    : record.winner == 1 ? nlohmann::json("second")
                                         : nlohmann::json("draw");
    out["black"] = record.info.black;
    out["white"] = record.info.white;
    out["result"] = record.info.result;
    out["date"] = record.info.date;
    out["event"] = record.info.event;
    out["comment"] = record.info.comment;
    out["comments"] = record.comments;
    out["notes"] = record.notes;
    std::cout << out.dump() << "\n";
    return 0;
  }
  auto line = [](const std::string& key, const std::string& value) {
    if (value.empty()) return;
    std::string k = key;
    k.resize(8, ' ');
    std::cout << k << value << "\n";
  };
  line("game", record.spec);
  line("moves", record.moves.empty() ? "(none)" : record.moves);
  line("turns", std::to_string(record.turns) + ", " + state);
  line("black", record.info.black);
  line("white", record.info.white);
  line("result", record.info.result);
  line("date", record.info.date);
  line("event", record.info.event);
  for (const std::string& note : record.notes) line("note", note);
  line("next", "kinrow solve " + record.spec + " --moves \"" + record.moves + "\"");
  return 0;
}

// SGF's DT, as kinrow writes it: YYYY, YYYY-MM or YYYY-MM-DD. Checked here so that a
// mistyped date is named now rather than written into a record others will read.
std::string sgf_date(const std::string& text) {
  auto digits = [&](std::size_t from, std::size_t count) {
    for (std::size_t i = from; i < from + count; ++i)
      if (i >= text.size() || text[i] < '0' || text[i] > '9') return -1;
    return std::stoi(text.substr(from, count));
  };
  const bool shape = (text.size() == 4 || text.size() == 7 || text.size() == 10) && digits(0, 4) >= 0 &&
                     (text.size() < 7 || (text[4] == '-' && digits(5, 2) >= 1 && digits(5, 2) <= 12)) &&
                     (text.size() < 10 || (text[7] == '-' && digits(8, 2) >= 1 && digits(8, 2) <= 31));
  if (!shape) throw InputError("--date takes YYYY-MM-DD (or YYYY-MM, or YYYY), not \"" + printable(text) + "\"");
  return text;
}

int run_export(const Args& args) {
  allow_sgf_options(args, "export", {"moves", "black", "white", "event", "date", "out"}, 1);
  const Game game = make_game(args.positional[1]);
  const Position position = play_moves(game, args.get("moves"));
  SgfGameInfo info;
  info.black = args.get("black");
  info.white = args.get("white");
  info.event = args.get("event");
  if (!args.get("date").empty()) info.date = sgf_date(args.get("date"));  // "" (an unset $DATE): no date
  write_output(args, export_sgf(position, info));
  if (args.has("out"))
    std::cout << "wrote " << args.get("out") << ": " << game.spec << ", " << position.turns_played() << " turn(s)"
              << (position.over() ? ", " + sgf_result(position) : std::string()) << "\n";
  return 0;
}

int run_proof(const Args& args) {
  allow_sgf_options(args, "proof", {"holder", "max-nodes", "expand-transpositions", "out"}, 2);
  const Game game = make_game(args.positional[1]);
  std::istringstream in(read_input(args.positional[2]));
  const Certificate certificate = read_certificate(in, game);
  SgfProofOptions options;
  if (args.has("holder")) {
    const std::string holder = args.get("holder");
    if (holder != "first" && holder != "second") throw InputError("--holder takes first or second, not \"" + printable(holder) + "\"");
    options.holder = holder == "first" ? 0 : 1;
  }
  options.max_nodes = static_cast<std::size_t>(args.get_int("max-nodes", 100000, 1, 1L << 40));
  options.expand_transpositions = args.has("expand-transpositions");
  SgfProofStats stats;
  const SgfTree tree = proof_tree(game, certificate, options, &stats);
  write_output(args, write_sgf({tree}));
  if (args.has("out"))
    std::cout << "wrote " << args.get("out") << ": " << with_commas(stats.nodes) << " nodes, "
              << with_commas(stats.holder_turns) << " turns of the holder, " << with_commas(stats.replies)
              << " replies, " << with_commas(stats.wins) << " wins, " << with_commas(stats.transpositions)
              << " transpositions, " << with_commas(stats.other_ends) << " other ends"
              << (stats.zones ? ", " + with_commas(stats.zones) + " relevance zones answering " +
                                    with_commas(stats.zone_answered) + " turns"
                              : std::string())
              << "\n";
  return 0;
}

}  // namespace

int run_sgf(const Args& args) {
  const std::string action = args.positional[0];
  if (action == "import") return run_import(args);
  if (action == "export") return run_export(args);
  if (action == "proof") return run_proof(args);
  throw InputError("unknown action \"" + printable(action) + "\": kinrow sgf import, export or proof");
}

}  // namespace kinrow::cli
