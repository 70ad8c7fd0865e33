// `kinrow solve --method auto`: alpha-beta and df-pn side by side, one thread each, and
// the first to finish answers.
//
// Which method is faster depends on the game in ways no cheap rule predicts: alpha-beta
// with pairing cut-offs proves mnk draws quickly, df-pn with threat knowledge proves
// square-game and other many-line wins in a fraction of alpha-beta's time
// (docs/benchmarks.md). Racing them costs a second core and the loser's memory, and
// makes the answer come as fast as the better method's on every game. The loser is
// stopped from its own progress callback, within a few thousand nodes.
#pragma once

#include <functional>
#include <optional>

#include "core/position.h"
#include "search/dfpn_solve.h"
#include "search/solver.h"

namespace kinrow {

struct RaceResult {
  // Exactly one is set: the method that finished first.
  std::optional<SolveResult> alphabeta;
  std::optional<DfpnResult> dfpn;
};

// Whether df-pn can take part: a game a search board holds (games/board_tables.h).
// Elsewhere, and under gravity, `race` runs alpha-beta alone.
bool dfpn_applies(const Game& game);

// Both searches with their own options (their progress callbacks may be called from two
// threads at once); `certificate` asks each for its certificate. The race is for the
// value: callers pass alpha-beta in weak mode, or it would be racing for the distance to
// the end as well, which df-pn does not compute.
RaceResult race(const Position& position, const SolveOptions& alphabeta, const DfpnOptions& dfpn, bool certificate);

}  // namespace kinrow
