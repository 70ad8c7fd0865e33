// Fixed-size cell sets for the hot path: Words 64-bit words, no allocation.
//
// Boards are instantiated for the smallest Words that holds their cells (games/board.h),
// so a Qubic or 7x7 position is a single machine word per player and a 19x19 one eight.
// Every operation is a loop over the words, which the compiler unrolls: with one word the
// code is what plain uint64_t arithmetic would be.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace kinrow {

template <int Words>
struct Bits {
  std::array<uint64_t, Words> word{};

  static constexpr int kWords = Words;
  static constexpr int kCapacity = 64 * Words;

  // The cells 0 .. n-1.
  static Bits first_n(int n) {
    Bits r;
    for (int i = 0; i < Words; ++i) {
      const int in_word = n - 64 * i;
      r.word[i] = in_word >= 64 ? ~uint64_t{0} : in_word <= 0 ? 0 : (uint64_t{1} << in_word) - 1;
    }
    return r;
  }
  static Bits single(int i) {
    Bits r;
    r.set(i);
    return r;
  }

  void set(int i) { word[i >> 6] |= uint64_t{1} << (i & 63); }
  void reset(int i) { word[i >> 6] &= ~(uint64_t{1} << (i & 63)); }
  bool test(int i) const { return (word[i >> 6] >> (i & 63)) & 1; }

  bool any() const {
    for (uint64_t w : word)
      if (w) return true;
    return false;
  }
  bool none() const { return !any(); }
  int count() const {
    int n = 0;
    for (uint64_t w : word) n += std::popcount(w);
    return n;
  }
  // Two or more cells (cheaper than count() >= 2).
  bool several() const {
    bool seen = false;
    for (uint64_t w : word) {
      if (!w) continue;
      if (seen || (w & (w - 1))) return true;
      seen = true;
    }
    return false;
  }
  // Exactly one cell.
  bool one() const { return any() && !several(); }
  // Index of the lowest set bit; precondition: any().
  int first() const {
    for (int i = 0; i < Words; ++i)
      if (word[i]) return 64 * i + std::countr_zero(word[i]);
    return -1;
  }
  // Without its lowest set bit (x & (x - 1) for one word).
  Bits without_first() const {
    Bits r = *this;
    for (int i = 0; i < Words; ++i)
      if (r.word[i]) {
        r.word[i] &= r.word[i] - 1;
        break;
      }
    return r;
  }

  bool intersects(const Bits& o) const {
    for (int i = 0; i < Words; ++i)
      if (word[i] & o.word[i]) return true;
    return false;
  }
  bool subset_of(const Bits& o) const {
    for (int i = 0; i < Words; ++i)
      if (word[i] & ~o.word[i]) return false;
    return true;
  }
  // this & ~o
  Bits minus(const Bits& o) const {
    Bits r;
    for (int i = 0; i < Words; ++i) r.word[i] = word[i] & ~o.word[i];
    return r;
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
  Bits operator^(const Bits& o) const {
    Bits r;
    for (int i = 0; i < Words; ++i) r.word[i] = word[i] ^ o.word[i];
    return r;
  }
  Bits& operator&=(const Bits& o) {
    for (int i = 0; i < Words; ++i) word[i] &= o.word[i];
    return *this;
  }
  Bits& operator|=(const Bits& o) {
    for (int i = 0; i < Words; ++i) word[i] |= o.word[i];
    return *this;
  }
  // Word by word: the defaulted comparison goes through std::equal to a call of memcmp,
  // which was 4.6 % of a Connect6 8x8 proof (the threat search's sets of answered turns).
  bool operator==(const Bits& o) const {
    for (int i = 0; i < Words; ++i)
      if (word[i] != o.word[i]) return false;
    return true;
  }
  // As unsigned numbers of 64 * Words bits (the highest word decides first): the order
  // canonical forms are chosen by.
  bool operator<(const Bits& o) const {
    for (int i = Words - 1; i >= 0; --i)
      if (word[i] != o.word[i]) return word[i] < o.word[i];
    return false;
  }

  uint64_t hash() const {
    uint64_t h = 0;
    for (int i = 0; i < Words; ++i) {
      h ^= word[i] + 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(i + 1);
      h *= 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
    return h;
  }

  // Calls f(index) for each set bit, lowest first.
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < Words; ++i)
      for (uint64_t w = word[i]; w; w &= w - 1) f(64 * i + std::countr_zero(w));
  }

  // The set bits, lowest first, for range-for loops that may break early.
  class Iterator {
   public:
    Iterator(const Bits& bits, int at) : bits_(&bits), at_(at), rest_(at < Words ? bits.word[at] : 0) { skip(); }
    int operator*() const { return 64 * at_ + std::countr_zero(rest_); }
    Iterator& operator++() {
      rest_ &= rest_ - 1;
      skip();
      return *this;
    }
    bool operator!=(const Iterator& o) const { return at_ != o.at_ || rest_ != o.rest_; }

   private:
    void skip() {
      while (!rest_ && at_ < Words) {
        if (++at_ < Words) rest_ = bits_->word[at_];
      }
    }
    const Bits* bits_;
    int at_;
    uint64_t rest_;
  };
  Iterator begin() const { return Iterator(*this, 0); }
  Iterator end() const { return Iterator(*this, Words); }
};

}  // namespace kinrow
