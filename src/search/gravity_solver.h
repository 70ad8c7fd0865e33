// Solving gravity games on bitboards: the fast path `kinrow solve` takes for connect
// boards that fit in 64 bits (see games/gravity_bitboard.h), with any k up to 8, normal
// or misère, one stone a turn, no cylinder. Everything else goes to the generic board,
// which is also the reference these results are tested against.
#pragma once

#include <cstdint>
#include <vector>

#include "core/game.h"
#include "search/alphabeta.h"
#include "search/gravity_search.h"
#include "search/transposition_table.h"

namespace kinrow {

bool gravity_solver_applies(const Game& game);

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
};

class GravitySolver {
 public:
  // Precondition: gravity_solver_applies(game). The table is kept between solves, so a
  // batch of positions from one game shares what earlier ones learned.
  GravitySolver(const Game& game, TranspositionTable& table, SearchMonitor monitor = {},
                GravitySettings settings = {});

  // Solves the position reached by dropping in `columns` (0-based) from the empty board.
  // Precondition: the moves are legal and the game is not over.
  GravitySolution solve(const std::vector<int>& columns, bool weak);

 private:
  const Game& game_;
  TranspositionTable& table_;
  SearchMonitor monitor_;
  GravitySettings settings_;
};

}  // namespace kinrow
