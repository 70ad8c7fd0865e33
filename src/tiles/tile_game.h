// A maker-breaker game of at most 64 cells as bit masks: the board of the tile search.
//
// Chiang, Wu and Lin's tile games (core/game.h: p=1..P, b=N) have turns whose size the
// maker chooses, which the search board (games/board.h) cannot follow: it derives the
// turn from the stone count. Tiles are small (B2 has 24 cells), so a position here is
// two 64-bit masks and every question the search asks is a few mask operations over
// the lines; nothing is kept incrementally. Plain maker-breaker games (p=N, q=N) fit too,
// so the tile search can be checked against df-pn on the same game.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace kinrow {

using CellMask = uint64_t;

constexpr CellMask bit(int cell) { return CellMask{1} << cell; }

// A 64-bit finaliser (SplitMix64's) for hashing positions made of masks.
constexpr uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

enum class TileTurns {
  Exact,      // plain maker-breaker: p stones a turn (q on the first), the breaker likewise
  UpTo,       // p=1..P (Definition 1): the maker places 1 to P, the breaker as many
  Threshold,  // b=N (Definition 2): the maker any number, the breaker as many; lines are
              // lost when, with the maker to move, one holds more than N of his stones
};

class TileGame {
 public:
  // Throws InputError unless the game is maker-breaker, without gravity, on at most 64
  // cells.
  explicit TileGame(const Game& game);

  const Game& game() const { return *game_; }
  int cells() const { return cells_; }
  CellMask all() const { return all_; }
  TileTurns turns() const { return turns_; }
  int p() const { return p_; }
  int q() const { return q_; }
  int threshold() const { return threshold_; }
  CellMask breaker_only() const { return breaker_only_; }
  // The lines the maker can still complete or overload: under Exact and UpTo a line with
  // a breaker-only cell is never his, so it is left out.
  const std::vector<CellMask>& lines() const { return lines_; }

  // Symmetries of the game (automorphisms keeping breaker-only cells), identity first.
  std::size_t symmetries() const { return maps_.size(); }
  CellMask map(std::size_t symmetry, CellMask mask) const {
    const auto& table = maps_[symmetry];
    CellMask image = 0;
    for (int byte = 0; byte < 8 && mask; ++byte, mask >>= 8) image |= table[byte][mask & 0xff];
    return image;
  }
  CellMask unmap(std::size_t symmetry, CellMask mask) const {
    const auto& table = inverses_[symmetry];
    CellMask image = 0;
    for (int byte = 0; byte < 8 && mask; ++byte, mask >>= 8) image |= table[byte][mask & 0xff];
    return image;
  }

 private:
  using ByteMaps = std::array<std::array<CellMask, 256>, 8>;
  static ByteMaps byte_maps(const std::vector<int>& map);

  const Game* game_;
  int cells_;
  CellMask all_;
  TileTurns turns_;
  int p_, q_, threshold_;
  CellMask breaker_only_ = 0;
  std::vector<CellMask> lines_;
  std::vector<ByteMaps> maps_, inverses_;
};

// The cells of a turn as a mask, and back (ascending).
CellMask mask_of(const std::vector<Cell>& cells);
std::vector<Cell> cells_of(CellMask mask);

}  // namespace kinrow
