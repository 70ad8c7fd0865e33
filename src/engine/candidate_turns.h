// The turns the engine's search looks at in a position, best first: the few that matter
// out of the hundreds (one stone on 19x19) or tens of thousands (two stones) the rules
// allow.
//
// Forced play first (games/urgent_moves.h): a win this turn is taken; against the
// opponent's threats only the turns that stop them all are legal in practice. Otherwise
// the cells are ranked by the board's static order score (lines a stone extends or
// blocks, weighted by how full they are), and a turn of several stones is a set of the
// best few cells, each set generated once (never the same pair in both orders), with a
// forced stone — one that must stop a threat the rest of the turn could not — allowed
// from anywhere. Every candidate turn is then played on the board and scored by the line
// evaluation of the position it leaves, which sees what the stones do together (two
// stones that make a double threat, one that blocks and extends at once).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/completing_turn.h"
#include "engine/line_evaluation.h"
#include "games/urgent_moves.h"

namespace kinrow {

template <int W>
struct ScoredTurn {
  Move move;
  int64_t score = 0;  // the line evaluation after the turn, for the side that plays it
};

template <int W>
class CandidateTurns {
 public:
  using Cells = Bits<W>;

  explicit CandidateTurns(const BoardTables& tables) : evaluation_(tables) {
    // Ties go to the turn nearer the board's centre (on an empty board every inner cell
    // looks alike to the lines), measured on the game's coordinates.
    const Game& game = *tables.game;
    centre_distance_.resize(static_cast<std::size_t>(tables.cells));
    for (Cell c = 0; c < tables.cells; ++c) {
      double d = 0;
      for (std::size_t axis = 0; axis < game.coords[c].size() && axis < game.extent.size(); ++axis) {
        const double off = game.coords[c][axis] - (game.extent[axis] - 1) / 2.0;
        d += off * off;
      }
      centre_distance_[static_cast<std::size_t>(c)] = d;
    }
  }

  // At most `breadth` turns for the side to move at the start of its turn, best first;
  // none if the game is over. `cells_considered` bounds the cells multi-stone turns are
  // built from (forced stones come on top).
  // With `forced_only` false the urgency rules do not narrow the turns (a root whose
  // forced turns are excluded must still see the others). `urgent`: the position's
  // urgency if the caller has read it already (the search reads it at every node).
  void generate(Board<W>& board, int breadth, int cells_considered, std::vector<ScoredTurn<W>>& out,
                bool forced_only = true, const UrgentMoves<Cells>* urgent_known = nullptr) {
    forced_only_ = forced_only;
    out.clear();
    const int stones = board.stones_left_in_turn();
    if (stones <= 0 || board.playable().none()) return;
    const int mover = board.to_move();
    if (stones == 1 || board.tables().rules.gravity) {
      if (stones == 1) {
        const UrgentMoves<Cells> urgent =
            !forced_only ? UrgentMoves<Cells>{} : urgent_known ? *urgent_known : urgent_moves(board);
        Cells cells = board.playable();
        if (urgent.urgency == Urgency::WinNow || urgent.urgency == Urgency::Block) cells = urgent.cells & cells;
        if (cells.none()) cells = board.playable();
        for (int c : best_cells(board, cells, cells_considered)) out.push_back({Move::of(c), 0});
      } else {
        std::vector<Move> all;
        board.generate(all);
        for (const Move& m : all) out.push_back({m, 0});
      }
    } else {
      sets(board, stones, cells_considered, out);
    }
    for (ScoredTurn<W>& t : out) t.score = score_after(board, t.move, mover);
    std::stable_sort(out.begin(), out.end(), [&](const auto& a, const auto& b) {
      return a.score > b.score || (a.score == b.score && distance(a.move) < distance(b.move));
    });
    if (static_cast<int>(out.size()) > breadth) out.resize(static_cast<std::size_t>(breadth));
  }

  const LineEvaluation<W>& evaluation() const { return evaluation_; }

 private:
  // The turn's value to `mover`: his line evaluation after it, or far above any
  // evaluation if it completes a line that counts.
  int64_t score_after(Board<W>& board, const Move& move, int mover) {
    bool completed = false;
    for (int i = 0; i < move.size; ++i) completed |= board.place_transient(move.cell[i], mover);
    int64_t score = -evaluation_.evaluate(board);
    const BoardTables& t = board.tables();
    if (completed && t.lines_count[mover]) score = t.rules.goal == Goal::Misere ? -kCompleted : kCompleted;
    for (int i = move.size - 1; i >= 0; --i) board.remove_transient(move.cell[i]);
    return score;
  }

