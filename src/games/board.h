// The search board: one position of any hypergraph game, for every solver and prover
// (alpha-beta, df-pn, threat search, pairings, the search by parts, certificate walks,
// dictionaries).
//
// A position is two cell sets (games/stones.h). Around them the board keeps, move by move,
// what the searches ask at every node, so that no question walks every line:
// - per line and player the stones on it, hence the cells that complete a line (threats);
// - per player the lines free of the opponent that miss only a few cells ("near" lines:
//   the raw material of threats for p stones a turn and of threat sequences);
// - the number of lines each player has no stone on (can anyone still win?);
// - the live cells, on some line a player whose lines count could still complete, and a
//   reduced key that ignores the stones on the other cells (df-pn merges positions by it);
// - Zobrist keys: the plain key, and the least key over some symmetries (alpha-beta's).
//
// Board<W> is instantiated for the fewest 64-bit words W that hold the cells (1, 2, 4, 8
// or 16: up to 32x32) and dispatched at run time (games/board_dispatch.h); its tables
// (games/board_tables.h) are shared read-only. Stones go down one at a time (`place`,
// for searches that go stone by stone through multi-stone turns) or a turn at a time
// (`play`); whose stone comes next follows from the number placed.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <vector>

#include "core/bits.h"
#include "core/game.h"
#include "core/position.h"
#include "games/board_tables.h"
#include "games/stones.h"

namespace kinrow {

constexpr int kMaxStonesPerTurn = 4;

// The stones of one turn, in the order they are dropped (gravity matters).
struct Move {
  std::array<int16_t, kMaxStonesPerTurn> cell{};
  int8_t size = 0;

  static Move of(Cell c) {
    Move m;
    m.cell[0] = static_cast<int16_t>(c);
    m.size = 1;
    return m;
  }
  Cell first() const { return cell[0]; }
  bool operator==(const Move& o) const {
    return size == o.size && std::equal(cell.begin(), cell.begin() + size, o.cell.begin());
  }
};

// A turn of the rules model as a board move: stones in an order in which they can drop.
inline Move board_move(const BoardTables& tables, const Turn& turn) {
  Move m;
  std::vector<Cell> left(turn.begin(), turn.end());
  while (!left.empty()) {
    // Next stone: one whose support is not among the stones still to place.
    auto it = std::find_if(left.begin(), left.end(), [&](Cell c) {
      return tables.below[c] < 0 || std::find(left.begin(), left.end(), tables.below[c]) == left.end();
    });
    m.cell[m.size++] = static_cast<int16_t>(*it);
    left.erase(it);
  }
  return m;
}

inline Turn to_turn(const Move& move) {
  Turn turn;
  for (int i = 0; i < move.size; ++i) turn.push_back(move.cell[i]);
  std::sort(turn.begin(), turn.end());
  return turn;
}

// What a turn did to the game.
enum class TurnResult : uint8_t {
  Continues,
  CompletedLine,  // the mover now owns a whole line that counts for it
  BoardFull,  // no line completed and no empty cell left
};

// How the game stands after a stone or a turn: a winner (0 or 1), kDrawn, or kGoesOn.
inline constexpr int kDrawn = -1, kGoesOn = -2;

// Who won when a turn ended the game: the mover (a completed line; in misère his
// opponent), the breaker or nobody on a full board.
inline int turn_winner(TurnResult result, int mover, const Rules& rules) {
  if (result == TurnResult::Continues) return kGoesOn;
  if (result == TurnResult::CompletedLine) return rules.goal == Goal::Misere ? 1 - mover : mover;
  return rules.goal == Goal::MakerBreaker ? 1 : kDrawn;
}

template <int W>
class Board {
 public:
  using Cells = Bits<W>;
  static constexpr int kWords = W;

