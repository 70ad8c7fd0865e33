// Pairing as a cut-off inside alpha-beta: "this side cannot win here any more".
//
// At a node, the lines the attacker can still complete are gathered from the board's
// line counters; if the defender has a Hales–Jewett pairing for them (in shared mode
// one whose pairs may serve several lines; in matching mode, a matching set one
// covering deep), the attacker's best is a draw — or, in a
// maker–breaker game, the breaker's win when the board fills. Sound only where one
// stone answers one stone and every cell is playable (pairing_applies).
#pragma once

#include <vector>

#include "games/line_board.h"
#include "search/pairing.h"

namespace kinrow {

template <class Board>
class PairingCutoff {
 public:
  PairingCutoff(const LineBoardTables& tables, PairingMode mode) : mode_(mode) {
    active_[0] = mode != PairingMode::Off && pairing_applies(tables.rules, 0);
    active_[1] = mode != PairingMode::Off && pairing_applies(tables.rules, 1);
    pool_.resize(static_cast<std::size_t>(tables.lines));
    seen_.assign(static_cast<std::size_t>(tables.cells), 0);
  }

  bool active(int defender) const { return active_[defender]; }
  uint64_t checks() const { return checks_; }
  uint64_t successes() const { return successes_; }

  // Whether `defender` keeps the other side from completing any line from here.
  bool defends(const Board& board, int defender) {
    const LineBoardTables& t = board.tables();
    const int attacker = 1 - defender;
    if (!t.lines_count[attacker]) return true;
    const auto& mine = board.stones_of(defender);
    const auto& theirs = board.stones_of(attacker);
    std::size_t groups = 0;
    int distinct = 0;
    ++stamp_;
    for (int l = 0; l < t.lines; ++l) {
      if (board.line_count(defender, l) != 0) continue;
      Group& group = pool_[groups++];
      group.clear();
      for (int32_t i = t.line_cells_begin[l]; i < t.line_cells_begin[l + 1]; ++i) {
        const Cell c = t.line_cells[i];
        if (mine.test(c) || theirs.test(c)) continue;
        group.push_back(c);
        if (seen_[c] != stamp_) {
          seen_[c] = stamp_;
          ++distinct;
        }
      }
      // One empty cell is a threat no pairing answers; matching sets need two per group too.
      if (group.size() < 2) return false;
    }
    ++checks_;
    bool holds;
    if (mode_ == PairingMode::HalesJewett) {
      holds = 2 * static_cast<int>(groups) <= distinct &&
              finder_.pair(std::span<const Group>(pool_.data(), groups));
    } else if (mode_ == PairingMode::Shared) {
      // Plain pairs first (cheap); shared ones within a small budget, as df-pn does.
      const std::span<const Group> live(pool_.data(), groups);
      holds = (2 * static_cast<int>(groups) <= distinct && finder_.pair(live)) ||
              finder_.shared_pairs(live, nullptr, 128);
    } else {
      const std::vector<Group> live(pool_.begin(), pool_.begin() + static_cast<std::ptrdiff_t>(groups));
      holds = finder_.plan(live, 1).has_value();
    }
    successes_ += holds;
    return holds;
  }

 private:
  PairingMode mode_;
  bool active_[2] = {false, false};
  PairingFinder finder_;
  std::vector<Group> pool_;  // one group per line at most, kept to reuse their buffers
  std::vector<uint32_t> seen_;
  uint32_t stamp_ = 0;
  uint64_t checks_ = 0;
  uint64_t successes_ = 0;
};

}  // namespace kinrow
