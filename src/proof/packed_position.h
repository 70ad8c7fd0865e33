// Positions as the certificate checker keeps them: two bits a cell in N 64-bit words
// (0 empty, 1 first player, 2 second player), so a position of up to 32·N cells costs
// 8·N bytes, and hashes and compares word by word. Tens of millions of positions then
// fit where one byte a cell in a node of a hash map did not (docs/certificates.md).
//
// It is the checker's own packing, built from the reference rules' owners: nothing here
// is shared with the solvers' boards.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <utility>

namespace kinrow {

template <int N>
struct PackedPosition {
  static constexpr int kCells = 32 * N;  // the most cells it holds

  std::array<uint64_t, N> words{};

  // 0 empty, 1 first player, 2 second player (the owner plus one).
  int at(int cell) const { return static_cast<int>(words[cell >> 5] >> (2 * (cell & 31))) & 3; }
  void set(int cell, int value) {
    const int shift = 2 * (cell & 31);
    uint64_t& word = words[cell >> 5];
    word = (word & ~(uint64_t{3} << shift)) | (static_cast<uint64_t>(value) << shift);
  }

  // Every cell 3, a pattern no position has: the empty slot of a PositionTable.
  static PackedPosition none() {
    PackedPosition p;
    p.words.fill(~uint64_t{0});
    return p;
  }

  bool operator==(const PackedPosition&) const = default;

  uint64_t hash() const {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (uint64_t w : words) {
      h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
    return h;
  }
};

// The fewest words (1, 2, 4 … 64) that hold `cells` cells, or 0 beyond 2,048 cells.
constexpr int packed_words(int cells) {
  for (int n = 1; n <= 64; n *= 2)
    if (cells <= 32 * n) return n;
  return 0;
}

// Impl<N> for the fewest words N that hold `cells` cells, made from `args` and owned as
// a Base: how the checker and the browser pick the width of their positions at run time.
// Null beyond 2,048 cells.
template <class Base, template <int> class Impl, class... Args>
std::unique_ptr<Base> make_packed(int cells, Args&&... args) {
  switch (packed_words(cells)) {
    case 1: return std::make_unique<Impl<1>>(std::forward<Args>(args)...);
    case 2: return std::make_unique<Impl<2>>(std::forward<Args>(args)...);
    case 4: return std::make_unique<Impl<4>>(std::forward<Args>(args)...);
    case 8: return std::make_unique<Impl<8>>(std::forward<Args>(args)...);
    case 16: return std::make_unique<Impl<16>>(std::forward<Args>(args)...);
    case 32: return std::make_unique<Impl<32>>(std::forward<Args>(args)...);
    case 64: return std::make_unique<Impl<64>>(std::forward<Args>(args)...);
    default: return nullptr;
  }
}

}  // namespace kinrow