  explicit Board(const BoardTables& tables)
      : t_(&tables),
        count_(2 * static_cast<std::size_t>(tables.lines), 0),
        threat_count_(2 * static_cast<std::size_t>(tables.cells), 0),
        near_at_(2 * static_cast<std::size_t>(tables.lines), -1),
        live_lines_(tables.cells, 0),
        dying_count_(tables.cells, 0),
        sym_key_(tables.key_maps.size(), 0),
        exact_(tables.rules.exact) {
    if (exact_) flank_.assign(2 * static_cast<std::size_t>(tables.lines), 0);
    all_ = Cells::first_n(t_->cells);
    for (Cell c = 0; c < t_->cells; ++c)
      if (t_->below[c] < 0) playable_.set(c);
    free_lines_[0] = free_lines_[1] = t_->lines;
    for (auto& by_player : near_) by_player.resize(static_cast<std::size_t>(t_->near_limit) + 1);
    for (int l = 0; l < t_->lines; ++l) {
      const int size = t_->line_size[l];
      for (int p = 0; p < 2; ++p) {
        // A one-cell line is a threat for both players from the start.
        if (size == 1) add_threat(p, t_->line_cells[t_->line_cells_begin[l]]);
        near_add(p, l, size);
      }
    }
    for (Cell c = 0; c < t_->cells; ++c) {
      live_lines_[c] = t_->cell_lines_begin[c + 1] - t_->cell_lines_begin[c];
      if (live_lines_[c] > 0) {
        live_.set(c);
      } else {
        reduced_ ^= t_->zobrist_dead[c];
        ++empty_dead_;
      }
    }
  }

  const BoardTables& tables() const { return *t_; }
  const Game& game() const { return *t_->game; }
  int cell_count() const { return t_->cells; }

  // Stones and turns.
  int stone_count() const { return stones_; }
  int empty_count() const { return t_->cells - stones_; }
  // The turn the next stone belongs to: at a turn's start, the turns played. Stones
  // given (give) belong to no turn.
  int turns() const { return t_->turn_of_stone(stones_ - given_); }
  int to_move() const { return turns() & 1; }  // who places the next stone
  // Of the current turn, the stones still to place (the next one included), fewer if the
  // board runs out; at a turn's start, the turn's stones.
  int stones_left_in_turn() const {
    const int q = t_->rules.first_turn_stones, p = t_->rules.stones_per_turn, placed = stones_ - given_;
    const int left = placed < q ? q - placed : p == 1 ? 1 : p - (placed - q) % p;
    return std::min(left, empty_count());
  }
  bool at_turn_start() const {
    const int q = t_->rules.first_turn_stones, placed = stones_ - given_;
    return placed == 0 || (placed >= q && (placed - q) % t_->rules.stones_per_turn == 0);
  }
  // Stones given to a player outside the turns (a position stronger for him than one
  // played, which certificates use: search/certificate_walker.h). They count in no turn,
  // so the side to move stays; searches must key such positions apart (given()).
  // Precondition: at a turn's start, the cells empty. Returns whether they complete a
  // line of his. take_back_given undoes the last give of the same cells.
  bool give(const Cells& cells, int player) {
    bool completed = false;
    cells.for_each([&](int c) {
      ++given_;
      completed |= place_stone(c, player);
    });
    return completed;
  }
  void take_back_given(const Cells& cells) {
    for (int c = t_->cells - 1; c >= 0; --c)  // the reverse of give's order
      if (cells.test(c)) {
        remove_stone(c, owner(c));
        --given_;
      }
  }
  int given() const { return given_; }

  int owner(Cell c) const { return own_[0].test(c) ? 0 : own_[1].test(c) ? 1 : -1; }
  const Cells& stones_of(int player) const { return own_[player]; }
  Stones<W> stones() const { return {own_[0], own_[1]}; }
  const Cells& all() const { return all_; }
  Cells occupied() const { return own_[0] | own_[1]; }
  Cells empty() const { return all_.minus(occupied()); }
  // Where the next stone may go: empty cells (under gravity, resting on a stone or the floor).
  const Cells& playable() const { return playable_; }
  // Empty cells that would complete a line of `player` (playable or not yet).
  const Cells& threats(int player) const { return threats_[player]; }
  // The immediate wins of `player` with one stone: threats he may play now.
  Cells winning_cells(int player) const { return threats_[player] & playable_; }

