// Combinatorial values of one row (search/row_values.h, search/game_values.h) against a
// naive search of the normal-play game of safe moves, and the link to the misère game
// against alpha-beta.
#include <gtest/gtest.h>

#include <map>

#include "games/families.h"
#include "search/row_values.h"
#include "test_support.h"

namespace kinrow {
namespace {

// The normal-play game of safe moves, searched naively: does `mover` (1 or 2) win?
class NaiveSafeMoves {
 public:
  NaiveSafeMoves(int k, bool ring, int n) : k_(k), ring_(ring), n_(n) {}
  bool safe(const std::vector<int>& cells, int c, int player) const {
    for (int start = c - k_ + 1; start <= c; ++start) {
      if (!ring_ && (start < 0 || start + k_ > n_)) continue;
      if (ring_ && n_ < k_) continue;
      bool all = true;
      for (int i = 0; i < k_ && all; ++i) {
        const int x = ((start + i) % n_ + n_) % n_;
        all = x == c || cells[x] == player;
      }
      if (all) return false;
    }
    return true;
  }
  bool wins(std::vector<int>& cells, int mover) {
    const auto key = std::make_pair(cells, mover);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool result = false;
    for (int c = 0; c < n_ && !result; ++c)
      if (cells[c] == 0 && safe(cells, c, mover)) {
        cells[c] = mover;
        result = !wins(cells, 3 - mover);
        cells[c] = 0;
      }
    memo_.emplace(key, result);
    return result;
  }
  bool dead_cell(const std::vector<int>& cells) const {
    for (int c = 0; c < n_; ++c)
      if (cells[c] == 0 && !safe(cells, c, 1) && !safe(cells, c, 2)) return true;
    return false;
  }

