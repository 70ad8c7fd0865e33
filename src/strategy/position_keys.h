// Exact keys of a position under each symmetry of the game, kept current move by move:
// what the strategy verifier merges positions by.
//
// Under gravity the stones of a column are contiguous, so a column is stored as their
// colours topped by a marker bit (a column of height t holding colours b is (1 << t) | b):
// h + 1 bits per column instead of two bits per cell, 132 bits for a 12x10 board rather
// than 240, which is what lets the verifier hold a few hundred million positions.
// Elsewhere a cell takes two bits. Either way a move flips a fixed set of bits, so every
// symmetry's key is updated with one XOR per move and the canonical key is the least.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/game.h"
#include "core/symmetry.h"

namespace kinrow {

class PositionKeys {
 public:
  // `maps`: the symmetries to merge by (the identity alone when empty).
  PositionKeys(const Game& game, std::vector<Permutation> maps);

  // Words per key. The top two bits of the last word are never used by a key, so a table
  // may keep a small value there.
  int words() const { return words_; }
  // Places `player`'s stone on the empty cell c, or takes it back. Under gravity only the
  // top stone of a column may be taken back.
  void toggle(Cell c, int player) {
    for (std::size_t m = 0; m < keys_.size(); ++m) {
      const Flip& f = flips_[(m * cells_ + c) * 2 + player];
      keys_[m][f.word] ^= f.bits;
    }
  }
  // The least key over the symmetries; valid until the next toggle.
  const uint64_t* canonical() const;

  // Sets the keys to those of the position `owner` (kNoPlayer, 0 or 1 per cell).
  void set(std::span<const int8_t> owner);
  // The same for the position `owner` that `key` decodes to, faster under gravity: each
  // symmetry's key is the columns' fields moved to their image columns.
  void set(const uint64_t* key, std::span<const int8_t> owner);
  // The position whose unmapped key is `key`. A canonical key decodes to the image of the
  // position under the symmetry that made its key the least: a position of the same class.
  void decode(const uint64_t* key, std::span<int8_t> owner) const;

 private:
  struct Flip {
    uint32_t word;
    uint64_t bits;
  };
  struct Column {  // under gravity: where a column's field sits, and its cells bottom up
    uint32_t word;
    int shift;
    std::vector<Cell> cells;
  };
  int cells_ = 0, words_ = 0;
  std::vector<Flip> flips_;                 // [map][cell][player]
  std::vector<std::vector<uint64_t>> keys_;  // one key per map
  std::vector<uint64_t> empty_;             // the empty board's key
  std::vector<Column> columns_;             // empty: two bits a cell
  std::vector<std::vector<int>> column_image_;  // [map][column]: the column it is sent to
};

}  // namespace kinrow
