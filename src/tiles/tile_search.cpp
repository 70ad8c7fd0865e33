#include "tiles/tile_search.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>

#include "core/error.h"
#include "core/memory.h"

namespace kinrow {
namespace {

using Clock = std::chrono::steady_clock;

int count(CellMask mask) { return std::popcount(mask); }

// How urgent a live line is: doubling twice for every cell fewer it misses, so a line one
// stone from done outweighs sixteen lines two stones from done.
uint64_t urgency(int need) { return uint64_t{1} << (2 * (12 - std::clamp(need, 0, 12))); }

// Higher scores first, ties in a fixed order (the second member), so runs repeat.
constexpr auto best_first = [](const auto& a, const auto& b) { return a.first != b.first ? a.first > b.first : a.second < b.second; };

// More maker turns than any game of 64 cells lasts: a search with this budget is exact.
constexpr int kMaxBudget = 64;

// The breaker's search for a short proof: passes of kNarrowReplies replies with one
// more maker turn allowed each, up to kNarrowTurns, before the pass over every reply.
constexpr std::size_t kNarrowReplies = 6;
constexpr int kNarrowTurns = 4;

// Two nodes a turn, a stone a turn at the least, on at most 64 cells.
constexpr int kMaxDepth = 2 * 64 + 4;

// Tags of table keys: the kind of node and what its turn places (never 0).
constexpr uint32_t kMakerTag = 1, kFirstTurnTag = 2, kBreakerTag = 4;

}  // namespace

TileSearch::TileSearch(const TileGame& game)
    : game_(game), live_(kMaxDepth), need_(kMaxDepth), moves_(kMaxDepth) {
  // The table may take half of what the machine has free (its array doubles as it grows,
  // two slots an entry).
  const std::size_t available = available_memory_bytes();
  max_entries_ = available ? available / (2 * 2 * 2 * sizeof(TileEntry)) : std::size_t{1} << 24;
}

void TileSearch::tick() {
  if (stats_.nodes() > node_limit_) throw TileSearchStopped();
  if (table_.size() > max_entries_)
    throw InputError("the tile search's table outgrew the free memory (" + std::to_string(table_.size()) +
                     " positions): " + game_.game().spec + " is too large for it");
  if (!on_progress || stats_.nodes() < next_progress_) return;
  next_progress_ = stats_.nodes() + 500000;
  stats_.table_entries = table_.size();
  on_progress(stats_);
}

int TileSearch::maker_turn_size(bool first) const { return first ? game_.q() : game_.p(); }

TileSearch::Live TileSearch::live_lines(CellMask maker, CellMask breaker, int depth) {
  std::vector<CellMask>& lines = live_[depth];
  std::vector<int>& need = need_[depth];
  lines.clear();
  need.clear();
  Live live;
  for (CellMask line : game_.lines()) {
    if (line & breaker) continue;
    lines.push_back(line);
    need.push_back(count(line & ~maker));
    live.cells |= line;
  }
  live.empty = live.cells & ~maker;  // a breaker stone is on no live line
  live.maker_cells = live.empty & ~game_.breaker_only();
  return live;
}

TileSearch::Canonical TileSearch::canonical(CellMask maker, CellMask live, uint32_t tag) const {
  Canonical best{{maker, live, tag}, 0};
  for (std::size_t s = 1; s < game_.symmetries(); ++s) {
    const CellMask m = game_.map(s, maker), l = game_.map(s, live);
    if (m < best.key.maker || (m == best.key.maker && l < best.key.live)) best = {{m, l, tag}, s};
  }
  return best;
}

// The paper's Lemma 2, generalised (proof/forest_rule.h says why it holds; this is the
// same rule on masks): the live lines form a forest, the maker's stones in each of its
// parts lie on one line, and every live line has room: under p-stone turns p + 1 empty
// cells, p + 2 if it holds no maker stone yet (it may gain one uncut); under b=N at most
// b maker stones and an empty breaker-only cell.
bool TileSearch::forest_holds(CellMask maker, bool first, int depth) const {
  const TileTurns rules = game_.turns();
  if (rules == TileTurns::Exact && first && game_.q() > game_.p()) return false;  // the answer would be short
  if (rules == TileTurns::Threshold && game_.threshold() < 1) return false;
  const std::vector<CellMask>& lines = live_[depth];
  // A forest's lines add at most one cell each beyond the first: a quick no for most.
  int links = 0;
  CellMask cells = 0;
  for (CellMask line : lines) links += count(line) - 1, cells |= line;
  if (!lines.empty() && links >= count(cells)) return false;
  std::array<int8_t, 64> parent;
  for (int c = 0; c < 64; ++c) parent[c] = static_cast<int8_t>(c);
  auto root = [&](int c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  const CellMask empty_only = game_.breaker_only() & ~maker;
  CellMask on_live = 0;
  for (CellMask line : lines) {
    const bool cuttable = rules == TileTurns::Threshold
                              ? (line & empty_only) && count(line & maker) <= game_.threshold()
                              : count(line & ~maker) >= game_.p() + 1 + ((line & maker) == 0);
    if (!cuttable) return false;
    on_live |= line;
    CellMask roots = 0;
    for (CellMask m = line; m; m &= m - 1) {
      const int r = root(std::countr_zero(m));
      if (roots & bit(r)) return false;  // two of its cells already joined: a cycle
      roots |= bit(r);
    }
    const int first_root = std::countr_zero(roots);
    for (CellMask m = roots & (roots - 1); m; m &= m - 1) parent[std::countr_zero(m)] = static_cast<int8_t>(first_root);
  }
  // The maker's stones of each part, which must share a line.
  std::array<CellMask, 64> stones{};
  CellMask parts = 0;
  for (CellMask m = maker & on_live; m; m &= m - 1) {
    const int c = std::countr_zero(m), r = root(c);
    stones[r] |= bit(c);
    parts |= bit(r);
  }
  for (CellMask m = parts; m; m &= m - 1) {
    const CellMask part = stones[std::countr_zero(m)];
    if (count(part) < 2) continue;
    if (std::none_of(lines.begin(), lines.end(), [&](CellMask line) { return (part & ~line) == 0; })) return false;
  }
  return true;
}

bool TileSearch::forest_rule(CellMask maker, CellMask breaker, bool first) {
  live_lines(maker, breaker, 0);
  return forest_holds(maker, first, 0);
}

bool TileSearch::breaker_wins(const Position& position) {
  if (position.over()) throw InputError("the game is already over in this position");
  CellMask maker = 0, breaker = 0;
  for (Cell c = 0; c < game_.cells(); ++c) {
    if (position.owner(c) == 0) maker |= bit(c);
    if (position.owner(c) == 1) breaker |= bit(c);
  }
  const auto started = Clock::now();
  bool holds;
  if (position.to_move() == 0) holds = breaker_holds(maker, breaker, position.turns_played() == 0);
  else holds = breaker_reply(maker, breaker, position.stones_this_turn()).has_value();
  stats_.seconds += std::chrono::duration<double>(Clock::now() - started).count();
  stats_.table_entries = table_.size();
  return holds;
}

bool TileSearch::breaker_holds(CellMask maker, CellMask breaker, bool first) {
  return maker_node(maker, breaker, first, 0, kMaxBudget, 0, nullptr) >= 0;
}

std::optional<CellMask> TileSearch::breaker_reply(CellMask maker, CellMask breaker, int stones) {
  CellMask reply = 0;
  if (breaker_node(maker, breaker, stones, 0, kMaxBudget, &reply) < 0) return std::nullopt;
  return reply;
}

std::optional<CellMask> TileSearch::maker_win(CellMask maker, CellMask breaker, bool first) {
  CellMask turn = 0;
  if (maker_node(maker, breaker, first, 0, kMaxBudget, 0, &turn) >= 0) return std::nullopt;
  return turn;
}

int TileSearch::maker_node(CellMask maker, CellMask breaker, bool first, int depth, int budget, CellMask hint,
                           CellMask* refutation) {
  const Live live = live_lines(maker, breaker, depth);
  const std::vector<CellMask>& lines = live_[depth];
  const std::vector<int>& need = need_[depth];
  if (lines.empty()) return 0;
  const TileTurns rules = game_.turns();
  if (rules == TileTurns::Threshold)
    for (CellMask line : lines)
      if (count(line & maker) > game_.threshold()) {
        if (refutation) *refutation = 0;  // already over: the maker has won
        return kLost;
      }
  const int options = count(live.maker_cells);
  if (options == 0) return 0;  // nothing he places touches a live line
  int fewest = 1, most = options;
  if (rules == TileTurns::Exact) fewest = most = std::min(maker_turn_size(first), options);
  if (rules == TileTurns::UpTo) most = std::min(game_.p(), options);
  if (rules != TileTurns::Threshold)
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (need[i] <= most) {
        if (refutation) *refutation = lines[i] & ~maker;
        return kLost;
      }
  if (forest_holds(maker, first, depth)) {
    ++stats_.forest_leaves;
    return 0;
  }
  if (budget == 0) return kOverBudget;

  const uint32_t tag = kMakerTag | (rules == TileTurns::Exact && first && game_.q() != game_.p() ? kFirstTurnTag : 0);
  const Canonical key = canonical(maker & live.cells, live.cells, tag);
  if (const TileEntry* known = table_.find(key.key)) {
    if (known->holds_within >= 0 && known->holds_within <= budget) return known->holds_within;
    if (known->fails_within >= budget) {
      if (refutation) *refutation = game_.unmap(key.symmetry, known->move);
      return known->fails_within == kNeverHolds ? kLost : kOverBudget;
    }
  }
  ++stats_.maker_nodes;
  tick();

  maker_turns(live, maker, fewest, most, depth);
  std::vector<CellMask>& turns = moves_[depth];
  if (hint) {
    const auto it = std::find(turns.begin(), turns.end(), hint);
    if (it != turns.end()) std::rotate(turns.begin(), it, it + 1);
  }
  const CellMask empty = game_.all() & ~maker & ~breaker;
  int needed = 1;
  for (std::size_t i = 0; i < turns.size(); ++i) {
    const CellMask turn = turns[i];
    const int answer = std::min(rules == TileTurns::Exact ? game_.p() : count(turn), count(empty & ~turn));
    CellMask reply = 0;
    const int used = breaker_node(maker | turn, breaker, answer, depth + 1, budget - 1, &reply);
    if (used < 0) {
      TileEntry& entry = table_.at(key.key);
      const int8_t failed = used == kLost ? kNeverHolds : static_cast<int8_t>(budget);
      if (failed > entry.fails_within) entry.fails_within = failed, entry.move = game_.map(key.symmetry, turn);
      if (refutation) *refutation = turn;
      return used;
    }
    needed = std::max(needed, used + 1);
  }
  TileEntry& entry = table_.at(key.key);
  if (entry.holds_within < 0 || needed < entry.holds_within) entry.holds_within = static_cast<int8_t>(needed);
  return needed;
}

int TileSearch::breaker_node(CellMask maker, CellMask breaker, int stones, int depth, int budget, CellMask* reply) {
  const Live live = live_lines(maker, breaker, depth);
  const TileTurns rules = game_.turns();
  if (rules != TileTurns::Threshold)
    for (int n : need_[depth])
      if (n == 0) return kLost;  // the maker owns a line
  *reply = 0;
  if (live_[depth].empty()) return 0;
  const int useful = std::min(stones, count(live.empty));
  const Canonical key = canonical(maker & live.cells, live.cells, kBreakerTag | static_cast<uint32_t>(useful) << 3);
  int from = 0;
  if (const TileEntry* known = table_.find(key.key)) {
    if (known->holds_within >= 0 && known->holds_within <= budget) {
      *reply = game_.unmap(key.symmetry, known->move);
      return known->holds_within;
    }
    if (known->fails_within >= budget) return known->fails_within == kNeverHolds ? kLost : kOverBudget;
    from = known->fails_within + 1;
  }
  ++stats_.breaker_nodes;
  tick();

  // The fewest maker turns first: a reply that settles the game at once, then every
  // reply with a budget of one maker turn, two, ...
  if (from == 0) {
    if (settling_reply(live, maker, useful, depth, reply)) {
      TileEntry& entry = table_.at(key.key);
      entry.holds_within = 0;
      entry.move = game_.map(key.symmetry, *reply);
      return 0;
    }
    table_.at(key.key).fails_within = 0;
    if (budget == 0) return kOverBudget;
    from = 1;
  }
  breaker_replies(live, maker, useful, depth);
  std::vector<CellMask>& replies = moves_[depth];
  auto holds = [&](std::size_t i, int used) {
    TileEntry& entry = table_.at(key.key);
    entry.holds_within = static_cast<int8_t>(used);
    entry.move = game_.map(key.symmetry, replies[i]);
    *reply = replies[i];
    return used;
  };
  // The best few replies with one maker turn more at a time (most proofs need one or
  // two), then every reply with the whole budget.
  for (int turns = from; turns < std::min(budget, kNarrowTurns + 1); ++turns) {
    CellMask killer = 0;
    for (std::size_t i = 0; i < std::min(replies.size(), kNarrowReplies); ++i) {
      CellMask refutation = 0;
      const int used = maker_node(maker, breaker | replies[i], false, depth + 1, turns, killer, &refutation);
      if (used >= 0) return holds(i, used);
      killer = refutation;
    }
  }
  CellMask killer = 0;
  bool all_lost = true;
  for (std::size_t i = 0; i < replies.size(); ++i) {
    CellMask refutation = 0;
    const int used = maker_node(maker, breaker | replies[i], false, depth + 1, budget, killer, &refutation);
    if (used >= 0) return holds(i, used);
    all_lost &= used == kLost;
    killer = refutation;
  }
  table_.at(key.key).fails_within = all_lost ? kNeverHolds : static_cast<int8_t>(budget);
  if (all_lost) return kLost;
  return kOverBudget;
}

// The lines a breaker's reply must hit, as their cells the maker does not hold: those the
// maker finishes next turn (their empty cells are his to take, so he will), or, under
// b=N, those over the bound already.
void TileSearch::collect_must_hit(CellMask maker, int depth) {
  const std::vector<CellMask>& lines = live_[depth];
  const std::vector<int>& need = need_[depth];
  const bool threshold = game_.turns() == TileTurns::Threshold;
  must_.clear();
  for (std::size_t l = 0; l < lines.size(); ++l)
    if (threshold ? count(lines[l] & maker) > game_.threshold() : need[l] <= game_.p()) must_.push_back(lines[l] & ~maker);
}

// A reply after which a leaf rule settles the position at once (the forest rule, or
// nothing left for the maker to build on), by trying the replies that hit every line he
// would finish next turn; the first found. The common question of the search (every
// maker turn of a position one turn from the leaves asks it), so no scores, no sorting.
bool TileSearch::settling_reply(const Live& live, CellMask maker, int stones, int depth, CellMask* reply) {
  const std::vector<CellMask>& lines = live_[depth];
  collect_must_hit(maker, depth);
  // Cells on more live lines first: a stone there kills more.
  std::array<int, 64> cells;
  int n = 0;
  for (CellMask m = live.empty; m; m &= m - 1) cells[n++] = std::countr_zero(m);
  std::array<int, 64> lines_through{};
  for (CellMask line : lines)
    for (CellMask m = line & live.empty; m; m &= m - 1) ++lines_through[std::countr_zero(m)];
  std::sort(cells.begin(), cells.begin() + n,
            [&](int a, int b) { return lines_through[a] != lines_through[b] ? lines_through[a] > lines_through[b] : a < b; });
  std::vector<CellMask>& after = live_[depth + 1];
  const CellMask maker_only_not = ~game_.breaker_only();
  auto settles = [&](CellMask r) {
    for (CellMask line : must_)
      if (!(line & r)) return false;
    after.clear();
    CellMask open = 0;
    for (CellMask line : lines)
      if (!(line & r)) after.push_back(line), open |= line;
    if (!(open & ~maker & ~r & maker_only_not)) return true;  // no live cell left to the maker
    return forest_holds(maker, false, depth + 1);
  };
  auto visit = [&](auto&& self, int from, CellMask r, int size) -> bool {
    if (size == stones) {
      if (!settles(r)) return false;
      *reply = r;
      return true;
    }
    for (int i = from; i <= n - (stones - size); ++i)
      if (self(self, i + 1, r | bit(cells[i]), size + 1)) return true;
    return false;
  };
  return visit(visit, 0, 0, 0);
}

void TileSearch::maker_turns(const Live& live, CellMask maker, int fewest, int most, int depth) {
  const std::vector<CellMask>& lines = live_[depth];
  const std::vector<int>& need = need_[depth];
  const bool threshold = game_.turns() == TileTurns::Threshold;
  scored_.clear();
  // Every set of `fewest` to `most` of the cells, scored by what it builds.
  auto visit = [&](auto&& self, CellMask from, CellMask turn, int size) -> void {
    if (size >= fewest) {
      uint64_t score = 0;
      for (std::size_t l = 0; l < lines.size(); ++l) {
        const int on = count(lines[l] & turn);
        if (on) score += urgency(need[l] - on) + (threshold ? urgency(12 - count(lines[l] & (maker | turn))) : 0);
      }
      scored_.emplace_back(score, turn);
    }
    if (size == most) return;
    for (CellMask m = from; m; m &= m - 1) self(self, m & (m - 1), turn | (m & (~m + 1)), size + 1);
  };
  visit(visit, live.maker_cells, 0, 0);
  std::sort(scored_.begin(), scored_.end(), best_first);
  std::vector<CellMask>& out = moves_[depth];
  out.clear();
  for (const auto& [score, turn] : scored_) out.push_back(turn);
}

void TileSearch::breaker_replies(const Live& live, CellMask maker, int stones, int depth) {
  const std::vector<CellMask>& lines = live_[depth];
  const std::vector<int>& need = need_[depth];
  const bool threshold = game_.turns() == TileTurns::Threshold;
  collect_must_hit(maker, depth);
  // Cells by how much of the maker's lines a stone there spoils.
  ranked_.clear();
  std::array<uint64_t, 64> score_of{};
  for (CellMask m = live.empty; m; m &= m - 1) {
    const int c = std::countr_zero(m);
    uint64_t score = 0;
    for (std::size_t l = 0; l < lines.size(); ++l)
      if (lines[l] & bit(c)) score += urgency(need[l]) + (threshold ? urgency(12 - count(lines[l] & maker)) : 0);
    ranked_.emplace_back(score, c);
    score_of[c] = score;
  }
  std::sort(ranked_.begin(), ranked_.end(), best_first);

  scored_.clear();
  auto keep = [&](CellMask reply) {
    for (CellMask line : must_)
      if (!(line & reply)) return;
    uint64_t score = 0;
    for (CellMask m = reply; m; m &= m - 1) score += score_of[std::countr_zero(m)];
    scored_.emplace_back(score, reply);
  };
  const int n = static_cast<int>(ranked_.size());
  if (must_.empty() || stones >= n) {
    // Every set of `stones` cells.
    auto visit = [&](auto&& self, int from, CellMask reply, int size) -> void {
      if (size == stones) return keep(reply);
      for (int i = from; i <= n - (stones - size); ++i) self(self, i + 1, reply | bit(ranked_[i].second), size + 1);
    };
    visit(visit, 0, 0, 0);
  } else {
    // Hit the must-lines one by one, then fill up with any cells; sets met twice dropped.
    std::vector<CellMask>& sets = moves_[depth];
    sets.clear();
    auto fill = [&](auto&& self, CellMask reply, int from) -> void {
      if (count(reply) == stones) return sets.push_back(reply);
      for (int i = from; i < n; ++i)
        if (!(reply & bit(ranked_[i].second))) self(self, reply | bit(ranked_[i].second), i + 1);
    };
    auto hit = [&](auto&& self, CellMask reply) -> void {
      for (CellMask line : must_)
        if (!(line & reply)) {
          if (count(reply) == stones) return;
          for (CellMask m = line; m; m &= m - 1) self(self, reply | (m & (~m + 1)));
          return;
        }
      fill(fill, reply, 0);
    };
    hit(hit, 0);
    std::sort(sets.begin(), sets.end());
    sets.erase(std::unique(sets.begin(), sets.end()), sets.end());
    for (CellMask reply : sets) keep(reply);
  }
  std::sort(scored_.begin(), scored_.end(), best_first);
  std::vector<CellMask>& out = moves_[depth];
  out.clear();
  for (const auto& [score, reply] : scored_) out.push_back(reply);
}

}  // namespace kinrow
