// kinrow solve: the exact value of a position, a best move, and optionally a certificate.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "cli/certificate_file.h"
#include "cli/commands.h"
#include "cli/format.h"
#include "cli/gravity_options.h"
#include "cli/interrupt.h"
#include "cli/pairing_options.h"
#include "cli/solve_batch.h"
#include "cli/solve_split.h"
#include "cli/table_saves.h"
#include "cli/tile_solve.h"
#include "cli/version.h"
#include "core/clock.h"
#include "core/error.h"
#include "core/notation.h"
#include "games/families.h"
#include "games/board_dispatch.h"
#include "search/dfpn.h"
#include "search/dfpn_solve.h"
#include "search/method_choice.h"
#include "core/memory.h"
#include "search/solver.h"
#include "search/sum_certificate.h"
#include "search/sum_solver.h"

namespace kinrow::cli {

const CommandSpec kSolveSpec = {
    "solve",
    "SPEC [--moves M] [options]",
    "Find the game-theoretic value of a position by exact search.",
    "Negamax alpha-beta with a transposition table of fixed size, null-window iterative\n"
    "deepening on the score (draws and quick wins first), move ordering, immediate wins\n"
    "and forced blocks, and symmetric positions merged. Reports the value for the side to\n"
    "move, the value of the game for the first player, a best move, and the number of\n"
    "turns to the end under perfect play (the winner hurries, the loser delays).\n\n"
    "Df-pn (--method pns) proves \"the side to move wins\" and \"the opponent wins\" by\n"
    "depth-first proof-number search with threat knowledge (immediate wins, forced blocks,\n"
    "wins by continuous threats, and only the cells that could spoil a threatened one),\n"
    "pairings (a defender whose pairs hold every open line holds; one pair may serve\n"
    "several lines), dead lines and cells, dominated moves, symmetry at every node, and\n"
    "the zones of disproofs: a stone outside the cells a refuted sibling's disproof\n"
    "needs is refuted with it. It reports the value only.\n\n"
    "With no --method, kinrow chooses and says why: df-pn on every core (at most 4) with a\n"
    "table sized from the board and the free memory, where there is no gravity and at\n"
    "least 20 cells are empty; else alpha-beta (the Connect Four solver under gravity).\n\n"
    "A long solve can be stopped and resumed: --seconds (or Ctrl-C) stops it, and with\n"
    "--table-file its table is saved then and read back by the same command run again,\n"
    "which goes on where it stopped. The table is also saved every half hour while the\n"
    "search runs (--save-every), so a run killed without warning loses at most that.\n"
    "A solve stopped before its value exits with status 4 (130 after Ctrl-C) and says where\n"
    "it got to: the question still open (\"does the first player win?\") with its root's\n"
    "proof and disproof numbers, and what an earlier question settled (\"known\").\n\n"
    "examples:\n"
    "  kinrow solve connect:5x4x4\n"
    "  kinrow solve tictactoe --moves b2a1 --json\n"
    "  kinrow solve mnk:4x4x3 --certificate 4x4x3.cert   (then: kinrow verify mnk:4x4x3 4x4x3.cert)\n"
    "  kinrow solve square:6 --method pns --certificate square6.cert",
    {
        {"moves", "M", "moves from the empty board (docs/games.md: \"4453\", \"b2 c1\")"},
        {"weak", "", "win/draw/loss only, without the distance (faster)"},
        {"method", "M", "alphabeta, pns (df-pn: win/draw/loss),\n"
                        "parts (the position as a sum of independent parts: win/draw/loss, one stone a\n"
                        "turn on mnk and connect boards of at most 31 cells; long flat boards)\n"
                        "tile (maker-breaker on at most 64 cells, the only method for tile games,\n"
                        "p=1..P and b=N: docs/tiles.md)\n"
                        "or auto (the default: tile for tile games; pns without gravity on positions of\n"
                        "20 empty cells or more, else alphabeta; the report says which and why. For the\n"
                        "distance to the end, ask alphabeta)"},
        {"batch", "FILE", "solve every line \"MOVES [SCORE]\" of FILE (- = stdin); print \"MOVES SCORE\";\n"
                          "exit 1 if an expected SCORE differs"},
        {"generic", "", "use the generic hypergraph board even where a bitboard exists"},
        {"threads", "N", "searches sharing one table, on gravity boards and with df-pn (helpers search\n"
                         "the same root another way; node counts then vary from run to run; default:\n"
                         "one per core, at most 4 for df-pn)"},
        without_option(),
        expect_option(),
        pairing_option(),
        no_pairing_option(),
        {"tt-mb", "N", "transposition table size in MiB (default: alpha-beta 256, less on small boards;\n"
                       "df-pn 64, or on boards of 56 cells and more a quarter of the free memory, at\n"
                       "most 1024)"},
        {"row-values", "N", "--method parts on one row of misère play: decide positions whose parts in the\n"
                            "game of safe moves are at most N cells long by their combinatorial values\n"
                            "(docs/misere.md, \"Values of one row\"; default 16, 0: off)"},
        {"threats", "HOW", "df-pn, not under gravity: how wins by continuous threats are found: dfs\n"
                           "(depth first, the default) or db (dependency-based search with combination\n"
                           "of threats, Allis 1994: the same answers, slower; to cross-check)"},
        {"threat-order", "N", "df-pn with several stones a turn: the order of the threat-space search that\n"
                              "proves a win for the side to move (1 double threats, 2 single threats\n"
                              "too; 0 off; default 2 on boards of more than 64 cells, else 1;\n"
                              "docs/threats.md)"},
        {"zone-order", "N", "df-pn with several stones a turn: a player who withholds the r stones left\n"
                            "of his turn must stop the opponent's threat win of order N - r; only the\n"
                            "stones in its relevance zone are tried (default p + 1 on boards of more\n"
                            "than 64 cells, else p; 0 off)"},
        {"wins", "PLAYER", "df-pn: ask only whether PLAYER (first or second) wins: one proof instead of two.\n"
                           "Where the winner is expected, this skips the disproof of the other side's win,\n"
                           "which the relevance zones do not help (Connect(6,2,3)). A no is reported as\n"
                           "the other player's not-lose"},
        {"certificate", "FILE", "write a strategy certificate (docs/certificates.md; a NAME.gz compressed)"},
        {"certificate-from-empty", "", "when --moves is one opening turn after which its player wins: the\n"
                                       "certificate starts at the empty board, with that turn as his first\n"
                                       "entry (a win of the game; kinrow verify re-checks it from the start)"},
        {"no-disproof-zones", "", "df-pn: do not refute the attacker's moves by the zones of\n"
                                  "refuted siblings (to measure them, and to cross-check)"},
        {"split", "", "df-pn: prove each move of the side to move (one per symmetry class) on its own,\n"
                      "with a table of its own and, with --threads N, N moves at once; then the\n"
                      "opponent's question whole; the certificate is joined from the proofs. Keeps a\n"
                      "long proof move by move (--split-dir). Where df-pn on the whole position\n"
                      "decides, not faster; where every move is refuted and the whole swings between\n"
                      "them, it decides what the whole does not (Connect6 8x8; docs/parallel.md)"},
        {"split-dir", "DIR", "--split: keep each answer and certificate (the moves', the opponent's) in DIR\n"
                             "as it comes, so that the same command run again goes on from what is left;\n"
                             "an answer is kept when its proof decides, before its certificate is written"},
        {"seconds", "S", "stop after S seconds if the value is not found by then (df-pn and alpha-beta)"},
        {"table-file", "PATH", "keep the search's table in PATH: read if it exists, written when the search\n"
                               "ends, decided or stopped (--seconds, Ctrl-C), so that the same command run\n"
                               "again goes on where it stopped. Df-pn, and alpha-beta on gravity boards\n"
                               "(the bitboard); the same --tt-mb every time. One run at a time: another\n"
                               "run on the same PATH is refused while this one holds NAME.lock beside it\n"
                               "(docs/parallel.md)"},
        save_every_option("with --table-file or --split-dir"),
        bounds_over_option("with --table-file or --split-dir"),
        {"json", "", "print one JSON object instead of text"},
        {"quiet", "", "no progress on stderr"},
    },
    1,
    1,
};

namespace {

// The fields every solve answer starts with, whichever method found it.
nlohmann::ordered_json value_json(const Game& game, const Position& position, Value value, const char* method) {
  nlohmann::ordered_json out;
  out["game"] = game.spec;
  out["moves"] = format_turns(game, position.history());
  out["method"] = method;
  out["to_move"] = player_name(position.to_move());
  out["value"] = game_value_name(value, position.to_move());
  out["to_move_value"] = value_name(value);
  return out;
}

// "df-pn on 2 threads, a table of 1024 MiB".
std::string dfpn_setup(const MethodChoice& choice) {
  return "df-pn on " + std::to_string(choice.threads) + " thread" + (choice.threads > 1 ? "s" : "") +
         ", a table of " + std::to_string(choice.table_megabytes) + " MiB";
}

// --table-file in a report: the file, and whether this run went on from it.
void add_table_file(nlohmann::ordered_json& out, const Args& args, bool resumed) {
  if (!args.has("table-file")) return;
  out["table_file"] = args.get("table-file");
  out["resumed"] = resumed;
}
std::string table_file_text(const Args& args, bool resumed) {
  if (!args.has("table-file")) return "";
  return "table        saved to " + args.get("table-file") + (resumed ? " (this run went on from it)" : "") + "\n";
}

// The kept file's line of a report ("bounds", "proofs"): where it is and what was read
// from it, when there was something to read.
std::string kept_read_text(const std::string& kind, const std::string& path, std::optional<std::size_t> read) {
  if (!read || (*read == 0 && !std::filesystem::exists(path))) return "";
  return kind + std::string(13 - kind.size(), ' ') + path + ": " + with_commas(*read) + " positions read at the start\n";
}

// Why a solve stopped before its value (--seconds or Ctrl-C), for report_stopped.
struct Stopped {
  uint64_t nodes = 0;
  double seconds = 0;
  bool interrupted = false;  // Ctrl-C; else --seconds
  // Df-pn's answer: the question it left open, and what an earlier one settled.
  const DfpnResult* dfpn = nullptr;
  // With a table file, what was read at the start from the file kept beside it: alpha-beta's
  // bounds on the bitboard (search/kept_bounds.h), df-pn's answers (search/kept_proofs.h)
  // and, where the table file was missing, its open nodes (search/kept_open.h).
  std::optional<std::size_t> bounds_read, proofs_read, open_read;
  // Alpha-beta's last progress: its window, and on gravity boards the path it was on.
  SearchProgress where{};
};

// A solve stopped before its value: where it got to, and where its table is. Exit status
// 4 (130 after Ctrl-C).
int report_stopped(const Args& args, const Game& game, const Position& position, const char* method,
                   const Stopped& stopped, bool resumed) {
  const std::string why = stopped.interrupted ? "interrupted (Ctrl-C)" : "--seconds " + args.get("seconds") + " ran out";
  const DfpnResult* dfpn = stopped.dfpn;
  if (args.has("json")) {
    nlohmann::ordered_json out;
    out["game"] = game.spec;
    out["moves"] = format_turns(game, position.history());
    out["method"] = method;
    out["value"] = nullptr;
    out["stopped"] = stopped.interrupted ? "interrupt" : "seconds";
    out["nodes"] = stopped.nodes;
    out["seconds"] = stopped.seconds;
    if (dfpn && dfpn->known_not_lose) out["known"] = player_name(*dfpn->known_not_lose) + "-player-not-lose";
    if (dfpn && dfpn->open_attacker >= 0)
      out["open"] = {{"wins", player_name(dfpn->open_attacker)}, {"pn", dfpn->open_pn}, {"dn", dfpn->open_dn}};
    add_table_file(out, args, resumed);
    if (stopped.bounds_read) out["bounds_read"] = *stopped.bounds_read;
    if (stopped.proofs_read) out["proofs_read"] = *stopped.proofs_read;
    if (stopped.open_read) out["open_read"] = *stopped.open_read;
    add_stopped_where(out, stopped.where);
    if (args.has("certificate")) out["certificate"] = nullptr;  // not written: nothing was proved
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << "\n";
  } else {
    const std::string moves = format_turns(game, position.history());
    std::cout << "game         " << game.spec << "\n"
              << "moves        " << moves_or_empty_board(moves) << "\n"
              << "method       " << (std::string(method) == "pns" ? "df-pn" : "alpha-beta") << "\n"
              << "value        not decided: " << why << stopped_where_text(stopped.where) << "\n";
    if (dfpn && dfpn->known_not_lose)
      std::cout << "known        the " << player_name(1 - *dfpn->known_not_lose)
                << " player does not win (answered by the first proof)\n";
    auto number = [](uint32_t n) { return n >= kProofInfinity ? std::string("inf") : with_commas(n); };
    if (dfpn && dfpn->open_attacker >= 0)
      std::cout << "open         does the " << player_name(dfpn->open_attacker) << " player win? root pn "
                << number(dfpn->open_pn) << ", dn " << number(dfpn->open_dn) << " when it stopped\n";
    std::cout << "nodes        " << with_commas(stopped.nodes) << " (" << rate(stopped.nodes, stopped.seconds)
              << ")\n"
              << "time         " << seconds_text(stopped.seconds) << "\n"
              << table_file_text(args, resumed)
              << kept_read_text("bounds", kept_bounds_path(args.get("table-file")), stopped.bounds_read)
              << kept_read_text("proofs", kept_proofs_path(args.get("table-file")), stopped.proofs_read)
              << kept_read_text("open nodes", kept_open_path(kept_proofs_path(args.get("table-file"))),
                                stopped.open_read);
    if (args.has("table-file")) std::cout << "             run the same command again to go on\n";
    if (args.has("certificate")) std::cout << "certificate  not written: the value was not decided\n";
  }
  return stopped.interrupted ? 130 : 4;
}

// A df-pn answer; `choice` says how it ran, and why when kinrow chose (`chosen`).
// `certificate_entries`: the entries of the certificate written to --certificate's file.
int report_proof_numbers(const Args& args, const Game& game, const Position& position, const DfpnResult& result,
                         std::size_t certificate_entries, const MethodChoice& choice, bool chosen,
                         std::optional<std::size_t> proofs_read, std::optional<std::size_t> open_read) {
  const std::string certificate_path = args.get("certificate");
  const bool asked_one = args.has("wins");
  const std::string asked = args.get("wins");  // "first" or "second"
  // One question answered no (--wins): only that the other player does not lose.
  const std::string player = result.not_lose ? player_name(*result.not_lose) : "";
  const std::string game_value =
      result.not_lose ? player + "-player-not-lose" : game_value_name(result.value, position.to_move());
  const std::string to_move_value = result.not_lose ? (*result.not_lose == position.to_move() ? "not-lose" : "not-win")
                                                    : value_name(result.value);
  const std::string moves = format_turns(game, position.history());
  if (args.has("json")) {
    nlohmann::ordered_json out = value_json(game, position, result.value, "pns");
    out["value"] = game_value;
    out["to_move_value"] = to_move_value;
    out["question"] = asked_one ? nlohmann::json(asked + " wins") : nlohmann::json(nullptr);
    out["chosen"] = chosen ? nlohmann::json(choice.reason) : nlohmann::json(nullptr);
    out["threads"] = choice.threads;
    out["table_megabytes"] = choice.table_megabytes;
    out["nodes"] = result.nodes;
    out["seconds"] = result.seconds;
    add_table_file(out, args, result.resumed);
    if (proofs_read) out["proofs_read"] = *proofs_read;
    if (open_read) out["open_read"] = *open_read;
    if (result.certificate_written) {
      out["certificate"] = certificate_path;
      out["certificate_entries"] = certificate_entries;
      out["certificate_nodes"] = result.certificate_nodes;
      out["certificate_seconds"] = result.certificate_seconds;
    }
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "game         " << game.spec << "\n"
            << "moves        " << moves_or_empty_board(moves) << "\n"
            << "method       " << dfpn_setup(choice)
            << (asked_one ? " (one proof: " + asked + " wins)\n"
                          : " (two proofs: the side to move wins; else\n             the opponent wins)\n")
            << (chosen ? "chosen       " + choice.reason + "\n" : std::string())
            << "value        " << to_move_value << " for the side to move; game: " << game_value << "\n"
            << "nodes        " << with_commas(result.nodes) << " (" << rate(result.nodes, result.seconds) << ")\n"
            << "time         " << seconds_text(result.seconds) << "\n"
            << table_file_text(args, result.resumed)
            << kept_read_text("proofs", kept_proofs_path(args.get("table-file")), proofs_read)
            << kept_read_text("open nodes", kept_open_path(kept_proofs_path(args.get("table-file"))), open_read);
  if (result.certificate_written)
    std::cout << "certificate  " << certificate_path << " (" << with_commas(certificate_entries)
              << " entries, read off in " << seconds_text(result.certificate_seconds) << " with "
              << with_commas(result.certificate_nodes) << " nodes re-searched; check with: kinrow verify "
              << game.spec << " " << certificate_path << ")\n";
  return 0;
}

// --method parts: the value by the search that splits positions into independent parts.
int solve_by_parts(const Args& args, const Game& game, const Position& position, const SolveOptions& options,
                   ProgressLine& progress) {
  if (const auto why = sum_solver_refusal(game)) throw InputError(*why);
  if (position.over()) throw InputError("the game is already over");
  SearchMonitor monitor;
  monitor.on_progress = [&](const SearchProgress& p) {
    progress.show("parts  nodes " + with_commas(p.nodes) + "  " + rate(p.nodes, p.seconds) + "  " +
                  seconds_text(p.seconds));
  };
  SumSolver solver(game, options.table_megabytes ? options.table_megabytes : automatic_table_megabytes(game),
                   monitor);
  solver.value_rows(args.get_int("row-values", SumSolver::kDefaultRowPart, 0, RowValues::kMaxCells));
  Board<1> board(solver.tables());
  replay(board, position);
  const SumSolution solution = solver.solve(board);
  // The certificate goes to its file entry by entry as the walk finds it: tens of
  // millions of entries (the long annulus rows) are never held in memory.
  const bool certificate = options.certificate;
  const std::string certificate_path = args.get("certificate");
  std::size_t certificate_entries = 0;
  double certificate_seconds = 0;
  if (certificate) {
    const auto started = std::chrono::steady_clock::now();
    CertificateFile file(args, game, position);
    write_sum_certificate(solver, position, solution.value, file.sink());
    certificate_entries = file.finish();
    certificate_seconds = seconds_since(started);
  }
  progress.clear();
  if (args.has("json")) {
    nlohmann::ordered_json out = value_json(game, position, solution.value, "parts");
    out["nodes"] = solution.nodes;
    out["seconds"] = solution.seconds;
    if (certificate) {
      out["certificate"] = certificate_path;
      out["certificate_entries"] = certificate_entries;
      out["certificate_seconds"] = certificate_seconds;
    }
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << "\n";
    return 0;
  }
  const std::string moves = format_turns(game, position.history());
  std::cout << "game         " << game.spec << "\n"
            << "moves        " << moves_or_empty_board(moves) << "\n"
            << "method       search by parts (the value only)\n"
            << "value        " << value_name(solution.value) << " for the side to move; game: "
            << game_value_name(solution.value, position.to_move()) << "\n"
            << "nodes        " << with_commas(solution.nodes) << " (" << rate(solution.nodes, solution.seconds) << ")\n"
            << "time         " << seconds_text(solution.seconds) << "\n";
  if (certificate)
    std::cout << "certificate  " << certificate_path << " (" << with_commas(certificate_entries) << " entries, "
              << seconds_text(certificate_seconds) << "; check with: kinrow verify " << game.spec << " "
              << certificate_path << ")\n";
  return 0;
}

}  // namespace

int run_solve(const Args& args) {
  const Game game = make_game(args.positional[0]);
  const std::string method = args.get("method", "auto");
  if (method != "auto" && method != "alphabeta" && method != "pns" && method != "parts" && method != "tile")
    throw InputError("--method takes alphabeta, pns, parts, tile or auto, not \"" + printable(method) + "\"");
  const bool budgeted = args.has("seconds") || args.has("table-file");
  check_save_every(args, args.has("table-file") || args.has("split-dir"), "--table-file or --split-dir");
  check_bounds_over(args, args.has("table-file") || args.has("split-dir"), "--table-file or --split-dir");
  if (method == "tile" || (method == "auto" && breaker_answers_in_kind(game.rules))) {
    if (budgeted) throw InputError("--seconds and --table-file are for df-pn and alpha-beta, not tile games");
    return solve_tile_game(args, game);
  }
  SolveOptions options;
  options.gravity = gravity_settings(args, all_cores());
  options.table_megabytes = static_cast<std::size_t>(args.get_int("tt-mb", 0, 1, 1 << 20));
  options.weak = args.has("weak");
  options.certificate = args.has("certificate");
  options.generic_board = args.has("generic");
  options.pairing = pairing_mode(args);
  if (args.has("batch")) {
    if (method == "pns" || method == "parts")
      throw InputError("--method " + method + " does not run batches; use --method alphabeta");
    if (budgeted) throw InputError("--seconds and --table-file are for one position, not --batch");
    if (options.certificate || args.has("moves") || args.has("wins"))
      throw InputError("--batch reads its positions from the file; drop --moves, --wins and --certificate");
    return run_solve_batch(args, game, options);
  }
  const Position position = play_moves(game, args.get("moves"));
  const std::string certificate_path = args.get("certificate");
  check_certificate_options(args, position);
  ProgressLine progress(!args.has("quiet"));
  const double budget = args.has("seconds") ? args.get_double("seconds", 0, 1e-3, 1e9) : 0;
  options.table_file = args.get("table-file");
  options.save_every_seconds = save_every_seconds(args);
  options.kept_bounds_nodes = bounds_over_nodes(args, kDefaultKeptBoundsNodes);
  options.on_table_saved = save_notes(progress);
  // The budget is read where progress is shown: at least every `budget` seconds.
  if (budget > 0) options.monitor.interval_seconds = std::min(1.0, budget);
  options.monitor.on_progress = [&](const SearchProgress& p) {
    progress.show(search_progress_text(p));
    const bool interrupted = interrupt_requested().load();
    if (interrupted || (budget > 0 && p.seconds >= budget))
      throw Stopped{p.nodes, p.seconds, interrupted, nullptr, std::nullopt, std::nullopt, std::nullopt, p};
  };
  DfpnOptions proof_numbers;
  // Df-pn pairs by search/line_pairing.h: shared pairs unless --pairing hj asks for two
  // cells of its own per line (it has no matching sets).
  proof_numbers.pairing = options.pairing != PairingMode::Off;
  const std::string threats = args.get("threats", "dfs");
  if (threats != "dfs" && threats != "db")
    throw InputError("--threats takes dfs or db, not \"" + printable(threats) + "\"");
  proof_numbers.dependency_threats = threats == "db";
  proof_numbers.disproof_zones = !args.has("no-disproof-zones");
  proof_numbers.threat_order = static_cast<int>(args.get_int("threat-order", DfpnOptions::kAutomatic, 0, 8));
  proof_numbers.zone_order = static_cast<int>(args.get_int("zone-order", DfpnOptions::kAutomatic, 0, 8));
  std::optional<int> only_winner;
  if (args.has("wins")) {
    const std::string who = args.get("wins");
    if (who != "first" && who != "second")
      throw InputError("--wins takes first or second, not \"" + printable(who) + "\"");
    if (method != "pns") throw InputError("--wins asks df-pn one question; add --method pns");
    only_winner = who == "first" ? 0 : 1;
  }
  if (options.pairing == PairingMode::HalesJewett) proof_numbers.shared_pair_steps = 0;
  const auto started = std::chrono::steady_clock::now();
  double last_shown = 0;
  proof_numbers.on_progress = [&](uint64_t nodes, uint32_t pn, uint32_t dn) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (seconds < last_shown + 1) return;  // a line a second at most
    last_shown = seconds;
    progress.show("df-pn  nodes " + with_commas(nodes) + "  " + rate(nodes, seconds) + "  root pn " +
                  std::to_string(pn) + " dn " + std::to_string(dn) + "  " + seconds_text(seconds));
  };
  if (method == "parts") {
    if (budgeted) throw InputError("--seconds and --table-file are for df-pn and alpha-beta, not --method parts");
    return solve_by_parts(args, game, position, options, progress);
  }
  // A board past the search boards' size is named before any plan is announced.
  if (!position.over()) board_words(game.cell_count(), game.spec);
  // Df-pn and alpha-beta read Ctrl-C's flag (the other methods keep the usual Ctrl-C).
  stop_on_interrupt();
  // The method: the one asked for, or kinrow's choice (search/method_choice.h); df-pn's
  // threads and table as asked, else as chosen.
  MethodChoice choice = choose_method(position, all_cores(), available_memory_bytes());
  if (method == "alphabeta") choice = MethodChoice{};
  if (method == "pns") choice = proof_numbers_choice(position, all_cores(), available_memory_bytes());
  if (choice.method == SolveMethod::ProofNumbers) {
    args.forget({"without", "expect"});  // the gravity bitboard's
    if (args.has("threads")) choice.threads = static_cast<int>(args.get_int("threads", 1, 1, 256));
    if (args.has("tt-mb")) choice.table_megabytes = options.table_megabytes;
    if (!args.has("threads") && !args.has("tt-mb") && !choice.sizing.empty()) choice.reason += " " + choice.sizing;
    proof_numbers.threads = choice.threads;
    proof_numbers.table_megabytes = choice.table_megabytes;
    proof_numbers.seconds = budget;
    proof_numbers.table_file = options.table_file;
    proof_numbers.kept_proofs_nodes = bounds_over_nodes(args, kDefaultKeptProofsNodes);
    proof_numbers.save_every_seconds = options.save_every_seconds;
    proof_numbers.on_table_saved = options.on_table_saved;
    proof_numbers.interrupt = &interrupt_requested();
    if (args.has("split-dir") && !args.has("split")) throw InputError("--split-dir goes with --split");
    if (args.has("split")) return solve_split(args, position, proof_numbers, choice, progress);
    std::optional<std::size_t> proofs_read;  // from the answers kept beside the table file
    proof_numbers.on_kept_read = kept_read_note(progress, "", kept_proofs_path(options.table_file), proofs_read);
    std::optional<std::size_t> open_read;  // from the open nodes kept with them, where the table file is missing
    proof_numbers.on_open_read =
        kept_read_note(progress, "", kept_open_path(kept_proofs_path(options.table_file)), open_read);
    progress.note(dfpn_setup(choice) + (method == "auto" ? " (chosen: " + choice.reason + ")" : ""));
    // The certificate streams into its file as the walk finds it (Qubic's: 2.2 M entries).
    std::optional<CertificateFile> file;
    if (options.certificate) file.emplace(args, game, position);
    const DfpnResult result = dfpn_solve(position, proof_numbers, file ? &file->sink() : nullptr, only_winner);
    progress.clear();
    if (result.out_of_time || result.interrupted)
      return report_stopped(args, game, position, "pns",
                            {result.nodes, result.seconds, result.interrupted, &result, std::nullopt, proofs_read,
                             open_read, SearchProgress{}},
                            result.resumed);
    if (!result.complete)
      throw InputError("df-pn stopped before deciding the position (its proof numbers overflowed); "
                       "try --method alphabeta");
    const std::size_t entries = file && result.certificate_written ? file->finish() : 0;
    return report_proof_numbers(args, game, position, result, entries, choice, method == "auto", proofs_read,
                                open_read);
  }
  if (args.has("split")) throw InputError("--split is for df-pn; add --method pns");
  if (args.has("split-dir")) throw InputError("--split-dir goes with --split (and --method pns)");
  if (method == "auto") progress.note("alpha-beta (chosen: " + choice.reason + ")");
  // Read above to check their values, but df-pn's alone.
  args.forget({"threats", "zone-order", "threat-order", "no-disproof-zones"});
  std::optional<CertificateFile> file;
  if (options.certificate) {
    file.emplace(args, game, position);
    options.certificate_sink = &file->sink();
  }
  // Went on from the table, or from the bounds kept beside it (search/kept_bounds.h).
  bool resumed = !options.table_file.empty() && std::filesystem::exists(options.table_file);
  std::optional<std::size_t> bounds_read;  // read at the start, on the bitboard with a table file
  options.on_kept_bounds_read = kept_read_note(progress, "", kept_bounds_path(options.table_file), bounds_read);
  SolveResult result;
  try {
    result = solve(position, options);
  } catch (Stopped& stopped) {
    progress.clear();
    stopped.bounds_read = bounds_read;
    if (options.certificate || options.generic_board || !gravity_solver_applies(game))
      args.forget({"without", "expect", "threads"});  // the gravity bitboard's
    return report_stopped(args, game, position, "alphabeta", stopped, resumed || bounds_read.value_or(0) > 0);
  }
  progress.clear();
  resumed = resumed || bounds_read.value_or(0) > 0;
  const std::size_t certificate_entries = file && result.certificate_written ? file->finish() : 0;
  if (!result.bitboard) args.forget({"without", "expect", "threads"});  // the gravity bitboard's

