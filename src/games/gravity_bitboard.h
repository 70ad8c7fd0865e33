// A gravity board (Connect Four and its relatives) as two 64-bit words.
//
// The classic layout of Tromp's and Pons' solvers: column x owns bits x*(H+1) .. x*(H+1)+H,
// the top one a sentinel row that is always empty, so shifting a bitboard by 1 (up),
// H+1 (right), H (down-right) or H+2 (up-right) never carries a stone from one column's
// top into the next column's bottom. `mask` holds every stone, `current` those of the
// side to move; `current + mask` (with the bottom row added) is a unique key, because
// the lowest empty cell of each column marks where its stones end.
//
// Lines are k in a row along the four directions. The set of empty cells that complete a
// line for a player is computed with 2(k-1) shifts per direction from running products
// ("k-1 stones to the left and 0 to the right, or k-2 and 1, ..."), so any k works and
// k = 4 costs six shifts a direction.
#pragma once

#include <bit>
#include <cstdint>

namespace kinrow {

// Boards whose columns, each with its sentinel, fit in 64 bits (7x6, 8x7, 9x5, 6x9, ...),
// with lines short enough that no shift reaches past the word.
constexpr bool gravity_bitboard_fits(int width, int height, int k) {
  return width >= 1 && height >= 1 && k >= 1 && width * (height + 1) <= 64 &&
         (k - 1) * (height + 2) < 64;
}

struct GravityGeometry {
  GravityGeometry(int w, int h, int k_in_a_row) : width(w), height(h), k(k_in_a_row) {
    for (int x = 0; x < w; ++x) {
      bottom |= uint64_t{1} << (x * (h + 1));
      column[x] = ((uint64_t{1} << h) - 1) << (x * (h + 1));
      board |= column[x];
      for (int y = 0; y < h; y += 2) odd_rows |= uint64_t{1} << (x * (h + 1) + y);
    }
    follower_rows = h % 2 == 0 ? board & ~odd_rows : odd_rows;
    shifts[0] = 1;  // vertical
    shifts[1] = h + 1;  // horizontal
    shifts[2] = h;  // diagonal down-right
    shifts[3] = h + 2;  // diagonal up-right
  }

  int width, height, k;
  uint64_t bottom = 0;  // the bottom cell of every column
  uint64_t board = 0;  // every playable cell (no sentinels)
  uint64_t odd_rows = 0;  // rows 1, 3, 5, ... counted from 1 at the bottom
  // Rows an even distance below the top (the top row, the one two below, ...): the cells
  // a follower claims by answering every move on top of it (see search/claimeven.h).
  uint64_t follower_rows = 0;
  uint64_t column[32] = {};
  int shifts[4];

  int cells() const { return width * height; }

  // A bit set with its columns in reverse order: the mirror image of a position's key
  // (the image has the same value, so the table can hold the two once).
  uint64_t mirror(uint64_t bits) const {
    const int stride = height + 1;
    const uint64_t column_bits = (uint64_t{1} << stride) - 1;
    uint64_t mirrored = 0;
    for (int x = 0; x < width; ++x)
      mirrored |= ((bits >> (x * stride)) & column_bits) << ((width - 1 - x) * stride);
    return mirrored;
  }
  uint64_t top_of(int x) const { return uint64_t{1} << (x * (height + 1) + height - 1); }
  uint64_t bottom_of(int x) const { return uint64_t{1} << (x * (height + 1)); }
};

// Empty cells (within `empty`) that complete k in a row for the owner of `stones`.
template <int K>
inline uint64_t completing_cells(const GravityGeometry& g, uint64_t stones, uint64_t empty) {
  static_assert(K >= 1 && K <= 16);
  if constexpr (K == 1) return empty;
  uint64_t result = 0;
  for (int d = 0; d < 4; ++d) {
    const int s = g.shifts[d];
    // before[m]: cells with stones at the m cells before them along d; after[m] likewise.
    uint64_t before[K], after[K];
    before[0] = after[0] = ~uint64_t{0};
    for (int m = 1; m < K; ++m) {
      before[m] = before[m - 1] & (stones << (m * s));
      after[m] = after[m - 1] & (stones >> (m * s));
    }
    for (int i = 0; i < K; ++i) result |= before[i] & after[K - 1 - i];
  }
  return result & empty;
}

// The cells of `stones` that start k in a row of stones along direction d (the line
// runs from the cell upwards in the bit order: + shifts[d] per step): runs of length 2,
// 4, ... by doubling, then one last step to reach k.
template <int K>
inline uint64_t line_starts(const GravityGeometry& g, uint64_t stones, int d) {
  static_assert(K >= 1 && K <= 16);
  const int s = g.shifts[d];
  uint64_t run = stones;
  int length = 1;
  while (2 * length <= K) {
    run &= run >> (length * s);
    length *= 2;
  }
  if (length < K) run &= run >> ((K - length) * s);
  return run;
}

// Whether `stones` holds k in a row in some direction.
template <int K>
inline bool has_line(const GravityGeometry& g, uint64_t stones) {
  for (int d = 0; d < 4; ++d)
    if (line_starts<K>(g, stones, d)) return true;
  return false;
}

class GravityBitboard {
 public:
  explicit GravityBitboard(const GravityGeometry& geometry) : g_(&geometry) {}

  const GravityGeometry& geometry() const { return *g_; }
  int moves() const { return moves_; }
  uint64_t current() const { return current_; }  // the side to move's stones
  uint64_t opponent() const { return current_ ^ mask_; }
  uint64_t mask() const { return mask_; }
  // Cells a stone can be dropped into now: the lowest empty cell of each column.
  uint64_t playable() const { return (mask_ + g_->bottom) & g_->board; }
  bool column_playable(int x) const { return !(mask_ & g_->top_of(x)); }
  uint64_t key() const { return current_ + mask_ + g_->bottom; }

  // Drops a stone on `cell` (a single bit of playable()) for the side to move.
  void play(uint64_t cell) {
    current_ ^= mask_;  // the mover's stones become the opponent's of the next turn
    mask_ |= cell;
    ++moves_;
  }
  void undo(uint64_t cell) {
    --moves_;
    mask_ ^= cell;
    current_ ^= mask_;
  }
  void play_column(int x) { play((mask_ + g_->bottom_of(x)) & g_->column[x]); }

 private:
  const GravityGeometry* g_;
  uint64_t current_ = 0;
  uint64_t mask_ = 0;
  int moves_ = 0;
};

}  // namespace kinrow
