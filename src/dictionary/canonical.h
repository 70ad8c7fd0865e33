// Canonical forms of positions under the game's whole symmetry group (core/symmetry.h:
// computed from the lines, so Qubic has 192 maps, not only the cube's 48 motions).
//
// The canonical form is the image whose (first, second) masks are greatest as a pair of
// unsigned numbers. Any fixed choice would do: kinrow re-canonicalises every dictionary it
// reads, so it never depends on the form a file's author chose.
#pragma once

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
  explicit Canonicaliser(const Game& game);

  std::size_t group_size() const { return forward_.size(); }
  CanonicalForm canonical(const Stones& s) const;

  Cell image(int map, Cell c) const { return forward_[map][c]; }
  Cell preimage(int map, Cell c) const { return backward_[map][c]; }
  CellMask image(int map, CellMask cells) const {
    CellMask out = 0;
    for (; cells; cells &= cells - 1) out |= cell_bit(forward_[map][std::countr_zero(cells)]);
    return out;
  }
  Stones image(int map, const Stones& s) const { return {image(map, s.first), image(map, s.second)}; }

 private:
  std::vector<std::vector<uint8_t>> forward_, backward_;
};

}  // namespace kinrow
