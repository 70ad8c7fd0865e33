#include "proof/strategy_rules.h"

#include <algorithm>

#include "proof/forest_rule.h"
#include "proof/pairing_rule.h"

namespace kinrow {

bool claim_settled_by_lines(const Strategy& strategy, const Position& position) {
  const Goal goal = position.game().rules.goal;
  const int holder = strategy.holder, opponent = 1 - holder;
  int spoiler;  // whose stone on a line makes it harmless to the holder
  if (goal == Goal::MakerBreaker) {
    if (holder != 1) return false;
    spoiler = holder;
  } else {
    if (strategy.claim != Claim::NotLose) return false;
    spoiler = goal == Goal::Misere ? opponent : holder;
  }
  for (const Line& line : position.game().lines)
    if (std::none_of(line.begin(), line.end(), [&](Cell c) { return position.owner(c) == spoiler; })) return false;
  return true;
}

bool pairing_rule_serves(const Strategy& strategy, const Rules& rules) {
  if (!strategy.pairing_rule || !pairing_rule_applies(rules)) return false;
  const bool breaker = rules.goal == Goal::MakerBreaker;
  return breaker ? strategy.holder == 1 : strategy.claim == Claim::NotLose;
}

bool listed_pairs_serve(const Strategy& strategy, const Rules& rules) {
  return pairing_rule_serves(strategy, rules) && rules.stones_per_turn == 1 && rules.first_turn_stones == 1;
}

bool claim_settled_by_pairing(const Strategy& strategy, const Position& position) {
  return pairing_rule_serves(strategy, position.game().rules) && opponent_lines_paired(position, strategy.holder);
}

bool claim_settled_by_forest(const Strategy& strategy, const Position& position) {
  return strategy.forest_rule && strategy.holder == 1 && breaker_holds_by_forest(position);
}

bool answers_by_zones(const Strategy& strategy, const Rules& rules) {
  return strategy.zone_rule && strategy.claim == Claim::Win && !rules.gravity && !breaker_answers_in_kind(rules) &&
         rules.goal != Goal::Misere && !(rules.goal == Goal::MakerBreaker && strategy.holder == 1);
}

bool find_winning_turn(Position& position, int holder, Turn& out) {
  for (const Turn& turn : position.legal_turns()) {
    position.play(turn);
    const bool wins = position.winner() == holder;
    position.undo();
    if (wins) {
      out = turn;
      return true;
    }
  }
  return false;
}

bool winning_turn_by_lines(Position& position, int holder, Turn& turn) {
  const Game& game = position.game();
  const int stones = position.stones_this_turn();
  for (const Line& line : game.lines) {
    turn.clear();
    bool open = true;
    for (Cell c : line) {
      const int owner = position.owner(c);
      if (owner == holder) continue;
      if (owner != kNoPlayer || static_cast<int>(turn.size()) == stones) {
        open = false;
        break;
      }
      turn.push_back(c);
    }
    if (!open || turn.empty()) continue;
    for (Cell c = 0; c < game.cell_count() && static_cast<int>(turn.size()) < stones; ++c)
      if (position.owner(c) == kNoPlayer && std::find(turn.begin(), turn.end(), c) == turn.end()) turn.push_back(c);
    std::sort(turn.begin(), turn.end());
    if (!position.why_illegal(turn).empty()) continue;
    position.play(turn);
    const bool wins = position.winner() == holder;
    position.undo();
    if (wins) return true;
  }
  return false;
}

}  // namespace kinrow
