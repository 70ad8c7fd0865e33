#include "search/line_pairing.h"

#include <algorithm>

#include "games/board_tables.h"

namespace kinrow {

template <int W>
bool LinePairing<W>::pairable(std::span<const Cells> lines, const Cells& defender, const Cells& empty) {
  groups_.clear();
  for (const Cells& line : lines) {
    if (line.intersects(defender)) continue;
    const Cells group = line & empty;
    if (!group.several()) return clear_pairs();  // an open line one stone from completion, or complete
    groups_.push_back(group);
  }
  if (linear_) {
    // Nothing to sort, prune or share: straight to the matching, whose count of cells
    // against groups (Hall's condition on them all) rejects most positions at once.
    clear_pairs();
    return exclusive_pairs();
  }
  const uint64_t key = defender.hash() * 0x9E3779B97F4A7C15ull ^ empty.hash() * 0xD6E8FEB86659FD93ull;
  return pair_groups(empty, &key);
}

template <int W>
bool LinePairing<W>::pairable_groups(std::span<const Cells> groups) {
  groups_.assign(groups.begin(), groups.end());
  Cells empty;
  for (const Cells& g : groups_) {
    if (!g.several()) return clear_pairs();
    empty |= g;
  }
  return pair_groups(empty, nullptr);
}

template <int W>
bool LinePairing<W>::clear_pairs() {
  pairs_.clear();
  paired_cells_ = Cells{};
  shared_ = false;
  return false;
}

template <int W>
bool LinePairing<W>::pair_groups(const Cells& empty, const uint64_t* key) {
  clear_pairs();
  // Smaller groups first, so a group is dropped when a kept one lies inside it.
  std::sort(groups_.begin(), groups_.end(), [](const Cells& a, const Cells& b) { return a.count() < b.count(); });
  std::size_t kept = 0;
  for (std::size_t i = 0; i < groups_.size(); ++i) {
    const Cells g = groups_[i];
    if (std::any_of(groups_.begin(), groups_.begin() + kept, [&g](const Cells& k) { return k.subset_of(g); })) continue;
    groups_[kept++] = g;
  }
  groups_.resize(kept);
  if (exclusive_pairs()) return true;
  if (shared_budget_ == 0) return false;
  // The last shared pairs found often hold again (the next position differs by a stone
  // or two, away from them), and checking costs far less than searching.
  if (hint_holds(empty)) {
    pairs_ = hint_;
    for (const auto& [a, b] : pairs_) {
      paired_cells_.set(a);
      paired_cells_.set(b);
    }
    shared_ = true;
    return true;
  }
  // Df-pn enters a node again and again; a position whose search failed is not searched
  // again while it stays in this small table (a miss costs only search, as above).
  uint64_t* slot = nullptr;
  if (key) {
    if (failed_.empty()) failed_.resize(kFailedSlots);
    slot = &failed_[(*key ^ (*key >> 29)) & (kFailedSlots - 1)];
    if (*slot == *key) return false;
  }
  if (!start_shared_pairs()) {
    if (slot) *slot = *key;
    return clear_pairs();  // and shared() says no again
  }
  hint_ = pairs_;
  return true;
}

template <int W>
bool LinePairing<W>::hint_holds(const Cells& empty) const {
  if (hint_.empty()) return false;
  for (const auto& [a, b] : hint_)
    if (!empty.test(a) || !empty.test(b)) return false;
  return std::all_of(groups_.begin(), groups_.end(), [&](const Cells& g) {
    return std::any_of(hint_.begin(), hint_.end(),
                       [&g](const std::pair<Cell, Cell>& p) { return g.test(p.first) && g.test(p.second); });
  });
}

// Two cells of its own for every group: a b-matching by augmenting paths.
template <int W>
bool LinePairing<W>::exclusive_pairs() {
  Cells cells;
  for (const Cells& g : groups_) cells |= g;
  // Hall's condition on all groups at once: two cells each.
  if (2 * groups_.size() > static_cast<std::size_t>(cells.count())) return false;
  cells.for_each([&](int c) { cell_slot_[c] = -1; });
  const int slots = static_cast<int>(2 * groups_.size());
  for (int slot = 0; slot < slots; ++slot) {
    seen_ = Cells{};
    if (!augment(slot)) return false;
  }
  pairs_.assign(groups_.size(), {-1, -1});
  cells.for_each([&](int c) {
    const int slot = cell_slot_[c];
    if (slot < 0) return;
    (slot % 2 ? pairs_[slot / 2].second : pairs_[slot / 2].first) = c;
    paired_cells_.set(c);
  });
  return true;
}

// Shared pairs: the open group with the fewest free cells must hold one of the pairs,
// so each pair of its free cells is tried, dropping every group that pair lies in.
// Depth first, within the step budget. Sets of groups are bit sets, and each cell knows
// the groups through it, so a pair's groups are one AND.
template <int W>
bool LinePairing<W>::start_shared_pairs() {
  if (groups_.size() > kMaxSharedGroups) return false;
  words_ = (groups_.size() + 63) / 64;  // the words of a GroupSet in use
  Cells cells;
  for (const Cells& g : groups_) cells |= g;
  cells.for_each([&](int c) { cell_groups_[c] = GroupSet{}; });
  GroupSet open{};
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    open[g / 64] |= uint64_t{1} << (g % 64);
    groups_[g].for_each([&](int c) { cell_groups_[c][g / 64] |= uint64_t{1} << (g % 64); });
  }
  steps_ = 0;
  pairs_.clear();
  shared_ = true;
  return shared_pairs(open, Cells{});
}

