// Periodic tilings of the plane by tiles with solid lines, and the covering check of
// the drawn k-in-a-row proofs (Chiang, Wu and Lin, Theorem 1).
//
// If every k consecutive squares in a row, a column or a diagonal hold a whole line of
// some tile, and the breaker holds the maker-breaker game of every tile, then the breaker
// stops k in a row on the infinite board by answering inside the tile the maker played
// in — so Connect(k, p) is drawn for every board and every q <= p (the paper's
// Corollary 1). This module decides the first half by computation and names a segment
// that holds no line when it fails; the tile search (tiles/tile_search.h) decides the
// second.
//
// The file (docs/tiles.md):
//   {"tiles": {"R": {"file": "b2.json"},                  a file: hypergraph, or
//              "T": {"cells": [[0,0], ...],                cells and lines as squares
//                    "lines": [[[0,0], [1,0]], ...]}},
//    "placements": [{"tile": "R", "at": [0, 0]},          one period's tiles: a tile's
//                   {"tile": "R", "at": [5, 4], "mirror": true}],   square (x, y) lands on
//    "period": [[6, 0], [0, 8]]}                          at + (x, y), or at + (-x, y)
// mirrored; the translates by the period's lattice must cover every square once.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace kinrow {

struct Square {
  int x = 0, y = 0;
  bool operator==(const Square&) const = default;
  auto operator<=>(const Square&) const = default;
};

struct Tile {
  std::string name;
  std::string file;                       // the file: hypergraph it came from, or ""
  std::vector<Square> cells;              // in the tile's own coordinates
  std::vector<std::vector<int>> lines;    // cell indices
};

struct TilePlacement {
  int tile = 0;
  Square at;
  bool mirror = false;
};

struct Tiling {
  std::vector<Tile> tiles;
  std::vector<TilePlacement> placements;
  std::array<Square, 2> period;
};

// The four directions of k in a row: east, north, north-east, south-east.
constexpr std::array<Square, 4> kDirections = {Square{1, 0}, Square{0, 1}, Square{1, 1}, Square{1, -1}};
const char* direction_name(int direction);  // "horizontal", "vertical", "diagonal /", "diagonal \"

// Reads and checks a tiling; throws InputError with one line naming the problem: a line
// that leaves its tile, two placements on one square, a square no placement covers,
// a period whose vectors do not span the plane.
Tiling read_tiling(const std::string& path);

// The same checks on a tiling built in memory (the tile search builds its own).
void check_tiling(const Tiling& tiling);

struct SegmentCover {
  // Per direction: the least k such that every k-segment holds a whole line (0: none
  // does, however long), and a segment of k - 1 squares that holds none.
  std::array<int, 4> least{};
  std::array<Square, 4> witness{};  // the start of that shorter segment
  int k() const;  // the least k for all four directions (0 if one has none)
};

// The tile's game with the given options (e.g. "maker-breaker,p=1..2"), built in memory:
// its own file if it came from one, else its cells shifted to non-negative coordinates
// under the spec "file:NAME.json" (the file that write_tile_file would write).
Game tile_game(const Tile& tile, const std::string& options);
// Writes the tile as a file: hypergraph.
void write_tile_file(const Tile& tile, const std::string& path);

// Computes the covering of every direction, looking at segments of at most `limit`.
SegmentCover segment_cover(const Tiling& tiling, int limit = 1000);

// A k-segment holding no whole line, as "the 10 squares from (3, 1) going east".
std::string describe_segment(Square start, int direction, int k);

}  // namespace kinrow
