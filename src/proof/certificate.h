// Strategy certificates: the evidence behind a solved value, as text a machine re-checks.
//
// A certificate holds one strategy for a win, two (one per side) for a draw. A strategy
// maps every position where its holder is to move, and that play under it can reach, to
// the holder's turn. The text form extends the strategy-dictionary notation of O'Dwyer:
// one position per line, one character per cell in cell-index order, upper case marking
// the holder's move and the opponent's alternatives. docs/certificates.md has the format.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "proof/matching_plan.h"

namespace kinrow {

enum class Claim {
  Win,      // the holder wins against every defence
  NotLose,  // the holder at least draws against every defence
};

const char* claim_name(Claim claim);  // "win", "at-least-draw"

// One position of a strategy: who owns each cell, and the holder's turn there.
struct StrategyEntry {
  std::vector<int8_t> owner;  // kNoPlayer, 0 or 1 per cell
  Turn move;
  int source_line = 0;  // the line of the text it was read from (0: not read from text)
};

// A position where the holder's pairing takes over (the `pairs` rule): disjoint pairs
// of empty cells, every line the opponent could still complete holding both cells of
// one. The holder answers a stone in a pair with its partner. Pairs may serve several
// lines, which the checker's own pairing rule does not look for, so they are listed.
struct PairedEntry {
  std::vector<int8_t> owner;  // kNoPlayer, 0 or 1 per cell
  std::vector<std::pair<Cell, Cell>> pairs;
  int source_line = 0;
};

struct Strategy {
  int holder = 0;  // 0 = first player, 1 = second player
  Claim claim = Claim::Win;
  // "win-now": where the holder can complete a line this turn and no entry is listed,
  // it does so (the checker re-derives it; O'Dwyer's first obvious-move rule).
  bool win_now_rule = true;
  // "pairs": play also stops where the holder pairs every line the opponent could still
  // complete (proof/pairing_rule.h; the checker finds the pairing itself).
  bool pairing_rule = false;
  // "forest": play also stops, the maker to move in a maker-breaker game with the breaker
  // holding, where the live lines form a forest the breaker can keep cutting
  // (proof/forest_rule.h; the checker re-derives it).
  bool forest_rule = false;
  std::vector<StrategyEntry> entries;
  std::vector<PairedEntry> paired;  // with the "pairs" rule only
  // A pairing or matching-set strategy (Uiterwijk) instead of entries: the holder answers
  // the opponent's moves by the plan, which keeps every opponent line from completion.
  std::optional<MatchingPlan> plan;
  int source_line = 0;  // the line of its "strategy" header (0: not read from text)
};

struct Certificate {
  std::string spec;   // canonical spec of the game
  std::string start;  // moves from the empty board to the position proved ("" = empty)
  std::vector<Strategy> strategies;
};

// Writes the text form. Entries are written one per line, uncompressed.
void write_certificate(std::ostream& out, const Game& game, const Certificate& certificate);

// Reads the text form, expanding the upper-case 'alternatives' notation. Throws
// InputError("line N: ...") naming the first bad line and the problem. It checks the
// form only (and that the game and start moves fit `game`); check_certificate judges
// whether the strategies hold.
Certificate read_certificate(std::istream& in, const Game& game);

}  // namespace kinrow
