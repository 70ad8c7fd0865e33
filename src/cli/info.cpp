// kinrow info: what a spec describes — cells, lines, rules, symmetry — and a position.
#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/board_text.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "core/notation.h"
#include "core/symmetry.h"
#include "games/families.h"

namespace kinrow::cli {

const CommandSpec kInfoSpec = {
    "info",
    "SPEC [--moves M] [--json]",
    "Describe a game: cells, lines, rules, symmetry group; draw a position.",
    "The symmetry group is computed from the lines alone (any cell permutation that maps\n"
    "lines onto lines and, under gravity, keeps \"below\"), so it is also found for games\n"
    "given as hypergraph files.\n\n"
    "examples:\n"
    "  kinrow info qubic\n"
    "  kinrow info connect4 --moves 4453\n"
    "  kinrow info mnk:15x15x5 --json",
    {
        {"moves", "M", "play these moves and draw the position"},
        {"json", "", "print one JSON object instead of text"},
    },
    1,
    1,
};

int run_info(const Args& args) {
  const Game game = make_game(args.positional[0]);
  const Position position = play_moves(game, args.get("moves"));
  const SymmetryGroup group = automorphisms(game);

  std::size_t shortest = game.lines.empty() ? 0 : game.lines.front().size(), longest = 0;
  for (const Line& line : game.lines) {
    shortest = std::min(shortest, line.size());
    longest = std::max(longest, line.size());
  }
  const Rules& r = game.rules;
  const std::string group_size = std::to_string(group.size()) + (group.complete ? "" : "+");

  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["family"] = game.family;
    out["cells"] = game.cell_count();
    out["extent"] = game.extent;
    out["lines"] = game.line_count();
    out["line_size_min"] = shortest;
    out["line_size_max"] = longest;
    out["goal"] = goal_name(r.goal);
    out["p"] = r.stones_per_turn;
    out["q"] = r.first_turn_stones;
    out["maker_picks_count"] = r.maker_picks_count;
    out["maker_threshold"] = r.maker_threshold >= 0 ? nlohmann::json(r.maker_threshold) : nlohmann::json(nullptr);
    out["breaker_only"] = game.breaker_only.size();
    out["gravity"] = r.gravity;
    out["cylinder"] = r.cylinder;
    out["exact"] = r.exact;
    out["max_turns"] = game.max_turns();
    out["symmetries"] = group.size();
    out["symmetries_complete"] = group.complete;
    out["moves"] = format_turns(game, position.history());
    out["to_move"] = player_name(position.to_move());
    out["over"] = position.over();
    if (position.over())
      out["winner"] = position.winner() == kNoPlayer ? "none" : player_name(position.winner());
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "game        " << game.spec << "\n";
  std::cout << "cells       " << game.cell_count();
  if (!game.extent.empty()) {
    std::cout << " (";
    for (std::size_t i = 0; i < game.extent.size(); ++i) std::cout << (i ? "x" : "") << game.extent[i];
    std::cout << ")";
  }
  std::cout << "\nlines       " << game.line_count();
  if (!game.lines.empty())
    std::cout << " of " << shortest << (shortest == longest ? "" : ".." + std::to_string(longest))
              << " cells";
  std::cout << "\nrules       " << goal_name(r.goal) << ", ";
  if (r.maker_threshold >= 0)
    std::cout << "the maker any number of stones a turn, the breaker as many; the maker wins when a line without "
                 "a breaker stone holds more than "
              << r.maker_threshold << " of his with him to move";
  else if (r.maker_picks_count)
    std::cout << "the maker 1 to " << r.stones_per_turn << " stones a turn, the breaker as many";
  else
    std::cout << r.stones_per_turn << " stone(s) a turn (" << r.first_turn_stones << " on the first)";
  std::cout << ", " << (r.gravity ? "gravity" : "free placement") << (r.cylinder ? ", cylinder" : "")
            << (r.exact ? ", an overline does not win" : "") << "\n";
  if (!game.breaker_only.empty())
    std::cout << "            " << game.breaker_only.size() << " breaker-only cells (the maker may not take them)\n";
  std::cout << "turns       at most " << game.max_turns() << "\n";
  std::cout << "symmetries  " << group_size << "\n";
  std::cout << "\n" << draw_position(position);
  if (position.over())
    std::cout << "\ngame over: "
              << (position.winner() == kNoPlayer ? "draw"
                  : position.winner() == 0       ? "first player wins"
                                                 : "second player wins")
              << "\n";
  else if (position.turns_played() > 0)
    std::cout << "\n" << player_with_mark(position.to_move()) << " to move\n";
  return 0;
}

}  // namespace kinrow::cli
