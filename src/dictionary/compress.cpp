#include "dictionary/compress.h"

#include <algorithm>
#include <bit>
#include <map>
#include <queue>
#include <ostream>
#include <set>
#include <utility>


namespace kinrow {
namespace {

// One set-cover problem: `covers[s]` lists the entries candidate s can carry.
struct CoverProblem {
  int entries = 0;
  std::vector<std::vector<int>> covers;
};

// The work one group's branch and bound may do, in entries scanned (each node scans the
// group once): small groups are solved exactly, huge ones keep the greedy cover.
constexpr long kBranchBudget = 150'000'000;

// The greedy cover: repeatedly the candidate that carries the most uncovered entries.
// Gains only fall, so a stale gain popped from the heap is recomputed and pushed back
// (lazy evaluation) instead of rescanning every candidate each round.
std::vector<int> greedy_cover(const CoverProblem& p) {
  std::vector<bool> covered(p.entries, false);
  std::priority_queue<std::pair<int, int>> heap;  // (gain when pushed, -candidate)
  for (int s = 0; s < static_cast<int>(p.covers.size()); ++s) heap.emplace(static_cast<int>(p.covers[s].size()), -s);
  std::vector<int> chosen;
  for (int left = p.entries; left > 0;) {
    const auto [gain_then, minus_s] = heap.top();
    heap.pop();
    const int s = -minus_s;
    int gain = 0;
    for (int e : p.covers[s]) gain += !covered[e];
    if (gain < gain_then) {
      if (gain > 0) heap.emplace(gain, minus_s);
      continue;
    }
    chosen.push_back(s);
    for (int e : p.covers[s]) left -= !covered[e], covered[e] = true;
  }
  return chosen;
}

// Exact minimum cover by branch and bound: branch on the uncovered entry with the fewest
// candidates. Two lower bounds on the lines still needed: the uncovered count over the
// largest candidate, and a packing — uncovered entries no two of which share a candidate
// each need a line of their own.
class ExactCover {
 public:
  explicit ExactCover(const CoverProblem& p) : p_(p), of_entry_(p.entries), cover_count_(p.entries, 0) {
    for (int s = 0; s < static_cast<int>(p.covers.size()); ++s)
      for (int e : p.covers[s]) of_entry_[e].push_back(s);
    best_ = greedy_cover(p);
    largest_ = 1;
    for (const auto& c : p.covers) largest_ = std::max(largest_, static_cast<int>(c.size()));
  }

  // The best cover found; `optimal` false if the budget ran out first.
  std::vector<int> solve(bool* optimal) {
    search(p_.entries);
    *optimal = budget_ > 0;
    return best_;
  }

 private:
  void search(int uncovered) {
    if ((budget_ -= p_.entries) <= 0) return;
    if (uncovered == 0) {
      if (chosen_.size() < best_.size()) best_ = chosen_;
      return;
    }
    const int needed = std::max((uncovered + largest_ - 1) / largest_, packing_bound());
    if (static_cast<int>(chosen_.size()) + needed >= static_cast<int>(best_.size())) return;
    int pick = -1;
    for (int e = 0; e < p_.entries; ++e)
      if (!cover_count_[e] && (pick < 0 || of_entry_[e].size() < of_entry_[pick].size())) pick = e;
    std::vector<int> order = of_entry_[pick];
    auto gain = [&](int s) {
      int g = 0;
      for (int e : p_.covers[s]) g += !cover_count_[e];
      return g;
    };
    std::sort(order.begin(), order.end(), [&](int a, int b) { return gain(a) > gain(b); });
    for (int s : order) {
      const int g = gain(s);
      for (int e : p_.covers[s]) ++cover_count_[e];
      chosen_.push_back(s);
      search(uncovered - g);
      chosen_.pop_back();
      for (int e : p_.covers[s]) --cover_count_[e];
      if (budget_ <= 0) return;
    }
  }

  int packing_bound() {
    ++stamp_;
    int count = 0;
    for (int e = 0; e < p_.entries; ++e) {
      if (cover_count_[e]) continue;
      bool shares = false;
      for (int s : of_entry_[e]) shares = shares || used_[s] == stamp_;
      if (shares) continue;
      ++count;
      for (int s : of_entry_[e]) used_[s] = stamp_;
    }
    return count;
  }

