#include "games/polyomino.h"

#include <algorithm>
#include <set>
#include <tuple>

#include "core/error.h"

namespace kinrow {

const std::vector<Polyomino>& polyominoes() {
  // Harary's animals up to five cells; his names in the comments.
  static const std::vector<Polyomino> shapes = {
      {"monomino", "#"},
      {"domino", "##"},
      {"i-tromino", "###"},                // Tic
      {"v-tromino", "#./##"},              // El
      {"i-tetromino", "####"},             // Tic-Tac-Toe-Toe (never achieved on any board)
      {"l-tetromino", "#./#./##"},         // Elly
      {"t-tetromino", "###/.#."},          // Tippy
      {"z-tetromino", "##./.##"},          // Knobby (skew)
      {"o-tetromino", "##/##"},            // Fatty
      {"n-pentomino", "##../.###"},
      {"i-pentomino", "#####"},
      {"l-pentomino", "#./#./#./##"},
      {"p-pentomino", "##/##/#."},
      {"u-pentomino", "#.#/###"},
      {"v-pentomino", "#../#../###"},
      {"w-pentomino", "#../##./.##"},
      {"x-pentomino", ".#./###/.#."},
      {"y-pentomino", "..#./####"},
      {"z-pentomino", "##./.#./.##"},
      {"t-pentomino", "###/.#./.#."},
      {"f-pentomino", ".##/##./.#."},
  };
  return shapes;
}

const Polyomino& find_polyomino(std::string_view name) {
  std::string known;
  for (const Polyomino& shape : polyominoes()) {
    if (shape.name == name) return shape;
    known += (known.empty() ? "" : ", ") + std::string(shape.name);
  }
  throw InputError("unknown animal \"" + printable(name) + "\" (known: " + known + ")");
}

std::vector<std::vector<std::pair<int, int>>> orientations(const Polyomino& shape) {
  std::vector<std::pair<int, int>> cells;
  int row = 0, column = 0;
  for (char c : shape.cells) {
    if (c == '/') ++row, column = 0;
    else {
      if (c == '#') cells.emplace_back(column, row);
      ++column;
    }
  }
  std::set<std::vector<std::pair<int, int>>> distinct;
  for (int turn = 0; turn < 8; ++turn) {
    std::vector<std::pair<int, int>> image;
    for (auto [x, y] : cells) {
      for (int r = 0; r < turn % 4; ++r) std::tie(x, y) = std::pair(-y, x);  // a quarter turn
      if (turn >= 4) x = -x;                                                 // then a mirror
      image.emplace_back(x, y);
    }
    int low_x = image[0].first, low_y = image[0].second;
    for (auto [x, y] : image) low_x = std::min(low_x, x), low_y = std::min(low_y, y);
    for (auto& [x, y] : image) x -= low_x, y -= low_y;
    std::sort(image.begin(), image.end());
    distinct.insert(image);
  }
  return {distinct.begin(), distinct.end()};
}

}  // namespace kinrow
