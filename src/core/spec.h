// Spec strings: the one way games are named everywhere (CLI, files, tests).
//
//   spec    := family ':' params (',' option)*   |   alias (',' option)*
//   family  := mnk | connect | cube | square | animal | file | bn | bnx | recx
//   option  := normal | misere | maker-breaker | gravity | cylinder | exact | p=N | q=N
//            | p=1..P | b=N      (tile games, with maker-breaker: core/game.h's Rules)
//
// Parsing only checks the grammar and the ranges; games/families.h builds the game.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace kinrow {

struct GameSpec {
  std::string family;  // mnk, connect, cube, square, animal, file, bn, bnx, recx
  std::vector<int> params;  // mnk/connect: W H K; cube: N D K; square: N; animal: W H; bn/bnx: L W; recx: M N
  std::string path;  // file: the JSON path
  std::string shape;  // animal: the polyomino's name
  Rules rules;
};

// Throws InputError with a one-line message naming the problem.
GameSpec parse_spec(std::string_view text);

// The canonical spelling of a spec: family, params, then the options that differ from
// the family's defaults, in a fixed order. parse_spec(format_spec(s)) == s.
std::string format_spec(const GameSpec& spec);

}  // namespace kinrow
