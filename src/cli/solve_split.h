// kinrow solve --split: df-pn on each move of the side to move as a proof of its own.
#pragma once

#include "cli/args.h"
#include "cli/format.h"
#include "core/position.h"
#include "search/dfpn.h"
#include "search/method_choice.h"

namespace kinrow::cli {

// Solves `position` by df-pn split at its root (solve_split.cpp says why and how), with
// `options` for each proof and `choice`'s threads and table shared among the moves proved
// at once. Reports as solve does; the exit status.
int solve_split(const Args& args, const Position& position, const DfpnOptions& options, const MethodChoice& choice,
                ProgressLine& progress);

}  // namespace kinrow::cli
