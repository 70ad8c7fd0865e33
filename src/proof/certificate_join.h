// Joining certificates proved apart into one: the first moves of a board proved one by
// one (each its own df-pn, on as many machines or sittings as it takes), then one
// certificate from the empty board that the checker re-checks whole.
//
// Strategies of the same holder and claim become one strategy whose entries are the
// union of theirs. Its rules are those any of them used: each rule is sound on its own,
// so allowing it at every position lets nothing false through. Where two inputs give
// the same position (a transposition between two first moves' proofs), the first
// input's entry is kept and the other dropped — the checker refuses two different moves
// for one position, and keeping either is sound, since the proof an entry comes from
// covers everything below it. Nothing here is trusted: the join proves what the checker
// says it proves, nothing more.
#pragma once

#include <cstddef>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "proof/certificate.h"

namespace kinrow {

struct JoinReport {
  std::size_t inputs = 0;
  std::size_t strategies = 0;  // in the joined certificate
  std::size_t lines = 0;       // entries, paired entries and zones written
  std::size_t duplicates = 0;  // entries dropped: their position came earlier
};

// Joins the certificates `names` of `game` into `out`, whose start is `start` (moves
// from the empty board). `open(i)` opens certificate i from its beginning; each is read
// once, then once more per strategy of the join, and never held whole: what is held is
// the set of positions written (about 100 bytes an entry: 0.5 GB for 8x8x5's 4.4 M). InputError,
// naming the certificate, for a bad one (of another game, say), one whose start does not
// begin with `start`, or one with a matching-plan strategy (a plan is one covering, not
// entries a union can hold).
JoinReport join_certificates(const Game& game, const std::string& start, const std::vector<std::string>& names,
                             const std::function<std::unique_ptr<std::istream>(std::size_t)>& open,
                             CertificateSink& out);

}  // namespace kinrow
