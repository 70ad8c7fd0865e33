// Df-pn's table slot under its seqlock (search/dfpn_slot.h): what a reader keeps is always
// one writer's whole value, while writers and a reader race on one slot.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "search/dfpn_slot.h"

namespace kinrow {
namespace {

// Every field a function of the key, so that a copy mixing two writes shows.
DfpnSlot<2> value_of(uint64_t key) {
  DfpnSlot<2> v{};
  v.key = key;
  v.pn = static_cast<uint32_t>(key * 3 + 1);
  v.dn = static_cast<uint32_t>(key ^ 0x5555) | 1;
  v.position = static_cast<uint16_t>(key * 7);
  v.work = static_cast<uint16_t>(key % 13);
  v.moves.word[0] = key * 0x9E3779B97F4A7C15ull;
  v.moves.word[1] = ~key;
  return v;
}

// Two writers store into one slot without pause, a reader copies it meanwhile for a
// quarter of a second. (Without the version read again after the copy, copies of half
// one write and half another are kept within milliseconds: the test fails.)
TEST(DfpnSlot, ACopyKeptIsOneWritersWholeValue) {
  DfpnSlot<2> slot{};
  {
    SlotWriter<2> first(slot);
    ASSERT_TRUE(first.enter());
    first.put(value_of(1));
    first.leave();
  }
  std::atomic<bool> stop{false};
  std::vector<std::thread> writers;
  for (uint64_t t = 0; t < 2; ++t)
    writers.emplace_back([&, t] {
      for (uint64_t key = 2 + t; !stop.load(std::memory_order_relaxed); key += 2) {
        SlotWriter<2> writer(slot);
        if (!writer.enter()) continue;
        writer.put(value_of(key));
        writer.leave();
      }
    });
  uint64_t kept = 0, refused = 0;
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(250);
  bool whole = true;
  while (whole && std::chrono::steady_clock::now() < end) {
    for (int n = 0; n < 1000 && whole; ++n) {
      DfpnSlot<2> copy{};
      if (!copy_slot(slot, copy)) {
        ++refused;
        continue;
      }
      ++kept;
      const DfpnSlot<2> expected = value_of(copy.key);
      whole = copy.pn == expected.pn && copy.dn == expected.dn && copy.position == expected.position &&
              copy.work == expected.work && copy.moves == expected.moves && copy.version % 2 == 0;
    }
  }
  stop = true;
  for (std::thread& t : writers) t.join();
  EXPECT_TRUE(whole) << "a torn copy was kept, after " << kept << " whole ones";
  EXPECT_GT(kept, 1000u);
  RecordProperty("refused", std::to_string(refused));
}

// A slot a writer is inside reads as not there; backing out leaves it as it was.
TEST(DfpnSlot, AWriterInsideHidesTheSlotAndBackingOutRestoresIt) {
  DfpnSlot<2> slot{};
  SlotWriter<2> writer(slot);
  ASSERT_TRUE(writer.enter());
  DfpnSlot<2> copy{};
  EXPECT_FALSE(copy_slot(slot, copy));
  SlotWriter<2> second(slot);
  EXPECT_FALSE(second.enter());  // one writer at a time
  writer.back_out();
  EXPECT_TRUE(copy_slot(slot, copy));
  EXPECT_EQ(copy.version, 0u);
  const uint64_t other = 5;
  EXPECT_FALSE(copy_slot(slot, copy, &other));  // the probe's early refusal: another key
}

}  // namespace
}  // namespace kinrow
