#include "cli/solve_batch.h"

#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "cli/format.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/text_file.h"
#include "search/gravity_solver.h"

namespace kinrow::cli {
namespace {

struct BatchLine {
  std::string moves;
  bool has_expected = false;
  int expected = 0;
};

// "MOVES [SCORE]"; an empty line or one starting with '#' is skipped (has no moves and
// no score). An empty move list (the empty board) is written as "-" or "''".
bool parse_line(const std::string& text, int number, bool wide_gravity, BatchLine& line) {
  std::istringstream in(text);
  std::string first, second, extra;
  if (!(in >> first) || first[0] == '#') return false;
  line.moves = first == "-" || first == "''" ? "" : first;
  if (in >> second) {
    std::size_t used = 0;
    try {
      line.expected = std::stoi(second, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != second.size())
      throw InputError("line " + std::to_string(number) + ": expected score \"" + second + "\" is not a number");
    line.has_expected = true;
  }
  if (in >> extra)
    throw InputError("line " + std::to_string(number) + ": expected \"MOVES [SCORE]\"" +
                     (wide_gravity ? " (on gravity boards of more than 9 columns the moves are columns "
                                     "separated by commas, such as 10,3,10)"
                                   : ""));
  return true;
}

}  // namespace

int run_solve_batch(const Args& args, const Game& game, const SolveOptions& options) {
  const std::string path = args.get("batch");
  std::optional<InputFile> file;
  if (path != "-") file.emplace(path);
  std::istream& in = file ? static_cast<std::istream&>(*file) : std::cin;

  // Gravity games keep one table for the whole batch: later positions reuse what earlier
  // ones learned, as the classic solvers do when reading a test set.
  bool bitboard = !options.generic_board && gravity_solver_applies(game);
  std::optional<TranspositionTable> table;
  std::optional<GravitySolver> gravity;
  if (bitboard) {
    table.emplace(options.table_megabytes ? options.table_megabytes : automatic_table_megabytes(game));
    bitboard = gravity_table_fits(game, *table);
    if (bitboard) gravity.emplace(game, *table, SearchMonitor{}, options.gravity);
    else table.reset();
  }

  ProgressLine progress(!args.has("quiet"));
  const auto start = std::chrono::steady_clock::now();
  auto last_report = start;
  int count = 0, mismatches = 0, number = 0;
  uint64_t nodes = 0;
  std::string text;
  while (std::getline(in, text)) {
    ++number;
    BatchLine line;
    if (!parse_line(text, number, game.rules.gravity && game.width() > 9, line)) continue;
    Position position(game);
    try {
      position = play_moves(game, line.moves);
    } catch (const InputError& e) {
      throw InputError("line " + std::to_string(number) + ": " + e.what());
    }
    if (position.over()) throw InputError("line " + std::to_string(number) + ": the game is already over");

    const auto line_start = std::chrono::steady_clock::now();
    int score;
    if (bitboard) {
      std::vector<int> columns;
      for (const Turn& turn : position.history()) columns.push_back(game.coords[turn[0]][0]);
      const GravitySolution s = gravity->solve(columns, options.weak);
      score = s.score;
      nodes += s.nodes;
    } else {
      const SolveResult r = solve(position, options);
      score = r.connect_score ? *r.connect_score : r.score;
      nodes += r.nodes;
    }
    const double micros =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - line_start).count();
    ++count;
    const bool mismatch = line.has_expected && line.expected != score;
    mismatches += mismatch;

    progress.clear();
    if (args.has("json")) {
      nlohmann::ordered_json out;
      out["moves"] = line.moves;
      out["score"] = score;
      if (line.has_expected) out["expected"] = line.expected;
      out["microseconds"] = micros;
      std::cout << out.dump() << "\n";
    } else {
      std::cout << (line.moves.empty() ? "-" : line.moves) << " " << score;
      if (mismatch) std::cout << "  MISMATCH: expected " << line.expected;
      std::cout << "\n";
    }
    const auto now = std::chrono::steady_clock::now();
    if (now - last_report > std::chrono::seconds(1)) {
      last_report = now;
      progress.show("line " + std::to_string(number) + ", " + std::to_string(mismatches) + " mismatches");
    }
  }
  progress.clear();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!args.has("quiet"))
    std::cerr << count << " positions, " << mismatches << " mismatches, "
              << (count ? seconds * 1e6 / count : 0.0) << " us per position, " << with_commas(nodes)
              << " nodes, " << seconds_text(seconds) << "\n";
  return mismatches ? 1 : 0;
}

}  // namespace kinrow::cli
