// The checker's forest rule, re-derived from the position alone: in a maker-breaker game,
// with the maker to move, the breaker holds if
//   - the live lines (no breaker stone on them; under p-stone rules also none with a
//     breaker-only cell, which the maker can never fill) form a forest: no cycle of
//     cells and lines, so two lines share at most one cell and no chain of lines closes;
//   - in each connected part of that forest the maker's stones lie on one line;
//   - every live line leaves room: under p-stone turns (p, or 1 to p) at least p + 1
//     empty cells, and p + 2 if no maker stone is on it yet; under b=N (b >= 1) at most
//     b maker stones and an empty breaker-only cell to cut on;
//   - and the breaker answers every turn with at least as many stones as it placed (not
//     so on a first turn of q > p stones).
// Why (Chiang, Wu and Lin's Lemma 2, made general): the breaker takes the maker's new
// stones one at a time. A stone in a part without maker stones stands alone: no cut. In
// a part whose stones lie on a line L (any line through its stone, if it has one), he
// kills L if the new stone is on it (then every stone of the part stands alone), else
// the first line of the one path from the new stone to L (then the new stone stands
// alone). One stone kills one line, so his answer suffices; the parts keep their stones
// on one line; a line with a maker stone never gains one while it lives, and one
// without gains at most one. So no line fills during the maker's turn (p + 1 empty cells
// take more than p stones), every cut finds an empty cell, and under b=N no live line
// goes past one stone more than it had.
//
// This is the checker's own code (lists of cells and a union-find); the tile search
// (tiles/tile_search.cpp) applies the same rule with its own bit masks.
#pragma once

#include "core/game.h"
#include "core/position.h"

namespace kinrow {

// True if the rule settles `position` for the breaker.
bool breaker_holds_by_forest(const Position& position);

}  // namespace kinrow
