#include "search/pairing_catalog.h"

#include <algorithm>
#include <functional>

#include "core/notation.h"

namespace kinrow {
namespace {

// The cycle Cn: corners 0..n-1, side i from corner i to corner i+1; the main side (0, 1)
// has no edge marker, every other side one. With `line`, one more group through the edge
// markers of the two sides next to the main side, with an edge marker of its own.
Configuration cycle(int n, bool line) {
  Configuration c;
  c.name = "Cycle C" + std::to_string(n) + (line ? "/Line" : "");
  auto letter = [](int i) { return std::string(1, static_cast<char>('a' + i)); };
  int next = n;
  std::vector<int> edge(n, -1);
  for (int side = 0; side < n; ++side) {
    std::string group = letter(side) + letter((side + 1) % n);
    if (side != 0) {
      edge[side] = next++;
      group += letter(edge[side]);
    }
    c.groups.push_back(group);
  }
  if (line) c.groups.push_back(letter(edge[n - 1]) + letter(edge[1]) + letter(next++));
  c.markers = next;
  return c;
}

std::vector<Configuration> build_catalog() {
  std::vector<Configuration> list = {
      {"Triangle", 5, {"ab", "adc", "bec"}},
      {"Square", 7, {"ab", "aed", "bfc", "cgd"}},
      {"Triangle/Line", 6, {"ab", "adc", "bec", "dfe"}},
      {"Square/Line", 8, {"ab", "aed", "bfc", "cgd", "ehf"}},
      {"BiTriangle", 8, {"ab", "adc", "agf", "bec", "bhf"}},
      {"BiTriangleX", 7, {"ab", "adc", "aef", "bec", "bgf"}},
      {"FlatStar", 8, {"abc", "adg", "bdf", "beh", "ceg", "fgh"}},
      // The three PolyCycle/Line configurations the paper shows only as diagrams: a line
      // through d and e (and one through g and h) of the BiTriangle, through d and g of
      // the BiTriangleX, each with one new edge marker.
      {"BiTriangle/Line", 9, {"ab", "adc", "agf", "bec", "bhf", "die"}},
      {"BiTriangle/BiLine", 10, {"ab", "adc", "agf", "bec", "bhf", "die", "gjh"}},
      {"BiTriangleX/Line", 8, {"ab", "adc", "aef", "bec", "bgf", "dhg"}},
      {"FlatStar/Line", 8, {"abc", "adg", "bdf", "beh", "bg", "ceg", "fgh"}},
      {"TriTriangleX", 10, {"ab", "adc", "aef", "aih", "bec", "bgf", "bjh"}},
  };
  for (int n = 5; n <= 8; ++n) list.push_back(cycle(n, false));
  for (int n = 5; n <= 8; ++n) list.push_back(cycle(n, true));
  return list;
}

Group sorted(Group g) {
  std::sort(g.begin(), g.end());
  return g;
}

// Backtracking isomorphism test between two small set systems over 0..n-1 (after the
// found one is renumbered): assign pattern markers to found markers one by one, checking
// incidence degrees, then compare the group families.
bool isomorphic(int n, const std::vector<Group>& pattern, const std::vector<Group>& found) {
  if (pattern.size() != found.size()) return false;
  auto degrees = [n](const std::vector<Group>& groups) {
    std::vector<int> d(n, 0);
    for (const Group& g : groups)
      for (Cell c : g) ++d[c];
    return d;
  };
  const std::vector<int> dp = degrees(pattern), df = degrees(found);
  std::vector<Group> target;
  for (const Group& g : found) target.push_back(sorted(g));
  std::sort(target.begin(), target.end());
  std::vector<int> image(n, -1);
  std::vector<char> taken(n, 0);
  std::function<bool(int)> assign = [&](int i) {
    if (i == n) {
      std::vector<Group> mapped;
      for (const Group& g : pattern) {
        Group m;
        for (Cell c : g) m.push_back(image[c]);
        mapped.push_back(sorted(m));
      }
      std::sort(mapped.begin(), mapped.end());
      return mapped == target;
    }
    for (int j = 0; j < n; ++j) {
      if (taken[j] || dp[i] != df[j]) continue;
      taken[j] = 1;
      image[i] = j;
      if (assign(i + 1)) return true;
      taken[j] = 0;
    }
    return false;
  };
  return assign(0);
}

bool guards(const MatchingComponent& component, const Group& markers_in_group) {
  if (markers_in_group.empty()) return false;
  return std::all_of(component.coverings.begin(), component.coverings.end(), [&](const auto& covering) {
    if (std::count(markers_in_group.begin(), markers_in_group.end(), covering.reply)) return true;
    Group rest;
    for (Cell c : markers_in_group)
      if (c != covering.attack) rest.push_back(c);
    for (const MatchingComponent& sub : covering.then) {
      Group inside;
      for (Cell c : rest)
        if (std::count(sub.markers.begin(), sub.markers.end(), c)) inside.push_back(c);
      if (guards(sub, inside)) return true;
    }
    return false;
  });
}

}  // namespace

const std::vector<Configuration>& matching_configurations() {
  static const std::vector<Configuration> list = build_catalog();
  return list;
}

std::vector<Group> configuration_groups(const Configuration& configuration) {
  std::vector<Group> groups;
  for (const std::string& letters : configuration.groups) {
    Group g;
    for (char ch : letters) g.push_back(ch - 'a');
    groups.push_back(sorted(g));
  }
  return groups;
}

std::vector<Group> guarded_groups(const MatchingComponent& component, const std::vector<Group>& all) {
  std::vector<Group> out;
  for (const Group& g : all) {
    Group inside;
    for (Cell c : g)
      if (std::binary_search(component.markers.begin(), component.markers.end(), c)) inside.push_back(c);
    if (guards(component, inside)) out.push_back(inside);
  }
  return minimal_groups(out);
}

std::optional<std::vector<Group>> local_groups(const std::vector<Cell>& markers, const std::vector<Group>& groups) {
  std::vector<Group> found;
  for (const Group& g : groups) {
    Group local;
    for (Cell c : g) {
      const auto it = std::lower_bound(markers.begin(), markers.end(), c);
      if (it == markers.end() || *it != c) return std::nullopt;
      local.push_back(static_cast<Cell>(it - markers.begin()));
    }
    found.push_back(sorted(local));
  }
  return found;
}

bool same_configuration(int markers, const std::vector<Group>& a, const std::vector<Group>& b) {
  return isomorphic(markers, a, b);
}

std::string recognise(const std::vector<Cell>& markers, const std::vector<Group>& groups) {
  const int n = static_cast<int>(markers.size());
  const auto found = local_groups(markers, groups);
  if (!found) return "";
  for (const Configuration& c : matching_configurations())
    if (c.markers == n && isomorphic(n, configuration_groups(c), *found)) return c.name;
  return "";
}

ConfigurationExample configuration_example(const Configuration& configuration) {
  constexpr int kLine = 4;
  ConfigurationExample example;
  Game& game = example.game;
  game.spec = "example:" + configuration.name;
  game.family = "file";
  std::vector<Cell> black, white;
  int cells = configuration.markers;
  for (Group group : configuration_groups(configuration)) {
    while (static_cast<int>(group.size()) < kLine) {
      black.push_back(cells);
      group.push_back(cells++);
    }
    game.lines.push_back(group);
  }
  for (std::size_t i = 0; i < black.size(); ++i) white.push_back(cells++);
  game.extent = {cells};
  for (int c = 0; c < cells; ++c) game.coords.push_back({c});
  finish_game(game);
  std::vector<Turn> turns;
  for (std::size_t i = 0; i < black.size(); ++i) {
    turns.push_back({black[i]});
    turns.push_back({white[i]});
  }
  example.moves = format_turns(game, turns);
  return example;
}

namespace {

// A configuration with its coverings over the abstract markers 0..n-1.
struct PlannedConfiguration {
  const Configuration* configuration;
  std::vector<Group> groups;
  std::vector<MatchingComponent> plan;
};

const std::vector<PlannedConfiguration>& planned_catalog() {
  static const std::vector<PlannedConfiguration> list = [] {
    std::vector<PlannedConfiguration> out;
    for (const Configuration& c : matching_configurations()) {
      PlannedConfiguration p{&c, configuration_groups(c), {}};
      PairingFinder finder;
      if (auto plan = finder.plan(p.groups, 2)) p.plan = std::move(*plan);
      else continue;  // not coverable within two levels: never used
      out.push_back(std::move(p));
    }
    // The biggest saving first: markers needed by plain pairs minus markers used.
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
      return 2 * a.groups.size() - a.configuration->markers > 2 * b.groups.size() - b.configuration->markers;
    });
    return out;
  }();
  return list;
}

