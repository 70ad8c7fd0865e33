// The tile search's hunt for tilings that prove Connect(k, p) drawn (Chiang, Wu and
// Lin's method, tiles/tiling.h): tilings of the plane by bands of one sheared rectangular
// tile, alone or alternating with its mirror image, whose lines cover every k-segment,
// and whose tile game the breaker holds.
//
// The family searched: a tile of h rows of w cells, row y shifted by s·y (s = 0 or 1: a
// rectangle or a parallelogram like B2), bands of height h whose tiles repeat every w
// squares; the next band is the same tile or its mirror image, shifted by any offset.
// A tile's candidate lines are its straight runs in the four directions, capped at a
// length c (runs longer than c give every stretch of c cells), for every c from k down
// to p + 1: long lines are hard for the maker, short ones fit more segments. If they
// cover every k-segment, lines are dropped one at a time, shortest first, while the
// cover holds (a line fewer is a winning set fewer for the maker), and the tile's game
// with what is left is solved by the tile search within a node budget. Tiles are
// compared by their lines, so a tile met in several tilings is solved once.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tiles/tiling.h"

namespace kinrow {

struct HuntOptions {
  int k = 10;
  int p = 2;
  int min_height = 2, max_height = 4;
  int min_width = 2, max_width = 8;
  int max_cells = 30;
  uint64_t tile_nodes = 2'000'000;  // the tile search's budget per tile
  double seconds = 300;             // the whole hunt's
  std::function<void(const std::string&)> on_progress;
};

struct HuntFind {
  Tiling tiling;
  std::string description;  // "5x3 parallelogram, bands alternating with the mirror image at 3,
                            // period (0, 6); 11 lines of 3..4 cells"
  bool breaker_holds = false;
  bool decided = false;
  uint64_t nodes = 0;
};

struct HuntReport {
  uint64_t shapes = 0;         // tiles (w, h, s) looked at
  uint64_t tilings = 0;        // tilings of them looked at
  uint64_t covering = 0;       // of those, covering every k-segment
  uint64_t tiles_solved = 0;   // distinct tile games the search decided
  uint64_t maker_wins = 0;
  uint64_t undecided = 0;      // out of budget
  double seconds = 0;
  bool complete = true;        // false if the time ran out
  std::vector<HuntFind> holds;    // tilings proving Connect(k, p) drawn, one per tile game
  std::vector<HuntFind> closest;  // tiles left undecided, the most nodes first (a few)
};

HuntReport hunt_tilings(const HuntOptions& options);

}  // namespace kinrow
