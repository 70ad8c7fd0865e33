// Helpers shared by the solver tests: random positions and the sanitizer switch.
#pragma once

#include <cstdlib>
#include <vector>

#include "core/hashing.h"
#include "core/position.h"
#include "search/solver.h"

namespace kinrow::testing {

// Random play from the empty board down to `empties` empty cells, restarting when the
// game ends first. Every hundred restarts allow one more empty cell: with several stones
// a turn some counts are never reached with the game still going.
inline Position random_position(const Game& game, int empties, SplitMix64& random) {
  for (int attempt = 0;; ++attempt) {
    Position position(game);
    while (!position.over() && position.empty_count() > empties + attempt / 100) {
      const std::vector<Turn> turns = position.legal_turns();
      position.play(turns[random.below(turns.size())]);
    }
    if (!position.over()) return position;
  }
}

// The weak value (win, draw, loss for the side to move) by alpha-beta: the reference the
// other provers are checked against.
inline Value alphabeta_value(const Position& position) {
  SolveOptions options;
  options.weak = true;
  options.table_megabytes = 16;
  return solve(position, options).value;
}

// scripts/test sets KINROW_SANITIZED for the ASan/UBSan run, where heavy cases shrink.
inline bool sanitized() { return std::getenv("KINROW_SANITIZED") != nullptr; }

}  // namespace kinrow::testing
