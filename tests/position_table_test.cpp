// The checker's packed positions and their table (proof/packed_position.h,
// proof/position_table.h), against std::unordered_map: the same answers for random
// positions of every width the checker uses, through many growths of the table.
#include "proof/position_table.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <unordered_map>
#include <vector>

namespace kinrow {
namespace {

template <int N>
void same_as_a_map(int cells, int count, uint32_t seed) {
  std::mt19937 random(seed);
  std::uniform_int_distribution<int> owner(0, 2);
  PositionTable<N, uint32_t> table;
  std::unordered_map<std::string, uint32_t> map;  // one byte a cell: the plain way
  for (int i = 0; i < count; ++i) {
    PackedPosition<N> p;
    std::string plain(cells, '0');
    for (int c = 0; c < cells; ++c) {
      // Few stones, so that positions repeat and both "new" and "there" are exercised.
      const int o = random() % 4 == 0 ? owner(random) : 0;
      p.set(c, o);
      plain[c] = static_cast<char>('0' + o);
      ASSERT_EQ(p.at(c), o);
    }
    const auto [value, fresh] = table.insert(p, static_cast<uint32_t>(i));
    const auto [it, map_fresh] = map.emplace(plain, static_cast<uint32_t>(i));
    ASSERT_EQ(fresh, map_fresh) << plain;
    ASSERT_EQ(*value, it->second) << plain;
    ASSERT_NE(table.find(p), nullptr);
  }
  EXPECT_EQ(table.size(), map.size());
  std::size_t seen = 0;
  table.for_each([&](const PackedPosition<N>& p, uint32_t value) {
    std::string plain(cells, '0');
    for (int c = 0; c < cells; ++c) plain[c] = static_cast<char>('0' + p.at(c));
    ASSERT_EQ(map.at(plain), value);
    ++seen;
  });
  EXPECT_EQ(seen, map.size());
  PackedPosition<N> absent;
  for (int c = 0; c < cells; ++c) absent.set(c, 2);  // every cell the second player's
  EXPECT_EQ(table.find(absent) != nullptr, map.count(std::string(cells, '2')) > 0);
}

TEST(PositionTable, AgreesWithAMapAtEveryWidth) {
  same_as_a_map<1>(27, 20000, 1);   // the annulus rows: one word
  same_as_a_map<1>(32, 20000, 2);   // a full word
  same_as_a_map<2>(42, 20000, 3);   // Connect Four
  same_as_a_map<4>(100, 5000, 4);
  same_as_a_map<16>(361, 2000, 5);  // 19x19
}

TEST(PackedPosition, SettingACellLeavesItsNeighboursAlone) {
  PackedPosition<2> p;
  for (int c = 0; c < 64; ++c) p.set(c, c % 3);
  p.set(31, 2);
  p.set(32, 1);
  for (int c = 0; c < 64; ++c) EXPECT_EQ(p.at(c), c == 31 ? 2 : c == 32 ? 1 : c % 3) << c;
  EXPECT_EQ(packed_words(27), 1);
  EXPECT_EQ(packed_words(33), 2);
  EXPECT_EQ(packed_words(361), 16);
  EXPECT_EQ(packed_words(2049), 0);
}

}  // namespace
}  // namespace kinrow
