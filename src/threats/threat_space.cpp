#include "threats/threat_space.h"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "games/urgent_moves.h"

namespace kinrow {
namespace {

// The memo: direct-mapped and overwritten, so memory stays fixed (about 5 MiB on 19x19).
constexpr std::size_t kMemoSlots = std::size_t{1} << 14;

}  // namespace

template <int W>
ThreatSpaceSearch<W>::ThreatSpaceSearch(const BoardTables& tables) : tables_(tables), p_(tables.rules.stones_per_turn) {
  if (!applies(tables.rules)) throw std::invalid_argument("threat-space search: not under gravity or misère rules");
}

template <int W>
bool ThreatSpaceSearch<W>::wins(Board<W>& board, int attacker, int stones, int order, Zone* zone) {
  if (!tables_.lines_count[attacker]) return false;
  if (memo_.empty()) memo_.resize(kMemoSlots);
  board_ = &board;
  attacker_ = attacker;
  defender_ = 1 - attacker;
  stop_at_ = node_limit_ ? nodes_ + node_limit_ : UINT64_MAX;
  cut_ = false;
  // Orders by iterative deepening: a win of low order is cheap to find and to fail, and
  // its zone is the smaller one; a higher order is searched only where it fails.
  stones = std::min(stones, board.empty_count());
  for (int d = std::min(order, 1); d <= order; ++d) {
    Zone found;
    if (attack(stones, d, found)) {
      if (zone) *zone = found;
      return true;
    }
    if (cut_) return false;
  }
  return false;
}

template <int W>
Move ThreatSpaceSearch<W>::winning_turn(Board<W>& board, int attacker, int stones, int order) {
  stones = std::min(stones, board.empty_count());
  if (!wins(board, attacker, stones, order)) return {};
  // An immediate win is not memoised: its stones are the line's empty cells (and any
  // others if the turn places more).
  const Cells now = ZoneRules<W>::winning_lines(board, attacker, stones);
  if (now.any()) {
    Move m;
    for (int missing = 1; missing <= stones && m.size == 0; ++missing)
      for (int32_t l : board.near_lines(attacker, missing)) {
        for (Cell c : board.line(l) & board.empty()) m.cell[m.size++] = static_cast<int16_t>(c);
        break;
      }
    for (Cell c : board.empty()) {
      if (m.size == stones) break;
      if (std::find(m.cell.begin(), m.cell.begin() + m.size, c) == m.cell.begin() + m.size)
        m.cell[m.size++] = static_cast<int16_t>(c);
    }
    return m;
  }
  board_ = &board;
  attacker_ = attacker;
  defender_ = 1 - attacker;
  const Entry& e = entry(key(stones));
  if (e.key == key(stones) && e.won >= 0 && e.won <= order) return e.move;
  throw std::logic_error("threat-space search: a win whose first turn the memo lost at once");
}

template <int W>
int ThreatSpaceSearch<W>::threat_count() {
  std::vector<Cells>& lines = scratch_;
  lines.clear();
  const Cells empty = board_->empty();
  for (int m = 1; m <= std::min(p_, tables_.near_limit); ++m)
    for (int32_t l : board_->near_lines(attacker_, m)) lines.push_back(board_->line(l) & empty);
  const std::span<const Cells> all(lines);
  for (int k = 0; k <= p_; ++k)
    if (detail::hittable(all, Cells{}, k)) return k;
  return p_ + 1;
}

template <int W>
bool ThreatSpaceSearch<W>::defender_threats(std::vector<Cells>& lines) const {
  lines.clear();
  if (!tables_.lines_count[defender_]) return false;
  const Cells empty = board_->empty();
  for (int m = 1; m <= std::min(p_, tables_.near_limit); ++m)
    for (int32_t l : board_->near_lines(defender_, m)) lines.push_back(board_->line(l) & empty);
  return !lines.empty();
}

template <int W>
bool ThreatSpaceSearch<W>::attack(int stones, int order, Zone& zone) {
  ++nodes_;
  const Cells now = ZoneRules<W>::winning_lines(*board_, attacker_, stones);
  if (now.any()) {
    zone.add(now);
    ZoneRules<W>::read_node(*board_, attacker_, attacker_, zone);
    return true;
  }
  // No stone left to place (a full board): nothing more can be won. Without this a
  // turn of no stones would be answered by no stones, for ever.
  if (order <= 0 || stones <= 0) return false;
  const uint64_t k = key(stones);
  Entry& memo = entry(k);
  if (memo.key == k) {
    if (memo.won >= 0 && memo.won <= order) {
      zone.unite(memo.zone);
      return true;
    }
    if (memo.failed >= order) return false;
  }
  if (nodes_ >= next_clock_read_) {
    next_clock_read_ = nodes_ + 64;
    if (std::chrono::steady_clock::now() >= deadline_) stop_at_ = nodes_;
  }
  if (nodes_ >= stop_at_) {
    cut_ = true;
    return false;
  }

  std::vector<Candidate> turns;
  candidates(stones, order, turns);
  const std::size_t tried = order > 1 ? std::min<std::size_t>(turns.size(), breadth_) : turns.size();
  for (std::size_t i = 0; i < tried; ++i) {
    const Move& m = turns[i].move;
    for (int s = 0; s < m.size; ++s) place(m.cell[s], attacker_);
    Zone below;
    const bool won = defend(order, below);
    for (int s = m.size - 1; s >= 0; --s) take_back(m.cell[s]);
    if (!won) {
      if (cut_) break;  // cut short below: the other turns would only be cut too
      continue;
    }
    for (int s = 0; s < m.size; ++s) below.add(Cells::single(m.cell[s]));
    ZoneRules<W>::read_node(*board_, attacker_, attacker_, below);
    Entry& slot = entry(k);
    slot = {k, static_cast<int8_t>(order), slot.key == k ? slot.failed : int8_t{-1}, m, below};
    zone.unite(below);
    return true;
  }
  if (!cut_) {
    Entry& slot = entry(k);
    if (slot.key != k) slot = Entry{k, -1, -1, {}, {}};
    slot.failed = static_cast<int8_t>(std::max<int>(slot.failed, order));
  }
  return false;
}

template <int W>
bool ThreatSpaceSearch<W>::defend(int order, Zone& zone) {
  ++nodes_;
  // A defender who completes a line with his turn wins first.
  if (tables_.lines_count[defender_])
    for (int m = 1; m <= std::min(p_, tables_.near_limit); ++m)
      if (!board_->near_lines(defender_, m).empty()) return false;
  Zone here;
  Answered answered;
  if (!answer(Cells{}, 0, order, here, answered)) return false;
  ZoneRules<W>::read_node(*board_, attacker_, defender_, here);
  zone.unite(here);
  return true;
}

// The defender has placed `placed` (`count` stones) of his turn. If he withheld the rest,
// the attacker must still win (at a lower order); stones he adds where that win's zone
// says they are irrelevant are answered by it, and the others are tried in turn. A whole
// turn is searched only if no partial turn on the way answers it.
template <int W>
bool ThreatSpaceSearch<W>::answer(const Cells& placed, int count, int order, Zone& zone, Answered& answered) {
  if (count == p_ || board_->empty_count() == 0) {
    for (const auto& [stones, by] : answered.partial)
      if (by.irrelevant(placed.minus(stones))) return true;
    Zone below;
    if (!attack(std::min(p_, board_->empty_count()), order, below)) return false;
    zone.unite(below);
    return true;
  }
  const int withheld = p_ - count;
  Zone sub;
  if (!attack(std::min(p_, board_->empty_count()), std::max(0, order - withheld), sub)) return false;
  zone.add_shifted(sub, withheld, Cells::first_n(tables_.cells));
  answered.partial.push_back({placed, sub});
  const Cells tries = sub.at[withheld] & board_->empty();
  for (Cell s : tries) {
    Cells next = placed;
    next.set(s);
    if (std::find(answered.seen.begin(), answered.seen.end(), next) != answered.seen.end()) continue;
    answered.seen.push_back(next);
    place(s, defender_);
    // A stone that completes a defender line ends the game in his favour.
    bool completed = false;
    if (tables_.lines_count[defender_])
      for (int32_t l : board_->lines_through(s))
        if (board_->open_for(defender_, l) && board_->line_count(defender_, l) == tables_.line_size[l]) completed = true;
    const bool ok = !completed && answer(next, count + 1, order, zone, answered);
    take_back(s);
    if (!ok) return false;
  }
  answered.partial.pop_back();
  return true;
}

template <int W>
void ThreatSpaceSearch<W>::candidates(int stones, int order, std::vector<Candidate>& out) {
  out.clear();
  std::vector<Cells> must;
  defender_threats(must);
  const std::span<const Cells> must_lines(must);
  if (!must.empty() && !detail::hittable(must_lines, Cells{}, stones)) return;
  // Turns without a threat are allowed only where the null move's proof may be more than
  // an immediate win (order - p >= 1); then the pool reaches one turn further.
  const bool quiet_allowed = order - p_ >= 1;
  const int reach = std::min(stones + p_ * (quiet_allowed ? 2 : 1), tables_.near_limit);
  const Cells empty = board_->empty();
  Cells pool;
  for (const Cells& line : must) pool |= line;
  for (int m = 1; m <= reach; ++m)
    for (int32_t l : board_->near_lines(attacker_, m)) pool |= board_->line(l) & empty;

  // Per pool cell: its value for ordering (what it adds to the attacker's lines and takes
  // from the defender's, a line with one more stone counting four times as much), the
  // attacker's lines through it that this turn could make threats (missing at most
  // p + stones), whether one stone there makes a threat, and the cells that make one
  // together with it.
  auto weight = [](int stones_on) { return int64_t{1} << (2 * std::min(stones_on, 12)); };
  pool_.clear();
  pool_lines_.clear();
  for (Cell c : pool) {
    PoolCell cell{c, 0, static_cast<uint32_t>(pool_lines_.size()), 0, false, {}};
    for (int32_t l : board_->lines_through(c)) {
      const int mine = board_->line_count(attacker_, l), theirs = board_->line_count(defender_, l);
      if (theirs == 0) cell.score += weight(mine);
      if (mine == 0 && tables_.lines_count[defender_]) cell.score += weight(theirs);
      if (!board_->open_for(attacker_, l)) continue;
      const int missing = tables_.line_size[l] - mine;
      if (missing > p_ + stones) continue;
      pool_lines_.push_back({l, static_cast<int8_t>(missing)});
      if (missing - 1 <= p_) cell.solo = true;
      else if (missing - 2 <= p_) cell.partners |= board_->line(l) & empty;
    }
    cell.lines_end = static_cast<uint32_t>(pool_lines_.size());
    pool_.push_back(cell);
  }
  // The attacker's lines his next turn completes already (a turn of fewer stones than p
  // was left): they stay threats whatever this turn adds.
  std::vector<int32_t> standing;
  for (int m = stones + 1; m <= std::min(p_, tables_.near_limit); ++m)
    for (int32_t l : board_->near_lines(attacker_, m)) standing.push_back(l);
  if (line_stamp_.size() < static_cast<std::size_t>(tables_.lines)) line_stamp_.assign(tables_.lines, 0);
  if (pool_index_.size() < static_cast<std::size_t>(tables_.cells)) pool_index_.assign(tables_.cells, 0);

  // The threat count after a turn (pool indices `chosen`), from the line counts: a line
  // becomes a threat when the turn's stones on it leave at most p cells missing.
  std::array<std::size_t, kMaxStonesPerTurn> chosen{};
  auto threats_after = [&](const Move& m) {
    Cells placed;
    for (int s = 0; s < m.size; ++s) placed.set(m.cell[s]);
    scratch_.clear();
    ++stamp_;
    for (int32_t l : standing) {
      line_stamp_[l] = stamp_;
      scratch_.push_back((board_->line(l) & empty).minus(placed));
    }
    for (int s = 0; s < m.size; ++s) {
      const PoolCell& cell = pool_[chosen[s]];
      for (uint32_t i = cell.lines_begin; i < cell.lines_end; ++i) {
        const int32_t l = pool_lines_[i].line;
        if (line_stamp_[l] == stamp_) continue;
        line_stamp_[l] = stamp_;
        const Cells line = board_->line(l);
        if (pool_lines_[i].missing - (m.size == 1 ? 1 : (line & placed).count()) <= p_)
          scratch_.push_back((line & empty).minus(placed));
      }
    }
    const std::span<const Cells> lines(scratch_);
    if (order == 1 && static_cast<int>(lines.size()) < p_) return 0;  // fewer lines than threats asked
    for (int k = 0; k <= p_; ++k)
      if (detail::hittable(lines, Cells{}, k)) return k;
    return p_ + 1;
  };

  Move m;
  int64_t score = 0;
  // A whole turn (m, from pool indices `chosen`): kept if it hits every line the defender
  // completes next and makes the threats the order asks for.
  auto consider = [&]() {
    for (const Cells& line : must) {
      bool hit = false;
      for (int s = 0; s < m.size && !hit; ++s) hit = line.test(m.cell[s]);
      if (!hit) return;
    }
    const int threats = threats_after(m);
    if (order == 1 && threats < p_) return;      // order 1: the defender's whole turn forced
    if (threats == 0 && !quiet_allowed) return;  // the null move must lose at once
    out.push_back({m, (int64_t{threats} << 48) + score});
  };
  if (!quiet_allowed && standing.empty() && stones == 2) {
    // Two stones make no threat unless one does alone or both share a line two short of
    // one (the common case at depth: most pairs of the pool do neither). So after each
    // first stone only the solo cells and its partners are tried, in the pool's order
    // (the cells' order), as the general loop below would meet them: a loop over every
    // pair took a seventh of a Connect6 8x8 proof's time.
    Cells solo;
    for (const PoolCell& cell : pool_) {
      if (cell.solo) solo.set(cell.cell);
      pool_index_[cell.cell] = static_cast<uint32_t>(&cell - pool_.data());
    }
    m.size = 2;
    for (std::size_t i = 0; i < pool_.size(); ++i) {
      const PoolCell& first = pool_[i];
      const Cells seconds = first.solo ? pool : (first.partners | solo) & pool;
      for (Cell c : seconds) {
        if (c <= first.cell) continue;
        const PoolCell& second = pool_[pool_index_[c]];
        chosen[0] = i;
        chosen[1] = static_cast<std::size_t>(pool_index_[c]);
        m.cell[0] = static_cast<int16_t>(first.cell);
        m.cell[1] = static_cast<int16_t>(c);
        score = first.score + second.score;
        consider();
      }
    }
  } else {
    auto visit = [&](auto&& self, std::size_t from) -> void {
      if (m.size == stones) {
        consider();
        return;
      }
      for (std::size_t i = from; i < pool_.size(); ++i) {
        chosen[m.size] = i;
        m.cell[m.size++] = static_cast<int16_t>(pool_[i].cell);
        score += pool_[i].score;
        self(self, i + 1);
        score -= pool_[i].score;
        --m.size;
      }
    };
    visit(visit, 0);
  }
  std::stable_sort(out.begin(), out.end(), [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
}

#define INSTANTIATE(W) template class ThreatSpaceSearch<W>;
KINROW_FOR_EACH_WIDTH(INSTANTIATE)
#undef INSTANTIATE

}  // namespace kinrow
