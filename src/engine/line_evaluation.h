// The engine's static evaluation: a position's worth to the side to move, read from the
// lines each side could still complete and how many stones each still needs there.
//
// A line free of the opponent's stones that misses m cells is worth more the fewer turns
// its owner needs to fill it (ceil(m / p) with p stones a turn) — a line one turn from
// completion is a threat the opponent must answer, one two turns away the raw material
// of a threat, and so on — and, among lines that need the same number of turns, the
// fewer stones the better (a p = 2 line missing one cell leaves a stone for elsewhere).
// The board keeps these lines listed per player and missing count (Board::near_lines),
// so the evaluation costs a few loads, whatever the board's size: it can be called at
// every node and on every candidate turn.
//
// The side to move plays first, so its lines count a half more (the tempo). Misère play
// reverses what a line means (completing one loses), and in maker-breaker only the
// maker's lines exist; under gravity a line's cells may not all be playable yet, which
// the evaluation ignores (a heuristic, not a proof: proofs come from the searches).
#pragma once

#include <array>
#include <cstdint>

#include "games/board.h"

namespace kinrow {

template <int W>
class LineEvaluation {
 public:
  static constexpr int kMaxMissing = 8;

  explicit LineEvaluation(const BoardTables& tables)
      : misere_(tables.rules.goal == Goal::Misere) {
    // Lines with a stone on them: an empty line is everybody's and says nothing.
    int longest = 1;
    for (uint8_t size : tables.line_size) longest = std::max<int>(longest, size);
    limit_ = std::min({tables.near_limit, kMaxMissing, longest - 1});
    const int p = std::max(1, tables.rules.stones_per_turn);
    const int most_turns = (limit_ + p - 1) / p;
    for (int m = 1; m <= limit_; ++m) {
      const int turns = (m + p - 1) / p;
      const int spare = p - 1 - (m - 1) % p;  // stones of the last turn left over
      weight_[m] = (int64_t{1} << (3 * (most_turns - turns) + 2)) * (2 + spare);
    }
    counts_[0] = tables.lines_count[0];
    counts_[1] = tables.lines_count[1];
  }

  // The worth of `player`'s lines (no tempo, no sign).
  int64_t lines_worth(const Board<W>& board, int player) const {
    if (!counts_[player]) return 0;
    int64_t sum = 0;
    for (int m = 1; m <= limit_; ++m) sum += weight_[m] * static_cast<int64_t>(board.near_lines(player, m).size());
    return sum;
  }

  // For the side to move: positive is good for it.
  int64_t evaluate(const Board<W>& board) const {
    const int mover = board.to_move();
    const int64_t mine = lines_worth(board, mover), theirs = lines_worth(board, 1 - mover);
    const int64_t score = mine + mine / 2 - theirs;
    return misere_ ? -score : score;
  }

  // The weight of one line missing one cell: the scale of the scores above (the engine's
  // evaluation classes are read against it).
  int64_t threat_weight() const { return weight_[1]; }

 private:
  int limit_ = 0;
  bool misere_;
  bool counts_[2] = {true, true};
  std::array<int64_t, kMaxMissing + 1> weight_{};
};

}  // namespace kinrow
