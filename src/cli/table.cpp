// kinrow table: the value of a game family over a range of board sizes, each cell solved
// from the empty board, printed as Markdown, drawn as SVG, and checked against a file of
// published results.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.h"
#include "cli/format.h"
#include "cli/gravity_options.h"
#include "cli/grid_report.h"
#include "cli/interrupt.h"
#include "cli/out_of_time.h"
#include "cli/range_option.h"
#include "cli/table_saves.h"
#include "cli/version.h"
#include "core/error.h"
#include "core/outcome.h"
#include "core/text_file.h"
#include "games/families.h"
#include "search/gravity_solver.h"
#include "search/solver.h"

namespace kinrow::cli {

const CommandSpec kTableSpec = {
    "table",
    "connect [--width A..B] [--height A..B] [--max-sum N] [--check FILE] [options]\n"
    "       kinrow table misere [--k A..B] [--width A..B] [--height A..B] [--cylinder] [options]\n"
    "       kinrow table mnk [--k K] [--p P] [--q Q] [--size A..B] [options]",
    "Solve a family over a range of board sizes and tabulate the results.",
    "Each board of the range is solved from the empty board (strong: who wins and the move on\n"
    "which the game ends under perfect play), with the time it took; a board not solved within\n"
    "--board-seconds is named as such, with its time and nodes. The table is printed as\n"
    "Markdown; --svg draws it, --check compares every cell with a file of published results\n"
    "(\"WIDTH HEIGHT first|second|draw LAST-MOVE\" lines, e.g. bench/data/connect4-sizes.txt)\n"
    "and exits 1 on any disagreement, which the table and picture also flag; else a board out\n"
    "of its time makes the exit status 4, as a stopped solve's (Ctrl-C: 130 before either).\n"
    "--weak asks only who wins (what Tromp's table of w + h <= 15 gives), which is faster on\n"
    "the large boards; --expect second asks \"does the second player win?\" first, one window\n"
    "instead of two where he does (one setting for every board of the range).\n\n"
    "table misere recomputes Table 1 of Steele & Larremore (misere Connect-k): each board by\n"
    "exact search without strategy knowledge (boards of at most --search-cells cells,\n"
    "--search-seconds each: alpha-beta for a tenth of it, then the search by parts of solve\n"
    "--method parts) and by verifying the paper's strategy for the side it says wins, or both\n"
    "sides' drawing strategies, against every defence (kinrow strategy verify). Both are compared\n"
    "with the paper; a disagreement is flagged and the exit status is 1. --cylinder asks the\n"
    "paper's open question: columns wrap around (an annulus). Runs too long for one table --\n"
    "a verification of hours, a search of a day -- are done apart with --json and joined:\n"
    "--from FILE draws the table from such results (this command's --json lines, kinrow\n"
    "strategy verify --json, kinrow solve --json of the empty board) instead of computing.\n"
    "docs/misere.md.\n\n"
    "table mnk proves Connect(n,n,k,p,q) -- k in a row, p stones a turn, q on the first --\n"
    "on the empty n x n board for each n of --size, by df-pn with a certificate; the value\n"
    "printed is the one the checker reads from the certificate it accepts (exit status 4 if a\n"
    "board ran out of time). Defaults: Connect6's rules (k 6, p 2, q 1) on 6..12, one df-pn\n"
    "thread (--threads N for more). With --table-dir a board that runs out of --board-seconds\n"
    "(or Ctrl-C) keeps its df-pn table there, and the same command run again goes on with it.\n"
    "--split proves each first move on its own, then the second player's question on the whole\n"
    "board (solve --split; --threads N: N first moves at once, each with --tt-mb / N);\n"
    "--split-dir keeps each first move's answer and certificate as they come, so that the same\n"
    "command goes on from the moves left. docs/results.md.\n\n"
    "examples:\n"
    "  kinrow table connect                                   (every board with w+h <= 15)\n"
    "  kinrow table misere --k 2..5 --width 1..12 --height 1..10 --markdown t.md --svg t.svg\n"
    "  kinrow table misere --k 3..4 --width 1..10 --height 1..6 --cylinder --certificates certs\n"
    "  kinrow table misere --k 2..5 --width 1..12 --height 1..10 --from runs.jsonl --markdown t.md\n"
    "  kinrow table connect --width 4..7 --height 4..6 --check bench/data/connect4-sizes.txt\n"
    "  kinrow table connect --max-sum 15 --markdown connect4.md --svg connect4.svg\n"
    "  kinrow table connect --weak --width 11 --height 4 --board-seconds 7200\n"
    "  kinrow table connect --weak --width 12 --height 4 --expect second\n"
    "  kinrow table mnk --k 6 --p 2 --q 1 --size 6..9 --board-seconds 300 --certificates c6\n"
    "  kinrow table mnk --size 8 --board-seconds 3600 --tt-mb 4096 --table-dir c6-tables\n"
    "  kinrow table mnk --size 8 --split --split-dir c6-split --board-seconds 7200 --tt-mb 2048",
    {
        {"width", "A..B", "board widths (default 4..11)"},
        {"height", "A..B", "board heights (default 4..11)"},
        {"max-sum", "N", "only boards with width + height <= N (default 15, none with --width or --height)"},
        {"board-seconds", "S", "connect, mnk: give up a board after S seconds and name it (default 600)"},
        {"table-dir", "DIR", "connect, mnk: keep each board's table in DIR (BOARD.table, --tt-mb\n"
                             "bytes): a board stopped by --board-seconds or Ctrl-C goes on where it stopped\n"
                             "when run again with the same DIR and --tt-mb"},
        save_every_option("connect, mnk: with --table-dir or --split-dir"),
        bounds_over_option("connect: with --table-dir; mnk: with --table-dir or --split-dir"),
        {"k", "K", "stones in a row to win (default 4; mnk 6); misere: a range (default 2..5)"},
        {"p", "P", "mnk: stones a turn (default 2)"},
        {"q", "Q", "mnk: stones on the first turn (default 1)"},
        {"size", "A..B", "mnk: board sizes n, each an n x n board (default 6..12)"},
        {"split", "", "mnk: prove each first move on its own, then the second player's question"},
        {"split-dir", "DIR", "mnk --split: keep each first move's answer and certificate in\n"
                             "DIR/NxNxK-pP-qQ (e.g. DIR/8x8x6-p2-q1), so that the same command run\n"
                             "again goes on from the moves left"},
        {"weak", "", "connect: who wins only, not the move on which the game ends (faster)"},
        {"misere", "", "misere rules: whoever completes a line loses"},
        {"cylinder", "", "misere: columns wrap around (the annulus of the paper's open question)"},
        {"search-cells", "N", "misere: search boards of at most N cells (default 30; 0: no search)"},
        {"search-seconds", "S", "misere: give up a search after S seconds (default 60)"},
        {"max-positions", "N", "misere: give up a strategy verification after N positions (default 20000000;\n"
                                 "0: search only, no strategy verified)"},
        {"certificates", "DIR", "misere, mnk: write a certificate for every board search settles into DIR"},
        {"from", "FILE", "misere: draw the table from earlier results (JSON lines; files joined by commas)"},
        {"check", "FILE", "published results to compare with; exit 1 on a disagreement"},
        {"markdown", "FILE", "write a Markdown page (title, command, tables) to FILE instead of stdout"},
        {"svg", "FILE", "draw the table as SVG into FILE"},
        {"json", "", "print one JSON object per board instead of Markdown"},
        {"tt-mb", "N", "transposition table size in MiB (default: 256, connect: less on small boards)"},
        threads_option("one per core"),
        expect_option(),
        {"quiet", "", "no progress on stderr"},
    },
    1,
    1,
};

Range parse_range(const Args& args, const std::string& name, Range fallback, int limit) {
  if (!args.has(name)) return fallback;
  const std::string text = args.get(name);
  const std::size_t dots = text.find("..");
  Range r{};
  try {
    std::size_t used = 0;
    if (dots == std::string::npos) {
      r.first = r.last = std::stoi(text, &used);
      if (used != text.size()) throw std::invalid_argument(text);
    } else {
      const std::string a = text.substr(0, dots), b = text.substr(dots + 2);
      r.first = std::stoi(a, &used);
      if (used != a.size()) throw std::invalid_argument(text);
      r.last = std::stoi(b, &used);
      if (used != b.size()) throw std::invalid_argument(text);
    }
  } catch (const std::exception&) {
    throw InputError("--" + name + " takes a number or a range such as 4..9, not \"" + printable(text) + "\"");
  }
  if (r.first < 1 || r.last < r.first || r.last > limit)
    throw InputError("--" + name + " must be a range within 1.." + std::to_string(limit) + ", not \"" +
                     printable(text) + "\"");
  return r;
}


namespace {

struct Published {
  Outcome outcome;
  int last_move;
};

// "WIDTH HEIGHT first|second|draw LAST-MOVE" lines; '#' starts a comment. Any other line,
// or a file with none, is an error: a wrong file must not pass for a check that agreed.
std::map<std::pair<int, int>, Published> read_published(const std::string& path) {
  InputFile in(path);
  std::map<std::pair<int, int>, Published> table;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::istringstream words(line);
    int w, h, last;
    std::string outcome, extra;
    if (!(words >> w >> h >> outcome >> last) || (words >> extra) ||
        (outcome != "first" && outcome != "second" && outcome != "draw"))
      throw InputError(printable(path) + " line " + std::to_string(number) +
                       ": expected \"WIDTH HEIGHT first|second|draw LAST-MOVE\"");
    table[{w, h}] = {outcome == "first" ? Outcome::First : outcome == "second" ? Outcome::Second : Outcome::Draw,
                     last};
  }
  if (table.empty())
    throw InputError(printable(path) + " has no results: expected lines \"WIDTH HEIGHT first|second|draw LAST-MOVE\"");
  return table;
}

struct Solved {
  int width = 0, height = 0;
  bool computed = false;
  bool weak = false;  // the outcome only: no last move
  std::string not_computed;  // why not: beyond the bitboard, or out of time
  bool out_of_time = false;  // stopped by --board-seconds: the same command may go on
  SearchProgress last_progress;  // where a board out of time stopped
  Outcome outcome = Outcome::Draw;
  int last_move = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  bool resumed = false;  // from a table file an earlier run left (or, in the report, its kept bounds)
  std::optional<std::size_t> bounds_read;  // positions read from the kept bounds (search/kept_bounds.h)
  const Published* published = nullptr;
  bool agrees() const {
    return !published || !computed || (published->outcome == outcome && (weak || published->last_move == last_move));
  }
};

}  // namespace

