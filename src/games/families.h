// The game families: generators of the one hypergraph model (core/game.h).
//
//   mnk:WxHxK      W columns, H rows, K in a row (tic-tac-toe = mnk:3x3x3)
//   connect:WxHxK  the same board with gravity (connect4 = connect:7x6x4)
//   cube:NxD[xK]   the N^D hypercube, K (default N) in a row (qubic = cube:4x3)
//   square:N       N x N points; a line is the four corners of an axis-parallel square
//   animal:WxH:SHAPE  W x H cells; a line is any placement of the polyomino SHAPE,
//                  turned or mirrored (Harary's animal tic-tac-toe; games/polyomino.h)
//   file:PATH      a JSON hypergraph: {"cells": [[x,y],...], "lines": [[0,1,2],...]}
//   bn:LxW, bnx:LxW, recx:MxN   windows of the boards of Chiang, Wu and Lin's Theorem 2
//                  (games/tile_boards.h)
#pragma once

#include <string_view>

#include "core/game.h"
#include "core/spec.h"

namespace kinrow {

// Throws InputError for malformed specs, impossible sizes and unreadable files.
Game make_game(std::string_view spec);
Game make_game(const GameSpec& spec);

// make_game for a spec that comes from someone else (a request to the workbench's server,
// an SGF record it is sent): refuses `file:` games, which would have the server read (or
// wait forever on) whatever file of its machine the spec names.
Game make_game_without_files(std::string_view spec);

}  // namespace kinrow
