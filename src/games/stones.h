// A position as two cell sets, one per player: what search boards hand out (Board::stones),
// what certificate walks and dictionaries keep in their sets and maps, and what canonical
// forms permute. Which player moves next follows from the counts and the rules.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/bits.h"
#include "core/position.h"

namespace kinrow {

template <int W>
struct Stones {
  Bits<W> first, second;  // the first player's (x) and the second's (o)

  bool operator==(const Stones&) const = default;
  Bits<W> occupied() const { return first | second; }
  const Bits<W>& of(int player) const { return player == 0 ? first : second; }
  Bits<W>& of(int player) { return player == 0 ? first : second; }
  void place(int player, Cell c) { of(player).set(c); }
  int count() const { return first.count() + second.count(); }
  // The order of canonical forms: the first player's stones decide, then the second's.
  bool operator<(const Stones& o) const { return first != o.first ? first < o.first : second < o.second; }
};

struct StonesHash {
  template <int W>
  std::size_t operator()(const Stones<W>& s) const {
    uint64_t h = s.first.hash() * 0x9E3779B97F4A7C15ull ^ (s.second.hash() + 0x632BE59BD9B4E019ull);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return static_cast<std::size_t>(h ^ (h >> 32));
  }
};

// Between stones and core's one owner per cell (kNoPlayer, 0, 1).
template <int W>
Stones<W> stones_of(std::span<const int8_t> owner) {
  Stones<W> stones;
  for (Cell c = 0; c < static_cast<Cell>(owner.size()); ++c)
    if (owner[c] != kNoPlayer) stones.place(owner[c], c);
  return stones;
}

template <int W>
Stones<W> stones_of(const Position& position) {
  Stones<W> stones;
  for (Cell c = 0; c < position.game().cell_count(); ++c)
    if (position.owner(c) != kNoPlayer) stones.place(position.owner(c), c);
  return stones;
}

template <int W>
std::vector<int8_t> owners_of(const Stones<W>& stones, int cells) {
  std::vector<int8_t> owner(cells, kNoPlayer);
  stones.first.for_each([&](int c) { owner[c] = 0; });
  stones.second.for_each([&](int c) { owner[c] = 1; });
  return owner;
}

// A set of positions, for walks that visit each position once: the certificate writers.
// Open addressing with linear probing in one flat array, so a lookup reads one cache line
// where a node-based set chases two pointers and allocates; writing Qubic's certificate
// spent 30 % of its time in std::unordered_set (docs/benchmarks.md).
//
// A walk of hundreds of millions of positions is bounded by this set, so each position
// is kept in as few words as its board needs: with at most 32 cells a word, word i holds
// cells 32i to 32i + 31, the first player's in its low half and the second's in its high
// half (a row of 29 cells: one word, not two); on larger boards, the two cell sets as they
// are. The table grows at seven tenths full.
template <int W>
class StonesSet {
 public:
  // `cells`: the board's cells; no position may hold a stone beyond them.
  explicit StonesSet(int cells = 64 * W) : words_(cells <= 32 * W ? W : 2 * W), packed_(cells <= 32 * W) { clear(); }

  // Adds `s`; false if it was there already.
  bool insert(const Stones<W>& s) {
    if (10 * (size_ + 1) > 7 * (mask_ + 1)) grow();
    const Key key = key_of(s);
    std::size_t i = hash(key.data()) & mask_;
    for (; !free(i); i = (i + 1) & mask_)
      if (std::equal(key.begin(), key.begin() + words_, slot(i))) return false;
    std::copy(key.begin(), key.begin() + words_, slot(i));
    ++size_;
    return true;
  }
  bool contains(const Stones<W>& s) const {
    const Key key = key_of(s);
    for (std::size_t i = hash(key.data()) & mask_; !free(i); i = (i + 1) & mask_)
      if (std::equal(key.begin(), key.begin() + words_, slot(i))) return true;
    return false;
  }
  std::size_t size() const { return size_; }
  void clear() {
    slots_.assign(kInitialSlots * words_, kFree);
    mask_ = kInitialSlots - 1;
    size_ = 0;
  }

 private:
  using Key = std::array<uint64_t, 2 * W>;
  static constexpr std::size_t kInitialSlots = 1 << 12;
  // A free slot has every word all ones, which no key has: packed, its word 0 would put
  // both players on cell 0; unpacked, its words 0 and W would.
  static constexpr uint64_t kFree = ~uint64_t{0};

  Key key_of(const Stones<W>& s) const {
    Key key{};
    if (!packed_) {
      for (int i = 0; i < W; ++i) key[i] = s.first.word[i], key[W + i] = s.second.word[i];
      return key;
    }
    for (int i = 0; i < W; ++i) {
      const int shift = 32 * (i & 1);
      key[i] = ((s.first.word[i / 2] >> shift) & 0xFFFFFFFFull) | (s.second.word[i / 2] >> shift << 32);
    }
    return key;
  }
  std::size_t hash(const uint64_t* key) const {
    uint64_t h = 0x632BE59BD9B4E019ull;
    for (int i = 0; i < words_; ++i) {
      h = (h ^ key[i]) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 29;
    }
    h *= 0xBF58476D1CE4E5B9ull;
    return static_cast<std::size_t>(h ^ (h >> 32));
  }
  uint64_t* slot(std::size_t i) { return slots_.data() + i * words_; }
  const uint64_t* slot(std::size_t i) const { return slots_.data() + i * words_; }
  bool is_free(const uint64_t* key) const { return key[0] == kFree && key[packed_ ? 0 : W] == kFree; }
  bool free(std::size_t i) const { return is_free(slots_.data() + i * words_); }

  void grow() {
    std::vector<uint64_t> old(slots_.size() * 2, kFree);
    old.swap(slots_);
    mask_ = 2 * mask_ + 1;
    for (std::size_t at = 0; at < old.size(); at += words_) {
      const uint64_t* key = old.data() + at;
      if (is_free(key)) continue;
      std::size_t i = hash(key) & mask_;
      while (!free(i)) i = (i + 1) & mask_;
      std::copy(key, key + words_, slot(i));
    }
  }

  int words_;     // per position
  bool packed_;   // two players' cells in one word (boards of at most 32 cells a word)
  std::vector<uint64_t> slots_;
  std::size_t mask_ = 0, size_ = 0;
};

}  // namespace kinrow
