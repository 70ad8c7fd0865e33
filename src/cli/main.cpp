// kinrow: solve and prove positional games. Dispatches to one file per subcommand and
// turns input errors into one line on stderr with exit status 2.
#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/version.h"
#include "core/error.h"

namespace kinrow::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> list = {
      {&kInfoSpec, run_info},
      {&kSolveSpec, run_solve},
      {&kProveDrawSpec, run_prove_draw},
      {&kDefencesSpec, run_defences},
      {&kProveSpec, run_prove},
      {&kWorkerSpec, run_worker},
      {&kWorkersSpec, run_workers},
      {&kVerifySpec, run_verify},
      {&kCertificateSpec, run_certificate},
      {&kBenchSpec, run_bench},
      {&kTableSpec, run_table},
      {&kStrategySpec, run_strategy},
      {&kThinkSpec, run_think},
      {&kPbrainSpec, run_pbrain},
      {&kPuzzlesSpec, run_puzzles},
      {&kMatchSpec, run_match},
      {&kServeSpec, run_serve},
      {&kBookSpec, run_book},
      {&kPlaySpec, run_play},
      {&kSgfSpec, run_sgf},
      {&kDictSpec, run_dict},
      {&kTilingSpec, run_tiling},
      {&kKdrawSpec, run_kdraw},
  };
  return list;
}

namespace {

void print_overview() {
  std::cout << "kinrow: a solver and prover for positional games (tic-tac-toe, mnk, Connect Four,\n"
               "Qubic, the square game, their misere and Maker-Breaker forms, any hypergraph).\n\n"
               "usage: kinrow COMMAND [ARGS] [--help]\n       kinrow --version\n\ncommands:\n";
  std::size_t width = 0;
  for (const Command& c : commands()) width = std::max(width, c.spec->name.size());
  for (const Command& c : commands()) {
    std::string name = "  " + c.spec->name;
    name.resize(width + 4, ' ');
    std::cout << name << c.spec->summary << "\n";
  }
  std::cout << "\nGames are named by spec strings: mnk:3x3x3, connect4, connect:7x6x4,misere,\n"
               "qubic, square:4, mnk:19x19x6,p=2,q=1, file:PATH.json (see docs/games.md).\n"
               "Every command takes --help, and --quiet (no progress lines on stderr).\n\n"
               "examples:\n"
               "  kinrow info qubic\n"
               "  kinrow solve connect:5x4x4\n"
               "  kinrow solve mnk:3x3x3 --moves b2 --json\n"
               "  kinrow solve tictactoe --certificate ttt.cert && kinrow verify tictactoe ttt.cert\n";
}

}  // namespace
}  // namespace kinrow::cli

int main(int argc, char** argv) {
  using namespace kinrow::cli;
  std::vector<std::string> words(argv + 1, argv + argc);
  if (words.empty() || words[0] == "help" || words[0] == "--help" || words[0] == "-h") {
    if (words.size() >= 2) {
      for (const Command& c : commands())
        if (c.spec->name == words[1]) {
          std::cout << help_text(*c.spec);
          return 0;
        }
      std::cerr << "kinrow help: unknown command \"" << kinrow::printable(words[1]) << "\" (see kinrow --help)\n";
      return 2;
    }
    print_overview();
    return words.empty() ? 2 : 0;
  }
  if (words[0] == "--version") {
    std::cout << version_line() << "\n";
    return 0;
  }
  for (const Command& c : commands()) {
    if (c.spec->name != words[0]) continue;
    std::vector<std::string> rest(words.begin() + 1, words.end());
    for (const std::string& w : rest)
      if (w == "--help" || w == "-h") {
        std::cout << help_text(*c.spec);
        return 0;
      }
    try {
      const Args args = parse_args(*c.spec, rest);
      const int status = c.run(args);
      for (const std::string& name : args.unread())
        std::cerr << "kinrow " << c.spec->name << ": note: --" << name << " had no effect on this run\n";
      return status;
    } catch (const kinrow::InputError& e) {
      std::cerr << "kinrow " << c.spec->name << ": " << e.what() << "\n";
      return 2;
    } catch (const std::bad_alloc&) {
      const bool table = std::any_of(c.spec->options.begin(), c.spec->options.end(),
                                     [](const OptionSpec& o) { return o.name == "tt-mb"; });
      std::cerr << "kinrow " << c.spec->name << ": out of memory" << (table ? " (try a smaller --tt-mb)" : "") << "\n";
      return 3;
    }
  }
  std::cerr << "kinrow: unknown command \"" << kinrow::printable(words[0]) << "\" (see kinrow --help)\n";
  return 2;
}
