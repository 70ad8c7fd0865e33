// The symmetry group (core/symmetry.h) of games built here by hand, not by the family
// generators: group orders known independently (by hand, by the formula for N^D cubes, or
// by trying every permutation of a small board), and the group laws on what comes back.
#include "core/symmetry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/hashing.h"

namespace kinrow {
namespace {

// Cells at every point of a box with sides `extent`, lines of k in a row along every
// straight direction (axes, diagonals of every dimension): an mnk board has two axes, the
// N^D cube D equal ones.
Game box_game(const std::vector<int>& extent, int k, bool gravity = false) {
  Game game;
  game.extent = extent;
  game.rules.gravity = gravity;
  const int axes = static_cast<int>(extent.size());
  std::vector<int> point(axes, 0);
  for (;;) {
    game.coords.push_back(point);
    int a = 0;
    while (a < axes && ++point[a] == extent[a]) point[a++] = 0;
    if (a == axes) break;
  }
  auto index_of = [&](const std::vector<int>& p) {
    int index = 0;
    for (int a = axes - 1; a >= 0; --a) index = index * extent[a] + p[a];
    return index;
  };
  int directions = 1;
  for (int a = 0; a < axes; ++a) directions *= 3;
  for (int d = 0; d < directions; ++d) {
    std::vector<int> step(axes);
    for (int a = 0, rest = d; a < axes; ++a, rest /= 3) step[a] = rest % 3 - 1;
    // One of each pair of opposite directions: the first non-zero step is +1.
    const auto first = std::find_if(step.begin(), step.end(), [](int s) { return s != 0; });
    if (first == step.end() || *first < 0) continue;
    for (const std::vector<int>& start : std::vector<std::vector<int>>(game.coords)) {
      Line line;
      std::vector<int> p = start;
      for (int i = 0; i < k; ++i) {
        bool inside = true;
        for (int a = 0; a < axes; ++a) inside = inside && p[a] >= 0 && p[a] < extent[a];
        if (!inside) break;
        line.push_back(index_of(p));
        for (int a = 0; a < axes; ++a) p[a] += step[a];
      }
      if (static_cast<int>(line.size()) == k) game.lines.push_back(line);
    }
  }
  finish_game(game);
  return game;
}

Game cube_game(int n, int dimensions, int k) {
  return box_game(std::vector<int>(dimensions, n), k);
}

// A hypergraph with no geometry: cells on one axis, the given lines.
Game hypergraph(int cells, std::vector<Line> lines) {
  Game game;
  game.extent = {cells};
  for (int c = 0; c < cells; ++c) game.coords.push_back({c});
  game.lines = std::move(lines);
  finish_game(game);
  return game;
}

bool is_automorphism(const Game& game, const std::set<Line>& lines, const Permutation& map) {
  if (static_cast<int>(map.size()) != game.cell_count()) return false;
  std::vector<bool> hit(map.size(), false);
  for (Cell image : map) {
    if (image < 0 || image >= game.cell_count() || hit[image]) return false;
    hit[image] = true;
  }
  for (const Line& line : game.lines) {
    Line image;
    for (Cell c : line) image.push_back(map[c]);
    std::sort(image.begin(), image.end());
    if (!lines.count(image)) return false;
  }
  if (game.rules.gravity)
    for (Cell c = 0; c < game.cell_count(); ++c)
      if (game.below[map[c]] != (game.below[c] < 0 ? -1 : map[game.below[c]])) return false;
  return true;
}

Permutation compose(const Permutation& outer, const Permutation& inner) {
  Permutation result(inner.size());
  for (std::size_t c = 0; c < inner.size(); ++c) result[c] = outer[inner[c]];
  return result;
}

// Every element valid and distinct, the identity first; for small groups also closure
// under composition and inverses.
void expect_group(const Game& game, const SymmetryGroup& group) {
  ASSERT_FALSE(group.maps.empty());
  Permutation identity(game.cell_count());
  std::iota(identity.begin(), identity.end(), 0);
  EXPECT_EQ(group.maps[0], identity);
  const std::set<Permutation> elements(group.maps.begin(), group.maps.end());
  EXPECT_EQ(elements.size(), group.size()) << "repeated elements";
  const std::set<Line> lines(game.lines.begin(), game.lines.end());
  for (const Permutation& map : group.maps) ASSERT_TRUE(is_automorphism(game, lines, map));
  if (!group.complete || group.size() > 200) return;
  for (const Permutation& a : group.maps) {
    EXPECT_TRUE(elements.count(inverse(a)));
    EXPECT_EQ(compose(a, inverse(a)), identity);
    EXPECT_EQ(compose(inverse(a), a), identity);
    for (const Permutation& b : group.maps) ASSERT_TRUE(elements.count(compose(a, b)));
  }
}

struct Known {
  std::string name;
  Game game;
  std::size_t order;
};

TEST(Symmetry, TestBoardsHaveTheUsualLines) {
  EXPECT_EQ(box_game({3, 3}, 3).line_count(), 8);
  EXPECT_EQ(box_game({7, 6}, 4).line_count(), 69);
  EXPECT_EQ(box_game({15, 15}, 5).line_count(), 572);
  EXPECT_EQ(cube_game(4, 3, 4).line_count(), 76);
  EXPECT_EQ(cube_game(3, 3, 3).line_count(), 49);
  const Game connect = box_game({7, 6}, 4, true);
  EXPECT_EQ(connect.below[connect.cell_count() - 1], connect.cell_count() - 1 - 7);
}

TEST(Symmetry, KnownGroupOrders) {
  // The N^D cube with lines of N (K = N): uniform permutations of the coordinate values
  // that commute with x -> N-1-x (2^m m! of them, m = N/2) times the hyperoctahedral
  // group (2^D D!), which share the reflection of every axis at once.
  auto cube_order = [](int n, int d) {
    std::size_t order = 1;
    for (int i = 1; i <= n / 2; ++i) order *= 2 * i;
    for (int i = 1; i <= d; ++i) order *= 2 * i;
    return order / 2;
  };
  const std::vector<Known> cases = {
      {"tictactoe", box_game({3, 3}, 3), 8},
      {"mnk 4x4x4", box_game({4, 4}, 4), 32},  // the 4-cycle swaps 0<->1, 2<->3 too
      {"mnk 4x3x3", box_game({4, 3}, 3), 4},
      {"mnk 7x6x4", box_game({7, 6}, 4), 4},
      {"mnk 15x15x5", box_game({15, 15}, 5), 8},
      {"mnk 2x2x2", box_game({2, 2}, 2), 24},  // every pair is a line: all of S4
      {"qubic", cube_game(4, 3, 4), 192},
      {"cube 3^3", cube_game(3, 3, 3), 48},
      {"cube 5^3", cube_game(5, 3, 5), cube_order(5, 3)},
      {"cube 4^4", cube_game(4, 4, 4), cube_order(4, 4)},
      {"cube 3^4", cube_game(3, 4, 3), cube_order(3, 4)},
      {"tictactoe gravity", box_game({3, 3}, 3, true), 2},
      {"connect four", box_game({7, 6}, 4, true), 2},
      {"one row gravity", box_game({4, 1}, 2, true), 2},
      {"no lines, gravity", box_game({3, 1}, 4, true), 6},            // no cell above another
      {"no lines, two rows, gravity", box_game({3, 2}, 4, true), 6},  // columns move whole
      {"fano plane",
       hypergraph(7, {{0, 1, 2}, {0, 3, 4}, {0, 5, 6}, {1, 3, 5}, {1, 4, 6}, {2, 3, 6}, {2, 4, 5}}),
       168},
      {"petersen graph",
       hypergraph(10, {{0, 1},
                       {1, 2},
                       {2, 3},
                       {3, 4},
                       {0, 4},
                       {0, 5},
                       {1, 6},
                       {2, 7},
                       {3, 8},
                       {4, 9},
                       {5, 7},
                       {7, 9},
                       {6, 9},
                       {6, 8},
                       {5, 8}}),
       120},
      // Cells 0,1 and 3,4 are twins (on the same lines); the lines swap: 2 * 2 * 2.
      {"twins", hypergraph(5, {{0, 1, 2}, {2, 3, 4}}), 8},
      {"perfect matching", hypergraph(8, {{0, 1}, {2, 3}, {4, 5}, {6, 7}}), 16 * 24},
      {"cycle",
       hypergraph(12,
                  [] {
                    std::vector<Line> lines;
                    for (int i = 0; i < 12; ++i) lines.push_back({i, (i + 1) % 12});
                    return lines;
                  }()),
       24},
      {"no lines", hypergraph(5, {}), 120},
      {"one cell", hypergraph(1, {}), 1},
      {"empty", hypergraph(0, {}), 1},
  };
  for (const Known& known : cases) {
    SCOPED_TRACE(known.name);
    const SymmetryGroup group = automorphisms(known.game);
    EXPECT_TRUE(group.complete);
    EXPECT_EQ(group.size(), known.order);
    expect_group(known.game, group);
  }
}

TEST(Symmetry, LimitStopsTheEnumeration) {
  const Game free_cells = hypergraph(8, {});  // 8! = 40320 symmetries
  const SymmetryGroup capped = automorphisms(free_cells, 1000);
  EXPECT_FALSE(capped.complete);
  EXPECT_EQ(capped.size(), 1000u);
  expect_group(free_cells, capped);

  const Game tictactoe = box_game({3, 3}, 3);
  EXPECT_TRUE(automorphisms(tictactoe, 8).complete);  // exactly the whole group
  EXPECT_EQ(automorphisms(tictactoe, 8).size(), 8u);
  const SymmetryGroup seven = automorphisms(tictactoe, 7);
  EXPECT_FALSE(seven.complete);
  EXPECT_EQ(seven.size(), 7u);
  expect_group(tictactoe, seven);
  const SymmetryGroup one = automorphisms(tictactoe, 1);
  EXPECT_FALSE(one.complete);
  EXPECT_EQ(one.size(), 1u);
  expect_group(tictactoe, one);

  // Qubic capped below its 192: the search stops early, what it returns is still valid.
  const Game qubic = cube_game(4, 3, 4);
  const SymmetryGroup part = automorphisms(qubic, 50);
  EXPECT_FALSE(part.complete);
  EXPECT_EQ(part.size(), 50u);
  expect_group(qubic, part);
}

TEST(Symmetry, ManyFreeCellsStopAtTheLimit) {
  // 3000 cells on no line, and 1000 disjoint pairs: a search of depth 3000 or 1000 would
  // not end in the suite's time; twins and the early stop at the limit keep this quick.
  // (A bound on a blow-up, not a speed: the time is not asserted here.)
  const Game free_cells = hypergraph(3000, {});
  const SymmetryGroup group = automorphisms(free_cells, 100);
  EXPECT_FALSE(group.complete);
  EXPECT_EQ(group.size(), 100u);
  expect_group(free_cells, group);

  std::vector<Line> pairs;
  for (int i = 0; i < 1000; ++i) pairs.push_back({2 * i, 2 * i + 1});
  const Game matching = hypergraph(2000, pairs);
  const SymmetryGroup matched = automorphisms(matching, 100);
  EXPECT_FALSE(matched.complete);
  EXPECT_EQ(matched.size(), 100u);
  expect_group(matching, matched);
}

// All permutations of a small board, counted directly.
std::size_t brute_force_order(const Game& game) {
  Permutation map(game.cell_count());
  std::iota(map.begin(), map.end(), 0);
  const std::set<Line> lines(game.lines.begin(), game.lines.end());
  std::size_t order = 0;
  do order += is_automorphism(game, lines, map);
  while (std::next_permutation(map.begin(), map.end()));
  return order;
}

TEST(Symmetry, RandomHypergraphsMatchBruteForce) {
  SplitMix64 random(20261123);
  for (int round = 0; round < 60; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    // Half the boards are 3 columns of 2 rows with gravity, the rest 7 plain cells.
    const bool gravity = round % 2 == 1;
    Game game;
    if (gravity) {
      game.extent = {3, 2};
      for (int y = 1; y >= 0; --y)
        for (int x = 0; x < 3; ++x) game.coords.push_back({x, y});
      game.rules.gravity = true;
    } else {
      game.extent = {7};
      for (int c = 0; c < 7; ++c) game.coords.push_back({c});
    }
    const int cells = game.cell_count();
    const int lines = static_cast<int>(random.below(9));
    for (int l = 0; l < lines; ++l) {
      Line line;
      for (Cell c = 0; c < cells; ++c)
        if (random.below(3) == 0) line.push_back(c);
      if (!line.empty()) game.lines.push_back(line);
    }
    finish_game(game);
    const SymmetryGroup group = automorphisms(game);
    EXPECT_TRUE(group.complete);
    EXPECT_EQ(group.size(), brute_force_order(game));
    expect_group(game, group);
  }
}

TEST(Symmetry, InverseUndoesAMap) {
  const Permutation map = {2, 0, 3, 1};
  const Permutation back = inverse(map);
  EXPECT_EQ(back, (Permutation{1, 3, 0, 2}));
  EXPECT_EQ(compose(map, back), (Permutation{0, 1, 2, 3}));
  EXPECT_EQ(inverse(back), map);
  EXPECT_TRUE(inverse(Permutation{}).empty());
}

}  // namespace
}  // namespace kinrow
