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
#include "core/symmetry.h"

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

// The maps of `group` that move the board as a rotation or reflection of the plane does
// (the rectangle's 4, or the square's 8), in their order; the others are dropped. Only
// those carry the lines past the edge with the board: a map that keeps the board's own
// lines may still send a line open past the edge to one closed by it (mnk:4x4x4 has 32
// symmetries of its lines, 8 of them motions), and a position would stand for one that
// is not its equal on the unbounded board. `game` has an unbounded board.
SymmetryGroup board_motions(const Game& game, const SymmetryGroup& group);

}  // namespace kinrow
