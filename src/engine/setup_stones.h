// A position given as each side's stones, with no order (SGF's setup stones AB/AW, the
// workbench's free edit), turned into a game: the stones played as turns of the rules,
// in an order found by a depth-first search (under gravity a column's stones must come
// bottom first, and no line may be completed before the last turn). The order found is
// kinrow's choice; stones that no order reaches are an InputError saying why.
#pragma once

#include <array>
#include <vector>

#include "core/position.h"

namespace kinrow {

// Plays `stones[0]` (the first player's) and `stones[1]` onto `position`, which must be
// the empty board.
void play_setup_stones(Position& position, std::array<std::vector<Cell>, 2> stones);

}  // namespace kinrow
