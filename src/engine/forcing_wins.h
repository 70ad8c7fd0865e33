// Wins by forcing play, searched by iterative deepening on their length: the puzzles'
// solver (engine/puzzles.h), after the seed's puzzle generator, which kept the shortest
// win it found by iterative deepening.
//
// A win in n means: the side to move (the attacker) completes a line within n of its own
// turns whatever the defender does. Two kinds of play are searched, by the rules:
// - Forcing play (free placement): every attacker turn but the last leaves the defender
//   no free stone — each of his stones must stop a line the attacker would complete next
//   (games/urgent_moves.h says which cells do), so his replies are few and all of them
//   are tried. With one stone a turn these are the VCF puzzles of Gomoku (fours to a
//   five); with two, Connect6's double-threat puzzles. A defender who completes a line,
//   or whose stones leave a threat of his own, is answered as the rules force.
// - Full width (gravity, where a column's top is all a player may take): every attacker
//   turn and every defender reply, as Connect Four's "win in n" problems are posed.
// A transposition table keyed by the position and the turns left remembers wins and
// failures; the board is left as it was found.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "engine/candidate_turns.h"
#include "engine/completing_turn.h"
#include "games/urgent_moves.h"

namespace kinrow {

template <int W>
class ForcingWins {
 public:
  using Cells = Bits<W>;

  explicit ForcingWins(const BoardTables& tables)
      : tables_(tables), candidates_(tables), full_width_(tables.rules.gravity),
        p_(std::max(1, tables.rules.stones_per_turn)) {}

  // Whether the side to move wins within `turns` of its turns (stops, answering false,
  // past `max_nodes` nodes: check exhausted()).
  bool wins_within(Board<W>& board, int turns, uint64_t max_nodes) {
    limit_ = nodes_ + max_nodes;
    exhausted_ = false;
    return attacker(board, turns);
  }

  // The attacker's turns at the root (the turns the search would try), each won within
  // `turns` or not; used to find a win's first turn and whether it is the only one.
  std::vector<Move> winning_turns(Board<W>& board, int turns, uint64_t max_nodes) {
    limit_ = nodes_ + max_nodes;
    exhausted_ = false;
    std::vector<Move> out;
    for (const Move& m : attacker_turns(board)) {
      if (wins_with(board, m, turns)) out.push_back(m);
      if (exhausted_) break;
    }
    return out;
  }

  // After a turn wins within `turns`: the defender turns that the forcing tree must
  // answer, counted over the whole tree (the puzzle's "defences"), and its longest line.
  uint64_t count_defences(Board<W>& board, const Move& first, int turns) {
    limit_ = nodes_ + (uint64_t{1} << 24);
    exhausted_ = false;
    uint64_t count = 0;
    count_after(board, first, turns, count);
    return count;
  }

  // The solution's line: `first`, then the defender's most stubborn reply (after which
  // the win takes longest), the attacker's quickest win from there, and so on to the
  // turn that completes a line. `turns` as wins_within found it for the position.
  std::vector<Move> principal_line(Board<W>& board, const Move& first, int turns) {
    limit_ = nodes_ + (uint64_t{1} << 24);
    exhausted_ = false;
    std::vector<Move> line{first}, played{first};
    board.play(first);
    for (int left = turns - 1; left >= 1 && !exhausted_;) {
      // The defender's reply that leaves the longest shortest win.
      Move reply;
      int longest = 0;
      for (const Move& r : defender_turns(board)) {
        board.play(r);
        int need = 1;
        while (need <= left && !attacker(board, need)) ++need;
        board.undo(r);
        if (need <= left && need > longest) {
          longest = need;
          reply = r;
        }
      }
      if (!reply.size) break;
      line.push_back(reply);
      played.push_back(reply);
      board.play(reply);
      left = longest;
      if (urgent_moves(board).urgency == Urgency::WinNow) {
        line.push_back(completing_turn(board));
        break;
      }
      Move next;
      for (const Move& m : attacker_turns(board))
        if (wins_with(board, m, left)) {
          next = m;
          break;
        }
      if (!next.size) break;
      line.push_back(next);
      played.push_back(next);
      board.play(next);
    }
    for (auto it = played.rbegin(); it != played.rend(); ++it) board.undo(*it);
    return line;
  }

  // Forgets what the memo holds (between positions: it grows with every node).
  void clear() { memo_.clear(); }

  bool exhausted() const { return exhausted_; }
  uint64_t nodes() const { return nodes_; }

 private:
  // Attacker to move at a turn's start.
  bool attacker(Board<W>& board, int turns) {
    if (++nodes_ > limit_) exhausted_ = true;
    if (exhausted_) return false;
    const UrgentMoves<Cells> urgent = urgent_moves(board);
    if (urgent.urgency == Urgency::WinNow) return true;
    if (turns <= 1 || urgent.urgency == Urgency::Lost) return false;
    const uint64_t key = board.plain_key() * 31 + static_cast<uint64_t>(turns);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    bool won = false;
    for (const Move& m : attacker_turns(board))
      if (wins_with(board, m, turns)) {
        won = true;
        break;
      }
    if (!exhausted_) memo_[key] = won;
    return won;
  }

  // The attacker plays `m` (not completing a line: attacker() takes those first); then
  // every defender reply must lose within turns - 1.
  bool wins_with(Board<W>& board, const Move& m, int turns) {
    if (board.play(m) != TurnResult::Continues) {
      board.undo(m);
      return false;  // a full board (a completed line was taken as WinNow)
    }
    const bool won = defender_loses(board, turns - 1, board.stones_left_in_turn());
    board.undo(m);
    return won;
  }

