// kinrow puzzles: forced-win puzzles with a unique first move, the shortest solution, a
// difficulty and a certificate each (engine/puzzles.h).
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/format.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/text_file.h"
#include "engine/puzzles.h"
#include "engine/sgf.h"
#include "engine/sgf_record.h"
#include "games/families.h"

namespace kinrow::cli {

const CommandSpec kPuzzlesSpec = {
    "puzzles",
    "SPEC [--count N] [--min-length L] [--max-length L] [--games FILE] [--out DIR] [--svg FILE] [--json]",
    "Make puzzles: forced wins with one first move, the shortest solution and a certificate.",
    "Positions come from the engine's self-play (random openings near the centre, then\n"
    "kinrow's engine for both sides) or from --games (a move string a line). A position\n"
    "is a puzzle when the side to move wins by forcing play within --max-length of its\n"
    "turns — fours to a five in Gomoku, double threats in Connect6, every reply under\n"
    "gravity — found by iterative deepening, so the length is the shortest; when no other\n"
    "forcing first turn wins as fast, and df-pn finds no other winning first move (on boards\n"
    "of at most 64 cells with one stone a turn it must prove there is none); and when it is\n"
    "new up to the board's symmetry. Each puzzle's win is\n"
    "written by df-pn as a certificate, which the independent checker accepts before the\n"
    "puzzle is kept. Difficulty = (length - 1) + log2(1 + defences)/2 + min(distance, 8)/4\n"
    "(defences: the defender turns of the forcing tree; distance: king steps from the last\n"
    "two turns' stones to the first move). See docs/engine.md, \"Puzzles\".\n\n"
    "With --out DIR: DIR/puzzles.json, DIR/puzzles.sgf and DIR/puzzle-NNNN.cert (kinrow verify\n"
    "SPEC FILE).\n\n"
    "examples:\n"
    "  kinrow puzzles gomoku --count 20 --out gomoku-puzzles\n"
    "  kinrow puzzles connect4 --count 10 --max-length 4 --json\n"
    "  kinrow puzzles connect6 --count 5 --svg difficulty.svg",
    {
        {"count", "N", "puzzles wanted (default 20)"},
        {"min-length", "L", "the winner's turns at least (default 2)"},
        {"max-length", "L", "the winner's turns at most (default 6)"},
        {"seed", "S", "self-play's random openings (default 1)"},
        {"games", "FILE", "take positions from these games (a move string a line) instead of self-play"},
        {"move-nodes", "N", "self-play: the engine's nodes a move (default 2000)"},
        {"search-nodes", "N", "forcing search nodes per question (default 100000)"},
        {"proof-nodes", "N", "df-pn nodes per question: uniqueness, certificate (default 200000; reading a certificate off its proof: 5 N)"},
        {"per-game", "N", "puzzles from one game at most (default 3)"},
        {"max-games", "N", "self-play games at most (default 50 per puzzle wanted)"},
        {"out", "DIR", "write puzzles.json and a certificate per puzzle into DIR"},
        {"svg", "FILE", "draw the difficulty distribution"},
        {"sgf", "FILE", "write the puzzles as an SGF collection (position, then the solution)"},
        {"json", "", "print the puzzles as one JSON object"},
        {"quiet", "", "no progress on stderr"},
    },
    1,
    1,
};

namespace {

nlohmann::ordered_json puzzle_json(const Game& game, const Puzzle& p, std::size_t id, const std::string& certificate) {
  nlohmann::ordered_json j;
  j["id"] = id;
  j["game"] = game.spec;
  j["moves"] = p.moves;
  j["to_move"] = player_name(p.to_move);
  j["first_move"] = format_turn(game, p.solution.front());
  std::vector<std::string> line;
  for (const Turn& t : p.solution) line.push_back(format_turn(game, t));
  j["solution"] = line;
  j["length"] = p.length;
  j["defences"] = p.defences;
  j["distance"] = p.distance;
  j["difficulty"] = p.difficulty;
  j["unique"] = p.unique_proved ? "the only winning first move (df-pn)"
                : p.slower_wins ? "the shortest win's only first move; others win more slowly"
                                : "the shortest win's only first move";
  if (!certificate.empty()) j["certificate"] = certificate;
  j["certificate_positions"] = p.checked_positions;
  return j;
}

std::string difficulty_text(double d) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(1) << d;
  return out.str();
}

// The puzzles as an SGF collection: per puzzle the game's turns to the position (its last
// node says who wins in how many), then the solution's line, each node commented.
std::string puzzles_sgf(const Game& game, const std::vector<Puzzle>& puzzles) {
  std::vector<SgfTree> collection;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const Puzzle& p = puzzles[i];
    SgfGameInfo info;
    info.comment = "puzzle " + std::to_string(i + 1) + ": " + (p.to_move == 0 ? "black" : "white") + " (" +
                   (p.to_move == 0 ? "x" : "o") + ") to play and win in " + std::to_string(p.length) +
                   "; difficulty " + difficulty_text(p.difficulty);
    SgfTree tree;
    tree.sequence.push_back(sgf_root(game, info));
    const Position position = play_moves(game, p.moves);
    for (std::size_t t = 0; t < position.history().size(); ++t) {
      SgfNode node;
      node.properties.push_back(sgf_move(game, static_cast<int>(t % 2), position.history()[t]));
      tree.sequence.push_back(node);
    }
    if (!position.history().empty()) tree.sequence.back().add("C", info.comment);
    for (std::size_t t = 0; t < p.solution.size(); ++t) {
      SgfNode node;
      node.properties.push_back(sgf_move(game, (p.to_move + static_cast<int>(t)) % 2, p.solution[t]));
      if (t == 0) node.add("C", "the only winning first move");
      if (t + 1 == p.solution.size()) node.add("C", "completes a line");
      tree.sequence.push_back(node);
    }
    collection.push_back(tree);
  }
  return write_sgf(collection);
}

