// What `kinrow solve` runs when no method is asked for, and how large a table it gives
// it: the choice a user would make after reading docs/benchmarks.md, made from the game,
// the position and the machine, and said out loud (`reason`).
//
// Measured on the games of bench/proof-numbers (docs/benchmarks.md, "One board for
// search", the default method): df-pn on every core is the fastest, or within a hundredth
// of a second of it, on every game without gravity and with 20 or more empty cells; the
// Connect Four bitboard solver wins under gravity; and on positions of a few empty cells
// alpha-beta answers at once and gives the distance to the end as well.
#pragma once

#include <cstddef>
#include <string>

#include "core/position.h"

namespace kinrow {

enum class SolveMethod { AlphaBeta, ProofNumbers };

struct MethodChoice {
  SolveMethod method = SolveMethod::AlphaBeta;
  int threads = 1;                  // df-pn's (alpha-beta's gravity path takes its own)
  std::size_t table_megabytes = 0;  // df-pn's table; 0: alpha-beta's automatic size
  std::string reason;               // one line, for the report
  std::string sizing;               // df-pn: why these threads and this table (dropped if the user set them)
};

// Below this many empty cells alpha-beta decides (it is quick there, and exact).
constexpr int kSmallPosition = 20;

MethodChoice choose_method(const Position& position, int cores, std::size_t available_bytes);

// Df-pn as the default runs it (threads and table; for --method pns too).
MethodChoice proof_numbers_choice(const Position& position, int cores, std::size_t available_bytes);

// Df-pn's table when none is asked for: 64 MiB; on boards of 56 cells or more with at
// least 32 empty, a quarter of the available memory, at most 1 GiB. A table probed at
// random faults in all its pages within a few thousand nodes (2.3 s a GiB on this
// machine, with huge pages, which then pay back on long proofs), so small games keep a
// small one; Qubic from scratch was fastest with 1 GiB (docs/benchmarks.md).
std::size_t dfpn_table_megabytes(const Position& position, std::size_t available_bytes);

}  // namespace kinrow
