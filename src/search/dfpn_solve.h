// A position's value by df-pn (search/dfpn.h), and on request its certificate.
//
// A value is two proofs: the side to move wins; else the opponent wins; else (neither)
// a draw. Each strategy of the certificate is read off the proof it rests on while that
// proof's table is still warm (search/dfpn_certificate.h): a win from the proof of the
// winner's win; a draw from the two disproofs, each giving the defender's not-lose.
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
  Value value = Value::Draw;  // for the side to move
  uint64_t nodes = 0;         // expansions of the two proofs
  double seconds = 0;         // the proofs
  std::optional<Certificate> certificate;
  // Asked for, but not written: re-deciding a position the table forgot needed more than
  // max_nodes (the value stands).
  bool certificate_out_of_budget = false;
  uint64_t certificate_nodes = 0;  // expansions spent re-deciding positions the table forgot
  double certificate_seconds = 0;  // reading the strategies off the proofs
};

// InputError if the game has more cells than a search board holds (games/board_tables.h).
DfpnResult dfpn_solve(const Position& position, const DfpnOptions& options = {}, bool certificate = false);

}  // namespace kinrow
