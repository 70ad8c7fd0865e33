// What a strategy's rules say at a position, apart from its entries: where play stops
// before the game ends (lines spoiled, pairings, the forest rule), the win the win-now
// rule plays, and where relevance zones answer the opponent's turns
// (docs/certificates.md). Shared by the checker (proof/checker.cpp) and the certificate
// browser (proof/certificate_browser.h), so that both read a strategy the same way.
#pragma once

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "proof/certificate.h"
#include "proof/strategy_lookup.h"

namespace kinrow {

// True if the claim can no longer fail, read from the lines: every line the opponent
// needs already holds a stone that spoils it. Normal play: the opponent can complete no
// line of his, so a not-lose claim holds. Misère: the holder can complete none of his,
// so the opponent cannot win. Maker-breaker with the breaker holding: the maker can
// complete nothing and the full board is the breaker's, so even a win holds.
bool claim_settled_by_lines(const Strategy& strategy, const Position& position);

// True if the opponent can complete no line because the holder pairs them all
// (proof/pairing_rule.h, under the `pairs` rule; tuples of p + 1 cells with p stones a
// turn): a not-lose claim in normal play, a breaker's win.
bool claim_settled_by_pairing(const Strategy& strategy, const Position& position);

// Whether the pairs rule may end play for this strategy: the rule declared, a claim that
// pairings serve (not-lose in normal play, the breaker's), no gravity, not misère.
bool pairing_rule_serves(const Strategy& strategy, const Rules& rules);

// True if the breaker holds by the forest rule (proof/forest_rule.h, under the `forest` rule).
bool claim_settled_by_forest(const Strategy& strategy, const Position& position);

// Whether a `paired` line may end play for this strategy: the pairs rule, a claim that
// pairs serve (not-lose in normal play, the breaker's), one stone a turn, no gravity.
bool listed_pairs_serve(const Strategy& strategy, const Rules& rules);

// Whether relevance zones answer the opponent's turns: the zones rule, on a win where
// completing a line wins (not gravity, misère, tile games or the breaker's side).
bool answers_by_zones(const Strategy& strategy, const Rules& rules);

// A legal turn of the side to move that ends the game at once with `holder` winning:
// every legal turn tried, the first that wins into `out`.
bool find_winning_turn(Position& position, int holder, Turn& out);

// The same found by reading the lines: a line of the holder's missing no more cells than
// his turn places, filled up (with the lowest other empty cells if the turn places more),
// confirmed by the rules. Cheap, but it sees only wins by completing a line; the checker
// uses it where no entry can stand at such a position (docs/certificates.md, "A shortcut
// for big strategies"). `out` is reused as scratch.
bool winning_turn_by_lines(Position& position, int holder, Turn& out);

// The stronger and zones rules, read the one same way by the checker, the browser and the
// SGF export.

// A partial turn of the opponent whose zone answers the turns that add irrelevant stones.
struct ZoneAnswer {
  std::vector<Cell> placed;  // the opponent's stones down when the zone was declared
  ZoneRecord zone;
};

// The stronger rule, read the one same way by the checker, the browser and the SGF export:
// the first of a position's stronger sets (each sorted) that holds every stone of the
// opponent's `turn` (sorted), or -1; the checker plays out only the sets that are first
// for some turn.
inline int stronger_set_holding(const std::vector<std::vector<Cell>>& sets, const Turn& turn) {
  for (std::size_t i = 0; i < sets.size(); ++i)
    if (std::includes(sets[i].begin(), sets[i].end(), turn.begin(), turn.end())) return static_cast<int>(i);
  return -1;
}

// After the opponent's `turn` (sorted, inside `cells`, sorted) was played on `path`: the
// rest of the cells given him, where the game goes on. Returns the cells given (take them
// back before undoing the turn).
inline Turn give_rest_of_stronger_set(Position& path, const std::vector<Cell>& cells, const Turn& turn, int opponent) {
  Turn rest;
  std::set_difference(cells.begin(), cells.end(), turn.begin(), turn.end(), std::back_inserter(rest));
  if (rest.empty() || path.over()) return {};
  path.give(opponent, rest);
  return rest;
}

// Calls visit() with `path` at the stronger position of `cells` (sorted, distinct, empty,
// at least the opponent's turn; he is to move): his turn's stones from the first of them,
// the rest given him; then puts `path` back. Returns what visit() returned.
template <class Visit>
auto in_stronger_position(Position& path, const std::vector<Cell>& cells, Visit&& visit) {
  const int opponent = path.to_move();
  const Turn turn(cells.begin(), cells.begin() + path.stones_this_turn());
  path.play(turn);
  const Turn rest = give_rest_of_stronger_set(path, cells, turn, opponent);
  auto result = visit();
  if (!rest.empty()) path.take_back(rest);
  path.undo();
  return result;
}

// Whether a zone in `answering` answers the opponent's stones `placed`: those its zone
// was not declared after are irrelevant to it. Stones off the board (the unbounded board,
// checker.h) lie outside every zone and never spoil that, so they need not be listed.
inline bool answered_by_zone(const std::vector<ZoneAnswer>& answering, const std::vector<Cell>& placed) {
  for (const ZoneAnswer& a : answering) {
    std::vector<Cell> rest;
    for (Cell c : placed)
      if (std::find(a.placed.begin(), a.placed.end(), c) == a.placed.end()) rest.push_back(c);
    if (irrelevant(rest, a.zone.level)) return true;
  }
  return false;
}

// The opponent's turn at `path`, stone by stone, as the zones rule walks it: with
// `placed` down and the rest withheld, `zone_at(placed, withheld, zone)` is called with
// `path` at that partial position and sets `zone` if one is declared there (returning a
// problem, or ""); such a zone answers every turn whose other stones are irrelevant to
// it, and only the stones inside it are tried further; without one, every stone is. A
// whole turn that no zone on the way answers goes to `whole(turn)` ("" or a problem).
// Call with `placed`, `answering` and `seen` empty.
template <class ZoneAt, class Whole>
std::string answer_by_zones(Position& path, std::vector<Cell>& placed, std::vector<ZoneAnswer>& answering,
                            std::vector<std::vector<Cell>>& seen, ZoneAt&& zone_at, Whole&& whole) {
  const int turn = path.stones_this_turn();
  if (static_cast<int>(placed.size()) == turn) {
    if (answered_by_zone(answering, placed)) return "";
    Turn played = placed;
    std::sort(played.begin(), played.end());
    return whole(played);
  }
  const int withheld = turn - static_cast<int>(placed.size());
  Turn partial = placed;
  std::sort(partial.begin(), partial.end());
  path.play_withheld(partial);
  std::optional<ZoneRecord> zone;
  std::string problem = zone_at(static_cast<const std::vector<Cell>&>(placed), withheld, zone);
  path.undo();
  if (!problem.empty()) return problem;
  if (zone) answering.push_back({placed, *zone});
  for (Cell c = 0; c < path.game().cell_count() && problem.empty(); ++c) {
    if (path.owner(c) != kNoPlayer || std::find(placed.begin(), placed.end(), c) != placed.end()) continue;
    if (zone && (zone->level[c] == 0 || zone->level[c] > withheld)) continue;
    placed.push_back(c);
    std::vector<Cell> set = placed;
    std::sort(set.begin(), set.end());
    if (std::find(seen.begin(), seen.end(), set) == seen.end()) {
      seen.push_back(set);
      problem = answer_by_zones(path, placed, answering, seen, zone_at, whole);
    }
    placed.pop_back();
  }
  if (zone) answering.pop_back();
  return problem;
}

}  // namespace kinrow
