#include "dictionary/board_masks.h"

#include "core/error.h"

namespace kinrow {

BoardMasks::BoardMasks(const Game& game) : game_(&game), cells_(game.cell_count()), goal_(game.rules.goal) {
  if (cells_ > 64)
    throw InputError("dictionaries are for boards of at most 64 cells; " + game.spec + " has " +
                     std::to_string(cells_));
  if (game.rules.stones_per_turn != 1 || game.rules.first_turn_stones != 1)
    throw InputError("dictionaries are for games of one stone a turn; " + game.spec + " is not");
  all_ = cells_ == 64 ? ~CellMask{0} : (CellMask{1} << cells_) - 1;
  for (const Line& line : game.lines) {
    CellMask mask = 0;
    for (Cell c : line) mask |= cell_bit(c);
    lines_.push_back(mask);
  }
  lines_through_ = game.lines_of_cell;
  for (Cell c = 0; c < cells_; ++c) {
    line_start_.push_back(static_cast<int>(line_by_cell_.size()));
    for (int line : lines_through_[c]) line_by_cell_.push_back(lines_[line]);
  }
  line_start_.push_back(static_cast<int>(line_by_cell_.size()));
  if (game.rules.gravity) below_ = game.below;
}

}  // namespace kinrow
