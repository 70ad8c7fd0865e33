// The search board against the reference rules (core/position.h) and against its own
// state recomputed from scratch: on random games of every rule and of every width, after
// each stone placed and each stone taken back, every incremental fact the board keeps
// (owners, line counts, threats, near lines, lines free of a player, live cells, the
// three keys, whose stone is next) equals what a plain walk over the lines says. Under
// exact (an overline does not win) the walk reads each line's flanks as well.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "core/error.h"
#include "core/hashing.h"
#include "core/symmetry.h"
#include "games/board_dispatch.h"
#include "games/families.h"
#include "test_names.h"

namespace kinrow {
namespace {

// Everything the board keeps, recomputed from its owners alone.
template <class B>
void expect_consistent(const B& board, const std::string& where) {
  using Cells = typename B::Cells;
  const BoardTables& t = board.tables();
  const Game& game = *t.game;
  const Cells occupied = board.occupied();
  int free_of[2] = {0, 0};
  Cells threats[2], live;
  std::set<int> near[2][9];
  uint64_t plain = 0, reduced = 0;
  for (int l = 0; l < t.lines; ++l) {
    int count[2] = {0, 0};
    for (Cell c : game.lines[l])
      if (board.owner(c) >= 0) ++count[board.owner(c)];
    const int size = static_cast<int>(game.lines[l].size());
    for (int p = 0; p < 2; ++p) {
      ASSERT_EQ(board.line_count(p, l), count[p]) << where << " line " << l;
      if (count[p] == 0) ++free_of[p];
      // Under exact a stone of p's own just beyond either end closes the line to him.
      bool own_flank = false;
      if (t.rules.exact)
        for (Cell f : game.flanks[l]) own_flank |= f >= 0 && board.owner(f) == p;
      EXPECT_EQ(board.open_for(p, l), count[1 - p] == 0 && !own_flank) << where << " line " << l;
      if (count[1 - p] == 0 && !own_flank) {
        if (count[p] == size - 1)
          for (Cell c : game.lines[l])
            if (board.owner(c) < 0) threats[p].set(c);
        const int missing = size - count[p];
        if (missing >= 1 && missing <= t.near_limit) near[p][missing].insert(l);
      }
    }
    const bool line_live = t.rules.goal == Goal::MakerBreaker ? count[1] == 0 : count[0] == 0 || count[1] == 0;
    if (line_live)
      for (Cell c : game.lines[l]) live.set(c);
  }
  int empty_dead = 0;
  for (Cell c = 0; c < t.cells; ++c) {
    const int o = board.owner(c);
    if (o >= 0) plain ^= t.zobrist[o * t.cells + c];
    if (live.test(c)) {
      if (o >= 0) reduced ^= t.zobrist[o * t.cells + c];
    } else {
      reduced ^= t.zobrist_dead[c];
      if (o < 0) ++empty_dead;
    }
  }
  reduced ^= t.zobrist_empty_dead[empty_dead];
  EXPECT_EQ(board.threats(0), threats[0]) << where;
  EXPECT_EQ(board.threats(1), threats[1]) << where;
  EXPECT_EQ(board.lines_free_of(0), free_of[0]) << where;
  EXPECT_EQ(board.lines_free_of(1), free_of[1]) << where;
  EXPECT_EQ(board.plain_key(), plain) << where;
  if (t.track_live) {
    EXPECT_EQ(board.live(), live) << where;
    EXPECT_EQ(board.empty_dead(), empty_dead) << where;
    EXPECT_EQ(board.reduced_key(), reduced) << where;
  }
  EXPECT_EQ(board.empty(), Cells::first_n(t.cells).minus(occupied)) << where;
  for (int p = 0; p < 2; ++p)
    for (int m = 1; m <= t.near_limit; ++m) {
      const auto lines = board.near_lines(p, m);
      EXPECT_EQ(std::set<int>(lines.begin(), lines.end()), near[p][m]) << where << " player " << p << " missing " << m;
    }
  // The symmetric key is the least plain key of the position's images.
  if (!t.key_maps.empty()) {
    uint64_t least = ~uint64_t{0};
    for (const auto& map : t.key_maps) {
      uint64_t k = 0;
      for (Cell c = 0; c < t.cells; ++c)
        if (board.owner(c) >= 0) k ^= t.zobrist[board.owner(c) * t.cells + map[c]];
      least = std::min(least, k);
    }
    EXPECT_EQ(board.key(), least) << where;
  }
}

class BoardAgrees : public ::testing::TestWithParam<const char*> {};

TEST_P(BoardAgrees, WithTheRulesStoneByStone) {
  const Game game = make_game(GetParam());
  BoardOptions options;
  options.key_symmetries = 8;
  const SymmetryGroup group = automorphisms(game, 64);
  const BoardTables tables(game, options, &group);
  SplitMix64 random(11);
  const int games = std::getenv("KINROW_SANITIZED") ? 3 : 12;
  // Every fact is recomputed from scratch after each stone; on the large boards after
  // every seventh (an odd step, so turn starts and middles both come).
  const std::size_t check_every = game.cell_count() > 100 ? 7 : 1;
  with_board(tables, [&](auto board) {
    expect_consistent(board, "empty board");
    for (int g = 0; g < games; ++g) {
      Position position(game);
      std::vector<Cell> placed;
      while (!position.over()) {
        const std::vector<Turn> turns = position.legal_turns();
        const Turn turn = turns[random.below(turns.size())];
        ASSERT_TRUE(board.at_turn_start());
        ASSERT_EQ(board.to_move(), position.to_move());
        ASSERT_EQ(board.turns(), position.turns_played());
        ASSERT_EQ(board.stones_left_in_turn(), position.stones_this_turn());
        const Move move = board_move(tables, turn);
        const int mover = board.to_move();
        bool completed = false;
        for (int i = 0; i < move.size; ++i) {
          ASSERT_TRUE(board.playable().test(move.cell[i]));
          ASSERT_EQ(board.to_move(), mover);
          completed |= board.place(move.cell[i]);
          placed.push_back(move.cell[i]);
          if (placed.size() % check_every == 0)
            expect_consistent(board, "after " + std::to_string(placed.size()) + " stones");
        }
        position.play(turn);
        // The rules' end of the game: a counted line completed, or a full board.
        const bool line_ends = completed && tables.lines_count[mover];
        EXPECT_EQ(position.over(), line_ends || board.empty_count() == 0);
        for (Cell c = 0; c < game.cell_count(); ++c) ASSERT_EQ(board.owner(c), position.owner(c));
      }
      while (!placed.empty()) {
        board.remove(placed.back());
        placed.pop_back();
        if (placed.size() % check_every == 0)
          expect_consistent(board, "taken back to " + std::to_string(placed.size()) + " stones");
      }
      EXPECT_EQ(board.plain_key(), 0u);
    }
  });
}

TEST_P(BoardAgrees, TurnsAsWholeMoves) {
  const Game game = make_game(GetParam());
  // Listing every pair of cells, turn after turn, is for the small boards.
  if (game.rules.stones_per_turn > 1 && game.cell_count() > 64) GTEST_SKIP();
  const BoardTables tables(game);
  SplitMix64 random(5);
  with_board(tables, [&](auto board) {
    Position position(game);
    std::vector<Move> played;
    std::vector<Move> moves;
    while (!position.over()) {
      board.generate(moves);
      // The board's turns are the rules' turns.
      std::set<Turn> from_board, from_rules;
      for (const Move& m : moves) from_board.insert(to_turn(m));
      for (const Turn& turn : position.legal_turns()) from_rules.insert(turn);
      ASSERT_EQ(from_board, from_rules);
      const Move move = moves[random.below(moves.size())];
      const TurnResult result = board.play(move);
      position.play(to_turn(move));
      played.push_back(move);
      EXPECT_EQ(result != TurnResult::Continues, position.over());
      if (result == TurnResult::CompletedLine) {
        EXPECT_NE(position.winner(), kNoPlayer);
      }
    }
    while (!played.empty()) {
      board.undo(played.back());
      played.pop_back();
    }
    expect_consistent(board, "all taken back");
    EXPECT_EQ(board.stone_count(), 0);
  });
}

INSTANTIATE_TEST_SUITE_P(Games, BoardAgrees,
                         ::testing::Values("mnk:3x3x3", "mnk:5x5x4,misere", "mnk:5x4x4,maker-breaker",
                                           "connect:7x6x4", "connect:5x4x3,cylinder,misere", "cube:4x3",
                                           "square:5", "mnk:4x4x3,p=2,q=1", "connect:4x4x3,p=2,q=1",
                                           "mnk:9x9x5", "mnk:15x15x5", "mnk:19x19x6,p=2,q=1",
                                           "mnk:7x7x4,maker-breaker,p=2", "mnk:25x25x5", "mnk:9x3x3,exact",
                                           "mnk:6x6x4,exact", "mnk:15x15x5,exact"),
                         [](const auto& info) { return testing::test_name(info.param); });

TEST(Board, WidthsFollowTheCellCount) {
  EXPECT_EQ(board_words(64, "x"), 1);
  EXPECT_EQ(board_words(65, "x"), 2);
  EXPECT_EQ(board_words(225, "x"), 4);
  EXPECT_EQ(board_words(361, "x"), 8);
  EXPECT_EQ(board_words(1024, "x"), 16);
  EXPECT_THROW(board_words(1025, "x"), InputError);
}

}  // namespace
}  // namespace kinrow
