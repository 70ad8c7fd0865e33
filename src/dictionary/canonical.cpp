#include "dictionary/canonical.h"

#include "core/error.h"
#include "core/symmetry.h"

namespace kinrow {

Canonicaliser::Canonicaliser(const Game& game, std::size_t max_maps) {
  const SymmetryGroup group = automorphisms(game, max_maps);
  if (!group.complete)
    throw InputError(game.spec + " has too many symmetries to canonicalise positions");
  for (const Permutation& map : group.maps) {
    forward_.emplace_back(map.begin(), map.end());
    const Permutation back = inverse(map);
    backward_.emplace_back(back.begin(), back.end());
  }
  // image() reads the preimage indexes where the CPU has AVX-512 BITALG, else byte tables.
#if defined(__AVX512BITALG__) && defined(__AVX512BW__)
  preimages_.resize(forward_.size());
  for (std::size_t map = 0; map < forward_.size(); ++map)
    for (std::size_t cell = 0; cell < 64; ++cell)
      preimages_[map][cell] = static_cast<uint8_t>(cell < backward_[map].size() ? backward_[map][cell] : cell);
#else
  byte_images_.resize(forward_.size() * 8);
  for (std::size_t map = 0; map < forward_.size(); ++map)
    for (int b = 0; b < 8; ++b)
      for (int value = 0; value < 256; ++value) {
        CellMask out = 0;
        for (int bit = 0; bit < 8; ++bit) {
          const std::size_t cell = static_cast<std::size_t>(b * 8 + bit);
          if (value >> bit & 1 && cell < forward_[map].size()) out |= cell_bit(forward_[map][cell]);
        }
        byte_images_[map * 8 + b][value] = out;
      }
#endif
}

CellMask Canonicaliser::orbit_representatives(const Stones& s, CellMask moves) const {
  CellMask kept = moves;
  // A map fixing the position keeps a stone among the stones of its colour: testing one
  // stone first rules out most maps with a single lookup.
  const bool empty = s.occupied() == 0;
  const CellMask probe_side = s.first ? s.first : s.second;
  const Cell probe = empty ? 0 : std::countr_zero(probe_side);
  for (int map = 1; map < static_cast<int>(forward_.size()); ++map) {
    if (!empty && !(probe_side >> forward_[map][probe] & 1)) continue;
    if (image(map, s.first) != s.first || image(map, s.second) != s.second) continue;
    // Drop every cell the map carries to a lower kept cell; orbits are finite, so the
    // lowest cell of each orbit survives all maps.
    for (CellMask m = kept; m; m &= m - 1) {
      const Cell c = std::countr_zero(m);
      if (forward_[map][c] < c && (kept >> forward_[map][c] & 1)) kept &= ~cell_bit(c);
    }
  }
  return kept;
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
