// The certificate checker's hash table: packed positions (proof/packed_position.h) to
// small values, stored inline in one array with open addressing and linear probing.
// There is no node, pointer or per-entry allocation, so a table of tens of millions of
// positions costs about (key + value) / 0.7 bytes each; the all-3 pattern marks a free slot.
// Values are plain data; a pointer to one is valid until the next insert.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "proof/packed_position.h"

namespace kinrow {

struct NoValue {};  // a PositionTable used as a set

template <int N, class Value>
class PositionTable {
 public:
  using Key = PackedPosition<N>;

  PositionTable() { slots_.assign(kInitialSlots, Slot{Key::none(), Value{}}); }

  std::size_t size() const { return size_; }

  Value* find(const Key& key) {
    for (std::size_t i = key.hash() & mask();; i = (i + 1) & mask()) {
      if (slots_[i].key == key) return &slots_[i].value;
      if (slots_[i].key == Key::none()) return nullptr;
    }
  }
  bool contains(const Key& key) { return find(key) != nullptr; }

  // Inserts (key, value) unless the key is there; the stored value and whether it is new.
  std::pair<Value*, bool> insert(const Key& key, const Value& value) {
    if ((size_ + 1) * 10 > slots_.size() * 7) grow();
    std::size_t i = key.hash() & mask();
    for (; !(slots_[i].key == Key::none()); i = (i + 1) & mask())
      if (slots_[i].key == key) return {&slots_[i].value, false};
    slots_[i] = Slot{key, value};
    ++size_;
    return {&slots_[i].value, true};
  }

  template <class F>
  void for_each(F&& f) const {
    for (const Slot& slot : slots_)
      if (!(slot.key == Key::none())) f(slot.key, slot.value);
  }

 private:
  static constexpr std::size_t kInitialSlots = 16;
  struct Slot {
    Key key;
    [[no_unique_address]] Value value;
  };

  std::size_t mask() const { return slots_.size() - 1; }

  void grow() {
    std::vector<Slot> old(slots_.size() * 2, Slot{Key::none(), Value{}});
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (slot.key == Key::none()) continue;
      std::size_t i = slot.key.hash() & mask();
      while (!(slots_[i].key == Key::none())) i = (i + 1) & mask();
      slots_[i] = slot;
    }
  }

  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

}  // namespace kinrow
