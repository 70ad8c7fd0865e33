// Depth-first proof-number search (df-pn) for games of at most 64 cells, one stone a
// turn, every goal (normal, misère, maker-breaker) and gravity.
//
// One proof asks "does `attacker` win?": at the attacker's turns a node is proven when one
// child is (proof number = least child's, disproof number = sum), at the defender's when
// all are. Df-pn explores the most-proving node depth-first with thresholds instead of
// walking down from the root each time, and remembers (pn, dn) in a transposition table
// of fixed size. The child threshold uses the 1+epsilon trick (the second-best child's
// number times 1+epsilon, not plus one), which saves most of the re-expansions when two
// children are close. A value is two proofs: the side to move wins; else the opponent
// wins; else (neither) a draw.
//
// Knowledge, where completing a line wins (normal, maker-breaker): a player who can win
// at once does; a player facing two immediate wins loses; facing one, must take that cell;
// and at the attacker's turns a win by continuous threats (dictionary/forced_win.h)
// proves the node at once. Misère gets the plain search.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/position.h"
#include "dictionary/board_masks.h"
#include "dictionary/forced_win.h"
#include "search/score.h"

namespace kinrow {

struct DfpnOptions {
  std::size_t table_megabytes = 64;
  double epsilon = 0.25;      // the 1+epsilon threshold trick; 0 = classic df-pn
  bool threats = true;        // the knowledge above (off: plain df-pn, for cross-checks)
  uint64_t max_nodes = 0;     // give up after this many expansions per proof (0: no limit)
};

struct DfpnResult {
  bool complete = true;  // false: a proof hit max_nodes; value is meaningless
  Value value = Value::Draw;  // for the side to move
  uint64_t nodes = 0;    // expansions, both proofs
  double seconds = 0;
};

class Dfpn {
 public:
  Dfpn(const BoardMasks& board, const DfpnOptions& options);

  // Whether `attacker` wins from `stones` (the side to move follows from the stone
  // counts); nullopt if the node limit was reached.
  std::optional<bool> attacker_wins(const Stones& stones, int attacker);

  uint64_t nodes() const { return nodes_; }

 private:
  struct Numbers {
    uint32_t pn = 1, dn = 1;
  };
  struct Slot {
    Stones stones;
    Numbers numbers;
    bool used = false;
  };
  struct Child {
    Stones stones;
    Numbers numbers;
    bool settled = false;  // a finished game: its numbers are final
  };

  int to_move(const Stones& s) const;
  // A finished game's numbers: proven if `winner` is the attacker, else disproven (a
  // draw included).
  Numbers decided(int winner) const;
  // Decides a node without expanding it when the rules or the knowledge can; otherwise
  // leaves the moves worth trying in `moves`.
  bool settle(const Stones& s, int mover, Numbers& out, CellMask& moves);
  void expand(const Stones& s, int mover, CellMask moves, std::vector<Child>& children);
  Numbers lookup(const Stones& s) const;
  void store(const Stones& s, Numbers n);
  void search(const Stones& s, uint32_t pn_limit, uint32_t dn_limit, Numbers& out);

  const BoardMasks& board_;
  DfpnOptions options_;
  ForcedWinSearch forced_;
  std::vector<Slot> table_;
  int attacker_ = 0;
  uint64_t nodes_ = 0, proof_start_ = 0;
  bool aborted_ = false;
};

// The value of `position` for the side to move, by df-pn. InputError if the game does not
// fit BoardMasks (more than 64 cells, several stones a turn).
DfpnResult dfpn_solve(const Position& position, const DfpnOptions& options = {});

}  // namespace kinrow
