// kinrow table misere: Steele & Larremore's Table 1 recomputed. Every board of the range is
// settled two independent ways where both are in reach -- exact search with no strategy knowledge,
// and exhaustive verification of the paper's strategy for the side it says wins (or both
// sides' drawing strategies) -- and both are compared with what the paper claims.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "cli/commands.h"
#include "cli/format.h"
#include "cli/grid_report.h"
#include "cli/out_of_time.h"
#include "cli/range_option.h"
#include "cli/version.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/text_file.h"
#include "games/board_dispatch.h"
#include "games/families.h"
#include "search/solver.h"
#include "search/sum_certificate.h"
#include "search/sum_solver.h"
#include "strategy/misere_paper.h"
#include "strategy/strategy.h"
#include "strategy/verifier.h"

namespace kinrow::cli {
namespace {

struct SearchOutcome {
  bool tried = false, done = false;
  Outcome outcome = Outcome::Draw;
  uint64_t nodes = 0;
  double seconds = 0;
  std::string method;       // "alphabeta" or "parts": the search that settled the board
  std::string certificate;  // file written, if any
};

struct SideCheck {  // one player's strategy, verified
  const KnowledgeStrategy* strategy = nullptr;
  Claim claim = Claim::Win;
  StrategyVerification result;
  bool holds() const {
    return strategy && result.complete && result.guarantee != Guarantee::None &&
           (claim == Claim::NotLose || result.guarantee == Guarantee::Win);
  }
};

struct Board {
  int k = 0, width = 0, height = 0;
  std::string spec;
  bool exists = true;  // false: no such game (k does not fit the board at all)
  std::optional<Outcome> paper;
  SearchOutcome search;
  SideCheck side[2];
  std::optional<Outcome> by_strategy;
  bool strategy_failed = false;  // a strategy did not hold what its source claims
  bool disagrees = false;
};

// The board's certificate file in `dir`, named in `s`.
const std::string& certificate_path(const std::string& dir, const Game& game, SearchOutcome& s) {
  std::string name = game.spec;
  for (char& c : name)
    if (c == ':' || c == ',') c = '_';
  s.certificate = dir + "/" + name + ".cert";
  return s.certificate;
}

void write_certificate_to(const std::string& dir, const Game& game, const Certificate& certificate,
                          SearchOutcome& s) {
  std::ofstream file(certificate_path(dir, game, s));
  if (!file) throw InputError("cannot write \"" + printable(s.certificate) + "\"");
  write_certificate(file, game, certificate);
}



// Alpha-beta on the Connect Four bitboard (claimeven off: no strategy knowledge).
void search_by_alphabeta(const Game& game, double budget, const std::string& certificate_dir,
                         ProgressLine& progress, SearchOutcome& s) {
  SolveOptions options;
  options.weak = true;
  options.gravity.threads = 1;
  options.gravity.techniques.claimeven = false;  // no strategy knowledge (child bounds are claimeven's)
  options.certificate = !certificate_dir.empty();
  options.monitor.interval_seconds = 0.5;
  options.monitor.on_progress = [&](const SearchProgress& p) {
    progress.show(game.spec + "  search  " + with_commas(p.nodes) + " nodes  " + seconds_text(p.seconds));
    if (p.seconds > budget) throw OutOfTime{};
  };
  SolveResult r;
  try {
    r = solve(Position(game), options);
  } catch (const std::logic_error&) {
    // The weak search's certificate extraction can fail to find a move it had scored
    // (seen on connect:17x1x3,misere,cylinder); the strong search's extraction does not.
    if (!options.certificate) throw;
    options.weak = false;
    r = solve(Position(game), options);
  }
  s.done = true;
  s.method = "alphabeta";
  s.outcome = game_outcome(r.value, 0);  // the empty board: the first player moves
  s.nodes = r.nodes;
  if (r.certificate) write_certificate_to(certificate_dir, game, *r.certificate, s);
}

// The search by parts (search/sum_solver.h): long flat boards fall apart into pieces.
void search_by_parts(const Game& game, double budget, const std::string& certificate_dir, ProgressLine& progress,
                     SearchOutcome& s) {
  SearchMonitor monitor;
  monitor.interval_seconds = 0.5;
  monitor.on_progress = [&](const SearchProgress& p) {
    progress.show(game.spec + "  search by parts  " + with_commas(p.nodes) + " nodes  " + seconds_text(p.seconds));
    if (p.seconds > budget) throw OutOfTime{};
  };
  SumSolver solver(game, automatic_table_megabytes(game), monitor);
  const Position start(game);
  kinrow::Board<1> board(solver.tables());
  replay(board, start);
  const SumSolution solution = solver.solve(board);
  // The certificate's walk searches too, within the same budget: as with alpha-beta, a
  // board counts as settled only with its certificate, when one is asked for.
  if (!certificate_dir.empty()) {
    std::ofstream file(certificate_path(certificate_dir, game, s));
    if (!file) throw InputError("cannot write \"" + printable(s.certificate) + "\"");
    CertificateWriter writer(file, game);
    write_sum_certificate(solver, start, solution.value, writer);
    file.close();
    if (!file) throw InputError("writing \"" + printable(s.certificate) + "\" failed");
  }
  s.done = true;
  s.method = "parts";
  s.outcome = game_outcome(solution.value, 0);
  s.nodes = solution.nodes;
}

// Alpha-beta first, for a tenth of the budget (at least 5 s, at most half) where the
// search by parts applies, then the search by parts for the rest: each is far faster
// than the other on some boards (alpha-beta on tall ones, parts on long flat ones).
SearchOutcome search_board(const Game& game, double budget, const std::string& certificate_dir,
                           ProgressLine& progress) {
  SearchOutcome s;
  s.tried = true;
  const bool parts = !sum_solver_refusal(game);
  const double first = parts ? std::max(budget / 10, std::min(5.0, budget / 2)) : budget;
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  try {
    search_by_alphabeta(game, first, certificate_dir, progress, s);
  } catch (const OutOfTime&) {
  }
  if (!s.done && parts && elapsed() < budget) {
    try {
      search_by_parts(game, budget - elapsed(), certificate_dir, progress, s);
    } catch (const OutOfTime&) {
    }
  }
  s.seconds = elapsed();
  return s;
}

// The first strategy that claims something for `player` on this board.
void check_side(const Game& game, int player, uint64_t max_positions, SideCheck& check, ProgressLine& progress) {
  for (const auto& s : knowledge_strategies()) {
    const StrategyPromise p = s->promise(game, player, false);
    if (!p.applies || !p.has_claim) continue;
    check.strategy = s.get();
    check.claim = p.claim;
    VerifyOptions options;
    options.max_positions = max_positions;
    options.on_progress = [&](const VerifyProgress& p) {
      progress.show(game.spec + "  " + s->name() + " for player " + std::to_string(player + 1) + "  " +
                    verify_progress_text(p));
    };
    check.result = verify_strategy(game, *s, player, options);
    return;
  }
}

// --from FILE: results of earlier runs, one JSON object a line, as this command's --json,
// `kinrow strategy verify --json` and `kinrow solve --json` print them. A verification
// run of hours (checkpointed, resumed) then joins the table like any other, and the page
// is drawn from what was computed, never from what was typed.
struct Record {
  nlohmann::json json;
  std::string where;  // file:line, for messages
};

void read_records(const std::string& path, std::map<std::string, std::vector<Record>>& out) {
  InputFile in(path);
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    Record r{nlohmann::json::parse(text, nullptr, false), printable(path) + ":" + std::to_string(line)};
    if (!r.json.is_object() || !r.json.contains("game") || !r.json["game"].is_string())
      throw InputError(r.where + ": not a JSON result with a \"game\"");
    // Keyed by the canonical spec where there is such a game (a board k fits nowhere on
    // is none, and has no result to take).
    std::string spec = r.json["game"].get<std::string>();
    try {
      spec = make_game(spec).spec;
    } catch (const InputError&) {
    }
    out[spec].push_back(std::move(r));
  }
}

// `paths`: files separated by commas, read in order.
std::map<std::string, std::vector<Record>> read_records(const std::string& paths) {
  std::map<std::string, std::vector<Record>> out;
  std::istringstream list(paths);
  for (std::string path; std::getline(list, path, ',');) read_records(path, out);
  return out;
}

// One side's verification from a record: the strategy must be one that claims something
// for that player on this board (the claim is the strategy's own, not the run's --claim).
void take_verification(const nlohmann::json& j, const Game& game, int player, Board& b, const std::string& where) {
  SideCheck& side = b.side[player];
  const KnowledgeStrategy& strategy = find_strategy(j.at("strategy").get<std::string>());
  const StrategyPromise promise = strategy.promise(game, player, false);
  if (j.value("relaxed", false)) throw InputError(where + ": a result of the relaxed game, not of the rules");
  if (!promise.applies || !promise.has_claim)
    throw InputError(where + ": " + strategy.name() + " claims nothing for player " + std::to_string(player + 1) +
                     " on " + game.spec);
  const std::string guarantee = j.at("guarantee").get<std::string>();
  StrategyVerification v;
  v.complete = guarantee != "not finished" && guarantee != "unknown" && j.value("complete", true);
  v.guarantee = guarantee == "win" ? Guarantee::Win : guarantee == "at least draw" ? Guarantee::NotLose : Guarantee::None;
  v.positions = j.value("positions", uint64_t{0});
  v.seconds = j.value("seconds", 0.0) + j.value("resumed_seconds", 0.0);
  if (side.strategy && side.result.complete) {  // a second finished run must agree with the first
    b.disagrees |= v.complete && v.guarantee != side.result.guarantee;
    return;
  }
  side.strategy = &strategy;
  side.claim = promise.claim;
  side.result = v;
}

void take_record(const Record& r, const Game& game, Board& b) {
  const nlohmann::json& j = r.json;
  const std::string& where = r.where;
  try {
    if (j.contains("strategy") && j.contains("player")) {  // kinrow strategy verify --json
      const int player = j.at("player").get<int>() - 1;
      if (player != 0 && player != 1) throw InputError(where + ": player " + std::to_string(player + 1));
      take_verification(j, game, player, b, where);
      return;
    }
    std::optional<Outcome> searched;
    SearchOutcome s;
    if (j.contains("k")) {  // kinrow table misere --json
      for (int player = 0; player < 2; ++player) {
        const char* key = player == 0 ? "first_player_strategy" : "second_player_strategy";
        if (j.contains(key)) take_verification(j.at(key), game, player, b, where);
      }
      if (!j.contains("search")) return;
      const std::string word = j.at("search").get<std::string>();
      if (word != "out of time") searched = word == "first" ? Outcome::First : word == "second" ? Outcome::Second : Outcome::Draw;
      s.tried = true;
      s.nodes = j.value("search_nodes", uint64_t{0});
      s.seconds = j.value("search_seconds", 0.0);
      s.method = j.value("search_method", "");
    } else if (j.contains("value") && j.value("moves", "") == "") {  // kinrow solve --json, the empty board
      const std::string value = j.at("value").get<std::string>();
      searched = value == "first-player-win" ? Outcome::First : value == "second-player-win" ? Outcome::Second : Outcome::Draw;
      s.tried = true;
      s.nodes = j.value("nodes", uint64_t{0});
      s.seconds = j.value("seconds", 0.0);
      s.method = j.value("method", "");
    } else {
      throw InputError(where + ": neither a table, a strategy verify nor a solve result of the empty board");
    }
    if (!searched) {
      if (!b.search.tried) b.search = s;
      return;
    }
    if (b.search.done) {  // a second search must agree with the first
      b.disagrees |= b.search.outcome != *searched;
      return;
    }
    s.done = true;
    s.outcome = *searched;
    b.search = s;
  } catch (const nlohmann::json::exception& e) {
    throw InputError(where + ": " + e.what());
  }
}

// What the board's search and verified strategies establish, and whether anything
// disagrees: the search, the strategies, the paper, or a strategy with its own claim.
void settle(Board& b) {
  b.strategy_failed = false;
  for (const SideCheck& c : b.side)
    if (c.strategy && c.result.complete && !c.holds()) b.strategy_failed = true;
  b.by_strategy.reset();
  for (int player = 0; player < 2; ++player)
    if (b.side[player].holds() && b.side[player].result.guarantee == Guarantee::Win)
      b.by_strategy = player == 0 ? Outcome::First : Outcome::Second;
  if (!b.by_strategy && b.side[0].holds() && b.side[1].holds()) b.by_strategy = Outcome::Draw;
  std::vector<Outcome> values;
  if (b.search.done) values.push_back(b.search.outcome);
  if (b.by_strategy) values.push_back(*b.by_strategy);
  if (b.paper && !values.empty()) values.push_back(*b.paper);
  for (Outcome v : values) b.disagrees |= v != values.front();
  b.disagrees |= b.strategy_failed;
}

std::string mark_text(const Board& b) {
  std::string text;
  if (!b.exists) return "—";
  const std::optional<Outcome> value = b.search.done ? std::optional(b.search.outcome) : b.by_strategy;
  if (!value) return b.paper ? std::string("? (paper: ") + outcome_short(*b.paper) + ")" : "?";
  text = outcome_short(*value);
  text += " ";
  if (b.search.done) text += "S";
  if (b.by_strategy) text += "V";
  if (b.paper && !b.disagrees) text += " ✓";
  if (b.disagrees) text += std::string(" ✗") + (b.paper ? std::string(" paper: ") + outcome_short(*b.paper) : "");
  return text;
}

}  // namespace

