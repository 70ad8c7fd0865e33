// The options of the gravity bitboard path, shared by solve, bench and table: how many
// threads search together, and which techniques to switch off to measure them.
#pragma once

#include "cli/args.h"
#include "search/gravity_solver.h"

namespace kinrow::cli {

// --threads N and --without LIST, for a command's option list.
OptionSpec threads_option(const char* default_text);
OptionSpec without_option();
// --expect first|second|draw: the outcome expected, which orders the searches' questions.
OptionSpec expect_option();

// The settings those options ask for; `default_threads` when --threads is absent.
GravitySettings gravity_settings(const Args& args, int default_threads);

// One thread per core.
int all_cores();

}  // namespace kinrow::cli
