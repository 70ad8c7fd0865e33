// kinrow play: a strategy plays one side; the other side's moves come from standard input,
// typed by a person or written by another engine.
#include <unistd.h>

#include <deque>
#include <iostream>
#include <sstream>
#include <nlohmann/json.hpp>

#include "cli/board_text.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "core/error.h"
#include "core/notation.h"
#include "dictionary/dictionary_strategy.h"
#include "games/families.h"
#include "strategy/strategy.h"

namespace kinrow::cli {

const CommandSpec kPlaySpec = {
    "play",
    "SPEC --strategy NAME | --dictionary FILE [--player 1|2] [--moves M] [--json]",
    "Play against a strategy or a dictionary: it moves for one side, you for the other.",
    "The strategy plays --player (default: the side its source says wins, else the second\n"
    "player). Your moves are read from standard input, one or more per line, in the game's\n"
    "notation (docs/games.md: a column digit on gravity boards); an empty line or \"quit\"\n"
    "stops. After each move the board is drawn and the strategy names the rule it followed.\n"
    "--json prints one object per move instead (for engines talking through a pipe).\n"
    "A strategy that meets a position outside what it handles says so and stops.\n\n"
    "--dictionary plays a strategy dictionary (kinrow dict --help) by the same rules that\n"
    "verification uses (--rules): verified with kinrow dict verify --play-out, it is\n"
    "unbeatable for its side (without it, a forced win ends its branch unplayed).\n\n"
    "examples:\n"
    "  kinrow play connect:7x6x4,misere --strategy take-even\n"
    "  kinrow play connect:7x5x4,misere --strategy delayed-take-even --player 1\n"
    "  echo \"1 2 3 4 5 6 7\" | kinrow play connect:7x6x4,misere --strategy take-even --json\n"
    "  kinrow play qubic --dictionary patashnik-qubic.dictionary --rules patashnik",
    {
        {"strategy", "NAME", "the strategy (kinrow strategy list)"},
        {"dictionary", "FILE", "play this dictionary (or a certificate's winning strategy) instead"},
        {"rules", "LIST", "with --dictionary: none (default), patashnik, or a list of win,block,forced"},
        {"player", "1|2", "the side the strategy plays"},
        {"moves", "M", "moves already played from the empty board"},
        {"json", "", "one JSON object per move instead of pictures"},
    },
    1,
    1,
};

namespace {

std::string result_text(const Position& position) {
  if (position.winner() == kNoPlayer) return "draw";
  return position.winner() == 0 ? "first player wins" : "second player wins";
}

}  // namespace

int run_play(const Args& args) {
  const Game game = make_game(args.positional[0]);
  if (args.has("strategy") && args.has("dictionary"))
    throw InputError("play takes --strategy NAME or --dictionary FILE, not both");
  if (!args.has("strategy") && !args.has("dictionary"))
    throw InputError("play needs --strategy NAME (kinrow strategy list) or --dictionary FILE");
  std::unique_ptr<DictionaryStrategy> dictionary;
  if (args.has("dictionary"))
    dictionary = std::make_unique<DictionaryStrategy>(game, args.get("dictionary"),
                                                      static_cast<int>(args.get_int("player", 1, 1, 2)) - 1,
                                                      parse_obvious_rules(args.get("rules", "none")));
  const KnowledgeStrategy& strategy = dictionary ? *dictionary : find_strategy(args.get("strategy"));
  int holder = 1;
  if (dictionary) {
    holder = dictionary->holder();
  } else if (args.has("player")) {
    holder = static_cast<int>(args.get_int("player", 2, 1, 2)) - 1;
  } else {
    const StrategyPromise first = strategy.promise(game, 0, false);
    if (first.applies && first.has_claim && first.claim == Claim::Win) holder = 0;
  }
  const StrategyPromise promise = strategy.promise(game, holder, false);
  if (!promise.applies) throw InputError(strategy.name() + " does not apply: " + promise.why_not);

  Position position = play_moves(game, args.get("moves"));
  const bool json = args.has("json");
  const bool interactive = isatty(STDIN_FILENO);
  auto report = [&](const std::string& who, const Turn& turn, const std::string& rule) {
    if (json) {
      nlohmann::ordered_json out;
      out["player"] = position.turns_played() % 2 == 1 ? 1 : 2;  // after the move
      out["by"] = who;
      out["move"] = format_turn(game, turn);
      if (!rule.empty()) out["rule"] = rule;
      if (position.over()) out["result"] = result_text(position);
      std::cout << out.dump() << std::endl;
    } else {
      std::cout << who << ": " << format_turn(game, turn) << (rule.empty() ? "" : "  (" + rule + ")") << "\n"
                << draw_position(position) << std::flush;
    }
  };
  if (!json)
    std::cout << strategy.name() << " plays the " << player_name(holder) << " player of " << game.spec
              << " (" << promise.source << ")\n"
              << draw_position(position) << std::flush;

  std::deque<std::string> pending;  // turns typed ahead (one word each), not yet played
  while (!position.over()) {
    if (position.to_move() == holder) {
      std::vector<int8_t> owner(game.cell_count());
      for (Cell c = 0; c < game.cell_count(); ++c) owner[c] = static_cast<int8_t>(position.owner(c));
      const StrategyMove move = strategy.choose(BoardView{game, owner, holder});
      if (move.cell < 0) {
        std::cout << strategy.name() << " has no move here: " << move.why_none << "\n";
        return 1;
      }
      position.play(Turn{move.cell});
      report(strategy.name(), Turn{move.cell}, move.rule);
      continue;
    }
    if (pending.empty()) {
      if (interactive && !json) std::cerr << "your move> " << std::flush;
      std::string line;
      if (!std::getline(std::cin, line) || line.empty() || line == "quit") {
        if (!json) std::cout << "stopped after " << position.turns_played() << " moves\n";
        return 0;
      }
      for (char& c : line)
        if (c == ',') c = ' ';
      std::istringstream words(line);
      for (std::string w; words >> w;) pending.push_back(w);
      continue;
    }
    // One typed word is one turn, read from the position (the rules check it).
    const std::string word = pending.front();
    pending.pop_front();
    Position next(game);
    try {
      next = play_moves(position, word);
    } catch (const InputError& e) {
      if (!interactive) throw;
      std::cerr << e.what() << "\n";
      pending.clear();
      continue;
    }
    if (next.turns_played() != position.turns_played() + 1)
      throw InputError("\"" + printable(word) + "\" is not one turn");
    position = std::move(next);
    report("you", position.history().back(), "");
  }
  if (!json) std::cout << "game over: " << result_text(position) << "\n";
  return 0;
}

}  // namespace kinrow::cli
