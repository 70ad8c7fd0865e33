// The certificate walks' set of positions (games/stones.h) against std::set, on one word
// and on several, packed (two players in a word) and not.
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "core/hashing.h"
#include "games/stones.h"

namespace kinrow {
namespace {

// Random positions on 14 cells of word `word` of the cell sets, from bit `shift` on.
template <int W>
void agrees_through_growth(int cells, int word, int shift) {
  StonesSet<W> set(cells);
  std::set<std::pair<Bits<W>, Bits<W>>> reference;
  SplitMix64 random(5);
  // Few distinct cells, so repeats are common; enough inserts to grow the table often.
  for (int i = 0; i < 200000; ++i) {
    Bits<W> a, b;
    a.word[word] = (random.next() & 0x3FFF) << shift;
    b.word[word] = (random.next() & 0x3FFF) << shift & ~a.word[word];
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
  agrees_through_growth<1>(64, 0, 0);
  agrees_through_growth<1>(64, 0, 50);
  agrees_through_growth<8>(512, 7, 0);
}

TEST(StonesSet, PackedWherePlayersShareAWord) {
  agrees_through_growth<1>(14, 0, 0);
  agrees_through_growth<1>(29, 0, 15);   // a row of 29 cells
  agrees_through_growth<8>(256, 3, 40);  // cells 232-245 of 256: the high half of word 7
  agrees_through_growth<8>(256, 0, 0);
}

}  // namespace
}  // namespace kinrow
