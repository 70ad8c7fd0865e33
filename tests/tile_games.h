// Small maker-breaker games built in memory for the tile search's tests: a row of cells
// with the given lines, and random ones.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/hashing.h"
#include "core/spec.h"

namespace kinrow::testing {

// A row of `cells` cells with these lines and rules, named like a file: game so that its
// spec parses back (certificates name their game).
inline Game tile_game(int cells, std::vector<Line> lines, Rules rules, const std::string& name = "tile-test") {
  GameSpec spec;
  spec.family = "file";
  spec.path = name;
  spec.rules = rules;
  Game game;
  game.spec = format_spec(spec);
  game.family = "file";
  game.rules = rules;
  game.extent = {cells};
  for (int c = 0; c < cells; ++c) game.coords.push_back({c});
  game.lines = std::move(lines);
  finish_game(game);
  return game;
}

// Random lines of 2 to `longest` cells over `cells` cells; under a bound (b=N), the last
// `breaker_only` cells are breaker-only and each line gets one of them.
inline Game random_tile_game(SplitMix64& random, int cells, int lines, int longest, Rules rules, int breaker_only = 0) {
  std::vector<Line> list;
  const int open = cells - breaker_only;
  for (int l = 0; l < lines; ++l) {
    const int size = 2 + static_cast<int>(random.below(longest - 1));
    Line line;
    while (static_cast<int>(line.size()) < std::min(size, open)) {
      const Cell c = static_cast<Cell>(random.below(open));
      if (std::find(line.begin(), line.end(), c) == line.end()) line.push_back(c);
    }
    if (breaker_only) line.push_back(open + static_cast<Cell>(random.below(breaker_only)));
    list.push_back(line);
  }
  Game game = tile_game(cells, list, rules, "random-" + std::to_string(random.next() % 100000));
  for (int c = open; c < cells; ++c) game.breaker_only.push_back(c);
  return game;
}

}  // namespace kinrow::testing
