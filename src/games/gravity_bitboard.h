// A gravity board (Connect Four and its relatives) as two bit sets of 64 or 128 bits
// (`Bits`: uint64_t, or the compiler's unsigned __int128 for boards past 64 bits such as
// 8x8, 9x7 and 10x6; one code, the width a template parameter).
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

__extension__ typedef unsigned __int128 uint128_t;  // GCC's and Clang's 128-bit integer

// Bit counts on both widths (std::popcount and std::countr_zero take standard types only).
inline int bit_count(uint64_t bits) { return std::popcount(bits); }
inline int bit_count(uint128_t bits) {
  return std::popcount(static_cast<uint64_t>(bits)) + std::popcount(static_cast<uint64_t>(bits >> 64));
}
inline int lowest_bit(uint64_t bits) { return std::countr_zero(bits); }
inline int lowest_bit(uint128_t bits) {
  const uint64_t low = static_cast<uint64_t>(bits);
  return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<uint64_t>(bits >> 64));
}

// The bits a gravity board of width x height needs: a column of each height plus its sentinel.
constexpr int gravity_board_bits(int width, int height) { return width * (height + 1); }

// The version of GravityBitboard::key()'s encoding, named in the files that keep keys.
constexpr int kGravityKeyScheme = 1;

// Boards whose columns, each with its sentinel, fit in `bits` bits (64: 7x6, 8x7, 9x5,
// 6x9 ...; 128: 8x8, 9x7, 10x6, 12x5 ... up to 15x7), with lines short enough that no
// shift reaches past the word.
constexpr bool gravity_bitboard_fits(int width, int height, int k, int bits = 128) {
  return width >= 1 && height >= 1 && k >= 1 && gravity_board_bits(width, height) <= bits &&
         (k - 1) * (height + 2) < bits;
}

template <class Bits = uint64_t>
struct GravityGeometry {
  static constexpr int kBits = 8 * sizeof(Bits);
  static constexpr int kMaxWidth = kBits / 2;  // a column takes at least two bits

  GravityGeometry(int w, int h, int k_in_a_row) : width(w), height(h), k(k_in_a_row) {
    for (int x = 0; x < w; ++x) {
      bottom |= Bits{1} << (x * (h + 1));
      column[x] = ((Bits{1} << h) - 1) << (x * (h + 1));
      board |= column[x];
      for (int y = 0; y < h; y += 2) odd_rows |= Bits{1} << (x * (h + 1) + y);
      for (int y = 0; y < h; ++y) mirror_cell[x * (h + 1) + y] = Bits{1} << ((w - 1 - x) * (h + 1) + y);
    }
    follower_rows = h % 2 == 0 ? board & ~odd_rows : odd_rows;
    shifts[0] = 1;  // vertical
    shifts[1] = h + 1;  // horizontal
    shifts[2] = h;  // diagonal down-right
    shifts[3] = h + 2;  // diagonal up-right
  }

  int width, height, k;
  Bits bottom = 0;  // the bottom cell of every column
  Bits board = 0;  // every playable cell (no sentinels)
  Bits odd_rows = 0;  // rows 1, 3, 5, ... counted from 1 at the bottom
  // Rows an even distance below the top (the top row, the one two below, ...): the cells
  // a follower claims by answering every move on top of it (see search/claimeven.h).
  Bits follower_rows = 0;
  Bits column[kMaxWidth] = {};
  Bits mirror_cell[kBits] = {};  // by a cell's bit index: the same cell of the mirror image
  int shifts[4];

  int cells() const { return width * height; }

  Bits top_of(int x) const { return Bits{1} << (x * (height + 1) + height - 1); }
  Bits bottom_of(int x) const { return Bits{1} << (x * (height + 1)); }
};

