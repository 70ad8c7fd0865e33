#include "engine/setup_stones.h"

#include <algorithm>
#include <string>

#include "core/error.h"
#include "core/notation.h"

namespace kinrow {

namespace {

int row_of(const Game& game, Cell cell) { return game.coords[cell].size() > 1 ? game.coords[cell][1] : 0; }

}  // namespace

void play_setup_stones(Position& position, std::array<std::vector<Cell>, 2> stones,
                       const std::array<const char*, 2>& side_names) {
  const Game& game = position.game();
  std::vector<int8_t> owner(game.cell_count(), kNoPlayer);
  for (int player = 0; player < 2; ++player) {
    for (Cell c : stones[player]) {
      if (c < 0 || c >= game.cell_count()) throw InputError("cell #" + std::to_string(c) + " is off the board");
      if (owner[c] != kNoPlayer) throw InputError("a stone on " + format_cell(game, c) + " is given twice");
      owner[c] = static_cast<int8_t>(player);
    }
    std::stable_sort(stones[player].begin(), stones[player].end(),
                     [&](Cell a, Cell b) { return row_of(game, a) < row_of(game, b); });
  }
  if (stones[0].empty() && stones[1].empty()) return;
  if (!turn_due(game, owner))
    throw InputError("the stones (" + std::to_string(stones[0].size()) + " and " + std::to_string(stones[1].size()) +
                     ") are no position of " + game.spec + ": no game reaches these stone counts");
  while (!stones[0].empty() || !stones[1].empty()) {
    std::vector<Cell>& mine = stones[position.to_move()];
    if (position.over()) throw InputError("the stones hold a finished game before all are placed (a completed line)");
    Turn turn;
    for (std::size_t i = 0; i < mine.size() && static_cast<int>(turn.size()) < position.stones_this_turn();) {
      Turn trial = turn;
      trial.push_back(mine[i]);
      std::sort(trial.begin(), trial.end());
      if (static_cast<int>(trial.size()) < position.stones_this_turn() || position.why_illegal(trial).empty()) {
        turn = trial;
        mine.erase(mine.begin() + static_cast<std::ptrdiff_t>(i));
      } else {
        ++i;
      }
    }
    const std::string why = turn.empty() ? std::string("no stone of ") + side_names[position.to_move()] + " can be placed next"
                                         : position.why_illegal(turn);
    if (!why.empty())
      throw InputError("the stones cannot be ordered into a game of " + game.spec + " (" + why + " after \"" +
                       format_turns(game, position.history()) + "\")");
    position.play(turn);
  }
}

}  // namespace kinrow
