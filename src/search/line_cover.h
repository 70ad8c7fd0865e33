// Covering the opponent's lines with the stones left of a turn.
//
// A player to move with r stones left in his turn, who can put them so that every line
// his opponent could still complete holds one of them, has spoiled them all: the opponent
// never wins. With one stone a turn this is rare and pairings do the work; with several
// it is how small boards end (on 6x6 with six in a row, White's third turn of two stones
// hits the last rows and columns Black still has), and pairings do not hold there (the
// opponent may take both cells of a pair in one turn). A node so decided needs no
// search, and a certificate needs no rule for it: the holder's turn is an entry, after
// which the checker's own rule (every line the holder could lose by is spoiled) ends play.
//
// The cover is found by branching on the first line not yet hit: one of its empty cells
// must be taken, so at most k^r sets are tried. Most positions are refused before that:
// r stones hit at most r times the most lines through one cell.
#pragma once

#include <algorithm>
#include <vector>

#include "games/board.h"

namespace kinrow {

template <int W>
class LineCover {
 public:
  using Cells = Bits<W>;

  explicit LineCover(const BoardTables& tables) {
    for (int c = 0; c < tables.cells; ++c)
      most_lines_through_a_cell_ = std::max(most_lines_through_a_cell_, tables.cell_lines_begin[c + 1] - tables.cell_lines_begin[c]);
  }

  // At most `stones` empty cells, one on every line `spoiler`'s opponent could still
  // complete (a line holding none of `spoiler`'s stones); empty if there is no such set,
  // or no such line.
  Cells find(const Board<W>& board, int spoiler, int stones) {
    const int open = board.lines_free_of(spoiler);
    if (open == 0 || stones <= 0 || open > stones * most_lines_through_a_cell_) return {};
    const BoardTables& t = board.tables();
    const uint8_t* spoiled = board.line_counts(spoiler);
    const Cells empty = board.empty();
    open_lines_.clear();
    for (int l = 0; l < t.lines; ++l)
      if (spoiled[l] == 0) open_lines_.push_back(board.line(l) & empty);
    Cells chosen;
    return cover(stones, chosen) ? chosen : Cells{};
  }

 private:
  bool cover(int stones, Cells& chosen) const {
    const auto unhit = std::find_if(open_lines_.begin(), open_lines_.end(),
                                    [&](const Cells& line) { return !line.intersects(chosen); });
    if (unhit == open_lines_.end()) return true;
    if (stones == 0) return false;
    for (Cell c : *unhit) {
      chosen.set(c);
      if (cover(stones - 1, chosen)) return true;
      chosen.reset(c);
    }
    return false;
  }

  int most_lines_through_a_cell_ = 1;
  std::vector<Cells> open_lines_;  // the empty cells of each line still open to the opponent
};

}  // namespace kinrow