// Empty cells (within `empty`) that complete k in a row for the owner of `stones`.
template <int K, class Bits>
inline Bits completing_cells(const GravityGeometry<Bits>& g, Bits stones, Bits empty) {
  static_assert(K >= 1 && K <= 16);
  if constexpr (K == 1) return empty;
  Bits result = 0;
  for (int d = 0; d < 4; ++d) {
    const int s = g.shifts[d];
    // before[m]: cells with stones at the m cells before them along d; after[m] likewise.
    Bits before[K], after[K];
    before[0] = after[0] = ~Bits{0};
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
template <int K, class Bits>
inline Bits line_starts(const GravityGeometry<Bits>& g, Bits stones, int d) {
  static_assert(K >= 1 && K <= 16);
  const int s = g.shifts[d];
  Bits run = stones;
  int length = 1;
  while (2 * length <= K) {
    run &= run >> (length * s);
    length *= 2;
  }
  if (length < K) run &= run >> ((K - length) * s);
  return run;
}

// Whether `stones` holds k in a row in some direction.
template <int K, class Bits>
inline bool has_line(const GravityGeometry<Bits>& g, Bits stones) {
  for (int d = 0; d < 4; ++d)
    if (line_starts<K>(g, stones, d)) return true;
  return false;
}

template <class Bits = uint64_t>
class GravityBitboard {
 public:
  explicit GravityBitboard(const GravityGeometry<Bits>& geometry) : g_(&geometry) {}

  const GravityGeometry<Bits>& geometry() const { return *g_; }
  int moves() const { return moves_; }
  Bits current() const { return current_; }  // the side to move's stones
  Bits opponent() const { return current_ ^ mask_; }
  Bits mask() const { return mask_; }
  // Cells a stone can be dropped into now: the lowest empty cell of each column.
  Bits playable() const { return (mask_ + g_->bottom) & g_->board; }
  bool column_playable(int x) const { return !(mask_ & g_->top_of(x)); }
  // Unique per position (Pons). Kept bounds name positions by it in files that outlive
  // the binary (search/kept_bounds.h): a change here bumps kGravityKeyScheme.
  Bits key() const { return current_ + mask_ + g_->bottom; }
  // The key after the side to move drops a stone on `cell`, without playing it.
  Bits key_after(Bits cell) const { return opponent() + (mask_ | cell) + g_->bottom; }

  // The same two of the mirror image (columns in reverse order), which the table shares
  // with the position. The board keeps the image's stones as it plays, two operations a
  // move, where mirroring a key loops over the columns: done at every node and every
  // child, that loop took 13-18 % of the time on 10x6 and 9x7 (docs/benchmarks.md).
  Bits mirrored_key() const { return mirrored_current_ + mirrored_mask_ + g_->bottom; }
  Bits mirrored_key_after(Bits cell) const {
    return (mirrored_current_ ^ mirrored_mask_) + (mirrored_mask_ | g_->mirror_cell[lowest_bit(cell)]) + g_->bottom;
  }

  // Drops a stone on `cell` (a single bit of playable()) for the side to move.
  void play(Bits cell) {
    current_ ^= mask_;  // the mover's stones become the opponent's of the next turn
    mask_ |= cell;
    mirrored_current_ ^= mirrored_mask_;
    mirrored_mask_ |= g_->mirror_cell[lowest_bit(cell)];
    ++moves_;
  }
  void undo(Bits cell) {
    --moves_;
    mask_ ^= cell;
    current_ ^= mask_;
    mirrored_mask_ ^= g_->mirror_cell[lowest_bit(cell)];
    mirrored_current_ ^= mirrored_mask_;
  }
  void play_column(int x) { play((mask_ + g_->bottom_of(x)) & g_->column[x]); }

 private:
  const GravityGeometry<Bits>* g_;
  Bits current_ = 0;
  Bits mask_ = 0;
  Bits mirrored_current_ = 0;  // current_ and mask_ of the mirror image
  Bits mirrored_mask_ = 0;
  int moves_ = 0;
};

}  // namespace kinrow
