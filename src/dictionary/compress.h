// Compressing a dictionary into O'Dwyer's alternatives notation, with as few lines as
// can be found.
//
// A line fixes the holder's stones, its move and all but one of the opponent's stones;
// its k upper-case cells say the last opponent stone is on any one of them. So a line is
// a set S of opponent stones (one fewer than the position has), and it can carry every
// entry with the same holder stones and move whose opponent stones are S plus one cell.
// Choosing the fewest lines is a set cover: each entry must contain a chosen S. Entries
// split into independent groups (same holder stones and move) that are small, so each
// group is solved exactly by branch and bound, falling back to the greedy cover only
// when a group exceeds the search budget (the report says how many did).
//
// An entry whose position an earlier entry already gives up to symmetry is dropped: the
// player looks positions up by class and uses the first entry, so a shadowed entry never
// plays, and keeping it would let the new line order decide which of two moves is used.
//
// With symmetry, an entry may first be replaced by any symmetric image: the holder's
// stones and move are put in canonical form, and the images under the maps that fix them
// all become candidates — more ways to share a line, and symmetric duplicates merge.
#pragma once

#include <iosfwd>
#include <vector>

#include "dictionary/dictionary.h"
#include "search/canonical.h"

namespace kinrow {

struct CompressedLine {
  DictionaryStones fixed;
  Bits<1> alternatives;  // the opponent's possible last stone (two or more cells), or none
  Cell move = -1;
};

struct Compression {
  std::vector<CompressedLine> lines;
  int entries = 0;          // distinct positions written (after merging duplicates)
  int shadowed = 0;         // entries dropped: an earlier entry gives their position's class
  int groups = 0;           // independent set-cover problems
  int groups_optimal = 0;   // solved to optimality (the rest: greedy)
};

// `symmetry` null: entries are kept as they are. `classes` finds shadowed entries.
Compression compress_dictionary(const Dictionary& dictionary, const Canonicaliser<1>& classes, bool symmetry);

void write_compressed(std::ostream& out, const Compression& compression, int holder, int cells);

}  // namespace kinrow
