#include "cli/table_saves.h"

#include "core/error.h"

namespace kinrow::cli {

OptionSpec save_every_option(const std::string& kept) {
  return {"save-every", "MINUTES",
          kept + ", also save the table every MINUTES while\n"
          "the search runs (default 30; 0: only when it ends), so that a run killed without\n"
          "warning (kill -9, out of memory, the machine lost) goes on from its last save"};
}

void check_save_every(const Args& args, bool table_kept, const std::string& kept) {
  if (!args.has("save-every")) return;
  if (!table_kept) throw InputError("--save-every saves a kept table: give " + kept);
  // Below a few milliseconds a save would follow a save without pause.
  const double minutes = save_every_seconds(args) / 60;
  if (minutes > 0 && minutes < 1e-4) throw InputError("--save-every takes 0 (only at the end) or at least 0.0001 minutes");
}

double save_every_seconds(const Args& args) {
  return 60 * args.get_double("save-every", kDefaultSaveEverySeconds / 60, 0, 1e7);
}

OptionSpec bounds_over_option(const std::string& kept) {
  return {"bounds-over", "NODES",
          kept + ",\n"
          "keep beside NAME.table, as they are found, the results of each position whose\n"
          "search took at least NODES nodes: alpha-beta's bounds (Connect Four on the\n"
          "bitboard) in NAME.bounds, default 268435456 (2^28); df-pn's proofs and disproofs\n"
          "in NAME.proofs (move-N.proofs in a split's directory), default 131072 (2^17),\n"
          "and with each save of the table its open nodes of that cost in NAME.open.\n"
          "0: none kept; a last line cut short by a kill is skipped. Read back at the\n"
          "start (NAME.open only without NAME.table): copied to another machine, the files\n"
          "let the search go on there without the table (docs/parallel.md)"};
}

void check_bounds_over(const Args& args, bool table_kept, const std::string& kept) {
  if (args.has("bounds-over") && !table_kept) throw InputError("--bounds-over keeps results beside a kept table: give " + kept);
}

uint64_t bounds_over_nodes(const Args& args, uint64_t default_nodes) {
  return static_cast<uint64_t>(args.get_int("bounds-over", static_cast<long>(default_nodes), 0, 1L << 62));
}

std::function<void(std::size_t)> kept_read_note(ProgressLine& progress, const std::string& prefix,
                                                const std::string& path, std::optional<std::size_t>& read) {
  return [&progress, prefix, path, &read](std::size_t n) {
    read = n;
    if (n > 0) progress.note(prefix + "read " + with_commas(n) + " kept results from " + path);
  };
}

std::function<void(const TableSaveReport&)> save_notes(ProgressLine& progress) {
  return [&progress](const TableSaveReport& report) {
    progress.note(report.error.empty() ? "table saved to " + report.path + " in " + seconds_text(report.seconds)
                                       : "table not saved (the search goes on): " + report.error);
  };
}

}  // namespace kinrow::cli
