// Canonical forms of positions under the game's whole symmetry group (core/symmetry.h:
// computed from the lines, so Qubic has 192 maps, not only the cube's 48 motions).
//
// The canonical form is the image whose (first, second) cell sets are greatest as a pair
// of unsigned numbers. Any fixed choice would do: kinrow re-canonicalises every dictionary
// and certificate it reads, so it never depends on the form a file's author chose.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#if defined(__AVX512BITALG__) && defined(__AVX512BW__)
#include <immintrin.h>
#endif

#include "core/error.h"
#include "core/symmetry.h"
#include "games/stones.h"

namespace kinrow {

template <int W>
struct CanonicalForm {
  Stones<W> stones;  // the canonical image
  int map = 0;       // the symmetry that takes the position to it
};

template <int W>
class Canonicaliser {
 public:
  using Cells = Bits<W>;

  // InputError if the group has more than `max_maps` elements (too many to list).
  explicit Canonicaliser(const Game& game, std::size_t max_maps = std::size_t{1} << 16) {
    const SymmetryGroup group = automorphisms(game, max_maps);
    if (!group.complete) throw InputError(game.spec + " has too many symmetries to canonicalise positions");
    for (const Permutation& map : group.maps) {
      forward_.emplace_back(map.begin(), map.end());
      const Permutation back = inverse(map);
      backward_.emplace_back(back.begin(), back.end());
    }
    if constexpr (W == 1) {
#if defined(__AVX512BITALG__) && defined(__AVX512BW__)
      // One instruction gathers every cell's bit from its preimage.
      preimages_.resize(forward_.size());
      for (std::size_t m = 0; m < forward_.size(); ++m)
        for (std::size_t cell = 0; cell < 64; ++cell)
          preimages_[m][cell] = static_cast<uint8_t>(cell < backward_[m].size() ? backward_[m][cell] : cell);
#else
      byte_images_.resize(forward_.size() * 8);
      for (std::size_t m = 0; m < forward_.size(); ++m)
        for (int b = 0; b < 8; ++b)
          for (int value = 0; value < 256; ++value) {
            uint64_t out = 0;
            for (int bit = 0; bit < 8; ++bit) {
              const std::size_t cell = static_cast<std::size_t>(b * 8 + bit);
              if (value >> bit & 1 && cell < forward_[m].size()) out |= uint64_t{1} << forward_[m][cell];
            }
            byte_images_[m * 8 + b][value] = out;
          }
#endif
    }
  }

  std::size_t group_size() const { return forward_.size(); }

  Cell image(int map, Cell c) const { return forward_[map][c]; }
  Cell preimage(int map, Cell c) const { return backward_[map][c]; }
  // Df-pn asks this at every node and a canonical form asks it once a map. On one word:
  // with AVX-512 BITALG one instruction (a 64-byte index per map: 12 KiB on Qubic), else
  // eight table lookups, one per byte of the set (16 KiB a map). Wider boards have few
  // symmetries (8 on a square grid) and map stone by stone.
  Cells image(int map, const Cells& cells) const {
    if constexpr (W == 1) {
#if defined(__AVX512BITALG__) && defined(__AVX512BW__)
      const __m512i from = _mm512_loadu_si512(preimages_[static_cast<std::size_t>(map)].data());
      Cells out;
      out.word[0] = _mm512_bitshuffle_epi64_mask(_mm512_set1_epi64(static_cast<long long>(cells.word[0])), from);
      return out;
#else
      const std::array<uint64_t, 256>* bytes = &byte_images_[static_cast<std::size_t>(map) * 8];
      uint64_t in = cells.word[0], out = 0;
      for (int b = 0; b < 8 && in; ++b, in >>= 8) out |= bytes[b][in & 0xFF];
      Cells result;
      result.word[0] = out;
      return result;
#endif
    } else {
      Cells out;
      const std::vector<uint16_t>& to = forward_[map];
      cells.for_each([&](int c) { out.set(to[c]); });
      return out;
    }
  }
  Stones<W> image(int map, const Stones<W>& s) const { return {image(map, s.first), image(map, s.second)}; }

  CanonicalForm<W> canonical(const Stones<W>& s) const {
    CanonicalForm<W> best{s, 0};
    for (int map = 1; map < static_cast<int>(forward_.size()); ++map) {
      // The first player's image decides most comparisons; the second's is only built on a tie.
      const Cells first = image(map, s.first);
      if (first < best.stones.first) continue;
      const Cells second = image(map, s.second);
      if (best.stones.first < first || best.stones.second < second) best = {{first, second}, map};
    }
    return best;
  }

  // `moves` with one cell kept per orbit of the symmetries that fix `s` (the lowest):
  // moves a symmetry of the position exchanges lead to positions of the same value.
  Cells orbit_representatives(const Stones<W>& s, const Cells& moves) const {
    Cells kept = moves;
    // A map fixing the position keeps a stone among the stones of its colour: testing one
    // stone first rules out most maps with a single lookup.
    const bool empty = s.occupied().none();
    const Cells& probe_side = s.first.any() ? s.first : s.second;
    const Cell probe = empty ? 0 : probe_side.first();
    for (int map = 1; map < static_cast<int>(forward_.size()); ++map) {
      if (!empty && !probe_side.test(forward_[map][probe])) continue;
      if (image(map, s.first) != s.first || image(map, s.second) != s.second) continue;
      // Drop every cell the map carries to a lower kept cell; orbits are finite, so the
      // lowest cell of each orbit survives all maps.
      for (Cell c : Cells(kept)) {
        const Cell to = forward_[map][c];
        if (to < c && kept.test(to)) kept.reset(c);
      }
    }
    return kept;
  }

 private:
  std::vector<std::vector<uint16_t>> forward_, backward_;
  std::vector<std::array<uint64_t, 256>> byte_images_;  // one word: [map * 8 + byte][value]
  // One word with AVX-512: per map, per cell, the cell its image bit comes from (itself
  // past the last cell, where sets hold no stone).
  std::vector<std::array<uint8_t, 64>> preimages_;
};

// The largest symmetry group searches and certificate walks list (a map's tables take up
// to 16 KiB; the certificate checker lists at most 4096).
constexpr std::size_t kListedSymmetries = 1024;

// The game's canonical forms, or none when its group is larger than kListedSymmetries
// (then only equal positions merge).
template <int W>
std::optional<Canonicaliser<W>> listed_symmetries(const Game& game) {
  std::optional<Canonicaliser<W>> out;
  try {
    out.emplace(game, kListedSymmetries);
  } catch (const InputError&) {
    // Too many symmetries to list (twin cells).
  }
  return out;
}

}  // namespace kinrow