  const CoverProblem& p_;
  std::vector<long> used_ = std::vector<long>(p_.covers.size(), 0);
  long stamp_ = 0;
  std::vector<std::vector<int>> of_entry_;
  std::vector<int> cover_count_;
  std::vector<int> chosen_, best_;
  int largest_ = 1;
  long budget_ = kBranchBudget;
};

// Cell sets as plain words here: the set cover keys maps and sets by them.
using CellMask = uint64_t;
CellMask word(const Bits<1>& cells) { return cells.word[0]; }
Bits<1> cells_of(CellMask word) {
  Bits<1> cells;
  cells.word[0] = word;
  return cells;
}

// The entries of one group: same holder stones and move, each with the opponent-stone
// sets it may be written as (one, or its images under the maps fixing the group's key).
struct Group {
  CellMask mine = 0;
  Cell move = -1;
  std::vector<std::vector<CellMask>> options;  // per entry
};

}  // namespace

Compression compress_dictionary(const Dictionary& dictionary, const Canonicaliser<1>& classes, bool use_symmetry) {
  const Canonicaliser<1>* symmetry = use_symmetry ? &classes : nullptr;
  auto image = [&](int map, CellMask cells) { return word(symmetry->image(map, cells_of(cells))); };
  const int me = dictionary.holder;
  Compression out;
  std::set<std::pair<CellMask, CellMask>> seen_classes;
  std::map<std::pair<CellMask, Cell>, Group> groups;
  std::map<std::pair<CellMask, Cell>, std::vector<int>> fixing_maps;  // with symmetry
  for (const DictionaryEntry& entry : dictionary.entries) {
    const DictionaryStones form = classes.canonical(entry.stones).stones;
    if (!seen_classes.insert({word(form.first), word(form.second)}).second) {
      ++out.shadowed;
      continue;
    }
    CellMask mine = word(entry.stones.of(me)), theirs = word(entry.stones.of(1 - me));
    Cell move = entry.move;
    std::vector<CellMask> options;
    if (!symmetry) {
      options.push_back(theirs);
    } else {
      int best = 0;
      for (int g = 1; g < static_cast<int>(symmetry->group_size()); ++g) {
        const CellMask a = image(g, mine), b = image(best, mine);
        if (a > b || (a == b && symmetry->image(g, move) > symmetry->image(best, move))) best = g;
      }
      theirs = image(best, theirs);
      mine = image(best, mine);
      move = symmetry->image(best, move);
      auto [maps, fresh] = fixing_maps.try_emplace({mine, move});
      if (fresh)
        for (int h = 0; h < static_cast<int>(symmetry->group_size()); ++h)
          if (image(h, mine) == mine && symmetry->image(h, move) == move) maps->second.push_back(h);
      for (int h : maps->second) options.push_back(image(h, theirs));
      std::sort(options.begin(), options.end());
      options.erase(std::unique(options.begin(), options.end()), options.end());
    }
    Group& group = groups[{mine, move}];
    group.mine = mine;
    group.move = move;
    group.options.push_back(std::move(options));  // distinct: one entry per class got here
  }

  for (auto& [key, group] : groups) {
    // Candidates: each option minus one of its opponent stones (an option with no
    // opponent stone is its own candidate, a line without alternatives).
    std::map<CellMask, int> candidate_ids;
    std::vector<CellMask> candidates;
    CoverProblem problem;
    problem.entries = static_cast<int>(group.options.size());
    // alternative[s][e]: the cell entry e adds to candidate s (-1: none).
    std::vector<std::map<int, Cell>> alternative;
    for (int e = 0; e < problem.entries; ++e)
      for (CellMask theirs : group.options[e]) {
        auto add = [&](CellMask s, Cell c) {
          auto [it, fresh] = candidate_ids.try_emplace(s, static_cast<int>(candidates.size()));
          if (fresh) candidates.push_back(s), problem.covers.emplace_back(), alternative.emplace_back();
          if (alternative[it->second].emplace(e, c).second) problem.covers[it->second].push_back(e);
        };
        if (!theirs) add(0, -1);
        for (CellMask m = theirs; m; m &= m - 1) add(theirs & ~(m & -m), std::countr_zero(m));
      }
    bool optimal = true;
    const std::vector<int> chosen = ExactCover(problem).solve(&optimal);
    ++out.groups;
    out.groups_optimal += optimal;
    out.entries += problem.entries;
    std::vector<bool> written(problem.entries, false);
    for (int s : chosen) {
      CompressedLine line;
      line.move = group.move;
      CellMask theirs = candidates[s];
      int carried = 0;
      for (int e : problem.covers[s])
        if (!written[e]) {
          written[e] = true;
          ++carried;
          if (const Cell c = alternative[s].at(e); c >= 0) line.alternatives.set(c);
        }
      if (!carried) continue;  // an earlier line took all of its entries
      if (line.alternatives.one()) theirs |= word(line.alternatives), line.alternatives = {};
      line.fixed = me == 0 ? DictionaryStones{cells_of(group.mine), cells_of(theirs)}
                           : DictionaryStones{cells_of(theirs), cells_of(group.mine)};
      out.lines.push_back(line);
    }
  }
  return out;
}

void write_compressed(std::ostream& out, const Compression& compression, int holder, int cells) {
  for (const CompressedLine& line : compression.lines)
    out << cells_line(line.fixed, line.move, line.alternatives, holder, cells) << '\n';
}

}  // namespace kinrow
