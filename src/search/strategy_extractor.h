// Turns a solved position into a certificate: the winner's strategy, or for a draw one
// not-losing strategy per side.
//
// The holder's move at each of its turns is one the search confirms keeps the claim
// (score >= 1 for a win, >= 0 for a draw); at the opponent's turns every reply is
// followed. Positions are merged by the board's symmetric key, so each class of
// symmetric positions appears once; the checker finds them by canonicalising.
// Positions where the holder completes a line at once are left out (the "win-now" rule,
// which the checker re-derives).
#pragma once

#include <cstdint>
#include <unordered_set>
#include <vector>

#include "proof/certificate.h"
#include "search/alphabeta.h"
#include "search/board_dispatch.h"

namespace kinrow {

template <class Board>
class StrategyExtractor {
 public:
  StrategyExtractor(Board& board, AlphaBeta<Board>& search, TranspositionTable& table)
      : board_(board), search_(search), table_(table) {}

  Strategy extract(int holder, Claim claim) {
    Strategy strategy;
    strategy.holder = holder;
    strategy.claim = claim;
    strategy.win_now_rule = true;
    holder_ = holder;
    need_ = claim == Claim::Win ? 1 : 0;
    visited_.clear();
    out_ = &strategy;
    visit();
    return strategy;
  }

 private:
  bool wins_now() const {
    const auto& t = board_.tables();
    return board_.stones_this_turn() == 1 && t.rules.goal != Goal::Misere &&
           t.lines_count[holder_] && (board_.threats(holder_) & board_.playable()).any();
  }

  void visit() {
    if (!visited_.insert(board_.key()).second) return;
    std::vector<Move> moves;
    board_.generate(moves);
    if (board_.to_move() != holder_) {
      for (const Move& m : moves) follow(m);
      return;
    }
    if (wins_now()) return;
    prefer_table_move(moves);
    for (const Move& m : moves) {
      if (search_.search_move(m, need_ - 1, need_) < need_) continue;
      StrategyEntry entry;
      entry.owner.resize(board_.tables().cells);
      for (Cell c = 0; c < board_.tables().cells; ++c)
        entry.owner[c] = static_cast<int8_t>(board_.owner(c));
      entry.move = to_turn(m);
      out_->entries.push_back(std::move(entry));
      follow(m);
      return;
    }
    // The solver said the claim holds here; no move keeping it means the search is wrong.
    throw std::logic_error("strategy extraction found no move keeping the claim");
  }

  void follow(const Move& m) {
    if (board_.play(m) == TurnResult::Continues) visit();
    board_.undo(m);
  }

  void prefer_table_move(std::vector<Move>& moves) {
    int frame = -1;
    const uint64_t key = board_.key(&frame);
    const auto e = table_.probe(key);
    if (!e || e->move < 0) return;
    const Cell hint = board_.from_frame(e->move, frame);
    std::stable_partition(moves.begin(), moves.end(),
                          [&](const Move& m) { return m.first() == hint; });
  }

  Board& board_;
  AlphaBeta<Board>& search_;
  TranspositionTable& table_;
  int holder_ = 0;
  int need_ = 1;
  std::unordered_set<uint64_t> visited_;
  Strategy* out_ = nullptr;
};

}  // namespace kinrow
