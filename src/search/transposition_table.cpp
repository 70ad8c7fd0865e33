#include "search/transposition_table.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <new>

#include "search/table_file.h"

namespace kinrow {

std::size_t TranspositionTable::bucket_count_for(std::size_t megabytes) {
  return std::bit_floor((std::max<std::size_t>(megabytes, 1) << 20) / sizeof(Bucket));
}

int TranspositionTable::index_bits_for(std::size_t megabytes) {
  return std::countr_zero(bucket_count_for(megabytes));
}

// The buckets live in huge pages (core/huge_pages.h): the table is probed at random.
TranspositionTable::TranspositionTable(std::size_t megabytes) {
  bucket_count_ = bucket_count_for(megabytes);
  shift_ = 64 - std::countr_zero(bucket_count_);
  memory_ = std::make_unique<HugePageMemory>(bucket_count_ * sizeof(Bucket));
  buckets_ = std::uninitialized_value_construct_n(static_cast<Bucket*>(memory_->data()), bucket_count_) - bucket_count_;
}

TranspositionTable::~TranspositionTable() {
  std::destroy_n(buckets_, bucket_count_);
}

void TranspositionTable::clear() {
  for (std::size_t b = 0; b < bucket_count_; ++b)
    for (Slot& slot : buckets_[b].slots) {
      slot.data.store(0, std::memory_order_relaxed);
      slot.check.store(0, std::memory_order_relaxed);
    }
}

void TranspositionTable::store(uint64_t key, int lower, int upper, int move, uint64_t nodes, uint64_t high) {
  const uint8_t work = static_cast<uint8_t>(std::bit_width(nodes | 1));
  Bucket& bucket = buckets_[index(key, high)];
  Slot* victim = &bucket.slots[0];
  uint8_t victim_work = 255;
  for (Slot& slot : bucket.slots) {
    const uint64_t data = slot.data.load(std::memory_order_relaxed);
    const uint8_t slot_work = work_of(data);
    if (slot_work && (slot.check.load(std::memory_order_relaxed) ^ data) == key) {
      // Both are true bounds of one exact value: keep the tighter of each.
      const TableEntry old = unpack(key, data);
      const uint64_t merged = pack(std::max<int>(old.lower, lower), std::min<int>(old.upper, upper),
                                   move >= 0 ? move : old.move, std::max(old.work, work));
      slot.data.store(merged, std::memory_order_relaxed);
      slot.check.store(key ^ merged, std::memory_order_relaxed);
      return;
    }
    if (slot_work < victim_work) {
      victim = &slot;
      victim_work = slot_work;
    }
  }
  const uint64_t data = pack(lower, upper, move, work);
  victim->data.store(data, std::memory_order_relaxed);
  victim->check.store(key ^ data, std::memory_order_relaxed);
}

// The file (search/table_file.h): the buckets' slots, two words each, as they are.
void TranspositionTable::save(const std::string& path, const std::string& label,
                              const std::atomic<bool>* abandon) const {
  TableFileWriter out(path, label, bucket_count_, abandon);
  for (std::size_t b = 0; b < bucket_count_; ++b) {
    uint64_t words[2 * kWays];
    for (int i = 0; i < kWays; ++i) {
      words[2 * i] = buckets_[b].slots[i].check.load(std::memory_order_relaxed);
      words[2 * i + 1] = buckets_[b].slots[i].data.load(std::memory_order_relaxed);
    }
    out.write(words, sizeof words);
  }
  out.finish();
}

void TranspositionTable::load(const std::string& path, const std::string& label) {
  TableFileReader in(path, label, bucket_count_, "give the same --tt-mb as when it was written");
  for (std::size_t b = 0; b < bucket_count_; ++b) {
    uint64_t words[2 * kWays];
    in.read(words, sizeof words);
    for (int i = 0; i < kWays; ++i) {
      buckets_[b].slots[i].check.store(words[2 * i], std::memory_order_relaxed);
      buckets_[b].slots[i].data.store(words[2 * i + 1], std::memory_order_relaxed);
    }
  }
  in.finish();
}

}  // namespace kinrow