  double distance(const Move& m) const {
    double d = 0;
    for (int i = 0; i < m.size; ++i) d += centre_distance_[static_cast<std::size_t>(m.cell[i])];
    return d;
  }

  static constexpr int64_t kCompleted = int64_t{1} << 60;

  // Sets of `stones` cells: the best `cells_considered` by order score, plus any stone the
  // urgency rules force, each set once (sorted cells, then duplicates dropped).
  void sets(Board<W>& board, int stones, int cells_considered, std::vector<ScoredTurn<W>>& out) {
    Cells pool;
    for (int c : best_cells(board, board.playable(), std::max(cells_considered, stones))) pool.set(c);
    turns_from(board, pool, turns_);
    for (const Move& m : turns_) out.push_back({m, 0});
  }

 public:
  // Every turn of the side to move (free placement) whose stones come from `pool`, but a
  // stone the urgency rules force, which may come from anywhere; each set once.
  void turns_from(Board<W>& board, const Cells& pool, std::vector<Move>& out) {
    const int mover = board.to_move();
    turns_.clear();
    Move partial;
    extend(board, mover, pool, board.stones_left_in_turn(), -1, partial);
    for (Move& m : turns_) std::sort(m.cell.begin(), m.cell.begin() + m.size);
    std::sort(turns_.begin(), turns_.end(), [](const Move& a, const Move& b) {
      return std::lexicographical_compare(a.cell.begin(), a.cell.begin() + a.size, b.cell.begin(), b.cell.begin() + b.size);
    });
    turns_.erase(std::unique(turns_.begin(), turns_.end()), turns_.end());
    if (&out != &turns_) out = turns_;
  }

 private:

  // Stone by stone: the forced cells when the urgency rules force the next stone, else
  // the pool's cells above the last one taken (so each set comes once in that order).
  void extend(Board<W>& board, int mover, const Cells& pool, int left, int after, Move& partial) {
    if (left == 0 || board.playable().none()) {
      if (partial.size) turns_.push_back(partial);
      return;
    }
    const UrgentMoves<Cells> urgent = forced_only_ ? urgent_moves(board) : UrgentMoves<Cells>{};
    Cells choices;
    if (urgent.urgency == Urgency::WinNow) {
      // One stone of a line he completes this turn; the rest of the turn does not matter.
      const Cell c = (urgent.cells & board.playable()).first();
      partial.cell[partial.size++] = static_cast<int16_t>(c);
      Move whole = partial;
      fill_turn(board, whole, partial.size + left - 1);
      turns_.push_back(whole);
      --partial.size;
      return;
    }
    if (urgent.urgency == Urgency::Block) {
      choices = urgent.cells & board.playable();
    } else {
      choices = pool & board.playable();
      choices.for_each([&](int c) {
        if (c <= after) choices.reset(c);
      });
    }
    if (choices.none() && urgent.urgency != Urgency::None) choices = pool & board.playable();  // lost anyway
    choices.for_each([&](int c) {
      board.place(c);
      partial.cell[partial.size++] = static_cast<int16_t>(c);
      extend(board, mover, pool, left - 1, urgent.urgency == Urgency::Block ? after : c, partial);
      --partial.size;
      board.remove(c);
    });
  }

  // The `most` cells of `cells` with the best order scores for the side to move.
  const std::vector<int>& best_cells(const Board<W>& board, const Cells& cells, int most) {
    const int mover = board.to_move();
    ranked_.clear();
    cells.for_each([&](int c) { ranked_.push_back({c, board.order_score(c, mover)}); });
    const std::size_t keep = std::min(ranked_.size(), static_cast<std::size_t>(std::max(most, 1)));
    std::partial_sort(ranked_.begin(), ranked_.begin() + static_cast<std::ptrdiff_t>(keep), ranked_.end(),
                      [](const auto& a, const auto& b) { return a.score > b.score || (a.score == b.score && a.cell < b.cell); });
    best_.clear();
    for (std::size_t i = 0; i < keep; ++i) best_.push_back(ranked_[i].cell);
    return best_;
  }

  struct RankedCell {
    int cell;
    int score;
  };
  LineEvaluation<W> evaluation_;
  std::vector<RankedCell> ranked_;
  std::vector<int> best_;
  std::vector<double> centre_distance_;  // squared, by cell
  bool forced_only_ = true;
  std::vector<Move> turns_;
};

}  // namespace kinrow