MatchingComponent mapped(const MatchingComponent& c, const std::vector<Cell>& image) {
  MatchingComponent out;
  for (Cell m : c.markers) out.markers.push_back(image[m]);
  std::sort(out.markers.begin(), out.markers.end());
  for (Cell m : out.markers)
    for (const auto& covering : c.coverings)
      if (image[covering.attack] == m) {
        MatchingComponent::Covering k{m, image[covering.reply], {}};
        for (const MatchingComponent& sub : covering.then) k.then.push_back(mapped(sub, image));
        out.coverings.push_back(std::move(k));
      }
  return out;
}

class CatalogCombiner {
 public:
  CatalogCombiner(const std::vector<Group>& groups, int max_sets) : groups_(groups), max_sets_(max_sets) {}

  std::optional<std::vector<MatchingComponent>> run() {
    std::vector<char> group_used(groups_.size(), 0);
    std::vector<char> cell_used;
    for (const Group& g : groups_)
      for (Cell c : g)
        if (c >= static_cast<Cell>(cell_used.size())) cell_used.resize(c + 1, 0);
    if (combine(group_used, cell_used, 0)) return chosen_;
    return std::nullopt;
  }

 private:
  static constexpr long kBudget = 200000;

  // Pairs for the groups no chosen configuration guards, on the cells none of them uses.
  bool pair_rest(const std::vector<char>& group_used, const std::vector<char>& cell_used) {
    std::vector<Group> rest;
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      if (group_used[g]) continue;
      bool guarded = false;
      for (const MatchingComponent& c : chosen_) guarded |= !guarded_groups(c, {groups_[g]}).empty();
      if (guarded) continue;
      Group left;
      for (Cell c : groups_[g])
        if (!cell_used[c]) left.push_back(c);
      if (left.empty()) return false;
      rest.push_back(std::move(left));
    }
    std::vector<std::pair<Cell, Cell>> pairs;
    if (!finder_.pair(rest, &pairs)) return false;
    for (const auto& [a, b] : pairs) chosen_.push_back(make_pair_component(a, b));
    return true;
  }

  bool combine(std::vector<char>& group_used, std::vector<char>& cell_used, int sets) {
    if (pair_rest(group_used, cell_used)) return true;
    if (sets == max_sets_ || steps_ > kBudget) return false;
    for (const PlannedConfiguration& p : planned_catalog()) {
      std::vector<Cell> image(p.configuration->markers, -1);  // one per level of combining
      if (embed(p, 0, image, group_used, cell_used, sets)) return true;
      if (steps_ > kBudget) return false;
    }
    return false;
  }

  // Maps configuration group i (and its unmapped markers) onto an unused group.
  bool embed(const PlannedConfiguration& p, std::size_t i, std::vector<Cell>& image,
             std::vector<char>& group_used, std::vector<char>& cell_used, int sets) {
    if (++steps_ > kBudget) return false;
    if (i == p.groups.size()) {
      for (const MatchingComponent& c : p.plan) chosen_.push_back(mapped(c, image));
      const std::size_t size = chosen_.size();
      if (combine(group_used, cell_used, sets + 1)) return true;
      chosen_.resize(size - p.plan.size());
      return false;
    }
    const Group& letters = p.groups[i];
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      if (group_used[g]) continue;
      const Group& cells = groups_[g];
      bool fits = true;
      std::vector<Cell> open;
      for (Cell m : letters) {
        if (image[m] >= 0) fits &= std::binary_search(cells.begin(), cells.end(), image[m]);
        else open.push_back(m);
      }
      if (!fits) continue;
      group_used[g] = 1;
      if (assign(p, i, open, 0, g, image, group_used, cell_used, sets)) return true;
      group_used[g] = 0;
      if (steps_ > kBudget) return false;
    }
    return false;
  }

  // Gives the open markers of configuration group i distinct free cells of group g.
  bool assign(const PlannedConfiguration& p, std::size_t i, const std::vector<Cell>& open, std::size_t k,
              std::size_t g, std::vector<Cell>& image, std::vector<char>& group_used,
              std::vector<char>& cell_used, int sets) {
    if (k == open.size()) return embed(p, i + 1, image, group_used, cell_used, sets);
    for (Cell c : groups_[g]) {
      if (cell_used[c]) continue;
      cell_used[c] = 1;
      image[open[k]] = c;
      if (assign(p, i, open, k + 1, g, image, group_used, cell_used, sets)) return true;
      image[open[k]] = -1;
      cell_used[c] = 0;
      if (steps_ > kBudget) return false;
    }
    return false;
  }

  const std::vector<Group>& groups_;
  int max_sets_;
  PairingFinder finder_;
  std::vector<MatchingComponent> chosen_;
  long steps_ = 0;
};

}  // namespace

std::optional<std::vector<MatchingComponent>> plan_from_catalog(const std::vector<Group>& groups, int max_sets) {
  for (const Group& g : groups)
    if (g.empty()) return std::nullopt;
  return CatalogCombiner(groups, max_sets).run();
}

}  // namespace kinrow
