// The one game model of kinrow: a hypergraph game.
//
// A game is a set of cells, a family of lines (cell sets) and rules. Every family
// (mnk, connect, cube, square, file) is only a generator of this structure; all
// solvers, provers and checkers read nothing else.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace kinrow {

using Cell = int;
using Line = std::vector<Cell>;  // sorted cell indices

enum class Goal {
  Normal,        // the first to own a whole line wins
  Misere,        // the first to own a whole line loses
  MakerBreaker,  // only the first player's lines count; the second wins by preventing them
};

struct Rules {
  Goal goal = Goal::Normal;
  int stones_per_turn = 1;  // p (Connect6: 2); 0 under maker_threshold (any number)
  int first_turn_stones = 1;  // q, the stones of the very first turn (Connect6: 1); 0 likewise
  bool gravity = false;  // a cell is playable only once the cell below it is filled
  bool cylinder = false;  // columns wrap around (x is taken modulo the width)
  // An overline does not win (Gomoku's "exactly five"): a line counts only while neither
  // cell that would extend it (its flanks, Game::flanks) holds the same player's stone.
  // Straight lines of one stone a turn only (the spec checks it).
  bool exact = false;

  // Tile games (Chiang, Wu and Lin, "Drawn k-in-a-row games"), maker-breaker only: the
  // maker chooses how many stones a turn places and the breaker answers with as many.
  // MBBoard(B, p), Definition 1: the maker places 1 to p (= stones_per_turn) stones.
  bool maker_picks_count = false;
  // MBBoardX(B, b), Definition 2 (b = this, -1 off): the maker places any number of
  // stones, never on the game's breaker-only cells, and wins when, with him to move, a
  // line without a breaker stone holds more than b of his stones (not by owning a line).
  int maker_threshold = -1;

  bool operator==(const Rules&) const = default;
};

// The maker decides each turn's size and the breaker's answer matches it.
inline bool breaker_answers_in_kind(const Rules& rules) {
  return rules.maker_picks_count || rules.maker_threshold >= 0;
}

const char* goal_name(Goal goal);

// Stones placed on turn `turn` (0-based) under these rules.
inline int stones_on_turn(const Rules& rules, int turn) {
  return turn == 0 ? rules.first_turn_stones : rules.stones_per_turn;
}

struct Game {
  std::string spec;  // canonical spec string, e.g. "connect:7x6x4,misere"
  std::string family;  // "mnk", "connect", "cube", "square", "file"
  Rules rules;

  // Geometry for display and move notation. `extent[i]` is the size of axis i; every
  // cell has one coordinate per axis. Axis 0 is the column (x), axis 1 the row (y,
  // 0 = bottom), further axes are layers. Cell indices are ordered for printing:
  // layer by layer, each layer from its top row down, each row left to right.
  std::vector<int> extent;
  std::vector<std::vector<int>> coords;  // coords[cell][axis]

  std::vector<Line> lines;  // deduplicated, each sorted, in a stable order
  // Breaker-only cells (Definition 2's exclusive squares; empty = none): the maker may
  // not place stones there. Only under breaker_answers_in_kind rules.
  std::vector<Cell> breaker_only;  // sorted
  std::vector<std::vector<int>> lines_of_cell;  // line indices through each cell
  // Under rules.exact, per line the cells just beyond its two ends (-1 past the board's
  // edge): a stone of the line's owner there makes it part of an overline. Else empty.
  std::vector<std::array<Cell, 2>> flanks;

  // below[cell] is the cell directly under it (same coordinates, row - 1), or -1 on the
  // bottom row. Only used when rules.gravity is set; gravity pulls along axis 1.
  std::vector<Cell> below;

  int cell_count() const { return static_cast<int>(coords.size()); }
  int line_count() const { return static_cast<int>(lines.size()); }
  int width() const { return extent.empty() ? cell_count() : extent[0]; }
  int height() const { return extent.size() < 2 ? 1 : extent[1]; }

  // The number of turns that fill the board.
  int max_turns() const;
};

// Fills lines_of_cell, below and (under exact) flanks from coords/extent/lines, sorts
// and deduplicates lines. Every generator ends with this.
void finish_game(Game& game);

}  // namespace kinrow
