// The certificate walks' set of positions (dictionary/stones_set.h) against std::set.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "core/hashing.h"
#include "dictionary/stones_set.h"

namespace kinrow {
namespace {

TEST(StonesSet, AgreesWithAnOrderedSetThroughGrowth) {
  StonesSet set;
  std::set<std::pair<CellMask, CellMask>> reference;
  SplitMix64 random(5);
  // Few distinct cells, so repeats are common; enough inserts to grow the table often.
  for (int i = 0; i < 200000; ++i) {
    const CellMask a = random.next() & 0x3FFF, b = random.next() & 0x3FFF & ~a;
    const bool added = reference.emplace(a, b).second;
    ASSERT_EQ(set.insert({a, b}), added) << i;
  }
  EXPECT_EQ(set.size(), reference.size());
  for (const auto& [a, b] : reference) EXPECT_FALSE(set.insert({a, b}));
  set.clear();
  EXPECT_EQ(set.size(), 0u);
  EXPECT_TRUE(set.insert({0, 0}));  // the empty board is a position like any other
  EXPECT_FALSE(set.insert({0, 0}));
}

}  // namespace
}  // namespace kinrow
