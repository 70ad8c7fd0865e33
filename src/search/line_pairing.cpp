#include "search/line_pairing.h"

#include <algorithm>
#include <bit>

namespace kinrow {

bool LinePairing::pairable(std::span<const CellMask> lines, CellMask defender, CellMask empty) {
  groups_.clear();
  for (CellMask line : lines) {
    if (line & defender) continue;
    const CellMask group = line & empty;
    if (std::popcount(group) < 2) return false;  // an open line one stone from completion, or complete
    groups_.push_back(group);
  }
  // Smaller groups first, so a group is dropped when a kept one lies inside it.
  std::sort(groups_.begin(), groups_.end(),
            [](CellMask a, CellMask b) { return std::popcount(a) < std::popcount(b); });
  std::size_t kept = 0;
  CellMask cells = 0;
  for (std::size_t i = 0; i < groups_.size(); ++i) {
    const CellMask g = groups_[i];
    if (std::any_of(groups_.begin(), groups_.begin() + kept, [g](CellMask k) { return (k & ~g) == 0; })) continue;
    groups_[kept++] = g;
    cells |= g;
  }
  groups_.resize(kept);
  // Hall's condition on all groups at once: two cells each.
  if (2 * kept > static_cast<std::size_t>(std::popcount(cells))) return false;
  cell_slot_.fill(-1);
  for (int slot = 0; slot < static_cast<int>(2 * kept); ++slot) {
    seen_ = 0;
    if (!augment(slot)) return false;
  }
  return true;
}

CellMask LinePairing::paired_cells() const {
  CellMask cells = 0;
  for (int c = 0; c < 64; ++c)
    if (cell_slot_[c] >= 0) cells |= CellMask{1} << c;
  return cells;
}

CellMask LinePairing::reply_zone(std::span<const CellMask> lines, CellMask defender, CellMask empty, Cell& reply) {
  // The two cells on most groups: a stone there removes the most work from the pairing.
  std::array<uint16_t, 64> groups_on{};  // file: games may put many lines through a cell
  for (CellMask line : lines)
    if (!(line & defender))
      for (CellMask m = line & empty; m; m &= m - 1) ++groups_on[std::countr_zero(m)];
  Cell first = -1, second = -1;
  for (CellMask m = empty; m; m &= m - 1) {
    const Cell c = std::countr_zero(m);
    if (first < 0 || groups_on[c] > groups_on[first]) second = first, first = c;
    else if (second < 0 || groups_on[c] > groups_on[second]) second = c;
  }
  for (Cell c : {first, second}) {
    if (c < 0) continue;
    const CellMask stone = CellMask{1} << c;
    if (pairable(lines, defender | stone, empty & ~stone)) {
      reply = c;
      return paired_cells() | stone;
    }
  }
  return 0;
}

// Kuhn's augmenting path from `slot` (its group is slot / 2): true if it found a cell.
bool LinePairing::augment(int slot) {
  for (CellMask m = groups_[slot / 2] & ~seen_; m; m &= m - 1) {
    const int c = std::countr_zero(m);
    if (seen_ >> c & 1) continue;  // visited deeper in this same search
    seen_ |= CellMask{1} << c;
    if (cell_slot_[c] < 0 || augment(cell_slot_[c])) {
      cell_slot_[c] = static_cast<int8_t>(slot);
      return true;
    }
  }
  return false;
}

}  // namespace kinrow