  // Lines.
  int line_count(int player, int line) const { return count_[player * t_->lines + line]; }
  // Every line's count of `player`'s stones, by line (for loops over many lines).
  const uint8_t* line_counts(int player) const { return &count_[static_cast<std::size_t>(player) * t_->lines]; }
  Cells line(int l) const {
    Cells m;
    const uint64_t* w = &t_->line_words[static_cast<std::size_t>(l) * W];
    for (int i = 0; i < W; ++i) m.word[i] = w[i];
    return m;
  }
  std::span<const int32_t> lines_through(Cell c) const {
    return {t_->cell_lines.data() + t_->cell_lines_begin[c],
            static_cast<std::size_t>(t_->cell_lines_begin[c + 1] - t_->cell_lines_begin[c])};
  }
  // Whether `line` can still be completed by `player`: it holds none of the opponent's
  // stones (and under exact, neither of its flanks holds one of his own).
  bool open_for(int player, int line) const {
    return count_[(1 - player) * t_->lines + line] == 0 && own_flanks(player, line) == 0;
  }
  // The lines open for `player` (open_for) that miss exactly `missing` cells (1 .. the
  // tables' near_limit), in no particular order.
  std::span<const int32_t> near_lines(int player, int missing) const { return near_[player][missing]; }
  // The number of lines holding none of `player`'s stones (under exact, a line may be
  // counted that the opponent's own flank stone has closed to him: an upper bound).
  int lines_free_of(int player) const { return free_lines_[player]; }

  // Live cells: on some line a player whose lines count could still complete (in
  // maker-breaker, a line free of the breaker; otherwise free of either player). A stone
  // anywhere else changes no line's fate. Kept only with the tables' track_live.
  const Cells& live() const { return live_; }
  int empty_dead() const { return empty_dead_; }

  // Keys. The plain key is the exact position's; the reduced key leaves out the stones on
  // dead cells and keeps which cells are dead and how many of them are empty (so positions
  // that differ only in the stones on dead cells share it; with track_live). `key` is the
  // least plain key over the symmetries folded in (the tables' key_maps); `frame`
  // receives the map that reaches it, so moves stored under the key can be translated.
  uint64_t plain_key() const { return plain_key_; }
  uint64_t reduced_key() const { return reduced_ ^ t_->zobrist_empty_dead[empty_dead_]; }
  uint64_t key(int* frame = nullptr) const {
    if (sym_key_.empty()) {
      if (frame) *frame = -1;
      return plain_key_;
    }
    int best = 0;
    for (int g = 1; g < static_cast<int>(sym_key_.size()); ++g)
      if (sym_key_[g] < sym_key_[best]) best = g;
    if (frame) *frame = best;
    return sym_key_[best];
  }
  Cell to_frame(Cell c, int frame) const { return frame < 0 ? c : t_->key_maps[frame][c]; }
  Cell from_frame(Cell c, int frame) const { return frame < 0 ? c : t_->key_inverse[frame][c]; }

  // One stone of the side to move; true if it completes one of that player's lines
  // (whether or not the rules count it: see lines_count). `remove` takes back the last
  // stone placed on `c`.
  bool place(Cell c) { return place_stone(c, to_move()); }
  void remove(Cell c) { remove_stone(c, owner(c)); }
  // A stone of `player`, whoever is to move: threat searches that let a player pass (null
  // moves) place stones this way. to_move() and turns() count stones, so they mean
  // nothing until those stones are taken back.
  bool place_for(Cell c, int player) { return place_stone(c, player); }
  // The same for a stone taken back before anything but the threats, line counts, near
  // lines and plain key is read (a threat search's inner loop): the live cells, the
  // reduced and symmetric keys and the free-line counts are left as they were, which
  // saves most of the bookkeeping. Take it back with remove_transient, in reverse order.
  bool place_transient(Cell c, int player) { return place_stone<false>(c, player); }
  void remove_transient(Cell c) { remove_stone<false>(c, owner(c)); }

  // The cells where `player` could complete a line after a stone of his on `c` (an empty
  // cell): the threats that stone would make, read from the lines through `c` alone.
  Cells threats_after(Cell c, int player) const {
    Cells made;
    for (int32_t l : lines_through(c))
      if (open_for(player, l) && count_[player * t_->lines + l] == t_->line_size[l] - 2)
        made.set(gap(l, player, c));
    return made;
  }

