// Pairings by augmenting paths, matching sets by a small search on the Hall violator.
#include "search/pairing.h"

#include <algorithm>

#include "core/error.h"
#include "games/board_dispatch.h"
#include "games/board_tables.h"
#include "search/line_pairing.h"
#include "search/pairing_catalog.h"

namespace kinrow {

const char* pairing_mode_name(PairingMode mode) {
  switch (mode) {
    case PairingMode::Off: return "off";
    case PairingMode::HalesJewett: return "hj";
    case PairingMode::Shared: return "shared";
    case PairingMode::Matching: return "matching";
  }
  return "?";
}

PairingMode parse_pairing_mode(std::string_view text) {
  if (text == "off" || text == "none") return PairingMode::Off;
  if (text == "hj") return PairingMode::HalesJewett;
  if (text == "shared") return PairingMode::Shared;
  if (text == "matching") return PairingMode::Matching;
  throw InputError("unknown pairing \"" + printable(text) + "\" (known: off, hj, shared, matching)");
}

bool pairing_applies(const Rules& rules, int defender) {
  if (rules.gravity || rules.stones_per_turn != 1 || rules.first_turn_stones != 1) return false;
  if (rules.goal == Goal::Misere) return false;
  return rules.goal != Goal::MakerBreaker || defender == 1;
}

std::vector<Group> attacker_groups(const Position& position, int defender, const std::vector<Cell>* zone) {
  const Game& game = position.game();
  std::vector<Group> groups;
  if (game.rules.goal == Goal::MakerBreaker && defender != 1) return groups;
  for (const Line& line : game.lines) {
    if (zone && std::none_of(line.begin(), line.end(), [&](Cell c) {
          return std::find(zone->begin(), zone->end(), c) != zone->end();
        }))
      continue;
    Group group;
    bool blocked = false;
    for (Cell c : line) {
      if (position.owner(c) == defender) blocked = true;
      if (position.owner(c) == kNoPlayer) group.push_back(c);
    }
    if (!blocked) groups.push_back(std::move(group));
  }
  return groups;
}

// Kuhn's augmenting path from `slot` (group slot / 2): true if it found a cell.
bool PairingFinder::augment(int slot) {
  for (Cell c : groups_[slot / 2]) {
    if (seen_[c] == stamp_) continue;
    seen_[c] = stamp_;
    if (cell_slot_[c] < 0 || augment(cell_slot_[c])) {
      cell_slot_[c] = slot;
      slot_cell_[slot] = c;
      return true;
    }
  }
  return false;
}

bool PairingFinder::pair(std::span<const Group> groups, std::vector<std::pair<Cell, Cell>>* pairs) {
  ++tried_;
  groups_ = groups;
  core_.clear();
  Cell top = -1;
  for (const Group& g : groups)
    for (Cell c : g) top = std::max(top, c);
  if (static_cast<int>(cell_slot_.size()) <= top) {
    cell_slot_.resize(top + 1, -1);
    seen_.resize(top + 1, 0);
  }
  for (const Group& g : groups)
    for (Cell c : g) cell_slot_[c] = -1;
  const int slots = 2 * static_cast<int>(groups.size());
  slot_cell_.assign(slots, -1);
  bool complete = true;
  for (int s = 0; s < slots; ++s) {
    if (++stamp_ == 0) {  // wrapped: forget every old visit
      std::fill(seen_.begin(), seen_.end(), 0);
      stamp_ = 1;
    }
    if (augment(s)) continue;
    // Everything this failed search reached is a Hall violator: the cells it visited are
    // all held by slots of groups whose cells it visited too, and this slot got none.
    complete = false;
    std::vector<char> in_core(groups.size(), 0);
    in_core[s / 2] = 1;
    for (const Group& g : groups)
      for (Cell c : g)
        if (seen_[c] == stamp_ && cell_slot_[c] >= 0) in_core[cell_slot_[c] / 2] = 1;
    for (int g = 0; g < static_cast<int>(groups.size()); ++g)
      if (in_core[g]) core_.push_back(g);
    break;
  }
  if (complete && pairs) {
    pairs->clear();
    for (int g = 0; g < static_cast<int>(groups.size()); ++g)
      pairs->emplace_back(slot_cell_[2 * g], slot_cell_[2 * g + 1]);
  }
  return complete;
}

namespace {

std::vector<Cell> cells_of(const std::vector<Group>& groups) {
  std::vector<Cell> cells;
  for (const Group& g : groups) cells.insert(cells.end(), g.begin(), g.end());
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  return cells;
}

bool contains(const Group& g, Cell c) { return std::binary_search(g.begin(), g.end(), c); }

Group without(const Group& g, Cell c) {
  Group out;
  out.reserve(g.size());
  for (Cell d : g)
    if (d != c) out.push_back(d);
  return out;
}

// The groups left after the attacker takes `attack` and the defender `reply`: those the
// reply does not touch, without the attacker's cell (it is no longer a marker).
std::vector<Group> after(const std::vector<Group>& groups, Cell attack, Cell reply) {
  std::vector<Group> out;
  for (const Group& g : groups)
    if (!contains(g, reply)) out.push_back(without(g, attack));
  return out;
}

// A group holding all the cells of another is guarded with it (the defender's stone in
// the smaller one is in both), so only groups minimal under inclusion need a plan.
// Without this, two lines sharing their last two empty cells would need four cells.
}  // namespace

std::vector<Group> minimal_groups(const std::vector<Group>& groups) {
  std::vector<std::size_t> order(groups.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return groups[a].size() < groups[b].size(); });
  std::vector<Group> kept;
  for (std::size_t i : order) {
    const Group& g = groups[i];
    const bool implied = std::any_of(kept.begin(), kept.end(), [&](const Group& k) {
      return std::includes(g.begin(), g.end(), k.begin(), k.end());
    });
    if (!implied) kept.push_back(g);
  }
  return kept;
}

