#include "search/dfpn.h"

#include "core/error.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <functional>
#include <limits>
#include <stdexcept>
#include <thread>

namespace kinrow {
namespace {

constexpr uint32_t kInfinity = 1u << 30;

uint32_t add(uint32_t a, uint32_t b) { return std::min<uint64_t>(kInfinity, uint64_t{a} + b); }

}  // namespace

Dfpn::Dfpn(const BoardMasks& board, const DfpnOptions& options) : Dfpn(board, options, nullptr, 0) {}

Dfpn::Dfpn(const BoardMasks& board, const DfpnOptions& options, Slot* shared_table, std::size_t shared_slots)
    : board_(board), options_(options), forced_(board) {
  // The threat knowledge reads one stone a turn: with several, a line two short may be
  // an immediate win.
  threats_ = options.threats && board.goal() != Goal::Misere && board.one_stone_a_turn();
  heuristic_ = options.threats && board.goal() != Goal::Misere;
  zones_ = threats_ && !board.gravity();
  if (threats_ && options.dependency_threats && !board.gravity())
    combination_ = std::make_unique<ThreatCombinationSearch>(board);
  pairing_ = options.pairing && options.reductions && board.goal() != Goal::Misere && board.one_stone_a_turn() &&
             !board.gravity();
  dominance_ = options.reductions && options.dominance && board.goal() != Goal::Misere &&
               board.one_stone_a_turn() && !board.gravity();
  if (options.reductions) {
    try {
      symmetry_.emplace(board.game(), kMaxSymmetries);
    } catch (const InputError&) {
      // Too many symmetries to list (twin cells): search without them.
    }
  }
  // A pair serves two lines only if both lie on both: where no two lines share two
  // cells (Qubic: two cells make one line), shared pairs are exclusive ones.
  bool lines_overlap = false;
  const auto lines = board.lines();
  for (std::size_t i = 0; i < lines.size() && !lines_overlap; ++i)
    for (std::size_t j = i + 1; j < lines.size() && !lines_overlap; ++j)
      lines_overlap = std::popcount(lines[i] & lines[j]) >= 2;
  pairer_.set_shared_budget(lines_overlap ? options.shared_pair_steps : 0);
  pairer_.set_lines_linear(!lines_overlap);
  if (shared_table) {  // a helper: it shares its main search's table
    table_ = shared_table;
    slots_ = shared_slots;
    return;
  }
  slots_ = 1;
  while (slots_ * 2 * sizeof(Slot) <= options.table_megabytes << 20) slots_ *= 2;
  memory_ = std::make_unique<HugePageMemory>(slots_ * sizeof(Slot));
  table_ = static_cast<Slot*>(memory_->data());  // zeroed: every slot unused
}

Dfpn::~Dfpn() = default;

int Dfpn::to_move(const Stones& s) const { return board_.to_move(s); }

int Dfpn::pairing_holder() const { return board_.goal() == Goal::MakerBreaker ? 1 : 1 - attacker_; }

int Dfpn::pairing_winner() const { return board_.goal() == Goal::MakerBreaker ? 1 : BoardMasks::kDrawn; }

bool Dfpn::paired(const Stones& s) {
  return pairing_ && pairer_.pairable(board_.lines(), s.of(pairing_holder()), board_.all() & ~s.occupied());
}

Dfpn::Key Dfpn::key_of(const Stones& s) const {
  if (!options_.reductions || board_.gravity()) return {s, board_.all(), 0};
  return key_from(s, board_.live_cells(s));
}

Dfpn::Key Dfpn::key_from(const Stones& s, CellMask live) const {
  return {{s.first & live, s.second & live}, live, std::popcount(board_.all() & ~live & ~s.occupied())};
}

std::size_t Dfpn::slot_of(const Key& key) const {
  return (StonesHash()(key.live) ^ (key.live_cells * 0xD6E8FEB86659FD93ull) ^
          (static_cast<std::size_t>(key.empty_dead) * 0x9E3779B97F4A7C15ull)) &
         (slots_ - 1);
}

// Whether the slot's key is `key` (acquire loads: read() reads the version after them).
bool Dfpn::holds(Slot& slot, const Key& key) {
  auto word = [](auto& field) { return std::atomic_ref(field).load(std::memory_order_acquire); };
  return word(slot.first) == key.live.first && word(slot.second) == key.live.second &&
         word(slot.live_cells) == key.live_cells && word(slot.empty_dead) == static_cast<uint16_t>(key.empty_dead);
}

std::optional<Dfpn::Entry> Dfpn::read(const Key& key) const {
  Slot& slot = table_[slot_of(key)];
  std::atomic_ref<uint32_t> version(slot.version);
  const uint32_t before = version.load(std::memory_order_acquire);
  if (before & 1) return std::nullopt;
  // Acquire loads (plain loads on x86): the version is read again only after them.
  auto word = [](auto& field) { return std::atomic_ref(field).load(std::memory_order_acquire); };
  const bool same = holds(slot, key);
  const Entry entry{{word(slot.pn), word(slot.dn)}, word(slot.moves), word(slot.position)};
  if (!same || (entry.numbers.pn == 0 && entry.numbers.dn == 0) || version.load(std::memory_order_relaxed) != before)
    return std::nullopt;
  return entry;
}

std::optional<Dfpn::Numbers> Dfpn::lookup(const Key& key) const {
  if (const std::optional<Entry> entry = read(key)) return entry->numbers;
  return std::nullopt;
}

void Dfpn::store(const Key& key, Numbers n, CellMask moves, uint16_t position) {
  Slot& slot = table_[slot_of(key)];
  std::atomic_ref<uint32_t> version(slot.version);
  uint32_t before = version.load(std::memory_order_relaxed);
  // Another thread is writing this slot: the table is a cache, so this store is dropped.
  if ((before & 1) || !version.compare_exchange_strong(before, before + 1, std::memory_order_acquire)) return;
  // A node's final numbers are not replaced by open ones: another thread may have settled
  // it while this one was still inside.
  auto word = [](auto& field) { return std::atomic_ref(field).load(std::memory_order_relaxed); };
  if (n.pn != 0 && n.dn != 0 && (word(slot.pn) == 0 || word(slot.dn) == 0) && holds(slot, key)) {
    version.store(before, std::memory_order_release);
    return;
  }
  // Release stores (plain stores on x86): none is seen before the odd version.
  auto put = [](auto& field, auto value) { std::atomic_ref(field).store(value, std::memory_order_release); };
  put(slot.first, key.live.first);
  put(slot.second, key.live.second);
  put(slot.live_cells, key.live_cells);
  put(slot.empty_dead, static_cast<uint16_t>(key.empty_dead));
  put(slot.position, position);
  put(slot.pn, n.pn);
  put(slot.dn, n.dn);
  put(slot.moves, moves);
  version.store(before + 2, std::memory_order_release);
}

Dfpn::Numbers Dfpn::decided(int winner) const {
  return winner == attacker_ ? Numbers{0, kInfinity} : Numbers{kInfinity, 0};
}

bool Dfpn::settle(const Stones& s, int mover, CellMask live, Numbers& out, CellMask& moves) {
  const CellMask legal = board_.legal(s);
  if (!legal) {
    out = decided(board_.winner_when_full());
    return true;
  }
  moves = legal;
  if (options_.reductions) {
    // Who can still win by a line: the attacker needs a line free of the defender's
    // stones (in misère, the defender a line of his own free of the attacker's); a
    // breaker attacks by keeping the maker from every line.
    const Goal goal = board_.goal();
    if (goal == Goal::MakerBreaker) {
      if (!board_.any_line_free_of(s.second)) {
        out = decided(1);
        return true;
      }
    } else {
      const int spoiler = goal == Goal::Misere ? attacker_ : 1 - attacker_;
      if (!board_.any_line_free_of(s.of(spoiler))) {
        out = decided(BoardMasks::kDrawn);
        return true;
      }
    }
    // Only at the defender's turns, where every move must be refuted: skipping the
    // dominated ones saves their proofs. At the attacker's, one move is enough, and a
    // dominated one may be the quicker to prove (trying them all cost 21 % more nodes
    // on mnk:7x7x5; docs/benchmarks.md).
    if (dominance_ && mover != attacker_) moves = board_.undominated(s, moves);
    if (!board_.gravity()) {
      const CellMask dead = moves & ~live;
      moves &= ~(dead & (dead - 1));  // keep the lowest dead cell only
    }
    if (symmetry_) moves = symmetry_->orbit_representatives(s, moves);
  }
  const CellMask mine = s.of(mover), theirs = s.of(1 - mover);
  if (threats_) {
    if (board_.lines_count_for(mover) && board_.winning_cells(mine, theirs, legal)) {
      out = decided(mover);
      return true;
    }
    const CellMask against = board_.lines_count_for(1 - mover) ? board_.winning_cells(theirs, mine, legal) : 0;
    if (std::popcount(against) >= 2) {
      out = decided(1 - mover);
      return true;
    }
    if (against) {
      moves = against & legal;
      return false;
    }
  }
  // Pairings, after the cheap checks above (they cost a matching or three).
  if (pairing_) {
    if (paired(s)) {
      out = decided(pairing_winner());
      return true;
    }
    // The pairing holder's opponent to move: if one stone of the holder would bring a
    // pairing, every move away from it and its cells is answered there, and loses.
    if (mover != pairing_holder()) {
      Cell reply = -1;
      if (const CellMask zone =
              pairer_.reply_zone(board_.lines(), s.of(pairing_holder()), board_.all() & ~s.occupied(), reply)) {
        moves &= zone;
        if (!moves) {
          out = decided(pairing_winner());
          return true;
        }
      }
    }
  }
  if (!threats_) return false;
  // Either side who wins by continuous threats does (the defender's win is the
  // attacker's disproof).
  if (board_.lines_count_for(mover) &&
      (combination_ ? combination_->find(s, mover) : forced_.find(s, mover)).move >= 0) {
    out = decided(mover);
    return true;
  }
  // The opponent threatens such a win (it would be his if the mover passed): only moves
  // in its relevance zone can stop it, the rest lose to it.
  if (zones_ && board_.lines_count_for(1 - mover)) {
    if (const CellMask zone = forced_.relevance_zone(s, 1 - mover)) {
      moves &= zone;
      if (!moves) {
        out = decided(1 - mover);
        return true;
      }
    }
  }
  return false;
}

void Dfpn::expand(const Stones& s, int mover, CellMask moves, CellMask live, std::vector<Child>& children) {
  // First every child's slot is computed and fetched, then read: the table is large and
  // probed at random, so the loads overlap instead of waiting one after another.
  const bool reduced_keys = options_.reductions && !board_.gravity();
  for (; moves; moves &= moves - 1) {
    const Cell c = std::countr_zero(moves);
    Child child{s, {}, {}, c};
    child.stones.place(mover, c);
    const int result = board_.result_after(child.stones, mover, c);
    child.settled = result != BoardMasks::kGoesOn;
    if (child.settled) {
      child.numbers = decided(result);
      child.known = true;
    } else {
      child.key = reduced_keys ? key_from(child.stones, board_.live_cells_after(live, child.stones, mover, c))
                               : key_of(child.stones);
      __builtin_prefetch(&table_[slot_of(child.key)]);
    }
    children.push_back(child);
  }
  for (Child& child : children) {
    if (child.settled) continue;
    if (const std::optional<Numbers> n = lookup(child.key)) {
      child.numbers = *n;
      child.known = true;
    }
  }
  if (heuristic_) initialise(s, mover, children);
  // A lambda-2 move (one that threatens a win by continuous threats) leaves the defender
  // only the cells of its zone: such a child's proof number starts at the zone's size,
  // ahead of every quiet move. Only the two best by move score are asked: each asks a
  // threat search, and on Qubic asking the best eight took 225 s where two take 85 s
  // (one, 83 s; docs/benchmarks.md).
  if (zones_ && mover == attacker_) {
    for (Child& child : children) {
      if (child.known) continue;
      const CellMask zone = child.numbers.pn <= 2 ? forced_.relevance_zone(child.stones, attacker_) : 0;
      child.numbers.pn = zone ? std::popcount(zone) : child.numbers.pn + 64;
    }
  }
}

// How much a stone on `c` does for `mover`: its lines still free of the opponent, and
// the opponent's lines it spoils, each weighted by the stones already on it (a line
// one stone further counts four times as much).
int Dfpn::move_score(const Stones& s, int mover, Cell c) const {
  const CellMask mine = s.of(mover), theirs = s.of(1 - mover);
  // Weights stop growing at 4^12, so long lines (file: games) cannot overflow the sum.
  auto weight = [](CellMask stones) { return int64_t{1} << (2 * std::min(std::popcount(stones), 12)); };
  int64_t score = 0;
  for (CellMask line : board_.lines_through(c)) {
    if ((line & theirs) == 0 && board_.lines_count_for(mover)) score += weight(line & mine);
    if ((line & mine) == 0 && board_.lines_count_for(1 - mover)) score += weight(line & theirs);
  }
  return static_cast<int>(std::min<int64_t>(score, std::numeric_limits<int>::max()));
}

// Unknown children start from numbers that rank them by move_score: the mover's number
// (proof at the attacker's turns, disproof at the defender's) grows with the rank, so
// df-pn tries the strongest move first and the others when it stalls.
void Dfpn::initialise(const Stones& s, int mover, std::vector<Child>& children) const {
  // Sorted as integers: the score above the child's index reversed, so that ties keep
  // the cell order and the search does not depend on the sort.
  std::array<uint64_t, 64> order;
  std::size_t count = 0;
  for (std::size_t i = 0; i < children.size(); ++i)
    if (!children[i].known)
      order[count++] = uint64_t{static_cast<uint32_t>(move_score(s, mover, children[i].move))} << 32 | (0xFFFFFFFFu - i);
  std::sort(order.begin(), order.begin() + count, std::greater<>());
  const bool attacker = mover == attacker_;
  for (std::size_t rank = 0; rank < count; ++rank) {
    const uint32_t n = 1 + static_cast<uint32_t>(rank);
    children[0xFFFFFFFFu - (order[rank] & 0xFFFFFFFFu)].numbers = attacker ? Numbers{n, 1} : Numbers{1, n};
  }
}

void Dfpn::search(const Stones& s, const Key& key, uint32_t pn_limit, uint32_t dn_limit, Numbers& out) {
  ++nodes_;
  if (options_.max_nodes && nodes_ - proof_start_ > options_.max_nodes) aborted_ = true;
  if (stop_ && stop_->load(std::memory_order_relaxed)) aborted_ = true;
  if (options_.on_progress && (nodes_ & 0xFFFF) == 0) options_.on_progress(nodes_, root_.pn, root_.dn);
  const int mover = to_move(s);
  CellMask moves = 0;
  // The key's live cells are the position's wherever reductions read them (no gravity).
  const uint16_t position = position_check(s);
  // (Another position of the key, met by a collision of the check, may have tried a dead
  // cell this one holds: those moves are not taken.)
  const std::optional<Entry> entry = read(key);
  // Settled already, by a transposition the parent's numbers did not show, or by another
  // thread: a final number stays final. Not at the root of a resolve: a certificate walk
  // asks for a settled node again to learn which child settles it, and only expanding
  // the node tells (returning at once there made Qubic's walk disprove the bad moves one
  // by one: 16 k nodes re-searched after a1:1 b1:1 became 28.6 M; docs/benchmarks.md).
  if (entry && (entry->numbers.pn == 0 || entry->numbers.dn == 0) && s != root_stones_) {
    out = entry->numbers;
    return;
  }
  if (entry && entry->moves && entry->position == position && !(entry->moves & s.occupied())) {
    moves = entry->moves;
  } else if (settle(s, mover, key.live_cells, out, moves)) {
    store(key, out);
    return;
  }
  std::vector<Child> children;
  children.reserve(std::popcount(moves));  // one allocation, not one per doubling
  expand(s, mover, moves, key.live_cells, children);
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
    if (s == root_stones_) root_ = out;
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
    search(child.stones, child.key, or_node ? own_limit : other_limit, or_node ? other_limit : own_limit, result);
    child.numbers = result;
  }
  store(key, out, out.pn && out.dn ? moves : 0, position);
}

