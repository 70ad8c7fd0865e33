// Fixed-size cell sets for the hot path: Words 64-bit words, no allocation.
//
// Boards are instantiated for the smallest Words that holds their cells, so a Qubic or
// Connect Four position is a single machine word per player.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace kinrow {

template <int Words>
struct Bits {
  std::array<uint64_t, Words> word{};

  static constexpr int kCapacity = 64 * Words;

  void set(int i) { word[i >> 6] |= uint64_t{1} << (i & 63); }
  void reset(int i) { word[i >> 6] &= ~(uint64_t{1} << (i & 63)); }
  bool test(int i) const { return (word[i >> 6] >> (i & 63)) & 1; }

  bool any() const {
    for (uint64_t w : word)
      if (w) return true;
    return false;
  }
  int count() const {
    int n = 0;
    for (uint64_t w : word) n += std::popcount(w);
    return n;
  }
  // Index of the lowest set bit; precondition: any().
  int first() const {
    for (int i = 0; i < Words; ++i)
      if (word[i]) return 64 * i + std::countr_zero(word[i]);
    return -1;
  }

  Bits operator&(const Bits& o) const {
    Bits r;
    for (int i = 0; i < Words; ++i) r.word[i] = word[i] & o.word[i];
    return r;
  }
  Bits operator|(const Bits& o) const {
    Bits r;
    for (int i = 0; i < Words; ++i) r.word[i] = word[i] | o.word[i];
    return r;
  }
  bool operator==(const Bits&) const = default;

  // Calls f(index) for each set bit, lowest first.
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < Words; ++i)
      for (uint64_t w = word[i]; w; w &= w - 1) f(64 * i + std::countr_zero(w));
  }
};

}  // namespace kinrow