namespace {

// The groups without the set's markers: what is left for the rest of the plan.
std::vector<Group> without_markers(const std::vector<Group>& groups, const MatchingComponent& set) {
  std::vector<Group> rest;
  for (const Group& g : groups) {
    Group left;
    for (Cell c : g)
      if (!std::binary_search(set.markers.begin(), set.markers.end(), c)) left.push_back(c);
    rest.push_back(std::move(left));
  }
  return rest;
}

}  // namespace

std::optional<std::vector<MatchingComponent>> PairingFinder::plan(const std::vector<Group>& all,
                                                                   int depth, bool minimise) {
  for (const Group& g : all)
    if (g.empty()) return std::nullopt;
  const std::vector<Group> groups = minimal_groups(all);
  std::vector<std::pair<Cell, Cell>> pairs;
  if (pair(groups, &pairs)) {
    std::vector<MatchingComponent> out;
    for (const auto& [a, b] : pairs) out.push_back(make_pair_component(a, b));
    return out;
  }
  if (depth == 0) return std::nullopt;

  // The matching set starts on the Hall violator; when what it leaves cannot be paired
  // (a group shares markers with it), it takes in the groups touching it and tries again.
  std::vector<char> in_set(groups.size(), 0);
  for (int g : core_) in_set[g] = 1;
  for (;;) {
    std::vector<Group> inside, outside;
    for (std::size_t g = 0; g < groups.size(); ++g) (in_set[g] ? inside : outside).push_back(groups[g]);
    if (auto set = component(inside, depth)) {
      // With `minimise`, first the smallest set: groups it can leave to the rest, then
      // markers it can spare; if the rest cannot do without them, the set as found.
      if (minimise) {
        std::vector<Group> small_inside = inside, small_outside = outside;
        MatchingComponent small = *set;
        shed_groups(small_inside, small_outside, small, depth);
        minimise_component(small_inside, small, depth);
        if (auto others = plan(without_markers(small_outside, small), depth, minimise)) {
          others->insert(others->begin(), std::move(small));
          return others;
        }
      }
      if (auto others = plan(without_markers(outside, *set), depth, minimise)) {
        others->insert(others->begin(), std::move(*set));
        return others;
      }
    }
    const std::vector<Cell> cells = cells_of(inside);
    bool grew = false;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      if (in_set[g]) continue;
      for (Cell c : groups[g])
        if (std::binary_search(cells.begin(), cells.end(), c)) {
          in_set[g] = 1;
          grew = true;
          break;
        }
    }
    if (!grew) return std::nullopt;
  }
}

std::optional<MatchingComponent> PairingFinder::component(const std::vector<Group>& groups, int depth) {
  MatchingComponent set;
  set.markers = cells_of(groups);
  // Replies worth trying first: cells on many of the groups the attack strengthens.
  for (Cell attack : set.markers) {
    std::vector<std::pair<int, Cell>> replies;
    for (Cell reply : set.markers) {
      if (reply == attack) continue;
      int with_attack = 0, total = 0;
      for (const Group& g : groups) {
        if (!contains(g, reply)) continue;
        ++total;
        with_attack += contains(g, attack);
      }
      replies.emplace_back(-(4 * with_attack + total), reply);
    }
    std::stable_sort(replies.begin(), replies.end());
    bool covered = false;
    for (const auto& [order, reply] : replies) {
      auto then = plan(after(groups, attack, reply), depth - 1, false);
      if (!then) continue;
      set.coverings.push_back({attack, reply, std::move(*then)});
      covered = true;
      break;
    }
    if (!covered) return std::nullopt;
  }
  return set;
}

