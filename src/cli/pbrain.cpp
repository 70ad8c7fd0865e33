// kinrow pbrain: the engine behind the Gomocup protocol on standard input and output
// (engine/gomocup_brain.h), for Gomocup managers and GUIs.
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "core/error.h"
#include "engine/gomocup_brain.h"

namespace kinrow::cli {

const CommandSpec kPbrainSpec = {
    "pbrain",
    "[--k K] [--p P] [--q Q] [--exact] [--turn-seconds S]",
    "Play through the Gomocup protocol (Piskvork, Yixin-Board; Connect6 with --k 6 --p 2).",
    "kinrow reads the manager's commands on standard input and answers on standard output,\n"
    "as a Gomocup brain does: START, RECTSTART, BEGIN, TURN, BOARD ... DONE, TAKEBACK,\n"
    "RESTART, INFO (timeout_turn, timeout_match, time_left, max_memory), ABOUT, END. Moves\n"
    "are X,Y from 0 at the top left. Each move is the engine's (kinrow think) within the\n"
    "manager's time. Free-style by default (a line of k or more wins); INFO rule 1 or\n"
    "--exact plays exactly-five: an overline does not win (kinrow's `exact` spec option).\n"
    "Renju and caro (rules 4 and 8) are not modelled: a MESSAGE says so and play goes on.\n\n"
    "With --p 2 --q 1 --k 6 the same protocol plays Connect6: a turn is two pairs,\n"
    "\"TURN 9,9 10,10\", and so are the brain's answers (docs/engine.md, \"Protocols\").\n"
    "To use it in Piskvork, point the GUI at a script that runs `kinrow pbrain`.\n\n"
    "examples:\n"
    "  printf 'START 15\\nBEGIN\\nEND\\n' | kinrow pbrain\n"
    "  kinrow pbrain --k 6 --p 2 --q 1",
    {
        {"k", "K", "stones in a row to win (default 5)"},
        {"p", "P", "stones a turn (default 1)"},
        {"q", "Q", "stones on the very first turn (default 1)"},
        {"exact", "", "an overline does not win (exactly five; one stone a turn), as INFO rule 1"},
        {"turn-seconds", "S", "time a move when the manager sets no timeout_turn (default 5)"},
    },
    0,
    0,
};

int run_pbrain(const Args& args) {
  BrainSettings settings;
  settings.k = static_cast<int>(args.get_int("k", 5, 2, 32));
  settings.p = static_cast<int>(args.get_int("p", 1, 1, 4));
  settings.q = static_cast<int>(args.get_int("q", 1, 1, 4));
  settings.exact = args.has("exact");
  if (settings.exact && (settings.p != 1 || settings.q != 1))
    throw InputError("--exact (an overline does not win) applies to one stone a turn (--p 1 --q 1)");
  settings.default_turn_seconds = args.get_double("turn-seconds", 5, 0.01, 1e6);
  GomocupBrain brain(std::cout, settings);
  std::string line;
  while (std::getline(std::cin, line)) {
    // A manager reads ERROR, not an exit: whatever the brain did not foresee is one.
    try {
      if (!brain.handle(line)) break;
    } catch (const std::exception& error) {
      std::cout << "ERROR " << error.what() << std::endl;
    }
  }
  return 0;
}

}  // namespace kinrow::cli
