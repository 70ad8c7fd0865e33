#include "search/line_pairing.h"

#include <algorithm>
#include <bit>

namespace kinrow {

bool LinePairing::pairable(std::span<const CellMask> lines, CellMask defender, CellMask empty) {
  groups_.clear();
  for (CellMask line : lines) {
    if (line & defender) continue;
    const CellMask group = line & empty;
    if (std::popcount(group) < 2) return clear_pairs();  // an open line one stone from completion, or complete
    groups_.push_back(group);
  }
  if (linear_) {
    // Nothing to sort, prune or share: straight to the matching, whose count of cells
    // against groups (Hall's condition on them all) rejects most positions at once.
    clear_pairs();
    return exclusive_pairs();
  }
  const Failed key{defender, empty};
  return pair_groups(empty, &key);
}

bool LinePairing::pairable_groups(std::span<const CellMask> groups) {
  groups_.assign(groups.begin(), groups.end());
  CellMask empty = 0;
  for (CellMask g : groups_) {
    if (std::popcount(g) < 2) return clear_pairs();
    empty |= g;
  }
  return pair_groups(empty, nullptr);
}

bool LinePairing::clear_pairs() {
  pairs_.clear();
  paired_cells_ = 0;
  shared_ = false;
  return false;
}

bool LinePairing::pair_groups(CellMask empty, const Failed* key) {
  clear_pairs();
  // Smaller groups first, so a group is dropped when a kept one lies inside it.
  std::sort(groups_.begin(), groups_.end(),
            [](CellMask a, CellMask b) { return std::popcount(a) < std::popcount(b); });
  std::size_t kept = 0;
  for (std::size_t i = 0; i < groups_.size(); ++i) {
    const CellMask g = groups_[i];
    if (std::any_of(groups_.begin(), groups_.begin() + kept, [g](CellMask k) { return (k & ~g) == 0; })) continue;
    groups_[kept++] = g;
  }
  groups_.resize(kept);
  if (exclusive_pairs()) return true;
  if (shared_budget_ == 0) return false;
  // The last shared pairs found often hold again (the next position differs by a stone
  // or two, away from them), and checking costs far less than searching.
  if (hint_holds(empty)) {
    pairs_ = hint_;
    for (const auto& [a, b] : pairs_) paired_cells_ |= (CellMask{1} << a) | (CellMask{1} << b);
    shared_ = true;
    return true;
  }
  // Df-pn enters a node again and again; a position whose search failed is not searched
  // again while it stays in this small table (a miss costs only search, as above).
  Failed* slot = nullptr;
  if (key) {
    if (failed_.empty()) failed_.resize(kFailedSlots);
    const uint64_t hash = (key->defender * 0x9E3779B97F4A7C15ull) ^ (key->empty * 0xD6E8FEB86659FD93ull);
    slot = &failed_[(hash ^ (hash >> 29)) & (kFailedSlots - 1)];
    if (slot->defender == key->defender && slot->empty == key->empty) return false;
  }
  if (!start_shared_pairs()) {
    if (slot) *slot = *key;
    return clear_pairs();  // and shared() says no again
  }
  hint_ = pairs_;
  return true;
}

bool LinePairing::hint_holds(CellMask empty) const {
  if (hint_.empty()) return false;
  for (const auto& [a, b] : hint_)
    if (!(empty >> a & 1) || !(empty >> b & 1)) return false;
  return std::all_of(groups_.begin(), groups_.end(), [&](CellMask g) {
    return std::any_of(hint_.begin(), hint_.end(),
                       [g](const std::pair<Cell, Cell>& p) { return (g >> p.first & 1) && (g >> p.second & 1); });
  });
}

// Two cells of its own for every group: a b-matching by augmenting paths.
bool LinePairing::exclusive_pairs() {
  CellMask cells = 0;
  for (CellMask g : groups_) cells |= g;
  // Hall's condition on all groups at once: two cells each.
  if (2 * groups_.size() > static_cast<std::size_t>(std::popcount(cells))) return false;
  cell_slot_.fill(-1);
  const int slots = static_cast<int>(2 * groups_.size());
  for (int slot = 0; slot < slots; ++slot) {
    seen_ = 0;
    if (!augment(slot)) return false;
  }
  pairs_.assign(groups_.size(), {-1, -1});
  for (int c = 0; c < 64; ++c) {
    const int slot = cell_slot_[c];
    if (slot < 0) continue;
    (slot % 2 ? pairs_[slot / 2].second : pairs_[slot / 2].first) = c;
    paired_cells_ |= CellMask{1} << c;
  }
  return true;
}

// Shared pairs: the open group with the fewest free cells must hold one of the pairs,
// so each pair of its free cells is tried, dropping every group that pair lies in.
// Depth first, within the step budget. Sets of groups are bit sets, and each cell knows
// the groups through it, so a pair's groups are one AND.
bool LinePairing::start_shared_pairs() {
  if (groups_.size() > kMaxSharedGroups) return false;
  words_ = (groups_.size() + 63) / 64;  // the words of a GroupSet in use
  cell_groups_.fill(GroupSet{});
  GroupSet open{};
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    open[g / 64] |= uint64_t{1} << (g % 64);
    for (CellMask m = groups_[g]; m; m &= m - 1) cell_groups_[std::countr_zero(m)][g / 64] |= uint64_t{1} << (g % 64);
  }
  steps_ = 0;
  pairs_.clear();
  shared_ = true;
  return shared_pairs(open, 0);
}

