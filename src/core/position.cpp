#include "core/position.h"

#include <algorithm>
#include <set>

namespace kinrow {

Position::Position(const Game& game)
    : game_(&game), owner_(game.cell_count(), kNoPlayer), empty_(game.cell_count()) {}

int Position::stones_this_turn() const {
  return std::min(empty_, stones_on_turn(game_->rules, turns_played()));
}

bool Position::playable(Cell c) const {
  if (owner_[c] != kNoPlayer) return false;
  if (!game_->rules.gravity) return true;
  Cell under = game_->below[c];
  return under < 0 || owner_[under] != kNoPlayer;
}

std::string Position::why_illegal(const Turn& turn) const {
  if (over_) return "the game is already over";
  if (static_cast<int>(turn.size()) != stones_this_turn())
    return "this turn places " + std::to_string(stones_this_turn()) + " stone(s), not " +
           std::to_string(turn.size());
  for (std::size_t i = 0; i < turn.size(); ++i) {
    Cell c = turn[i];
    if (c < 0 || c >= game_->cell_count()) return "cell off the board";
    if (owner_[c] != kNoPlayer) return "cell already taken";
    for (std::size_t j = 0; j < i; ++j)
      if (turn[j] == c) return "the same cell twice in one turn";
  }
  if (game_->rules.gravity) {
    // A set of stones is legal if it can be dropped in some order: each rests on a filled
    // cell, the bottom, or another stone of the same turn.
    for (Cell c : turn) {
      Cell under = game_->below[c];
      if (under < 0 || owner_[under] != kNoPlayer) continue;
      if (std::find(turn.begin(), turn.end(), under) == turn.end()) return "column not filled up to that cell";
    }
  }
  return "";
}

std::vector<Turn> Position::legal_turns() const {
  std::vector<Turn> turns;
  if (over_) return turns;
  const int stones = stones_this_turn();
  // Grow turns stone by stone over cells in increasing order; a cell may rest on one
  // placed earlier in the same turn, which increasing order cannot see, so under gravity
  // collect ordered drops and deduplicate the sets.
  std::set<Turn> seen;
  Position scratch = *this;
  Turn partial;
  auto grow = [&](auto&& self) -> void {
    if (static_cast<int>(partial.size()) == stones) {
      Turn sorted = partial;
      std::sort(sorted.begin(), sorted.end());
      if (seen.insert(sorted).second) turns.push_back(sorted);
      return;
    }
    for (Cell c = 0; c < game_->cell_count(); ++c) {
      if (!scratch.playable(c)) continue;
      if (!game_->rules.gravity && !partial.empty() && c < partial.back()) continue;
      partial.push_back(c);
      scratch.owner_[c] = 0;  // placeholder stone: only occupancy matters here
      self(self);
      scratch.owner_[c] = kNoPlayer;
      partial.pop_back();
    }
  };
  grow(grow);
  std::sort(turns.begin(), turns.end());
  return turns;
}

bool Position::owns_line_through(int player, const Turn& turn) const {
  for (Cell c : turn)
    for (int l : game_->lines_of_cell[c]) {
      const Line& line = game_->lines[l];
      if (std::all_of(line.begin(), line.end(), [&](Cell d) { return owner_[d] == player; }))
        return true;
    }
  return false;
}

void Position::play(const Turn& turn) {
  const int mover = to_move();
  for (Cell c : turn) owner_[c] = static_cast<int8_t>(mover);
  empty_ -= static_cast<int>(turn.size());
  withheld_by_.push_back(0);
  history_.push_back(turn);

  const Goal goal = game_->rules.goal;
  bool lines_count = goal != Goal::MakerBreaker || mover == 0;
  if (lines_count && owns_line_through(mover, turn)) {
    over_ = true;
    winner_ = goal == Goal::Misere ? 1 - mover : mover;
  } else if (empty_ == 0) {
    over_ = true;
    winner_ = goal == Goal::MakerBreaker ? 1 : kNoPlayer;
  }
}

void Position::play_withheld(const Turn& partial) {
  const int mover = to_move();
  const int withheld = stones_this_turn() - static_cast<int>(partial.size());
  for (Cell c : partial) owner_[c] = static_cast<int8_t>(mover);
  empty_ -= static_cast<int>(partial.size());
  withheld_ += withheld;
  withheld_by_.push_back(withheld);
  history_.push_back(partial);
  // A withheld turn may still complete a line (a seminull stone): the game ends as by play.
  const Goal goal = game_->rules.goal;
  if ((goal != Goal::MakerBreaker || mover == 0) && owns_line_through(mover, partial)) {
    over_ = true;
    winner_ = goal == Goal::Misere ? 1 - mover : mover;
  }
}

void Position::undo() {
  for (Cell c : history_.back()) owner_[c] = kNoPlayer;
  empty_ += static_cast<int>(history_.back().size());
  withheld_ -= withheld_by_.back();
  withheld_by_.pop_back();
  history_.pop_back();
  over_ = false;
  winner_ = kNoPlayer;
}

}  // namespace kinrow
