// Exhaustive strategy verification: play a strategy against every reply at every turn.
//
// From the empty board the holder's moves come from the strategy and the opponent tries
// every legal move; positions reached in different orders (and, for a strategy that
// commutes with the game's symmetries, mirror images) are checked once. The answer is
// what the strategy guarantees against every defence — a win, or at least a draw — or
// a shortest game it loses (or cannot continue), as a move sequence. A verified strategy
// can be written as a certificate that `kinrow verify` re-checks independently.
//
// Two walks do this: one layer of move numbers at a time (layered_verifier.cpp, the
// default: it holds only one layer, and uses every core), and depth first (verifier.cpp,
// holding every position, for certificates). Tests run both and compare.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "proof/certificate.h"
#include "strategy/strategy.h"

namespace kinrow {

// Where a verification is, for progress lines.
struct VerifyProgress {
  uint64_t positions = 0;  // so far (the layered walk: finished layers and what it has found of this one)
  double seconds = 0;
  // The layered walk only: the holder's stones in this layer's positions, and how many
  // of its positions are expanded (late layers grow little while most games end).
  int holder_moves = -1;
  uint64_t layer_done = 0, layer_size = 0;
};

struct VerifyOptions {
  // The relaxed game of Steele & Larremore, Appendix A: the opponent's lines never end the game.
  bool relaxed = false;
  // Stop (incomplete) after this many positions; 0: no limit.
  uint64_t max_positions = 0;
  bool certificate = false;  // keep the holder's move at every position, for a certificate
  // Walk the positions depth first, holding all of them (as certificates need), instead
  // of one layer of move numbers at a time. Both report the same counts and guarantee.
  bool depth_first = false;
  int threads = 0;  // for the layered walk; 0: every core
  // The layered walk only: save the walk to this file after every layer, and resume from
  // it if it holds a checkpoint of the same verification (layer_checkpoint.h). The file
  // is removed when the walk ends.
  std::string checkpoint;
  std::function<void(const VerifyProgress&)> on_progress;  // about once a second
};

enum class Guarantee { Win, NotLose, None };
const char* guarantee_name(Guarantee g);  // "win", "at least draw", "none"

struct StrategyVerification {
  bool complete = true;  // false: stopped at max_positions; nothing is proved
  Guarantee guarantee = Guarantee::Win;
  std::vector<Cell> drawn_game;       // a game that ends drawn
  std::vector<Cell> counterexample;   // a shortest game lost (or where the strategy had no move)
  std::string failure;                // what ended the counterexample
  uint64_t positions = 0;             // distinct positions with the opponent to move (up to symmetry)
  uint64_t opponent_moves = 0;        // replies tried
  uint64_t games_ended = 0;           // moves that ended a game (win, loss or full board)
  double seconds = 0;                 // of this run
  bool resumed = false;               // the walk was taken up from a checkpoint, which it trusts
  uint64_t resumed_positions = 0;     // resumed from a checkpoint: the positions checked before
  double resumed_seconds = 0;         // and the seconds spent on them
  std::optional<Strategy> strategy;   // the holder's entries, when asked for and it holds
};

StrategyVerification verify_strategy(const Game& game, const KnowledgeStrategy& strategy, int player,
                                     const VerifyOptions& options = {});

}  // namespace kinrow