template <int W>
bool LinePairing<W>::shared_pairs(const GroupSet& open, const Cells& used) {
  int fewest = -1, fewest_free = 64 * W + 1;
  for (std::size_t w = 0; w < words_; ++w)
    for (uint64_t m = open[w]; m; m &= m - 1) {
      const int g = static_cast<int>(w * 64) + std::countr_zero(m);
      const int free = groups_[g].minus(used).count();
      if (free < fewest_free) fewest_free = free, fewest = g;
    }
  if (fewest < 0) {
    paired_cells_ = used;
    return true;
  }
  if (fewest_free < 2 || ++steps_ > shared_budget_) return false;
  // The most promising pairs first: those in the most open groups, and whose cells the
  // fewest other open groups need (a pair narrows every group through one of its cells
  // that it does not serve). A group served counts three narrowed: on the 7x7x5, 8x6x5
  // and 9x6x5 draws, df-pn then takes 30 to 49 % fewer nodes than with the groups served
  // alone (docs/benchmarks.md, "The shared-pair search's order").
  struct Candidate {
    Cell a, b;
    int score;
  };
  std::array<Candidate, 64> candidates;
  std::size_t count = 0;
  const Cells free = groups_[fewest].minus(used);
  for (auto i = free.begin(); i != free.end() && count < candidates.size(); ++i) {
    const Cell a = *i;
    auto j = i;
    for (++j; j != free.end() && count < candidates.size(); ++j) {
      const Cell b = *j;
      int serves = 0, narrows = 0;
      for (std::size_t w = 0; w < words_; ++w) {
        const uint64_t both = cell_groups_[a][w] & cell_groups_[b][w], either = cell_groups_[a][w] | cell_groups_[b][w];
        serves += std::popcount(open[w] & both);
        narrows += std::popcount(open[w] & either & ~both);
      }
      candidates[count++] = {a, b, 3 * serves - narrows};
    }
  }
  // Insertion sort, stable: a handful of candidates, and no allocation.
  for (std::size_t i = 1; i < count; ++i)
    for (std::size_t j = i; j > 0 && candidates[j - 1].score < candidates[j].score; --j)
      std::swap(candidates[j - 1], candidates[j]);
  for (std::size_t i = 0; i < count; ++i) {
    const Cell a = candidates[i].a, b = candidates[i].b;
    GroupSet rest;
    for (std::size_t w = 0; w < words_; ++w) rest[w] = open[w] & ~(cell_groups_[a][w] & cell_groups_[b][w]);
    pairs_.emplace_back(a, b);
    Cells more = used;
    more.set(a);
    more.set(b);
    if (shared_pairs(rest, more)) return true;
    pairs_.pop_back();
    if (steps_ > shared_budget_) return false;
  }
  return false;
}

template <int W>
typename LinePairing<W>::Cells LinePairing<W>::reply_zone(std::span<const Cells> lines, const Cells& defender,
                                                          const Cells& empty, Cell& reply) {
  // The two cells on most groups: a stone there removes the most work from the pairing.
  empty.for_each([&](int c) { groups_on_[c] = 0; });
  for (const Cells& line : lines)
    if (!line.intersects(defender)) (line & empty).for_each([&](int c) { ++groups_on_[c]; });
  Cell first = -1, second = -1;
  empty.for_each([&](int c) {
    if (first < 0 || groups_on_[c] > groups_on_[first]) second = first, first = c;
    else if (second < 0 || groups_on_[c] > groups_on_[second]) second = c;
  });
  for (Cell c : {first, second}) {
    if (c < 0) continue;
    const Cells stone = Cells::single(c);
    if (pairable(lines, defender | stone, empty.minus(stone))) {
      reply = c;
      return paired_cells() | stone;
    }
  }
  return {};
}

// Kuhn's augmenting path from `slot` (its group is slot / 2): true if it found a cell.
template <int W>
bool LinePairing<W>::augment(int slot) {
  for (Cell c : groups_[slot / 2].minus(seen_)) {
    if (seen_.test(c)) continue;  // visited deeper in this same search
    seen_.set(c);
    if (cell_slot_[c] < 0 || augment(cell_slot_[c])) {
      cell_slot_[c] = static_cast<int16_t>(slot);
      return true;
    }
  }
  return false;
}

#define INSTANTIATE(W) template class LinePairing<W>;
KINROW_FOR_EACH_WIDTH(INSTANTIATE)
#undef INSTANTIATE

}  // namespace kinrow
