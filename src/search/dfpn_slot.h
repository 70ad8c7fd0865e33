// One slot of df-pn's table (search/dfpn.h) and the seqlock that lets threads share it
// without locks: df-pn's helpers, and the thread that saves the table while they prove
// (search/periodic_save.h).
//
// `version` is odd while a writer is inside. A writer enters by turning an even version
// odd (compare-and-swap: a second writer finds it odd and drops its store, the table
// being a cache), puts the fields, and leaves with the version two higher. A reader
// copies the fields between two reads of the version and keeps the copy only if both
// were the same even number; otherwise the slot reads as empty. Every word is read and
// written as one (std::atomic_ref), so no word is ever half old and half new.
#pragma once

#include <atomic>
#include <cstdint>

#include "core/bits.h"

namespace kinrow {

// The key is the board's reduced key (plain where reductions are off or under gravity):
// positions that differ only on dead cells share it. Unused while its numbers are 0: a
// stored node never has pn = dn = 0. `work` is the bit width of the most nodes one search
// of the node took, threat searches included (0 in tables saved before it was kept, which
// then count as cheap). It fills what was padding, so the slot's size, and with it the
// table file's label, did not change.
template <int W>
struct DfpnSlot {
  uint64_t key;
  uint32_t pn, dn;
  uint32_t version;
  uint16_t position;  // 16 bits of the plain key, checking `moves`
  uint16_t work;
  Bits<W> moves;  // what settle left to try (empty: not kept)
};

template <class T>
T slot_word(T& field) {
  return std::atomic_ref(field).load(std::memory_order_acquire);
}

// Copies `from` into `to` if no writer was inside it meanwhile; false (and `to` left
// partly written) if one was. With `only_key`, also false at once for a slot of another
// key, before the rest is read: the probe's case.
template <int W>
bool copy_slot(DfpnSlot<W>& from, DfpnSlot<W>& to, const uint64_t* only_key = nullptr) {
  const uint32_t before = slot_word(from.version);
  if (before & 1) return false;
  to.key = slot_word(from.key);
  if (only_key && to.key != *only_key) return false;
  // Acquire loads (plain loads on x86): the version is read again only after them.
  to.pn = slot_word(from.pn);
  to.dn = slot_word(from.dn);
  to.position = slot_word(from.position);
  to.work = slot_word(from.work);
  for (int j = 0; j < W; ++j) to.moves.word[j] = slot_word(from.moves.word[j]);
  to.version = before;
  return std::atomic_ref(from.version).load(std::memory_order_relaxed) == before;
}

// A writer inside a slot: enter() first, then put() and leave(), or back out.
template <int W>
class SlotWriter {
 public:
  explicit SlotWriter(DfpnSlot<W>& slot) : slot_(slot) {}

  // False where another writer is inside: the store is then dropped.
  bool enter() {
    before_ = std::atomic_ref(slot_.version).load(std::memory_order_relaxed);
    return !(before_ & 1) &&
           std::atomic_ref(slot_.version).compare_exchange_strong(before_, before_ + 1, std::memory_order_acquire);
  }
  // Release stores (plain stores on x86): none is seen before the odd version.
  void put(const DfpnSlot<W>& value) {
    store(slot_.key, value.key);
    store(slot_.position, value.position);
    store(slot_.work, value.work);
    store(slot_.pn, value.pn);
    store(slot_.dn, value.dn);
    for (int i = 0; i < W; ++i) store(slot_.moves.word[i], value.moves.word[i]);
  }
  void leave() { std::atomic_ref(slot_.version).store(before_ + 2, std::memory_order_release); }
  // Leaves the slot as it was, nothing put.
  void back_out() { std::atomic_ref(slot_.version).store(before_, std::memory_order_release); }

 private:
  template <class T>
  static void store(T& field, T value) {
    std::atomic_ref(field).store(value, std::memory_order_release);
  }

  DfpnSlot<W>& slot_;
  uint32_t before_ = 0;
};

}  // namespace kinrow
