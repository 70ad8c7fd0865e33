// A deliberately naive solver for tests: plain minimax over the reference rules
// (core/position.h), no pruning, no table, no symmetry. Slow, and obviously right; the
// real solvers are checked against it on small positions.
#pragma once

#include "core/position.h"

namespace kinrow::testing {

struct ReferenceResult {
  int value;  // +1 the side to move wins, 0 draw, -1 it loses
  int plies;  // turns to the end when the winner hurries and the loser delays
};

// Better for the side to move: a win beats a draw beats a loss; a faster win and a slower
// loss are better.
inline bool better(const ReferenceResult& a, const ReferenceResult& b) {
  if (a.value != b.value) return a.value > b.value;
  if (a.value > 0) return a.plies < b.plies;
  if (a.value < 0) return a.plies > b.plies;
  return false;
}

inline ReferenceResult reference_solve(Position& position) {
  if (position.over()) {
    const int w = position.winner();
    return {w == kNoPlayer ? 0 : w == position.to_move() ? 1 : -1, 0};
  }
  ReferenceResult best{-2, 0};
  for (const Turn& turn : position.legal_turns()) {
    position.play(turn);
    ReferenceResult child = reference_solve(position);
    position.undo();
    ReferenceResult mine{-child.value, child.plies + 1};
    if (best.value == -2 || better(mine, best)) best = mine;
  }
  return best;
}

}  // namespace kinrow::testing
