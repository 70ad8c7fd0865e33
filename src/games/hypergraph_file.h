// file:PATH games: any hypergraph, read from JSON.
//
//   {"cells": [[0,0], [1,0], ...],     coordinates of each cell (same number of axes,
//                                      non-negative integers, all distinct), or a count
//    "lines": [[0,1,2], [3,4,5], ...], each line a list of cell indices
//    "breaker-only": [6, 7]}           optional: cells the maker may not take (the
//                                      exclusive squares of the tile games, b=N)
//
// Cells keep the file's order. With coordinates, axis 0 is the column and axis 1 the row
// (0 = bottom), so gravity and the "c3" notation work as on the built-in boards.
#pragma once

#include <string>

#include "core/game.h"

namespace kinrow {

// Fills game.extent, game.coords, game.lines and game.breaker_only. Throws InputError naming the problem.
void read_hypergraph_file(Game& game, const std::string& path);

}  // namespace kinrow