 private:
  int k_;
  bool ring_;
  int n_;
  std::map<std::pair<std::vector<int>, int>, bool> memo_;
};

struct RowCase {
  const char* spec;
  int k, n;
  bool ring;
};
const RowCase kRows[] = {
    {"connect:11x1x3,misere", 3, 11, false},         {"connect:12x1x2,misere", 2, 12, false},
    {"connect:12x1x4,misere", 4, 12, false},         {"connect:11x1x5,misere", 5, 11, false},
    {"connect:11x1x3,misere,cylinder", 3, 11, true}, {"connect:10x1x2,misere,cylinder", 2, 10, true},
    {"connect:12x1x4,misere,cylinder", 4, 12, true}, {"connect:4x1x3,misere,cylinder", 3, 4, true},
};

std::vector<int> cells_of(const Position& position, int n) {
  std::vector<int> cells(static_cast<std::size_t>(n), 0);
  for (Cell c = 0; c < n; ++c) cells[c] = position.owner(c) + 1;  // owner -1: empty
  return cells;
}

RowValues::Row row_of(const std::vector<int>& cells) {
  RowValues::Row row{};
  for (std::size_t i = 0; i < cells.size(); ++i) row[i] = static_cast<uint8_t>(cells[i]);
  return row;
}

TEST(RowValues, OutcomesAgreeWithANaiveSearchOfSafeMoves) {
  SplitMix64 random(20261124);
  for (const RowCase& rc : kRows) {
    const Game game = make_game(rc.spec);
    RowValues values(rc.k, rc.ring, 32);
    NaiveSafeMoves naive(rc.k, rc.ring, rc.n);
    for (int t = 0; t < 60; ++t) {
      const int empties = 1 + static_cast<int>(random.below(static_cast<uint64_t>(rc.n)));
      std::vector<int> cells = cells_of(testing::random_position(game, t == 0 ? rc.n : empties, random), rc.n);
      const RowValues::Reading r = values.read(row_of(cells), rc.n);
      ASSERT_TRUE(r.in_reach);
      EXPECT_EQ(values.values().left_wins_first(r.value), naive.wins(cells, 1)) << rc.spec << " trial " << t;
      EXPECT_EQ(values.values().right_wins_first(r.value), naive.wins(cells, 2)) << rc.spec << " trial " << t;
      EXPECT_EQ(r.dead_cell, naive.dead_cell(cells)) << rc.spec << " trial " << t;
    }
  }
}

// The facts the search by parts leans on: the player who would move on a full board wins
// the misère game exactly when he wins the game of safe moves; his opponent wins it if he
// wins the game of safe moves even when X has a spare move; and with a cell nobody may
// fill the misère game is the game of safe moves.
TEST(RowValues, SafeMovesDecideTheMisereGameAsClaimed) {
  SplitMix64 random(7);
  for (const RowCase& rc : kRows) {
    if (rc.n > 11) continue;  // alpha-beta on whole rows: keep it quick
    const Game game = make_game(rc.spec);
    RowValues values(rc.k, rc.ring, 32);
    for (int t = 0; t < 25; ++t) {
      const int empties = 1 + static_cast<int>(random.below(static_cast<uint64_t>(rc.n)));
      const Position position = testing::random_position(game, t == 0 ? rc.n : empties, random);
      const RowValues::Reading r = values.read(row_of(cells_of(position, rc.n)), rc.n);
      const int mover = position.to_move();  // 0: the first player, Left
      const bool mover_wins_safe = mover == 0 ? values.values().left_wins_first(r.value)
                                              : values.values().right_wins_first(r.value);
      const Value misere = testing::alphabeta_value(position);
      const bool mover_is_x = position.empty_count() % 2 == 0;
      if (mover_is_x) {
        EXPECT_EQ(misere == Value::Win, mover_wins_safe) << rc.spec << " trial " << t;
      } else {
        EXPECT_EQ(misere == Value::Loss, !mover_wins_safe) << rc.spec << " trial " << t;
      }
      // X's opponent, winning against X with a spare move, wins the misère game.
      const bool x_first = (mover_is_x ? mover : 1 - mover) == 0;
      GameValues& g = values.values();
      const GameValues::Id spared = g.add(r.value, x_first ? g.one() : g.minus_one());
      const bool mover_wins_spared = mover == 0 ? g.left_wins_first(spared) : g.right_wins_first(spared);
      if (!mover_is_x && mover_wins_spared) {
        EXPECT_EQ(misere, Value::Win) << rc.spec << " trial " << t;
      }
      if (mover_is_x && !mover_wins_spared) {
        EXPECT_EQ(misere, Value::Loss) << rc.spec << " trial " << t;
      }
      if (r.dead_cell) {
        EXPECT_EQ(misere, mover_wins_safe ? Value::Win : Value::Loss) << rc.spec << " trial " << t;
      }
    }
  }
}

// The digest keys the search's table: positions with equal digests and the same side to
// move must have the same misère value.
TEST(RowValues, EqualShapesHaveEqualMisereValues) {
  SplitMix64 random(11);
  for (const RowCase& rc : kRows) {
    if (rc.n > 11) continue;
    const Game game = make_game(rc.spec);
    RowValues values(rc.k, rc.ring, 32);
    std::map<std::pair<uint64_t, int>, Value> seen;
    int repeats = 0;
    for (int t = 0; t < 150; ++t) {
      const int empties = 2 + static_cast<int>(random.below(static_cast<uint64_t>(rc.n - 2)));
      const Position position = testing::random_position(game, empties, random);
      const RowValues::Reading r = values.read(row_of(cells_of(position, rc.n)), rc.n);
      const Value misere = testing::alphabeta_value(position);
      const auto [it, added] = seen.try_emplace({r.shape, position.to_move()}, misere);
      if (!added) {
        ++repeats;
        EXPECT_EQ(it->second, misere) << rc.spec << " trial " << t;
      }
    }
    EXPECT_GT(repeats, 10) << rc.spec;  // the check compared something
  }
}

// Parts longer than the limit are not valued; a part is valued once however it is placed.
TEST(RowValues, LongPartsAreOutOfReachAndMirrorImagesShareAValue) {
  RowValues values(3, false, 8);
  RowValues::Row row{};
  EXPECT_FALSE(values.read(row, 12).in_reach);
  EXPECT_TRUE(values.read(row, 8).in_reach);
  const std::size_t parts = values.parts_valued();
  RowValues::Row mirrored{};
  row[1] = 1, row[2] = 2;            // x o . . . . . .  (8 cells)
  mirrored[6] = 1, mirrored[5] = 2;  // . . . . . o x .
  const RowValues::Reading a = values.read(row, 8), b = values.read(mirrored, 8);
  EXPECT_EQ(a.value, b.value);
  EXPECT_EQ(values.parts_valued(), parts);  // both were valued with the empty row
}

}  // namespace
}  // namespace kinrow
