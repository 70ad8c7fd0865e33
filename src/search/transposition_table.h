// A transposition table of fixed memory for exact game values.
//
// Scores are absolute (they depend on the position alone, see score.h), so an entry
// keeps a lower and an upper bound that later searches with any window can tighten or
// use. Buckets of four entries fill one cache line; a new position takes an empty slot or
// else the slot whose result cost the least work, so the expensive results near the root
// survive a long solve while the many cheap ones near the leaves turn over.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kinrow {

struct TableEntry {
  uint64_t key = 0;
  int16_t lower = 0;
  int16_t upper = 0;
  int16_t move = -1;  // first stone of the best turn, in the key's symmetry frame
  uint8_t work = 0;  // log2 of the nodes spent; 0 = empty slot
  uint8_t unused = 0;
};
static_assert(sizeof(TableEntry) == 16);

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes);

  // The entry for `key`, or nullptr.
  const TableEntry* probe(uint64_t key) const {
    const TableEntry* bucket = &entries_[index(key)];
    for (int i = 0; i < kWays; ++i)
      if (bucket[i].key == key && bucket[i].work) return &bucket[i];
    return nullptr;
  }

  // Records bounds for `key`, merging with what the table already knows of it.
  void store(uint64_t key, int lower, int upper, int move, uint64_t nodes);

  void clear();
  std::size_t bytes() const { return entries_.size() * sizeof(TableEntry); }
  std::size_t capacity() const { return entries_.size(); }

 private:
  static constexpr int kWays = 4;
  std::size_t index(uint64_t key) const { return (key & mask_) * kWays; }

  std::vector<TableEntry> entries_;
  uint64_t mask_ = 0;  // buckets - 1 (a power of two)
};

}  // namespace kinrow
