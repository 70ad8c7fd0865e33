#include "search/pairing_catalog.h"

#include <algorithm>
#include <functional>

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
  return out;
}

std::string recognise(const std::vector<Cell>& markers, const std::vector<Group>& groups) {
  const int n = static_cast<int>(markers.size());
  std::vector<Group> found;
  for (const Group& g : groups) {
    Group local;
    for (Cell c : g) {
      const auto it = std::lower_bound(markers.begin(), markers.end(), c);
      if (it == markers.end() || *it != c) return "";
      local.push_back(static_cast<Cell>(it - markers.begin()));
    }
    found.push_back(local);
  }
  for (const Configuration& c : matching_configurations())
    if (c.markers == n && isomorphic(n, configuration_groups(c), found)) return c.name;
  return "";
}

}  // namespace kinrow
