// Canonical forms of positions under the game's whole symmetry group (core/symmetry.h:
// computed from the lines, so Qubic has 192 maps, not only the cube's 48 motions).
//
// The canonical form is the image whose (first, second) masks are greatest as a pair of
// unsigned numbers. Any fixed choice would do: kinrow re-canonicalises every dictionary it
// reads, so it never depends on the form a file's author chose.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "dictionary/board_masks.h"

namespace kinrow {

struct CanonicalForm {
  Stones stones;  // the canonical image
  int map = 0;    // the symmetry that takes the position to it
};

class Canonicaliser {
 public:
  // InputError if the group has more than `max_maps` elements (too many to list).
  explicit Canonicaliser(const Game& game, std::size_t max_maps = std::size_t{1} << 16);

  std::size_t group_size() const { return forward_.size(); }
  CanonicalForm canonical(const Stones& s) const;

  Cell image(int map, Cell c) const { return forward_[map][c]; }
  Cell preimage(int map, Cell c) const { return backward_[map][c]; }
  // By eight table lookups, one per byte of the mask: df-pn asks this at every node.
  CellMask image(int map, CellMask cells) const {
    const std::array<CellMask, 256>* bytes = &byte_images_[static_cast<std::size_t>(map) * 8];
    CellMask out = 0;
    for (int b = 0; b < 8 && cells; ++b, cells >>= 8) out |= bytes[b][cells & 0xFF];
    return out;
  }
  Stones image(int map, const Stones& s) const { return {image(map, s.first), image(map, s.second)}; }

  // `moves` with one cell kept per orbit of the symmetries that fix `s` (the lowest):
  // moves a symmetry of the position exchanges lead to positions of the same value.
  CellMask orbit_representatives(const Stones& s, CellMask moves) const;

 private:
  std::vector<std::vector<uint8_t>> forward_, backward_;
  std::vector<std::array<CellMask, 256>> byte_images_;  // [map * 8 + byte][value]
};

}  // namespace kinrow
