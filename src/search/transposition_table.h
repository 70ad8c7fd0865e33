// A transposition table of fixed memory for exact game values.
//
// Scores are absolute (they depend on the position alone, see score.h), so an entry
// keeps a lower and an upper bound that later searches with any window can tighten or
// use. Buckets of four entries fill one cache line; a new position takes an empty slot or
// else the slot whose result cost the least work, so the expensive results near the root
// survive a long solve while the many cheap ones near the leaves turn over.
//
// Slots are laid out for sharing between threads without locks (Hyatt's scheme): two
// 64-bit words, the packed data and the key XOR the data, so a slot torn by a concurrent
// write no longer matches its key and reads as a miss; merging bounds from two threads
// is sound because every bound stored is a true bound of the one exact value. (A
// lazy-SMP search over it was measured and dropped: see docs/benchmarks.md.)
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/huge_pages.h"

namespace kinrow {

struct TableEntry {
  uint64_t key = 0;
  int16_t lower = 0;
  int16_t upper = 0;
  int16_t move = -1;  // first stone of the best turn, in the key's symmetry frame
  uint8_t work = 0;  // log2 of the nodes spent; 0 = empty slot
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes);
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Keys wider than 64 bits (the 128-bit gravity board's) come as `key` and `high`, the
  // bits above 64: the bucket holds `high` exactly, so two keys stay apart as long as
  // high < 2^index_bits() (gravity_solver.h checks it); narrower keys pass high = 0.
  int index_bits() const { return 64 - shift_; }
  // index_bits() of a table of `megabytes`, known before it is made.
  static int index_bits_for(std::size_t megabytes);

  // What the table knows of `key`, if anything.
  std::optional<TableEntry> probe(uint64_t key, uint64_t high = 0) const {
    const Bucket& bucket = buckets_[index(key, high)];
    for (const Slot& slot : bucket.slots) {
      const uint64_t data = slot.data.load(std::memory_order_relaxed);
      if ((slot.check.load(std::memory_order_relaxed) ^ data) == key && work_of(data))
        return unpack(key, data);
    }
    return std::nullopt;
  }

  // Starts loading the bucket of `key` into the cache, for a probe or store soon after.
  void prefetch(uint64_t key, uint64_t high = 0) const { __builtin_prefetch(&buckets_[index(key, high)]); }

  // Records bounds for `key`, merging with what the table already knows of it.
  void store(uint64_t key, int lower, int upper, int move, uint64_t nodes, uint64_t high = 0);

  void clear();

  // A table kept on disk between runs, so that a search stopped by its time budget
  // resumes with what it had learnt (SolveOptions::table_file, `kinrow table connect
  // --table-dir`). `label` names what the keys mean (the key scheme and the game): a file
  // is read only into a table of its size, label and byte order, else InputError says
  // why. Every entry is a true bound whenever it was written (a search that unwinds, or a
  // helper told to stop, stores nothing on its way out), so a file saved at any point is
  // sound. Saving goes through a temporary file renamed over `path`: a save cut short
  // leaves the previous file. It may run while searches store (search/periodic_save.h):
  // each slot is read as its two words, and one torn by a concurrent store is saved as
  // a pair that almost surely matches no key, a miss (docs/parallel.md gives the odds).
  // `abandon`: as TableFileWriter's.
  void save(const std::string& path, const std::string& label, const std::atomic<bool>* abandon = nullptr) const;
  void load(const std::string& path, const std::string& label);
  std::size_t bytes() const { return bucket_count_ * sizeof(Bucket); }
  std::size_t capacity() const { return bucket_count_ * kWays; }

 private:
  static constexpr int kWays = 4;
  struct Slot {
    std::atomic<uint64_t> check{0};  // key ^ data
    std::atomic<uint64_t> data{0};  // lower, upper, move, work: see pack()
  };
  struct alignas(64) Bucket {
    Slot slots[kWays];
  };
  static std::size_t bucket_count_for(std::size_t megabytes);  // a power of two

  static uint64_t pack(int lower, int upper, int move, uint8_t work) {
    return static_cast<uint16_t>(lower) | uint64_t{static_cast<uint16_t>(upper)} << 16 |
           uint64_t{static_cast<uint16_t>(move)} << 32 | uint64_t{work} << 48;
  }
  static uint8_t work_of(uint64_t data) { return static_cast<uint8_t>(data >> 48); }
  static TableEntry unpack(uint64_t key, uint64_t data) {
    return {key, static_cast<int16_t>(data), static_cast<int16_t>(data >> 16),
            static_cast<int16_t>(data >> 32), work_of(data)};
  }
  // Keys need not be random (the gravity bitboard's key is the position itself, whose low
  // bits describe only the first columns), so the bucket comes from the top bits of a
  // multiplicative mix (Fibonacci hashing) of the whole key; `high` is folded in as it
  // is, so that the bucket and the 64 bits kept tell wide keys apart.
  std::size_t index(uint64_t key, uint64_t high) const { return ((key * 0x9E3779B97F4A7C15ull) >> shift_) ^ high; }

  std::unique_ptr<HugePageMemory> memory_;
  Bucket* buckets_ = nullptr;  // in memory_
  std::size_t bucket_count_ = 0;
  int shift_ = 64;  // 64 - log2(buckets)
};

}  // namespace kinrow
