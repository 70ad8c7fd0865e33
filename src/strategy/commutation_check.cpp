#include "strategy/commutation_check.h"

#include <algorithm>

#include "core/notation.h"

namespace kinrow {

CommutationCheck::CommutationCheck(const Game& game, const KnowledgeStrategy& strategy,
                                   const std::vector<Permutation>& maps, int holder)
    : game_(game), strategy_(strategy), maps_(maps), holder_(holder), image_(game.cell_count()) {}

std::string CommutationCheck::failure(std::span<const int8_t> owner, Cell chosen) {
  for (std::size_t g = 1; g < maps_.size(); ++g) {
    const Permutation& map = maps_[g];
    for (Cell c = 0; c < game_.cell_count(); ++c) image_[map[c]] = owner[c];
    if (std::equal(image_.begin(), image_.end(), owner.begin())) continue;  // its own image
    const Cell answer = strategy_.choose(BoardView{game_, image_, holder_}).cell;
    if (answer != map[chosen])
      return "the strategy does not commute with the board's symmetries, which the verifier merges positions by: "
             "it plays " + format_cell(game_, chosen) + " here and " +
             (answer < 0 ? std::string("nothing") : format_cell(game_, answer)) + " on the image of this position, not " +
             format_cell(game_, map[chosen]);
  }
  return "";
}

}  // namespace kinrow
