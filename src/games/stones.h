// A position as two cell sets, one per player: what search boards hand out (Board::stones),
// what certificate walks and dictionaries keep in their sets and maps, and what canonical
// forms permute. Which player moves next follows from the counts and the rules.
#pragma once

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
template <int W>
class StonesSet {
 public:
  StonesSet() {
    empty_.first.set(0);  // no position has a cell of both players
    empty_.second.set(0);
    clear();
  }

  // Adds `s`; false if it was there already.
  bool insert(const Stones<W>& s) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    std::size_t i = StonesHash()(s) & mask_;
    for (; slots_[i] != empty_slot(); i = (i + 1) & mask_)
      if (slots_[i] == s) return false;
    slots_[i] = s;
    ++size_;
    return true;
  }
  std::size_t size() const { return size_; }
  void clear() {
    slots_.assign(kInitialSlots, empty_slot());
    mask_ = kInitialSlots - 1;
    size_ = 0;
  }

 private:
  const Stones<W>& empty_slot() const { return empty_; }
  static constexpr std::size_t kInitialSlots = 1 << 12;

  void grow() {
    std::vector<Stones<W>> old(slots_.size() * 2, empty_slot());
    old.swap(slots_);
    mask_ = slots_.size() - 1;
    for (const Stones<W>& s : old)
      if (s != empty_slot()) {
        std::size_t i = StonesHash()(s) & mask_;
        while (slots_[i] != empty_slot()) i = (i + 1) & mask_;
        slots_[i] = s;
      }
  }

  Stones<W> empty_;
  std::vector<Stones<W>> slots_;
  std::size_t mask_ = 0, size_ = 0;
};

}  // namespace kinrow