  // How the game stands after a stone of `mover` that `completed` a line of his or not
  // (what place() returned): a winner, kDrawn or kGoesOn. The game ends with the stone,
  // even inside a turn.
  int result_after(int mover, bool completed) const {
    if (completed && (t_->rules.goal == Goal::Misere || t_->lines_count[mover]))
      return t_->rules.goal == Goal::Misere ? 1 - mover : mover;
    if (playable_.any()) return kGoesOn;
    return t_->rules.goal == Goal::MakerBreaker ? 1 : kDrawn;
  }

  // Sets the board to `s` (a position of the game, reached or not: dictionaries look
  // positions up by their canonical form), taking the old stones off top first and
  // putting the new ones on bottom first.
  void assign(const Stones<W>& s) {
    for (auto it = t_->bottom_up.rbegin(); it != t_->bottom_up.rend(); ++it)
      if (owner(*it) >= 0) remove_stone(*it, owner(*it));
    given_ = 0;  // a position as played
    for (Cell c : t_->bottom_up) {
      if (s.first.test(c)) place_stone(c, 0);
      else if (s.second.test(c)) place_stone(c, 1);
    }
  }

  // What a stone of `mover` on the empty cell `c` would do, read without playing it (a
  // search's expansion asks it of every child): its result_after, and the keys after it.
  int result_of(Cell c, int mover) const {
    if (threats_[mover].test(c) && (t_->rules.goal == Goal::Misere || t_->lines_count[mover]))
      return t_->rules.goal == Goal::Misere ? 1 - mover : mover;
    if (empty_count() > 1) return kGoesOn;
    return t_->rules.goal == Goal::MakerBreaker ? 1 : kDrawn;
  }
  uint64_t plain_key_after(Cell c, int mover) const { return plain_key_ ^ t_->zobrist[mover * t_->cells + c]; }
  uint64_t reduced_key_after(Cell c, int mover) const {
    uint64_t key = reduced_;
    int empty_dead = empty_dead_;
    if (live_.test(c)) key ^= t_->zobrist[mover * t_->cells + c];
    else --empty_dead;
    // The lines the stone kills, and the cells left on no live line.
    dying_.clear();
    for (int32_t l : lines_through(c)) {
      if (count_[mover * t_->lines + l] != 0 || !kills(mover, 0, count_[(1 - mover) * t_->lines + l])) continue;
      for (int32_t i = t_->line_cells_begin[l]; i < t_->line_cells_begin[l + 1]; ++i) {
        const Cell d = t_->line_cells[i];
        if (dying_count_[d]++ == 0) dying_.push_back(static_cast<int16_t>(d));
      }
    }
    for (const Cell d : dying_) {
      if (dying_count_[d] == live_lines_[d]) {
        key ^= t_->zobrist_dead[d];
        const int o = d == c ? mover : owner(d);
        if (o >= 0) key ^= t_->zobrist[o * t_->cells + d];
        else ++empty_dead;
      }
      dying_count_[d] = 0;
    }
    return key ^ t_->zobrist_empty_dead[empty_dead];
  }

  // A whole turn of the side to move.
  TurnResult play(const Move& move) {
    const int mover = to_move();
    bool completed = false;
    for (int i = 0; i < move.size; ++i) completed |= place_stone(move.cell[i], mover);
    if (completed && t_->lines_count[mover]) return TurnResult::CompletedLine;
    return stones_ == t_->cells ? TurnResult::BoardFull : TurnResult::Continues;
  }
  void undo(const Move& move) {
    for (int i = move.size - 1; i >= 0; --i) remove_stone(move.cell[i], owner(move.cell[i]));
  }

  // Every legal turn. Single-stone turns are the playable cells; multi-stone turns are
  // unordered sets (ordered only where gravity stacks one on another).
  void generate(std::vector<Move>& out) {
    out.clear();
    const int n = stones_left_in_turn();
    if (n == 1) {
      playable_.for_each([&](int c) { out.push_back(Move::of(c)); });
      return;
    }
    Move partial;
    generate_sets(out, partial, n, -1);
  }

