// Relevance zones (Wu and Lin's RZOP search): the cells a proof of the attacker's win
// depends on, so that defender stones anywhere else leave the proof standing.
//
// A proof is robust to `e` extra defender stones placed outside its zone — stones the
// defender put down while the proof let him pass (a null move withholds a whole turn, a
// seminull move part of one). Where such stones can matter is read from the proof tree:
// - the attacker's own stones: a defender stone there makes his move impossible;
// - at every game end, the lines the attacker completes: a defender stone there spoils
//   the win (all of the lines he could complete there, so that the zone does not depend
//   on which one a checker picks);
// - at every node, the defender's lines (free of the attacker's stones) that e extra
//   stones and the turn he is about to play could complete: at a defender's turn the
//   lines missing at most p + e cells, at the attacker's those missing at most e (the
//   extra stones alone). An extra stone elsewhere leaves such a line more than a turn
//   away from completion, so it never makes a threat the proof did not answer;
// - on a nearly full board (at most 2p + e empty cells) every empty cell: extra stones
//   could end the game or shorten a turn.
// The defender's other turns are the same moves with fewer choices. Nested null moves add
// their withheld stones to e, so a profile keeps one zone per e: zone(e) grows with e.
// Past kMaxExtra the zone is every cell (the proof is not claimed to survive so many).
//
// The certificate checker (proof/checker.cpp) computes the same profile on its own
// from the certificate's tree and accepts a zone only if it holds the checker's cells.
#pragma once

#include <algorithm>
#include <array>

#include "games/board.h"

namespace kinrow {

template <int W>
struct ZoneProfile {
  using Cells = Bits<W>;
  static constexpr int kMaxExtra = 4;

  std::array<Cells, kMaxExtra + 1> at{};  // at[e]: the zone for e extra defender stones

  void add(const Cells& cells) {
    for (Cells& zone : at) zone |= cells;
  }
  void add_from(int extra, const Cells& cells) {
    for (int e = extra; e <= kMaxExtra; ++e) at[e] |= cells;
  }
  // A sub-proof reached after the defender withheld `withheld` stones: e extra stones
  // here are e + withheld there (beyond kMaxExtra: every cell).
  void add_shifted(const ZoneProfile& sub, int withheld, const Cells& all) {
    for (int e = 0; e <= kMaxExtra; ++e) at[e] |= e + withheld <= kMaxExtra ? sub.at[e + withheld] : all;
  }
  void unite(const ZoneProfile& other) {
    for (int e = 0; e <= kMaxExtra; ++e) at[e] |= other.at[e];
  }

  // Whether extra defender stones on `rest` leave the proof standing: so they do if they
  // can be ordered r1, r2, ... with each r_i outside at[i] (Wu and Lin's "irrelevant"
  // sequences; a line that needs i extra stones has its cells in at[i], so at most i - 1
  // of such stones lie on it). Checked greedily: by the first zone each stone is in.
  bool irrelevant(const Cells& rest) const {
    std::array<int, kMaxExtra + 1> level{};
    int n = 0;
    for (Cell c : rest) {
      if (n > kMaxExtra - 1) return false;  // more stones than any zone allows
      int j = 1;
      while (j <= kMaxExtra && !at[j].test(c)) ++j;
      // Kept sorted as it grows (insertion: at most kMaxExtra stones; std::sort here
      // made GCC 12 at -O3 see writes past the array, a false -Warray-bounds).
      int i = n++;
      for (; i > 0 && level[i - 1] > j; --i) level[i] = level[i - 1];
      level[i] = j;
    }
    for (int i = 0; i < n; ++i)
      if (level[i] <= i + 1) return false;
    return true;
  }
  bool operator==(const ZoneProfile&) const = default;
};

// The zone rules that read a position (the tree-shaped ones, moves and shifts, are the
// caller's). `attacker` is the player whose win the proof shows.
template <int W>
struct ZoneRules {
  using Cells = Bits<W>;
  using Profile = ZoneProfile<W>;

  // At a node where `mover` places `stones` stones next: the defender's lines that extra
  // stones could bring within reach, and on a nearly full board every empty cell.
  static void read_node(const Board<W>& board, int attacker, int mover, Profile& zone) {
    const BoardTables& t = board.tables();
    const int defender = 1 - attacker, p = t.rules.stones_per_turn;
    const Cells empty = board.empty();
    const int empties = board.empty_count();
    for (int e = 0; e <= Profile::kMaxExtra; ++e)
      if (empties <= 2 * p + e) zone.at[e] |= empty;
    if (!t.lines_count[defender]) return;
    // A defender line missing m cells matters from e = m - (his turn's stones) on. Where
    // that reaches the shortest line's length, even an empty line could be completed:
    // every empty cell (cheaper than reading every line).
    const int turn = mover == defender ? p : 0;
    for (int e = std::max(0, t.shortest_line - turn); e <= Profile::kMaxExtra; ++e) zone.at[e] |= empty;
    const int most = std::min({turn + Profile::kMaxExtra, t.shortest_line - 1, t.near_limit});
    for (int m = 1; m <= most; ++m)
      for (int32_t l : board.near_lines(defender, m)) zone.add_from(std::max(0, m - turn), board.line(l) & empty);
    // The board keeps too few near lines to read the rest.
    for (int e = std::max(0, most - turn + 1); e <= Profile::kMaxExtra; ++e) zone.at[e] |= empty;
  }

  // A game end at the attacker's turn of `stones` stones: every line he could complete.
  static Cells winning_lines(const Board<W>& board, int attacker, int stones) {
    Cells cells;
    const Cells empty = board.empty();
    for (int m = 1; m <= std::min(stones, board.tables().near_limit); ++m)
      for (int32_t l : board.near_lines(attacker, m)) cells |= board.line(l) & empty;
    return cells;
  }
};

}  // namespace kinrow
