#include "search/dfpn.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace kinrow {
namespace {

constexpr uint32_t kInfinity = 1u << 30;

uint32_t add(uint32_t a, uint32_t b) { return std::min<uint64_t>(kInfinity, uint64_t{a} + b); }

}  // namespace

Dfpn::Dfpn(const BoardMasks& board, const DfpnOptions& options)
    : board_(board), options_(options), forced_(board) {
  std::size_t slots = 1;
  while (slots * 2 * sizeof(Slot) <= options.table_megabytes << 20) slots *= 2;
  table_.resize(slots);
}

int Dfpn::to_move(const Stones& s) const {
  return std::popcount(s.first) > std::popcount(s.second) ? 1 : 0;
}

Dfpn::Numbers Dfpn::lookup(const Stones& s) const {
  const Slot& slot = table_[StonesHash()(s) & (table_.size() - 1)];
  return slot.used && slot.stones == s ? slot.numbers : Numbers{};
}

void Dfpn::store(const Stones& s, Numbers n) {
  table_[StonesHash()(s) & (table_.size() - 1)] = {s, n, true};
}

Dfpn::Numbers Dfpn::decided(int winner) const {
  return winner == attacker_ ? Numbers{0, kInfinity} : Numbers{kInfinity, 0};
}

bool Dfpn::settle(const Stones& s, int mover, Numbers& out, CellMask& moves) {
  const CellMask legal = board_.legal(s);
  if (!legal) {
    out = decided(board_.winner_when_full());
    return true;
  }
  moves = legal;
  if (!options_.threats || board_.goal() == Goal::Misere) return false;
  const CellMask mine = s.of(mover), theirs = s.of(1 - mover);
  if (board_.lines_count_for(mover) && board_.winning_cells(mine, theirs, legal)) {
    out = decided(mover);
    return true;
  }
  const CellMask against = board_.lines_count_for(1 - mover) ? board_.winning_cells(theirs, mine, legal) : 0;
  if (std::popcount(against) >= 2) {
    out = decided(1 - mover);
    return true;
  }
  if (against) moves = against;
  if (mover == attacker_ && !against && forced_.find(s, mover).move >= 0) {
    out = decided(attacker_);
    return true;
  }
  return false;
}

void Dfpn::expand(const Stones& s, int mover, CellMask moves, std::vector<Child>& children) {
  for (; moves; moves &= moves - 1) {
    const Cell c = std::countr_zero(moves);
    Child child{s, {}, false};
    child.stones.place(mover, c);
    const int result = board_.result_after(child.stones, mover, c);
    child.settled = result != BoardMasks::kGoesOn;
    child.numbers = child.settled ? decided(result) : lookup(child.stones);
    children.push_back(child);
  }
}

void Dfpn::search(const Stones& s, uint32_t pn_limit, uint32_t dn_limit, Numbers& out) {
  ++nodes_;
  if (options_.max_nodes && nodes_ - proof_start_ > options_.max_nodes) aborted_ = true;
  const int mover = to_move(s);
  CellMask moves = 0;
  if (settle(s, mover, out, moves)) {
    store(s, out);
    return;
  }
  std::vector<Child> children;
  expand(s, mover, moves, children);
  const bool or_node = mover == attacker_;
  for (;;) {
    // At the attacker's turns one proven child proves the node; at the defender's, all.
    uint32_t best = kInfinity, second = kInfinity, total = 0;
    std::size_t chosen = 0;
    // Children keep the numbers their last search returned: reading them back from the
    // table could undo progress when a slot was overwritten, and the loop would not end.
    for (std::size_t i = 0; i < children.size(); ++i) {
      const Numbers n = children[i].numbers;
      const uint32_t key = or_node ? n.pn : n.dn, other = or_node ? n.dn : n.pn;
      total = add(total, other);
      if (key < best) second = best, best = key, chosen = i;
      else if (key < second) second = key;
    }
    out = or_node ? Numbers{best, total} : Numbers{total, best};
    if (out.pn >= pn_limit || out.dn >= dn_limit || aborted_) break;
    Child& child = children[chosen];
    // The chosen child may use its number up to the second-best's times 1+epsilon (and
    // what the parent's other limit leaves it).
    const uint32_t near = std::max<uint64_t>(uint64_t{second} + 1,
                                             static_cast<uint64_t>(std::ceil(second * (1 + options_.epsilon))));
    const uint32_t own_limit = std::min<uint64_t>({or_node ? pn_limit : dn_limit, near, kInfinity});
    const uint32_t parent_other = or_node ? dn_limit : pn_limit;
    const uint32_t child_other_now = or_node ? child.numbers.dn : child.numbers.pn;
    const uint32_t other_limit =
        parent_other >= kInfinity ? kInfinity : add(parent_other - std::min(parent_other, total), child_other_now);
    Numbers result;
    search(child.stones, or_node ? own_limit : other_limit, or_node ? other_limit : own_limit, result);
    child.numbers = result;
  }
  store(s, out);
}

std::optional<bool> Dfpn::attacker_wins(const Stones& stones, int attacker) {
  attacker_ = attacker;
  std::fill(table_.begin(), table_.end(), Slot{});
  aborted_ = false;
  proof_start_ = nodes_;
  Numbers root;
  do {
    search(stones, kInfinity, kInfinity, root);
  } while (!aborted_ && root.pn != 0 && root.dn != 0);
  if (aborted_ && root.pn != 0 && root.dn != 0) return std::nullopt;
  return root.pn == 0;
}

DfpnResult dfpn_solve(const Position& position, const DfpnOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const BoardMasks board(position.game());
  const Stones stones = stones_of(position);
  DfpnResult result;
  if (position.over()) {
    const int w = position.winner();
    result.value = w == kNoPlayer ? Value::Draw : w == position.to_move() ? Value::Win : Value::Loss;
  } else {
    Dfpn dfpn(board, options);
    const int me = position.to_move();
    const std::optional<bool> wins = dfpn.attacker_wins(stones, me);
    std::optional<bool> loses = false;
    if (wins && !*wins) loses = dfpn.attacker_wins(stones, 1 - me);
    result.complete = wins && loses;
    result.value = wins && *wins ? Value::Win : loses && *loses ? Value::Loss : Value::Draw;
    result.nodes = dfpn.nodes();
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace kinrow
