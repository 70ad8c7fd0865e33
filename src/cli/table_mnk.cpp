// kinrow table mnk: Connect(n,n,k,p,q) on square boards of a range of sizes, each empty
// board proved by df-pn with a certificate that the checker accepts before the value is
// printed (for Connect6 on small boards, where nothing is published).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/commands.h"
#include "cli/format.h"
#include "cli/grid_report.h"
#include "cli/interrupt.h"
#include "cli/range_option.h"
#include "cli/solve_split.h"
#include "cli/table_saves.h"
#include "cli/version.h"
#include "core/clock.h"
#include "core/error.h"
#include "core/text_file.h"
#include "games/families.h"
#include "proof/certificate_files.h"
#include "proof/checker.h"
#include "search/dfpn_solve.h"

namespace kinrow::cli {
namespace {

struct BoardRow {
  int n = 0;
  std::string spec;
  bool solved = false;
  std::string value;  // the checker's word: "first-player-win", "draw", ...
  std::string why_not;
  bool resumed = false;  // went on from its --table-dir file or --split-dir answers
  std::optional<std::size_t> proofs_read;  // from BOARD.proofs beside its --table-dir file, or the split's files
  std::optional<std::size_t> open_read;    // from BOARD.open where BOARD.table was missing, or the split's files
  uint64_t nodes = 0;
  double seconds = 0;
  std::size_t entries = 0, positions = 0, paired_ends = 0;
};

std::string spec_of(int n, int k, int p, int q) {
  std::string spec = "mnk:" + std::to_string(n) + "x" + std::to_string(n) + "x" + std::to_string(k);
  if (p != 1) spec += ",p=" + std::to_string(p);
  if (q != p) spec += ",q=" + std::to_string(q);
  return spec;
}

// The board's name in --table-dir and --split-dir: "8x8x6-p2-q1" for mnk:8x8x6,p=2,q=1.
std::string board_name(int n, int k, int p, int q) {
  return std::to_string(n) + "x" + std::to_string(n) + "x" + std::to_string(k) + "-p" + std::to_string(p) + "-q" +
         std::to_string(q);
}

// A certificate file for the checker to read, when --certificates keeps none: removed
// when this goes.
class ScratchCertificate {
 public:
  ScratchCertificate() {
    std::string pattern = (std::filesystem::temp_directory_path() / "kinrow-table-XXXXXX").string();
    if (!::mkdtemp(pattern.data()))
      throw InputError("cannot make a directory in " + std::filesystem::temp_directory_path().string());
    dir_ = pattern;
  }
  ~ScratchCertificate() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  ScratchCertificate(const ScratchCertificate&) = delete;
  ScratchCertificate& operator=(const ScratchCertificate&) = delete;
  std::string path() const { return (dir_ / "board.cert.gz").string(); }

