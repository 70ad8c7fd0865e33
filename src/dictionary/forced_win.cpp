#include "dictionary/forced_win.h"

#include <bit>

namespace kinrow {

ForcedWin ForcedWinSearch::find(const Stones& stones, int attacker) {
  if (!board_.lines_count_for(attacker)) return {};
  if (memo_.empty()) memo_.resize(kMemoSlots);
  return search(stones.of(attacker), stones.of(1 - attacker), board_.lines_count_for(1 - attacker));
}

ForcedWin ForcedWinSearch::search(CellMask mine, CellMask theirs, bool theirs_count) {
  ++nodes_;
  const Stones both{mine, theirs};
  const CellMask legal = board_.legal(both);
  if (const CellMask wins = board_.winning_cells(mine, theirs, legal)) return {std::countr_zero(wins), 1};
  Slot& memo = slot(mine, theirs);
  if (memo.length >= 0 && memo.stones == Stones{mine, theirs}) return {memo.move, memo.length};

  const CellMask their_wins = theirs_count ? board_.winning_cells(theirs, mine, legal) : 0;
  ForcedWin result;
  if (std::popcount(their_wins) <= 1) {
    // With a threat against him the attacker must block it, so that is the only candidate.
    const CellMask candidates = their_wins ? their_wins : board_.threat_making_cells(mine, theirs, legal);
    // A double threat ends the sequence at once; look for one before going deeper.
    // The attacker has no immediate win here, so without gravity a move's threats lie on
    // lines through it. (Under gravity a stone also opens the cell above it.)
    auto threats_after = [&](Cell c) {
      const CellMask after = mine | cell_bit(c);
      return board_.gravity() ? board_.winning_cells(after, theirs, board_.legal({after, theirs}))
                              : board_.wins_through(c, after, theirs);
    };
    for (CellMask m = candidates; m && result.move < 0; m &= m - 1)
      if (std::popcount(threats_after(std::countr_zero(m))) >= 2) result = {std::countr_zero(m), 2};
    for (CellMask m = candidates; m && result.move < 0; m &= m - 1) {
      const Cell c = std::countr_zero(m);
      const CellMask after = mine | cell_bit(c);
      const CellMask threats = threats_after(c);
      if (std::popcount(threats) != 1) continue;  // no threat: not forcing
      const ForcedWin rest = search(after, theirs | threats, theirs_count);
      if (rest.move >= 0) result = {c, rest.length + 1};
    }
  }
  memo = {{mine, theirs}, static_cast<int8_t>(result.move), static_cast<int8_t>(result.length)};
  return result;
}

}  // namespace kinrow
