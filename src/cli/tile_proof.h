// One tile of a tiling proved held by the breaker, for `tiling verify` and `kdraw
// --tiling`: the tile search answers, and its answer counts only once the independent
// checker has accepted the certificate read off that search (Theorem 1's draw rests on
// every tile; a bug in the search must not become a theorem).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "tiles/tiling.h"

namespace kinrow::cli {

struct TileProof {
  std::string tile;
  std::string spec;
  bool search_says_held = false;  // the tile search's answer
  bool certificate_ok = false;    // the checker accepted the certificate of that answer
  bool breaker_holds() const { return search_says_held && certificate_ok; }
  uint64_t nodes = 0;
  double seconds = 0;             // the search's
  std::string certificate;        // path, if written
  std::size_t certificate_positions = 0;
};

// The maker-breaker game of `tile` with 1 to p stones a turn, solved and checked. With
// `dir`, the game is written there as TILE.json and the certificate as TILE.cert, so
// that `kinrow verify` can read both again.
TileProof prove_tile(const Tile& tile, int p, const std::string& dir);

}  // namespace kinrow::cli