  // Static move-order score: lines the stone extends or blocks, weighted by how full they
  // are. Cheap, and good enough to put threats and blocks first.
  int order_score(Cell c, int mover) const {
    const int other = 1 - mover;
    int score = t_->centrality[c];
    for (int32_t l : lines_through(c)) {
      const int mine = count_[mover * t_->lines + l];
      const int theirs = count_[other * t_->lines + l];
      if (theirs == 0) score += 1 << std::min(2 * mine + 2, 24);
      if (mine == 0) score += 1 << std::min(2 * theirs + 1, 24);
    }
    return score;
  }

 private:
  void add_threat(int p, Cell c) {
    if (threat_count_[p * t_->cells + c]++ == 0) threats_[p].set(c);
  }
  void drop_threat(int p, Cell c) {
    if (--threat_count_[p * t_->cells + c] == 0) threats_[p].reset(c);
  }
  // The empty cell of `line` other than `except`, on a line where `p` has all but it.
  Cell gap(int line, int p, Cell except) const {
    for (int32_t i = t_->line_cells_begin[line]; i < t_->line_cells_begin[line + 1]; ++i) {
      const Cell d = t_->line_cells[i];
      if (d != except && !own_[p].test(d)) return d;
    }
    return -1;
  }

  // Near lines: an indexed set per player and missing count, so that adding, removing and
  // listing cost no search.
  void near_add(int p, int l, int missing) {
    if (missing < 1 || missing > t_->near_limit) return;
    std::vector<int32_t>& bucket = near_[p][missing];
    near_at_[p * t_->lines + l] = static_cast<int32_t>(bucket.size());
    bucket.push_back(l);
  }
  void near_drop(int p, int l, int missing) {
    if (missing < 1 || missing > t_->near_limit) return;
    std::vector<int32_t>& bucket = near_[p][missing];
    const int32_t at = near_at_[p * t_->lines + l];
    const int32_t last = bucket.back();
    bucket[at] = last;
    near_at_[p * t_->lines + last] = at;
    bucket.pop_back();
    near_at_[p * t_->lines + l] = -1;
  }

  // Under exact: `player`'s stones on the cells that would extend `line` (0 otherwise).
  int own_flanks(int player, int line) const { return exact_ ? flank_[player * t_->lines + line] : 0; }
  // A stone of `p` on `c` closes to him the lines `c` flanks (completing one would make
  // an overline), as an opponent's stone on them would; removing it reopens them.
  void close_flanked_lines(Cell c, int p) {
    for (int32_t i = t_->flanked_begin[c]; i < t_->flanked_begin[c + 1]; ++i) {
      const int32_t l = t_->flanked[i];
      if (flank_[p * t_->lines + l]++ != 0 || count_[(1 - p) * t_->lines + l] != 0) continue;
      const int mine = count_[p * t_->lines + l], size = t_->line_size[l];
      near_drop(p, l, size - mine);
      if (mine == size - 1) drop_threat(p, gap(l, p, -1));
    }
  }
  void reopen_flanked_lines(Cell c, int p) {
    for (int32_t i = t_->flanked_begin[c]; i < t_->flanked_begin[c + 1]; ++i) {
      const int32_t l = t_->flanked[i];
      if (--flank_[p * t_->lines + l] != 0 || count_[(1 - p) * t_->lines + l] != 0) continue;
      const int mine = count_[p * t_->lines + l], size = t_->line_size[l];
      near_add(p, l, size - mine);
      if (mine == size - 1) add_threat(p, gap(l, p, -1));
    }
  }

