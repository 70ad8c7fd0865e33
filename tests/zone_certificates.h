// Zone certificates to test on: df-pn's wins, with relevance zones, of random positions
// of Connect(5,4,4,2,1), a board small enough that every opponent turn can be listed
// and compared with what the zones answer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/game.h"
#include "proof/certificate.h"
#include "search/dfpn_solve.h"
#include "test_support.h"

namespace kinrow::testing {

inline constexpr const char* kZoneGame = "mnk:5x4x4,p=2,q=1";

// Up to `wanted` certificates of wins whose first strategy declares zones, from at most
// `tries` random positions (the same ones for the same seed).
inline std::vector<Certificate> zone_certificates(const Game& game, uint64_t seed, std::size_t wanted, int tries) {
  SplitMix64 random(seed);
  std::vector<Certificate> found;
  for (int t = 0; t < tries && found.size() < wanted; ++t) {
    const Position position =
        random_position(game, game.cell_count() / 2 + static_cast<int>(random.below(game.cell_count() / 3)), random);
    if (position.over()) continue;
    DfpnOptions options;
    options.table_megabytes = 8;
    options.threat_order = 2;
    options.zone_order = 3;
    const DfpnResult r = dfpn_solve(position, options, true);
    if (!r.complete || r.value == Value::Draw || !r.certificate) continue;
    if (r.certificate->strategies.front().zones.empty()) continue;
    found.push_back(*r.certificate);
  }
  return found;
}

}  // namespace kinrow::testing
