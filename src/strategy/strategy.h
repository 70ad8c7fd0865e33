// Strategies as programs: a rule that, given a position where its player is to move,
// names the move — the take-even family, pair balancing, the tally plays and the
// canonical boards of the misère Connect-k paper (Steele & Larremore), and later
// dictionaries and solver-backed players.
//
// Every strategy says where it applies and what it then promises (the theorem it
// implements); the exhaustive verifier (strategy/verifier.h) checks the promise instead of
// trusting it, and `kinrow play` lets a person test it by hand.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "proof/certificate.h"

namespace kinrow {

// What a strategy sees: the game, who owns each cell, and whose turn it is. A strategy is
// a function of this alone (not of the move order), so positions reached in different
// orders get the same answer and the verifier may merge them.
struct BoardView {
  const Game& game;
  std::span<const int8_t> owner;  // kNoPlayer, 0 or 1 per cell
  int to_move = 0;                // 0 = first player, 1 = second player
};

// True if `c` may be taken: empty and, under gravity, on the floor or on a stone. What
// both strategy verifiers offer the opponent and check the strategy's move against.
inline bool playable(const Game& game, std::span<const int8_t> owner, Cell c) {
  return owner[c] == kNoPlayer && (!game.rules.gravity || game.below[c] < 0 || owner[game.below[c]] != kNoPlayer);
}

// The strategy's move, or why it has none (the position is outside what it handles).
struct StrategyMove {
  Cell cell = -1;
  std::string rule;  // the rule that chose it, e.g. "take-even", "take-other"
  std::string why_none;  // set when cell < 0
};

// Where a strategy applies to a game played from the empty board, and what it claims.
struct StrategyPromise {
  bool applies = false;
  std::string why_not;   // when !applies: "take-even needs an even height; 7x5 has height 5"
  // When it applies: whether the source claims anything on this board, and what. A
  // strategy may play where nothing is claimed (e.g. delayed take-even for the side the
  // paper says loses); the verifier then reports what it finds.
  bool has_claim = true;
  Claim claim = Claim::Win;
  std::string source;    // the statement it implements: "Steele & Larremore, Corollary 1"
};

class KnowledgeStrategy {
 public:
  virtual ~KnowledgeStrategy() = default;
  virtual std::string name() const = 0;
  virtual std::string summary() const = 0;  // one line for `kinrow strategy list`
  // The promise for `player` (0 or 1) on `game`. `relaxed`: the opponent's lines do not
  // count (the relaxed game of Steele & Larremore's Appendix A: only the holder can lose).
  virtual StrategyPromise promise(const Game& game, int player, bool relaxed) const = 0;
  virtual StrategyMove choose(const BoardView& board) const = 0;
  // True if the choice commutes with the game's symmetries (mirror images get mirrored
  // moves), which lets the verifier merge symmetric positions.
  virtual bool symmetric() const { return false; }
};

// Every knowledge strategy kinrow has, in the order `kinrow strategy list` shows them.
const std::vector<std::unique_ptr<KnowledgeStrategy>>& knowledge_strategies();

// The strategy called `name`; InputError naming the known ones otherwise.
const KnowledgeStrategy& find_strategy(const std::string& name);

}  // namespace kinrow
