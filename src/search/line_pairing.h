// Hales–Jewett pairings on bit masks, for df-pn's hot path: can the defender keep the
// opponent off every line by answering each stone in a pair with its partner?
//
// The lines that matter are those free of the defender's stones — the groups — each
// as its empty cells. A group holding all the empty cells of another needs nothing of
// its own (the stone that spoils the smaller spoils it too), so only the minimal groups
// are paired: each takes two empty cells no other group has. That is a bipartite
// b-matching (group: two slots; cell: one), found by augmenting paths. search/pairing.h
// does the same on general boards (and matching sets besides); the certificate checker
// re-derives every pairing with its own code.
#pragma once

#include <array>
#include <vector>

#include "dictionary/board_masks.h"

namespace kinrow {

class LinePairing {
 public:
  // Whether the groups of the lines in `lines` free of `defender`'s stones can be paired
  // with cells of `empty`. A group of fewer than two empty cells never can.
  bool pairable(std::span<const CellMask> lines, CellMask defender, CellMask empty);
  // After `pairable` succeeded: the cells its pairs use.
  CellMask paired_cells() const;

  // With the opponent to move: a cell `reply` such that, were the defender's stone on it,
  // the groups could be paired; then every opponent stone outside the returned cells
  // (that pairing's cells and the reply) is answered by the reply itself, and leaves a
  // pairing. 0 if none of the few cells tried (those on the most groups) does.
  CellMask reply_zone(std::span<const CellMask> lines, CellMask defender, CellMask empty, Cell& reply);

 private:
  bool augment(int slot);

  std::vector<CellMask> groups_;
  std::array<int8_t, 64> cell_slot_{};  // per cell: the slot holding it, or -1
  CellMask seen_ = 0;
};

}  // namespace kinrow
