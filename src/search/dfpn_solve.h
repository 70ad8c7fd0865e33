// A position's value by df-pn (search/dfpn.h), and on request its certificate.
//
// A value is two proofs: the side to move wins; else the opponent wins; else (neither)
// a draw. Once the value is known, each strategy of the certificate is read off the proof
// it rests on, in the table the proofs shared (search/dfpn_certificate.h): a win from the
// proof of the winner's win; a draw from the two disproofs, each giving the defender's
// not-lose.
//
// Where the winner is expected (Connect(6,2,3): Black), one question may be asked alone:
// "does this player win?". The first question of the pair, for the side that should
// lose, would otherwise be disproved first, and a disproof gets none of the relevance
// zones' help, which serve the attacker's win. A "no" is a value too: the other player
// does not lose.
#pragma once

#include <cstdint>
#include <optional>

#include "core/position.h"
#include "proof/certificate.h"
#include "search/dfpn.h"
#include "search/score.h"

namespace kinrow {

struct DfpnResult {
  bool complete = true;       // false: a proof hit max_nodes or its numbers overflowed; value is meaningless
  // Why it is not complete, where a budget stopped it: options.seconds ran out, or
  // options.interrupt was set. Neither: max_nodes, or the numbers overflowed.
  bool out_of_time = false;
  bool interrupted = false;
  bool resumed = false;       // the table was read from options.table_file, or answers kept beside it
  Value value = Value::Draw;  // for the side to move
  // Set when one question was asked and its answer was no: this player does not lose
  // (and `value` is meaningless).
  std::optional<int> not_lose;
  // Where an incomplete proof got to (stopped by a budget, or its root's numbers
  // saturated): the attacker of the question left open, the root's numbers then (the
  // main thread's), and the player an earlier question showed does not lose (the first
  // question, "does the side to move win?", answered no).
  int open_attacker = -1;
  uint32_t open_pn = 0, open_dn = 0;
  std::optional<int> known_not_lose;
  uint64_t nodes = 0;         // expansions of the two proofs
  double seconds = 0;         // the proofs
  std::optional<Certificate> certificate;  // the in-memory form's (below)
  bool certificate_written = false;        // the whole certificate went to the sink
  // Asked for, but not written: re-deciding a position the table forgot needed more than
  // max_nodes (the value stands).
  bool certificate_out_of_budget = false;
  uint64_t certificate_nodes = 0;  // expansions spent re-deciding positions the table forgot
  double certificate_seconds = 0;  // reading the strategies off the proofs
};

// InputError if the game has more cells than a search board holds (games/board_tables.h).
// `only_winner` (a player): ask only whether that player wins. The certificate, when
// one is asked for, streams into `certificate` entry by entry as the walk finds it (its
// begin, the strategies, its end): a file sink never holds it whole. A walk cut short
// (certificate_out_of_budget) leaves the sink unfinished.
DfpnResult dfpn_solve(const Position& position, const DfpnOptions& options, CertificateSink* certificate,
                      std::optional<int> only_winner = std::nullopt);

// The same with the certificate, if asked for, built in memory in `certificate`.
DfpnResult dfpn_solve(const Position& position, const DfpnOptions& options = {}, bool certificate = false,
                      std::optional<int> only_winner = std::nullopt);

}  // namespace kinrow