  // Defender to place his `left` stones (of this turn); true if every way loses.
  bool defender_loses(Board<W>& board, int turns, int left) {
    if (exhausted_) return false;
    if (left == 0 || board.playable().none()) return attacker(board, turns);
    if (full_width_) {
      bool all = true;
      board.playable().for_each([&](int c) {
        if (!all) return;
        const bool completed = board.place(c);
        all = !completed && defender_loses(board, turns, left - 1);
        board.remove(c);
      });
      return all;
    }
    const UrgentMoves<Cells> urgent = urgent_moves(board);
    if (urgent.urgency == Urgency::WinNow) return false;  // he completes a line first
    if (urgent.urgency == Urgency::Lost) return true;
    // A stone not needed to stop the attacker: not forcing play (here the defender keeps
    // a free stone, which this search does not try everywhere).
    if (urgent.urgency == Urgency::None) return false;
    bool all = true;
    (urgent.cells & board.playable()).for_each([&](int c) {
      if (!all) return;
      board.place(c);
      all = defender_loses(board, turns, left - 1);
      board.remove(c);
    });
    return all;
  }

  // Full width: every legal turn. Forcing play: the turns after which the defender has
  // no free stone, built from every cell that could take part in a threat (on a line of
  // the attacker's that the turn's stones could bring within p of completion), forced
  // stones allowed from anywhere.
  std::vector<Move> attacker_turns(Board<W>& board) {
    std::vector<Move> out;
    if (full_width_) {
      board.generate(out);
      return out;
    }
    const int mover = board.to_move();
    const int reach = std::min(board.stones_left_in_turn() + p_, tables_.near_limit);
    Cells pool;
    for (int m = 1; m <= reach; ++m)
      for (int32_t l : board.near_lines(mover, m)) pool |= board.line(l) & board.empty();
    std::vector<Move> turns;
    candidates_.turns_from(board, pool, turns);
    for (const Move& m : turns) {
      if (board.play(m) == TurnResult::Continues && defender_forced(board)) out.push_back(m);
      board.undo(m);
    }
    return out;
  }

  // The defender's whole turns the search tries: every one under gravity, else those
  // made of forced stones (the others lose at once).
  std::vector<Move> defender_turns(Board<W>& board) {
    if (full_width_) return all_turns(board);
    std::vector<Move> out;
    Move partial;
    forced_turns(board, board.stones_left_in_turn(), partial, out);
    return out;
  }

  void forced_turns(Board<W>& board, int left, Move& partial, std::vector<Move>& out) {
    if (left == 0 || board.playable().none()) {
      out.push_back(partial);
      return;
    }
    const UrgentMoves<Cells> urgent = urgent_moves(board);
    Cells cells = urgent.cells;
    if (urgent.urgency == Urgency::Lost) {
      // Every turn loses; he stops what he can (cells of the attacker's threat lines).
      const int attacker = 1 - board.to_move();
      for (int m = 1; m <= p_ && m <= tables_.near_limit; ++m)
        for (int32_t l : board.near_lines(attacker, m)) cells |= board.line(l) & board.empty();
    } else if (urgent.urgency != Urgency::Block) {
      return;
    }
    (cells & board.playable()).for_each([&](int c) {
      board.place(c);
      partial.cell[partial.size++] = static_cast<int16_t>(c);
      forced_turns(board, left - 1, partial, out);
      --partial.size;
      board.remove(c);
    });
  }

  std::vector<Move> all_turns(Board<W>& board) {
    std::vector<Move> out;
    board.generate(out);
    return out;
  }

  // Whether the defender's first stone is forced (urgency Block or Lost): the attacker
  // threatens to complete a line, so a free defender stone loses at once.
  bool defender_forced(const Board<W>& board) const {
    const Urgency u = urgent_moves(board).urgency;
    return u == Urgency::Block || u == Urgency::Lost;
  }

  void count_after(Board<W>& board, const Move& m, int turns, uint64_t& count) {
    board.play(m);
    count_defender(board, turns - 1, board.stones_left_in_turn(), count);
    board.undo(m);
  }

  void count_defender(Board<W>& board, int turns, int left, uint64_t& count) {
    if (left == 0 || board.playable().none()) {
      ++count;
      const UrgentMoves<Cells> urgent = urgent_moves(board);
      if (urgent.urgency == Urgency::WinNow) return;
      for (int t = 1; t <= turns; ++t)  // the shortest win from here, as the solution plays it
        for (const Move& next : attacker_turns(board))
          if (wins_with(board, next, t)) {
            count_after(board, next, t, count);
            return;
          }
      return;
    }
    Cells cells = board.playable();
    if (!full_width_) {
      const UrgentMoves<Cells> urgent = urgent_moves(board);
      if (urgent.urgency == Urgency::Lost) return;
      cells = urgent.cells & board.playable();
    }
    cells.for_each([&](int c) {
      if (board.place(c)) {
        board.remove(c);
        return;
      }
      count_defender(board, turns, left - 1, count);
      board.remove(c);
    });
  }

  const BoardTables& tables_;
  CandidateTurns<W> candidates_;
  bool full_width_;
  int p_;
  std::unordered_map<uint64_t, bool> memo_;
  uint64_t nodes_ = 0, limit_ = 0;
  bool exhausted_ = false;
};

}  // namespace kinrow
