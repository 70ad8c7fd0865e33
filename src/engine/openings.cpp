#include "engine/openings.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "core/hashing.h"
#include "core/symmetry.h"
#include "engine/engine.h"

namespace kinrow {

// Cells within a quarter of each axis from its centre (a third of the width under
// gravity, where the height is not chosen), so that openings stay where games are
// played; at least the middle cell or two of each axis.
std::vector<Cell> central_cells(const Game& game) {
  std::vector<Cell> cells;
  for (Cell c = 0; c < game.cell_count(); ++c) {
    bool near = true;
    for (std::size_t axis = 0; axis < game.extent.size(); ++axis) {
      if (game.rules.gravity && axis == 1) continue;
      const int extent = game.extent[axis];
      const double radius = std::max(1.0, std::floor(extent / (game.rules.gravity ? 3.0 : 4.0)));
      if (std::abs(game.coords[c][axis] - (extent - 1) / 2.0) > radius) near = false;
    }
    if (near) cells.push_back(c);
  }
  if (cells.empty())  // hypergraphs without geometry: anywhere
    for (Cell c = 0; c < game.cell_count(); ++c) cells.push_back(c);
  return cells;
}

// A turn of random central cells at `position`, or empty if none is legal.
Turn random_turn(const Position& position, const std::vector<Cell>& central, SplitMix64& random) {
  const int stones = position.stones_this_turn();
  for (int attempt = 0; attempt < 20; ++attempt) {
    Turn turn;
    std::vector<Cell> open;
    for (Cell c : central)
      if (position.playable(c)) open.push_back(c);
    if (static_cast<int>(open.size()) < stones) break;
    while (static_cast<int>(turn.size()) < stones) {
      const Cell c = open[static_cast<std::size_t>(random.below(open.size()))];
      if (std::find(turn.begin(), turn.end(), c) == turn.end()) turn.push_back(c);
    }
    std::sort(turn.begin(), turn.end());
    if (position.why_illegal(turn).empty()) return turn;
  }
  return {};
}

// The opening's stones, each as cell * 2 + owner, under the symmetry that gives the least
// list: equal for openings that are images of each other.
std::vector<int> canonical_stones(const Position& position, const SymmetryGroup& group) {
  std::vector<int> best;
  for (const Permutation& map : group.maps) {
    std::vector<int> stones;
    for (Cell c = 0; c < position.game().cell_count(); ++c)
      if (position.owner(c) != kNoPlayer) stones.push_back(map[c] * 2 + position.owner(c));
    std::sort(stones.begin(), stones.end());
    if (best.empty() || stones < best) best = stones;
  }
  return best;
}

namespace {

bool even(Evaluation e) {
  return e == Evaluation::Stable || e == Evaluation::Unstable1 || e == Evaluation::Unstable2 ||
         e == Evaluation::Attacker1 || e == Evaluation::Defender1;
}

}  // namespace

int default_opening_turns(const Game& game) {
  const int turns = game.cell_count() >= 100 ? 3 : 2;
  return std::max(0, std::min(turns, game.cell_count() / 3));
}

OpeningSet make_openings(const Game& game, const OpeningOptions& options) {
  const int turns = options.turns >= 0 ? options.turns : default_opening_turns(game);
  const std::vector<Cell> central = central_cells(game);
  const SymmetryGroup group = automorphisms(game, 4096);
  SplitMix64 random(options.seed);
  OpeningSet set;
  std::set<std::vector<int>> seen;
  // Enough tries to find the openings, not so many that a small board spins for long.
  const int most_tries = 40 * std::max(1, options.count) + 200;
  while (static_cast<int>(set.openings.size()) < options.count && set.tried < most_tries) {
    ++set.tried;
    Position position(game);
    bool ok = true;
    for (int t = 0; t < turns && ok; ++t) {
      const Turn turn = random_turn(position, central, random);
      ok = !turn.empty();
      if (ok) position.play(turn);
      ok = ok && !position.over();
    }
    if (!ok || !seen.insert(canonical_stones(position, group)).second) continue;
    Opening opening{position.history(), Evaluation::Unknown};
    if (options.balanced && turns > 0) {
      EngineOptions check;
      // A node budget, so that the judgement is the same on every machine — and a deadline
      // as a guard only: on Connect6 the threat-space search, without one, once ran past
      // its node limit for a quarter of an hour on a three-stone opening.
      check.seconds = 2;
      check.nodes = options.check_nodes;
      check.proof_nodes = std::max<uint64_t>(1000, options.check_nodes / 10);
      check.table_megabytes = 8;
      const EngineResult r = think(position, check);
      opening.evaluation = r.evaluation;
      if (!even(r.evaluation) || r.source != MoveSource::Heuristic) continue;
    }
    set.openings.push_back(opening);
  }
  set.distinct = static_cast<int>(set.openings.size());
  for (int i = 0; set.distinct > 0 && static_cast<int>(set.openings.size()) < options.count; ++i)
    set.openings.push_back(set.openings[static_cast<std::size_t>(i)]);
  return set;
}

}  // namespace kinrow
