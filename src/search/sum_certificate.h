// Certificates from the search by parts (search/sum_solver.h): the winner's strategy, or
// for a draw one not-losing strategy per side, read off by the one certificate walk
// (search/certificate_walker.h), which asks the search for a move that keeps the value
// at each of the holder's turns and follows every reply.
//
// The certificate is a plain one (docs/certificates.md): whole positions, merged only by
// the symmetries the checker lists, so `kinrow verify` re-checks it without knowing
// anything about parts. Play stops where the checker's own rules end it: a line completed
// at once (normal play), or every line the holder could lose by spoiled.
#pragma once

#include "core/position.h"
#include "proof/certificate.h"
#include "search/sum_solver.h"

namespace kinrow {

// Sends the certificate to `out` as the walk finds it, holding no entry (the way to write
// tens of millions of them). Precondition: `value` is the solver's value of `position`
// for the side to move.
void write_sum_certificate(SumSolver& solver, const Position& position, Value value, CertificateSink& out);

// The same, in memory.
Certificate sum_certificate(SumSolver& solver, const Position& position, Value value);

}  // namespace kinrow
