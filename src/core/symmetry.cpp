// Automorphisms of a game's hypergraph by individualisation and refinement, in the spirit
// of nauty and bliss but far smaller. Nothing about geometry is used: only lines, and
// "below" under gravity.
//
// 1. Twins. Cells on exactly the same lines (and, under gravity, with nothing below or
//    above them) can be permuted freely among themselves. Each such class is merged into
//    one vertex weighted by its size; the search runs on this quotient and each class adds
//    its symmetric group. Without this, n cells on no line (n! symmetries, a file game)
//    would need a search of depth n.
// 2. Refinement. A colouring of the vertices is refined to a fixed point: a vertex's next
//    colour is named from its colour, the multiset of the colours of the lines through it
//    (a line's colour is the multiset of its vertices' colours) and the colours below and
//    above it. Names are ranks of hashed signatures, so colourings related by a symmetry
//    refine to colourings related by the same symmetry, through the same sequence of
//    sorted signatures (the "trace"). A hash collision can only merge classes, costing
//    pruning, never admit a wrong map: every candidate is checked against the lines.
// 3. Search. The first path singles out a vertex of the smallest class and refines, until
//    every class is one vertex. Then, from the deepest level up, it looks for one
//    automorphism fixing the path above a level and moving that level's vertex to each
//    other vertex of its class, skipping vertices already in its orbit under the
//    automorphisms found so far (nauty's orbit pruning). A branch whose trace differs
//    from the first path's is cut; a leaf gives a candidate map, kept if it sends every
//    line to a line and commutes with "below".
// 4. Enumeration. The orbits found form a stabiliser chain: every automorphism is
//    uniquely u_0 ∘ u_1 ∘ ... with u_d one of the maps that move the level-d vertex
//    around its orbit (composed from the automorphisms found). The group order is the
//    product of the orbit sizes, and the elements are listed without duplicates or
//    hashing, up to the limit. Once the deeper levels alone exceed the limit, the search
//    stops there and the elements come from that subgroup (complete = false).
//
// Why not take every leaf of the search tree as a group element, which is simpler and
// also correct? Each leaf costs a whole path of refinements, so the cost grows with the
// group: cube:4x4 (1536 symmetries) took 1.7 s that way, against milliseconds here, where
// the search visits a few paths per level whatever the group order.
#include "core/symmetry.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <unordered_set>