int run_table(const Args& args) {
  const std::string& family = args.positional[0];
  const bool table_kept = (family == "connect" || family == "mnk") &&
                          (args.has("table-dir") || (family == "mnk" && args.has("split-dir")));
  check_save_every(args, table_kept, "--table-dir (table connect, table mnk) or --split-dir (table mnk)");
  check_bounds_over(args, table_kept, "--table-dir (table connect, table mnk) or --split-dir (table mnk)");
  if (args.positional[0] == "misere") return run_table_misere(args);
  if (args.positional[0] == "mnk") return run_table_mnk(args);
  if (args.positional[0] != "connect")
    throw InputError("unknown family \"" + printable(args.positional[0]) +
                     "\" (this command knows: connect, misere, mnk)");
  const Range widths = parse_range(args, "width", {4, 11}, 32);
  const Range heights = parse_range(args, "height", {4, 11}, 32);
  // Tromp's table (w + h <= 15) unless the boards are named: --width 4 --height 12 means
  // that board, not an empty selection.
  const bool named = args.has("width") || args.has("height");
  const int max_sum = static_cast<int>(args.get_int("max-sum", named ? 64 : 15, 2, 64));
  if (widths.first + heights.first > max_sum)
    throw InputError("no board of width " + std::to_string(widths.first) + ".." + std::to_string(widths.last) +
                     " and height " + std::to_string(heights.first) + ".." + std::to_string(heights.last) +
                     " has width + height <= " + std::to_string(max_sum) + " (--max-sum)");
  const double budget = static_cast<double>(args.get_int("board-seconds", 600, 1, 1 << 30));
  const int k = static_cast<int>(args.get_int("k", 4, 1, 16));
  const bool misere = args.has("misere");
  std::map<std::pair<int, int>, Published> published;
  if (args.has("check")) published = read_published(args.get("check"));

  SolveOptions options;
  options.table_megabytes = static_cast<std::size_t>(args.get_int("tt-mb", 0, 1, 1 << 20));
  options.gravity = gravity_settings(args, all_cores());
  options.weak = args.has("weak");
  std::filesystem::path table_dir;
  if (args.has("table-dir")) {
    table_dir = args.get("table-dir");
    std::error_code error;
    std::filesystem::create_directories(table_dir, error);
    if (error) throw InputError("cannot make the directory " + printable(table_dir.string()) + ": " + error.message());
  }
  ProgressLine progress(!args.has("quiet"));

  std::vector<Solved> results;
  int disagreements = 0;
  double total_seconds = 0;
  // Ctrl-C stops the board being solved as its budget would (its table file is saved),
  // and the boards after it are not started.
  stop_on_interrupt();
  bool interrupted = false;
  for (int h = heights.first; h <= heights.last; ++h)
    for (int w = widths.first; w <= widths.last; ++w) {
      if (w + h > max_sum || interrupted) continue;
      Solved s;
      s.width = w;
      s.height = h;
      s.weak = options.weak;
      const std::string spec =
          "connect:" + std::to_string(w) + "x" + std::to_string(h) + "x" + std::to_string(k) + (misere ? ",misere" : "");
      const Game game = make_game(spec);
      if (!misere && k == 4)
        if (auto it = published.find({w, h}); it != published.end()) s.published = &it->second;
      if (!gravity_solver_applies(game)) {
        s.not_computed = "beyond the 128-bit board";
      } else {
        if (!table_dir.empty()) {
          const std::string name = std::to_string(w) + "x" + std::to_string(h) + "x" + std::to_string(k) +
                                   (misere ? "-misere" : "") + ".table";
          options.table_file = (table_dir / name).string();
          s.resumed = std::filesystem::exists(options.table_file);
          options.save_every_seconds = save_every_seconds(args);
          options.kept_bounds_nodes = bounds_over_nodes(args, kDefaultKeptBoundsNodes);
          options.on_kept_bounds_read = kept_read_note(progress, spec + ": ", kept_bounds_path(options.table_file),
                                                       s.bounds_read);
          options.on_table_saved = save_notes(progress);
        }
        options.monitor.on_progress = [&](const SearchProgress& p) {
          s.last_progress = p;
          progress.show(spec + "  " + search_progress_text(p));
          if (interrupt_requested().load()) throw OutOfTime{p.nodes, p.seconds, true};
          if (p.seconds > budget) throw OutOfTime{p.nodes, p.seconds};
        };
        try {
          const SolveResult r = solve(Position(game), options);
          s.computed = true;
          s.outcome = game_outcome(r.value, 0);
          s.last_move = options.weak ? 0 : r.plies;
          s.nodes = r.nodes;
          s.seconds = r.seconds;
        } catch (const OutOfTime& stopped) {
          interrupted = stopped.interrupted;
          s.not_computed = interrupted ? "interrupted (Ctrl-C) after " + seconds_text(stopped.seconds)
                                       : "not finished in " + seconds_text(budget);
          s.out_of_time = !interrupted;
          s.nodes = stopped.nodes;
          s.seconds = stopped.seconds;
        }
        total_seconds += s.seconds;
      }
      disagreements += !s.agrees();
      progress.clear();
      if (!args.has("quiet") && !args.has("json"))
        std::cerr << spec << ": "
                  << (s.computed ? std::string(outcome_word(s.outcome)) +
                                       (s.weak ? "" : ", last move " + std::to_string(s.last_move)) + ", " +
                                       seconds_text(s.seconds)
                                 : s.not_computed + stopped_where_text(s.last_progress))
                  << (s.agrees() ? "" : "  DISAGREES with the published value") << "\n";
      if (args.has("json")) {
        nlohmann::ordered_json out;
        out["game"] = game.spec;
        out["width"] = w;
        out["height"] = h;
        out["computed"] = s.computed;
        if (s.computed) {
          out["value"] = outcome_name(s.outcome);
          if (!s.weak) out["last_move"] = s.last_move;
        } else {
          out["not_computed"] = s.not_computed;
          add_stopped_where(out, s.last_progress);
        }
        out["nodes"] = s.nodes;
        out["seconds"] = s.seconds;
        if (s.resumed || s.bounds_read.value_or(0) > 0) out["resumed"] = true;  // nodes and seconds are this run's
        if (!table_dir.empty() && gravity_solver_applies(game)) out["bounds_read"] = s.bounds_read.value_or(0);  // from BOARD.bounds
        // It ordered the questions of every board the bitboard searched, finished or not.
        if (args.has("expect") && gravity_solver_applies(game)) out["expect"] = args.get("expect");
        // A board not computed neither agrees nor disagrees (out of time, it makes the exit status 4).
        if (s.published)
          out["agrees_with_published"] = s.computed ? nlohmann::json(s.agrees()) : nlohmann::json(nullptr);
        out["built_from"] = kBuiltFrom;
        std::cout << out.dump() << std::endl;
      }
      results.push_back(s);
    }

  // The grids: outcome and last move, then the time each board took.
  Grid outcome_grid, time_grid;
  outcome_grid.corner = time_grid.corner = "height \\ width";
  for (int w = widths.first; w <= widths.last; ++w) {
    if (w + heights.first > max_sum) break;
    outcome_grid.columns.push_back(std::to_string(w));
  }
  for (int h = heights.first; h <= heights.last && h + widths.first <= max_sum; ++h)
    outcome_grid.rows.push_back(std::to_string(h));
  time_grid.columns = outcome_grid.columns;
  time_grid.rows = outcome_grid.rows;
  outcome_grid.cells.assign(outcome_grid.rows.size(), std::vector<GridCell>(outcome_grid.columns.size()));
  time_grid.cells = outcome_grid.cells;
  for (const Solved& s : results) {
    GridCell& cell = outcome_grid.cells[s.height - heights.first][s.width - widths.first];
    GridCell& time = time_grid.cells[s.height - heights.first][s.width - widths.first];
    cell.present = time.present = true;
    if (!s.computed) {
      cell.text = s.not_computed;
      cell.fill = "#f4f4f4";
      time.text = s.seconds > 0 ? "> " + seconds_text(s.seconds) : "—";
      continue;
    }
    cell.text = std::string(outcome_short(s.outcome)) + (s.weak ? "" : " " + std::to_string(s.last_move));
    cell.detail = seconds_text(s.seconds);
    time.text = seconds_text(s.seconds);
    cell.fill = s.outcome == Outcome::First ? "#f3b0a8" : s.outcome == Outcome::Second ? "#a8c4f3" : "#dcdcdc";
    if (s.published) {
      if (s.agrees()) cell.text += " ✓";
      else {
        cell.flagged = true;
        cell.text += " ✗ published: " + std::string(outcome_short(s.published->outcome)) +
                     (s.weak ? "" : " " + std::to_string(s.published->last_move));
      }
    }
  }
  const std::string title = std::string(misere ? "Misère " : "") + "Connect-" + std::to_string(k) +
                            " on W×H boards: " + (options.weak ? "winner" : "winner and last move") +
                            " under perfect play";
  write_svg_option(args, outcome_grid, title,
                   {{"#f3b0a8", "first player wins"},
                    {"#a8c4f3", "second player wins"},
                    {"#dcdcdc", "draw"},
                    {"none", "disagrees with the published value"}});
  // As solve's: 130 after Ctrl-C; else 1 on a disagreement; else 4 if a board ran out of
  // time (a board beyond the bitboard never has a value: named, it changes nothing).
  const bool stopped = std::any_of(results.begin(), results.end(), [](const Solved& s) { return s.out_of_time; });
  const int status = interrupted ? 130 : disagreements ? 1 : stopped ? 4 : 0;
  if (args.has("json")) return status;

  TablePage page(args);
  std::ostream& out = page.out();
  if (page.is_page()) {
    page.head(title);
    out << "Each cell is the empty board solved by kinrow's search (no opening book): `1st` or `2nd`\n"
        << "for the player who can force a win, `draw` otherwise";
    if (options.weak)
      out << " (--weak: who wins only, not when). ";
    else
      out << ", and the number of the move on which\n"
          << "the game ends when the winner hurries and the loser delays (a draw ends on the last\n"
          << "cell). ";
    if (!published.empty())
      out << "`✓` marks agreement with the published value (" << args.get("check") << "), `✗` a\n"
          << "disagreement.";
    out << "\n\n";
  }
  write_markdown_grid(out, outcome_grid);
  out << "\nTime for each board (" << options.gravity.threads << " thread"
      << (options.gravity.threads == 1 ? "" : "s") << ", "
      << (options.table_megabytes ? std::to_string(options.table_megabytes) + " MiB table" : "automatic table size")
      << ", allocating the table included):\n\n";
  write_markdown_grid(out, time_grid);
  int checked = 0;
  for (const Solved& s : results) checked += s.published && s.computed;
  out << "\n" << count_of(results.size(), "board") << ", " << seconds_text(total_seconds) << " in all";
  if (!published.empty())
    out << "; " << checked << " compared with published values, " << count_of(disagreements, "disagreement");
  out << ".\n";
  return status;
}

}  // namespace kinrow::cli
