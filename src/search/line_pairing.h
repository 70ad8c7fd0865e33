// Hales–Jewett pairings on cell sets, for df-pn's and alpha-beta's hot paths: can the
// defender keep the opponent off every line by answering each stone in a pair with its
// partner?
//
// The lines that matter are those free of the defender's stones — the groups — each
// as its empty cells. A group holding all the empty cells of another needs nothing of
// its own (the stone that spoils the smaller spoils it too), so only the minimal groups
// are paired. First each takes two empty cells no other group has: a bipartite
// b-matching (group: two slots; cell: one), found by augmenting paths. When that fails,
// pairs may be shared: a pair lying in several groups serves them all (on a row of 7,
// the two middle cells hold off all three fives). Finding such pairs is a covering
// problem, searched with a small budget (a miss only costs search, never soundness).
// search/pairing.h does the exclusive kind on general groups (and matching sets
// besides); certificates carry the shared pairs, and the checker checks them.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/bits.h"
#include "core/game.h"

namespace kinrow {

template <int W>
class LinePairing {
 public:
  using Cells = Bits<W>;

  // Whether the groups of the lines in `lines` free of `defender`'s stones can be paired
  // with cells of `empty`. A group of fewer than two empty cells never can. Use one
  // LinePairing per set of lines: it remembers the last pairs and recent failures.
  bool pairable(std::span<const Cells> lines, const Cells& defender, const Cells& empty);
  // The same for groups given as they are (each an open line's empty cells).
  bool pairable_groups(std::span<const Cells> groups);
  // After `pairable` succeeded: the pairs (each group holds both cells of one) and the
  // cells they use.
  const std::vector<std::pair<Cell, Cell>>& pairs() const { return pairs_; }
  const Cells& paired_cells() const { return paired_cells_; }
  // Whether the pairs came from the shared search: no pairing of two cells a group
  // exists, so the checker's own rule finds none either, and certificates list them.
  bool shared() const { return shared_; }

  // How many steps the shared-pair search may take per call (0: exclusive pairs only).
  void set_shared_budget(int steps) { shared_budget_ = steps; }
  // The caller's promise that no two lines share two cells (Qubic). Then no group holds
  // another (two groups of two or more cells would share two), so there is nothing to
  // prune, and a shared pair serves one group only: the pairing is exclusive or none,
  // and counting cells against groups settles most positions without a matching.
  void set_lines_linear(bool linear) { linear_ = linear; }

  // With the opponent to move: a cell `reply` such that, were the defender's stone on it,
  // the groups could be paired; then every opponent stone outside the returned cells
  // (that pairing's cells and the reply) is answered by the reply itself, and leaves a
  // pairing. Empty if none of the few cells tried (those on the most groups) does.
  Cells reply_zone(std::span<const Cells> lines, const Cells& defender, const Cells& empty, Cell& reply);

 private:
  bool augment(int slot);
  bool clear_pairs();  // no pairs; returns false
  // The pairing of groups_ (cells of `empty`); a failed shared search is remembered
  // under `key` when there is one (a hash of the position: a false hit only costs a
  // pairing not found).
  bool pair_groups(const Cells& empty, const uint64_t* key);
  bool exclusive_pairs();
  // The shared-pair search runs where there are at most this many minimal groups.
  static constexpr std::size_t kMaxSharedGroups = 256;
  using GroupSet = std::array<uint64_t, kMaxSharedGroups / 64>;
  bool start_shared_pairs();
  bool hint_holds(const Cells& empty) const;
  bool shared_pairs(const GroupSet& open, const Cells& used);

  std::vector<Cells> groups_;
  std::vector<int16_t> cell_slot_ = std::vector<int16_t>(64 * W, -1);  // per cell: the slot holding it, or -1
  Cells seen_;
  std::vector<std::pair<Cell, Cell>> pairs_;
  std::vector<std::pair<Cell, Cell>> hint_;  // the last shared pairs found
  static constexpr std::size_t kFailedSlots = 1 << 16;
  std::vector<uint64_t> failed_;  // positions where the shared search failed (direct mapped)
  Cells paired_cells_;
  bool shared_ = false;
  std::vector<GroupSet> cell_groups_ = std::vector<GroupSet>(64 * W);  // per cell: the groups through it
  std::vector<uint16_t> groups_on_ = std::vector<uint16_t>(64 * W);  // reply_zone: per cell, the groups through it
  int shared_budget_ = 128, steps_ = 0;
  bool linear_ = false;
  std::size_t words_ = 0;
};

}  // namespace kinrow
