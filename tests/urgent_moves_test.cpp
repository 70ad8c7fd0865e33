// "Win now", "lost" and "must block" (games/urgent_moves.h) against brute force on the
// reference rules: every way to finish the turn is tried, and after each every turn of
// the opponent. With several stones a turn the board may stand in the middle of a turn
// (df-pn goes stone by stone), so positions are a turn's start plus some of its stones.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "core/hashing.h"
#include "games/board_dispatch.h"
#include "games/families.h"
#include "games/urgent_moves.h"
#include "test_names.h"
#include "test_support.h"

namespace kinrow {
namespace {

// Every set of `count` cells of `cells` from index `from` on, each joined to `chosen`.
void each_subset(const std::vector<Cell>& cells, std::size_t from, int count, Turn& chosen,
                 const std::function<void(const Turn&)>& f) {
  if (count == 0) return f(chosen);
  for (std::size_t i = from; i < cells.size(); ++i) {
    chosen.push_back(cells[i]);
    each_subset(cells, i + 1, count - 1, chosen, f);
    chosen.pop_back();
  }
}

struct Expected {
  bool win_now = false;
  std::set<Cell> safe;   // next stones after which the turn can end with no immediate loss
  std::set<Cell> legal;  // next stones of any legal end of the turn
};

// Brute force: the mover has placed `placed` of this turn's stones; finish the turn every
// way, and see whether it wins, or which first stones leave the opponent no win at once.
Expected brute_force(const Position& start, const Turn& placed) {
  Expected out;
  const int mover = start.to_move();
  std::vector<Cell> empty;
  for (Cell c = 0; c < start.game().cell_count(); ++c)
    if (start.owner(c) == kNoPlayer && std::find(placed.begin(), placed.end(), c) == placed.end()) empty.push_back(c);
  const int left = start.stones_this_turn() - static_cast<int>(placed.size());
  Turn rest;
  each_subset(empty, 0, left, rest, [&](const Turn& finish) {
    Turn turn = placed;
    turn.insert(turn.end(), finish.begin(), finish.end());
    std::sort(turn.begin(), turn.end());
    if (!start.why_illegal(turn).empty()) return;
    out.legal.insert(finish.begin(), finish.end());
    Position after = start;
    after.play(turn);
    if (after.over()) {
      if (after.winner() == mover) out.win_now = true;
      if (after.winner() != 1 - mover) out.safe.insert(finish.begin(), finish.end());
      return;
    }
    for (const Turn& answer : after.legal_turns()) {
      after.play(answer);
      const bool loses = after.winner() == 1 - mover;
      after.undo();
      if (loses) return;
    }
    out.safe.insert(finish.begin(), finish.end());
  });
  return out;
}

class UrgentMoves : public ::testing::TestWithParam<const char*> {};

TEST_P(UrgentMoves, AgreeWithBruteForce) {
  const Game game = make_game(GetParam());
  const BoardTables tables(game);
  SplitMix64 random(41);
  const int p = game.rules.stones_per_turn;
  int counts[4] = {0, 0, 0, 0};
  for (int trial = 0; trial < 300; ++trial) {  // as many under the sanitizers: some answers are rare
    // Enough empty cells that no turn fills the board (a breaker's full board is no line).
    const int empties = 2 * p + 2 + static_cast<int>(random.below(game.cell_count() / 2));
    const Position position = testing::random_position(game, empties, random);
    if (position.over() || position.stones_this_turn() < 1) continue;
    // Some of the turn's stones already down, at random (none for one-stone turns).
    Turn placed;
    const int down = static_cast<int>(random.below(position.stones_this_turn()));
    std::vector<Cell> empty;
    for (Cell c = 0; c < game.cell_count(); ++c)
      if (position.owner(c) == kNoPlayer) empty.push_back(c);
    for (int i = 0; i < down; ++i) {
      const Cell c = empty[random.below(empty.size())];
      if (std::find(placed.begin(), placed.end(), c) == placed.end()) placed.push_back(c);
    }
    with_board(tables, [&](auto board) {
      replay(board, position);
      // A stone that completes a line ends the game inside the turn: nothing to ask then.
      for (Cell c : placed)
        if (board.result_after(position.to_move(), board.place(c)) != kGoesOn) return;
      const auto urgent = urgent_moves(board);
      if (!urgent.read) return;
      const Expected expected = brute_force(position, placed);
      const std::string where =
          std::string(GetParam()) + " after \"" + format_turns(game, position.history()) + "\" and " +
          std::to_string(placed.size()) + " stones";
      ++counts[static_cast<int>(urgent.urgency)];
      if (expected.win_now) {
        EXPECT_EQ(urgent.urgency, Urgency::WinNow) << where;
        return;
      }
      EXPECT_NE(urgent.urgency, Urgency::WinNow) << where;
      std::set<Cell> cells;
      for (Cell c : urgent.cells) cells.insert(c);
      // What it claims always holds. Under gravity it claims less than the truth: a stone
      // under the opponent's winning cell loses too, which it leaves to the search.
      if (urgent.urgency == Urgency::Lost) {
        EXPECT_TRUE(expected.safe.empty()) << where;
      }
      if (urgent.urgency == Urgency::Block) {
        EXPECT_TRUE(std::includes(cells.begin(), cells.end(), expected.safe.begin(), expected.safe.end())) << where;
      }
      if (game.rules.gravity) return;
      // A block or a loss reads the opponent's threats (df-pn's zones of disproofs keep
      // them): the empty cells of every line of his that misses at most p cells, a line
      // being his where his lines count (not the breaker's) and free of the mover's stones,
      // those of this turn included.
      if (urgent.urgency == Urgency::Block || urgent.urgency == Urgency::Lost) {
        const int mover = position.to_move(), other = 1 - mover;
        std::set<Cell> threats, got;
        if (game.rules.goal == Goal::Normal || other == 0)
          for (const Line& line : game.lines) {
            std::vector<Cell> open;
            bool blocked = false;
            for (Cell c : line) {
              const bool ours = position.owner(c) == mover || std::find(placed.begin(), placed.end(), c) != placed.end();
              if (ours) blocked = true;
              else if (position.owner(c) == kNoPlayer) open.push_back(c);
            }
            if (!blocked && static_cast<int>(open.size()) <= p) threats.insert(open.begin(), open.end());
          }
        for (Cell c : urgent.threats) got.insert(c);
        EXPECT_EQ(got, threats) << where;
      }
      // Elsewhere it is exact.
      if (expected.safe.empty()) {
        EXPECT_EQ(urgent.urgency, Urgency::Lost) << where;
      } else if (expected.safe == expected.legal) {
        EXPECT_EQ(urgent.urgency, Urgency::None) << where;
      } else {
        EXPECT_EQ(urgent.urgency, Urgency::Block) << where;
        EXPECT_EQ(cells, expected.safe) << where;
      }
    });
  }
  // Every answer met, so that none is tested vacuously.
  for (int kind = 0; kind < 4; ++kind) EXPECT_GT(counts[kind], 0) << GetParam() << " urgency " << kind;
}

INSTANTIATE_TEST_SUITE_P(Games, UrgentMoves,
                         ::testing::Values("mnk:5x4x4", "mnk:5x5x4,maker-breaker", "connect:5x4x3",
                                           "mnk:5x4x4,p=2,q=1", "mnk:6x4x5,p=2", "mnk:5x5x4,maker-breaker,p=2,q=1"),
                         [](const auto& info) { return testing::test_name(info.param); });

}  // namespace
}  // namespace kinrow
