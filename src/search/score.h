// Scores: exact game values with the distance to the end.
//
// A score is absolute: it depends on the position alone, not on where a search started,
// so one transposition table serves every search and window. If the game ends on turn T
// (counting turns from the empty board, 1-based) and the side to move wins, the score is
// max_turns + 1 - T; if it loses, the negation; a draw is 0. Faster wins score higher,
// slower losses score higher, and negamax is plain negation.
#pragma once

#include "core/outcome.h"

namespace kinrow {

// Score of a game that ends on turn `end_turn` with the side to move at the node winning.
constexpr int win_score(int max_turns, int end_turn) { return max_turns + 1 - end_turn; }

// The turn on which the game ends, given a non-zero score.
constexpr int end_turn_of(int max_turns, int score) {
  return max_turns + 1 - (score > 0 ? score : -score);
}

constexpr Value value_of(int score) {
  return score > 0 ? Value::Win : score < 0 ? Value::Loss : Value::Draw;
}

}  // namespace kinrow
