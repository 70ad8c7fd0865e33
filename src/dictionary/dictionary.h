// Strategy dictionaries (O'Dwyer): a text file mapping positions a player can reach
// under its strategy to its move. Two notations:
//
//  - run-length (Thompson's form of Patashnik's Qubic dictionary): "xo1x8x8o41o 41" —
//    stones x and o, numbers for runs of empty cells, trailing empties omitted, then the
//    move as a cell number; a preamble ending in a line of dashes may come first;
//  - cells (O'Dwyer): one character per cell, `.` `x` `o`, the holder's move in
//    upper case, and k >= 2 upper-case opponent letters standing for k positions, in each
//    of which exactly one of those cells holds the opponent's stone.
//
// Entries are read as written; kinrow canonicalises them itself (dictionary_player.h).
// Dictionaries describe games of at most 64 cells, one stone a turn: a position is one
// word of the search board (Stones<1>, games/stones.h).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/stones.h"

namespace kinrow {

enum class DictionaryNotation { RunLength, Cells };
const char* notation_name(DictionaryNotation notation);  // "run-length", "cells"
DictionaryNotation parse_notation(const std::string& name);  // InputError if unknown

using DictionaryStones = Stones<1>;

struct DictionaryEntry {
  DictionaryStones stones;
  Cell move = -1;
  int line = 0;  // the line of the file it came from (0: not read from a file)
};

struct Dictionary {
  int holder = 0;  // 0: the first player's moves (x), 1: the second player's (o)
  DictionaryNotation notation = DictionaryNotation::Cells;  // as read
  std::vector<std::string> preamble;  // run-length: the text before the dashed line
  std::vector<DictionaryEntry> entries;
  int entry_lines = 0;  // lines that held entries (a compressed line holds several)
};

// InputError unless `game` is one a dictionary can describe: at most 64 cells, one stone
// a turn.
void check_dictionary_game(const Game& game);

// Reads either notation (detected from the text), expanding alternatives, or the winning
// strategy of a kinrow certificate (its holder replaces `holder`). Throws
// InputError("line N: ...") for a malformed line, a move onto a stone, or stone counts
// that do not leave the holder to move.
Dictionary read_dictionary(std::istream& in, const Game& game, int holder);
Dictionary read_dictionary_file(const std::string& path, const Game& game, int holder);

// One entry per line in the given notation; run-length keeps the preamble.
void write_dictionary(std::ostream& out, const Dictionary& dictionary, const Game& game, DictionaryNotation notation);

// A line of the cells notation: `alternatives` (k >= 2 cells, or none) are written in the
// opponent's upper-case letter.
std::string cells_line(const DictionaryStones& stones, Cell move, const Bits<1>& alternatives, int holder, int cells);
std::string run_length_line(const DictionaryStones& stones, Cell move, int cells);

}  // namespace kinrow