std::optional<bool> Dfpn::attacker_wins(const Stones& stones, int attacker) {
  begin(attacker);
  return options_.threads > 1 ? resolve_in_parallel(stones) : resolve(stones);
}

void Dfpn::begin(int attacker) {
  attacker_ = attacker;
  std::fill(table_, table_ + slots_, Slot{});
}

// Threads. Each helper runs df-pn from the same root with its own epsilon, so it takes
// other paths through the tree, and shares the table: what one proves, the other reads
// when it reaches the node. The first to settle the root answers and the others stop.
// The table's seqlock (Slot) keeps them from reading half-written entries; a proof is
// stored only once its node is proven, by whichever thread, so sharing changes the order
// of the search, never what a stored number means. On all of Qubic two threads took
// 28-40 s against 55-62 s for one (docs/benchmarks.md).
std::optional<bool> Dfpn::resolve_in_parallel(const Stones& stones) {
  // Epsilons the helpers take in turn: on Qubic's openings a helper at 0.25 beside the
  // main search at 0.5 did better than one at 0.5 or 1 (docs/benchmarks.md).
  constexpr double kHelperEpsilons[] = {0.25, 1.0, 0.125, 2.0};
  while (static_cast<int>(helpers_.size()) + 1 < options_.threads) {
    DfpnOptions helper = options_;
    helper.threads = 1;
    helper.on_progress = nullptr;
    helper.epsilon = kHelperEpsilons[helpers_.size() % std::size(kHelperEpsilons)];
    helpers_.push_back(std::unique_ptr<Dfpn>(new Dfpn(board_, helper, table_, slots_)));
  }
  std::atomic<bool> stop{false};
  std::atomic<int> helper_answer{-1};     // -1 none yet, else 0 or 1
  std::vector<std::exception_ptr> failed(helpers_.size());  // a helper's exception, for the main thread
  std::vector<std::thread> running;
  // However the main search ends (a progress callback may throw to stop it): stop and
  // join the helpers, and leave no thread pointing at this frame's flag.
  struct Joiner {
    Dfpn& main;
    std::atomic<bool>& stop;
    std::vector<std::thread>& threads;
    ~Joiner() {
      stop = true;
      for (std::thread& t : threads) t.join();
      main.stop_ = nullptr;
      for (auto& helper : main.helpers_) helper->stop_ = nullptr;
    }
  } joiner{*this, stop, running};
  for (std::size_t i = 0; i < helpers_.size(); ++i) {
    Dfpn& helper = *helpers_[i];
    helper.attacker_ = attacker_;
    helper.stop_ = &stop;
    running.emplace_back([&helper, &failure = failed[i], stones, &stop, &helper_answer] {
      try {
        if (const std::optional<bool> answer = helper.resolve(stones)) {
          helper_answer = *answer;
          stop = true;
        }
      } catch (...) {
        failure = std::current_exception();
        stop = true;
      }
    });
  }
  stop_ = &stop;
  std::optional<bool> answer = resolve(stones);
  stop = true;
  for (std::thread& t : running) t.join();
  running.clear();
  for (auto& helper : helpers_) nodes_ += helper->nodes_ - helper->proof_start_;
  for (const std::exception_ptr& failure : failed)
    if (failure) std::rethrow_exception(failure);
  if (answer && helper_answer >= 0 && *answer != (helper_answer == 1))
    throw std::logic_error("df-pn: two threads proved opposite answers");
  if (!answer && helper_answer >= 0) answer = helper_answer == 1;
  return answer;
}

