#include "search/dfpn.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <exception>
#include <functional>
#include <limits>
#include <stdexcept>
#include <thread>

#include "core/error.h"
#include "games/urgent_moves.h"
#include "search/table_file.h"

namespace kinrow {
namespace {

constexpr uint32_t kInfinity = kProofInfinity;

// Salts the key of a root whose moves are restricted (attacker_wins_excluding): its
// numbers are not the position's.
constexpr uint64_t kRestrictedRootSalt = 0x2545f4914f6cdd1dull;

uint32_t add(uint32_t a, uint32_t b) { return std::min<uint64_t>(kInfinity, uint64_t{a} + b); }

bool one_stone_a_turn(const Rules& rules) { return rules.stones_per_turn == 1 && rules.first_turn_stones == 1; }

// What a table's keys mean (also a kept file's: search/kept_proofs.h).
std::string dfpn_key_label(const BoardTables& tables, bool reduced_keys) {
  return "df-pn key " + std::to_string(kZobristKeyScheme) + " " + tables.game->spec + ", " +
         (reduced_keys ? "reduced" : "plain") + " keys";
}

// What a table file's slots mean (search/table_file.h).
std::string dfpn_table_label(const BoardTables& tables, bool reduced_keys, std::size_t slot_bytes) {
  return dfpn_key_label(tables, reduced_keys) + ", " + std::to_string(slot_bytes) + "-byte slots";
}

}  // namespace

BoardOptions dfpn_board_options(const Game& game, const DfpnOptions& options) {
  BoardOptions board;
  board.live = options.reductions && !game.rules.gravity;  // (never under exact: BoardTables)
  // The zones read the defender's lines up to p + the most extra stones they allow.
  if (options.threats && !one_stone_a_turn(game.rules) && ThreatSpaceSearch<1>::applies(game.rules))
    board.near = game.rules.stones_per_turn + ZoneProfile<1>::kMaxExtra;
  return board;
}

template <int W>
Dfpn<W>::Dfpn(const BoardTables& tables, const DfpnOptions& options) : Dfpn(tables, options, nullptr, 0) {}

template <int W>
Dfpn<W>::Dfpn(const BoardTables& tables, const DfpnOptions& options, Slot* shared_table, std::size_t shared_slots)
    : tables_(tables), options_(options) {
  const Rules& rules = tables.rules;
  const bool one_stone = one_stone_a_turn(rules);
  knowledge_ = options.threats && rules.goal != Goal::Misere;
  // Threat sequences read one stone a turn: with several, a line two short may be an
  // immediate win.
  sequences_ = knowledge_ && one_stone;
  heuristic_ = options.threats && rules.goal != Goal::Misere;
  zones_ = sequences_ && !rules.gravity;
  forced_.set_node_limit(kThreatSearchNodeLimit);
  const bool wide = tables.game->cell_count() > 64;
  if (options_.threat_order == DfpnOptions::kAutomatic) options_.threat_order = wide ? 2 : 1;
  if (options_.zone_order == DfpnOptions::kAutomatic) options_.zone_order = rules.stones_per_turn + (wide ? 1 : 0);
  if (knowledge_ && !one_stone && ThreatSpaceSearch<W>::applies(rules)) {
    threat_space_.emplace(tables);  // its node limit is set at each question
  }
  // The threat combinations keep line sets that know nothing of flanks: not under exact
  // (an overline does not win), where the forced-win search, which reads them, serves.
  if (sequences_ && options.dependency_threats && !rules.gravity && !rules.exact)
    combination_ = std::make_unique<ThreatCombinationSearch<W>>(tables);
  pairing_ = options.pairing && options.reductions && rules.goal != Goal::Misere && one_stone && !rules.gravity;
  // Several stones a turn: tuples of p + 1 cells, on boards small enough that a test over
  // every open line (a few hundred) costs less than the searches it saves.
  if (options.pairing && options.reductions && rules.goal != Goal::Misere && !one_stone && !rules.gravity &&
      !breaker_answers_in_kind(rules) && tables.cells <= kMostCellsForTuples)
    tuples_.emplace();
  // Dominance and dead cells read a cell's lines, not the lines it flanks: not under exact.
  skip_dominated_ = options.reductions && options.dominance && rules.goal != Goal::Misere && one_stone && !rules.gravity &&
                    !rules.exact;
  reduced_keys_ = options.reductions && !rules.gravity && !rules.exact;
  // Owning more cells never hurts the attacker only where a line of his wins however long
  // his row (not exact) and every empty cell is playable (not gravity).
  disproof_zones_ = options.disproof_zones && options.reductions && rules.goal == Goal::Normal && !rules.gravity &&
                    !rules.exact;
  // A cover needs every empty cell playable (no gravity), a spoiled line to stay lost to
  // its owner (not misère, where the owner wants no line) and turns of a fixed size. Only
  // with several stones a turn: with one, a cell on every open line is rare, pairings
  // serve, and the test would cost every node.
  if (options.reductions && !rules.gravity && rules.goal != Goal::Misere && !one_stone &&
      !breaker_answers_in_kind(rules))
    cover_.emplace(tables);
  if (reduced_keys_ && !tables.track_live)
    throw std::logic_error("df-pn: its reductions need tables that keep the live cells (dfpn_board_options)");
  if (options.reductions) symmetry_ = listed_symmetries<W>(*tables.game);
  for (int l = 0; l < tables.lines; ++l) {
    Cells line;
    for (int32_t i = tables.line_cells_begin[l]; i < tables.line_cells_begin[l + 1]; ++i) line.set(tables.line_cells[i]);
    lines_.push_back(line);
  }
  // A pair serves two lines only if both lie on both: where no two lines share two
  // cells (Qubic: two cells make one line), shared pairs are exclusive ones.
  bool lines_overlap = false;
  for (std::size_t i = 0; i < lines_.size() && !lines_overlap && pairing_; ++i)
    for (std::size_t j = i + 1; j < lines_.size() && !lines_overlap; ++j)
      lines_overlap = (lines_[i] & lines_[j]).several();
  pairer_.set_shared_budget(lines_overlap ? options.shared_pair_steps : 0);
  pairer_.set_lines_linear(!lines_overlap);
  if (shared_table) {  // a helper: it shares its main search's table
    table_ = shared_table;
    slots_ = shared_slots;
    return;
  }
  slots_ = kBucketSlots;
  while (slots_ * 2 * sizeof(Slot) <= options.table_megabytes << 20) slots_ *= 2;
  memory_ = std::make_unique<HugePageMemory>(slots_ * sizeof(Slot));
  table_ = static_cast<Slot*>(memory_->data());  // zeroed: every slot unused
}

template <int W>
Dfpn<W>::~Dfpn() = default;

template <int W>
int Dfpn<W>::pairing_holder() const {
  return tables_.rules.goal == Goal::MakerBreaker ? 1 : 1 - attacker_;
}

template <int W>
int Dfpn<W>::pairing_winner() const {
  return tables_.rules.goal == Goal::MakerBreaker ? 1 : kDrawn;
}

template <int W>
bool Dfpn<W>::paired(const Board& board) {
  if (tuples_) {
    // Tuples of p + 1 cells; not while the opponent's first turn of more stones than the
    // holder's turns have is still to come (proof/pairing_rule.h).
    const Rules& rules = tables_.rules;
    const int holder = pairing_holder(), p = rules.stones_per_turn, q = rules.first_turn_stones;
    if (board.stone_count() < q && holder == 1 && q - board.stone_count() > p) return false;
    return tuples_->hold(lines_, board.stones_of(holder), board.empty(), p + 1);
  }
  return pairing_ && pairer_.pairable(lines_, board.stones_of(pairing_holder()), board.empty());
}

template <int W>
uint64_t Dfpn<W>::key_of(const Board& board) const {
  return (reduced_keys_ ? board.reduced_key() : board.plain_key()) ^ attacker_salt() ^ given_salt(board);
}

template <int W>
std::optional<typename Dfpn<W>::Entry> Dfpn<W>::read(uint64_t key) const {
  Slot* bucket = &table_[bucket_of(key)];
  std::optional<Entry> found;
  for (std::size_t i = 0; i < kBucketSlots; ++i) {
    Slot copy;
    if (!copy_slot(bucket[i], copy, &key) || (copy.pn == 0 && copy.dn == 0)) continue;
    const Entry entry{{copy.pn, copy.dn}, copy.moves, copy.position};
    // Two threads storing a new key at once may each take a slot of its bucket: a final
    // answer is the one to read.
    if (entry.numbers.pn == 0 || entry.numbers.dn == 0) return entry;
    if (!found) found = entry;
  }
  return found;
}

template <int W>
std::optional<typename Dfpn<W>::Numbers> Dfpn<W>::lookup(uint64_t key) const {
  if (const std::optional<Entry> entry = read(key)) return entry->numbers;
  return std::nullopt;
}

// Which slot of the bucket a store takes: the key's own, else an unused one, else the one
// whose node took less work. With one slot a key (always replace), a proof much larger
// than its table thrashed: the costly nodes near the root were overwritten by the
// millions of cheap ones below them and searched again. Qubic from the empty board on a
// 16 MiB table took 52.6 M nodes that way, 7.7 M with buckets (docs/benchmarks.md,
// "The df-pn table's buckets"). Where the table is large enough, the two differ only by
// chance, either way.
template <int W>
void Dfpn<W>::store(uint64_t key, Numbers n, uint64_t work, const Cells& moves, uint16_t position) {
  auto word = [](auto& field) { return std::atomic_ref(field).load(std::memory_order_relaxed); };
  Slot* bucket = &table_[bucket_of(key)];
  Slot* target = nullptr;
  for (std::size_t i = 0; i < kBucketSlots && !target; ++i)
    if (word(bucket[i].key) == key) target = &bucket[i];
  for (std::size_t i = 0; i < kBucketSlots && !target; ++i)
    if (word(bucket[i].pn) == 0 && word(bucket[i].dn) == 0) target = &bucket[i];
  if (!target) {
    target = &bucket[0];
    for (std::size_t i = 1; i < kBucketSlots; ++i)
      if (word(bucket[i].work) < word(target->work)) target = &bucket[i];
  }
  Slot& slot = *target;
  SlotWriter<W> writer(slot);
  // Another thread is writing this slot: the table is a cache, so this store is dropped.
  if (!writer.enter()) return;
  // A node's final numbers are not replaced by open ones: another thread may have settled
  // it while this one was still inside. Final is one number 0, not both: (0, 0) is an
  // unused slot, whatever key it shows (a table file edited by hand, docs/benchmarks.md).
  if (n.pn != 0 && n.dn != 0 && (word(slot.pn) == 0) != (word(slot.dn) == 0) && word(slot.key) == key) {
    writer.back_out();
    return;
  }
  // A node searched again keeps the largest work of its visits: the last visit of a
  // proof near the root may be cheap where the ones before it were not.
  uint16_t width = static_cast<uint16_t>(std::bit_width(work));
  if (word(slot.key) == key) width = std::max(width, word(slot.work));
  writer.put({.key = key, .pn = n.pn, .dn = n.dn, .version = 0, .position = position, .work = width, .moves = moves});
  writer.leave();
  // Kept when this visit, or (to a power of two) an earlier one, took at least the threshold.
  if (kept_ && (n.pn == 0 || n.dn == 0) && width > 0 && std::max(work, uint64_t{1} << (width - 1)) >= kept_->min_nodes())
    kept_->keep(key, n.pn == 0, width, moves.word);
}

template <int W>
typename Dfpn<W>::Numbers Dfpn<W>::decided(int winner) const {
  return winner == attacker_ ? Numbers{0, kInfinity} : Numbers{kInfinity, 0};
}

template <int W>
bool Dfpn<W>::settle(Board& board, int mover, Numbers& out, Cells& moves) {
  const Cells& legal = board.playable();
  // Zones of disproofs: by default every cell is needed (nothing irrelevant), and a rule
  // that prunes the attacker's moves and does not say what its reason needs needs every
  // cell.
  settled_irrelevant_ = Cells{};
  pruning_needs_ = Cells{};
  const bool attacker_moves = disproof_zones_ && mover == attacker_;
  if (legal.none()) {
    out = decided(tables_.rules.goal == Goal::MakerBreaker ? 1 : kDrawn);
    return true;
  }
  moves = legal;
  if (options_.reductions) {
    // Who can still win by a line: the attacker needs a line free of the defender's
    // stones (in misère, the defender a line of his own free of the attacker's); a
    // breaker attacks by keeping the maker from every line.
    const Goal goal = tables_.rules.goal;
    if (goal == Goal::MakerBreaker) {
      if (board.lines_free_of(1) == 0) {
        out = decided(1);
        return true;
      }
    } else {
      const int spoiler = goal == Goal::Misere ? attacker_ : 1 - attacker_;
      if (board.lines_free_of(spoiler) == 0) {
        out = decided(kDrawn);
        settled_irrelevant_ = board.empty();  // no line of his is left to need a cell
        return true;
      }
    }
    // The same a turn ahead: the spoiler to move covers every open line with the stones
    // left of his turn (search/line_cover.h).
    if (const Cells cover = covering_stones(board); cover.any()) {
      out = decided(goal == Goal::MakerBreaker ? 1 : kDrawn);
      // Every line the attacker could complete holds a cover cell, empty whatever else
      // he owned.
      if (disproof_zones_) settled_irrelevant_ = board.empty().minus(cover);
      return true;
    }
    // Only at the defender's turns, where every move must be refuted: skipping the
    // dominated ones saves their proofs. At the attacker's, one move is enough, and a
    // dominated one may be the quicker to prove (trying them all cost 21 % more nodes
    // on mnk:7x7x5; docs/benchmarks.md).
    if (skip_dominated_ && mover != attacker_) moves = dominance_.undominated(board, moves);
    if (reduced_keys_) {  // the board knows its dead cells
      const Cells dead = moves.minus(board.live());
      if (dead.several()) moves = moves.minus(dead.without_first());  // keep the lowest dead cell only
    }
    if (symmetry_) {
      const Cells before = moves;
      moves = symmetry_->orbit_representatives(board.stones(), moves);
      if (attacker_moves && moves != before) pruning_needs_ = board.empty();
    }
  }
  if (knowledge_) {
    const UrgentMoves<Cells> urgent = urgent_moves(board);
    switch (urgent.urgency) {
      case Urgency::WinNow:
        out = decided(mover);
        // The defender completes a line: its cell, and the attacker's lines kept unfinished.
        if (disproof_zones_ && mover != attacker_)
          settled_irrelevant_ = board.empty().minus(urgent.cells | attacker_line_cells(board, urgent.cells));
        return true;
      case Urgency::Lost:
        out = decided(1 - mover);
        // The defender's threats stand while their cells stay empty.
        if (attacker_moves)
          settled_irrelevant_ = board.empty().minus(urgent.threats | attacker_line_cells(board, urgent.threats));
        return true;
      case Urgency::Block:
        // One stone a turn: the one cell (whatever the reductions kept: a symmetry of the
        // position fixes a lone threat). Several: the stones that keep the threats
        // answerable, as far as the reductions kept them.
        moves = one_stone_a_turn(tables_.rules) ? urgent.cells & legal : moves & urgent.cells;
        if (moves.none()) moves = urgent.cells & legal;
        // Every other move loses to the defender's threats (one cell, with one stone a turn).
        if (attacker_moves) pruning_needs_ |= urgent.threats | attacker_line_cells(board, urgent.threats);
        if (one_stone_a_turn(tables_.rules)) return false;
        break;
      case Urgency::None:
        break;
    }
  }
  // Pairings, after the cheap checks above (they cost a matching or three).
  if (pairing_) {
    if (paired(board)) {
      out = decided(pairing_winner());
      if (disproof_zones_) settled_irrelevant_ = board.empty().minus(pairer_.paired_cells());
      return true;
    }
    // The pairing holder's opponent to move: if one stone of the holder would bring a
    // pairing, every move away from it and its cells is answered there, and loses.
    if (mover != pairing_holder()) {
      Cell reply = -1;
      if (const Cells zone = pairer_.reply_zone(lines_, board.stones_of(pairing_holder()), board.empty(), reply);
          zone.any()) {
        moves &= zone;
        if (attacker_moves) pruning_needs_ |= zone;
        if (moves.none()) {
          out = decided(pairing_winner());
          if (attacker_moves) settled_irrelevant_ = board.empty().minus(pruning_needs_);
          return true;
        }
      }
    }
  }
  if (tuples_ && paired(board)) {
    out = decided(pairing_winner());
    if (disproof_zones_) settled_irrelevant_ = board.empty().minus(tuples_->tuple_cells());
    return true;
  }
  if (threat_space_) {
    // Several stones a turn: the mover's win by threats, then the opponent's threat of
    // one (his win if the mover withheld the r stones left of this turn), whose zone the
    // mover's next stone must hit.
    const int r = board.stones_left_in_turn();
    if (tables_.lines_count[mover] && options_.threat_order > 0 &&
        threat_space_wins(board, mover, r, options_.threat_order)) {
      out = decided(mover);
      return true;
    }
    if (tables_.lines_count[1 - mover] && options_.zone_order > r) {
      ZoneProfile<W> zone;
      if (threat_space_wins(board, 1 - mover, tables_.rules.stones_per_turn, options_.zone_order - r, &zone)) {
        moves &= zone.at[r];
        if (attacker_moves) pruning_needs_ = board.empty();  // what the threat search reads: not worked out
        if (moves.none()) {
          out = decided(1 - mover);
          return true;
        }
      }
    }
    return false;
  }
  if (!sequences_) return false;
  // Either side who wins by continuous threats does (the defender's win is the
  // attacker's disproof).
  if (tables_.lines_count[mover] &&
      (combination_ ? combination_->find(board, mover) : forced_.find(board, mover)).move >= 0) {
    out = decided(mover);
    return true;
  }
  // The opponent threatens such a win (it would be his if the mover passed): only moves
  // in its relevance zone can stop it, the rest lose to it.
  if (zones_ && tables_.lines_count[1 - mover]) {
    if (const Cells zone = forced_.relevance_zone(board, 1 - mover); zone.any()) {
      moves &= zone;
      if (attacker_moves) pruning_needs_ = board.empty();  // what the threat sequence reads: not worked out
      if (moves.none()) {
        out = decided(1 - mover);
        return true;
      }
    }
  }
  return false;
}

template <int W>
void Dfpn<W>::expand(Board& board, int mover, const Cells& moves, std::vector<Child>& children) {
  // First every child's slot is computed and fetched, then read: the table is large and
  // probed at random, so the loads overlap instead of waiting one after another.
  for (Cell c : moves) {
    Child child;
    child.move = c;
    const int result = board.result_of(c, mover);
    child.settled = result != kGoesOn;
    if (child.settled) {
      child.numbers = decided(result);
      child.known = true;
    } else {
      child.key = (reduced_keys_ ? board.reduced_key_after(c, mover) : board.plain_key_after(c, mover)) ^ attacker_salt() ^
                  given_salt(board);
      const std::size_t bucket = bucket_of(child.key);
      __builtin_prefetch(&table_[bucket]);
      if constexpr (W > 1) __builtin_prefetch(&table_[bucket + 1]);  // a bucket of two lines or more
    }
    children.push_back(child);
  }
  for (Child& child : children) {
    if (child.settled) continue;
    if (const std::optional<Entry> entry = read(child.key)) {
      child.numbers = entry->numbers;
      child.known = true;
      // A disproof's entry keeps the cells it does not need (see search).
      if (disproof_zones_ && entry->numbers.dn == 0 && entry->numbers.pn != 0) child.irrelevant = entry->moves & board.empty();
    }
  }
  if (heuristic_) initialise(board, mover, children);
  // A lambda-2 move (one that threatens a win by continuous threats) leaves the defender
  // only the cells of its zone: such a child's proof number starts at the zone's size,
  // ahead of every quiet move. Only the two best by move score are asked: each asks a
  // threat search, and on Qubic asking the best eight took 225 s where two take 85 s
  // (one, 83 s; docs/benchmarks.md).
  if ((zones_ || (threat_space_ && options_.zone_order > 0)) && mover == attacker_ &&
      board.stones_left_in_turn() == 1) {
    for (Child& child : children) {
      if (child.known) continue;
      Cells zone;
      if (child.numbers.pn <= 2) {
        board.place(child.move);
        zone = defender_zone(board);
        board.remove(child.move);
      }
      child.numbers.pn = zone.any() ? zone.count() : child.numbers.pn + 64;
    }
  }
}

template <int W>
typename Dfpn<W>::Cells Dfpn<W>::defender_zone(Board& board) {
  if (!threat_space_) return forced_.relevance_zone(board, attacker_);
  const int p = tables_.rules.stones_per_turn;
  ZoneProfile<W> zone;
  if (options_.zone_order <= p ||
      !threat_space_wins(board, attacker_, p, options_.zone_order - p, &zone))
    return {};
  return zone.at[p] & board.empty();
}

// How much a stone on `c` does for `mover`: its lines still free of the opponent, and
// the opponent's lines it spoils, each weighted by the stones already on it (a line
// one stone further counts four times as much).
template <int W>
int Dfpn<W>::move_score(const Board& board, int mover, Cell c) const {
  // Weights stop growing at 4^12, so long lines (file: games) cannot overflow the sum.
  auto weight = [](int stones) { return int64_t{1} << (2 * std::min(stones, 12)); };
  const uint8_t *mine = board.line_counts(mover), *theirs = board.line_counts(1 - mover);
  const bool mine_count = tables_.lines_count[mover], theirs_count = tables_.lines_count[1 - mover];
  int64_t score = 0;
  for (int32_t l : board.lines_through(c)) {
    if (theirs[l] == 0 && mine_count) score += weight(mine[l]);
    if (mine[l] == 0 && theirs_count) score += weight(theirs[l]);
  }
  return static_cast<int>(std::min<int64_t>(score, std::numeric_limits<int>::max()));
}

// Unknown children start from numbers that rank them by move_score: the mover's number
// (proof at the attacker's turns, disproof at the defender's) grows with the rank, so
// df-pn tries the strongest move first and the others when it stalls.
template <int W>
void Dfpn<W>::initialise(const Board& board, int mover, std::vector<Child>& children) {
  // Sorted as integers: the score above the child's index reversed, so that ties keep
  // the cell order and the search does not depend on the sort.
  order_.clear();
  for (std::size_t i = 0; i < children.size(); ++i)
    if (!children[i].known)
      order_.push_back(uint64_t{static_cast<uint32_t>(move_score(board, mover, children[i].move))} << 32 |
                       (0xFFFFFFFFu - i));
  std::sort(order_.begin(), order_.end(), std::greater<>());
  const bool attacker = mover == attacker_;
  for (std::size_t rank = 0; rank < order_.size(); ++rank) {
    const uint32_t n = 1 + static_cast<uint32_t>(rank);
    children[0xFFFFFFFFu - (order_[rank] & 0xFFFFFFFFu)].numbers = attacker ? Numbers{n, 1} : Numbers{1, n};
  }
}

template <int W>
void Dfpn<W>::search(Board& board, uint64_t key, uint32_t pn_limit, uint32_t dn_limit, Numbers& out, bool root) {
  ++nodes_;
  const uint64_t effort_before = effort();  // this node's work, for the table: what it adds
  const uint64_t taken = proof_nodes();
  if (options_.max_nodes && taken > options_.max_nodes) aborted_ = true;
  if ((nodes_ & 63) == 0 && std::chrono::steady_clock::now() >= deadline_) aborted_ = true;
  if (stop_ && stop_->load(std::memory_order_relaxed)) aborted_ = true;
  if (options_.interrupt && options_.interrupt->load(std::memory_order_relaxed)) aborted_ = true;
  // Every 2^16 nodes as the budget counts them: a Connect6 expansion's threat searches
  // may take more than that alone, so counting expansions would call it too rarely.
  if (options_.on_progress && taken >= next_progress_) {
    next_progress_ = taken + 0x10000;
    options_.on_progress(nodes_, root_.pn, root_.dn);
  }
  const int mover = board.to_move();
  Cells moves;
  const uint16_t position = position_check(board);
  const std::optional<Entry> entry = read(key);
  // Settled already, by a transposition the parent's numbers did not show, or by another
  // thread: a final number stays final. Not at the root of a resolve: a certificate walk
  // asks for a settled node again to learn which child settles it, and only expanding
  // the node tells (returning at once there made Qubic's walk disprove the bad moves one
  // by one: 16 k nodes re-searched after a1:1 b1:1 became 28.6 M; docs/benchmarks.md).
  if (entry && (entry->numbers.pn == 0 || entry->numbers.dn == 0) && !root) {
    out = entry->numbers;
    last_irrelevant_ = disproof_zones_ && out.dn == 0 ? entry->moves & board.empty() : Cells{};
    return;
  }
  // (Another position of the key, met by a collision of the check, may have tried a dead
  // cell this one holds: those moves are not taken. A decided entry's cells are a zone's.)
  const bool open_entry = entry && entry->numbers.pn != 0 && entry->numbers.dn != 0;
  // What the knowledge's pruning of the attacker's moves reads, when settle() pruned them
  // here (moves read from the table leave it to disproof_irrelevant to ask again).
  std::optional<Cells> pruning_needs;
  if (open_entry && entry->moves.any() && entry->position == position && !entry->moves.intersects(board.occupied())) {
    moves = entry->moves;
  } else if (settle(board, mover, out, moves)) {
    last_irrelevant_ = disproof_zones_ && out.dn == 0 ? settled_irrelevant_ : Cells{};
    store(key, out, effort() - effort_before + 1, last_irrelevant_);
    if (root) root_ = out, root_settled_ = true, root_irrelevant_ = last_irrelevant_;
    return;
  } else {
    pruning_needs = pruning_needs_;  // the searches below overwrite the member
  }
  if (root && root_excluded_.any()) moves = moves.minus(root_excluded_);
  std::vector<Child> children;
  children.reserve(moves.count());  // one allocation, not one per doubling
  expand(board, mover, moves, children);
  const bool or_node = mover == attacker_;
  const bool zones = disproof_zones_ && or_node;
  if (zones)
    for (std::size_t i = 0; i < children.size(); ++i)
      if (children[i].numbers.dn == 0) prune_by_zone(children, children[i]);
  for (;;) {
    // At the attacker's turns one proven child proves the node; at the defender's, all.
    uint32_t best = kInfinity, second = kInfinity, total = 0;
    std::size_t chosen = 0;
    // Children keep the numbers their last search returned: reading them back from the
    // table could undo progress when a slot was overwritten, and the loop would not end.
    for (std::size_t i = 0; i < children.size(); ++i) {
      const Numbers n = children[i].numbers;
      const uint32_t mine = or_node ? n.pn : n.dn, other = or_node ? n.dn : n.pn;
      total = add(total, other);
      if (mine < best) second = best, best = mine, chosen = i;
      else if (mine < second) second = mine;
    }
    out = or_node ? Numbers{best, total} : Numbers{total, best};
    if (root) root_ = out;
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
    board.place(child.move);
    search(board, child.key, or_node ? own_limit : other_limit, or_node ? other_limit : own_limit, result, false);
    board.remove(child.move);
    child.numbers = result;
    if (disproof_zones_ && result.dn == 0) {
      child.irrelevant = last_irrelevant_ & board.empty();
      if (zones) prune_by_zone(children, child);
    }
  }
  if (root) {
    root_children_.clear();
    for (const Child& child : children) root_children_.push_back({child.move, child.numbers.pn, child.numbers.dn, child.by_zone});
  }
  // A disproof keeps the cells it does not need (a restricted root's refutes only some
  // moves: none).
  last_irrelevant_ = disproof_zones_ && out.dn == 0 && out.pn != 0 && !(root && root_excluded_.any())
                         ? disproof_irrelevant(board, mover, moves, children, pruning_needs)
                         : Cells{};
  if (root) root_irrelevant_ = last_irrelevant_;
  store(key, out, effort() - effort_before + 1, out.pn && out.dn ? moves : last_irrelevant_, position);
}

// Zones of disproofs. A disproof of "the attacker wins" at a node holds with some cells
// irrelevant: it would hold even if the attacker owned all of them at once. (Owning more
// never hurts him: the defender answers a stone the attacker plays there with any stone,
// and a stone more never hurts the defender either; a turn of several stones is searched
// stone by stone, and the stones left in it are the same at every sibling.) So at the
// attacker's turn, once a stone m is refuted with irrelevant cells I, every stone on I is
// refuted too: the position after it is the one after m with the attacker owning less.
// The cells a disproof needs (its zone, the complement) are built bottom up:
//   - a finished game or a rule that decides the node: the cells the rule reads (the
//     defender's completing cells, the pairs of a pairing, the cells of a tuple pairing
//     or of a cover, every cell of the threats a loss is to; none where no line is left
//     to the attacker), and max(p, q) + 1 empty cells of each line the attacker could
//     still complete (owning the rest, he completes none, this turn or the next);
//   - the defender's turn: the refuted child's zone and his move;
//   - the attacker's turn: every child searched, its zone and its move; for the moves the
//     knowledge pruned, what its reasons read (a forced block: every cell of the
//     defender's threats and the attacker's lines as above; a pairing reply: its cells
//     and the reply; a threat sequence's zone, the threat-space search's or a symmetry:
//     every cell, not worked out). Moves refuted by a sibling's zone need nothing.
// Dead cells need nothing: a stone there changes no line. This is the defender's side of
// relevance zones (Hsu et al. proved the 7,7,5- and 8,8,5-games so, TCS 2020); the
// attacker's side is the threat-sequence zone settle() already prunes by.
template <int W>
void Dfpn<W>::prune_by_zone(std::vector<Child>& children, const Child& refuted) const {
  if (refuted.irrelevant.none()) return;
  for (Child& child : children)
    if (child.numbers.pn != 0 && child.numbers.dn != 0 && refuted.irrelevant.test(child.move)) {
      child.numbers = Numbers{kInfinity, 0};
      child.known = true;
      child.by_zone = true;
      child.irrelevant = Cells{};
    }
}

template <int W>
typename Dfpn<W>::Cells Dfpn<W>::attacker_line_cells(const Board& board, const Cells& avoid) const {
  const Cells defender = board.stones_of(1 - attacker_);
  const Cells empty = board.empty().minus(avoid);
  // One more than the most stones a turn of his can place (the first turn may have more).
  const int keep = std::max(tables_.rules.stones_per_turn, tables_.rules.first_turn_stones) + 1;
  Cells need;
  for (const Cells& line : lines_) {
    if (line.intersects(defender)) continue;
    const Cells open = line & empty;
    int have = (open & need).count();
    for (Cell c : open.minus(need)) {
      if (have >= keep) break;
      need.set(c);
      ++have;
    }
  }
  return need;
}

template <int W>
typename Dfpn<W>::Cells Dfpn<W>::disproof_irrelevant(Board& board, int mover, const Cells& moves,
                                                     std::vector<Child>& children,
                                                     const std::optional<Cells>& pruning_needs) {
  const Cells empty = board.empty();
  if (mover != attacker_) {
    // The defender's turn: one refuted child, and his move.
    for (const Child& child : children) {
      if (child.numbers.dn != 0) continue;
      if (child.settled) {  // his move ended the game: its cell, and the attacker's lines kept open
        board.place(child.move);
        const Cells need = attacker_line_cells(board, Cells{});
        board.remove(child.move);
        return empty.minus(need).minus(Cells::single(child.move));
      }
      return (child.irrelevant & empty).minus(Cells::single(child.move));
    }
    return Cells{};
  }
  // The attacker's turn. The knowledge's reasons for the moves not expanded: as settle()
  // gave them, or read again where the moves came from the table (valid only if they
  // prune no fewer now; with several stones a turn this costs threat searches).
  Cells needs;
  if (pruning_needs) {
    needs = *pruning_needs;
  } else if (board.playable().minus(moves).any()) {
    Numbers settled;
    Cells again;
    if (settle(board, mover, settled, again)) return settled.dn == 0 ? settled_irrelevant_ : Cells{};
    if (again.minus(moves).any()) return Cells{};
    needs = pruning_needs_;
  }
  Cells irrelevant = empty.minus(needs);
  for (const Child& child : children) {
    if (child.by_zone) continue;
    irrelevant &= child.irrelevant;
    irrelevant.reset(child.move);
  }
  return irrelevant;
}

template <int W>
std::optional<bool> Dfpn<W>::attacker_wins(Board& board, int attacker) {
  begin(attacker);
  // Helper threads copy the board by its stones, which would drop stones given outside
  // the turns (Board::give): such positions are searched on this thread.
  return options_.threads > 1 && board.given() == 0 ? resolve_in_parallel(board) : resolve(board);
}

template <int W>
std::optional<bool> Dfpn<W>::attacker_wins_excluding(Board& board, int attacker, const Cells& excluded) {
  root_excluded_ = excluded;
  struct Clear {
    Cells& excluded;
    ~Clear() { excluded = {}; }
  } clear{root_excluded_};
  return attacker_wins(board, attacker);
}

template <int W>
void Dfpn<W>::begin(int attacker) {
  // Nothing is cleared: keys carry the attacker (attacker_salt), so another proof's
  // entries are never read; they give up their slots by work like any other (no aging:
  // the certificate walks come after both questions, and the first question's walk
  // needs its proof's costly nodes still there). Clearing would fault in every page of
  // the table, about two seconds a gigabyte on this machine, where a proof may touch few.
  attacker_ = attacker;
}

// Threads. Each helper runs df-pn from the same root with its own epsilon, so it takes
// other paths through the tree, and shares the table: what one proves, the other reads
// when it reaches the node. The first to settle the root answers and the others stop.
// The table's seqlock (Slot) keeps them from reading half-written entries; a proof is
// stored only once its node is proven, by whichever thread, so sharing changes the order
// of the search, never what a stored number means. On all of Qubic two threads took
// 28-40 s against 55-62 s for one (docs/benchmarks.md).
template <int W>
std::optional<bool> Dfpn<W>::resolve_in_parallel(Board& board) {
  // Epsilons the helpers take in turn: on Qubic's openings a helper at 0.25 beside the
  // main search at 0.5 did better than one at 0.5 or 1 (docs/benchmarks.md).
  constexpr double kHelperEpsilons[] = {0.25, 1.0, 0.125, 2.0};
  helpers_.resize(static_cast<std::size_t>(std::max(0, options_.threads - 1)));
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
      for (auto& helper : main.helpers_)
        if (helper) helper->stop_ = nullptr;
    }
  } joiner{*this, stop, running};
  // Each helper builds its search and its board in its own thread, so that what it writes
  // at every node comes from its own heap (a copy made here shared cache lines with the
  // main search's: two threads were 20 % slower on Qubic).
  const Stones<W> position = board.stones();
  for (std::size_t i = 0; i < helpers_.size(); ++i) {
    running.emplace_back([this, i, &failure = failed[i], position, &stop, &helper_answer, &kHelperEpsilons] {
      try {
        if (!helpers_[i]) {
          DfpnOptions options = options_;
          options.threads = 1;
          options.on_progress = nullptr;
          options.epsilon = kHelperEpsilons[i % std::size(kHelperEpsilons)];
          helpers_[i].reset(new Dfpn(tables_, options, table_, slots_));
        }
        Dfpn& helper = *helpers_[i];
        helper.attacker_ = attacker_;
        helper.root_excluded_ = root_excluded_;
        helper.kept_ = kept_;
        helper.stop_ = &stop;
        Board local(tables_);
        local.assign(position);
        if (const std::optional<bool> answer = helper.resolve(local)) {
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
  std::optional<bool> answer = resolve(board);
  stop = true;
  for (std::thread& t : running) t.join();
  running.clear();
  for (auto& helper : helpers_)
    if (helper) nodes_ += helper->nodes_ - helper->proof_start_;
  for (const std::exception_ptr& failure : failed)
    if (failure) std::rethrow_exception(failure);
  if (answer && helper_answer >= 0 && *answer != (helper_answer == 1))
    throw std::logic_error("df-pn: two threads proved opposite answers");
  if (!answer && helper_answer >= 0) answer = helper_answer == 1;
  return answer;
}

template <int W>
std::optional<bool> Dfpn<W>::known(const Board& board) const {
  const Numbers n = lookup(key_of(board)).value_or(Numbers{});
  if (n.pn == 0) return true;
  if (n.dn == 0) return false;
  return std::nullopt;
}

template <int W>
typename Dfpn<W>::Cells Dfpn<W>::irrelevant_to_disproof(const Board& board) const {
  if (!disproof_zones_) return {};
  const std::optional<Entry> entry = read(key_of(board));
  if (!entry || entry->numbers.dn != 0) return {};
  return entry->moves & board.empty();
}

template <int W>
typename Dfpn<W>::Cells Dfpn<W>::moves_to_try(Board& board) {
  Numbers settled;
  Cells moves;
  return settle(board, board.to_move(), settled, moves) ? Cells{} : moves;
}

template <int W>
typename Dfpn<W>::Cells Dfpn<W>::covering_stones(const Board& board) {
  if (!cover_) return {};
  const int spoiler = tables_.rules.goal == Goal::MakerBreaker ? 1 : 1 - attacker_;
  if (board.to_move() != spoiler) return {};
  return cover_->find(board, spoiler, board.stones_left_in_turn());
}

template <int W>
Cell Dfpn<W>::threat_sequence_move(Board& board) {
  const int mover = board.to_move();
  if (!sequences_ || !tables_.lines_count[mover]) return -1;
  // As in settle: only when the opponent has no immediate win to answer first.
  if (tables_.lines_count[1 - mover] && board.winning_cells(1 - mover).any()) return -1;
  return forced_.find(board, mover).move;
}

template <int W>
bool Dfpn<W>::threat_space_wins(Board& board, int attacker, int stones, int order, ZoneProfile<W>* zone) {
  uint64_t limit = kThreatSpaceNodeLimit;
  if (options_.max_nodes) {
    if (proof_nodes() >= options_.max_nodes) return false;  // the proof is giving up
    limit = std::min(limit, options_.max_nodes - proof_nodes());
  }
  threat_space_->set_node_limit(limit);
  return threat_space_->wins(board, attacker, stones, order, zone);
}

template <int W>
Move Dfpn<W>::threat_space_turn(Board& board, uint64_t node_limit) {
  const int mover = board.to_move();
  if (!threat_space_ || !tables_.lines_count[mover] || options_.threat_order <= 0) return {};
  threat_space_->set_node_limit(node_limit);
  return threat_space_->winning_turn(board, mover, board.stones_left_in_turn(), options_.threat_order);
}

template <int W>
std::optional<bool> Dfpn<W>::resolve(Board& board) {
  aborted_ = false;
  proof_start_ = nodes_;
  threat_start_ = threat_nodes();
  next_progress_ = 0x10000;
  root_ = {};
  root_children_.clear();
  root_settled_ = false;
  root_irrelevant_ = Cells{};
  const uint64_t root_key = key_of(board) ^ (root_excluded_.any() ? kRestrictedRootSalt : 0);
  Numbers root;
  do {
    search(board, root_key, kInfinity, kInfinity, root, true);
    // Numbers summed over transpositions can saturate at "infinity" without a proof;
    // searching again would return at once, so that is an undecided answer, not a loop.
    if (root.pn != 0 && root.dn != 0 && (root.pn >= kInfinity || root.dn >= kInfinity)) aborted_ = true;
  } while (!aborted_ && root.pn != 0 && root.dn != 0);
  if (aborted_ && root.pn != 0 && root.dn != 0) return std::nullopt;
  return root.pn == 0;
}

// Slot by slot under the seqlock (search/dfpn_slot.h), since proofs may be writing
// (search/periodic_save.h): a slot a writer is inside, or one rewritten while it was
// copied, is saved empty, as a reader would have taken it.
template <int W>
void Dfpn<W>::save_table(const std::string& path, const std::atomic<bool>* abandon) const {
  TableFileWriter out(path, dfpn_table_label(tables_, reduced_keys_, sizeof(Slot)), slots_, abandon);
  constexpr std::size_t kChunk = 4096;
  std::vector<Slot> chunk(kChunk);
  for (std::size_t first = 0; first < slots_; first += kChunk) {
    const std::size_t count = std::min(kChunk, slots_ - first);
    for (std::size_t i = 0; i < count; ++i)
      if (!copy_slot(table_[first + i], chunk[i])) chunk[i] = Slot{};
    out.write(chunk.data(), count * sizeof(Slot));
  }
  out.finish();
}

template <int W>
void Dfpn<W>::load_table(const std::string& path) {
  TableFileReader in(path, dfpn_table_label(tables_, reduced_keys_, sizeof(Slot)), slots_,
                     "give the same --tt-mb as when it was written");
  in.read(table_, slots_ * sizeof(Slot));
  in.finish();
}

template <int W>
std::string Dfpn<W>::kept_label() const {
  return dfpn_key_label(tables_, reduced_keys_);
}

// Stored as the search stores an answer (a kept answer's key is a final one: it replaces
// what a table file held open for it).
template <int W>
void Dfpn<W>::take_kept(const KeptProof& proof) {
  Cells zone;
  for (int i = 0; i < W; ++i) zone.word[i] = proof.zone[static_cast<std::size_t>(i)];
  store(proof.key, proof.proven ? Numbers{0, kInfinity} : Numbers{kInfinity, 0}, uint64_t{1} << (proof.work - 1),
        zone);
}

template <int W>
void Dfpn<W>::keep_proofs_in(KeptProofs* kept) {
  kept_ = kept;
}

static_assert(kKeptOpenLargestNumber == kInfinity, "a kept open number is at most df-pn's infinity");

template <int W>
void Dfpn<W>::for_each_open_node(uint64_t min_nodes, const std::function<void(const KeptOpenNode&)>& take,
                                 const std::atomic<bool>* abandon) const {
  Slot slot;
  for (std::size_t i = 0; i < slots_; ++i) {
    if (i % 4096 == 0 && abandon && abandon->load(std::memory_order_relaxed)) throw TableSaveAbandoned();
    // A work past 64 is a damaged table file's: no node took 2^64 nodes.
    if (!copy_slot(table_[i], slot) || slot.pn == 0 || slot.dn == 0 || slot.work == 0 || slot.work > 64) continue;
    if ((uint64_t{1} << (slot.work - 1)) < min_nodes) continue;
    take({.key = slot.key, .pn = slot.pn, .dn = slot.dn, .work = slot.work});
  }
}

template <int W>
void Dfpn<W>::take_open(const KeptOpenNode& node) {
  store(node.key, Numbers{node.pn, node.dn}, uint64_t{1} << (node.work - 1), Cells{});
}

#define INSTANTIATE(W) template class Dfpn<W>;
KINROW_FOR_EACH_WIDTH(INSTANTIATE)
#undef INSTANTIATE

}  // namespace kinrow
