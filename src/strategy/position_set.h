// The strategy verifier's memory: positions keyed exactly, each with a small result
// (1..3) kept in the two spare top bits of its key's last word (see PositionKeys), so a
// slot is the key alone and a free slot is one whose result is 0. Open addressing with
// linear probing: a probe reads one or two cache lines, and the verifier's time is mostly
// waiting for them. The layered verifier prefetches the slots of the keys it will probe a
// few dozen keys later; the depth-first one cannot (prefetching the slots of every reply's
// position was tried: it goes deep before it comes back to a sibling, and the fetched
// lines are gone by then). The slots lie in huge pages where the kernel gives them: a set
// of gigabytes on 4 KiB pages misses the TLB on nearly every probe, and on 12x9 boards the
// page walks were half the verifier's time (docs/benchmarks.md).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/hashing.h"
#include "core/huge_pages.h"

namespace kinrow {

class PositionSet {
 public:
  // `slots`: the room it starts with (it grows as needed).
  explicit PositionSet(int words, std::size_t slots = 1 << 16) : words_(words) { resize(slots); }

  // The stored result, or 0.
  uint8_t find(const uint64_t* key) const {
    for (std::size_t i = slot_of(key);; i = next(i)) {
      const uint64_t* slot = &slots_[i * words_];
      const uint8_t result = result_of(slot);
      if (!result) return 0;
      if (same(key, slot)) return result;
    }
  }
  // Starts fetching the slot where `key` would be, for a find or insert soon after.
  void prefetch(const uint64_t* key) const { __builtin_prefetch(&slots_[slot_of(key) * words_]); }
  // Adds a key that is not there yet, with result 1..3.
  void insert(const uint64_t* key, uint8_t result) {
    // At most four fifths full; grown by half, not doubled, so that the largest tables
    // (hundreds of millions of positions) waste less of the machine's memory.
    if (5 * (size_ + 1) > 4 * count_) resize(count_ + count_ / 2);
    place(key, result);
    ++size_;
  }
  // Adds `key` with result 1..3 unless it is there already; true if it was added. One
  // probe, where find() and then insert() would make two.
  bool insert_new(const uint64_t* key, uint8_t result) {
    if (5 * (size_ + 1) > 4 * count_) resize(count_ + count_ / 2);
    for (std::size_t i = slot_of(key);; i = next(i)) {
      uint64_t* slot = &slots_[i * words_];
      if (!result_of(slot)) {
        write(slot, key, result);
        ++size_;
        return true;
      }
      if (same(key, slot)) return false;
    }
  }
  // Makes room for `keys` keys in all, so that filling it up needs no rehashing: each
  // growth rehashes every key at random, several passes over a set of gigabytes.
  void reserve(std::size_t keys) {
    if (5 * keys > 4 * count_) resize(keys + keys / 4 + 1);
  }
  std::size_t size() const { return size_; }
  // Calls f(key) for every stored key, its spare bits cleared, in slot order.
  template <class F>
  void for_each(F&& f) const {
    std::vector<uint64_t> key(words_);
    for (std::size_t i = 0; i < count_ * words_; i += words_)
      if (result_of(&slots_[i])) {
        std::copy(&slots_[i], &slots_[i] + words_, key.begin());
        key[words_ - 1] &= kKeyBits;
        f(key.data());
      }
  }
  std::size_t bytes() const { return count_ * words_ * sizeof(uint64_t); }

 private:
  __extension__ using Wide = unsigned __int128;
  static constexpr int kShift = 62;
  static constexpr uint64_t kKeyBits = (uint64_t{1} << kShift) - 1;

  uint8_t result_of(const uint64_t* slot) const { return static_cast<uint8_t>(slot[words_ - 1] >> kShift); }
  bool same(const uint64_t* key, const uint64_t* slot) const {
    for (int w = 0; w + 1 < words_; ++w)
      if (key[w] != slot[w]) return false;
    return (key[words_ - 1] & kKeyBits) == (slot[words_ - 1] & kKeyBits);
  }
  std::size_t slot_of(const uint64_t* key) const {
    uint64_t h = 0;
    for (int w = 0; w < words_; ++w) h = SplitMix64(h ^ (w + 1 < words_ ? key[w] : key[w] & kKeyBits)).next();
    return static_cast<std::size_t>((static_cast<Wide>(h) * count_) >> 64);  // h scaled to [0, count)
  }
  std::size_t next(std::size_t i) const { return i + 1 == count_ ? 0 : i + 1; }
  void place(const uint64_t* key, uint8_t result) {
    std::size_t i = slot_of(key);
    while (result_of(&slots_[i * words_])) i = next(i);
    write(&slots_[i * words_], key, result);
  }
  void write(uint64_t* slot, const uint64_t* key, uint8_t result) {
    std::copy(key, key + words_, slot);
    slot[words_ - 1] = (slot[words_ - 1] & kKeyBits) | static_cast<uint64_t>(result) << kShift;
  }
  void resize(std::size_t count) {
    std::unique_ptr<HugePageMemory> old = std::move(memory_);
    const uint64_t* old_slots = slots_;
    const std::size_t old_count = count_;
    memory_ = std::make_unique<HugePageMemory>(count * words_ * sizeof(uint64_t));  // zeroed: every slot free
    slots_ = static_cast<uint64_t*>(memory_->data());
    count_ = count;
    for (std::size_t i = 0; i < old_count * words_; i += words_)
      if (result_of(&old_slots[i])) place(&old_slots[i], result_of(&old_slots[i]));
  }

  int words_;
  std::size_t count_ = 0, size_ = 0;  // slots, and slots in use
  std::unique_ptr<HugePageMemory> memory_;
  uint64_t* slots_ = nullptr;  // count_ slots of words_ words, in memory_
};

}  // namespace kinrow
