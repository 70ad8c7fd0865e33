// kinrow solve's path for tile games (tiles/tile_search.h).
#pragma once

#include "cli/args.h"
#include "core/game.h"

namespace kinrow::cli {

// Solves the position of --moves with the tile search and reports as solve does.
int solve_tile_game(const Args& args, const Game& game);

}  // namespace kinrow::cli
