// Helpers shared by the solver tests: random positions, the sanitizer switch, a file's
// lines, and a forced win played out against every defence.
#pragma once

#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/hashing.h"
#include "core/notation.h"
#include "core/position.h"
#include "games/board_dispatch.h"
#include "games/stones.h"
#include "search/solver.h"

namespace kinrow::testing {

// The message of the InputError `f` throws, or "" if it throws none.
template <class F>
std::string error_of(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// Random play from the empty board down to `empties` empty cells, restarting when the
// game ends first. Every hundred restarts allow one more empty cell: with several stones
// a turn some counts are never reached with the game still going.
inline Position random_position(const Game& game, int empties, SplitMix64& random) {
  for (int attempt = 0;; ++attempt) {
    Position position(game);
    while (!position.over() && position.empty_count() > empties + attempt / 100) {
      const std::vector<Turn> turns = position.legal_turns();
      position.play(turns[random.below(turns.size())]);
    }
    if (!position.over()) return position;
  }
}

// A position with these owners (kNoPlayer, 0 or 1 per cell), its stones placed turn by
// turn from the empty board, each player's in cell order. Only for positions where no line
// is complete and gravity does not order the stones: then the order changes nothing.
// Throws std::logic_error if no sequence of turns reaches these stone counts.
inline Position position_with(const Game& game, const std::vector<int8_t>& owner) {
  std::vector<Cell> stones[2];
  for (Cell c = 0; c < game.cell_count(); ++c)
    if (owner[c] == 0 || owner[c] == 1) stones[owner[c]].push_back(c);
  Position position(game);
  std::size_t next[2] = {0, 0};
  while (next[0] < stones[0].size() || next[1] < stones[1].size()) {
    const int mover = position.to_move();
    Turn turn;
    for (int i = 0; i < position.stones_this_turn() && next[mover] < stones[mover].size(); ++i)
      turn.push_back(stones[mover][next[mover]++]);
    if (static_cast<int>(turn.size()) != position.stones_this_turn())
      throw std::logic_error("entry stone counts do not alternate");
    position.play(turn);
  }
  return position;
}

// The weak value (win, draw, loss for the side to move) by alpha-beta: the reference the
// other provers are checked against.
inline Value alphabeta_value(const Position& position) {
  SolveOptions options;
  options.weak = true;
  options.table_megabytes = 16;
  return solve(position, options).value;
}

// Stones from cell names ("c4"), x's and o's: positions built by hand for the threat searches.
template <int W = 1>
Stones<W> stones_on(const Game& game, std::initializer_list<const char*> x, std::initializer_list<const char*> o) {
  Stones<W> s;
  for (const char* c : x) s.place(0, parse_cell(game, c));
  for (const char* c : o) s.place(1, parse_cell(game, c));
  return s;
}

// A board of the given tables set to `s`.
template <int W>
Board<W> board_at(const BoardTables& tables, const Stones<W>& s) {
  Board<W> board(tables);
  board.assign(s);
  return board;
}

// A board of the given tables with a position's history played on it.
template <int W>
Board<W> board_of(const BoardTables& tables, const Position& position) {
  Board<W> board(tables);
  replay(board, position);
  return board;
}

// The lines of a text file without their ends; none for a missing file.
inline std::vector<std::string> file_lines(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// scripts/test sets KINROW_SANITIZED for the ASan/UBSan run, where heavy cases shrink.
inline bool sanitized() { return std::getenv("KINROW_SANITIZED") != nullptr; }

// Plays `search`'s forced win (any search with find(board, attacker) -> ForcedWin), then
// every defence, and asks again, judging each stone by the rules (Board::result_after)
// and nothing else: a forced win must survive them all.
template <int W, class Search>
bool wins_against_every_defence(Board<W>& board, Search& search, int attacker, int depth = 0) {
  const auto win = search.find(board, attacker);
  if (win.move < 0 || depth > 32) return false;
  bool wins = true;
  const int result = board.result_after(attacker, board.place_for(win.move, attacker));
  if (result != kGoesOn) {
    wins = result == attacker;
  } else {
    for (Cell reply : Bits<W>(board.playable())) {
      const bool over = board.result_after(1 - attacker, board.place_for(reply, 1 - attacker)) != kGoesOn;
      wins = !over && wins_against_every_defence(board, search, attacker, depth + 1);
      board.remove(reply);
      if (!wins) break;
    }
  }
  board.remove(win.move);
  return wins;
}

}  // namespace kinrow::testing