 private:
  std::filesystem::path dir_;
};

}  // namespace

int run_table_mnk(const Args& args) {
  const Range sizes = parse_range(args, "size", {6, 12}, 32);
  const int k = static_cast<int>(args.get_int("k", 6, 2, 32));
  const int p = static_cast<int>(args.get_int("p", 2, 1, 8));
  const int q = static_cast<int>(args.get_int("q", 1, 1, 8));
  const double budget = static_cast<double>(args.get_int("board-seconds", 600, 1, 1 << 30));
  const std::string directory = args.get("certificates");
  if (!directory.empty()) std::filesystem::create_directories(directory);
  DfpnOptions options;
  options.table_megabytes = static_cast<std::size_t>(args.get_int("tt-mb", 256, 1, 1 << 20));
  options.threads = static_cast<int>(args.get_int("threads", 1, 1, 64));
  // A board stopped by its budget or Ctrl-C keeps its table in --table-dir, and the same
  // command run again goes on from it (as `solve --table-file` does for one position).
  options.seconds = budget;
  options.interrupt = &interrupt_requested();
  stop_on_interrupt();
  const std::filesystem::path table_dir = args.get("table-dir");
  if (!table_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(table_dir, error);
    if (error) throw InputError("cannot make the directory " + printable(table_dir.string()) + ": " + error.message());
  }
  // --split: each first move proved on its own, its answer kept in --split-dir as it comes.
  const bool split = args.has("split");
  const std::filesystem::path split_dir = args.get("split-dir");
  if (!split_dir.empty() && !split) throw InputError("--split-dir goes with --split");
  if (split && !table_dir.empty())
    throw InputError("--split keeps each first move's answer in --split-dir, not a table in --table-dir");
  ProgressLine progress(!args.has("quiet"));
  options.save_every_seconds = save_every_seconds(args);
  options.on_table_saved = save_notes(progress);
  options.kept_proofs_nodes = bounds_over_nodes(args, kDefaultKeptProofsNodes);

  std::vector<BoardRow> boards;
  int unsolved = 0;
  int out_of_time_boards = 0;  // stopped by --board-seconds
  bool interrupted = false;
  for (int n = sizes.first; n <= sizes.last && !interrupted; ++n) {
    BoardRow b;
    b.n = n;
    b.spec = spec_of(n, k, p, q);
    const Game game = make_game(b.spec);
    if (!table_dir.empty()) {
      options.table_file = (table_dir / (board_name(n, k, p, q) + ".table")).string();
      b.resumed = std::filesystem::exists(options.table_file);
      // Or its answers kept beside it (search/kept_proofs.h), read before the proofs.
      options.on_kept_read = [&b, note = kept_read_note(progress, b.spec + ": ", kept_proofs_path(options.table_file),
                                                        b.proofs_read)](std::size_t read) {
        note(read);
        b.resumed = b.resumed || read > 0;
      };
      options.on_open_read = [&b, note = kept_read_note(progress, b.spec + ": ",
                                                        kept_open_path(kept_proofs_path(options.table_file)),
                                                        b.open_read)](std::size_t read) {
        note(read);
        b.resumed = b.resumed || read > 0;
      };
    }
    const auto start = std::chrono::steady_clock::now();
    options.on_progress = [&](uint64_t nodes, uint32_t pn, uint32_t dn) {
      progress.show(b.spec + (b.resumed ? " (resumed)" : "") + "  nodes " + with_commas(nodes) + "  root pn " +
                    std::to_string(pn) + " dn " + std::to_string(dn) + "  " + seconds_text(seconds_since(start)));
    };
    // Ctrl-C stops the board whatever it is doing: the proof (its table is saved), the
    // certificate walk (which then gives up re-deciding what the table forgot), or the
    // check, which is told through its progress; the boards after it are not started.
    const auto stop_requested = [] { return interrupt_requested().load(); };
    const std::string kept_certificate =
        directory.empty() ? "" : directory + "/" + std::to_string(n) + "x" + std::to_string(n) + ".cert";
    // The proof: a certificate in memory (whole board) or in a file (split at the root).
    // A split's file takes its kept name only once the checker accepts it.
    std::optional<Certificate> certificate;
    std::optional<ScratchCertificate> scratch;
    std::string certificate_file;
    bool out_of_time = false;
    std::string gave_up;
    if (split) {
      if (kept_certificate.empty()) scratch.emplace();
      certificate_file = scratch ? scratch->path() : partial_certificate_path(kept_certificate);
      SplitRequest request;
      request.options = options;
      request.threads = options.threads;
      request.table_megabytes = options.table_megabytes;
      request.dir = split_dir.empty() ? "" : (split_dir / board_name(n, k, p, q)).string();
      request.certificate = certificate_file;
      try {
        request.observer = split_progress(progress);
        const SplitResult r = split_solve(Position(game), request);
        b.nodes = r.nodes;
        b.seconds = r.seconds;
        out_of_time = r.stopped;
        // Kept answers read, summed over the questions this run proved (each its own file).
        std::optional<std::size_t> read = r.opponent_proofs_read, open = r.opponent_open_read;
        for (const MoveProof& m : r.moves) {
          if (m.proofs_read) read = read.value_or(0) + *m.proofs_read;
          if (m.open_read) open = open.value_or(0) + *m.open_read;
        }
        b.proofs_read = read;
        b.open_read = open;
        b.resumed = read.value_or(0) > 0 || open.value_or(0) > 0 ||
                    std::any_of(r.moves.begin(), r.moves.end(), [](const MoveProof& m) { return m.resumed; });
      } catch (const SplitGaveUp& error) {
        gave_up = error.what();
      }
    } else {
      DfpnResult r = dfpn_solve(Position(game), options, true);
      b.nodes = r.nodes;
      b.seconds = r.seconds + r.certificate_seconds;
      out_of_time = r.out_of_time || r.interrupted;
      if (!r.complete) gave_up = "proof gave up";
      else if (!r.certificate) gave_up = "certificate not written";
      else certificate = std::move(r.certificate);
    }
    if (stop_requested()) {
      b.why_not = "interrupted (Ctrl-C) after " + seconds_text(b.seconds);
    } else if (out_of_time) {
      b.why_not = "not finished in " + seconds_text(budget);
    } else if (!gave_up.empty()) {
      b.why_not = gave_up;
    } else {
      // The value printed is the checker's, read from the certificate.
      struct CheckStopped {};
      CheckOptions check_options;
      check_options.on_progress = [&](const CheckProgress&) {
        if (stop_requested()) throw CheckStopped{};
      };
      try {
        CheckReport report;
        if (certificate) {
          report = check_certificate(game, *certificate, check_options);
        } else {
          InputFile in(certificate_file);  // plain or gzip-compressed
          report = check_certificate(game, in, check_options);
        }
        if (report.ok) {
          b.solved = true;
          b.value = report.proves;
          b.entries = report.entries;
          b.positions = report.positions_checked;
          b.paired_ends = report.paired_ends;
          if (certificate && !kept_certificate.empty()) save_certificate(kept_certificate, game, *certificate);
          if (!certificate && !kept_certificate.empty()) std::filesystem::rename(certificate_file, kept_certificate);
        } else {
          if (!certificate && !scratch) std::filesystem::remove(certificate_file);
          throw std::logic_error(b.spec + ": the checker rejects df-pn's certificate: " + report.error);
        }
      } catch (const CheckStopped&) {
        b.why_not = "interrupted (Ctrl-C) while its certificate was checked";
      }
    }
    if (split && !scratch && !b.solved) {
      std::error_code ignored;
      std::filesystem::remove(certificate_file, ignored);  // unchecked: not kept
    }
    interrupted = stop_requested();
    progress.clear();
    unsolved += !b.solved;
    out_of_time_boards += !b.solved && out_of_time;
    if (!args.has("quiet") && !args.has("json"))
      std::cerr << b.spec << ": " << (b.solved ? b.value : b.why_not) << ", " << with_commas(b.nodes) << " nodes, "
                << seconds_text(b.seconds) << "\n";
    if (args.has("json")) {
      nlohmann::ordered_json out;
      out["game"] = game.spec;
      out["size"] = n;
      out["solved"] = b.solved;
      if (b.solved) {
        out["value"] = b.value;
        out["certificate_entries"] = b.entries;
        out["positions_checked"] = b.positions;
        out["paired_ends"] = b.paired_ends;
      } else {
        out["not_solved"] = b.why_not;
      }
      out["nodes"] = b.nodes;
      out["seconds"] = b.seconds;
      if (!table_dir.empty()) out["table_file"] = options.table_file;
      if (split) out["split"] = true;
      if (!split_dir.empty()) out["split_dir"] = (split_dir / board_name(n, k, p, q)).string();
      if (b.resumed) out["resumed"] = true;  // nodes and seconds are this run's
      if (!table_dir.empty() || !split_dir.empty()) out["proofs_read"] = b.proofs_read.value_or(0);
      if (b.open_read) out["open_read"] = *b.open_read;
      out["built_from"] = kBuiltFrom;
      std::cout << out.dump() << std::endl;
    }
    boards.push_back(b);
  }
  // As solve's: 130 after Ctrl-C, 4 if a board ran out of time (a proof that gave up is
  // named, as solve names it).
  const int status = interrupted ? 130 : out_of_time_boards ? 4 : 0;
  if (args.has("json")) return status;

  TablePage page(args);
  std::ostream& out = page.out();
  const std::string title = "Connect(n,n," + std::to_string(k) + "," + std::to_string(p) + "," + std::to_string(q) +
                            ") on n×n boards";
  if (page.is_page()) {
    page.head(title);
    out << "Each board is the empty board proved by df-pn (`kinrow solve SPEC --method pns"
        << (split ? " --split`, each first move on its own" : "`") << "); the\n"
        << "value is the one the checker reads from the certificate it accepts. A board not proved\n"
        << "within " << seconds_text(budget) << " is named as such.\n\n";
  }
  out << "| board | value | df-pn nodes | time | certificate: entries | positions checked | ended by "
      << (p == 1 ? "pairs" : "tuples") << " |\n"
      << "|---|---|---|---|---|---|---|\n";
  for (const BoardRow& b : boards) {
    out << "| `" << b.spec << "` | " << (b.solved ? b.value : "**" + b.why_not + "**")
        << (b.resumed ? (split ? " (went on from its kept answers)" : " (went on from its saved table or kept answers)") : "")
        << " | " << with_commas(b.nodes)
        << " | " << seconds_text(b.seconds) << " | ";
    if (b.solved)
      out << with_commas(b.entries) << " | " << with_commas(b.positions) << " | " << with_commas(b.paired_ends);
    else
      out << "— | — | —";
    out << " |\n";
  }
  out << "\n" << boards.size() - unsolved << " of " << boards.size() << " boards proved (" << options.threads
      << " thread" << (options.threads == 1 ? "" : "s") << ", " << options.table_megabytes << " MiB table).\n";
  return status;
}

}  // namespace kinrow::cli
