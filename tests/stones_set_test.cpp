// The certificate walks' set of positions (games/stones.h) against std::set, on one word
// and on several.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "core/hashing.h"
#include "games/stones.h"

namespace kinrow {
namespace {

template <int W>
void agrees_through_growth() {
  StonesSet<W> set;
  std::set<std::pair<Bits<W>, Bits<W>>> reference;
  SplitMix64 random(5);
  // Few distinct cells, so repeats are common; enough inserts to grow the table often.
  for (int i = 0; i < 200000; ++i) {
    Bits<W> a, b;
    a.word[W - 1] = random.next() & 0x3FFF;
    b.word[W - 1] = random.next() & 0x3FFF & ~a.word[W - 1];
    const bool added = reference.emplace(a, b).second;
    ASSERT_EQ(set.insert({a, b}), added) << i;
  }
  EXPECT_EQ(set.size(), reference.size());
  for (const auto& [a, b] : reference) EXPECT_FALSE(set.insert({a, b}));
  set.clear();
  EXPECT_EQ(set.size(), 0u);
  EXPECT_TRUE(set.insert({}));  // the empty board is a position like any other
  EXPECT_FALSE(set.insert({}));
}

TEST(StonesSet, AgreesWithAnOrderedSetThroughGrowth) {
  agrees_through_growth<1>();
  agrees_through_growth<8>();
}

}  // namespace
}  // namespace kinrow
