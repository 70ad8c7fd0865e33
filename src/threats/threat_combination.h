// Victory by continuous threats found a second way: dependency-based search (db-search,
// Allis 1994) over the threat-space model, each answer checked on the real rules. It
// answers ForcedWinSearch's question (threats/forced_win.h) and must give the same yes or no: it
// is an independent cross-check of that search, and a measure of the other approach.
//
// The model. An operator (gain g, cost c, line L) applies when L holds no stone of the
// defender and, of L's cells, only g and c are not the attacker's (both empty): the
// attacker takes g and the defender is assumed to answer at c. A goal is a state in which
// the attacker has an immediate win, or an empty cell whose stone would make two immediate
// wins at different cells. The model ignores the defender's own threats, so every real
// forced win is a sequence of operators ending in a goal; the converse fails.
//
// Sets, not sequences. Once an operator is played its line is the attacker's but for its
// cost, so another operator's cost on that line is impossible in any order. Hence a set of
// operators can be played in some order exactly when (a) no cell serves twice, (b) no cost
// lies on another operator's line, and (c) every cell of an operator's line but its gain
// and cost is the attacker's from the start or a gain of the set, with no cycle in
// "p supports q" (p's gain lies on q's line). Two playable sets that together meet (a) and
// (b) are playable together, and no operator of one set's private part supports one of the
// other's: (c) for the other set names only its own gains. So a node is a set, its state
// (attacker: the gains; defender: the costs) does not depend on the order, and a node's
// top operators, those that support no other operator of it, are well defined.
//
// The search. Dependency stage: from each node, every operator applicable in its state
// whose line holds the gain of one of its top operators (from the root: every applicable
// operator). Combination stage: two nodes, neither contained in the other, meeting (a) and
// (b), are merged when some line free of the merged costs holds a top gain of each that
// the other lacks, or when the merged state is a goal. Until nothing new appears. Nodes
// are kept by operator set: one state reached through different lines or pairings of
// gains with costs merges differently.
//
// Completeness (within the model). Take a playable winning set W and, for each operator o
// of it, S(o) = o with everything that supports it directly or not. By induction along
// W's order every S(o) is a node: o's maximal direct supporters p1..pk have nodes S(pi);
// merging them one at a time passes the line test on o's own line (it holds each part's
// top gain and no cost of W's earlier operators); and o depends on the union's top
// operator p1. The supporters of an immediate win's line merge the same way, and so a
// goal node appears; for a double threat, the supporters of each of its two lines merge
// into a node that makes that line a threat, and the two nodes merge into a goal. The
// induction may stop early only at another goal, so goal nodes are neither expanded nor
// merged. Textbook db-search keeps a merge only when it enables a new operator or goal at
// once; that misses an operator whose line needs gains from three or more separate chains
// (no two of them enable it), hence the line test here.
//
// Exactness. A goal node is replayed on the real rules as ForcedWinSearch reads them, in
// every order they allow: a defender with an immediate win must be blocked by a move that
// threatens, and a defender with two wins refutes the line (not in maker-breaker, where
// the breaker's lines do not count). The first goal node that replays gives the answer. No
// goal node: there is no forced win. Goal nodes that all fail (a counter-threat may need an
// attacker's block that no goal set holds; a set with too many orders to try counts as
// failed), or more than kMaxNodes nodes: `find` asks ForcedWinSearch. So `find` finds a
// win exactly when ForcedWinSearch does; the moves and lengths may differ.
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "games/board.h"
#include "threats/forced_win.h"

namespace kinrow {

template <int W>
class ThreatCombinationSearch {
 public:
  using Cells = Bits<W>;

  // std::invalid_argument unless one stone a turn, no gravity, and normal or
  // maker-breaker rules (misère has no forced wins of this kind).
  explicit ThreatCombinationSearch(const BoardTables& tables);

  // A forced win for `attacker`, moving next on `board`: the same struct and meaning as
  // ForcedWinSearch::find (move -1: none; length: the attacker's moves, the winning one
  // included). The board is left as it was.
  ForcedWin find(Board<W>& board, int attacker);

  // Db-search nodes, plus the nodes of the fallback searches.
  uint64_t nodes() const { return nodes_ + fallback_.nodes(); }
  // The finds that ForcedWinSearch answered.
  uint64_t fallbacks() const { return fallbacks_; }

  // Past this many nodes in one search, ForcedWinSearch answers instead.
  static constexpr std::size_t kMaxNodes = 20000;

 private:
  struct Operator {
    int16_t gain, cost;
    int32_t line;  // index into lines_
    bool operator==(const Operator&) const = default;
  };
  enum class Answer { Win, NoWin, Unknown };

  Answer search(const Cells& mine, const Cells& theirs, ForcedWin& win);
  void expand(std::size_t node);
  void combine(std::size_t node);
  // Adds the node unless its operator set is known; true when it is a goal that replays.
  bool add_node(const Cells& gains, const Cells& costs, const Cells& line_cells, const Cells& top);
  bool is_goal(const Cells& mine, const Cells& theirs);
  // Whether one line free of `theirs` holds all of `cells` (not empty).
  bool on_one_line(const Cells& cells, const Cells& theirs) const;
  bool replay(const Cells& mine, const Cells& theirs, uint64_t remaining, std::span<const Operator> ops,
              ForcedWin& win);
  // The rules on cell sets: the cells of the lines free of `theirs` that miss exactly
  // `missing` cells of `mine` (1: the immediate wins of the owner of `mine`; 2: the cells
  // that would make one), and the immediate wins a stone on `c` (in `mine`) makes.
  Cells missing_cells(const Cells& mine, const Cells& theirs, int missing) const;
  Cells wins(const Cells& mine, const Cells& theirs) const { return missing_cells(mine, theirs, 1); }
  Cells threat_making(const Cells& mine, const Cells& theirs) const { return missing_cells(mine, theirs, 2); }
  Cells wins_through(Cell c, const Cells& mine, const Cells& theirs) const;

  const BoardTables& tables_;
  ForcedWinSearch<W> fallback_;
  Cells all_;
  std::vector<Cells> lines_;
  std::vector<int32_t> line_ids_, line_start_;  // line_ids_[line_start_[c] ..]: the lines through c
  std::vector<uint32_t> line_stamp_;
  uint32_t stamp_ = 0;
  std::vector<Cells> made_;  // is_goal: per cell, the wins its stone would make

  // The current search: its root and its nodes, by field. line_cells: the node's
  // operators' lines but their costs (no other cost may land there); of the lines that
  // hold all its top gains and none of its costs, span: their cells, two_empty: the empty
  // cells of those with two (the combination stage's quick tests, before its exact ones).
  Cells root_mine_, root_theirs_;
  bool theirs_count_ = true;
  std::vector<Cells> gains_, costs_, line_cells_, top_, span_, two_empty_;
  std::vector<uint32_t> first_op_;  // node i's operators: ops_[first_op_[i] .. first_op_[i+1]), by gain
  std::vector<uint8_t> goal_;
  std::vector<int32_t> same_state_;  // the next node with the same gains and costs, or -1
  std::vector<Operator> ops_, scratch_;
  std::unordered_map<Stones<W>, int32_t, StonesHash> by_state_;
  bool goal_seen_ = false;
  ForcedWin win_;

  std::unordered_set<uint64_t> failed_orders_;  // replay: operator subsets left that lose
  uint64_t replay_steps_ = 0;

  uint64_t nodes_ = 0, fallbacks_ = 0;
};

}  // namespace kinrow
