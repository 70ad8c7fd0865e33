// Pairing as a cut-off inside alpha-beta: "this side cannot win here any more".
//
// At a node, the lines the attacker can still complete are gathered from the board's
// line counters; if the defender has a Hales–Jewett pairing for them (in shared mode
// one whose pairs may serve several lines; in matching mode, a matching set one
// covering deep), the attacker's best is a draw — or, in a maker–breaker game, the
// breaker's win when the board fills. Sound only where one stone answers one stone and
// every cell is playable (pairing_applies).
#pragma once

#include <vector>

#include "games/board.h"
#include "search/line_pairing.h"
#include "search/pairing.h"

namespace kinrow {

template <SearchBoard Board>
class PairingCutoff {
 public:
  using Cells = typename Board::Cells;

  PairingCutoff(const BoardTables& tables, PairingMode mode) : mode_(mode) {
    active_[0] = mode != PairingMode::Off && pairing_applies(tables.rules, 0);
    active_[1] = mode != PairingMode::Off && pairing_applies(tables.rules, 1);
    shared_.set_shared_budget(128);  // as df-pn's
  }

  bool active(int defender) const { return active_[defender]; }
  uint64_t checks() const { return checks_; }
  uint64_t successes() const { return successes_; }

  // Whether `defender` keeps the other side from completing any line from here.
  bool defends(const Board& board, int defender) {
    const BoardTables& t = board.tables();
    const int attacker = 1 - defender;
    if (!t.lines_count[attacker]) return true;
    const Cells empty = board.empty();
    masks_.clear();
    Cells cells;
    for (int l = 0; l < t.lines; ++l) {
      if (board.line_count(defender, l) != 0) continue;
      const Cells group = board.line(l) & empty;
      // One empty cell is a threat no pairing answers; matching sets need two per group too.
      if (!group.several()) return false;
      masks_.push_back(group);
      cells |= group;
    }
    ++checks_;
    bool holds;
    if (mode_ == PairingMode::Shared) {
      holds = shared_.pairable_groups(masks_);
    } else {
      groups_.assign(masks_.size(), {});
      for (std::size_t i = 0; i < masks_.size(); ++i) masks_[i].for_each([&](int c) { groups_[i].push_back(c); });
      if (mode_ == PairingMode::HalesJewett)
        holds = 2 * masks_.size() <= static_cast<std::size_t>(cells.count()) && finder_.pair(groups_);
      else
        holds = finder_.plan(groups_, 1).has_value();
    }
    successes_ += holds;
    return holds;
  }

 private:
  PairingMode mode_;
  bool active_[2] = {false, false};
  LinePairing<Board::kWords> shared_;
  PairingFinder finder_;
  std::vector<Cells> masks_;  // the open lines' empty cells
  std::vector<Group> groups_;  // the same as cell lists, for the finder
  uint64_t checks_ = 0;
  uint64_t successes_ = 0;
};

}  // namespace kinrow
