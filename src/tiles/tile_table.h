// The tile search's table of decided positions: open addressing over a power-of-two
// array, grown when half full (a tile game's positions number in the millions at most,
// so nothing is ever replaced).
#pragma once

#include <cstdint>
#include <vector>

#include "tiles/tile_game.h"

namespace kinrow {

struct TileKey {
  CellMask maker = 0, live = 0;  // the maker's stones on live lines, and those lines' cells
  uint32_t tag = 0;              // the kind of node (never 0: 0 marks a free slot)
  bool operator==(const TileKey&) const = default;
};

// What is known of a position, in turns of the maker still allowed before a leaf rule
// (tiles/tile_search.h) must settle it.
struct TileEntry {
  TileKey key;
  CellMask move = 0;        // the breaker's reply that holds, or the maker's turn that refutes
  int8_t holds_within = -1; // the breaker holds with this many maker turns (-1: not known)
  int8_t fails_within = -1; // he does not with this many (kNeverHolds: with any number)
};

constexpr int8_t kNeverHolds = 127;

class TileTable {
 public:
  TileTable() : slots_(1 << 12) {}

  std::size_t size() const { return used_; }

  // The entry for `key`, made if missing. Valid until the next call.
  TileEntry& at(const TileKey& key) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    TileEntry& entry = slot(key);
    if (entry.key.tag == 0) {
      entry.key = key;
      ++used_;
    }
    return entry;
  }

  // The entry for `key`, or null.
  const TileEntry* find(const TileKey& key) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(key) & mask;; i = (i + 1) & mask) {
      if (slots_[i].key.tag == 0) return nullptr;
      if (slots_[i].key == key) return &slots_[i];
    }
  }

 private:
  static std::size_t hash(const TileKey& k) {
    return static_cast<std::size_t>(mix64(k.maker * 0x9e3779b97f4a7c15ull ^ mix64(k.live + k.tag)));
  }

  TileEntry& slot(const TileKey& key) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash(key) & mask;; i = (i + 1) & mask)
      if (slots_[i].key.tag == 0 || slots_[i].key == key) return slots_[i];
  }

  void grow() {
    std::vector<TileEntry> old(slots_.size() * 2);
    old.swap(slots_);
    for (const TileEntry& e : old)
      if (e.key.tag != 0) slot(e.key) = e;
  }

  std::vector<TileEntry> slots_;
  std::size_t used_ = 0;
};

}  // namespace kinrow
