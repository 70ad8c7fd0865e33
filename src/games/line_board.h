// The generic fast board: any hypergraph game, with per-line stone counters kept
// incrementally so that "does this stone complete a line?" and "where can a player win
// next?" cost a walk over the lines through one cell.
//
// LineBoard<Words> is instantiated for the smallest number of 64-bit words that holds the
// cells; its tables (LineBoardTables) are built once per game and shared read-only by every
// board, so copying a board for another thread copies only the state.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/bits.h"
#include "core/game.h"
#include "core/symmetry.h"

namespace kinrow {

constexpr int kMaxStonesPerTurn = 4;

// The stones of one turn. Stones are in the order they are dropped (gravity matters).
struct Move {
  std::array<int16_t, kMaxStonesPerTurn> cell{};
  int8_t size = 0;

  Cell first() const { return cell[0]; }
  bool operator==(const Move& o) const {
    return size == o.size && std::equal(cell.begin(), cell.begin() + size, o.cell.begin());
  }
};

// What a turn did to the game.
enum class TurnResult : uint8_t {
  Continues,
  CompletedLine,  // the mover now owns a whole line that counts for it
  BoardFull,  // no line completed and no empty cell left
};

struct LineBoardTables {
  explicit LineBoardTables(const Game& game, const SymmetryGroup& symmetry,
                           std::size_t max_key_symmetries);

  Rules rules;
  int cells = 0;
  int lines = 0;
  int max_turns = 0;
  bool lines_count[2] = {true, true};  // maker-breaker: only the maker's lines count

  std::vector<int32_t> cell_lines_begin;  // lines through cell c: [begin[c], begin[c+1])
  std::vector<int32_t> cell_lines;
  std::vector<int32_t> line_cells_begin;  // cells of line l: [begin[l], begin[l+1])
  std::vector<int16_t> line_cells;
  std::vector<uint8_t> line_size;
  std::vector<int16_t> below, above;  // -1 where none
  std::vector<int32_t> centrality;  // lines through a cell: the static part of move order

  // Zobrist keys, indexed [player * cells + cell], and the symmetries folded into
  // position keys (a subset of the group is sound: it only merges fewer positions).
  std::vector<uint64_t> zobrist;
  std::vector<std::vector<int16_t>> key_maps;  // key_maps[g][cell] = image of cell under g
  std::vector<std::vector<int16_t>> key_inverse;
};

template <int Words>
class LineBoard {
 public:
  using Cells = Bits<Words>;

  explicit LineBoard(const LineBoardTables& tables)
      : t_(&tables),
        count_(2 * static_cast<std::size_t>(tables.lines), 0),
        threat_count_(2 * static_cast<std::size_t>(tables.cells), 0),
        sym_key_(tables.key_maps.size(), 0) {
    for (Cell c = 0; c < t_->cells; ++c)
      if (t_->below[c] < 0) playable_.set(c);
    // A one-cell line is a threat for both players from the start.
    for (int l = 0; l < t_->lines; ++l)
      if (t_->line_size[l] == 1)
        for (int p = 0; p < 2; ++p) add_threat(p, t_->line_cells[t_->line_cells_begin[l]]);
  }

  const LineBoardTables& tables() const { return *t_; }
  int to_move() const { return turns_ & 1; }
  int turns() const { return turns_; }
  int stones() const { return stones_; }
  int empty_count() const { return t_->cells - stones_; }
  int stones_this_turn() const {
    return std::min(empty_count(), turns_ == 0 ? t_->rules.first_turn_stones
                                               : t_->rules.stones_per_turn);
  }
  int owner(Cell c) const { return own_[0].test(c) ? 0 : own_[1].test(c) ? 1 : -1; }
  const Cells& stones_of(int player) const { return own_[player]; }
  const Cells& playable() const { return playable_; }
  // Empty cells that would complete a line of `player` (playable or not yet).
  const Cells& threats(int player) const { return threats_[player]; }
  int line_count(int player, int line) const { return count_[player * t_->lines + line]; }

  TurnResult play(const Move& move) {
    const int mover = to_move();
    bool completed = false;
    for (int i = 0; i < move.size; ++i) completed |= place(move.cell[i], mover);
    ++turns_;
    if (completed && t_->lines_count[mover]) return TurnResult::CompletedLine;
    return stones_ == t_->cells ? TurnResult::BoardFull : TurnResult::Continues;
  }

