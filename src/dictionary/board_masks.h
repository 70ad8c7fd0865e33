// A game of at most 64 cells as bit masks: the hot path of dictionary play and
// verification. One 64-bit word per player, one mask per line; the obvious-move rules and
// the symmetry maps read nothing else.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "core/game.h"
#include "core/position.h"

namespace kinrow {

using CellMask = uint64_t;

inline CellMask cell_bit(Cell c) { return CellMask{1} << c; }

// The stones of both players; `first` = the first player's (x), `second` = o.
struct Stones {
  CellMask first = 0, second = 0;
  bool operator==(const Stones&) const = default;
  CellMask occupied() const { return first | second; }
  CellMask of(int player) const { return player == 0 ? first : second; }
  void place(int player, Cell c) { (player == 0 ? first : second) |= cell_bit(c); }
};

struct StonesHash {
  std::size_t operator()(const Stones& s) const {
    uint64_t h = s.first * 0x9E3779B97F4A7C15ull ^ (s.second + 0x632BE59BD9B4E019ull);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return static_cast<std::size_t>(h ^ (h >> 32));
  }
};

// Between the masks and core's one owner per cell (kNoPlayer, 0, 1).
Stones stones_of(std::span<const int8_t> owner);
Stones stones_of(const Position& position);
std::vector<int8_t> owners_of(const Stones& stones, int cells);

class BoardMasks {
 public:
  // InputError if the game is not one a dictionary can describe: more than 64 cells, or
  // (unless `several_stones`, which only df-pn's stone-by-stone search asks for) more
  // than one stone a turn.
  explicit BoardMasks(const Game& game, bool several_stones = false);

  const Game& game() const { return *game_; }
  int cell_count() const { return cells_; }
  CellMask all() const { return all_; }

  // Whether `player`'s own lines end the game (not the breaker's in maker-breaker).
  bool lines_count_for(int player) const { return player == 0 || goal_ != Goal::MakerBreaker; }
  Goal goal() const { return goal_; }
  bool gravity() const { return !below_.empty(); }
  bool one_stone_a_turn() const { return first_turn_stones_ == 1 && stones_per_turn_ == 1; }

  // Who places the next stone, from the number of stones placed: the first turn has
  // first_turn_stones, every later one stones_per_turn (a turn may end early only
  // because the board is full, and then nobody moves).
  int to_move(const Stones& s) const {
    const int placed = std::popcount(s.occupied());
    if (placed < first_turn_stones_) return 0;
    return (1 + (placed - first_turn_stones_) / stones_per_turn_) % 2;
  }

  // Empty cells a stone may go to (under gravity: the lowest empty cell of each column).
  CellMask legal(const Stones& s) const {
    const CellMask empty = all_ & ~s.occupied();
    if (below_.empty()) return empty;
    CellMask playable = 0;
    for (CellMask m = empty; m; m &= m - 1) {
      const int c = std::countr_zero(m);
      if (below_[c] < 0 || (s.occupied() >> below_[c] & 1)) playable |= cell_bit(c);
    }
    return playable;
  }

  // Every line, as masks.
  std::span<const CellMask> lines() const { return lines_; }

  // The lines through `c`, as masks.
  std::span<const CellMask> lines_through(Cell c) const {
    return {line_by_cell_.data() + line_start_[c], static_cast<std::size_t>(line_start_[c + 1] - line_start_[c])};
  }

  // True if `mine` contains a whole line through `c`.
  bool completes(CellMask mine, Cell c) const {
    for (int i = line_start_[c]; i < line_start_[c + 1]; ++i)
      if ((line_by_cell_[i] & ~mine) == 0) return true;
    return false;
  }

  // How the game stands after `mover` put a stone on `c` (`after` holds it): a winner (0
  // or 1), kDrawn, or kGoesOn. Misère: completing a line loses; maker-breaker: only the
  // maker's lines count, and a full board is the breaker's.
  static constexpr int kDrawn = -1, kGoesOn = -2;
  int winner_when_full() const { return goal_ == Goal::MakerBreaker ? 1 : kDrawn; }
  int result_after(const Stones& after, int mover, Cell c) const {
    if ((goal_ == Goal::Misere || lines_count_for(mover)) && completes(after.of(mover), c))
      return goal_ == Goal::Misere ? 1 - mover : mover;
    return legal(after) ? kGoesOn : winner_when_full();
  }

  // Legal cells where a stone of `mine` would complete a line that `theirs` has not
  // touched: the immediate wins of the owner of `mine`.
  CellMask winning_cells(CellMask mine, CellMask theirs, CellMask legal_cells) const {
    CellMask wins = 0;
    for (CellMask line : lines_) {
      const CellMask missing = line & ~mine;
      if ((line & theirs) == 0 && missing && (missing & (missing - 1)) == 0) wins |= missing;
    }
    return wins & legal_cells;
  }

  // The immediate wins a stone on `c` adds for the owner of `mine` (which holds `c`):
  // only lines through `c` can gain one. Under gravity, masked by `legal_cells` later.
  CellMask wins_through(Cell c, CellMask mine, CellMask theirs) const {
    CellMask wins = 0;
    for (int i = line_start_[c]; i < line_start_[c + 1]; ++i) {
      const CellMask line = line_by_cell_[i];
      const CellMask missing = line & ~mine;
      if ((line & theirs) == 0 && missing && (missing & (missing - 1)) == 0) wins |= missing;
    }
    return wins;
  }