bool LinePairing::shared_pairs(const GroupSet& open, CellMask used) {
  int fewest = -1, fewest_free = 65;
  for (std::size_t w = 0; w < words_; ++w)
    for (uint64_t m = open[w]; m; m &= m - 1) {
      const int g = static_cast<int>(w * 64) + std::countr_zero(m);
      const int free = std::popcount(groups_[g] & ~used);
      if (free < fewest_free) fewest_free = free, fewest = g;
    }
  if (fewest < 0) {
    paired_cells_ = used;
    return true;
  }
  if (fewest_free < 2 || ++steps_ > shared_budget_) return false;
  // The pairs in the most open groups first.
  struct Candidate {
    Cell a, b;
    int serves;
  };
  std::array<Candidate, 64> candidates;
  std::size_t count = 0;
  for (CellMask m = groups_[fewest] & ~used; m && count < candidates.size(); m &= m - 1) {
    const Cell a = std::countr_zero(m);
    for (CellMask n = m & (m - 1); n && count < candidates.size(); n &= n - 1) {
      const Cell b = std::countr_zero(n);
      int serves = 0;
      for (std::size_t w = 0; w < words_; ++w)
        serves += std::popcount(open[w] & cell_groups_[a][w] & cell_groups_[b][w]);
      candidates[count++] = {a, b, serves};
    }
  }
  // Insertion sort, stable: a handful of candidates, and no allocation.
  for (std::size_t i = 1; i < count; ++i)
    for (std::size_t j = i; j > 0 && candidates[j - 1].serves < candidates[j].serves; --j)
      std::swap(candidates[j - 1], candidates[j]);
  for (std::size_t i = 0; i < count; ++i) {
    const Cell a = candidates[i].a, b = candidates[i].b;
    GroupSet rest;
    for (std::size_t w = 0; w < words_; ++w) rest[w] = open[w] & ~(cell_groups_[a][w] & cell_groups_[b][w]);
    pairs_.emplace_back(a, b);
    if (shared_pairs(rest, used | (CellMask{1} << a) | (CellMask{1} << b))) return true;
    pairs_.pop_back();
    if (steps_ > shared_budget_) return false;
  }
  return false;
}

CellMask LinePairing::reply_zone(std::span<const CellMask> lines, CellMask defender, CellMask empty, Cell& reply) {
  // The two cells on most groups: a stone there removes the most work from the pairing.
  std::array<uint16_t, 64> groups_on{};  // file: games may put many lines through a cell
  for (CellMask line : lines)
    if (!(line & defender))
      for (CellMask m = line & empty; m; m &= m - 1) ++groups_on[std::countr_zero(m)];
  Cell first = -1, second = -1;
  for (CellMask m = empty; m; m &= m - 1) {
    const Cell c = std::countr_zero(m);
    if (first < 0 || groups_on[c] > groups_on[first]) second = first, first = c;
    else if (second < 0 || groups_on[c] > groups_on[second]) second = c;
  }
  for (Cell c : {first, second}) {
    if (c < 0) continue;
    const CellMask stone = CellMask{1} << c;
    if (pairable(lines, defender | stone, empty & ~stone)) {
      reply = c;
      return paired_cells() | stone;
    }
  }
  return 0;
}

// Kuhn's augmenting path from `slot` (its group is slot / 2): true if it found a cell.
bool LinePairing::augment(int slot) {
  for (CellMask m = groups_[slot / 2] & ~seen_; m; m &= m - 1) {
    const int c = std::countr_zero(m);
    if (seen_ >> c & 1) continue;  // visited deeper in this same search
    seen_ |= CellMask{1} << c;
    if (cell_slot_[c] < 0 || augment(cell_slot_[c])) {
      cell_slot_[c] = static_cast<int8_t>(slot);
      return true;
    }
  }
  return false;
}

}  // namespace kinrow
