// Victory by continuous threats (VCF): Patashnik's "forced sequence" — a move that makes
// an immediate win the opponent must block, then another, and so on, ending in two
// immediate wins the opponent cannot both block. Every defence is forced, so the search
// is narrow; it is exhaustive over the attacker's threat moves, so "none" is an answer.
//
// One stone a turn. Sound for normal and maker-breaker rules: while the defender has an
// immediate win of his own the attacker's next move must take that cell (and make a
// threat there), and a defender with two immediate wins ends the sequence as a failure.
// Under exact (an overline does not win) a line also needs its flanks free of its
// owner's stones: each line set goes with the set of its flanks.
//
// The search starts from the caller's board (games/board.h: the stones, the lines two
// short of the attacker's win) and then runs on cell sets: a node is the two players'
// stones, and its candidate moves lie on the attacker's lines that miss exactly two cells,
// a short list handed down and updated from the two stones each step adds (lines through
// the reply drop out, lines through the move come in), so no node walks every line. The
// attacker's stones go down whoever is to move, so it also answers "what if the defender
// passed" (relevance zones).
#pragma once

#include <cstdint>
#include <vector>

#include "games/board.h"

namespace kinrow {

struct ForcedWin {
  Cell move = -1;  // the first move, or -1: no forced win
  int length = 0;  // the attacker's moves up to and including the winning one
};

template <int W>
class ForcedWinSearch {
 public:
  using Cells = Bits<W>;

  // A forced win for `attacker`, moving next on `board` (whatever its stone count says).
  ForcedWin find(Board<W>& board, int attacker);

  // The cells where a stone of the defender could spoil `attacker`'s forced win on
  // `board` if the defender were to move now; empty when the attacker has none, or his
  // lines do not count (a breaker), or under gravity (where any stone changes what is
  // playable above it, so no zone is known).
  //
  // A defender's stone anywhere else leaves the sequence as it was: it is not one of the
  // sequence's moves or replies, nor a cell of the final double threat, so every threat
  // still is one and every reply is still forced; and it is not on a line of his that
  // the sequence's replies would bring within one stone of completion (a counter-threat
  // the attacker would have to answer). This is the zone of a threat of a threat
  // sequence (lambda order 2): a defender who moves outside it loses.
  Cells relevance_zone(Board<W>& board, int attacker);

  uint64_t nodes() const { return nodes_; }

  // At most this many nodes for one find or one zone (0: no limit). A search that
  // reaches it answers "none found" (no zone), which for a caller who uses a forced win
  // as knowledge — df-pn — only means less knowledge. A sequence found before then is
  // still a forced win. Why: an exhaustive search that fails can be huge, and the memo
  // (kMemoSlots) too small to keep it from repeating itself; on Qubic after a1:1 b2:2
  // one find in a few hundred thousand took 161 M nodes, most runs' whole work twice over
  // (docs/benchmarks.md).
  void set_node_limit(uint64_t limit) { node_limit_ = limit; }

 private:
  // A node: the attacker's and the defender's stones, its memo key, and its attacker's
  // lines that miss exactly two cells (their cells: near_[near_begin, near_end)). A child
  // starts with its parent's lines and the two stones since (`move`, `reply`); its own
  // are worked out only when the memo does not answer it (near_lines).
  struct Node {
    Cells mine, theirs;
    uint64_t key;
    std::size_t near_begin, near_end;
    Cell move = -1, reply = -1;
  };
  // The root node of `board` for `attacker` (its near lines pushed onto near_).
  Node root(const Board<W>& board, int attacker);
  // The node after the attacker's `move` and the defender's `reply`.
  Node child(const Node& node, int attacker, Cell move, Cell reply) const;
  // A child's own near lines, pushed onto near_ from its parent's.
  void near_lines(Node& node);
  // The cells where a stone of the owner of `mine` (holding `c`) would now complete a
  // line through `c` free of `theirs`. The hot loop of the search.
  Cells wins_through(Cell c, const Cells& mine, const Cells& theirs) const {
    Cells wins;
    const int32_t end = cell_lines_begin_[c + 1];
    for (int32_t i = cell_lines_begin_[c]; i < end; ++i) {
      const Cells l = words_at(cell_line_words_ + static_cast<std::size_t>(i) * W);
      if (l.intersects(theirs)) continue;
      if (exact_ && words_at(cell_line_flank_words_ + static_cast<std::size_t>(i) * W).intersects(mine)) continue;
      const Cells missing = l.minus(mine);
      if (missing.one()) wins |= missing;
    }
    return wins;
  }
  // Room for `more` entries on top of a stack kept as a vector and its top.
  static void reserve(std::vector<Cells>& stack, std::size_t top, std::size_t more) {
    if (stack.size() < top + more) stack.resize(2 * (top + more));
  }
  // The attacker has no immediate win; `their_wins` are the defender's. Each threat and
  // its forced reply keep that so: the child's wins are read from the reply's lines
  // instead of from every line.
  ForcedWin search(Node node, int attacker, const Cells& their_wins);
  ForcedWin search_gravity(Board<W>& board, int attacker);
  Cells walk_zone(const Board<W>& board, int attacker);

