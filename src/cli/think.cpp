// kinrow think: the engine's move for a position (engine/engine.h), with its principal
// variation and evaluation class.
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/format.h"
#include "core/error.h"
#include "core/notation.h"
#include "engine/engine.h"
#include "games/families.h"

namespace kinrow::cli {

const CommandSpec kThinkSpec = {
    "think",
    "SPEC [--moves M] [--time S | --nodes N] [--exclude T,T,...] [--no-proofs] [--json]",
    "The engine's move for a position it may not be able to solve, with its line and evaluation.",
    "The engine plays any game kinrow models under a budget. First the rules (a line it can\n"
    "complete this turn), then proofs: threat-space search (fours and open threes with one\n"
    "stone a turn; double and single threats with two) and df-pn with a node budget; a win\n"
    "found is played and called sure. Otherwise an alpha-beta search over whole turns\n"
    "(two-stone turns as pairs, each pair once), extended along forced answers, ranks the\n"
    "turns by an evaluation of the lines each side could still complete, and the best turn\n"
    "the opponent's threat search does not refute is played (docs/engine.md).\n\n"
    "The evaluation class is NCTU6's, for the side to move: A-wins (sure win), A4..A1\n"
    "(advantage), stable / unstable1 / unstable2 (even; sharp), D1..D4, D-wins (sure loss).\n"
    "--exclude asks the job-level search's question: the best turn outside the list, or\n"
    "that no other turn wins (proved) or every other turn loses.\n\n"
    "examples:\n"
    "  kinrow think mnk:15x15x5 --moves \"h8 i9 h9 h10\"\n"
    "  kinrow think connect6 --moves \"j10 k10k11\" --time 5 --json\n"
    "  kinrow think connect4 --moves 4453 --nodes 200000\n"
    "  kinrow think tictactoe --moves b2 --exclude a1,c1,a3,c3",
    {
        {"moves", "M", "the position (default: the empty board)"},
        {"time", "S", "seconds for the move (default 1; fractions allowed)"},
        {"nodes", "N", "heuristic search nodes instead of time: the same move every run\n"
                       "(with --time as well, whichever limit comes first)"},
        {"exclude", "T,...", "turns not to play, comma-separated (\"j10j11,k10\")"},
        {"no-proofs", "", "skip the proof searches: a plain heuristic alpha-beta (a baseline)"},
        {"proof-nodes", "N", "nodes per proof question (default: from the budget)"},
        {"tt-mb", "N", "transposition table megabytes (default 64)"},
        {"json", "", "print one JSON object instead of text"},
    },
    1,
    1,
};

namespace {

// The turns of a comma-separated list, each read as a turn played at `position`.
std::vector<Turn> parse_excluded(const Game& game, const Position& position, const std::string& list) {
  std::vector<Turn> turns;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string text = list.substr(start, comma - start);
    start = comma + 1;
    if (text.find_first_not_of(" \t") == std::string::npos) continue;
    Position after(game);
    try {
      after = play_moves(position, text);
    } catch (const InputError& e) {
      throw InputError("--exclude: \"" + printable(text) + "\" is not a turn here (" + e.what() + ")");
    }
    if (after.turns_played() != position.turns_played() + 1 ||
        static_cast<int>(after.history().back().size()) < position.fewest_stones_this_turn())  // not cut short
      throw InputError("--exclude: \"" + printable(text) + "\" is not one turn");
    turns.push_back(after.history().back());
  }
  return turns;
}

}  // namespace

int run_think(const Args& args) {
  const Game game = make_game(args.positional[0]);
  const Position position = play_moves(game, args.get("moves"));
  EngineOptions options;
  options.nodes = static_cast<uint64_t>(args.get_int("nodes", 0, 1, 1L << 40));
  options.seconds = args.get_double("time", options.nodes && !args.has("time") ? 0 : 1, 0.001, 1e6);
  options.proofs = !args.has("no-proofs");
  options.proof_nodes = static_cast<uint64_t>(args.get_int("proof-nodes", 0, 1, 1L << 40));
  options.table_megabytes = static_cast<std::size_t>(args.get_int("tt-mb", 64, 1, 1 << 20));
  if (args.has("exclude")) options.excluded = parse_excluded(game, position, args.get("exclude"));
  const EngineResult r = think(position, options);

  const std::string move = r.move.empty() ? "" : format_turn(game, r.move);
  std::vector<std::string> pv;
  for (const Turn& t : r.principal_variation) pv.push_back(format_turn(game, t));
  std::string pv_text;
  for (const std::string& t : pv) pv_text += (pv_text.empty() ? "" : " ") + t;
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["moves"] = format_turns(game, position.history());
    out["to_move"] = player_name(position.to_move());
    out["move"] = r.move.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(move);
    out["source"] = move_source_name(r.source);
    out["evaluation"] = evaluation_name(r.evaluation);
    out["evaluation_words"] = evaluation_words(r.evaluation);
    out["score"] = r.score;
    out["depth"] = r.depth;
    out["principal_variation"] = pv;
    out["refuted"] = nlohmann::json::array();
    for (const Turn& t : r.refuted) out["refuted"].push_back(format_turn(game, t));
    if (!options.excluded.empty()) {
      out["others_do_not_win"] = r.others_do_not_win;
      out["others_lose"] = r.others_lose;
    }
    out["nodes"] = r.nodes;
    out["proof_nodes"] = r.proof_nodes;
    out["seconds"] = r.seconds;
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "game         " << game.spec << "\n";
  std::cout << "moves        " << moves_or_empty_board(format_turns(game, position.history())) << "\n";
  std::cout << "to move      " << player_with_mark(position.to_move()) << "\n";
  if (r.move.empty()) {
    std::cout << "move         none: every turn is excluded\n";
    return 0;
  }
  std::cout << "move         " << move << "\n";
  std::cout << "found by     ";
  switch (r.source) {
    case MoveSource::CompletesLine: std::cout << "the rules: it completes a line\n"; break;
    case MoveSource::ThreatSpace: std::cout << "threat-space search: a forced win\n"; break;
    case MoveSource::ProofSearch: std::cout << "df-pn: a forced win\n"; break;
    case MoveSource::Heuristic: std::cout << "heuristic search, depth " << r.depth << " turns\n"; break;
    case MoveSource::NoChoice: std::cout << "heuristic search: every turn looked at loses\n"; break;
  }
  std::cout << "evaluation   " << evaluation_name(r.evaluation) << " (" << evaluation_words(r.evaluation)
            << " for the side to move)\n";
  if (r.source == MoveSource::Heuristic || r.source == MoveSource::NoChoice)
    std::cout << "score        " << r.score << "\n";
  std::cout << "line         " << pv_text << "\n";
  if (!r.refuted.empty()) {
    std::cout << "refuted      ";
    for (std::size_t i = 0; i < r.refuted.size(); ++i) std::cout << (i ? " " : "") << format_turn(game, r.refuted[i]);
    std::cout << "  (the opponent's threats win after them)\n";
  }
  if (!options.excluded.empty())
    std::cout << "others       "
              << (r.others_do_not_win ? "no turn outside the list wins (df-pn)"
                  : r.others_lose     ? "every turn outside the list loses"
                                      : "not decided")
              << "\n";
  std::cout << "nodes        " << with_commas(r.nodes) << " heuristic, " << with_commas(r.proof_nodes) << " proof\n";
  std::cout << "time         " << seconds_text(r.seconds) << "\n";
  return 0;
}

}  // namespace kinrow::cli
