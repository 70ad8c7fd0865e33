// Move notation.
//
// Gravity boards: a move is its column, 1-based, written as one digit per stone exactly
// as the classic Connect Four solvers do ("4453"); boards wider than 9 columns separate
// columns by spaces or commas ("10,3,12").
// Other boards: a cell is its column letter and 1-based row counted from the bottom
// ("c3"), then ":" and a 1-based layer for every further axis ("b2:3" on a cube).
// "#17" names cell 17 by index on any board. The stones of a p-stone turn are written
// together ("b2c1"); turns may be separated by spaces, commas or dots, but need not be:
// stones are grouped into turns by q and p. In tile games, where the maker chooses how
// many stones a turn places (p=1..P, b=N), a space, comma or dot ends his turn: "b2 c1d1"
// is a turn of one stone and, if the breaker's answer came between, one of two.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/position.h"

namespace kinrow {

std::string format_cell(const Game& game, Cell cell);
std::string format_turn(const Game& game, const Turn& turn);
// Turns joined with the separator of the notation ("" for digit strings, " " else).
std::string format_turns(const Game& game, const std::vector<Turn>& turns);
// The same for a game of one stone a turn given as its cells in order.
std::string format_cell_moves(const Game& game, const std::vector<Cell>& cells);

// One cell by name ("c3", "b2:3", "#17"), regardless of what is on it. On gravity boards
// only "#17" names a cell (a column digit names a move, not a cell). Throws InputError.
Cell parse_cell(const Game& game, const std::string& text);

// The same for many names of one game: parse_cell builds a table of the game's cells at
// every call, a reader once (certificate and plan readers meet cells by the hundred
// thousand). The game must outlive the reader.
class CellNames;
class CellReader {
 public:
  explicit CellReader(const Game& game);
  ~CellReader();
  CellReader(const CellReader&) = delete;
  CellReader& operator=(const CellReader&) = delete;
  Cell parse(const std::string& text) const;

 private:
  std::unique_ptr<const CellNames> names_;
  Position empty_;
};

// Parses a move sequence and plays it from the empty board. Throws InputError naming
// the first bad move (malformed, off the board, occupied, not playable under gravity, or
// played after the game ended).
Position play_moves(const Game& game, std::string_view moves);
// The same from `start` (a game under way): moves are numbered as in the game, and a bad
// character's place is counted in `moves`, what the user typed.
Position play_moves(Position start, std::string_view moves);

}  // namespace kinrow
