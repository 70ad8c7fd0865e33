// The Connect-k board as the misère strategies see it: columns, rows counted from the
// bottom, column heights, and "would this stone complete a line for that player".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "strategy/strategy.h"

namespace kinrow {

struct ConnectGrid {
  int width = 0, height = 0, k = 0;
  bool cylinder = false;
  std::vector<Cell> cells;  // cells[y * width + x]

  Cell at(int x, int y) const { return cells[y * width + x]; }
  // Stones in column x (gravity keeps them contiguous from the bottom).
  int column_height(const BoardView& board, int x) const;
  // The row-0 owners, left to right.
  std::vector<int8_t> bottom_row(const BoardView& board) const;
};

// The grid of a `connect` game with gravity, or why a strategy for one cannot play `game`.
// Cached per game: strategies call it on every move.
const ConnectGrid* connect_grid(const Game& game, std::string* why_not = nullptr);

// The start of every misère strategy's promise: `grid` is the board's grid, or null with
// the promise's why_not saying why (not Connect-k with gravity, or not misère).
StrategyPromise misere_connect_promise(const Game& game, const ConnectGrid*& grid);

// True if `player` taking the empty cell `cell` would own a whole line.
bool completes_line(const BoardView& board, Cell cell, int player);

}  // namespace kinrow
