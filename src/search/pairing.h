// Draw proofs without search: Hales–Jewett pairings and Uiterwijk's set matching.
//
// The question is always "can the defender keep the attacker from completing any line?"
// (Uiterwijk). Only the lines the attacker can still complete matter — the groups — and of
// each only its empty cells.
//
// A Hales–Jewett pairing gives every group two empty cells of its own; it exists exactly
// when a bipartite b-matching (group: two slots; cell: one) saturates every slot, which
// augmenting paths find in O(slots · edges). When it does not, the search that failed
// also names a Hall violator: groups whose cells are fewer than twice their number. That
// core is where a matching set is needed, so the matching-set search runs on it alone:
// for every marker the attacker may take, some reply must leave groups that are again
// pairable (or again coverable, one level down). The rest of the groups are paired with
// the cells the core did not use. See docs/pairing.md.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "proof/matching_plan.h"

namespace kinrow {

enum class PairingMode {
  Off,
  HalesJewett,  // plain pairings only: two cells of its own for every line
  Shared,       // pairings whose pairs may serve several lines (boards of at most 64 cells)
  Matching,     // matching sets, plain pairings for what they leave
};

const char* pairing_mode_name(PairingMode mode);  // "off", "hj", "shared", "matching"
PairingMode parse_pairing_mode(std::string_view text);  // throws InputError

// A line the attacker can still complete, as its empty cells (sorted).
using Group = std::vector<Cell>;

// The groups of `position` against `defender`: lines that count for the other player and
// hold no stone of the defender. Lines the attacker already owns whole are included with
// no cells (nothing can stop them). With a `zone` (a cell set), only the lines through
// it: a plan for those keeps the attacker off every line through the zone — a relevance
// zone for a search, not a proof of the game's value.
std::vector<Group> attacker_groups(const Position& position, int defender,
                                   const std::vector<Cell>* zone = nullptr);

// The groups not holding all the cells of another (duplicates once). A plan for these
// guards the rest too: the defender's stone in the smaller group lies in the larger.
std::vector<Group> minimal_groups(const std::vector<Group>& groups);

// Whether pairings can decide anything under these rules: one stone a turn, no gravity
// (a reply must be playable at once), and lines that count for the attacker.
bool pairing_applies(const Rules& rules, int defender);

class PairingFinder {
 public:
  // A Hales–Jewett pairing: two cells of its own for every group, as pairs. False if
  // there is none (then `core()` names a Hall violator).
  bool pair(std::span<const Group> groups, std::vector<std::pair<Cell, Cell>>* pairs = nullptr);

  // A plan (independent components) whose coverings nest at most `depth` deep (0: plain
  // pairs only). With `minimise`, each matching set drops every marker it can spare,
  // which frees cells for the rest and brings out the configuration (Uiterwijk, Table 1).
  std::optional<std::vector<MatchingComponent>> plan(const std::vector<Group>& groups, int depth,
                                                     bool minimise = false);

  // The groups (indices into the last `pair` call's argument) of the Hall violator found
  // when `pair` failed.
  const std::vector<int>& core() const { return core_; }

  // Pairs, disjoint, such that every group holds both cells of one: a pair may serve
  // several groups (search/line_pairing.h; cells below kMaxBoardCells, else false). The
  // search stops after `steps` (then false: none found, not none exists).
  bool shared_pairs(std::span<const Group> groups, std::vector<std::pair<Cell, Cell>>* pairs,
                    int steps = 1 << 22);

  uint64_t pairings_tried() const { return tried_; }

 private:
  bool augment(int slot);
  std::optional<MatchingComponent> component(const std::vector<Group>& groups, int depth);
  void shed_groups(std::vector<Group>& inside, std::vector<Group>& outside, MatchingComponent& set,
                   int depth);
  void minimise_component(std::vector<Group>& groups, MatchingComponent& set, int depth);

  std::span<const Group> groups_;
  std::vector<int> cell_slot_;  // per cell: the slot holding it, or -1
  std::vector<uint32_t> seen_;  // per cell: the augmenting search that last visited it
  std::vector<Cell> slot_cell_;
  uint32_t stamp_ = 0;
  std::vector<int> core_;
  uint64_t tried_ = 0;
};

struct DefenceProof {
  MatchingPlan plan;
  uint64_t pairings_tried = 0;
};

// A plan by which `defender` keeps the other player from completing any line from
// `position`, or none found. When the defender is to move, the plan opens with a move.
// `depth` bounds the nesting of matching sets (0 in HalesJewett mode).
std::optional<DefenceProof> prove_defence(const Position& position, int defender, PairingMode mode,
                                          int depth = 2, uint64_t* pairings_tried = nullptr);

}  // namespace kinrow
