// Theorem 2's machinery: the forest test of periodic strips against a brute force on a
// wide window, the base games the tree rules prove (the paper's Lemmas 8 to 10), and the
// closure under Lemmas 7, 11 and 12 against the paper's published kdraw(p) = 3p + 3d - 1.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "cli_support.h"
#include "core/hashing.h"
#include "tiles/kdraw.h"
#include "tiles/strip.h"

namespace kinrow {
namespace {

// The strip's lines on `width` columns (lines wholly inside), checked for a cycle of
// cells and lines by union-find on the incidence graph: independent of the voltage
// argument of strip_is_forest. A cycle of the infinite strip is finite, so a wide
// enough window holds one.
bool window_has_cycle(const Strip& strip, int width) {
  const int cells = width * strip.height;
  std::vector<int> parent(cells);
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  for (const auto& kind : strip.kinds)
    for (int x = 0; x < width; ++x) {
      std::vector<int> line;
      bool inside = true;
      for (const StripCell& c : kind) {
        inside &= x + c.dx >= 0 && x + c.dx < width;
        line.push_back((x + c.dx) * strip.height + c.y);
      }
      if (!inside) continue;
      std::vector<int> roots;
      for (int c : line) roots.push_back(root(c));
      std::sort(roots.begin(), roots.end());
      if (std::adjacent_find(roots.begin(), roots.end()) != roots.end()) return true;
      for (int r : roots) parent[r] = roots[0];
    }
  return false;
}

TEST(Strip, ForestTestAgreesWithAWideWindow) {
  SplitMix64 random(42);
  int forests = 0, cyclic = 0;
  for (int round = 0; round < 400; ++round) {
    Strip strip;
    strip.height = 1 + static_cast<int>(random.below(4));
    const int kinds = 1 + static_cast<int>(random.below(3));
    for (int k = 0; k < kinds; ++k) {
      std::vector<StripCell> kind;
      const int size = 1 + static_cast<int>(random.below(3));
      for (int i = 0; i < size; ++i) {
        const StripCell c{static_cast<int>(random.below(4)), static_cast<int>(random.below(strip.height))};
        bool repeated = false;
        for (const StripCell& d : kind) repeated |= d.dx == c.dx && d.y == c.y;
        if (!repeated) kind.push_back(c);
      }
      strip.kinds.push_back(kind);
    }
    const bool forest = strip_is_forest(strip);
    ASSERT_EQ(forest, !window_has_cycle(strip, 80)) << "round " << round;
    (forest ? forests : cyclic) += 1;
  }
  EXPECT_GT(forests, 20);
  EXPECT_GT(cyclic, 20);
}

TEST(Strip, TheBaseGamesOfTheorem2) {
  EXPECT_TRUE(strip_is_forest(bn_strip(2)));   // BN(2) is a path (Lemma 9)
  EXPECT_FALSE(strip_is_forest(bn_strip(3)));  // two columns share two diagonals
  EXPECT_TRUE(prove_bn_by_trees(4, 1));        // Lemma 8: shortened BN(4)
  EXPECT_FALSE(prove_bn_by_trees(4, 2));       // lines of 4 for p + 2 = 4 each cannot be cut to a forest
  EXPECT_TRUE(prove_bnx_by_trees(2, 1));       // Lemma 9
  EXPECT_TRUE(prove_bnx_by_trees(3, 2));       // Lemma 10: a row filled, the rest a forest
  EXPECT_FALSE(prove_bnx_by_trees(3, 1));
}

TEST(Kdraw, TheLemmasFromComputedBaseGamesGiveThePublishedValues) {
  const KdrawClosure closure(1100);
  for (int p = 1; p <= 1000; ++p) {
    const std::optional<int> length = closure.least_length(p);
    ASSERT_TRUE(length) << p;
    // Theorem 2: MBBoardN(p + d, p), so kdraw(p) = 3(p + d) - 1.
    ASSERT_EQ(3 * *length - 1, paper_kdraw(p)) << "p = " << p << ": " << closure.chain_text(*length);
    const std::vector<std::string> chain = closure.chain(*length);
    ASSERT_FALSE(chain.empty());
    EXPECT_NE(chain.front().find("tree rule"), std::string::npos) << "every chain starts at a computed base game";
  }
  EXPECT_EQ(paper_kdraw(2), 14);  // Theorem 2 alone; Theorem 1 gives 11
  EXPECT_EQ(paper_kdraw(1000), 3 * 1000 + 3 * 10 - 1);
}

// B2's tiling gives 11 for two stones; the tiling kinrow tiling search found for one stone
// (data/tiles/README.md) gives Zetters' 8; three stones fall back on the lemmas.
TEST(KdrawCommand, TheTilingsGiveEightForOneStoneAndElevenForTwo) {
  const std::string dir = std::string(KINROW_SOURCE_DIR) + "/data/tiles/";
  const testing::CliRun run =
      testing::kinrow("kdraw --p 1..3 --tiling " + dir + "b2-tiling.json," + dir + "connect-8-1-tiling.json --json");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("{\"p\":1,\"kdraw\":8"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("{\"p\":2,\"kdraw\":11"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("{\"p\":3,\"kdraw\":17"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace kinrow