  // The tables of the board last searched, and what the hot loops read of them.
  void use(const BoardTables& tables) {
    tables_ = &tables;
    cell_lines_begin_ = tables.cell_lines_begin.data();
    cell_line_words_ = tables.cell_line_words.data();
    exact_ = tables.rules.exact;
    cell_line_flank_words_ = tables.cell_line_flank_words.data();
    zobrist_ = tables.zobrist.data();
    cells_ = tables.cells;
    scan_lines_ = tables.lines * W <= kScanWords;
  }
  // Below this many words of line sets, reading every line for a node's candidates costs
  // less than keeping its near lines (Qubic: 76 lines, 7.3 s against 7.8 s after a1:1
  // b2:2); above it, far more (mnk:19x19x6: 924 lines of 8 words).
  static constexpr int kScanWords = 128;
  bool scan_lines_ = false;
  const BoardTables* tables_ = nullptr;
  const int32_t* cell_lines_begin_ = nullptr;
  const uint64_t* cell_line_words_ = nullptr;
  bool exact_ = false;
  const uint64_t* cell_line_flank_words_ = nullptr;  // under exact only
  const uint64_t* zobrist_ = nullptr;
  int cells_ = 0;
  std::vector<Cells> near_;    // the near lines of the nodes on the current path: a stack, near_top_ high
  std::vector<Cells> near_flanks_;  // under exact, each near line's flanks (same indices)
  std::vector<Cells> made_;    // the threats of each node's candidates: a stack, made_top_ high
  std::size_t near_top_ = 0, made_top_ = 0;

  // Results by exact position and attacker: transpositions are frequent in threat
  // sequences. Direct-mapped and overwritten, so memory stays fixed: 256 KiB, allocated
  // by the first search. Most hits come from the same top-level search, so a memo that
  // stays in the core's 1 MiB L2 cache is faster than a larger one that misses it (Qubic
  // after a1:1 b1:1: 13.5 s with 24 MiB, 10.7 s with 1.5 MiB; docs/benchmarks.md).
  struct Slot {
    uint64_t key = 0;
    int16_t move = -1;
    int8_t length = -1;  // -1: empty slot
  };
  static constexpr std::size_t kMemoSlots = std::size_t{1} << 14;
  static uint64_t memo_key(uint64_t plain_key, int attacker) {
    return plain_key ^ (attacker ? 0x5bd1e9955bd1e995ull : 0);
  }
  Slot& slot(uint64_t key) { return memo_[(key ^ (key >> 29)) & (kMemoSlots - 1)]; }
  Cells line(int l) const { return words_at(&tables_->line_words[static_cast<std::size_t>(l) * W]); }
  Cells flanks(int l) const { return words_at(&tables_->line_flank_words[static_cast<std::size_t>(l) * W]); }
  static Cells words_at(const uint64_t* words) {
    Cells m;
    for (int i = 0; i < W; ++i) m.word[i] = words[i];
    return m;
  }

  // Zones by exact position and attacker. Df-pn asks for a zone when it expands the
  // parent (to order the attacker's moves) and again at the node itself, and re-expands
  // nodes as its thresholds grow; reading a zone again walks the whole sequence, so it is
  // kept (direct-mapped, overwritten; 12 MiB whatever the width).
  struct ZoneSlot {
    uint64_t key = 0;
    Cells zone;
    int8_t attacker = -1;  // -1: empty slot
  };
  static constexpr std::size_t kZoneSlots = (std::size_t{1} << 19) / W;
  std::vector<ZoneSlot> zones_;

  // The node limit: the count at which the current find or zone stops, and whether it has.
  void start_budget() {
    stop_at_ = node_limit_ ? nodes_ + node_limit_ : UINT64_MAX;
    cut_ = false;
  }
  uint64_t node_limit_ = 0, stop_at_ = UINT64_MAX;
  bool cut_ = false;

  std::vector<Slot> memo_;
  uint64_t nodes_ = 0;
};

}  // namespace kinrow
