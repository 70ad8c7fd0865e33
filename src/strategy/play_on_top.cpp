// Play on top (Steele & Larremore, Section III.6): on a board narrower than k only columns can be
// connected, and "either player can play on top of the other's most recent move".
//
// The paper's rule needs the last move; a strategy here sees only the board, so it reads
// it as: play on a column whose top stone is the opponent's (on our turn there is at most
// one, the opponent's last stone), and when there is none -- the opponent has just filled
// a column -- play where our own stones on top are fewest. That fallback is the
// only way our stones stack, it happens at most once per filled column, so a run of ours
// grows to at most 1 + (w - 1) = w < k stones: neither player can be made to connect.
#include "core/position.h"
#include "strategy/connect_grid.h"
#include "strategy/misere_strategies.h"

namespace kinrow {
namespace {

class PlayOnTop final : public KnowledgeStrategy {
 public:
  std::string name() const override { return "play-on-top"; }
  std::string summary() const override {
    return "narrow boards (w < k): play on top of an opponent's stone, else where our own stones on top "
           "are fewest (Section III.6; draws for either player)";
  }
  StrategyPromise promise(const Game& game, int, bool) const override {
    const ConnectGrid* grid;
    StrategyPromise p = misere_connect_promise(game, grid);
    if (!grid) return p;
    if (grid->width >= grid->k)
      return p.why_not = "play-on-top is for boards narrower than k, and " + game.spec + " has width " +
                         std::to_string(grid->width) + " >= k = " + std::to_string(grid->k),
             p;
    p.applies = true;
    p.source = "Steele & Larremore, Section III.6";
    p.claim = Claim::NotLose;
    // On an annulus narrower than k the diagonals still wrap around into lines, which the
    // paper's argument (only columns connect) does not cover.
    p.has_claim = !grid->cylinder;
    return p;
  }
  StrategyMove choose(const BoardView& board) const override {
    const ConnectGrid& grid = *connect_grid(board.game);
    const int me = board.to_move;
    StrategyMove move;
    int fewest = grid.height + 1;
    for (int x = 0; x < grid.width; ++x) {
      const int y = grid.column_height(board, x);
      if (y == grid.height) continue;
      if (y > 0 && board.owner[grid.at(x, y - 1)] == 1 - me) {
        move.cell = grid.at(x, y);
        move.rule = "on top of the opponent";
        return move;
      }
      int own = 0;  // our stones on top of column x
      while (own < y && board.owner[grid.at(x, y - 1 - own)] == me) ++own;
      if (own < fewest) {
        fewest = own;
        move.cell = grid.at(x, y);
        move.rule = own == 0 ? "an empty column" : "fewest own stones on top";
      }
    }
    if (move.cell < 0) move.why_none = "the board is full";
    return move;
  }
};

}  // namespace

std::unique_ptr<KnowledgeStrategy> make_play_on_top() { return std::make_unique<PlayOnTop>(); }

}  // namespace kinrow