std::optional<bool> Dfpn::known(const Stones& stones) const {
  const Numbers n = lookup(key_of(stones)).value_or(Numbers{});
  if (n.pn == 0) return true;
  if (n.dn == 0) return false;
  return std::nullopt;
}

CellMask Dfpn::moves_to_try(const Stones& stones) {
  Numbers settled;
  CellMask moves = 0;
  return settle(stones, to_move(stones), key_of(stones).live_cells, settled, moves) ? 0 : moves;
}

Cell Dfpn::threat_sequence_move(const Stones& stones) {
  const int mover = to_move(stones);
  if (!threats_ || !board_.lines_count_for(mover)) return -1;
  // As in settle: only when the opponent has no immediate win to answer first.
  if (board_.lines_count_for(1 - mover) &&
      board_.winning_cells(stones.of(1 - mover), stones.of(mover), board_.legal(stones)))
    return -1;
  return forced_.find(stones, mover).move;
}

std::optional<bool> Dfpn::resolve(const Stones& stones) {
  aborted_ = false;
  proof_start_ = nodes_;
  root_stones_ = stones;
  root_ = {};
  const Key root_key = key_of(stones);
  Numbers root;
  do {
    search(stones, root_key, kInfinity, kInfinity, root);
    // Numbers summed over transpositions can saturate at "infinity" without a proof;
    // searching again would return at once, so that is an undecided answer, not a loop.
    if (root.pn != 0 && root.dn != 0 && (root.pn >= kInfinity || root.dn >= kInfinity)) aborted_ = true;
  } while (!aborted_ && root.pn != 0 && root.dn != 0);
  if (aborted_ && root.pn != 0 && root.dn != 0) return std::nullopt;
  return root.pn == 0;
}

}  // namespace kinrow