  const std::string moves = format_turns(game, position.history());
  const std::string best = result.best_move ? format_turn(game, *result.best_move) : "";
  const char* game_value = game_value_name(result.value, position.to_move());
  if (args.has("json")) {
    nlohmann::ordered_json out = value_json(game, position, result.value, "alphabeta");
    out["chosen"] = method == "auto" ? nlohmann::json(choice.reason) : nlohmann::json(nullptr);
    out["best_move"] = result.best_move ? nlohmann::json(best) : nlohmann::json(nullptr);
    out["plies"] = result.plies >= 0 ? nlohmann::json(result.plies) : nlohmann::json(nullptr);
    out["score"] = result.score;
    if (result.connect_score) out["connect_score"] = *result.connect_score;
    out["exact"] = result.exact;
    out["nodes"] = result.nodes;
    out["seconds"] = result.seconds;
    out["windows"] = result.windows;
    if (result.bitboard && args.has("expect")) out["expect"] = args.get("expect");  // it ordered the windows
    out["table_megabytes"] = result.table_bytes >> 20;  // as df-pn's; the exact size beside it
    out["table_bytes"] = result.table_bytes;
    out["symmetries"] = result.symmetries;
    out["pairing"] = pairing_mode_name(options.pairing);
    out["pairing_cutoffs"] = result.pairing_cutoffs;
    add_table_file(out, args, resumed);
    if (bounds_read) out["bounds_read"] = *bounds_read;
    if (result.certificate_written) {
      out["certificate"] = certificate_path;
      out["certificate_entries"] = certificate_entries;
    }
    out["built_from"] = kBuiltFrom;
    std::cout << out.dump() << "\n";
    return 0;
  }
  std::cout << "game         " << game.spec << "\n";
  std::cout << "moves        " << moves_or_empty_board(moves) << "\n";
  std::cout << "to move      " << player_with_mark(position.to_move()) << "\n";
  std::cout << "method       alpha-beta\n";
  if (method == "auto") std::cout << "chosen       " << choice.reason << "\n";
  std::cout << "value        " << value_name(result.value) << " for the side to move; game: "
            << game_value << "\n";
  if (result.best_move) std::cout << "best move    " << best << "\n";
  if (result.plies >= 0)
    std::cout << "plies        " << result.plies << " to the end under perfect play (the game ends on move "
              << position.turns_played() + result.plies << ")\n";
  if (result.connect_score)
    std::cout << "score        " << *result.connect_score
              << " (Connect Four convention: 0 draw, > 0 the side to move wins, faster is larger)\n";
  std::cout << "nodes        " << with_commas(result.nodes) << " (" << rate(result.nodes, result.seconds)
            << ")\n";
  if (result.pairing_cutoffs)
    std::cout << "pairings     " << with_commas(result.pairing_cutoffs) << " cut-offs in "
              << with_commas(result.pairing_checks) << " positions examined ("
              << pairing_mode_name(options.pairing) << ")\n";
  std::cout << "time         " << seconds_text(result.seconds) << "\n" << table_file_text(args, resumed);
  std::cout << kept_read_text("bounds", kept_bounds_path(options.table_file), bounds_read);
  if (result.certificate_written)
    std::cout << "certificate  " << certificate_path << " (" << with_commas(certificate_entries)
              << " entries; check with: kinrow verify " << game.spec << " " << certificate_path
              << ")\n";
  return 0;
}

}  // namespace kinrow::cli
