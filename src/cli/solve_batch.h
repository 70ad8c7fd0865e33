// kinrow solve --batch FILE: many positions of one game, in the classic solvers' format.
#pragma once

#include "cli/args.h"
#include "core/game.h"
#include "search/solver.h"

namespace kinrow::cli {

// Reads "MOVES" or "MOVES SCORE" per line, prints "MOVES SCORE" per line; with expected
// scores present, counts mismatches. Returns the exit status (1 on any mismatch).
int run_solve_batch(const Args& args, const Game& game, const SolveOptions& options);

}  // namespace kinrow::cli
