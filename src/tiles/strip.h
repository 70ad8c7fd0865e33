// The infinite boards of Theorem 2 (Chiang, Wu and Lin): strips of L rows along which
// lines repeat at every column, and the rules that decide their games without search.
//
// BN(L): every column of L squares and every "/" diagonal of L squares of the strip is a
// line (the board the paper draws as many Ns; its BZ(L), which tiles the plane so that
// every (3L-1)-segment holds a line, is the same hypergraph). BNX(L) adds to every line a
// square only the breaker may take (Definition 2).
//
// A strip is periodic, so its lines form no cycle (it is a forest, as a hypergraph: the
// cells-and-lines incidence graph has no cycle) exactly when the finite quotient — one
// vertex per row and per kind of line, an edge for each cell of a kind, labelled with
// the column it lies at — has, in each connected part, at most one independent cycle,
// and that one's labels do not add up to zero: the infinite board is the cover of the
// quotient in which a closed walk closes only if its labels sum to zero, and a free group
// embeds in the integers only if its rank is at most one.
//
// On a forest the breaker holds by cutting (the paper's Lemma 2, and Lemma 9 with
// exclusive squares): keep every connected part of the live lines holding at most one
// maker stone; for each new stone, kill one line of the unique path to the stone it
// joined. With 1 to p maker stones a turn this needs lines of at least p + 2 squares (a
// live line then never holds more than p + 1 maker stones, and has an empty square to
// cut on); with exclusive squares it needs nothing (the cut goes on the line's own
// square), and keeps every live line at one maker stone or less.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace kinrow {

struct StripCell {
  int dx = 0;  // the column, relative to the line's own
  int y = 0;   // the row, 0 to height - 1
};

// Every translate of each kind by whole columns is a line.
struct Strip {
  int height = 0;
  std::vector<std::vector<StripCell>> kinds;
};

Strip bn_strip(int length);  // BN(L): the column and the "/" diagonal of L squares

// True if the strip's lines form no cycle.
bool strip_is_forest(const Strip& strip);

// How a tree-rule proof of a strip game was found, to print in a chain of lemmas.
struct StripProof {
  std::vector<int> kept_rows[2];  // BN: the rows each kind of line keeps (shortened lines)
  std::vector<int> removed_rows;  // BNX: the rows filled with maker stones beforehand
  std::string text;               // one line, e.g. "columns cut to rows 0-2, diagonals to 1-3: a forest"
};

// MBBoardN(L, p), the maker placing 1 to p stones: proved drawn if BN(L)'s lines can be
// shortened (a breaker who holds the shorter lines holds the longer) to lines of at least
// p + 2 squares that form a forest (Lemma 2; the paper's Lemma 8 for L = 4, p = 1).
std::optional<StripProof> prove_bn_by_trees(int length, int p);

// MBBoardNX(L, b), exclusive squares and the maker placing any number: proved drawn if,
// with r of BN(L)'s rows filled with maker stones beforehand (each line holds r of them,
// so the rest must stay at b - r), the remaining lines form a forest and b - r >= 1
// (Lemmas 9 and 10 for BNX(2) and BNX(3)).
std::optional<StripProof> prove_bnx_by_trees(int length, int b);

}  // namespace kinrow
