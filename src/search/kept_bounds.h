// Alpha-beta's kept file (search/kept_lines.h): the bounds of the positions whose search
// cost the most, a line each. The table and the file are stores of the same true bounds
// (scores are absolute, transposition_table.h): what is read back is trusted as the table is.
//
//   kinrow-kept-bounds 1 gravity bitboard key 1 connect:9x6x4
//   MOVES KEY-HIGH KEY-LOW LOWER UPPER MOVE WORK
// MOVES: the stones on the board; KEY-HIGH, KEY-LOW: the table key in hexadecimal (the
// high word 0 on boards of 64 bits); LOWER, UPPER, MOVE: as the table keeps them; WORK:
// log2 of the nodes the search took. The same position may appear more than once (a later
// window tightens a bound): reading merges them, as the table does.
#pragma once

#include <cstdint>
#include <string>

#include "search/kept_lines.h"

namespace kinrow {

class TranspositionTable;

// A position's search is kept once it took at least this many nodes, by default: some
// hundreds of lines for a search of a hundred billion nodes (docs/benchmarks.md).
constexpr uint64_t kDefaultKeptBoundsNodes = uint64_t{1} << 28;

// The file kept beside a table file: "9x6x4.bounds" for "9x6x4.table" (".bounds" added to
// a name that does not end in ".table").
inline std::string kept_bounds_path(const std::string& table_file) { return kept_path(table_file, ".bounds"); }

// What a kept line may hold for its board, checked as it is read: a damaged or hand-made
// line must not reach the table with a key of more bits than the board's (the table
// indexes its buckets by the high word).
struct KeptKeys {
  int cells = 0;  // of the board: the most stones a position has
  int width = 0;  // columns: a move is one of them
  int max_score = 0;  // connect_score(cells, 0): the largest score of either sign
  uint64_t high_end = 1;  // 2^(board bits - 64), or 1 (the high word 0) for boards of 64 bits
};

class KeptBounds {
 public:
  // Positions go to the end of `path` (KeptLineFile). InputError if the file's header names
  // another `label` (the table's label: the board and its key scheme).
  KeptBounds(const std::string& path, const std::string& label, uint64_t min_nodes);

  uint64_t min_nodes() const { return min_nodes_; }

  // Appends one position and puts it on the disk at once (KeptLineFile::append).
  void keep(int moves, uint64_t key_high, uint64_t key_low, int lower, int upper, int move, uint64_t nodes);

  // Reads every position of the file at `path` into `table` (the main one: a position
  // that cost this much is far from the leaves); the number read. A missing file is none,
  // a last line cut short is skipped with a note; InputError, naming the line, for another
  // label, a line that does not read or lies outside `keys`, or bounds of a position that
  // contradict an earlier line's.
  static std::size_t read(const std::string& path, const std::string& label, const KeptKeys& keys,
                          TranspositionTable& table);

 private:
  KeptLineFile file_;
  uint64_t min_nodes_;
};

}  // namespace kinrow
