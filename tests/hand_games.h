// Tiny games built field by field, their board symmetries, and strategies found by plain
// minimax over the reference rules: material for the certificate and checker tests that
// depends on neither the spec parser, the family generators, the symmetry search nor the
// solvers.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "proof/certificate.h"

namespace kinrow::testing {

// A w x h board with every horizontal, vertical and diagonal run of k cells as a line, in
// the cell order of core/game.h (top row first, left to right). `spec` is only a name.
inline Game hand_board(const std::string& spec, int w, int h, int k, Rules rules = {}) {
  Game game;
  game.spec = spec;
  game.family = rules.gravity ? "connect" : "mnk";
  game.rules = rules;
  game.extent = {w, h};
  for (int y = h - 1; y >= 0; --y)
    for (int x = 0; x < w; ++x) game.coords.push_back({x, y});
  auto cell = [&](int x, int y) { return (h - 1 - y) * w + x; };
  const int directions[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (const auto& d : directions) {
        const int ex = x + d[0] * (k - 1), ey = y + d[1] * (k - 1);
        if (ex < 0 || ex >= w || ey < 0 || ey >= h) continue;
        Line line;
        for (int i = 0; i < k; ++i) line.push_back(cell(x + d[0] * i, y + d[1] * i));
        game.lines.push_back(line);
      }
  finish_game(game);
  return game;
}

// Tic-tac-toe, and the three cells in a row where two adjacent make a line (a first
// player win: the middle, then the open end).
inline Game hand_tictactoe(Rules rules = {}) {
  return hand_board("mnk:3x3x3", 3, 3, 3, rules);
}
inline Game hand_strip() {
  return hand_board("mnk:3x1x2", 3, 1, 2);
}

// The symmetries of the rectangle that keep the board (rotations only when square),
// found from coordinates; under gravity only the mirror keeps "below".
inline SymmetryGroup board_symmetries(const Game& game) {
  const int w = game.extent[0], h = game.extent[1];
  SymmetryGroup group;
  for (int t = 0; t < 8; ++t) {
    const bool swap = t >= 4;
    const bool flip_x = t & 1, flip_y = t & 2;
    if (swap && w != h) continue;
    if (game.rules.gravity && (swap || flip_y)) continue;
    Permutation map(game.cell_count());
    for (Cell c = 0; c < game.cell_count(); ++c) {
      int x = game.coords[c][0], y = game.coords[c][1];
      if (flip_x) x = w - 1 - x;
      if (flip_y) y = h - 1 - y;
      if (swap) std::swap(x, y);
      map[c] = (h - 1 - y) * w + x;
    }
    group.maps.push_back(map);
  }
  return group;
}

inline SymmetryGroup identity_only(const Game& game) {
  Permutation identity(game.cell_count());
  for (Cell c = 0; c < game.cell_count(); ++c) identity[c] = c;
  return SymmetryGroup{{identity}, true};
}

inline std::string owners_key(const Position& position) {
  std::string key;
  for (Cell c = 0; c < position.game().cell_count(); ++c)
    key += static_cast<char>('1' + position.owner(c));
  return key;
}

// Plain memoised minimax: +1 if the side to move wins, 0 draw, -1 loss.
class NaiveValues {
 public:
  int value(Position& position) {
    if (position.over()) {
      const int w = position.winner();
      return w == kNoPlayer ? 0 : w == position.to_move() ? 1 : -1;
    }
    const std::string key = owners_key(position);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    int best = -1;
    for (const Turn& turn : position.legal_turns()) {
      position.play(turn);
      best = std::max(best, -value(position));
      position.undo();
      if (best == 1) break;
    }
    memo_.emplace(key, best);
    return best;
  }

 private:
  std::unordered_map<std::string, int> memo_;
};

// A full strategy for `holder` from `start` keeping `claim`, one entry per position met
// (no symmetry merging), found by minimax. Under `win_now`, positions where the holder
// wins at once are left out, as the solver leaves them out.
inline Strategy naive_strategy(Position start, int holder, Claim claim, bool win_now = true) {
  Strategy strategy;
  strategy.holder = holder;
  strategy.claim = claim;
  strategy.win_now_rule = win_now;
  NaiveValues values;
  std::unordered_set<std::string> seen;
  const int need = claim == Claim::Win ? 1 : 0;
  auto visit = [&](auto&& self, Position& p) -> void {
    if (p.over() || !seen.insert(owners_key(p)).second) return;
    const std::vector<Turn> turns = p.legal_turns();
    if (p.to_move() != holder) {
      for (const Turn& t : turns) {
        p.play(t);
        self(self, p);
        p.undo();
      }
      return;
    }
    if (win_now)
      for (const Turn& t : turns) {
        p.play(t);
        const bool wins = p.winner() == holder;
        p.undo();
        if (wins) return;
      }
    StrategyEntry entry;
    for (Cell c = 0; c < p.game().cell_count(); ++c)
      entry.owner.push_back(static_cast<int8_t>(p.owner(c)));
    for (const Turn& t : turns) {
      p.play(t);
      if (-values.value(p) >= need) {
        entry.move = t;
        strategy.entries.push_back(entry);
        self(self, p);
        p.undo();
        return;
      }
      p.undo();
    }
    throw std::logic_error("naive_strategy: the claim does not hold");
  };
  visit(visit, start);
  return strategy;
}

}  // namespace kinrow::testing
