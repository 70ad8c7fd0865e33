// The certificate of a game that is already over: no entries, since the checker reads the
// end from the position itself. Both solvers write it when asked to prove a finished
// position, so that a script solving many positions gets a file for each.
#pragma once

#include "core/position.h"
#include "proof/certificate.h"

namespace kinrow {

// The whole certificate (begin to end) of `position`, which must be over: the winner's
// win, or both players' not-lose after a draw.
void write_finished_certificate(const Position& position, CertificateSink& out);

}  // namespace kinrow
