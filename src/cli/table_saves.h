// --save-every (and --bounds-over), shared by the commands that keep a search's table in a file (solve
// --table-file, table connect and table mnk --table-dir, --split-dir): how often the
// table is saved while the search runs (search/periodic_save.h), and a note on stderr for
// each save.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "cli/args.h"
#include "cli/format.h"
#include "search/kept_bounds.h"
#include "search/kept_proofs.h"
#include "search/periodic_save.h"

namespace kinrow::cli {

// `kept`: the options that keep a table, as the help's first words ("with --table-file").
OptionSpec save_every_option(const std::string& kept);

// Checked once, before any work: InputError for --save-every where no table is kept
// (`table_kept` false; `kept` names the options that would keep one), or for an interval
// too short to be meant.
void check_save_every(const Args& args, bool table_kept, const std::string& kept);

// The interval --save-every asks for, in seconds (default: half an hour; 0: only at the end).
double save_every_seconds(const Args& args);

// --bounds-over: the positions whose results are kept beside a kept table: alpha-beta's
// bounds on the gravity bitboard (search/kept_bounds.h), df-pn's answers
// (search/kept_proofs.h). `kept` as for save_every_option; `default_nodes` the method's.
OptionSpec bounds_over_option(const std::string& kept);
void check_bounds_over(const Args& args, bool table_kept, const std::string& kept);
uint64_t bounds_over_nodes(const Args& args, uint64_t default_nodes);
// The callback that hears how many results were read from the kept file at `path`
// (on_kept_bounds_read, on_kept_read): it sets `read` and notes a number above 0 on
// `progress`, after `prefix` (a board's spec and ": ", say).
std::function<void(std::size_t)> kept_read_note(ProgressLine& progress, const std::string& prefix,
                                                const std::string& path, std::optional<std::size_t>& read);

// A note on `progress` for each save: the file and how long it took, or why it could not
// be saved (the search goes on).
std::function<void(const TableSaveReport&)> save_notes(ProgressLine& progress);

}  // namespace kinrow::cli
