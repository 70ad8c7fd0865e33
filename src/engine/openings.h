// The openings of a match (engine/match.h): a few random turns near the board's centre,
// kept only if the engine, at a small fixed node budget, judges the position even
// (NCTU6's classes stable, unstable1, unstable2, A1 or D1: engine/evaluation_class.h) and
// no proof search finds a win in it, and distinct up to the board's symmetries. The same
// seed gives the same openings, on every machine (core/hashing.h's SplitMix64, not the
// standard library's distributions, whose results differ between implementations).
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.h"
#include "core/hashing.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "engine/evaluation_class.h"

namespace kinrow {

struct OpeningOptions {
  int count = 1;             // openings wanted
  int turns = -1;            // turns in each (-1: default_opening_turns)
  uint64_t seed = 1;
  bool balanced = true;      // keep only openings the engine judges even
  uint64_t check_nodes = 3000;  // the engine's budget for that judgement
};

struct Opening {
  std::vector<Turn> turns;
  Evaluation evaluation = Evaluation::Unknown;  // for the side to move after it (Unknown: not judged)
};

// Three turns on boards of 100 cells or more (Gomoku's three-stone openings, Connect6's
// first three stones), else two, but never a third of the board.
int default_opening_turns(const Game& game);

// `count` openings. When the centre has fewer distinct even openings than that, or few
// are found in many tries, the ones found repeat in order (count stays exact); the
// number found distinct is the result's size before repetition: see `distinct`.
struct OpeningSet {
  std::vector<Opening> openings;
  int distinct = 0;
  int tried = 0;  // random openings drawn
};
OpeningSet make_openings(const Game& game, const OpeningOptions& options);

// The pieces, which the puzzles' self-play uses too.
// Cells near the centre, where openings are played (every cell without geometry).
std::vector<Cell> central_cells(const Game& game);
// A turn of random cells of `central` legal at `position`, or empty if none is found.
Turn random_turn(const Position& position, const std::vector<Cell>& central, SplitMix64& random);
// The position's stones (cell * 2 + owner) under the symmetry giving the least list:
// equal for positions that are images of each other.
std::vector<int> canonical_stones(const Position& position, const SymmetryGroup& group);

}  // namespace kinrow
