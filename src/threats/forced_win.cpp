#include "threats/forced_win.h"

#include <stdexcept>

namespace kinrow {

template <int W>
ForcedWin ForcedWinSearch<W>::find(Board<W>& board, int attacker) {
  const BoardTables& t = board.tables();
  if (!t.lines_count[attacker]) return {};
  if (memo_.empty()) memo_.resize(kMemoSlots);
  use(t);
  start_budget();
  if (t.rules.gravity) return search_gravity(board, attacker);
  near_top_ = made_top_ = 0;
  const Cells empty = board.empty();
  if (const Cells wins = board.threats(attacker) & empty; wins.any()) {
    ++nodes_;
    return {wins.first(), 1};
  }
  return search(root(board, attacker), attacker, t.lines_count[1 - attacker] ? board.threats(1 - attacker) & empty : Cells{});
}

template <int W>
typename ForcedWinSearch<W>::Node ForcedWinSearch<W>::root(const Board<W>& board, int attacker) {
  Node node{board.stones_of(attacker), board.stones_of(1 - attacker), memo_key(board.plain_key(), attacker),
            near_top_, 0};
  const auto lines = board.near_lines(attacker, 2);
  reserve(near_, near_top_, lines.size());
  if (exact_) reserve(near_flanks_, near_top_, lines.size());
  for (int32_t l : lines) {
    if (exact_) near_flanks_[near_top_] = flanks(l);
    near_[near_top_++] = board.line(l);
  }
  node.near_end = near_top_;
  return node;
}

template <int W>
typename ForcedWinSearch<W>::Node ForcedWinSearch<W>::child(const Node& node, int attacker, Cell move,
                                                            Cell reply) const {
  Node out{node.mine, node.theirs, node.key ^ zobrist_[attacker * cells_ + move] ^ zobrist_[(1 - attacker) * cells_ + reply],
           node.near_begin, node.near_end, move, reply};
  out.mine.set(move);
  out.theirs.set(reply);
  return out;
}

template <int W>
void ForcedWinSearch<W>::near_lines(Node& node) {
  if (node.move < 0) return;
  const Cell move = node.move;
  const int32_t first = cell_lines_begin_[move], last = cell_lines_begin_[move + 1];
  reserve(near_, near_top_, node.near_end - node.near_begin + static_cast<std::size_t>(last - first));
  if (exact_) reserve(near_flanks_, near_top_, node.near_end - node.near_begin + static_cast<std::size_t>(last - first));
  const std::size_t begin = near_top_;
  // The parent's near lines but those the two stones change: through the move they now
  // miss one cell (the threat), through the reply they are spoiled; under exact, those
  // the move flanks are closed to the attacker.
  Cells changed;
  changed.set(move);
  changed.set(node.reply);
  for (std::size_t i = node.near_begin; i < node.near_end; ++i) {
    if (near_[i].intersects(changed)) continue;
    if (exact_) {
      if (near_flanks_[i].test(move)) continue;
      near_flanks_[near_top_] = near_flanks_[i];
    }
    near_[near_top_++] = near_[i];
  }
  // Lines through the move that it brings to two short.
  for (int32_t i = first; i < last; ++i) {
    const Cells l = words_at(cell_line_words_ + static_cast<std::size_t>(i) * W);
    if (l.intersects(node.theirs) || l.minus(node.mine).count() != 2) continue;
    if (exact_) {
      const Cells f = words_at(cell_line_flank_words_ + static_cast<std::size_t>(i) * W);
      if (f.intersects(node.mine)) continue;
      near_flanks_[near_top_] = f;
    }
    near_[near_top_++] = l;
  }
  node.near_begin = begin;
  node.near_end = near_top_;
  node.move = node.reply = -1;
}

template <int W>
typename ForcedWinSearch<W>::Cells ForcedWinSearch<W>::relevance_zone(Board<W>& board, int attacker) {
  const BoardTables& t = board.tables();
  if (t.rules.gravity || !t.lines_count[attacker]) return {};
  if (memo_.empty()) memo_.resize(kMemoSlots);
  if (zones_.empty()) zones_.resize(kZoneSlots);
  use(t);
  const uint64_t key = memo_key(board.plain_key(), attacker);
  ZoneSlot& slot = zones_[(key ^ (key >> 31)) & (kZoneSlots - 1)];
  if (slot.attacker != attacker || slot.key != key) slot = {key, walk_zone(board, attacker), static_cast<int8_t>(attacker)};
  return slot.zone;
}

template <int W>
typename ForcedWinSearch<W>::Cells ForcedWinSearch<W>::walk_zone(const Board<W>& board, int attacker) {
  const int defender = 1 - attacker;
  const Cells start_attacker = board.stones_of(attacker), start_occupied = board.occupied();
  Cells zone;
  near_top_ = made_top_ = 0;
  start_budget();
  Node node = root(board, attacker);
  Cells their_wins = tables_->lines_count[defender] ? board.threats(defender) & board.empty() : Cells{};
  // Walk the sequence the search finds: each move, the threat it makes (the forced
  // reply), and the final double threat; or the immediate wins there are.
  zone = board.threats(attacker) & board.empty();
  for (bool ended = zone.any(); !ended;) {
    const ForcedWin next = search(node, attacker, their_wins);
    if (next.move < 0) {
      // Past the node limit a step may not find again what the first found: no zone.
      if (zone.any() && !cut_) throw std::logic_error("forced win: the sequence broke off while being read");
      return {};
    }
    Cells mine = node.mine;
    mine.set(next.move);
    const Cells threats = wins_through(next.move, mine, node.theirs);
    zone.set(next.move);
    zone |= threats;
    ended = threats.several();
    if (ended) break;
    node = child(node, attacker, next.move, threats.first());
    near_lines(node);  // kept: the walk goes on from here
    their_wins = tables_->lines_count[defender] ? wins_through(threats.first(), node.theirs, node.mine) : Cells{};
  }
  // The defender's lines that his replies bring within two stones of completion: one
  // more stone there would make a counter-threat.
  if (tables_->lines_count[defender]) {
    for (int l = 0; l < tables_->lines; ++l) {
      const Cells cells = line(l);
      if (cells.intersects(start_attacker)) continue;
      const Cells missing = cells.minus(node.theirs);
      if (missing.count() <= 2) zone |= missing;
    }
  }
  return zone.minus(start_occupied);
}

template <int W>
ForcedWin ForcedWinSearch<W>::search(Node node, int attacker, const Cells& their_wins) {
  ++nodes_;
  Slot& memo = slot(node.key);
  if (memo.length >= 0 && memo.key == node.key) return {memo.move, memo.length};
  if (nodes_ >= stop_at_) {
    cut_ = true;
    return {};
  }
  const std::size_t near_mark = near_top_;
  if (!scan_lines_) near_lines(node);

  ForcedWin result;
  const int defender = 1 - attacker;
  if (!their_wins.several()) {
    // With a threat against him the attacker must block it, so that is the only candidate.
    Cells candidates = their_wins;
    if (candidates.none() && scan_lines_) {
      for (int l = 0; l < tables_->lines; ++l) {
        const Cells cells = line(l);
        if (cells.intersects(node.theirs) || (exact_ && flanks(l).intersects(node.mine))) continue;
        const Cells missing = cells.minus(node.mine);
        if (missing.count() == 2) candidates |= missing;
      }
    } else if (candidates.none()) {
      for (std::size_t i = node.near_begin; i < node.near_end; ++i) candidates |= near_[i];
      candidates = candidates.minus(node.mine | node.theirs);
    }
    // Each candidate's threats are read once: a double threat ends the sequence at once,
    // so all are looked at before going deeper.
    const std::size_t base = made_top_;
    reserve(made_, made_top_, static_cast<std::size_t>(candidates.count()));
    for (Cell c : candidates) {
      Cells mine = node.mine;
      mine.set(c);
      const Cells made = wins_through(c, mine, node.theirs);
      made_[made_top_++] = made;
      if (made.several()) {
        result = {c, 2};
        break;
      }
      // The memo is probed at random: the child's slot is fetched now, read later.
      if (made.any())
        __builtin_prefetch(&slot(node.key ^ zobrist_[attacker * cells_ + c] ^ zobrist_[(1 - attacker) * cells_ + made.first()]));
    }
    const std::size_t end = made_top_;
    std::size_t i = base;
    for (Cell c : candidates) {
      if (result.move >= 0 || i == end) break;
      const Cells made = made_[i++];
      if (!made.one()) continue;  // no threat: not forcing
      // After the forced reply neither side's old immediate wins are left (the attacker's
      // one threat is blocked; the defender's one win, if he had one, was the cell c); the
      // defender's new ones run through his reply.
      const Cell reply = made.first();
      const Node next = child(node, attacker, c, reply);
      const Cells their_new_wins =
          tables_->lines_count[defender] ? wins_through(reply, next.theirs, next.mine) : Cells{};
      const ForcedWin rest = search(next, attacker, their_new_wins);
      if (rest.move >= 0) result = {c, rest.length + 1};
    }
    made_top_ = base;
  }
  near_top_ = near_mark;
  // After a cut, "none" only means "none found": not remembered.
  if (result.move >= 0 || !cut_)
    memo = {node.key, static_cast<int16_t>(result.move), static_cast<int8_t>(std::min(result.length, 127))};
  return result;
}

// Under gravity a stone also opens the cell above it, for either side: any playable
// cell may make a threat, and a move that opens an immediate win for the defender is no
// forcing move at all. Played on the board itself (what is playable is the board's).
template <int W>
ForcedWin ForcedWinSearch<W>::search_gravity(Board<W>& board, int attacker) {
  ++nodes_;
  if (const Cells wins = board.winning_cells(attacker); wins.any()) return {wins.first(), 1};
  const uint64_t key = memo_key(board.plain_key(), attacker);
  Slot& memo = slot(key);
  if (memo.length >= 0 && memo.key == key) return {memo.move, memo.length};
  if (nodes_ >= stop_at_) {
    cut_ = true;
    return {};
  }

  const int defender = 1 - attacker;
  const bool theirs_count = board.tables().lines_count[defender];
  const Cells their_wins = theirs_count ? board.winning_cells(defender) : Cells{};
  ForcedWin result;
  if (!their_wins.several()) {
    // With a threat against him the attacker must block it, so that is the only candidate.
    const Cells candidates = their_wins.any() ? their_wins : board.playable();
    // The attacker's immediate wins after playing c, or nothing when c is not a forcing move.
    auto threats_after = [&](Cell c) {
      board.place_transient(c, attacker);
      Cells wins = board.winning_cells(attacker);
      if (theirs_count && board.winning_cells(defender).any()) wins = Cells{};
      board.remove_transient(c);
      return wins;
    };
    // A double threat ends the sequence at once; look for one before going deeper.
    for (Cell c : candidates)
      if (threats_after(c).several()) {
        result = {c, 2};
        break;
      }
    for (Cell c : candidates) {
      if (result.move >= 0) break;
      const Cells threats = threats_after(c);
      if (!threats.one()) continue;  // no threat: not forcing
      board.place_transient(c, attacker);
      board.place_transient(threats.first(), defender);
      const ForcedWin rest = search_gravity(board, attacker);
      board.remove_transient(threats.first());
      board.remove_transient(c);
      if (rest.move >= 0) result = {c, rest.length + 1};
    }
  }
  if (result.move >= 0 || !cut_)
    memo = {key, static_cast<int16_t>(result.move), static_cast<int8_t>(std::min(result.length, 127))};
  return result;
}

#define INSTANTIATE(W) template class ForcedWinSearch<W>;
KINROW_FOR_EACH_WIDTH(INSTANTIATE)
#undef INSTANTIATE

}  // namespace kinrow
