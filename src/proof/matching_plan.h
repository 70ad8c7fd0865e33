// Pairing and matching-set strategies (Hales & Jewett; Uiterwijk's set matching).
//
// A defender keeps the attacker from completing any line by answering every attacker
// move inside a small set of reserved cells, the markers. A Hales–Jewett pairing reserves
// two cells per line and answers a cell with its partner. A matching set (N, G, C) needs
// fewer: its markers N, and for each marker the attacker may take, a covering
// "attack -> reply {plan for the markers left}".
//
// kinrow keeps both in one recursive form. A plan is a list of independent components
// (disjoint markers). A component is its markers and one covering per marker; a pair is
// the component {x, y} with x -> y {} and y -> x {}. Attacker moves outside every marker
// need no answer: the defender plays anywhere, and an extra stone never hurts him.
//
// Text form (docs/pairing.md), close to the paper's notation:
//   (a1,b2)                                 a pair
//   [a1 a4 d1 c1 c2 | a1->a4 {(d1,c1)} c1->a1 {(a4,c2)} ...]   a matching set
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/notation.h"

namespace kinrow {

struct MatchingComponent {
  struct Covering {
    Cell attack = -1;
    Cell reply = -1;
    std::vector<MatchingComponent> then;  // the plan for the markers left
  };
  std::vector<Cell> markers;  // sorted
  std::vector<Covering> coverings;  // one per marker, in marker order

  bool is_pair() const;
  // Coverings, counting those of sub-plans: the size of the strategy.
  std::size_t size() const;
};

struct MatchingPlan {
  Cell opening = -1;  // the defender's first move when it is to move at the start, else -1
  std::vector<MatchingComponent> components;

  std::size_t markers() const;
  std::size_t pairs() const;  // components that are plain pairs
};

MatchingComponent make_pair_component(Cell a, Cell b);

// The defender's answer to an attacker move on `attack` under `plan`, or -1 if `attack`
// is no marker (any move will do). Advances `plan` to the plan for what is left.
Cell follow_plan(std::vector<MatchingComponent>& plan, Cell attack);

std::string format_component(const Game& game, const MatchingComponent& component);
std::string format_components(const Game& game, const std::vector<MatchingComponent>& plan);

// Parses components in the text form above; throws InputError naming the problem. Checks
// the form only (cells exist, brackets match); the checker judges the plan.
// Cells are read by `cells` (core/notation.h), made once per file.
std::vector<MatchingComponent> parse_components(const CellReader& cells, std::string_view text);

}  // namespace kinrow
