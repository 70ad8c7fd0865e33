// What the side to move must do before anything else: the one place where every solver
// (alpha-beta, df-pn, the threat search, the search by parts, certificate walks,
// dictionaries) reads "win now", "block" and "lost to a double threat" off the board.
//
// With r stones left in this turn (p a turn; a search that goes stone by stone may be in
// the middle of one):
// - the mover wins now if a line of his, free of the opponent's stones, misses at most r
//   cells: any stone on it keeps the win in reach;
// - else the opponent's threats are his lines missing at most p cells (he completes one
//   on his next turn). If r - 1 stones can stop them all, nothing is forced; if r cannot,
//   the mover has lost; otherwise the next stone must be one after which r - 1 stones
//   still can (a "hitting set" of at most r cells, searched exactly: r <= 4, and every
//   threat line misses at most p cells).
// Only where completing a line wins: none of this holds in misère play, and the
// breaker's lines in maker-breaker never threaten. Under gravity only one-stone turns
// are read (a cell must be playable, and a stone makes the one above it playable).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "games/board.h"

namespace kinrow {

enum class Urgency : uint8_t {
  None,     // nothing forced
  WinNow,   // `cells`: where the next stone keeps a win this turn
  Lost,     // the opponent completes a line next turn whatever the mover does
  Block,    // `cells`: the stones that keep every threat answerable
};

template <class Cells>
struct UrgentMoves {
  Urgency urgency = Urgency::None;
  Cells cells;
  // Block and Lost: the empty cells of the opponent's threats (every cell a block or a
  // loss reads: df-pn's zones of disproofs keep them); under gravity, the playable ones.
  Cells threats;
  bool read = false;  // the rules let the position be read: None then means nothing is forced
};

namespace detail {

// Whether `k` more stones can put one on every line of `lines` not yet touched by `hit`.
template <class Cells>
bool hittable(std::span<const Cells> lines, const Cells& hit, int k) {
  for (const Cells& line : lines) {
    if (line.intersects(hit)) continue;
    if (k == 0) return false;
    for (Cell c : line) {
      Cells more = hit;
      more.set(c);
      if (hittable(lines, more, k - 1)) return true;
    }
    return false;
  }
  return true;
}

}  // namespace detail

template <SearchBoard B>
UrgentMoves<typename B::Cells> urgent_moves(const B& board) {
  using Cells = typename B::Cells;
  const BoardTables& t = board.tables();
  UrgentMoves<Cells> out;
  if (t.rules.goal == Goal::Misere) return out;
  const int mover = board.to_move(), other = 1 - mover;
  const int r = board.stones_left_in_turn();
  const int p = t.rules.stones_per_turn;
  out.read = (r == 1 && p == 1) || !t.rules.gravity;
  if (r == 1 && p == 1) {
    // One stone now and one in the answer: the threat sets say it all (under gravity too).
    if (t.lines_count[mover]) {
      out.cells = board.winning_cells(mover);
      if (out.cells.any()) {
        out.urgency = Urgency::WinNow;
        return out;
      }
    }
    if (t.lines_count[other]) {
      out.cells = out.threats = board.winning_cells(other);
      if (out.cells.several()) out.urgency = Urgency::Lost;
      else if (out.cells.any()) out.urgency = Urgency::Block;
    }
    return out;
  }
  if (t.rules.gravity) return out;
  if (t.lines_count[mover]) {
    for (int m = 1; m <= r; ++m)
      for (int32_t l : board.near_lines(mover, m)) out.cells |= board.line(l) & board.empty();
    if (out.cells.any()) {
      out.urgency = Urgency::WinNow;
      return out;
    }
  }
  if (!t.lines_count[other]) return out;
  // The opponent's threats, as their empty cells.
  std::vector<Cells> threats;
  Cells threat_cells;
  for (int m = 1; m <= p && m <= t.near_limit; ++m)
    for (int32_t l : board.near_lines(other, m)) {
      threats.push_back(board.line(l) & board.empty());
      threat_cells |= threats.back();
    }
  const std::span<const Cells> lines(threats);
  if (threats.empty() || detail::hittable(lines, Cells{}, r - 1)) return out;
  out.threats = threat_cells;
  for (Cell c : threat_cells)
    if (detail::hittable(lines, Cells::single(c), r - 1)) out.cells.set(c);
  out.urgency = out.cells.any() ? Urgency::Block : Urgency::Lost;
  return out;
}

}  // namespace kinrow
