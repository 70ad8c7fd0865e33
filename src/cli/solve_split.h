// kinrow solve --split: df-pn on each move of the side to move as a proof of its own
// (parallel/root_split.h), its options checked and its answers reported as solve's.
#pragma once

#include "cli/args.h"
#include "cli/format.h"
#include "core/position.h"
#include "parallel/root_split.h"
#include "search/dfpn.h"
#include "search/method_choice.h"

namespace kinrow::cli {

// A split's progress on `progress`: a line for each answer, the moves being proved on the
// line that changes (solve --split and table mnk --split show the same).
SplitObserver split_progress(ProgressLine& progress);

// kinrow solve --split: checks the options, splits, and reports as solve does; the exit status.
int solve_split(const Args& args, const Position& position, const DfpnOptions& options, const MethodChoice& choice,
                ProgressLine& progress);

}  // namespace kinrow::cli
