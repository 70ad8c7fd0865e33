// The certificate of a job-level proof (proof/certificate.h): the trees' decisions
// composed with df-pn proofs of their leaves, checked by `kinrow verify` like any other.
//
// The one certificate walk (search/certificate_walker.h, through search/dfpn_certificate.h)
// plays the strategy: at the holder's turns it takes the tree's decisive child where the
// position (or a symmetric image) is a node the tree decided the holder's way; elsewhere —
// a leaf a job decided, a reply the tree never generated because a job showed that none
// but its children mattered — df-pn proves the position again (each within about a job's
// budget), and at the opponent's turns every legal reply is followed. Nothing of the jobs
// is trusted: a wrong decision would leave the walk without a move, or the checker
// would reject the file.
#pragma once

#include <cstdint>

#include "parallel/job.h"
#include "parallel/job_tree.h"
#include "proof/certificate.h"
#include "store/proof_db.h"

namespace kinrow {

struct TreeCertificate {
  Certificate certificate;
  std::size_t entries = 0;
  uint64_t nodes = 0;  // df-pn's expansions proving leaves again
  double seconds = 0;
};

// The certificate of the value the database's questions decided. InputError while the
// proof is not finished.
TreeCertificate tree_certificate(ProofDatabase& db, const JobContext& context,
                                 const TreeSettings& settings);

}  // namespace kinrow