// A histogram of the difficulties in half-point bins, as bars.
void write_difficulty_svg(const std::string& path, const Game& game, const std::vector<Puzzle>& puzzles) {
  std::map<int, int> bins;
  for (const Puzzle& p : puzzles) ++bins[static_cast<int>(p.difficulty * 2)];
  int most = 1, first = bins.empty() ? 0 : bins.begin()->first, last = bins.empty() ? 0 : bins.rbegin()->first;
  for (const auto& [bin, n] : bins) most = std::max(most, n);
  const int bar = 24, height = 200, left = 50, top = 40;
  const int width = left + (last - first + 1) * bar + 20;
  std::ofstream out(path);
  if (!out) throw InputError("cannot write \"" + printable(path) + "\"");
  out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height + top + 50
      << "\" font-family=\"sans-serif\" font-size=\"11\">\n";
  out << "<text x=\"" << left << "\" y=\"20\" font-size=\"13\">" << puzzles.size() << " puzzles of " << game.spec
      << ": difficulty</text>\n";
  for (int b = first; b <= last; ++b) {
    const int n = bins.count(b) ? bins[b] : 0;
    const int h = n * height / most;
    const int x = left + (b - first) * bar;
    out << "<rect x=\"" << x + 2 << "\" y=\"" << top + height - h << "\" width=\"" << bar - 4 << "\" height=\"" << h
        << "\" fill=\"#4a7ab5\"><title>" << b / 2.0 << "-" << (b + 1) / 2.0 << ": " << n << "</title></rect>\n";
    if (n) out << "<text x=\"" << x + bar / 2 << "\" y=\"" << top + height - h - 3 << "\" text-anchor=\"middle\">" << n << "</text>\n";
    if (b % 2 == 0)
      out << "<text x=\"" << x << "\" y=\"" << top + height + 15 << "\" text-anchor=\"middle\">" << b / 2 << "</text>\n";
  }
  out << "<line x1=\"" << left << "\" y1=\"" << top + height << "\" x2=\"" << width - 20 << "\" y2=\"" << top + height
      << "\" stroke=\"black\"/>\n";
  out << "<text x=\"" << left << "\" y=\"" << top + height + 35 << "\">difficulty = (length - 1) + log2(1 + defences)/2 + "
         "min(distance, 8)/4</text>\n</svg>\n";
}

}  // namespace

