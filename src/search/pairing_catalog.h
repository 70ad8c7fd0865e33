// The drawing configurations of Uiterwijk's Table 1, as abstract hypergraphs, and the
// recognition of a found matching set as one of them.
//
// A configuration is its markers (letters a, b, ...) and its groups, each written as the
// markers it holds — the paper's notation: the Triangle is {a-e}, {ab, adc, bec}. Only the
// structure is listed here; kinrow finds the coverings itself (the paper gives none for
// three of them) and tests that it needs exactly the listed markers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "proof/matching_plan.h"
#include "search/pairing.h"

namespace kinrow {

struct Configuration {
  std::string name;
  int markers = 0;
  std::vector<std::string> groups;  // each group as its marker letters
};

// Uiterwijk's Table 1 (every named row), then the general cycles C5..C8 and Cn/Line.
const std::vector<Configuration>& matching_configurations();

// The groups of `all` that `component` guards (whatever the attacker does there, the
// defender ends with a stone in the group's markers), restricted to its markers, and
// only those minimal under inclusion (minimal_groups).
std::vector<Group> guarded_groups(const MatchingComponent& component, const std::vector<Group>& all);

// The name of the configuration whose markers and groups match `groups` (over the
// markers `markers`) up to renaming, or "" if none does.
std::string recognise(const std::vector<Cell>& markers, const std::vector<Group>& groups);

// The groups renumbered over the markers (marker i becomes i), or none if a group holds a
// cell that is no marker.
std::optional<std::vector<Group>> local_groups(const std::vector<Cell>& markers, const std::vector<Group>& groups);

// Whether two set systems over markers 0..markers-1 are the same up to renaming.
bool same_configuration(int markers, const std::vector<Group>& a, const std::vector<Group>& b);

// The configuration as groups over cells 0..markers-1.
std::vector<Group> configuration_groups(const Configuration& configuration);

// A plan built from the catalogue: independent configurations embedded in `groups`
// (disjoint markers, disjoint groups; a configuration's group may be any group holding its
// markers), with plain pairs for the groups they leave. Each configuration's coverings are
// found once by PairingFinder on the abstract configuration. Tries configurations in
// order of their saving, at most `max_sets` of them, within a budget of embedding steps.
std::optional<std::vector<MatchingComponent>> plan_from_catalog(const std::vector<Group>& groups,
                                                                int max_sets = 3);

// An example position holding the configuration and nothing simpler, by the paper's
// rules for its diagrams: lines of 4 cells and no others, the configuration's markers
// empty, every other cell of its groups the first player's (Black), as many second-player
// stones on cells of no line, and Black to move. Cells 0..markers-1 are the markers.
struct ConfigurationExample {
  Game game;  // a hypergraph game named "example:NAME" (not a spec kinrow can parse)
  std::string moves;  // from the empty board to the position
};
ConfigurationExample configuration_example(const Configuration& configuration);

}  // namespace kinrow