  // A line stops being live when its last chance goes: in maker-breaker the breaker's
  // first stone on it, otherwise the second colour's.
  bool kills(int p, int mine_before, int theirs) const {
    if (t_->rules.goal == Goal::MakerBreaker) return p == 1 && mine_before == 0;
    return mine_before == 0 && theirs > 0;
  }
  void kill_line(int l) {
    for (int32_t i = t_->line_cells_begin[l]; i < t_->line_cells_begin[l + 1]; ++i) {
      const Cell d = t_->line_cells[i];
      if (--live_lines_[d] == 0) {
        live_.reset(d);
        reduced_ ^= t_->zobrist_dead[d];
        const int o = owner(d);
        if (o >= 0) reduced_ ^= t_->zobrist[o * t_->cells + d];
        else ++empty_dead_;
      }
    }
  }
  void revive_line(int l) {
    for (int32_t i = t_->line_cells_begin[l]; i < t_->line_cells_begin[l + 1]; ++i) {
      const Cell d = t_->line_cells[i];
      if (live_lines_[d]++ == 0) {
        live_.set(d);
        reduced_ ^= t_->zobrist_dead[d];
        const int o = owner(d);
        if (o >= 0) reduced_ ^= t_->zobrist[o * t_->cells + d];
        else --empty_dead_;
      }
    }
  }

  template <bool kWhole = true>
  bool place_stone(Cell c, int p) {
    const int o = 1 - p;
    own_[p].set(c);
    playable_.reset(c);
    if (t_->above[c] >= 0) playable_.set(t_->above[c]);
    ++stones_;
    if (!kWhole) {
      plain_key_ ^= t_->zobrist[p * t_->cells + c];
    } else {
      update_keys(c, p);
    }
    if (kWhole && t_->track_live) {
      if (live_.test(c)) reduced_ ^= t_->zobrist[p * t_->cells + c];
      else --empty_dead_;
    }
    bool completed = false;
    for (int32_t l : lines_through(c)) {
      uint8_t& mine = count_[p * t_->lines + l];
      const int theirs = count_[o * t_->lines + l];
      const int size = t_->line_size[l];
      const bool open_for_opponent = mine == 0 && own_flanks(o, l) == 0;
      if (theirs == 0 && own_flanks(p, l) == 0) {
        if (mine == size - 1) {
          completed = true;
          drop_threat(p, c);
        } else if (mine == size - 2) {
          add_threat(p, gap(l, p, c));
        }
        near_drop(p, l, size - mine);
        near_add(p, l, size - mine - 1);
      } else if (open_for_opponent && theirs == size - 1) {
        drop_threat(o, c);
      }
      if (mine == 0) {
        if (open_for_opponent) near_drop(o, l, size - theirs);
        if (kWhole) {
          --free_lines_[p];
          if (t_->track_live && kills(p, 0, theirs)) kill_line(l);
        }
      }
      ++mine;
    }
    if (exact_) close_flanked_lines(c, p);
    return completed;
  }

  template <bool kWhole = true>
  void remove_stone(Cell c, int p) {
    const int o = 1 - p;
    if (exact_) reopen_flanked_lines(c, p);
    for (int32_t l : lines_through(c)) {
      uint8_t& mine = count_[p * t_->lines + l];
      --mine;
      const int theirs = count_[o * t_->lines + l];
      const int size = t_->line_size[l];
      const bool open_for_opponent = mine == 0 && own_flanks(o, l) == 0;
      if (mine == 0) {
        if (open_for_opponent) near_add(o, l, size - theirs);
        if (kWhole) {
          ++free_lines_[p];
          if (t_->track_live && kills(p, 0, theirs)) revive_line(l);
        }
      }
      if (theirs == 0 && own_flanks(p, l) == 0) {
        near_drop(p, l, size - mine - 1);
        near_add(p, l, size - mine);
        if (mine == size - 1) {
          add_threat(p, c);
        } else if (mine == size - 2) {
          drop_threat(p, gap(l, p, c));
        }
      } else if (open_for_opponent && theirs == size - 1) {
        add_threat(o, c);
      }
    }
    if (kWhole && t_->track_live) {
      if (live_.test(c)) reduced_ ^= t_->zobrist[p * t_->cells + c];
      else ++empty_dead_;
    }
    if (!kWhole) {
      plain_key_ ^= t_->zobrist[p * t_->cells + c];
    } else {
      update_keys(c, p);
    }
    --stones_;
    if (t_->above[c] >= 0) playable_.reset(t_->above[c]);
    playable_.set(c);
    own_[p].reset(c);
  }

