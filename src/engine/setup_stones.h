// A position given as each side's stones, with no order (SGF's setup stones AB/AW, the
// workbench's free edit), turned into a game: the stones played as turns of the rules —
// each side's in turn, bottom rows first under gravity, the first ones that can be
// played — and checked by the rules on the way. The order found is kinrow's choice; a
// set of stones that needs a cleverer order (or that no game reaches) is an InputError
// saying why.
#pragma once

#include <array>
#include <vector>

#include "core/position.h"

namespace kinrow {

// Plays `stones[0]` (the first player's) and `stones[1]` onto `position`, which must be
// the empty board. Names in messages: "the first player" / "the second player", or
// `side_names` if given.
void play_setup_stones(Position& position, std::array<std::vector<Cell>, 2> stones,
                       const std::array<const char*, 2>& side_names = {"the first player", "the second player"});

}  // namespace kinrow
