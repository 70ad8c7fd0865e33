// Helpers shared by the solver tests: random positions and the sanitizer switch.
#pragma once

#include <cstdlib>
#include <vector>

#include "core/hashing.h"
#include "core/position.h"

namespace kinrow::testing {

// Random play from the empty board down to `empties` empty cells, restarting when the
// game ends first.
inline Position random_position(const Game& game, int empties, SplitMix64& random) {
  for (;;) {
    Position position(game);
    while (!position.over() && position.empty_count() > empties) {
      const std::vector<Turn> turns = position.legal_turns();
      position.play(turns[random.below(turns.size())]);
    }
    if (!position.over()) return position;
  }
}

// scripts/test sets KINROW_SANITIZED for the ASan/UBSan run, where heavy cases shrink.
inline bool sanitized() { return std::getenv("KINROW_SANITIZED") != nullptr; }

}  // namespace kinrow::testing
