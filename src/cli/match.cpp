// kinrow match: two engines play each other over balanced openings (engine/match.h), with
// a results table and the Elo difference with its error bar.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.h"
#include "cli/format.h"
#include "core/error.h"
#include "core/notation.h"
#include "engine/match.h"
#include "engine/protocol_player.h"
#include "games/families.h"

namespace kinrow::cli {

const CommandSpec kMatchSpec = {
    "match",
    "SPEC [--games N] [--a PLAYER] [--b PLAYER] [--a-command CMD] [--b-command CMD] [--json]",
    "Play two engines against each other over balanced openings: results and Elo with its error bar.",
    "Engine A plays engine B. Each is kinrow's engine in this process, or with --a-command /\n"
    "--b-command any program that speaks the Gomocup protocol (a Gomocup brain, or kinrow\n"
    "pbrain), run as a child process. The openings are a few random turns near the centre\n"
    "that kinrow's engine judges even (at a small fixed node budget), distinct up to the\n"
    "board's symmetry, made from --seed; each is played twice, colours swapped.\n\n"
    "PLAYER is a comma-separated list of key=value (default \"time=0.1\"):\n"
    "  time=S      seconds a move (an external engine gets it as INFO timeout_turn)\n"
    "  nodes=N     heuristic search nodes a move instead (kinrow only; deterministic)\n"
    "  proofs=off  kinrow without its proof searches: the plain alpha-beta baseline\n"
    "  tt=MB       kinrow's transposition table (default 64; cleared every move, which at\n"
    "              0.05 s a move costs as much as the search: take 16 or less there)\n"
    "  grace=S     an external engine forfeits a game after time + grace without an answer\n"
    "              (default 1); so does one that exits, writes garbage or plays illegally\n"
    "A command's first word \"kinrow\" is this kinrow binary.\n\n"
    "The Elo difference is A's over B's, from A's mean score s: -400 log10(1/s - 1), with a\n"
    "95% interval from the spread of the scores of the game pairs (the pentanomial model:\n"
    "the two games of an opening are not independent). Hundreds of games are needed for an\n"
    "interval of +-50 Elo. Progress goes to standard error, a line a game.\n\n"
    "examples:\n"
    "  kinrow match mnk:15x15x5 --games 100 --a time=0.1 --b time=0.01\n"
    "  kinrow match mnk:15x15x5 --a nodes=20000 --b nodes=20000,proofs=off --json\n"
    "  kinrow match connect4 --games 40 --a time=0.05 --b time=0.05,proofs=off\n"
    "  kinrow match mnk:15x15x5 --a time=0.2 --b-command \"kinrow pbrain\" --b time=0.2\n"
    "  kinrow match connect6 --b-command \"kinrow pbrain --k 6 --p 2 --q 1\" --b time=0.5",
    {
        {"games", "N", "games to play (default 20; even: whole pairs)"},
        {"a", "PLAYER", "engine A's budget and options (default time=0.1)"},
        {"b", "PLAYER", "engine B's (default time=0.1)"},
        {"a-command", "CMD", "engine A is this program speaking the Gomocup protocol"},
        {"b-command", "CMD", "engine B likewise"},
        {"openings", "K", "distinct openings, repeated in turn (default: one per pair of games)"},
        {"opening-turns", "T", "turns in an opening (default 3 on boards of 100 cells or more, else 2)"},
        {"unbalanced", "", "keep every random opening, not only those the engine judges even"},
        {"seed", "S", "the openings' random seed (default 1)"},
        {"concurrency", "C", "games played at once, each on its own thread (default 1)"},
        {"json", "", "print one JSON object (every game, its moves) instead of the tables"},
        {"quiet", "", "no progress lines"},
    },
    1,
    1,
};

namespace {

// "a b 'c d'" -> {a, b, c d}: the command's words, with '...' and "..." quoting.
std::vector<std::string> split_command(const std::string& option, const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (char c : text) {
    if (quote) {
      if (c == quote) quote = 0;
      else word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (quote) throw InputError("--" + option + ": an unclosed quote in \"" + printable(text) + "\"");
  if (in_word) words.push_back(word);
  if (words.empty()) throw InputError("--" + option + ": an empty command");
  if (words[0] == "kinrow") {
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error) words[0] = self.string();
  }
  return words;
}

double number(const std::string& option, const std::string& key, const std::string& value, double min, double max) {
  std::size_t used = 0;
  double x = 0;
  try {
    x = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || value.empty() || !(x >= min && x <= max)) {
    std::ostringstream range;
    range << min << ".." << max;
    throw InputError("--" + option + ": " + key + "=" + printable(value) + " is not a number in " + range.str());
  }
  return x;
}

// "time=0.1,proofs=off" -> a player.
PlayerSpec parse_player(const std::string& option, const std::string& text, const std::string& command, std::string name) {
  PlayerSpec spec;
  spec.name = std::move(name);
  spec.budget.seconds = 0.1;
  bool timed = false;
  std::string rest = text;
  for (char& c : rest)
    if (c == ' ') c = ',';
  std::istringstream in(rest);
  for (std::string item; std::getline(in, item, ',');) {
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    const std::string key = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
    if (eq == std::string::npos && key != "proofs")
      throw InputError("--" + option + ": expected key=value, not \"" + printable(item) + "\"");
    if (key == "time") {
      spec.budget.seconds = number(option, key, value, 0.001, 1e5);
      timed = true;
    } else if (key == "nodes") {
      spec.budget.nodes = static_cast<uint64_t>(number(option, key, value, 1, 1e13));
    } else if (key == "proofs") {
      if (value != "on" && value != "off") throw InputError("--" + option + ": proofs=on or proofs=off");
      spec.budget.proofs = value == "on";
    } else if (key == "tt") {
      spec.budget.table_megabytes = static_cast<std::size_t>(number(option, key, value, 1, 1 << 20));
    } else if (key == "grace") {
      spec.grace_seconds = number(option, key, value, 0, 1e5);
    } else {
      throw InputError("--" + option + ": unknown key \"" + printable(key) + "\" (time, nodes, proofs, tt, grace)");
    }
  }
  if (spec.budget.nodes && !timed) spec.budget.seconds = 0;  // nodes alone: deterministic
  if (!command.empty()) {
    spec.command = split_command(option + "-command", command);
    if (spec.budget.nodes) throw InputError("--" + option + ": an external engine plays by time=S, not nodes=N");
    if (!spec.budget.proofs) throw InputError("--" + option + ": proofs=off is an option of kinrow's own engine");
  }
  return spec;
}

std::string describe(const std::string& text, const std::string& command) {
  std::string budget = text.empty() ? "time=0.1" : text;
  return (command.empty() ? "kinrow " : command + "  ") + budget;
}

std::string elo_text(double elo) {
  if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
  char text[32];
  std::snprintf(text, sizeof text, "%+.1f", elo);
  return text;
}

nlohmann::ordered_json number_or_null(double x) {
  return std::isfinite(x) ? nlohmann::ordered_json(x) : nlohmann::ordered_json();
}

std::string percent(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", 100 * x);
  return text;
}

std::string result_text(const GameRecord& g) {
  return g.winner == 0 ? "A wins" : g.winner == 1 ? "B wins" : "draw";
}

void print_tables(const Game& game, const MatchResult& r, const std::string description[2], const MatchOptions& options) {
  std::cout << "game       " << game.spec << "\n";
  std::cout << "A          " << description[0] << "\n";
  std::cout << "B          " << description[1] << "\n";
  const int turns = options.openings.turns >= 0 ? options.openings.turns : default_opening_turns(game);
  std::cout << "openings   " << r.openings.distinct << " distinct, " << turns << " turns each, "
            << (options.openings.balanced ? "judged even" : "unjudged") << ", seed " << options.openings.seed
            << "; each played by both colours\n\n";
  std::cout << "A's results   wins  draws  losses   score\n";
  const auto row = [&](const char* label, int side) {
    const Tally t = tally(r.games, 0, side);
    const int n = t.wins + t.draws + t.losses;
    char line[96];
    std::snprintf(line, sizeof line, "%-12s %5d  %5d  %6d  %6s\n", label, t.wins, t.draws, t.losses,
                  n ? percent((t.wins + 0.5 * t.draws) / n).c_str() : "-");
    std::cout << line;
  };
  row("A first", 0);
  row("A second", 1);
  row("total", -1);
  const std::array<int, 5> pairs = pentanomial([&] {
    std::vector<double> points;
    for (const GameRecord& g : r.games) points.push_back(g.points_a());
    return points;
  }());
  std::cout << "\npairs        LL " << pairs[0] << ", LD " << pairs[1] << ", DD/WL " << pairs[2] << ", WD " << pairs[3]
            << ", WW " << pairs[4] << "\n";
  int forfeits[2] = {0, 0};
  for (const GameRecord& g : r.games)
    if (g.winner >= 0 && g.reason.find("forfeits") != std::string::npos) ++forfeits[1 - g.winner];
  if (forfeits[0] || forfeits[1]) {
    std::cout << "forfeits     A " << forfeits[0] << ", B " << forfeits[1] << " (reasons: --json, or the progress lines)\n";
  }
  double seconds[2] = {0, 0};
  int moves[2] = {0, 0};
  for (const GameRecord& g : r.games)
    for (int p = 0; p < 2; ++p) seconds[p] += g.seconds[p], moves[p] += g.moves[p];
  std::cout << "time a move  A " << seconds_text(moves[0] ? seconds[0] / moves[0] : 0) << ", B "
            << seconds_text(moves[1] ? seconds[1] / moves[1] : 0) << "\n";
  const EloEstimate& e = r.elo;
  std::cout << "\nElo A - B    " << elo_text(e.elo) << " +- " << (std::isfinite(e.margin) ? elo_text(e.margin).substr(1) : "inf")
            << "  (95%: " << elo_text(e.low) << " .. " << elo_text(e.high) << "; score " << percent(e.score) << " of "
            << e.games << " games, " << (e.paired ? "pentanomial" : "trinomial") << "; A stronger with probability "
            << percent(e.superiority) << ")\n";
}

void print_json(const Game& game, const MatchResult& r, const std::string description[2], const MatchOptions& options) {
  nlohmann::ordered_json out;
  out["game"] = game.spec;
  out["a"] = description[0];
  out["b"] = description[1];
  out["seed"] = options.openings.seed;
  out["openings_distinct"] = r.openings.distinct;
  out["openings"] = nlohmann::json::array();
  for (const Opening& o : r.openings.openings) {
    nlohmann::ordered_json j;
    j["moves"] = format_turns(game, o.turns);
    j["evaluation"] = evaluation_name(o.evaluation);
    out["openings"].push_back(j);
  }
  out["games"] = nlohmann::json::array();
  for (const GameRecord& g : r.games) {
    nlohmann::ordered_json j;
    j["index"] = g.index + 1;
    j["opening"] = g.opening + 1;
    j["first"] = g.a_first ? "A" : "B";
    j["result"] = g.winner == 0 ? "A" : g.winner == 1 ? "B" : "draw";
    j["reason"] = g.reason;
    j["turns"] = static_cast<int>(g.turns.size());
    j["moves"] = format_turns(game, g.turns);
    j["turns_a"] = g.moves[0];  // turns each side played (the opening's not counted)
    j["turns_b"] = g.moves[1];
    j["seconds_a"] = g.seconds[0];
    j["seconds_b"] = g.seconds[1];
    out["games"].push_back(j);
  }
  for (int side = -1; side <= 1; ++side) {
    const Tally t = tally(r.games, 0, side);
    nlohmann::ordered_json j;
    j["wins"] = t.wins;
    j["draws"] = t.draws;
    j["losses"] = t.losses;
    out[side < 0 ? "a_total" : side == 0 ? "a_first" : "a_second"] = j;
  }
  std::vector<double> points;
  for (const GameRecord& g : r.games) points.push_back(g.points_a());
  out["pentanomial"] = pentanomial(points);
  const EloEstimate& e = r.elo;
  nlohmann::ordered_json elo;
  elo["score"] = e.score;
  elo["elo"] = number_or_null(e.elo);  // null: infinite (every game won or lost)
  elo["low"] = number_or_null(e.low);
  elo["high"] = number_or_null(e.high);
  elo["margin"] = number_or_null(e.margin);
  elo["model"] = e.paired ? "pentanomial" : "trinomial";
  elo["superiority"] = e.superiority;
  out["elo"] = elo;
  std::cout << out.dump() << "\n";
}

}  // namespace

int run_match(const Args& args) {
  const Game game = make_game(args.positional[0]);
  MatchOptions options;
  options.games = static_cast<int>(args.get_int("games", 20, 1, 1000000));
  options.openings.count = static_cast<int>(args.get_int("openings", 0, 1, 1000000));
  options.openings.turns = static_cast<int>(args.get_int("opening-turns", -1, 0, game.cell_count() - 1));
  options.openings.balanced = !args.has("unbalanced");
  options.openings.seed = static_cast<uint64_t>(args.get_int("seed", 1, 0, 1L << 62));
  options.concurrency = static_cast<int>(args.get_int("concurrency", 1, 1, 256));
  const std::string commands[2] = {args.get("a-command"), args.get("b-command")};
  const PlayerSpec a = parse_player("a", args.get("a"), commands[0], "A");
  const PlayerSpec b = parse_player("b", args.get("b"), commands[1], "B");
  for (int p = 0; p < 2; ++p)
    if (args.has(p == 0 ? "a-command" : "b-command")) {
      const std::string why = protocol_cannot_play(game);
      if (!why.empty()) throw InputError(std::string("--") + (p == 0 ? "a" : "b") + "-command: " + why);
    }
  const std::string description[2] = {describe(args.get("a"), commands[0]), describe(args.get("b"), commands[1])};

  const bool progress = !args.has("quiet");
  if (progress) std::cerr << "A = " << description[0] << "\nB = " << description[1] << "\n";
  double points = 0;
  const GameReport report = [&](const GameRecord& g, int finished) {
    points += g.points_a();
    if (!progress) return;
    std::cerr << "[" << finished << "/" << options.games << "] game " << g.index + 1 << ", opening " << g.opening + 1
              << ", " << (g.a_first ? "A" : "B") << " first: " << result_text(g) << " (" << g.reason << ", "
              << g.turns.size() << " turns); A " << points << " - " << finished - points << " B\n";
  };
  const MatchResult r = play_match(game, a, b, options, report);
  if (args.has("json")) print_json(game, r, description, options);
  else print_tables(game, r, description, options);
  return 0;
}

}  // namespace kinrow::cli
