// The lines a board gains on the unbounded board, for `kinrow verify --infinite`.
//
// A plain k-in-a-row board (rows, columns and both diagonals of k cells; no gravity, no
// wrap) is a window of the unbounded game. What the window does not show are the lines
// that cross its edge: each has some cells on the board, near the edge, and the rest
// outside. The checker reads those lines like the board's own, with their outside cells
// counted but never placeable in a zone, so a zone proof that passes holds on the
// unbounded board too (docs/certificates.md, "The unbounded board").
//
// The lines are derived from the coordinates, and the board's own lines are required to
// be exactly its windows of k cells: a game with other lines has no such extension.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace kinrow {

// A line of the unbounded board that crosses the edge: its cells on the board (sorted)
// and how many of its cells lie outside.
struct EdgeLine {
  std::vector<Cell> on_board;
  int off_board = 0;
};

struct UnboundedBoard {
  int k = 0;                         // the cells of every line
  std::vector<EdgeLine> edge_lines;  // every line that meets the board and leaves it
};

// The extension of `game`, or nullopt with `why` saying what rules it out.
std::optional<UnboundedBoard> unbounded_board(const Game& game, std::string& why);

}  // namespace kinrow
