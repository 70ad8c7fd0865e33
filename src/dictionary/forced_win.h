// Victory by continuous threats (VCF): Patashnik's "forced sequence" — a move that makes
// an immediate win the opponent must block, then another, and so on, ending in two
// immediate wins the opponent cannot both block. Every defence is forced, so the search
// is narrow; it is exhaustive over the attacker's threat moves, so "none" is an answer.
//
// Sound for normal and maker-breaker rules: while the defender has an immediate win of
// his own the attacker's next move must take that cell (and make a threat there), and a
// defender with two immediate wins ends the sequence as a failure.
#pragma once

#include <cstdint>
#include <vector>

#include "dictionary/board_masks.h"

namespace kinrow {

struct ForcedWin {
  Cell move = -1;  // the first move, or -1: no forced win
  int length = 0;  // the attacker's moves up to and including the winning one
};

class ForcedWinSearch {
 public:
  explicit ForcedWinSearch(const BoardMasks& board) : board_(board) {}

  // A forced win for `attacker`, who is to move in `stones`.
  ForcedWin find(const Stones& stones, int attacker);

  // The cells where a stone of the defender could spoil `attacker`'s forced win at
  // `stones` if the defender were to move now; 0 when the attacker has none, or his
  // lines do not count (a breaker), or under gravity (where any stone changes what is
  // playable above it, so no zone is known).
  //
  // A defender's stone anywhere else leaves the sequence as it was: it is not one of the
  // sequence's moves or replies, nor a cell of the final double threat, so every threat
  // still is one and every reply is still forced; and it is not on a line of his that
  // the sequence's replies would bring within one stone of completion (a counter-threat
  // the attacker would have to answer). This is the zone of a threat of a threat
  // sequence (lambda order 2): a defender who moves outside it loses.
  CellMask relevance_zone(const Stones& stones, int attacker);

  uint64_t nodes() const { return nodes_; }

 private:
  // From any position with the attacker to move: his immediate win, or the search.
  ForcedWin search_from(CellMask mine, CellMask theirs, bool theirs_count);
  // The attacker has no immediate win; `their_wins` are the defender's. Each threat and
  // its forced reply keep that so: the child's wins are read from the two new stones'
  // lines instead of from every line.
  ForcedWin search(CellMask mine, CellMask theirs, CellMask their_wins, bool theirs_count);
  ForcedWin search_gravity(CellMask mine, CellMask theirs, bool theirs_count);

  // Results by exact position (the attacker's stones first): transpositions are frequent
  // in threat sequences. Direct-mapped and overwritten, so memory stays fixed: 384 KiB,
  // allocated by the first search. Most hits come from the same top-level search, so a
  // memo that stays in the core's 1 MiB L2 cache is faster than a larger one that misses
  // it (Qubic after a1:1 b1:1: 13.5 s with 24 MiB, 10.7 s with 1.5 MiB; after a1:1 b2:2,
  // 7.2 s with this against 7.9 s with 1.5 MiB; docs/benchmarks.md).
  struct Slot {
    Stones stones;
    int8_t move = -1, length = -1;  // length -1: empty slot
  };
  static constexpr std::size_t kMemoSlots = std::size_t{1} << 14;
  Slot& slot(CellMask mine, CellMask theirs) {
    return memo_[StonesHash()({mine, theirs}) & (kMemoSlots - 1)];
  }

  // Zones by exact position and attacker. Df-pn asks for a zone when it expands the
  // parent (to order the attacker's moves) and again at the node itself, and re-expands
  // nodes as its thresholds grow; reading a zone again walks the whole sequence, so it is
  // kept (16 MiB, direct-mapped, overwritten).
  struct ZoneSlot {
    Stones stones;  // the attacker's stones first
    CellMask zone = 0;
    int8_t attacker = -1;  // -1: empty slot
  };
  static constexpr std::size_t kZoneSlots = std::size_t{1} << 19;
  CellMask walk_zone(const Stones& stones, int attacker);
  std::vector<ZoneSlot> zones_;

  const BoardMasks& board_;
  std::vector<Slot> memo_;
  uint64_t nodes_ = 0;
};

}  // namespace kinrow