  // Whether some line holds none of `spoilers`: a line its owner could still complete.
  bool any_line_free_of(CellMask spoilers) const {
    for (CellMask line : lines_)
      if ((line & spoilers) == 0) return true;
    return false;
  }

  // Whether every line through which `holder` could lose is spoiled (the certificate
  // checker's rule, proof/checker.cpp claim_settled_by_lines): normal play, each of the
  // opponent's lines holds a holder's stone; misère, each of the holder's holds an
  // opponent's; maker-breaker, the breaker has spoiled every line (and so has won).
  bool cannot_lose(const Stones& s, int holder) const {
    if (goal_ == Goal::MakerBreaker) return holder == 1 && !any_line_free_of(s.second);
    return !any_line_free_of(s.of(goal_ == Goal::Misere ? 1 - holder : holder));
  }

  // The cells on some line that a player whose lines count could still complete. A stone
  // anywhere else changes no line's fate, so all such empty cells are interchangeable.
  CellMask live_cells(const Stones& s) const {
    CellMask live = 0;
    for (CellMask line : lines_)
      if ((line & s.second) == 0 || (goal_ != Goal::MakerBreaker && (line & s.first) == 0)) live |= line;
    return live;
  }

  // Moves no other move dominates (normal play or maker-breaker, one stone a turn, no
  // gravity). A move on `a` is dominated by one on `b` when every live line through `a`
  // (one a player whose lines count could still complete) also runs through `b`: then
  // `b` is at least as good for the mover. (Play from b as a strategy for a would: the
  // opponent's a is read as b, the strategy's b is played as a; every line either side
  // completes through a holds b too, so no win comes later and no loss sooner.) Of
  // cells with the same live lines the lowest is kept, so one move of every class
  // stays. Dead cells (no live line) are dominated by any live one.
  CellMask undominated(const Stones& s, CellMask moves) const {
    const CellMask empty = all_ & ~s.occupied();
    std::array<uint8_t, 64> live_count{};
    std::array<CellMask, 64> on_all{};  // per move: the cells on all its live lines
    for (CellMask m = moves; m; m &= m - 1) {
      const Cell c = std::countr_zero(m);
      CellMask common = empty;
      int count = 0;
      for (CellMask line : lines_through(c))
        if ((line & s.second) == 0 || (goal_ != Goal::MakerBreaker && (line & s.first) == 0)) {
          common &= line;
          ++count;
        }
      live_count[c] = static_cast<uint8_t>(std::min(count, 255));
      on_all[c] = common & ~cell_bit(c);
    }
    CellMask kept = moves;
    for (CellMask m = moves; m; m &= m - 1) {
      const Cell a = std::countr_zero(m);
      for (CellMask b_set = on_all[a] & moves; b_set; b_set &= b_set - 1) {
        const Cell b = std::countr_zero(b_set);
        if (live_count[b] > live_count[a] || (live_count[b] == live_count[a] && b < a)) {
          kept &= ~cell_bit(a);
          break;
        }
      }
    }
    return kept;
  }

  // live_cells after `mover` put a stone on `c`, from `live_before` (live_cells before):
  // only lines through `c` can die, and only their cells can stop being live.
  CellMask live_cells_after(CellMask live_before, const Stones& after, int mover, Cell c) const {
    // A line dies when the stone spoils it: in maker-breaker a breaker's stone on a line
    // free of breakers; otherwise a stone on a line only the opponent held.
    const CellMask opponent = after.of(1 - mover), own_before = after.of(mover) & ~cell_bit(c);
    CellMask dying = 0;
    for (CellMask line : lines_through(c)) {
      const bool dies = goal_ == Goal::MakerBreaker ? mover == 1 && (line & own_before) == 0
                                                    : (line & opponent) != 0 && (line & own_before) == 0;
      if (dies) dying |= line;
    }
    if (!dying) return live_before;
    CellMask live = live_before & ~dying;
    for (CellMask m = dying & live_before; m; m &= m - 1) {
      const Cell d = std::countr_zero(m);
      for (CellMask line : lines_through(d))
        if ((line & after.second) == 0 || (goal_ != Goal::MakerBreaker && (line & after.first) == 0)) {
          live |= cell_bit(d);
          break;
        }
    }
    return live;
  }

  // Cells that would make a new immediate win for `mine`: on a line of theirs-free cells
  // with exactly two empty.
  CellMask threat_making_cells(CellMask mine, CellMask theirs, CellMask legal_cells) const {
    CellMask cells = 0;
    for (CellMask line : lines_) {
      const CellMask missing = line & ~mine;
      if ((line & theirs) == 0 && std::popcount(missing) == 2) cells |= missing;
    }
    return cells & legal_cells;
  }

 private:
  const Game* game_;
  int cells_ = 0;
  CellMask all_ = 0;
  Goal goal_ = Goal::Normal;
  int first_turn_stones_ = 1, stones_per_turn_ = 1;
  std::vector<CellMask> lines_;
  // The masks of the lines through each cell, flat: cell c's are [line_start_[c], line_start_[c+1]).
  std::vector<CellMask> line_by_cell_;
  std::vector<int> line_start_;
  std::vector<Cell> below_;  // empty unless gravity
};

}  // namespace kinrow
