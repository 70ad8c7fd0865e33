// Certificates from df-pn proofs: the value's strategies (proof/certificate.h), read off
// the proof tree by the one certificate walk (search/certificate_walker.h).
//
// Df-pn keeps only numbers, and its table forgets, so the tree is walked again: at the
// holder's turns the first move whose position the table knows to keep the claim is
// taken, and otherwise the candidates are decided again by df-pn (the table left by the
// proof makes that quick); at the opponent's turns every legal reply is followed. A win
// is one strategy (the attacker's moves in the proof of "he wins"); a draw is two
// not-lose strategies, each read off the disproof of the other side's win. Several
// stones a turn are chosen stone by stone, as the proof went; the entry is the whole turn.
#pragma once

#include <functional>
#include <stdexcept>

#include "proof/certificate.h"
#include "search/dfpn.h"

namespace kinrow {

// The walk needed to decide a position again and df-pn's node budget (max_nodes) ran out
// first: the proof stands, its certificate was not written.
struct CertificateOutOfBudget : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The strategy of `holder` for `claim` from the board's position, read off the proof
// `dfpn` has just finished there: of "the holder wins" for a win, of "the opponent wins"
// (disproven) for not losing. Throws CertificateOutOfBudget as above, and
// std::logic_error if the proof does not hold up, which would be a bug in the search.
template <int W>
Strategy strategy_from_proof(Dfpn<W>& dfpn, Board<W>& board, int holder, Claim claim);

// The same strategy sent to `out` (its header, then each entry as the walk finds it:
// nothing is held but the positions seen), for proofs whose certificates are too big to
// hold twice. The caller begins and ends the certificate around it.
template <int W>
void write_strategy_from_proof(Dfpn<W>& dfpn, Board<W>& board, int holder, Claim claim, CertificateSink& out);

// The same where another proof knows part of the strategy: `known_stone(board)` names a
// holder's stone that keeps the claim at the board's position, or -1 where it does not
// know (a job-level proof tree, parallel/tree_certificate.h, whose leaves df-pn then
// proves again). A wrong stone makes the walk or the checker fail, never a false proof.
// `dfpn` need not have run: the walk starts a proof for the right attacker.
template <int W>
Strategy strategy_from_proof(Dfpn<W>& dfpn, Board<W>& board, int holder, Claim claim,
                             const std::function<Cell(const Board<W>&)>& known_stone);

}  // namespace kinrow
