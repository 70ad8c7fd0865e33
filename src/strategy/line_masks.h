// "Would this stone complete a line?" by bit masks, for the layered strategy verifier,
// which asks it twice for every reply it tries (a quarter of its time when it walked the
// lines cell by cell, as completes_line in connect_grid.h does for the strategies).
//
// Each player's stones are a bitset; each line through a cell is kept as a mask of its
// other cells, and the stone completes the line when the player holds the whole mask.
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.h"

namespace kinrow {

class LineMasks {
 public:
  explicit LineMasks(const Game& game) : words_((game.cell_count() + 63) / 64), first_(game.cell_count() + 1, 0) {
    for (Cell c = 0; c < game.cell_count(); ++c) {
      for (int line : game.lines_of_cell[c]) {
        const std::size_t at = masks_.size();
        masks_.resize(at + words_, 0);
        for (Cell other : game.lines[line])
          if (other != c) masks_[at + other / 64] |= uint64_t{1} << (other % 64);
      }
      first_[c + 1] = masks_.size();
    }
  }

  int words() const { return words_; }  // of a player's bitset
  static void set(uint64_t* stones, Cell c) { stones[c / 64] |= uint64_t{1} << (c % 64); }
  static void clear(uint64_t* stones, Cell c) { stones[c / 64] &= ~(uint64_t{1} << (c % 64)); }

  // True if the player whose stones are `stones` completes a line by taking cell c.
  bool completes(const uint64_t* stones, Cell c) const {
    for (std::size_t at = first_[c]; at < first_[c + 1]; at += words_) {
      bool whole = true;
      for (int w = 0; w < words_ && whole; ++w) whole = (stones[w] & masks_[at + w]) == masks_[at + w];
      if (whole) return true;
    }
    return false;
  }

 private:
  int words_;
  std::vector<std::size_t> first_;  // cell c's masks are masks_[first_[c] .. first_[c + 1])
  std::vector<uint64_t> masks_;
};

}  // namespace kinrow
