#include "proof/plan_checker.h"

#include <algorithm>

#include "core/notation.h"

namespace kinrow {
namespace {

using Cells = std::vector<Cell>;

bool has(const Cells& sorted, Cell c) { return std::binary_search(sorted.begin(), sorted.end(), c); }

Cells intersect(const Cells& a, const Cells& b) {
  Cells out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

class PlanChecker {
 public:
  PlanChecker(const Game& game, const Position& position) : game_(game), position_(position) {}

  std::size_t coverings() const { return coverings_; }

  // Markers empty and unused elsewhere; one covering per marker; replies among the
  // markers; sub-plans within the markers left.
  std::string structure(const std::vector<MatchingComponent>& plan, const Cells& allowed,
                        std::vector<char>& used) {
    for (const MatchingComponent& component : plan) {
      const Cells& markers = component.markers;
      if (markers.empty()) return "a component with no markers";
      if (!std::is_sorted(markers.begin(), markers.end()) ||
          std::adjacent_find(markers.begin(), markers.end()) != markers.end())
        return "a component lists a marker twice";
      for (Cell m : markers) {
        if (m < 0 || m >= game_.cell_count()) return "a marker off the board";
        if (position_.owner(m) != kNoPlayer) return "the marker " + name(m) + " is not empty";
        if (!has(allowed, m)) return "the marker " + name(m) + " is outside the markers left to it";
        if (used[m]) return "the marker " + name(m) + " belongs to two components";
        used[m] = 1;
      }
      if (component.coverings.size() != markers.size())
        return "the component at " + name(markers[0]) + " needs one covering per marker";
      for (const auto& covering : component.coverings) {
        ++coverings_;
        if (!has(markers, covering.attack))
          return "a covering answers " + name(covering.attack) + ", which is no marker of its component";
        if (!has(markers, covering.reply) || covering.reply == covering.attack)
          return "the reply to " + name(covering.attack) + " must be another marker of its component";
        Cells left;
        for (Cell m : markers)
          if (m != covering.attack && m != covering.reply) left.push_back(m);
        std::vector<char> sub_used(game_.cell_count(), 0);
        const std::string problem = structure(covering.then, left, sub_used);
        if (!problem.empty()) return problem;
      }
      for (std::size_t i = 0; i < markers.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
          if (component.coverings[i].attack == component.coverings[j].attack)
            return "two coverings answer " + name(component.coverings[i].attack);
    }
    return "";
  }

  // Whether the component keeps the opponent from owning all of `line_markers` (the
  // line's cells among its markers).
  static bool guards(const MatchingComponent& component, const Cells& line_markers) {
    if (line_markers.empty()) return false;
    for (const auto& covering : component.coverings) {
      if (has(line_markers, covering.reply)) continue;
      Cells left;
      for (Cell c : line_markers)
        if (c != covering.attack) left.push_back(c);
      const bool kept = std::any_of(covering.then.begin(), covering.then.end(), [&](const auto& sub) {
        return guards(sub, intersect(left, sub.markers));
      });
      if (!kept) return false;
    }
    return true;
  }

  std::string name(Cell c) const { return format_cell(game_, c); }

 private:
  const Game& game_;
  const Position& position_;
  std::size_t coverings_ = 0;
};

std::string rules_problem(const Rules& rules, const Strategy& strategy) {
  if (rules.gravity) return "a matching plan proves nothing under gravity (a reply may not be playable)";
  if (rules.stones_per_turn != 1 || rules.first_turn_stones != 1)
    return "a matching plan answers one stone with one stone; this game places more";
  if (rules.goal == Goal::Misere) return "a matching plan proves nothing in a misere game";
  if (rules.goal == Goal::MakerBreaker) {
    if (strategy.holder != 1) return "in a maker-breaker game only the breaker (second) can hold a plan";
    if (strategy.claim != Claim::Win) return "a breaker's plan claims a win";
  } else if (strategy.claim != Claim::NotLose) {
    return "a matching plan keeps the opponent from a line: it claims at-least-draw, not a win";
  }
  return "";
}

}  // namespace

std::string check_plan_strategy(const Game& game, const Position& start, const Strategy& strategy,
                                std::size_t* coverings) {
  *coverings = 0;
  if (std::string problem = rules_problem(game.rules, strategy); !problem.empty()) return problem;
  const MatchingPlan& plan = *strategy.plan;
  const int holder = strategy.holder, opponent = 1 - holder;
  Position position = start;
  if (position.over())
    return position.winner() == opponent ? "the opponent has already won at the start" : "";

  if (position.to_move() == holder) {
    if (plan.opening < 0) return "the holder is to move at the start: the plan needs an opening move";
    const std::string why = position.why_illegal({plan.opening});
    if (!why.empty()) return "the opening " + format_cell(game, plan.opening) + " is illegal: " + why;
    position.play({plan.opening});
    if (position.over()) return position.winner() == opponent ? "the holder loses" : "";
  } else if (plan.opening >= 0) {
    return "an opening move, but the opponent is to move at the start";
  }

  PlanChecker checker(game, position);
  Cells everywhere(game.cell_count());
  for (Cell c = 0; c < game.cell_count(); ++c) everywhere[c] = c;
  std::vector<char> used(game.cell_count(), 0);
  if (std::string problem = checker.structure(plan.components, everywhere, used); !problem.empty())
    return problem;
  *coverings = checker.coverings();

  // Every line the opponent can still complete needs a component that guards it.
  const bool lines_count = game.rules.goal != Goal::MakerBreaker || opponent == 0;
  if (!lines_count) return "";
  for (const Line& line : game.lines) {
    Cells empty;
    bool blocked = false;
    for (Cell c : line) {
      blocked |= position.owner(c) == holder;
      if (position.owner(c) == kNoPlayer) empty.push_back(c);
    }
    if (blocked) continue;
    const bool guarded = std::any_of(plan.components.begin(), plan.components.end(), [&](const auto& c) {
      return PlanChecker::guards(c, intersect(empty, c.markers));
    });
    if (!guarded) {
      std::string cells;
      for (Cell c : line) cells += (cells.empty() ? "" : " ") + format_cell(game, c);
      return "no component guards the line " + cells;
    }
  }
  return "";
}

}  // namespace kinrow
