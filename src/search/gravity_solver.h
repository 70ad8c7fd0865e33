// Solving gravity games on bitboards: the fast path `kinrow solve` takes for connect
// boards that fit in 128 bits (see games/gravity_bitboard.h; 64-bit words where the board
// fits in them, as 7x6 does), with any k up to 8, normal or misère, one stone a turn, no
// cylinder. Everything else goes to the generic board, which is also the reference these
// results are tested against.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/game.h"
#include "search/alphabeta.h"
#include "search/gravity_search.h"
#include "search/transposition_table.h"

namespace kinrow {

bool gravity_solver_applies(const Game& game);

// Whether `table` tells the board's positions apart exactly: keys of w·(h+1) bits, of
// which the table keeps 64 and its bucket index the rest (transposition_table.h). True
// for every board of 64 bits; 10x6 (70 bits) and 9x7 (72) need 2^8 buckets, any table
// does; boards near 128 bits would need more buckets than memory holds, and go to the
// generic board.
bool gravity_table_fits(const Game& game, const TranspositionTable& table);
// The same, for a table of `megabytes` not yet made.
bool gravity_table_fits(const Game& game, std::size_t megabytes);

struct GravitySolution {
  int score = 0;  // connect_score convention (gravity_search.h); in weak mode -1, 0 or 1
  int end = -1;  // stones on the board when the game ends under perfect play (strong only)
  int best_column = -1;  // 0-based; -1 on a full board
  uint64_t nodes = 0;
  int windows = 0;
};

struct GravitySettings {
  int threads = 1;  // searches sharing the table (lazy SMP)
  GravityTechniques techniques;  // all on, unless measuring what one buys
  // The outcome the caller expects, for the first player: 1 a win, -1 a loss, 0 a draw or
  // nothing expected. It orders the questions only (close_in in gravity_solver.cpp): an
  // expected loss of the side to move is asked about first, which settles the sign in
  // one window instead of two when right. A wrong guess costs a window, never an answer.
  int expected_first_player_sign = 0;
  // Positions with at most `near_empty_cells` empty cells go to a table of their own of
  // `near_table_megabytes`, shared by the team, if the main table is at least four times
  // as large (techniques.near_table). Most nodes are there, and their subtrees are small:
  // a table that stays in the cache answers them in tens of nanoseconds, where a probe of
  // a table of gigabytes costs a few hundred (docs/benchmarks.md, "A table near the leaves").
  std::size_t near_table_megabytes = 4;
  int near_empty_cells = 16;
  // Where the bounds of the costliest positions are kept as they are found
  // (search/kept_bounds.h), shared by the team; null: nowhere.
  KeptBounds* kept_bounds = nullptr;
};

class GravitySolver {
 public:
  // Precondition: gravity_solver_applies(game) and gravity_table_fits(game, table). The table is kept between solves, so a
  // batch of positions from one game shares what earlier ones learned.
  GravitySolver(const Game& game, TranspositionTable& table, SearchMonitor monitor = {},
                GravitySettings settings = {});
  ~GravitySolver();

  // Solves the position reached by dropping in `columns` (0-based) from the empty board.
  // Precondition: the moves are legal and the game is not over.
  GravitySolution solve(const std::vector<int>& columns, bool weak);

 private:
  const Game& game_;
  TranspositionTable& table_;
  SearchMonitor monitor_;
  GravitySettings settings_;
  std::unique_ptr<TranspositionTable> near_;  // GravitySettings::near_table_megabytes; null: none
};

}  // namespace kinrow