  void undo(const Move& move) {
    --turns_;
    const int mover = to_move();
    for (int i = move.size - 1; i >= 0; --i) remove(move.cell[i], mover);
  }

  // Position key with symmetric positions merged: the least key over the folded
  // symmetries. `frame` receives the index of the map that reaches it, so moves stored
  // under the key can be translated (see to_frame / from_frame).
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
  Cell from_frame(Cell c, int frame) const {
    return frame < 0 ? c : t_->key_inverse[frame][c];
  }

  // Appends every legal turn. Single-stone turns are the playable cells; multi-stone
  // turns are unordered sets (ordered only where gravity stacks one on another).
  void generate(std::vector<Move>& out) {
    out.clear();
    const int n = stones_this_turn();
    if (n == 1) {
      playable_.for_each([&](int c) {
        Move m;
        m.cell[0] = static_cast<int16_t>(c);
        m.size = 1;
        out.push_back(m);
      });
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
    for (int32_t i = t_->cell_lines_begin[c]; i < t_->cell_lines_begin[c + 1]; ++i) {
      const int l = t_->cell_lines[i];
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
      Cell d = t_->line_cells[i];
      if (d != except && !own_[p].test(d)) return d;
    }
    return -1;
  }

  // Places one stone; true if it completes a line of p.
  bool place(Cell c, int p) {
    const int o = 1 - p;
    bool completed = false;
    for (int32_t i = t_->cell_lines_begin[c]; i < t_->cell_lines_begin[c + 1]; ++i) {
      const int l = t_->cell_lines[i];
      uint8_t& mine = count_[p * t_->lines + l];
      const int theirs = count_[o * t_->lines + l];
      const int size = t_->line_size[l];
      if (theirs == 0) {
        if (mine == size - 1) {
          completed = true;
          drop_threat(p, c);
        } else if (mine == size - 2) {
          add_threat(p, gap(l, p, c));
        }
      } else if (mine == 0 && theirs == size - 1) {
        drop_threat(o, c);
      }
      ++mine;
    }
    own_[p].set(c);
    playable_.reset(c);
    if (t_->above[c] >= 0) playable_.set(t_->above[c]);
    ++stones_;
    update_keys(c, p);
    return completed;
  }

  void remove(Cell c, int p) {
    const int o = 1 - p;
    update_keys(c, p);
    --stones_;
    if (t_->above[c] >= 0) playable_.reset(t_->above[c]);
    playable_.set(c);
    own_[p].reset(c);
    for (int32_t i = t_->cell_lines_begin[c]; i < t_->cell_lines_begin[c + 1]; ++i) {
      const int l = t_->cell_lines[i];
      uint8_t& mine = count_[p * t_->lines + l];
      --mine;
      const int theirs = count_[o * t_->lines + l];
      const int size = t_->line_size[l];
      if (theirs == 0) {
        if (mine == size - 1) {
          add_threat(p, c);
        } else if (mine == size - 2) {
          drop_threat(p, gap(l, p, c));
        }
      } else if (mine == 0 && theirs == size - 1) {
        add_threat(o, c);
      }
    }
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
    Cells options = playable_;
    options.for_each([&](int c) {
      const bool on_partial = t_->below[c] >= 0 && partial.size > 0 &&
                              std::find(partial.cell.begin(), partial.cell.begin() + partial.size,
                                        t_->below[c]) != partial.cell.begin() + partial.size;
      if (c <= after && !on_partial) return;
      partial.cell[partial.size++] = static_cast<int16_t>(c);
      own_[0].set(c);  // occupancy only, to open the cell above under gravity
      playable_.reset(c);
      if (t_->above[c] >= 0) playable_.set(t_->above[c]);
      generate_sets(out, partial, n, on_partial ? after : c);
      if (t_->above[c] >= 0) playable_.reset(t_->above[c]);
      playable_.set(c);
      own_[0].reset(c);
      --partial.size;
    });
  }

  const LineBoardTables* t_;
  Cells own_[2];
  Cells playable_;
  Cells threats_[2];
  std::vector<uint8_t> count_;  // [player * lines + line]: stones of player on line
  std::vector<uint8_t> threat_count_;  // [player * cells + cell]: lines cell completes
  std::vector<uint64_t> sym_key_;
  uint64_t plain_key_ = 0;
  int turns_ = 0;
  int stones_ = 0;
};

}  // namespace kinrow
