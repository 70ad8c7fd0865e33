// The boards of Chiang, Wu and Lin's Theorem 2, cut to finite windows: the games its
// lemmas are about, small enough for the tile search, to check the lemmas by search.
//
//   bn:LxW    BN(L) on W columns: every column of L cells and every "/" diagonal of L cells
//             that lies wholly inside (the infinite strip has them all; a window keeps the
//             whole ones, so a breaker who holds the strip holds the window)
//   bnx:LxW   the same with one breaker-only cell on every line (BNX(L), Definition 2:
//             needs b=N); the column's above it, the diagonal's above that row
//   recx:MxN  BrecX(m, n) of Lemma 5: an M x N grid whose M rows and N columns are lines,
//             each with its own breaker-only cell at its end (needs b=N)
#pragma once

#include "core/game.h"
#include "core/spec.h"

namespace kinrow {

void make_bn(Game& game, const GameSpec& spec, bool exclusive);
void make_recx(Game& game, const GameSpec& spec);

}  // namespace kinrow
