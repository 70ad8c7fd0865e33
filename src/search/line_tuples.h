// Pairings for several stones a turn: tuples of p + 1 cells (proof/pairing_rule.h gives
// the argument and is the checker's own code for the same rule; this is df-pn's).
//
// The holder holds every line his opponent could still complete when each has a tuple
// of p + 1 empty cells, the tuples disjoint: the opponent's turn of p stones touches at
// most p tuples and fills none, and the holder's turn puts a stone in each it touched.
// A tuple may serve several lines that all hold it: taking the lines in the game's order,
// a line joins the first group whose cells it shares at least p + 1 of (the group keeps
// the shared ones), else starts its own; on a grid, the overlapping windows of one row.
// Then a bipartite matching of p + 1 slots a group to cells, by augmenting paths over
// cell sets.
#pragma once

#include <algorithm>
#include <vector>

#include "core/bits.h"

namespace kinrow {

template <int W>
class LineTuples {
 public:
  using Cells = Bits<W>;

  // Whether every line of `lines` holding none of `holder`'s stones holds a tuple of
  // `size` cells of `empty`, the tuples disjoint (grouped as above).
  bool hold(const std::vector<Cells>& lines, const Cells& holder, const Cells& empty, int size) {
    groups_.clear();
    for (const Cells& line : lines) {
      if (line.intersects(holder)) continue;
      const Cells cells = line & empty;
      if (cells.count() < size) return false;
      const auto shared = std::find_if(groups_.begin(), groups_.end(),
                                       [&](const Cells& group) { return (group & cells).count() >= size; });
      if (shared != groups_.end()) *shared &= cells;
      else groups_.push_back(cells);
    }
    if (static_cast<int>(groups_.size()) * size > empty.count()) return false;  // Hall's count
    slot_of_cell_.assign(W * 64, -1);
    size_ = size;
    for (int slot = 0; slot < static_cast<int>(groups_.size()) * size; ++slot) {
      visited_ = Cells{};
      if (!augment(slot)) return false;
    }
    return true;
  }

  // The cells the tuples of the last hold() that succeeded took: the holder's strategy
  // reads no other (an opponent owning all the rest still completes no line).
  Cells tuple_cells() const {
    Cells cells;
    for (const Cells& group : groups_)
      for (Cell c : group)
        if (slot_of_cell_[c] >= 0) cells.set(c);
    return cells;
  }

 private:
  bool augment(int slot) {
    for (Cell c : groups_[slot / size_].minus(visited_)) {
      if (visited_.test(c)) continue;  // taken by a deeper path of this search
      visited_.set(c);
      if (slot_of_cell_[c] < 0 || augment(slot_of_cell_[c])) {
        slot_of_cell_[c] = slot;
        return true;
      }
    }
    return false;
  }

  std::vector<Cells> groups_;
  std::vector<int> slot_of_cell_;
  Cells visited_;
  int size_ = 2;
};

}  // namespace kinrow
