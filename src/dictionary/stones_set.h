// A set of positions (Stones), for walks that visit each position once: the certificate
// writers. Open addressing with linear probing in one flat array, so a lookup reads one
// cache line where a node-based set chases two pointers and allocates; writing Qubic's
// certificate spent 30 % of its time in std::unordered_set (docs/benchmarks.md).
#pragma once

#include <cstdint>
#include <vector>

#include "dictionary/board_masks.h"

namespace kinrow {

class StonesSet {
 public:
  StonesSet() { clear(); }

  // Adds `s`; false if it was there already.
  bool insert(const Stones& s) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    std::size_t i = StonesHash()(s) & mask_;
    for (; slots_[i] != kEmpty; i = (i + 1) & mask_)
      if (slots_[i] == s) return false;
    slots_[i] = s;
    ++size_;
    return true;
  }
  std::size_t size() const { return size_; }
  void clear() {
    slots_.assign(kInitialSlots, kEmpty);
    mask_ = kInitialSlots - 1;
    size_ = 0;
  }

 private:
  // No position has a cell of both players.
  static constexpr Stones kEmpty{~CellMask{0}, ~CellMask{0}};
  static constexpr std::size_t kInitialSlots = 1 << 12;

  void grow() {
    std::vector<Stones> old(slots_.size() * 2, kEmpty);
    old.swap(slots_);
    mask_ = slots_.size() - 1;
    for (const Stones& s : old)
      if (s != kEmpty) {
        std::size_t i = StonesHash()(s) & mask_;
        while (slots_[i] != kEmpty) i = (i + 1) & mask_;
        slots_[i] = s;
      }
  }

  std::vector<Stones> slots_;
  std::size_t mask_ = 0, size_ = 0;
};

}  // namespace kinrow
