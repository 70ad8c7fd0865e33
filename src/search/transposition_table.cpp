#include "search/transposition_table.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <new>

#include <sys/mman.h>

namespace kinrow {

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

}  // namespace

// The table is probed at random, so with 4 KiB pages nearly every probe of a large table
// also misses the TLB. Memory mapped on huge-page boundaries and marked for transparent
// huge pages (Linux's default "madvise" mode honours only marked memory) avoids most of
// that; where the kernel declines, the pages are ordinary and only speed differs.
TranspositionTable::TranspositionTable(std::size_t megabytes) {
  const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
  bucket_count_ = std::bit_floor(bytes / sizeof(Bucket));
  shift_ = 64 - std::countr_zero(bucket_count_);
  mapped_bytes_ = (bucket_count_ * sizeof(Bucket) + kHugePage - 1) / kHugePage * kHugePage;
  void* memory = mmap(nullptr, mapped_bytes_ + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) throw std::bad_alloc();
  // Keep a huge-page-aligned stretch and give the rest back.
  const auto start = reinterpret_cast<std::uintptr_t>(memory);
  const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) munmap(memory, aligned - start);
  if (const std::size_t tail = start + kHugePage - aligned)
    munmap(reinterpret_cast<void*>(aligned + mapped_bytes_), tail);
  madvise(reinterpret_cast<void*>(aligned), mapped_bytes_, MADV_HUGEPAGE);
  buckets_ = std::uninitialized_value_construct_n(reinterpret_cast<Bucket*>(aligned), bucket_count_) - bucket_count_;
}

TranspositionTable::~TranspositionTable() {
  std::destroy_n(buckets_, bucket_count_);
  munmap(buckets_, mapped_bytes_);
}

void TranspositionTable::clear() {
  for (std::size_t b = 0; b < bucket_count_; ++b)
    for (Slot& slot : buckets_[b].slots) {
      slot.data.store(0, std::memory_order_relaxed);
      slot.check.store(0, std::memory_order_relaxed);
    }
}

void TranspositionTable::store(uint64_t key, int lower, int upper, int move, uint64_t nodes) {
  const uint8_t work = static_cast<uint8_t>(std::bit_width(nodes | 1));
  Bucket& bucket = buckets_[index(key)];
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

}  // namespace kinrow
