// Strategy verification one layer of move numbers at a time (layered_verifier.cpp says
// why): the memory is the largest layer, not every position. verify_strategy's default.
#pragma once

#include <vector>

#include "core/symmetry.h"
#include "strategy/verifier.h"

namespace kinrow {

// Fills `out` (positions, moves, ended games, guarantee, counterexample or drawn game);
// `maps` are the symmetries to merge by (none: the identity alone).
void verify_by_layers(const Game& game, const KnowledgeStrategy& strategy, int holder, const VerifyOptions& options,
                      const std::vector<Permutation>& maps, StrategyVerification& out);

}  // namespace kinrow
