// Take-even and delayed take-even (Steele & Larremore, Theorems 1-2, Corollaries 1-2, Theorem 4).
//
// Take-even: the second player always plays directly on top of the first player's stone,
// so it holds the even rows (counted from 1) and the first player the odd ones. With an
// even height that reply always exists; the first player can connect neither vertically
// nor diagonally, and once the other columns are full must connect in the bottom row.
//
// Delayed take-even, for odd heights: row 0 is a height-1 game of its own, the rows above
// an even-height board. Answer a stone in row 0 in row 0 (by the height-1 strategy, which
// never loses there), a stone above it on top. Whoever first has to enter the rows above
// plays the take-even loser's part; the parity of the width decides who that is.
#include "core/position.h"
#include "strategy/misere_strategies.h"
#include "strategy/row_play.h"

namespace kinrow {
namespace {

// The playable cell in a row of the given parity (rows counted from 0 at the bottom), at
// or above `lowest`: the column x whose height is that row. The strategy keeps at most one.
Cell playable_in_row_parity(const BoardView& board, const ConnectGrid& grid, int parity, int lowest) {
  for (int x = 0; x < grid.width; ++x) {
    const int y = grid.column_height(board, x);
    if (y < grid.height && y >= lowest && y % 2 == parity) return grid.at(x, y);
  }
  return -1;
}

class TakeEven final : public KnowledgeStrategy {
 public:
  std::string name() const override { return "take-even"; }
  std::string summary() const override {
    return "second player, even heights: always play on top of the first player's stone "
           "(Theorem 1, Corollary 1)";
  }
  StrategyPromise promise(const Game& game, int player, bool) const override {
    const ConnectGrid* grid;
    StrategyPromise p = misere_connect_promise(game, grid);
    if (!grid) return p;
    if (player != 1) return p.why_not = "take-even is the second player's strategy", p;
    if (grid->height % 2 != 0)
      return p.why_not = "take-even needs an even height, and " + game.spec + " has height " +
                         std::to_string(grid->height) + " (odd heights: delayed-take-even)",
             p;
    p.applies = true;
    p.source = "Steele & Larremore, Theorem 1 and Corollary 1";
    // Narrow boards (w < k): nobody can be forced to connect; take-even still never does.
    p.claim = grid->width >= grid->k ? Claim::Win : Claim::NotLose;
    return p;
  }
  StrategyMove choose(const BoardView& board) const override {
    const ConnectGrid& grid = *connect_grid(board.game);
    StrategyMove move;
    move.cell = playable_in_row_parity(board, grid, 1, 1);
    if (move.cell >= 0) move.rule = "take-even";
    else move.why_none = "no cell of an even row (counting from 1) is playable";
    return move;
  }
  bool symmetric() const override { return true; }
};

class DelayedTakeEven final : public KnowledgeStrategy {
 public:
  std::string name() const override { return "delayed-take-even"; }
  std::string summary() const override {
    return "odd heights >= 3: answer row 0 in row 0 (take-other-rightmost, or the tally plays "
           "for k = 2), anything above on top (Theorems 2 and 4, Corollary 2)";
  }
  StrategyPromise promise(const Game& game, int player, bool) const override {
    const ConnectGrid* grid;
    StrategyPromise p = misere_connect_promise(game, grid);
    if (!grid) return p;
    if (grid->height % 2 == 0 || grid->height < 3)
      return p.why_not = "delayed-take-even needs an odd height of at least 3, and " + game.spec + " has height " +
                         std::to_string(grid->height) +
                         (grid->height == 1 ? " (height 1: take-other-rightmost, tally)" : " (even heights: take-even)"),
             p;
    p.applies = true;
    p.source = grid->k == 2 ? "Steele & Larremore, Theorem 4"
                           : "Steele & Larremore, Theorem 2 and Corollary 2";
    // The paper's claims: k >= 3, the side that makes the last move of row 0 wins (the
    // second on even widths, the first on odd ones); k = 2, the second player always.
    bool claimed_winner =
        grid->k == 2 ? player == 1 && grid->width > 1 : grid->width >= grid->k && player == (grid->width % 2 == 0 ? 1 : 0);
    if (grid->cylinder) {
      // On an annulus the paper claims nothing for odd heights (its open question). The
      // proof of Theorem 2 still goes through for the second player on even widths with
      // k >= 3 — the pairs of row 0 close around an even ring — so that is claimed; the
      // first player's odd-width win is not (the unpaired cell then sits between two pairs).
      claimed_winner = grid->k >= 3 && grid->width >= grid->k && grid->width % 2 == 0 && player == 1;
      p.source = "Steele & Larremore, Theorem 2's argument on an even ring (kinrow)";
    }
    p.has_claim = claimed_winner;
    p.claim = Claim::Win;
    return p;
  }
  StrategyMove choose(const BoardView& board) const override {
    const ConnectGrid& grid = *connect_grid(board.game);
    StrategyMove move;
    move.cell = playable_in_row_parity(board, grid, 0, 2);
    if (move.cell >= 0) {
      move.rule = "take-even above row 0";
      return move;
    }
    const RowView row = bottom_row_view(board, grid);
    const int x = grid.k == 2 ? tally_move(row, move.rule, move.why_none)
                              : pair_balancing_move(row, move.rule, move.why_none);
    if (x >= 0) {
      move.cell = grid.at(x, 0);
      move.rule += " in row 0";
    } else {
      move.why_none = "row 0 is full and no cell of an even row above it is playable: the strategy would have "
                      "to enter the rows above first";
    }
    return move;
  }
};

}  // namespace

std::unique_ptr<KnowledgeStrategy> make_take_even() { return std::make_unique<TakeEven>(); }
std::unique_ptr<KnowledgeStrategy> make_delayed_take_even() { return std::make_unique<DelayedTakeEven>(); }

}  // namespace kinrow