int run_table_misere(const Args& args) {
  const Range ks = parse_range(args, "k", {2, 5}, 16);
  const Range widths = parse_range(args, "width", {1, 8}, 32);
  const Range heights = parse_range(args, "height", {1, 8}, 32);
  const bool annulus = args.has("cylinder");
  const int search_cells = static_cast<int>(args.get_int("search-cells", 30, 0, 64));
  const double search_seconds = static_cast<double>(args.get_int("search-seconds", 60, 1, 1 << 30));
  const uint64_t max_positions = static_cast<uint64_t>(args.get_int("max-positions", 20'000'000, 0, 1L << 40));
  const std::string certificate_dir = args.get("certificates");
  if (!certificate_dir.empty()) std::filesystem::create_directories(certificate_dir);
  ProgressLine progress(!args.has("quiet"));
  std::optional<std::map<std::string, std::vector<Record>>> records;
  if (args.has("from")) records = read_records(args.get("from"));

  std::vector<Board> boards;
  int disagreements = 0, failures = 0;
  double search_total = 0, verify_total = 0;
  for (int k = ks.first; k <= ks.last; ++k)
    for (int h = heights.first; h <= heights.last; ++h)
      for (int w = widths.first; w <= widths.last; ++w) {
        Board b;
        b.k = k;
        b.width = w;
        b.height = h;
        b.spec = "connect:" + std::to_string(w) + "x" + std::to_string(h) + "x" + std::to_string(k) + ",misere" +
                 (annulus ? ",cylinder" : "");
        b.paper = misere_paper_claim(k, w, h, annulus);
        std::optional<Game> game;
        try {
          game = make_game(b.spec);
        } catch (const InputError&) {
          b.exists = false;  // k fits neither across nor up: nobody can ever connect
        }
        if (game && records) {
          const auto found = records->find(b.spec);
          if (found != records->end())
            for (const Record& r : found->second) take_record(r, *game, b);
          settle(b);
        } else if (game) {
          if (w * h <= search_cells) b.search = search_board(*game, search_seconds, certificate_dir, progress);
          for (int player = 0; player < 2 && max_positions; ++player)
            check_side(*game, player, max_positions, b.side[player], progress);
          settle(b);
        }
        search_total += b.search.seconds;
        for (const SideCheck& c : b.side) verify_total += c.result.seconds;
        disagreements += b.disagrees;
        failures += b.strategy_failed;
        progress.clear();
        if (args.has("json")) {
          nlohmann::ordered_json out;
          out["game"] = b.spec;
          out["k"] = k;
          out["width"] = w;
          out["height"] = h;
          out["paper"] = b.paper ? outcome_word(*b.paper) : "none";
          if (b.search.tried) {
            out["search"] = b.search.done ? outcome_word(b.search.outcome) : "out of time";
            out["search_nodes"] = b.search.nodes;
            if (b.search.done) out["search_method"] = b.search.method;
            out["search_seconds"] = b.search.seconds;
            if (!b.search.certificate.empty()) out["certificate"] = b.search.certificate;
          }
          for (int player = 0; player < 2; ++player) {
            const SideCheck& c = b.side[player];
            if (!c.strategy) continue;
            nlohmann::ordered_json j;
            j["strategy"] = c.strategy->name();
            j["claim"] = claim_name(c.claim);
            j["guarantee"] = c.result.complete ? guarantee_name(c.result.guarantee) : "not finished";
            j["positions"] = c.result.positions;
            j["seconds"] = c.result.seconds;
            if (!c.result.failure.empty()) {
              std::vector<Turn> turns;
              for (Cell cell : c.result.counterexample) turns.push_back({cell});
              j["counterexample"] = format_turns(*game, turns);
              j["failure"] = c.result.failure;
            }
            out[player == 0 ? "first_player_strategy" : "second_player_strategy"] = j;
          }
          out["strategies"] = b.by_strategy ? outcome_word(*b.by_strategy) : "none";
          out["disagrees"] = b.disagrees;
          out["built_from"] = kBuiltFrom;
          std::cout << out.dump() << std::endl;
        } else if (!args.has("quiet")) {
          std::cerr << b.spec << ": " << mark_text(b) << "\n";
        }
        boards.push_back(std::move(b));
      }

  // One grid: a row per (k, height), a column per width.
  Grid grid;
  grid.corner = "k, height \\ width";
  for (int w = widths.first; w <= widths.last; ++w) grid.columns.push_back(std::to_string(w));
  for (int k = ks.first; k <= ks.last; ++k)
    for (int h = heights.first; h <= heights.last; ++h)
      grid.rows.push_back("k=" + std::to_string(k) + " h=" + std::to_string(h));
  grid.cells.assign(grid.rows.size(), std::vector<GridCell>(grid.columns.size()));
  const int per_k = heights.last - heights.first + 1;
  for (const Board& b : boards) {
    GridCell& cell = grid.cells[(b.k - ks.first) * per_k + b.height - heights.first][b.width - widths.first];
    cell.present = true;
    cell.text = mark_text(b);
    const std::optional<Outcome> value = b.search.done ? std::optional(b.search.outcome) : b.by_strategy;
    cell.fill = !value ? "#f4f4f4" : *value == Outcome::First ? "#f3b0a8" : *value == Outcome::Second ? "#a8c4f3" : "#dcdcdc";
    cell.flagged = b.disagrees;
    if (b.search.done) cell.detail = seconds_text(b.search.seconds);
  }
  const std::string title = std::string("Misère Connect-k") + (annulus ? " on an annulus (columns wrap)" : "") +
                            ": who wins on w×h";
  write_svg_option(args, grid, title,
                   {{"#f3b0a8", "first player wins"},
                    {"#a8c4f3", "second player wins"},
                    {"#dcdcdc", "draw"},
                    {"#f4f4f4", "not settled in the budget"},
                    {"none", "S: exact search, V: paper's strategy verified; red border: disagreement"}});
  if (args.has("json")) return disagreements ? 1 : 0;

  TablePage page(args);
  std::ostream& out = page.out();
  page.head(title);
  if (records) {
    out << "Drawn from the results given to --from: JSON lines printed by earlier runs (for the\n"
        << "records of bench/data/misere-records, its README names the commands). `S`: settled by exact search with no\n"
        << "strategy knowledge. `V`: settled by verifying the paper's strategy against every defence\n"
        << "(for the side it says wins, or both sides' drawing strategies). `✓`: agrees with the paper;\n"
        << "`✗`: a disagreement (with the paper, or between two runs); `?`: no result settles it; `—`:\n"
        << "k fits nowhere on the board, so no line can be completed (a draw by the rules alone).\n\n";
  } else {
  out << "`S`: settled by exact search with no strategy knowledge (boards of at most " << search_cells
      << " cells,\n" << search_seconds << " s each: alpha-beta, then the search by parts). `V`: settled by verifying the paper's strategy against every\n"
      << "defence (for the side it says wins, or both sides' drawing strategies; "
      << (max_positions ? "at most\n" + with_commas(max_positions) + " positions each)" : std::string("none run\nhere: --max-positions 0)"))
      << ". `✓`: agrees with the paper; `✗`: a disagreement; `?`:\n"
      << "settled by neither within those limits; `—`: k fits nowhere on the board, so no line can\n"
      << "be completed (a draw by the rules alone).\n\n";
  }
  write_markdown_grid(out, grid);
  int by_search = 0, by_strategy = 0, by_both = 0, settled = 0, existing = 0;
  for (const Board& b : boards) {
    existing += b.exists;
    by_search += b.search.done;
    by_strategy += b.by_strategy.has_value();
    by_both += b.search.done && b.by_strategy;
    settled += b.search.done || b.by_strategy;
  }
  out << "\n" << existing << " boards: " << by_search << " settled by search, " << by_strategy
      << " by a verified strategy (" << by_both << " both ways), " << existing - settled << " by neither; "
      << disagreements << " disagreements. Search " << seconds_text(search_total) << ", strategy verification "
      << seconds_text(verify_total) << ".\n";
  bool header = false;
  for (const Board& b : boards)
    for (int player = 0; player < 2; ++player) {
      const SideCheck& c = b.side[player];
      if (!c.strategy || !c.result.complete || c.holds()) continue;
      if (!header) out << "\nStrategies that did not hold their claim:\n\n";
      header = true;
      std::vector<Turn> turns;
      for (Cell cell : c.result.counterexample) turns.push_back({cell});
      const Game game = make_game(b.spec);
      out << "- " << b.spec << ": " << c.strategy->name() << " for player " << player + 1 << " claims "
          << claim_name(c.claim) << ", guarantees " << guarantee_name(c.result.guarantee) << "; "
          << (c.result.failure.empty() ? "" : "counterexample " + format_turns(game, turns) + " (" + c.result.failure + ")")
          << "\n";
    }
  return disagreements ? 1 : 0;
}

}  // namespace kinrow::cli
