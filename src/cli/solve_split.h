// kinrow solve --split: df-pn on each move of the side to move as a proof of its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/format.h"
#include "core/error.h"
#include "core/position.h"
#include "search/dfpn.h"
#include "search/dfpn_solve.h"
#include "search/method_choice.h"

namespace kinrow::cli {

// What a split asks (solve_split.cpp says why and how).
struct SplitRequest {
  DfpnOptions options;  // each proof's; its threads, table and table file are the split's to set
  int threads = 1;  // moves proved at once, one a thread
  std::size_t table_megabytes = 256;  // shared among the moves proved at once
  std::string dir;  // where each move's answer and certificate are kept as they come ("": not kept)
  std::string certificate;  // the joined certificate's file ("": none)
  bool one_question = false;  // only "does the side to move win?" (solve --wins)
};

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
};

struct SplitResult {
  std::vector<MoveProof> moves;  // one per symmetry class
  int workers = 1;  // moves proved at once
  bool stopped = false;  // by the budget or Ctrl-C, before the value
  bool interrupted = false;  // by Ctrl-C
  std::optional<std::size_t> winning;  // the move that wins, if one does
  std::optional<DfpnResult> opponent;  // the opponent's question, where it was asked
  bool opponent_resumed = false;  // its answer taken up from the directory (not counted in `nodes`)
  std::optional<std::size_t> opponent_proofs_read;  // from "opponent.proofs", as a move's proofs_read
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

// Solves `position` by df-pn split at its root, its progress on `progress`.
SplitResult split_solve(const Position& position, const SplitRequest& request, ProgressLine& progress);

// kinrow solve --split: checks the options, splits, and reports as solve does; the exit status.
int solve_split(const Args& args, const Position& position, const DfpnOptions& options, const MethodChoice& choice,
                ProgressLine& progress);

}  // namespace kinrow::cli
