// The check that lets a strategy verifier merge positions by symmetry.
//
// Both verifiers (verifier.cpp, layered_verifier.cpp) store each position once for all its
// images under the board's symmetries, which is sound only if the strategy plays the image
// of its move on the image of a position. A strategy says it does (symmetric()); that is a
// claim about what the verifier may skip, so the verifier checks it instead of trusting it:
// wherever the strategy moves, its move on each image of the board must be the image of
// its move. By induction on the moves left, the play from any merged position is then the
// image of the play that was verified. A position that is its own image under a symmetry
// needs nothing for it: the verified play from it is its play.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/symmetry.h"
#include "strategy/strategy.h"

namespace kinrow {

class CommutationCheck {
 public:
  // `maps`: the symmetries the verifier merges by (maps[0], if any, the identity).
  CommutationCheck(const Game& game, const KnowledgeStrategy& strategy, const std::vector<Permutation>& maps,
                   int holder);
  // "" if the strategy, which chose `chosen` on `owner`, chooses its image on every image
  // of `owner`; else why not, naming the cells.
  std::string failure(std::span<const int8_t> owner, Cell chosen);

 private:
  const Game& game_;
  const KnowledgeStrategy& strategy_;
  const std::vector<Permutation>& maps_;
  int holder_;
  std::vector<int8_t> image_;
};

}  // namespace kinrow
