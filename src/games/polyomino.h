// Polyominoes ("animals") for Harary's achievement games: a line of the game is every
// placement of the shape on the board, turned and mirrored (a free polyomino).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kinrow {

struct Polyomino {
  std::string_view name;   // "l-tetromino"
  std::string_view cells;  // rows of '#' and '.', separated by '/': "#./#./##"
};

// Every named shape, in the order `kinrow info --help` lists them.
const std::vector<Polyomino>& polyominoes();

// The shape called `name`; InputError naming the known ones otherwise.
const Polyomino& find_polyomino(std::string_view name);

// The distinct orientations (up to 8) of a shape, each as (column, row) offsets
// normalised to start at (0, 0) and sorted.
std::vector<std::vector<std::pair<int, int>>> orientations(const Polyomino& shape);

}  // namespace kinrow
