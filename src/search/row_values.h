// One row of misère Connect-k, valued as a sum of combinatorial games.
//
// On a row (or a ring: the annulus of height 1), call a move safe when it completes no
// line of the mover's. A player without a safe move must complete one of his lines and
// loses -- unless the board is full, which is a draw. Let X be the player who would be to
// move on a full board (the parity of the empty cells names him). Then X wins the misère
// game exactly when he wins N, the normal-play game of safe moves (whoever has none loses):
// his opponent can only be without a safe move on his own turn, when a cell is still
// empty, so he must complete a line. And if the board can never fill (some empty cell is
// unsafe for both players), the misère game is N outright.
//
// N is a sum. Mark each empty cell that one player may never fill (his stones fill the
// rest of a line through it); a line can still matter to a player only if it holds no
// stone of the other and no cell he may never fill. Lines that matter and share an empty
// cell form a part; a move changes only the lines through its cell, so parts are
// independent games, and a cell on no line that matters is a free move: * if both may
// take it, 1 or -1 if only one may. Each part is read as a short string (its span, with
// the marks), up to mirror image, rotation on a ring and exchange of the colours (which
// negates the value), and valued once in canonical form (game_values.h).
//
// Values grow with the part's length; parts longer than a limit are not valued, and the
// reading says so.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>

#include "search/game_values.h"

namespace kinrow {

class RowValues {
 public:
  static constexpr int kMaxCells = 32;
  // Input cells: 0 empty, 1 the first player's stone, 2 the second player's.
  using Row = std::array<uint8_t, kMaxCells>;

  // `k` in a row; `ring`: the row closes on itself; parts of more than `longest_part`
  // cells are not valued.
  RowValues(int k, bool ring, int longest_part);

  struct Reading {
    bool in_reach = false;      // every part is at most the limit long: `value` is set
    GameValues::Id value = 0;   // of N, the first player being Left
    bool dead_cell = false;     // an empty cell neither player may ever fill
    // A 64-bit digest of the parts as they stand (up to mirror image and rotation, not
    // colour exchange) and of the free cells: their numbers by who may fill them, and
    // the parity of those both may (two cancel). Positions with equal digests and the
    // same side to move have the same misère value.
    uint64_t shape = 0;
  };
  // A position of `n` cells in which nobody has completed a line.
  Reading read(const Row& row, int n);

  GameValues& values() { return values_; }
  std::size_t parts_valued() const { return parts_.size(); }

 private:
  struct Key {
    uint64_t low = 0, high = 0;
    bool operator==(const Key&) const = default;
    bool operator<(const Key& o) const { return high != o.high ? high < o.high : low < o.low; }
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  Reading analyse(Row s, int n, bool ring);
  // The part's value; `shape`: a digest of the part up to mirror image and rotation.
  GameValues::Id part_value(const Row& part, int n, bool ring, uint64_t& shape);

  int k_;
  bool ring_;
  int longest_part_;
  GameValues values_;
  std::unordered_map<Key, GameValues::Id, KeyHash> parts_;
};

}  // namespace kinrow
