#include "proof/forest_rule.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace kinrow {

bool breaker_holds_by_forest(const Position& position) {
  const Game& game = position.game();
  const Rules& rules = game.rules;
  if (rules.goal != Goal::MakerBreaker || rules.gravity || position.over() || position.to_move() != 0) return false;
  const bool threshold = rules.maker_threshold >= 0;
  if (threshold && rules.maker_threshold < 1) return false;
  const bool plain = !breaker_answers_in_kind(rules);
  if (plain && position.turns_played() == 0 && rules.first_turn_stones > rules.stones_per_turn) return false;
  const int p = rules.stones_per_turn;  // the most the maker places in a turn from here on (not under b=N)

  std::vector<char> breaker_only(game.cell_count(), 0);
  for (Cell c : game.breaker_only) breaker_only[c] = 1;
  std::vector<int> parent(game.cell_count());
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  std::vector<const Line*> live;
  for (const Line& line : game.lines) {
    int maker = 0, empty = 0, empty_only = 0;
    bool broken = false, has_only = false;
    for (Cell c : line) {
      const int owner = position.owner(c);
      broken |= owner == 1;
      maker += owner == 0;
      empty += owner == kNoPlayer;
      empty_only += owner == kNoPlayer && breaker_only[c];
      has_only |= breaker_only[c] != 0;
    }
    if (broken || (!threshold && has_only)) continue;
    if (threshold ? maker > rules.maker_threshold || empty_only == 0 : empty < p + 1 + (maker == 0)) return false;
    // A forest: the line's cells must lie in distinct parts before it joins them.
    std::vector<int> roots;
    for (Cell c : line) roots.push_back(root(c));
    std::sort(roots.begin(), roots.end());
    if (std::adjacent_find(roots.begin(), roots.end()) != roots.end()) return false;
    for (int r : roots) parent[r] = roots[0];
    live.push_back(&line);
  }
  // Each part's maker stones (on live lines) must share a live line.
  std::vector<char> on_live(game.cell_count(), 0);
  for (const Line* line : live)
    for (Cell c : *line) on_live[c] = 1;
  std::vector<std::vector<Cell>> stones(game.cell_count());
  for (Cell c = 0; c < game.cell_count(); ++c)
    if (on_live[c] && position.owner(c) == 0) stones[root(c)].push_back(c);
  for (const std::vector<Cell>& part : stones) {
    if (part.size() < 2) continue;
    const bool collinear = std::any_of(live.begin(), live.end(), [&](const Line* line) {
      return std::all_of(part.begin(), part.end(), [&](Cell c) { return std::binary_search(line->begin(), line->end(), c); });
    });
    if (!collinear) return false;
  }
  return true;
}

}  // namespace kinrow