void PairingFinder::shed_groups(std::vector<Group>& inside, std::vector<Group>& outside,
                                MatchingComponent& set, int depth) {
  for (std::size_t i = inside.size(); i-- > 0 && inside.size() > 1;) {
    std::vector<Group> fewer = inside;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
    if (auto smaller = component(fewer, depth)) {
      outside.push_back(inside[i]);
      inside = std::move(fewer);
      set = std::move(*smaller);
    }
  }
}

void PairingFinder::minimise_component(std::vector<Group>& groups, MatchingComponent& set, int depth) {
  for (bool dropped = true; dropped;) {
    dropped = false;
    for (Cell marker : set.markers) {
      std::vector<Group> fewer;
      bool possible = true;
      for (const Group& g : groups) {
        fewer.push_back(without(g, marker));
        possible &= !fewer.back().empty();
      }
      if (!possible) continue;
      if (auto smaller = component(fewer, depth)) {
        groups = std::move(fewer);
        set = std::move(*smaller);
        dropped = true;
        break;
      }
    }
  }
}

namespace {

template <int W>
bool shared_pairs_of(std::span<const Group> groups, std::vector<std::pair<Cell, Cell>>* pairs, int steps) {
  std::vector<Bits<W>> masks;
  for (const Group& g : groups) {
    Bits<W> m;
    for (Cell c : g) m.set(c);
    masks.push_back(m);
  }
  LinePairing<W> finder;
  finder.set_shared_budget(steps);
  if (!finder.pairable_groups(masks)) return false;
  if (pairs) *pairs = finder.pairs();
  return true;
}

}  // namespace

bool PairingFinder::shared_pairs(std::span<const Group> groups, std::vector<std::pair<Cell, Cell>>* pairs,
                                 int steps) {
  Cell last = 0;
  for (const Group& g : groups)
    for (Cell c : g) last = std::max(last, c);
  if (last >= kMaxBoardCells) return false;
  ++tried_;
  return with_width(board_words(last + 1, "a pairing's board"),
                    [&](auto words) { return shared_pairs_of<decltype(words)::value>(groups, pairs, steps); });
}

std::optional<DefenceProof> prove_defence(const Position& position, int defender, PairingMode mode,
                                          int depth, uint64_t* pairings_tried) {
  if (mode == PairingMode::Off || !pairing_applies(position.game().rules, defender)) return std::nullopt;
  if (mode == PairingMode::HalesJewett || mode == PairingMode::Shared) depth = 0;
  const bool minimise = mode == PairingMode::Matching;
  PairingFinder finder;
  auto finish = [&](std::optional<DefenceProof> proof) {
    if (pairings_tried) *pairings_tried = finder.pairings_tried();
    if (proof) proof->pairings_tried = finder.pairings_tried();
    return proof;
  };
  // Plain pairs first, then the paper's configurations combined, then the search.
  auto find = [&](const std::vector<Group>& groups) {
    auto plan = finder.plan(groups, 0);
    std::vector<std::pair<Cell, Cell>> pairs;
    if (!plan && mode == PairingMode::Shared && finder.shared_pairs(groups, &pairs)) {
      plan.emplace();
      for (const auto& [a, b] : pairs) plan->push_back(make_pair_component(a, b));
    }
    if (!plan && mode == PairingMode::Matching) plan = plan_from_catalog(groups);
    if (!plan && depth > 0) plan = finder.plan(groups, depth, minimise);
    return plan;
  };
  const std::vector<Group> groups = attacker_groups(position, defender);
  if (position.to_move() != defender) {
    auto plan = find(groups);
    if (!plan) return finish(std::nullopt);
    return finish(DefenceProof{{-1, std::move(*plan)}, 0});
  }

  // The defender moves first. Openings on many groups block most; a plan that needs no
  // opening at all can spare one of its unused cells.
  const Game& game = position.game();
  std::vector<std::pair<int, Cell>> openings;
  for (Cell c = 0; c < game.cell_count(); ++c) {
    if (position.owner(c) != kNoPlayer) continue;
    int on = 0;
    for (const Group& g : groups) on += contains(g, c);
    openings.emplace_back(-on, c);
  }
  std::stable_sort(openings.begin(), openings.end());
  for (const auto& [order, opening] : openings) {
    std::vector<Group> left;
    for (const Group& g : groups)
      if (!contains(g, opening)) left.push_back(g);
    if (auto plan = find(left)) return finish(DefenceProof{{opening, std::move(*plan)}, 0});
  }
  return finish(std::nullopt);
}

}  // namespace kinrow
