// The checker's pairing rule, re-derived from the position alone: a claim that the
// opponent never completes a line holds wherever every line he could still complete
// (none of the holder's stones on it) has two empty cells of its own — the holder then
// answers each of his stones in a pair with the other (a Hales–Jewett pairing, as in
// Uiterwijk). Lines holding all the empty cells of another need none of their own: the stone
// that spoils the smaller spoils them too.
//
// With p stones a turn the pairs become tuples of p + 1 cells: the opponent's turn
// touches at most p tuples and fills none, and the holder's next turn puts a stone in
// each it touched, so every tuple gets a stone of the holder before it fills (pairs are
// the case p = 1). Not while the opponent's first turn of q > p stones is still to
// come: the holder could not answer it. A tuple may serve several lines that all hold it:
// taking the lines in the game's order, a line joins the first group whose cells it
// shares p + 1 of (the group keeps the shared ones), else starts its own.
//
// This is the checker's own code (a plain bipartite matching on cell lists); the
// searches that rely on the rule find their pairings with other code.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/position.h"

namespace kinrow {

// Whether the rule may be used at all: no gravity (every reply must be playable at once),
// lines that count for the opponent (not misère), and with several stones a turn, turns
// of a fixed size (not the tile games, whose maker picks a turn's size).
bool pairing_rule_applies(const Rules& rules);

// The cells of each tuple in `position` for `holder`: one more than the most stones the
// opponent may place in one turn from here; 0 where the holder could not answer such a
// turn (the opponent's first turn of more stones than the holder's turns have).
int pairing_tuple_size(const Position& position, int holder);

// Whether `holder` can pair every line the other player could still complete in
// `position` (tuples of pairing_tuple_size cells), whoever is to move (a stone of the
// holder's own never spoils a pairing).
bool opponent_lines_paired(const Position& position, int holder);

// The tuples behind opponent_lines_paired: one tuple of empty cells for each line (or
// group of lines holding all the empty cells of a smaller one) the opponent could still
// complete; nullopt where there is none.
std::optional<std::vector<std::vector<Cell>>> opponent_line_tuples(const Position& position, int holder);

// The same as pairs, with one stone a turn (nullopt otherwise too).
std::optional<std::vector<std::pair<Cell, Cell>>> opponent_line_pairing(const Position& position, int holder);

// "" if `pairs` hold every line the opponent of `holder` could still complete in
// `position`: the pairs are disjoint pairs of empty cells, and each such line (none of
// the holder's stones on it) holds both cells of one pair. Else what is wrong, naming
// the cells. The pairs come from the certificate (a pair may serve several lines), so
// this only checks them; listed pairs serve only with one stone a turn.
std::string pairs_problem(const Position& position, int holder, const std::vector<std::pair<Cell, Cell>>& pairs);

}  // namespace kinrow