  void update_keys(Cell c, int p) {
    const uint64_t* z = &t_->zobrist[static_cast<std::size_t>(p) * t_->cells];
    plain_key_ ^= z[c];
    for (std::size_t g = 0; g < sym_key_.size(); ++g) sym_key_[g] ^= z[t_->key_maps[g][c]];
  }

  void generate_sets(std::vector<Move>& out, Move& partial, int n, Cell after) {
    if (partial.size == n) {
      out.push_back(partial);
      return;
    }
    // A set is generated in increasing cell order, except that under gravity a stone may
    // rest on one placed earlier in the same turn. For p <= 2 every set comes out once;
    // with three or more gravity stones a set can come out twice, which costs time only.
    const Cells options = playable_;
    options.for_each([&](int c) {
      const bool on_partial = t_->below[c] >= 0 && partial.size > 0 &&
                              std::find(partial.cell.begin(), partial.cell.begin() + partial.size,
                                        t_->below[c]) != partial.cell.begin() + partial.size;
      if (c <= after && !on_partial) return;
      partial.cell[partial.size++] = static_cast<int16_t>(c);
      playable_.reset(c);
      if (t_->above[c] >= 0) playable_.set(t_->above[c]);
      generate_sets(out, partial, n, on_partial ? after : c);
      if (t_->above[c] >= 0) playable_.reset(t_->above[c]);
      playable_.set(c);
      --partial.size;
    });
  }

  const BoardTables* t_;
  Cells all_;
  Cells own_[2];
  Cells playable_;
  Cells threats_[2];
  Cells live_;
  std::vector<uint8_t> count_;  // [player * lines + line]: stones of player on line
  std::vector<uint8_t> flank_;  // under exact, [player * lines + line]: his stones on its flanks
  std::vector<uint8_t> threat_count_;  // [player * cells + cell]: lines cell completes
  std::array<std::vector<std::vector<int32_t>>, 2> near_;  // [player][missing]: lines
  std::vector<int32_t> near_at_;  // [player * lines + line]: its index in its near bucket
  std::vector<int32_t> live_lines_;  // per cell: the live lines through it
  mutable std::vector<int32_t> dying_count_;  // reduced_key_after: per cell, the lines it loses (0 between calls)
  mutable std::vector<int16_t> dying_;
  std::vector<uint64_t> sym_key_;
  uint64_t plain_key_ = 0;
  uint64_t reduced_ = 0;
  int empty_dead_ = 0;
  int free_lines_[2] = {0, 0};
  int stones_ = 0;
  int given_ = 0;  // stones given outside the turns (give)
  bool exact_ = false;
};

// What every solver asks of a board (Board<W> for each width is the one model).
template <class B>
concept SearchBoard = requires(B board, const B& view, const Move& move, Cell cell, std::vector<Move>& moves) {
  typename B::Cells;
  { view.tables() } -> std::same_as<const BoardTables&>;
  { view.to_move() } -> std::same_as<int>;
  { view.turns() } -> std::same_as<int>;
  { view.stones_left_in_turn() } -> std::same_as<int>;
  { view.owner(cell) } -> std::same_as<int>;
  { view.stones_of(0) } -> std::same_as<const typename B::Cells&>;
  { view.playable() } -> std::same_as<const typename B::Cells&>;
  { view.threats(0) } -> std::same_as<const typename B::Cells&>;
  { view.live() } -> std::same_as<const typename B::Cells&>;
  { view.line_count(0, 0) } -> std::same_as<int>;
  { view.line(0) } -> std::same_as<typename B::Cells>;
  { view.near_lines(0, 1) } -> std::same_as<std::span<const int32_t>>;
  { view.plain_key() } -> std::same_as<uint64_t>;
  { view.reduced_key() } -> std::same_as<uint64_t>;
  { view.key() } -> std::same_as<uint64_t>;
  { board.place(cell) } -> std::same_as<bool>;
  { board.remove(cell) };
  { board.play(move) } -> std::same_as<TurnResult>;
  { board.undo(move) };
  { board.generate(moves) };
  { view.order_score(cell, 0) } -> std::same_as<int>;
};

}  // namespace kinrow
