// What a strategy's rules say at a position, apart from its entries: where play stops
// before the game ends (lines spoiled, pairings, the forest rule), the win the win-now
// rule plays, and where relevance zones answer the opponent's turns
// (docs/certificates.md). Shared by the checker (proof/checker.cpp) and the certificate
// browser (proof/certificate_browser.h), so that both read a strategy the same way.
#pragma once

#include "core/game.h"
#include "core/position.h"
#include "proof/certificate.h"

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

}  // namespace kinrow
