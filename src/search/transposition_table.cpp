#include "search/transposition_table.h"

#include <algorithm>
#include <bit>

namespace kinrow {

TranspositionTable::TranspositionTable(std::size_t megabytes) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  const std::size_t buckets = std::bit_floor(bytes / (kWays * sizeof(TableEntry)));
  entries_.resize(buckets * kWays);
  mask_ = buckets - 1;
}

void TranspositionTable::clear() { std::fill(entries_.begin(), entries_.end(), TableEntry{}); }

void TranspositionTable::store(uint64_t key, int lower, int upper, int move, uint64_t nodes) {
  const uint8_t work = static_cast<uint8_t>(std::bit_width(nodes | 1));
  TableEntry* bucket = &entries_[index(key)];
  TableEntry* victim = &bucket[0];
  for (int i = 0; i < kWays; ++i) {
    TableEntry& e = bucket[i];
    if (e.work && e.key == key) {
      // Both are true bounds of one exact value: keep the tighter of each.
      e.lower = static_cast<int16_t>(std::max<int>(e.lower, lower));
      e.upper = static_cast<int16_t>(std::min<int>(e.upper, upper));
      if (move >= 0) e.move = static_cast<int16_t>(move);
      e.work = std::max(e.work, work);
      return;
    }
    if (e.work < victim->work) victim = &e;
  }
  *victim = TableEntry{key, static_cast<int16_t>(lower), static_cast<int16_t>(upper),
                       static_cast<int16_t>(move), work, 0};
}

}  // namespace kinrow
