// Df-pn split at the root: each move of the side to move proved on its own, N at once,
// the answers kept in a directory as they come (root_split.cpp says why and how).
// `kinrow solve --split` and `kinrow table mnk --split` are its commands.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/position.h"
#include "search/dfpn.h"
#include "search/dfpn_solve.h"

namespace kinrow {

// What one move's proof answered.
struct MoveProof {
  Turn turn;
  std::string text;  // the turn in move notation
  bool decided = false;
  bool wins = false;  // the side to move wins after it
  bool resumed = false;  // answered by an earlier run (the split's directory)
  // Decided, but its certificate (asked for) is not written yet: the walk that reads it off
  // the proof was stopped, or the answer was put in the split's directory by hand.
  bool certificate_pending = false;
  uint64_t nodes = 0;
  double seconds = 0;
  // Positions this run read from the answers its earlier proofs kept ("move-N.proofs"),
  // where the split's directory keeps them and this run proved the move.
  std::optional<std::size_t> proofs_read;
  // And from the open nodes they kept ("move-N.open"), where the move's table was missing.
  std::optional<std::size_t> open_read;
};

// What a split tells as it goes, for its command to show; any may be left empty. The
// moves' calls come from the proving threads, one at a time.
struct SplitObserver {
  // Before the proofs: the moves (up to symmetry), how many an earlier run answered and
  // how many of those still owe their certificate, the moves proved at once, and each
  // one's table.
  std::function<void(std::size_t moves, std::size_t answered, std::size_t owing, int workers,
                     std::size_t table_megabytes)>
      on_start;
  // The moves being proved (nodes 0: not running), at most once a second.
  struct Running {
    uint64_t nodes = 0;
    uint32_t pn = 0, dn = 0;  // its root's numbers: which way its question leans
  };
  std::function<void(const std::vector<MoveProof>& moves, const std::vector<Running>& running,
                     std::size_t answered, double seconds)>
      on_progress;
  // A move answered by this run's proof (its certificate comes next, where one is asked).
  std::function<void(const MoveProof& move, std::size_t answered, std::size_t moves)> on_answered;
  // Results read from what a question's earlier proofs kept (file, count): its answers
  // (move-N.proofs) and, where its table was lost, its open nodes (move-N.open).
  std::function<void(const std::string& file, std::size_t read)> on_kept_read;
  // No move wins: the opponent's question, df-pn on the whole position, starts.
  std::function<void(int opponent, int threads)> on_opponent;
};

// What a split asks.
struct SplitRequest {
  // Each proof's. Its threads, table and table file are the split's to set; its interrupt
  // (Ctrl-C, say) stops the split, each move's proof having a stop flag of the split's.
  DfpnOptions options;
  int threads = 1;  // moves proved at once, one a thread
  std::size_t table_megabytes = 256;  // shared among the moves proved at once
  std::string dir;  // where each move's answer and certificate are kept as they come ("": not kept)
  std::string certificate;  // the joined certificate's file ("": none)
  bool one_question = false;  // only "does the side to move win?" (solve --wins)
  SplitObserver observer;
};

struct SplitResult {
  std::vector<MoveProof> moves;  // one per symmetry class
  int workers = 1;  // moves proved at once
  bool stopped = false;  // by the budget or the interrupt, before the value
  bool interrupted = false;  // by options.interrupt
  std::optional<std::size_t> winning;  // the move that wins, if one does
  std::optional<DfpnResult> opponent;  // the opponent's question, where it was asked
  bool opponent_resumed = false;  // its answer taken up from the directory (not counted in `nodes`)
  std::optional<std::size_t> opponent_proofs_read;  // from "opponent.proofs", as a move's proofs_read
  std::optional<std::size_t> opponent_open_read;    // from "opponent.open", as a move's open_read
  Value value = Value::Draw;  // for the side to move (not stopped, not one_question)
  std::optional<int> not_lose;  // one_question answered no: this player does not lose
  uint64_t nodes = 0;  // this run's (answers taken up from the directory not counted)
  double seconds = 0;  // this run's, the certificate's join included
  std::size_t certificate_entries = 0, certificate_parts = 0;
};

// A split that cannot decide: df-pn's proof numbers overflowed, or a certificate could not
// be read off. An InputError to solve; table mnk names the board and goes on.
struct SplitGaveUp : InputError {
  using InputError::InputError;
};

// Solves `position` by df-pn split at its root.
SplitResult split_solve(const Position& position, const SplitRequest& request);

}  // namespace kinrow
