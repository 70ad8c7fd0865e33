#include "dictionary/board_masks.h"

#include "core/error.h"

namespace kinrow {

BoardMasks::BoardMasks(const Game& game, bool several_stones)
    : game_(&game),
      cells_(game.cell_count()),
      goal_(game.rules.goal),
      first_turn_stones_(game.rules.first_turn_stones),
      stones_per_turn_(game.rules.stones_per_turn) {
  if (cells_ > 64)
    throw InputError("dictionaries are for boards of at most 64 cells; " + game.spec + " has " +
                     std::to_string(cells_));
  if (!several_stones && !one_stone_a_turn())
    throw InputError("dictionaries are for games of one stone a turn; " + game.spec + " is not");
  all_ = cells_ == 64 ? ~CellMask{0} : (CellMask{1} << cells_) - 1;
  for (const Line& line : game.lines) {
    CellMask mask = 0;
    for (Cell c : line) mask |= cell_bit(c);
    lines_.push_back(mask);
  }
  for (Cell c = 0; c < cells_; ++c) {
    line_start_.push_back(static_cast<int>(line_by_cell_.size()));
    for (int line : game.lines_of_cell[c]) line_by_cell_.push_back(lines_[line]);
  }
  line_start_.push_back(static_cast<int>(line_by_cell_.size()));
  if (game.rules.gravity) below_ = game.below;
}

Stones stones_of(std::span<const int8_t> owner) {
  Stones stones;
  for (Cell c = 0; c < static_cast<Cell>(owner.size()); ++c)
    if (owner[c] != kNoPlayer) stones.place(owner[c], c);
  return stones;
}

Stones stones_of(const Position& position) {
  Stones stones;
  for (Cell c = 0; c < position.game().cell_count(); ++c)
    if (position.owner(c) != kNoPlayer) stones.place(position.owner(c), c);
  return stones;
}

std::vector<int8_t> owners_of(const Stones& stones, int cells) {
  std::vector<int8_t> owner(cells, kNoPlayer);
  for (Cell c = 0; c < cells; ++c)
    if (stones.occupied() >> c & 1) owner[c] = stones.first >> c & 1 ? 0 : 1;
  return owner;
}

}  // namespace kinrow
