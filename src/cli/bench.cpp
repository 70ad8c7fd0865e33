// kinrow bench: time a fixed set of solves, several runs each, and report medians.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.h"
#include "cli/format.h"
#include "cli/gravity_options.h"
#include "cli/pairing_options.h"
#include "core/notation.h"
#include "games/families.h"
#include "search/solver.h"

namespace kinrow::cli {

const CommandSpec kBenchSpec = {
    "bench",
    "[--runs N] [--only SPEC] [--tt-mb N] [--weak] [--threads N] [--without LIST] [--generic] [--json]",
    "Measure solve speed on a fixed set of games (median of several runs).",
    "Each game is solved from the empty board with a fresh table, strong (exact distance),\n"
    "--runs times; the median time and the node count are reported. Figures for this\n"
    "machine are kept in docs/benchmarks.md with the command that produced them.\n\n"
    "examples:\n"
    "  kinrow bench --runs 5\n"
    "  kinrow bench --only connect:6x5x4 --runs 3",
    {
        {"runs", "N", "runs per game (default 3)"},
        {"only", "SPEC", "bench this game only"},
        {"tt-mb", "N", "transposition table size in MiB (default: 256, less on small boards)"},
        {"weak", "", "win/draw/loss only, without the distance"},
        threads_option("1, so that figures compare"),
        without_option(),
        {"generic", "", "use the generic hypergraph board even where a bitboard exists"},
        pairing_option(),
        no_pairing_option(),
        {"json", "", "print one JSON object per game"},
    },
    0,
    0,
};

namespace {

const std::vector<std::string> kSuite = {
    "mnk:3x3x3",     "mnk:4x4x3",      "mnk:4x4x4",      "mnk:3x3x3,misere", "square:4",
    "connect:4x4x4", "connect:5x4x4",  "connect:6x4x4",  "connect:4x6x4",    "connect:5x5x4",
    "connect:6x5x4",
};

}  // namespace

int run_bench(const Args& args) {
  const int runs = static_cast<int>(args.get_int("runs", 3, 1, 1000));
  std::vector<std::string> suite = kSuite;
  if (args.has("only")) suite = {args.get("only")};
  SolveOptions options;
  options.generic_board = args.has("generic");
  options.table_megabytes = static_cast<std::size_t>(args.get_int("tt-mb", 0, 1, 1 << 20));
  options.weak = args.has("weak");
  options.gravity = gravity_settings(args, 1);
  options.pairing = pairing_mode(args);

  std::vector<Game> games;
  for (const std::string& spec : suite) games.push_back(make_game(spec));  // a bad spec before the table's head
  if (!args.has("json"))
    std::cout << "game                    value               nodes        median s   M nodes/s\n";
  for (const Game& game : games) {
    const Position start(game);
    std::vector<double> times;
    SolveResult result;
    for (int i = 0; i < runs; ++i) {
      result = solve(start, options);
      times.push_back(result.seconds);
    }
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    const char* value = game_value_name(result.value, 0);
    if (args.has("json")) {
      nlohmann::ordered_json out;
      out["game"] = game.spec;
      out["value"] = value;
      out["plies"] = result.plies;
      out["nodes"] = result.nodes;
      out["pairing"] = pairing_mode_name(options.pairing);
      out["pairing_cutoffs"] = result.pairing_cutoffs;
      out["runs"] = runs;
      out["median_seconds"] = median;
      out["min_seconds"] = times.front();
      out["max_seconds"] = times.back();
      std::cout << out.dump() << "\n";
    } else {
      char line[200];
      std::snprintf(line, sizeof line, "%-23s %-18s %12s  %10.3f  %9.2f\n", game.spec.c_str(), value,
                    with_commas(result.nodes).c_str(), median,
                    median > 0 ? result.nodes / median / 1e6 : 0.0);
      std::cout << line << std::flush;
    }
  }
  return 0;
}

}  // namespace kinrow::cli
