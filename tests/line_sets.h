// Every line of a game as a cell set (games of at most 64 cells), for the tests that hand
// df-pn's bit-set pairing code the lines the way df-pn builds them.
#pragma once

#include <vector>

#include "core/bits.h"
#include "core/game.h"

namespace kinrow::testing {

inline std::vector<Bits<1>> line_sets(const Game& game) {
  std::vector<Bits<1>> lines;
  for (const Line& line : game.lines) {
    Bits<1> set;
    for (Cell c : line) set.set(c);
    lines.push_back(set);
  }
  return lines;
}

}  // namespace kinrow::testing
