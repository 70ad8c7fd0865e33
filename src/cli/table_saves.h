// --save-every, shared by the commands that keep a search's table in a file (solve
// --table-file, table connect and table mnk --table-dir): how often the table is saved
// while the search runs (search/periodic_save.h), and a note on stderr for each save.
#pragma once

#include <functional>
#include <string>

#include "cli/args.h"
#include "cli/format.h"
#include "search/periodic_save.h"

namespace kinrow::cli {

OptionSpec save_every_option();

// The interval --save-every asks for, in seconds (default: half an hour; 0: only at the end).
double save_every_seconds(const Args& args);

// A note on `progress` for each save: the file and how long it took, or why it could not
// be saved (the search goes on).
std::function<void(const TableSaveReport&)> save_notes(ProgressLine& progress);

}  // namespace kinrow::cli
