// Automorphisms of a hypergraph by individualisation and refinement, in the spirit of
// nauty and bliss but far smaller: the games here have at most a few thousand cells and
// groups of at most a few thousand elements, so every element is found as a leaf of the
// search tree rather than from generators.
//
// Two colourings are refined side by side: the "source" follows one fixed path (cell v
// singled out at each level), the "target" tries every cell w of v's colour in turn.
// Refinement gives each cell a new colour from its old colour, the colours of the lines
// through it (a line's colour is the multiset of its cells' colours) and, under gravity,
// the colours of the cells below and above it. Colour names are assigned from the
// signatures of both sides together, so equal structure gets equal names; a branch whose
// sides refine differently is pruned. When every colour is a single cell, matching
// colours is a candidate map, kept if it sends every line to a line.
#include "core/symmetry.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <set>

namespace kinrow {
namespace {

using Colouring = std::vector<int>;  // colour of each cell

class AutomorphismSearch {
 public:
  AutomorphismSearch(const Game& game, std::size_t limit)
      : game_(game), limit_(limit), gravity_(game.rules.gravity), above_(game.cell_count(), -1) {
    for (const Line& line : game.lines) lines_.insert(line);
    if (gravity_)
      for (Cell c = 0; c < game.cell_count(); ++c)
        if (game.below[c] >= 0) above_[game.below[c]] = c;
  }

  SymmetryGroup run() {
    Colouring start(game_.cell_count(), 0);
    branch(start, start);
    if (group_.maps.empty() || !is_identity(group_.maps.front())) {
      // Only when the limit cut the search before the identity leaf (never in practice:
      // the identity is the first branch taken at every level).
      Permutation identity(game_.cell_count());
      std::iota(identity.begin(), identity.end(), 0);
      group_.maps.insert(group_.maps.begin(), identity);
    }
    return std::move(group_);
  }

 private:
  static bool is_identity(const Permutation& p) {
    for (std::size_t i = 0; i < p.size(); ++i)
      if (p[i] != static_cast<Cell>(i)) return false;
    return true;
  }

  bool full() {
    if (group_.maps.size() < limit_) return false;
    group_.complete = false;
    return true;
  }

  void branch(Colouring source, Colouring target) {
    if (full() || !refine(source, target)) return;
    // Single out a cell of the smallest colour class with more than one cell.
    std::vector<int> class_size(game_.cell_count() + 1, 0);
    for (int c : source) ++class_size[c];
    Cell v = -1;
    for (Cell c = 0; c < game_.cell_count(); ++c)
      if (class_size[source[c]] > 1 && (v < 0 || class_size[source[c]] < class_size[source[v]])) v = c;
    if (v < 0) return leaf(source, target);

    const int fresh = game_.cell_count();  // refine() renames colours to 0..cells-1
    std::vector<Cell> candidates{v};  // v itself first, so the identity is found first
    for (Cell w = 0; w < game_.cell_count(); ++w)
      if (w != v && target[w] == source[v]) candidates.push_back(w);
    for (Cell w : candidates) {
      if (target[w] != source[v]) continue;
      Colouring s = source, t = target;
      s[v] = fresh;
      t[w] = fresh;
      branch(std::move(s), std::move(t));
      if (full()) return;
    }
  }

  void leaf(const Colouring& source, const Colouring& target) {
    std::vector<Cell> cell_of_colour(game_.cell_count());
    for (Cell c = 0; c < game_.cell_count(); ++c) cell_of_colour[target[c]] = c;
    Permutation map(game_.cell_count());
    for (Cell c = 0; c < game_.cell_count(); ++c) map[c] = cell_of_colour[source[c]];
    for (const Line& line : game_.lines) {
      Line image;
      for (Cell c : line) image.push_back(map[c]);
      std::sort(image.begin(), image.end());
      if (!lines_.count(image)) return;
    }
    if (gravity_)
      for (Cell c = 0; c < game_.cell_count(); ++c) {
        const Cell under = game_.below[c];
        if (game_.below[map[c]] != (under < 0 ? -1 : map[under])) return;
      }
    group_.maps.push_back(std::move(map));
  }

  static uint64_t mix(uint64_t h, uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xbf58476d1ce4e5b9ull;
  }

  // The signatures cells' next colours are named from, hashed: the old colour, the
  // colours of the lines through the cell (each the multiset of its cells' colours) and
  // the cells below and above. A hash collision can only hide an automorphism or cost a
  // branch, never report a wrong one: every leaf is checked against the lines.
  std::vector<uint64_t> signatures(const Colouring& colour) const {
    std::vector<uint64_t> line_hash(game_.line_count());
    std::vector<int> members;
    for (int l = 0; l < game_.line_count(); ++l) {
      members.clear();
      for (Cell d : game_.lines[l]) members.push_back(colour[d]);
      std::sort(members.begin(), members.end());
      uint64_t h = members.size();
      for (int m : members) h = mix(h, static_cast<uint64_t>(m));
      line_hash[l] = h;
    }
    std::vector<uint64_t> sig(game_.cell_count());
    std::vector<uint64_t> through;
    for (Cell c = 0; c < game_.cell_count(); ++c) {
      uint64_t h = mix(0, static_cast<uint64_t>(colour[c]));
      if (gravity_) {
        h = mix(h, game_.below[c] < 0 ? ~0ull : static_cast<uint64_t>(colour[game_.below[c]]));
        h = mix(h, above_[c] < 0 ? ~0ull : static_cast<uint64_t>(colour[above_[c]]));
      }
      through.clear();
      for (int l : game_.lines_of_cell[c]) through.push_back(line_hash[l]);
      std::sort(through.begin(), through.end());
      for (uint64_t t : through) h = mix(h, t);
      sig[c] = h;
    }
    return sig;
  }

  // Refines both colourings to a fixed point under the same naming; false if they differ
  // in the number of cells of some colour (then no automorphism extends this branch).
  bool refine(Colouring& source, Colouring& target) const {
    int classes = -1;
    for (;;) {
      const std::vector<uint64_t> sig_s = signatures(source), sig_t = signatures(target);
      std::vector<uint64_t> sorted_s = sig_s, sorted_t = sig_t;
      std::sort(sorted_s.begin(), sorted_s.end());
      std::sort(sorted_t.begin(), sorted_t.end());
      if (sorted_s != sorted_t) return false;
      sorted_s.erase(std::unique(sorted_s.begin(), sorted_s.end()), sorted_s.end());
      auto name = [&](uint64_t h) {
        return static_cast<int>(std::lower_bound(sorted_s.begin(), sorted_s.end(), h) - sorted_s.begin());
      };
      for (Cell c = 0; c < game_.cell_count(); ++c) {
        source[c] = name(sig_s[c]);
        target[c] = name(sig_t[c]);
      }
      if (static_cast<int>(sorted_s.size()) == classes) return true;
      classes = static_cast<int>(sorted_s.size());
    }
  }

  const Game& game_;
  std::size_t limit_;
  bool gravity_;
  std::vector<Cell> above_;
  std::set<Line> lines_;
  SymmetryGroup group_;
};

}  // namespace

SymmetryGroup automorphisms(const Game& game, std::size_t limit) {
  if (game.cell_count() == 0) return SymmetryGroup{{Permutation{}}, true};
  return AutomorphismSearch(game, std::max<std::size_t>(limit, 1)).run();
}

Permutation inverse(const Permutation& map) {
  Permutation back(map.size());
  for (std::size_t c = 0; c < map.size(); ++c) back[map[c]] = static_cast<Cell>(c);
  return back;
}

}  // namespace kinrow
