// Solving a position: the value, the distance to the end, and a best move.
//
// Picks the board for the game (the smallest LineBoard that holds its cells), then finds
// the exact score by null-window searches that close in on it from both sides (iterative
// deepening on the score: each window asks "is the score above s?", starting near zero
// and at the fastest possible wins, so draws and quick wins resolve first).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

#include "core/game.h"
#include "core/position.h"
#include "proof/certificate.h"
#include "search/alphabeta.h"
#include "search/gravity_solver.h"
#include "search/kept_bounds.h"
#include "search/pairing.h"
#include "search/periodic_save.h"
#include "search/score.h"

namespace kinrow {

struct SolveOptions {
  std::size_t table_megabytes = 0;  // 0: automatic (see automatic_table_megabytes)
  bool weak = false;  // win/draw/loss only, not the distance
  std::size_t max_key_symmetries = 64;  // symmetries folded into table keys
  bool certificate = false;  // also extract the strategies that prove the value
  // Where they go as the walk finds them (a file: never held whole); null: into
  // SolveResult::certificate.
  CertificateSink* certificate_sink = nullptr;
  bool generic_board = false;  // never take the bitboard path (for cross-checks)
  GravitySettings gravity;  // threads and techniques of the bitboard path
  // The bitboard path only: the table is read from this file if it exists, and written
  // back when the search ends, finished or stopped by an exception from `monitor` (a time
  // budget), so that a long solve goes on where it stopped. Empty: no file.
  std::string table_file;
  // With a table file, it is also saved this often while the search runs, so that a run
  // killed without warning loses at most this much (search/periodic_save.h); 0: only at
  // the end. `on_table_saved` hears of each save, on the saving thread.
  double save_every_seconds = kDefaultSaveEverySeconds;
  std::function<void(const TableSaveReport&)> on_table_saved;
  // With a table file, the bounds of every position whose search took at least this many
  // nodes are also kept, as they are found, in a small file beside it (NAME.bounds for
  // NAME.table; search/kept_bounds.h), and read back at the start, table or no table: a
  // long search outlives the machine that keeps its table. 0: none kept (read still).
  uint64_t kept_bounds_nodes = kDefaultKeptBoundsNodes;
  // Hears how many positions were read from the kept bounds, before the search starts (a
  // stopped search returns no SolveResult).
  std::function<void(std::size_t)> on_kept_bounds_read;
  // Pairing cut-offs in the generic search (search/pairing_cutoff.h); no effect where
  // they do not apply (gravity, misere, several stones a turn).
  PairingMode pairing = PairingMode::Shared;
  SearchMonitor monitor;
};

struct SolveResult {
  Value value = Value::Draw;  // for the side to move
  int score = 0;  // search/score.h; in weak mode only its sign is meaningful
  bool exact = true;  // false in weak mode
  std::optional<Turn> best_move;  // none when the game is already over
  int plies = 0;  // turns to the end under perfect play (strong mode)
  uint64_t nodes = 0;
  uint64_t value_nodes = 0;  // of `nodes`, those spent on the value (the rest: the best move)
  double seconds = 0;
  int windows = 0;  // null-window searches made
  std::size_t table_bytes = 0;
  std::size_t symmetries = 1;  // size of the game's symmetry group
  std::optional<Certificate> certificate;  // when asked for in memory
  bool certificate_written = false;        // the whole certificate went to its sink (or into `certificate`)
  // Gravity games solved on the bitboard path: the score in the Connect Four convention
  // (search/gravity_search.h), and that this path was taken.
  std::optional<int> connect_score;
  bool bitboard = false;
  uint64_t pairing_checks = 0;  // positions the pairing cut-off examined
  uint64_t pairing_cutoffs = 0;  // ... and found a pairing in
};

SolveResult solve(const Position& position, const SolveOptions& options);

// The default table: 256 MiB, or less on boards too small to fill it (a tic-tac-toe solve
// should not pay for clearing a quarter gigabyte).
std::size_t automatic_table_megabytes(const Game& game);

}  // namespace kinrow
