// Solving a position as a sum of independent parts.
//
// On a long flat board most lines die early: a line holding stones of both players can
// no longer be completed by anyone. The lines still live fall apart into groups that share
// no cell, and a move in one group changes nothing in another, so the position is a sum of
// smaller games. Which group sits where, and whether it is mirrored, does not change the
// value. This search keys its table by the multiset of the parts, each in a canonical
// form, so positions that differ only in the order or orientation of their parts are
// searched once.
//
// Two facts make that sound (docs/misere.md, "Search by parts", gives the arguments):
// - A part is its cells on live lines (with, under gravity, every empty cell of a column
//   holding one of its empty cells): the live lines inside a part, its stones and the
//   gravity order below its empty cells are all read from its cells alone, wherever on
//   the board the part stands.
// - An empty cell on no live line ("neutral") is a pass either player may take. Two of
//   them cancel: whoever has a result in the position without them keeps it by answering
//   a neutral move with the other one. Only their number modulo two is kept.
//
// On one row of misère play (height 1, plane or ring) combinatorial game theory adds more
// (row_values.h): the values of the game of safe moves decide or bound most positions
// before any move is tried, and the row's own parts, finer than these, key the table.
//
// The answer is the value (win, draw or loss for the side to move), not the distance:
// dropping neutral pairs changes the length of games but never their result. One stone a
// turn, normal or misère play, mnk and connect boards (plane or cylinder) of at most 31
// cells.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/board.h"
#include "search/alphabeta.h"
#include "search/row_values.h"
#include "search/score.h"

namespace kinrow {

// Why the search by parts cannot take this game, or nothing if it can.
std::optional<std::string> sum_solver_refusal(const Game& game);

struct SumSolution {
  Value value = Value::Draw;  // for the side to move
  uint64_t nodes = 0;
  double seconds = 0;
};

class SumSolver {
 public:
  // InputError where sum_solver_refusal names a reason.
  SumSolver(const Game& game, std::size_t table_megabytes, SearchMonitor monitor = {});
  ~SumSolver();

  // The tables of the boards this solver searches (Board<1> on them).
  const BoardTables& tables() const { return tables_; }

  // The value of the board's position for the side to move (the board is left as it
  // was). Precondition: the game is not over.
  SumSolution solve(Board<1>& board);

  // The value after the side to move plays `c` (for that player), searching as needed;
  // used to pick moves that keep a value when writing a certificate.
  Value value_after(Board<1>& board, Cell c);

  uint64_t nodes() const { return nodes_; }

  // On one row of misère play, positions whose parts in the game of safe moves are at
  // most `longest_part` cells long are decided (or bounded) by their combinatorial value
  // (row_values.h); 0 turns that off. Other games ignore it.
  void value_rows(int longest_part);
  static constexpr int kDefaultRowPart = 16;

 private:
  struct Part;
  struct Decomposition;
  struct Table;

  using CellMask = uint64_t;  // the cells of one word: the board's Bits<1>
  int search(Board<1>& board, int mover, int alpha, int beta, Cell last);
  RowValues::Reading read_row(const Board<1>& board);
  // What the game of safe moves says (`r` in reach): 1 or -1 when it decides, else the
  // bounds it gives.
  std::optional<int> row_value(const RowValues::Reading& r, const Board<1>& board, int mover, int& low, int& high);
  // The result for `mover` of his stone on `c`, which `completed` a line of his or not:
  // kOngoing, or -1, 0, 1.
  int immediate(const Board<1>& board, bool completed) const;
  void decompose(const Board<1>& board, Decomposition& d) const;
  struct Placement {  // where a part's pattern is read from
    int8_t start;
    bool mirrored;
  };
  void canonicalise(const Board<1>& board, Part& p) const;
  int position(Placement at, Cell c) const;
  int rank(const Part& p, Cell c) const;
  int misere_shape(const Board<1>& board, int mover, Cell c) const;
  int64_t order_score(const Board<1>& board, int mover, Cell c) const;
  void report();

  const Game& game_;
  BoardTables tables_;
  std::vector<CellMask> lines_;  // every line's cells
  int width_, height_;
  bool cylinder_;
  bool even_height_;  // gravity on an even height: countermoves order the moves
  std::vector<int> x_, y_;
  std::vector<CellMask> column_;  // the cells of each column
  std::unique_ptr<Table> table_;
  int row_k_ = 0;  // k when the game is one row of misère play (windows of k), else 0
  std::unique_ptr<RowValues> row_values_;
  SearchMonitor monitor_;
  std::array<std::array<uint64_t, 64>, 2> history_{};  // per player and cell: cut-offs made, weighted
  std::array<std::array<int8_t, 64>, 2> counter_{};  // per player and previous cell: 1 + the reply that cut off
  uint64_t nodes_ = 0;
  double start_ = 0, last_report_ = 0;
};

}  // namespace kinrow
