// The symmetry group of a game, computed from its lines alone.
//
// A symmetry is a permutation of the cells that maps the set of lines onto itself, keeps
// breaker-only cells (tile games) among themselves and, under gravity, commutes with "the
// cell below". Nothing about the family's geometry is
// assumed, so the group of any hypergraph is found: 8 for tic-tac-toe, 192 for Qubic
// (more than the cube's 48 rigid motions), 2 for a gravity board.
#pragma once

#include <cstddef>
#include <vector>

#include "core/game.h"

namespace kinrow {

using Permutation = std::vector<Cell>;  // image[cell]

struct SymmetryGroup {
  std::vector<Permutation> maps;  // every element; maps[0] is the identity
  bool complete = true;  // false if enumeration stopped at the limit

  std::size_t size() const { return maps.size(); }
};

SymmetryGroup automorphisms(const Game& game, std::size_t limit = 1u << 16);

Permutation inverse(const Permutation& map);

}  // namespace kinrow
