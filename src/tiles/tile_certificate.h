// Certificates for the tile search's answers (docs/certificates.md).
//
// The winner's strategy is walked as the checker will walk it: from the start, every
// legal turn of the loser under the reference rules (core/position.h: every size the
// maker may choose, stones on dead cells too), and at the winner's turns the search's
// answer, made up to the turn's size with other empty cells. Positions are merged up to
// the same symmetries the checker merges. Play stops where the checker stops: at the end
// of the game, where every line holds a breaker stone (the breaker's claim is settled),
// and at the maker's immediate wins (the win-now rule plays them).
#pragma once

#include <cstddef>

#include "core/position.h"
#include "proof/certificate.h"
#include "tiles/tile_search.h"

namespace kinrow {

// The certificate of the winner from `start` (breaker_wins as the search found it).
Certificate tile_certificate(TileSearch& search, const Position& start, bool breaker_wins);

}  // namespace kinrow
