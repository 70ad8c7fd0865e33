#include "search/row_values.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "core/hashing.h"

namespace kinrow {

namespace {

// Cell codes. The input's 0-2, and the marks this file adds.
constexpr uint8_t kEmpty = 0, kFirst = 1, kSecond = 2;
constexpr uint8_t kNotFirst = 3;   // empty, but the first player may never fill it
constexpr uint8_t kNotSecond = 4;  // empty, but the second player may never fill it
constexpr uint8_t kClosed = 5;     // never to be filled: no line through it can be completed

bool is_empty(uint8_t c) { return c == kEmpty || c == kNotFirst || c == kNotSecond; }
bool may_fill(uint8_t c, int player) { return c == kEmpty || c == (player == 1 ? kNotSecond : kNotFirst); }
uint8_t swap_colours(uint8_t c) {
  switch (c) {
    case kFirst: return kSecond;
    case kSecond: return kFirst;
    case kNotFirst: return kNotSecond;
    case kNotSecond: return kNotFirst;
    default: return c;
  }
}

}  // namespace

std::size_t RowValues::KeyHash::operator()(const Key& k) const {
  return static_cast<std::size_t>(SplitMix64(k.low ^ SplitMix64(k.high).next()).next());
}

RowValues::RowValues(int k, bool ring, int longest_part) : k_(k), ring_(ring), longest_part_(longest_part) {
  if (k < 2) throw std::invalid_argument("row values need k >= 2");
  longest_part_ = std::min(longest_part_, kMaxCells);
}

RowValues::Reading RowValues::read(const Row& row, int n) {
  if (n > kMaxCells) throw std::invalid_argument("row values: more than 32 cells");
  return analyse(row, n, ring_);
}

// Marks the cells, splits the row into parts and adds up their values.
RowValues::Reading RowValues::analyse(Row s, int n, bool ring) {
  Reading reading;
  const int windows = ring ? (n >= k_ ? n : 0) : std::max(0, n - k_ + 1);
  const auto at = [&](int w, int i) { return ring ? (w + i) % n : w + i; };

  // A line holding k - 1 stones of one player and one empty cell: he may never fill it.
  for (int w = 0; w < windows; ++w) {
    int stones[3] = {0, 0, 0}, holes = 0, hole = -1;
    for (int i = 0; i < k_; ++i) {
      const uint8_t c = s[at(w, i)];
      if (c == kFirst || c == kSecond) ++stones[c];
      else if (is_empty(c)) ++holes, hole = at(w, i);
    }
    for (int p = 1; p <= 2; ++p)
      if (stones[p] == k_ - 1 && holes == 1) {
        uint8_t& c = s[hole];
        const uint8_t mine = p == 1 ? kNotFirst : kNotSecond, other = p == 1 ? kNotSecond : kNotFirst;
        if (c == kEmpty) c = mine;
        else if (c == other) c = kClosed, reading.dead_cell = true;
      }
  }

  // The lines that still matter to someone, joined into parts through shared empty cells.
  std::array<bool, kMaxCells> live{};
  for (int w = 0; w < windows; ++w) {
    bool empty = false, first_ok = true, second_ok = true;
    for (int i = 0; i < k_; ++i) {
      const uint8_t c = s[at(w, i)];
      empty |= is_empty(c);
      if (c == kClosed) first_ok = second_ok = false;
      if (c == kSecond || c == kNotFirst) first_ok = false;
      if (c == kFirst || c == kNotSecond) second_ok = false;
    }
    live[w] = empty && (first_ok || second_ok);
  }
  std::array<int, kMaxCells> parent, owner;
  std::iota(parent.begin(), parent.end(), 0);
  owner.fill(-1);
  const auto find = [&](int a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
  };
  std::array<bool, kMaxCells> covered{};
  for (int w = 0; w < windows; ++w)
    if (live[w])
      for (int i = 0; i < k_; ++i) {
        const int c = at(w, i);
        covered[c] = true;
        if (!is_empty(s[c])) continue;
        if (owner[c] < 0) owner[c] = w;
        else parent[find(w)] = find(owner[c]);
      }

  // Free moves: empty cells on no line that matters.
  GameValues::Id total = values_.zero();
  int stars = 0, only_second = 0, only_first = 0;
  for (int c = 0; c < n; ++c)
    if (!covered[c]) {
      if (s[c] == kEmpty) ++stars;
      else if (s[c] == kNotFirst) total = values_.add(total, values_.minus_one()), ++only_second;
      else if (s[c] == kNotSecond) total = values_.add(total, values_.one()), ++only_first;
    }
  if (stars % 2) total = values_.add(total, values_.star());  // * + * = 0
  reading.shape = SplitMix64(static_cast<uint64_t>(stars % 2 + 2 * only_first + 64 * only_second)).next();

  // Each part: its span (the cells of its lines, all of which it covers), valued alone.
  std::array<bool, kMaxCells> done{};
  for (int w0 = 0; w0 < windows; ++w0) {
    if (!live[w0] || done[find(w0)]) continue;
    const int root = find(w0);
    done[root] = true;
    std::array<bool, kMaxCells> member{};
    for (int w = 0; w < windows; ++w) member[w] = live[w] && find(w) == root;
    Row part{};
    int length = 0;
    bool part_ring = false;
    if (!ring) {
      int first = -1, last = -1;
      for (int w = 0; w < windows; ++w)
        if (member[w]) last = w, first = first < 0 ? w : first;
      for (int c = first; c < last + k_; ++c) part[length++] = s[c];
    } else {
      // Cut the ring where k - 1 windows in a row are not the part's: no line of the part
      // crosses that point. Without such a gap the part is the whole ring.
      int cut = -1;
      for (int w = 0; w < windows && cut < 0; ++w) {
        bool gap = true;
        for (int i = 0; i < k_ - 1 && gap; ++i) gap = !member[(w + i) % windows];
        if (gap) cut = w;
      }
      if (cut < 0) {
        part = s;
        length = n;
        part_ring = true;
      } else {
        const int start = (cut + k_ - 1) % windows;
        int first = -1, last = -1;
        for (int i = 0; i < windows; ++i)
          if (member[(start + i) % windows]) last = i, first = first < 0 ? i : first;
        for (int i = first; i < last + k_; ++i) part[length++] = s[(start + i) % n];
      }
    }
    if (length > longest_part_) return reading;  // not in reach: in_reach stays false
    uint64_t part_shape = 0;
    total = values_.add(total, part_value(part, length, part_ring, part_shape));
    reading.shape += part_shape;
  }
  if (reading.dead_cell) reading.shape = SplitMix64(reading.shape).next();  // the board can never fill
  reading.in_reach = true;
  reading.value = total;
  return reading;
}

// The value of one part, from the table or from its options.
GameValues::Id RowValues::part_value(const Row& part, int n, bool ring, uint64_t& shape) {
  // The least packing over the part's placements; a colour exchange negates the value.
  Key best, best_unswapped;
  bool best_swapped = false, any = false;
  const auto pack = [&](const Row& cells) {
    Key key;
    for (int i = 0; i < n; ++i)
      (i < 21 ? key.low : key.high) |= static_cast<uint64_t>(cells[i]) << (3 * (i < 21 ? i : i - 21));
    key.high |= static_cast<uint64_t>(n) << 40 | static_cast<uint64_t>(ring) << 46;
    return key;
  };
  for (int swapped = 0; swapped < 2; ++swapped)
    for (int mirrored = 0; mirrored < 2; ++mirrored)
      for (int shift = 0; shift < (ring ? n : 1); ++shift) {
        Row cells{};
        for (int i = 0; i < n; ++i) {
          const int j = mirrored ? n - 1 - i : i;
          const uint8_t c = part[(j + shift) % n];
          cells[i] = swapped ? swap_colours(c) : c;
        }
        const Key key = pack(cells);
        if (!any || key < best) best = key, best_swapped = swapped, any = true;
        if (!swapped && (shift + mirrored == 0 || key < best_unswapped)) best_unswapped = key;
      }
  shape = KeyHash{}(best_unswapped);
  if (const auto it = parts_.find(best); it != parts_.end())
    return best_swapped ? values_.negate(it->second) : it->second;

  std::vector<GameValues::Id> left, right;
  for (int c = 0; c < n; ++c)
    for (int player = 1; player <= 2; ++player) {
      if (!may_fill(part[c], player)) continue;
      Row after = part;
      after[c] = static_cast<uint8_t>(player);
      const Reading r = analyse(after, n, ring);
      if (!r.in_reach) throw std::logic_error("row values: a move made a part longer");
      (player == 1 ? left : right).push_back(r.value);
    }
  GameValues::Id value = values_.make(std::move(left), std::move(right));
  // Stored for the least packing: the value of the part read that way.
  parts_.emplace(best, best_swapped ? values_.negate(value) : value);
  return value;
}

}  // namespace kinrow
