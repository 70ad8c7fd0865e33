#include "dictionary/canonical.h"

#include "core/error.h"
#include "core/symmetry.h"

namespace kinrow {

Canonicaliser::Canonicaliser(const Game& game) {
  const SymmetryGroup group = automorphisms(game);
  if (!group.complete)
    throw InputError(game.spec + " has too many symmetries to canonicalise positions");
  for (const Permutation& map : group.maps) {
    forward_.emplace_back(map.begin(), map.end());
    const Permutation back = inverse(map);
    backward_.emplace_back(back.begin(), back.end());
  }
}

CanonicalForm Canonicaliser::canonical(const Stones& s) const {
  CanonicalForm best{s, 0};
  for (int map = 1; map < static_cast<int>(forward_.size()); ++map) {
    // The first player's image decides most comparisons; the second's is only built on a tie.
    const CellMask first = image(map, s.first);
    if (first < best.stones.first) continue;
    const CellMask second = image(map, s.second);
    if (first > best.stones.first || second > best.stones.second) best = {{first, second}, map};
  }
  return best;
}

}  // namespace kinrow