namespace kinrow {
namespace {

using Colouring = std::vector<int>;  // colour of each vertex

uint64_t mix(uint64_t x) {  // the splitmix64 finaliser
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

uint64_t combine(uint64_t h, uint64_t value) {
  return mix(h + 0x9e3779b97f4a7c15ull + mix(value));
}

std::size_t saturating_product(std::size_t a, std::size_t b) {
  if (a != 0 && b > std::numeric_limits<std::size_t>::max() / a)
    return std::numeric_limits<std::size_t>::max();
  return a * b;
}

Permutation identity(int size) {
  Permutation map(size);
  std::iota(map.begin(), map.end(), 0);
  return map;
}

struct LineHash {
  std::size_t operator()(const std::vector<int>& line) const {
    uint64_t h = line.size();
    for (int v : line) h = combine(h, static_cast<uint64_t>(v));
    return h;
  }
};

// The game with each class of twin cells merged into one vertex. A line is a union of
// whole classes, so distinct lines stay distinct as sets of vertices.
struct Quotient {
  std::vector<std::vector<Cell>> members;  // the cells of each vertex, ascending
  std::vector<std::vector<int>> lines;     // each line as sorted vertices
  std::vector<std::vector<int>> lines_of;  // the lines through each vertex
  std::vector<int> below, above;           // the vertex under / over, or -1
  std::vector<char> breaker_only;          // of breaker-only cells (tile games), which stay apart

  int size() const { return static_cast<int>(members.size()); }
};

Quotient merge_twins(const Game& game) {
  const int cells = game.cell_count();
  const bool gravity = game.rules.gravity;
  std::vector<Cell> above(cells, -1);
  if (gravity)
    for (Cell c = 0; c < cells; ++c)
      if (game.below[c] >= 0) above[game.below[c]] = c;

  Quotient q;
  std::vector<int> vertex_of(cells);
  std::vector<char> breaker_only(cells, 0);
  for (Cell c : game.breaker_only) breaker_only[c] = 1;
  std::map<std::pair<char, std::vector<int>>, int> vertex_by_lines;
  for (Cell c = 0; c < cells; ++c) {
    // Under gravity a transposition of two cells with a neighbour above or below would
    // break "below", so only isolated cells may be twins there.
    const bool may_be_twin = !gravity || (game.below[c] < 0 && above[c] < 0);
    int v = -1;
    if (may_be_twin) {
      auto [it, inserted] = vertex_by_lines.try_emplace({breaker_only[c], game.lines_of_cell[c]}, q.size());
      if (!inserted) v = it->second;
    }
    if (v < 0) {
      v = q.size();
      q.members.emplace_back();
      q.breaker_only.push_back(breaker_only[c]);
    }
    q.members[v].push_back(c);
    vertex_of[c] = v;
  }

  q.lines_of.resize(q.size());
  for (const Line& line : game.lines) {
    std::vector<int> merged;
    for (Cell c : line) merged.push_back(vertex_of[c]);
    std::sort(merged.begin(), merged.end());
    merged.erase(std::unique(merged.begin(), merged.end()), merged.end());
    for (int v : merged) q.lines_of[v].push_back(static_cast<int>(q.lines.size()));
    q.lines.push_back(std::move(merged));
  }

  q.below.assign(q.size(), -1);
  q.above.assign(q.size(), -1);
  if (gravity)
    for (Cell c = 0; c < cells; ++c)
      if (game.below[c] >= 0) {  // then c and the cell below are single-cell vertices
        q.below[vertex_of[c]] = vertex_of[game.below[c]];
        q.above[vertex_of[game.below[c]]] = vertex_of[c];
      }
  return q;
}

// One factor of the group: its elements are the identity followed by either `maps` or the
// transpositions (base x) for x in `swaps`. The group is the product of its factors.
struct Factor {
  std::vector<Permutation> maps;
  Cell base = -1;
  std::vector<Cell> swaps;

  std::size_t size() const { return 1 + maps.size() + swaps.size(); }

  // prefix ∘ element(index), index >= 1.
  Permutation after(const Permutation& prefix, std::size_t index) const {
    Permutation result = prefix;
    if (base < 0) {
      const Permutation& map = maps[index - 1];
      for (std::size_t c = 0; c < map.size(); ++c) result[c] = prefix[map[c]];
    } else {
      std::swap(result[base], result[swaps[index - 1]]);
    }
    return result;
  }
};

class Search {
 public:
  explicit Search(const Quotient& q)
      : q_(q),
        n_(q.size()),
        line_set_(q.lines.begin(), q.lines.end()),
        line_hash_(q.lines.size()),
        signature_(n_) {}

  // The automorphisms of the quotient as a stabiliser chain, top level first. Stops
  // (returning the deeper levels, a subgroup) once the levels found exceed `budget`
  // elements; `cut` tells.
  std::vector<std::vector<Permutation>> chain(std::size_t budget, bool& cut) {
    follow_first_path();
    std::vector<std::vector<Permutation>> levels;  // bottom-up, each its orbit's maps
    std::vector<Permutation> generators;
    std::vector<int> orbit(n_);  // union-find over vertices; orbits only ever merge
    std::iota(orbit.begin(), orbit.end(), 0);
    std::size_t order = 1;
    cut = false;
    for (int depth = static_cast<int>(path_.size()) - 2; depth >= 0; --depth) {
      const Level& level = path_[depth];
      const int v = level.chosen;
      std::vector<char> not_in_orbit(n_, 0);  // by union-find root, at this level only
      for (int w = 0; w < n_; ++w) {
        if (w == v || level.colours[w] != level.colours[v]) continue;
        if (root(orbit, w) == root(orbit, v) || not_in_orbit[root(orbit, w)]) continue;
        Colouring target = level.colours;
        target[w] = n_;
        if (std::optional<Permutation> map = find(depth + 1, std::move(target))) {
          for (int x = 0; x < n_; ++x) {
            const int a = root(orbit, x), b = root(orbit, (*map)[x]);
            if (a == b) continue;
            orbit[a] = b;
            not_in_orbit[b] |= not_in_orbit[a];
          }
          generators.push_back(std::move(*map));
        } else {
          not_in_orbit[root(orbit, w)] = 1;
        }
      }
      levels.push_back(transversal(v, generators));
      order = saturating_product(order, levels.back().size() + 1);
      if (order > budget && depth > 0) {
        cut = true;
        break;
      }
    }
    std::reverse(levels.begin(), levels.end());
    return levels;
  }

 private:
  struct Level {
    Colouring colours;  // refined
    uint64_t trace;
    int chosen;  // the vertex singled out next, -1 at the leaf
  };

  static int root(std::vector<int>& parent, int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }

  // Refines `colour` to a fixed point (colours become 0..classes-1); returns the trace.
  uint64_t refine(Colouring& colour) {
    uint64_t trace = 0;
    int classes = -1;
    for (;;) {
      for (std::size_t l = 0; l < q_.lines.size(); ++l) {
        uint64_t h = 0;  // a sum of mixed values: a hash of the multiset
        for (int v : q_.lines[l]) h += mix(static_cast<uint64_t>(colour[v]) + 1);
        line_hash_[l] = h;
      }
      for (int v = 0; v < n_; ++v) {
        uint64_t through = 0;
        for (int l : q_.lines_of[v]) through += mix(line_hash_[l]);
        uint64_t h = combine(static_cast<uint64_t>(colour[v]), through);
        h = combine(h, q_.below[v] < 0 ? ~0ull : static_cast<uint64_t>(colour[q_.below[v]]));
        h = combine(h, q_.above[v] < 0 ? ~0ull : static_cast<uint64_t>(colour[q_.above[v]]));
        signature_[v] = h;
      }
      sorted_ = signature_;
      std::sort(sorted_.begin(), sorted_.end());
      for (uint64_t s : sorted_) trace = combine(trace, s);
      sorted_.erase(std::unique(sorted_.begin(), sorted_.end()), sorted_.end());
      for (int v = 0; v < n_; ++v)
        colour[v] = static_cast<int>(
            std::lower_bound(sorted_.begin(), sorted_.end(), signature_[v]) - sorted_.begin());
      // The signature includes the old colour, so classes only split: a fixed point is
      // reached when their number stays the same.
      if (static_cast<int>(sorted_.size()) == classes) return trace;
      classes = static_cast<int>(sorted_.size());
    }
  }

  // The first vertex of the smallest class of more than one vertex, or -1.
  int choose(const Colouring& colour) const {
    std::vector<int> class_size(n_, 0);
    for (int c : colour) ++class_size[c];
    int best = -1;
    for (int c = 0; c < n_; ++c)
      if (class_size[c] > 1 && (best < 0 || class_size[c] < class_size[best])) best = c;
    if (best < 0) return -1;
    return static_cast<int>(std::find(colour.begin(), colour.end(), best) - colour.begin());
  }

  void follow_first_path() {
    // Start from the class weights (twins of 2 are not twins of 3) and the kind of cell.
    Colouring colour(n_);
    for (int v = 0; v < n_; ++v) colour[v] = 2 * static_cast<int>(q_.members[v].size()) + q_.breaker_only[v];
    for (;;) {
      const uint64_t trace = refine(colour);
      const int chosen = choose(colour);
      path_.push_back({colour, trace, chosen});
      if (chosen < 0) return;
      colour[chosen] = n_;  // a colour no other vertex has
    }
  }

  // An automorphism mapping the first path below `depth` into the branch whose colouring
  // (with its last vertex singled out) is `target`, if there is one.
  std::optional<Permutation> find(std::size_t depth, Colouring target) {
    if (refine(target) != path_[depth].trace) return std::nullopt;
    const Level& level = path_[depth];
    if (level.chosen < 0) return leaf(level.colours, target);
    const int wanted = level.colours[level.chosen];
    for (int w = 0; w < n_; ++w) {
      if (target[w] != wanted) continue;
      Colouring next = target;
      next[w] = n_;
      if (std::optional<Permutation> map = find(depth + 1, std::move(next))) return map;
    }
    return std::nullopt;
  }

  std::optional<Permutation> leaf(const Colouring& source, const Colouring& target) const {
    std::vector<int> vertex_of_colour(n_, -1);
    for (int v = 0; v < n_; ++v) {
      if (vertex_of_colour[target[v]] >= 0) return std::nullopt;  // not discrete
      vertex_of_colour[target[v]] = v;
    }
    Permutation map(n_);
    for (int v = 0; v < n_; ++v) map[v] = vertex_of_colour[source[v]];
    if (!is_automorphism(map)) return std::nullopt;
    return map;
  }

  bool is_automorphism(const Permutation& map) const {
    for (int v = 0; v < n_; ++v) {
      if (q_.members[map[v]].size() != q_.members[v].size()) return false;
      if (q_.breaker_only[map[v]] != q_.breaker_only[v]) return false;
      if (q_.below[map[v]] != (q_.below[v] < 0 ? -1 : map[q_.below[v]])) return false;
    }
    std::vector<int> image;
    for (const std::vector<int>& line : q_.lines) {
      image.clear();
      for (int v : line) image.push_back(map[v]);
      std::sort(image.begin(), image.end());
      if (!line_set_.count(image)) return false;
    }
    return true;
  }

  // Maps taking v to each other vertex of its orbit under `generators`, by breadth-first
  // search: the map reaching g(p) is g ∘ (the map reaching p).
  std::vector<Permutation> transversal(int v, const std::vector<Permutation>& generators) const {
    std::vector<Permutation> reach{identity(n_)};
    std::vector<int> point{v};
    std::vector<char> seen(n_, 0);
    seen[v] = 1;
    for (std::size_t i = 0; i < point.size(); ++i)
      for (const Permutation& g : generators) {
        const int next = g[point[i]];
        if (seen[next]) continue;
        seen[next] = 1;
        Permutation map(n_);
        for (int x = 0; x < n_; ++x) map[x] = g[reach[i][x]];
        reach.push_back(std::move(map));
        point.push_back(next);
      }
    reach.erase(reach.begin());  // the identity is implicit in a Factor
    return reach;
  }

  const Quotient& q_;
  const int n_;
  std::unordered_set<std::vector<int>, LineHash> line_set_;
  std::vector<Level> path_;
  std::vector<uint64_t> line_hash_, signature_, sorted_;  // refine()'s scratch
};

// A permutation of vertices as one of cells: the j-th cell of a vertex goes to the j-th
// cell of its image (a homomorphism, so products lift to products).
Permutation lift(const Quotient& q, const Permutation& map, int cells) {
  Permutation result(cells);
  for (int v = 0; v < q.size(); ++v)
    for (std::size_t j = 0; j < q.members[v].size(); ++j)
      result[q.members[v][j]] = q.members[map[v]][j];
  return result;
}

// Every product of one element per factor, from `factor` on, after `prefix`.
void enumerate(const std::vector<Factor>& factors, std::size_t factor, const Permutation& prefix,
               std::size_t limit, std::vector<Permutation>& out) {
  if (factor == factors.size()) {
    out.push_back(prefix);
    return;
  }
  enumerate(factors, factor + 1, prefix, limit, out);  // the identity first
  for (std::size_t i = 1; i < factors[factor].size() && out.size() < limit; ++i)
    enumerate(factors, factor + 1, factors[factor].after(prefix, i), limit, out);
}

// Under exact a symmetry must also carry each line's flanks onto its image's: the maps
// that do form a subgroup (the flanks' stabiliser), the group of the exact game.
void keep_flanks(const Game& game, std::vector<Permutation>& maps) {
  std::map<Line, int> index;
  for (int l = 0; l < game.line_count(); ++l) index[game.lines[l]] = l;
  auto flank_set = [&](int l, const Permutation* map) {
    std::array<Cell, 2> f = game.flanks[l];
    for (Cell& c : f)
      if (map && c >= 0) c = (*map)[c];
    std::sort(f.begin(), f.end());
    return f;
  };
  std::erase_if(maps, [&](const Permutation& map) {
    for (int l = 0; l < game.line_count(); ++l) {
      Line image;
      for (Cell c : game.lines[l]) image.push_back(map[c]);
      std::sort(image.begin(), image.end());
      if (flank_set(index.at(image), nullptr) != flank_set(l, &map)) return true;
    }
    return false;
  });
}

}  // namespace

SymmetryGroup automorphisms(const Game& game, std::size_t limit) {
  const int cells = game.cell_count();
  // Each element listed costs a permutation of the cells: keep the list within ~64 MiB
  // (a 4096-cell board lists at most 4096 elements, still far more than any caller uses).
  constexpr std::size_t kListedCells = std::size_t{1} << 24;
  limit = std::clamp<std::size_t>(limit, 1, std::max<std::size_t>(1, kListedCells / std::max(cells, 1)));
  const Quotient q = merge_twins(game);

  // Twins: the symmetric group of each class, as the chain of transpositions that bring
  // each of its cells in turn to the front.
  std::vector<Factor> twins;
  std::size_t order = 1;
  for (const std::vector<Cell>& members : q.members)
    for (std::size_t i = 0; i + 1 < members.size(); ++i) {
      twins.push_back({{}, members[i], {members.begin() + i + 1, members.end()}});
      order = saturating_product(order, twins.back().size());
    }

  // The quotient's search is skipped when the twins alone exceed the limit.
  std::vector<Factor> factors;
  bool cut = order > limit;
  if (!cut && q.size() > 0) {
    Search search(q);
    for (std::vector<Permutation>& level : search.chain(limit / order, cut)) {
      Factor factor;
      for (const Permutation& map : level) factor.maps.push_back(lift(q, map, cells));
      order = saturating_product(order, factor.size());
      factors.push_back(std::move(factor));
    }
  }
  for (Factor& factor : twins) factors.push_back(std::move(factor));

  SymmetryGroup group;
  group.complete = !cut && order <= limit;
  enumerate(factors, 0, identity(cells), limit, group.maps);
  if (game.rules.exact) keep_flanks(game, group.maps);
  return group;
}

Permutation inverse(const Permutation& map) {
  Permutation back(map.size());
  for (std::size_t c = 0; c < map.size(); ++c) back[map[c]] = static_cast<Cell>(c);
  return back;
}

}  // namespace kinrow
