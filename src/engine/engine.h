// The playing engine: a move for any position of any game kinrow models, under a budget.
//
// In order, each step only where the one before found nothing:
// 1. the rules: a line this turn completes is taken;
// 2. a proof: threat-space search (threats/threat_space.h: fours and open threes with one
//    stone a turn, double and single threats with two) and then df-pn with a node budget
//    (search/dfpn.h) look for a forced win; one found is played, and said to be sure;
// 3. the heuristic search (engine/heuristic_search.h) ranks the turns;
// 4. the best of them that the opponent's threat search (or, where threats do not apply,
//    a small df-pn) does not refute is played: a turn shown losing is never chosen while
//    another is not. If every turn looked at is refuted, the position is a sure loss.
// The answer carries a principal variation and an evaluation class (engine/
// evaluation_class.h) for the side to move. Asked to leave some turns out, it answers the
// job-level search's question: the best turn outside them, or that none of the others
// wins (proved by df-pn) or every other loses (refuted one by one).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/position.h"
#include "games/board_tables.h"
#include "engine/evaluation_class.h"

namespace kinrow {

struct EngineOptions {
  double seconds = 1.0;         // wall time for one move (0: no deadline; then give nodes)
  uint64_t nodes = 0;           // heuristic search nodes (0: time only); with seconds 0 the
                                // engine is deterministic: the same move every run
  bool proofs = true;           // the proof steps (off: a plain heuristic alpha-beta)
  uint64_t proof_nodes = 0;     // per proof question (0: automatic, from the budget)
  std::size_t table_megabytes = 64;
  std::vector<Turn> excluded;   // turns not to play
};

// Where the chosen turn came from.
enum class MoveSource : uint8_t {
  CompletesLine,  // the rules: it wins now
  ThreatSpace,    // a threat-space win
  ProofSearch,    // a df-pn win
  Heuristic,      // the heuristic search (and the refutation check)
  NoChoice,       // every candidate refuted: the position is lost (the best is played)
};

struct EngineResult {
  Turn move;                              // empty when no turn is left (all excluded)
  std::vector<Turn> principal_variation;  // from `move` on
  Evaluation evaluation = Evaluation::Unknown;  // for the side to move
  MoveSource source = MoveSource::Heuristic;
  int64_t score = 0;     // the heuristic score for the side to move (0 when proved)
  int depth = 0;         // heuristic depth completed, in turns
  std::vector<Turn> refuted;  // candidate turns the opponent's search showed losing
  // With excluded turns: proved that no turn outside them wins (df-pn), or every one
  // looked at was refuted; either way the job-level search may close the node.
  bool others_do_not_win = false;
  bool others_lose = false;
  uint64_t nodes = 0;        // heuristic search
  uint64_t proof_nodes = 0;  // threat-space and df-pn
  double seconds = 0;
};

const char* move_source_name(MoveSource source);

// The search board's options for the engine's searches (the lines the threat search and
// the evaluation read).
BoardOptions engine_board_options(const Game& game);  // "completes-line", "threat-space", ...

// InputError if the game is over or the position is not at a turn's start.
EngineResult think(const Position& position, const EngineOptions& options = {});

}  // namespace kinrow
