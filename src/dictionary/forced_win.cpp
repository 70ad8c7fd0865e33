#include "dictionary/forced_win.h"

#include <array>
#include <bit>
#include <stdexcept>

namespace kinrow {

ForcedWin ForcedWinSearch::find(const Stones& stones, int attacker) {
  if (!board_.lines_count_for(attacker)) return {};
  if (memo_.empty()) memo_.resize(kMemoSlots);
  const bool theirs_count = board_.lines_count_for(1 - attacker);
  const CellMask mine = stones.of(attacker), theirs = stones.of(1 - attacker);
  if (board_.gravity()) return search_gravity(mine, theirs, theirs_count);
  return search_from(mine, theirs, theirs_count);
}

ForcedWin ForcedWinSearch::search_from(CellMask mine, CellMask theirs, bool theirs_count) {
  const CellMask legal = board_.all() & ~(mine | theirs);
  if (const CellMask wins = board_.winning_cells(mine, theirs, legal)) {
    ++nodes_;
    return {std::countr_zero(wins), 1};
  }
  return search(mine, theirs, theirs_count ? board_.winning_cells(theirs, mine, legal) : 0, theirs_count);
}

CellMask ForcedWinSearch::relevance_zone(const Stones& stones, int attacker) {
  if (board_.gravity() || !board_.lines_count_for(attacker)) return 0;
  if (memo_.empty()) memo_.resize(kMemoSlots);
  if (zones_.empty()) zones_.resize(kZoneSlots);
  const Stones key{stones.of(attacker), stones.of(1 - attacker)};
  ZoneSlot& slot = zones_[(StonesHash()(key) ^ static_cast<std::size_t>(attacker)) & (kZoneSlots - 1)];
  if (slot.attacker != attacker || slot.stones != key)
    slot = {key, walk_zone(stones, attacker), static_cast<int8_t>(attacker)};
  return slot.zone;
}

CellMask ForcedWinSearch::walk_zone(const Stones& stones, int attacker) {
  const bool theirs_count = board_.lines_count_for(1 - attacker);
  CellMask mine = stones.of(attacker), theirs = stones.of(1 - attacker);
  CellMask zone = 0, replies = 0;
  // Walk the sequence the search finds: each move, the threat it makes (the forced
  // reply), and the final immediate wins.
  for (;;) {
    const CellMask legal = board_.legal({mine, theirs});
    if (const CellMask wins = board_.winning_cells(mine, theirs, legal)) {
      zone |= wins;
      break;
    }
    const Cell move = (board_.gravity() ? search_gravity(mine, theirs, theirs_count)
                                        : search_from(mine, theirs, theirs_count)).move;
    if (move < 0) {
      if (zone) throw std::logic_error("forced win: the sequence broke off while being read");
      return 0;
    }
    mine |= cell_bit(move);
    const CellMask threats = board_.wins_through(move, mine, theirs) & legal;
    zone |= cell_bit(move) | threats;
    if (std::popcount(threats) >= 2) break;
    replies |= threats;
    theirs |= threats;
  }
  // The defender's lines that his replies bring within two stones of completion: one
  // more stone there would make a counter-threat.
  if (theirs_count) {
    const CellMask defender = stones.of(1 - attacker) | replies;
    for (CellMask line : board_.lines()) {
      if (line & stones.of(attacker)) continue;
      const CellMask missing = line & ~defender;
      if (std::popcount(missing) <= 2) zone |= missing;
    }
  }
  return zone & ~stones.occupied();
}

ForcedWin ForcedWinSearch::search(CellMask mine, CellMask theirs, CellMask their_wins, bool theirs_count) {
  ++nodes_;
  // The memo is probed at random; the parent fetched this slot ahead.
  Slot& memo = slot(mine, theirs);
  if (memo.length >= 0 && memo.stones == Stones{mine, theirs}) return {memo.move, memo.length};

  ForcedWin result;
  if (std::popcount(their_wins) <= 1) {
    const CellMask candidates =
        their_wins ? their_wins : board_.threat_making_cells(mine, theirs, board_.all() & ~(mine | theirs));
    // With a threat against him the attacker must block it, so that is the only candidate.
    // Each candidate's threats are read once: a double threat ends the sequence at once,
    // so all are looked at before going deeper.
    std::array<CellMask, 64> threats;
    int count = 0;
    for (CellMask m = candidates; m; m &= m - 1) {
      const Cell c = std::countr_zero(m);
      const CellMask made = threats[count++] = board_.wins_through(c, mine | cell_bit(c), theirs);
      if (std::popcount(made) >= 2) {
        result = {c, 2};
        break;
      }
      if (made) __builtin_prefetch(&slot(mine | cell_bit(c), theirs | made));
    }
    int i = 0;
    for (CellMask m = candidates; m && result.move < 0 && i < count; m &= m - 1, ++i) {
      if (std::popcount(threats[i]) != 1) continue;  // no threat: not forcing
      const Cell c = std::countr_zero(m);
      // After the forced reply neither side's old immediate wins are left (the attacker's
      // one threat is blocked; the defender's one win, if he had one, was the cell c); the
      // defender's new ones run through his reply.
      const CellMask reply = threats[i];
      const Cell r = std::countr_zero(reply);
      const CellMask theirs_after = theirs | reply, mine_after = mine | cell_bit(c);
      const CellMask their_new_wins = theirs_count ? board_.wins_through(r, theirs_after, mine_after) : 0;
      const ForcedWin rest = search(mine_after, theirs_after, their_new_wins, theirs_count);
      if (rest.move >= 0) result = {c, rest.length + 1};
    }
  }
  memo = {{mine, theirs}, static_cast<int8_t>(result.move), static_cast<int8_t>(result.length)};
  return result;
}

// Under gravity a stone also opens the cell above it, for either side: any playable
// cell may make a threat, and a move that opens an immediate win for the defender is no
// forcing move at all.
ForcedWin ForcedWinSearch::search_gravity(CellMask mine, CellMask theirs, bool theirs_count) {
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
    const CellMask candidates = their_wins ? their_wins : legal;
    // The attacker's immediate wins after playing c, or 0 when c is not a forcing move.
    auto threats_after = [&](Cell c) -> CellMask {
      const CellMask after = mine | cell_bit(c);
      const CellMask open = board_.legal({after, theirs});
      if (theirs_count && board_.winning_cells(theirs, after, open)) return 0;
      return board_.winning_cells(after, theirs, open);
    };
    // A double threat ends the sequence at once; look for one before going deeper.
    for (CellMask m = candidates; m && result.move < 0; m &= m - 1)
      if (std::popcount(threats_after(std::countr_zero(m))) >= 2) result = {std::countr_zero(m), 2};
    for (CellMask m = candidates; m && result.move < 0; m &= m - 1) {
      const Cell c = std::countr_zero(m);
      const CellMask after = mine | cell_bit(c);
      const CellMask threats = threats_after(c);
      if (std::popcount(threats) != 1) continue;  // no threat: not forcing
      const ForcedWin rest = search_gravity(after, theirs | threats, theirs_count);
      if (rest.move >= 0) result = {c, rest.length + 1};
    }
  }
  memo = {{mine, theirs}, static_cast<int8_t>(result.move), static_cast<int8_t>(result.length)};
  return result;
}

}  // namespace kinrow
