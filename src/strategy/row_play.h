// Play on one row: the height-1 strategies of Steele & Larremore (pair balancing, the k = 2 tally
// plays, the canonical boards of Appendix A), also used by delayed take-even for row 0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "strategy/connect_grid.h"

namespace kinrow {

struct RowView {
  std::vector<int8_t> owner;  // left to right: kNoPlayer, 0 or 1
  std::vector<bool> losing;   // losing[i]: taking the empty cell i completes a line for `me`
  int me = 0;
};

// The bottom row of `board` for the side to move.
RowView bottom_row_view(const BoardView& board, const ConnectGrid& grid);

// A strategy for boards of height 1: its move is a function of the row.
class RowStrategy : public KnowledgeStrategy {
 public:
  StrategyMove choose(const BoardView& board) const final;

 protected:
  // The common start of promise(): a misère Connect-k board of height 1 (`grid` is null,
  // and why_not says why, otherwise).
  static StrategyPromise height_one_promise(const Game& game, const ConnectGrid*& grid);
  virtual int row_move(const RowView& row, std::string& rule, std::string& why) const = 0;
};

// Each returns a cell index of the row, or -1 when the rule has no move (`why` says why);
// `rule` names the rule that chose the move.
int pair_balancing_move(const RowView& row, std::string& rule, std::string& why);
int tally_move(const RowView& row, std::string& rule, std::string& why);
int canonical_boards_move(const RowView& row, std::string& rule, std::string& why);

}  // namespace kinrow
