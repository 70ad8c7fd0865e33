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

#if defined(__AVX512BITALG__) && defined(__AVX512BW__)
#include <immintrin.h>
#endif

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
  // Df-pn asks this at every node and a canonical form asks it once a map. With
  // AVX-512 BITALG one instruction gathers every cell's bit from its preimage (a 64-byte
  // index per map: 12 KiB on Qubic). Else eight table lookups, one per byte of the mask;
  // those tables take 16 KiB a map, which on Qubic (3 MiB) no longer fit in the cache.
  CellMask image(int map, CellMask cells) const {
#if defined(__AVX512BITALG__) && defined(__AVX512BW__)
    const __m512i from = _mm512_loadu_si512(preimages_[static_cast<std::size_t>(map)].data());
    return _mm512_bitshuffle_epi64_mask(_mm512_set1_epi64(static_cast<long long>(cells)), from);
#else
    const std::array<CellMask, 256>* bytes = &byte_images_[static_cast<std::size_t>(map) * 8];
    CellMask out = 0;
    for (int b = 0; b < 8 && cells; ++b, cells >>= 8) out |= bytes[b][cells & 0xFF];
    return out;
#endif
  }
  Stones image(int map, const Stones& s) const { return {image(map, s.first), image(map, s.second)}; }

  // `moves` with one cell kept per orbit of the symmetries that fix `s` (the lowest):
  // moves a symmetry of the position exchanges lead to positions of the same value.
  CellMask orbit_representatives(const Stones& s, CellMask moves) const;

 private:
  std::vector<std::vector<uint8_t>> forward_, backward_;
  std::vector<std::array<CellMask, 256>> byte_images_;  // [map * 8 + byte][value]
  // Per map, per cell: the cell its image bit comes from (itself past the last cell,
  // where masks hold no stone).
  std::vector<std::array<uint8_t, 64>> preimages_;
};

}  // namespace kinrow