int run_puzzles(const Args& args) {
  const Game game = make_game(args.positional[0]);
  PuzzleOptions options;
  options.count = static_cast<int>(args.get_int("count", 20, 1, 1000000));
  options.min_length = static_cast<int>(args.get_int("min-length", 2, 1, 64));
  options.max_length = static_cast<int>(args.get_int("max-length", 6, 1, 64));
  options.seed = static_cast<uint64_t>(args.get_int("seed", 1, 0, 1L << 62));
  options.move_nodes = static_cast<uint64_t>(args.get_int("move-nodes", 2000, 1, 1L << 40));
  options.search_nodes = static_cast<uint64_t>(args.get_int("search-nodes", 100000, 1, 1L << 40));
  options.proof_nodes = static_cast<uint64_t>(args.get_int("proof-nodes", 200000, 1, 1L << 40));
  options.per_game = static_cast<int>(args.get_int("per-game", 3, 1, 1000));
  options.max_games = static_cast<int>(args.get_int("max-games", 0, 0, 1L << 30));
  if (args.has("games")) {
    InputFile in(args.get("games"));
    for (std::string line; std::getline(in, line);) {
      if (line.find_first_not_of(" \t\r") == std::string::npos || line[0] == '#') continue;
      play_moves(game, line);  // a bad game is named before any search
      options.games.push_back(line);
    }
    if (options.games.empty()) throw InputError("\"" + printable(args.get("games")) + "\" holds no game");
  }
  const std::string dir = args.get("out");
  if (!dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error) throw InputError("cannot make the directory \"" + printable(dir) + "\": " + error.message());
  }
  auto last = std::chrono::steady_clock::now();
  if (!args.has("quiet"))
    options.on_progress = [&](int games, std::size_t puzzles) {
      const auto now = std::chrono::steady_clock::now();
      if (now - last < std::chrono::seconds(1)) return;
      last = now;
      std::cerr << "games " << games << ", puzzles " << puzzles << " of " << options.count << "\n";
    };
  const PuzzleReport report = generate_puzzles(game, options);

  nlohmann::ordered_json all = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < report.puzzles.size(); ++i) {
    std::string certificate;
    if (!dir.empty()) {
      std::ostringstream name;
      name << "puzzle-" << std::setw(4) << std::setfill('0') << i + 1 << ".cert";
      certificate = name.str();
      std::ofstream out(std::filesystem::path(dir) / certificate);
      write_certificate(out, game, report.puzzles[i].certificate);
      if (!out.flush()) throw InputError("writing \"" + printable(dir + "/" + certificate) + "\" failed");
    }
    all.push_back(puzzle_json(game, report.puzzles[i], i + 1, certificate));
  }
  nlohmann::ordered_json summary;
  summary["game"] = game.spec;
  summary["puzzles"] = report.puzzles.size();
  summary["games"] = report.games;
  summary["positions"] = report.positions;
  summary["forced_wins"] = report.forced_wins;
  summary["dropped_not_unique"] = report.not_unique;
  summary["dropped_undecided"] = report.undecided;
  summary["dropped_duplicates"] = report.duplicates;
  summary["seconds"] = report.seconds;
  if (!dir.empty()) {
    std::ofstream out(std::filesystem::path(dir) / "puzzles.json");
    nlohmann::ordered_json file = summary;
    file["list"] = all;
    out << file.dump(1) << "\n";
  }
  auto write_sgf_file = [&](const std::string& path) {
    std::ofstream out(path);
    out << puzzles_sgf(game, report.puzzles);
    if (!out.flush()) throw InputError("writing \"" + printable(path) + "\" failed");
  };
  if (!dir.empty() && !report.puzzles.empty()) write_sgf_file((std::filesystem::path(dir) / "puzzles.sgf").string());
  if (args.has("sgf")) write_sgf_file(args.get("sgf"));
  if (args.has("svg")) write_difficulty_svg(args.get("svg"), game, report.puzzles);
  if (args.has("json")) {
    summary["list"] = all;
    std::cout << summary.dump() << "\n";
    return 0;
  }
  std::cout << "game         " << game.spec << "\n";
  std::cout << "puzzles      " << report.puzzles.size() << " (of " << options.count << " wanted)\n";
  std::cout << "from         " << report.games << (options.games.empty() ? " self-play games" : " given games") << ", "
            << with_commas(report.positions) << " positions\n";
  std::cout << "forced wins  " << with_commas(report.forced_wins) << "; dropped: " << report.not_unique << " with another winning first turn (" << report.not_unique_forcing << " forcing), "
            << report.undecided << " undecided within the budget, " << report.duplicates << " seen before up to symmetry\n";
  std::map<int, int> lengths;
  for (const Puzzle& p : report.puzzles) ++lengths[p.length];
  std::cout << "lengths     ";
  for (const auto& [l, n] : lengths) std::cout << " " << n << " in " << l;
  std::cout << "\n";
  for (std::size_t i = 0; i < report.puzzles.size() && i < 10; ++i) {
    const Puzzle& p = report.puzzles[i];
    std::cout << "  #" << i + 1 << "  " << (p.to_move == 0 ? "x" : "o") << " to win in " << p.length << " after \"" << p.moves
              << "\": " << format_turn(game, p.solution.front()) << "  (difficulty " << p.difficulty << ")\n";
  }
  if (report.puzzles.size() > 10) std::cout << "  ...\n";
  if (!dir.empty()) std::cout << "written      " << dir << "/puzzles.json, puzzles.sgf and " << report.puzzles.size() << " certificates\n";
  std::cout << "time         " << seconds_text(report.seconds) << "\n";
  return 0;
}

}  // namespace kinrow::cli
