#include "tiles/tile_game.h"

#include <algorithm>

#include "core/error.h"
#include "core/symmetry.h"

namespace kinrow {

// Beyond this many symmetries canonical forms cost more than they merge; any subset
// holding the identity is sound.
constexpr std::size_t kMaxTileSymmetries = 64;
constexpr std::size_t kCheckerSymmetries = 4096;

TileGame::TileGame(const Game& game) : game_(&game), cells_(game.cell_count()) {
  const Rules& rules = game.rules;
  if (rules.goal != Goal::MakerBreaker)
    throw InputError("the tile search plays maker-breaker games only, not " + game.spec);
  if (rules.gravity) throw InputError("the tile search does not play gravity games");
  if (cells_ > 64)
    throw InputError("the tile search holds at most 64 cells; " + game.spec + " has " + std::to_string(cells_));
  all_ = cells_ == 64 ? ~CellMask{0} : bit(cells_) - 1;
  turns_ = rules.maker_threshold >= 0 ? TileTurns::Threshold
           : rules.maker_picks_count  ? TileTurns::UpTo
                                      : TileTurns::Exact;
  p_ = rules.stones_per_turn;
  q_ = rules.first_turn_stones;
  threshold_ = rules.maker_threshold;
  breaker_only_ = mask_of(game.breaker_only);
  for (const Line& line : game.lines) {
    const CellMask mask = mask_of(line);
    if (turns_ != TileTurns::Threshold && (mask & breaker_only_)) continue;
    lines_.push_back(mask);
  }

  // The first maps of the group the certificate checker lists (proof/checker.cpp keeps
  // up to 4096), so that positions merged here are merged there; none but the identity
  // if that list is not the whole group (merging by part of a list is not sound there).
  const SymmetryGroup group = automorphisms(game, kCheckerSymmetries);
  for (const Permutation& map : group.maps) {
    if (maps_.size() == (group.complete ? kMaxTileSymmetries : 1)) break;
    maps_.push_back(byte_maps(map));
    inverses_.push_back(byte_maps(inverse(map)));
  }
}

TileGame::ByteMaps TileGame::byte_maps(const std::vector<int>& map) {
  ByteMaps tables{};
  for (int byte = 0; byte < 8; ++byte)
    for (int value = 0; value < 256; ++value) {
      CellMask image = 0;
      for (int b = 0; b < 8; ++b) {
        const int cell = 8 * byte + b;
        if ((value >> b & 1) && cell < static_cast<int>(map.size())) image |= bit(map[cell]);
      }
      tables[byte][value] = image;
    }
  return tables;
}

CellMask mask_of(const std::vector<Cell>& cells) {
  CellMask mask = 0;
  for (Cell c : cells) mask |= bit(c);
  return mask;
}

std::vector<Cell> cells_of(CellMask mask) {
  std::vector<Cell> cells;
  for (; mask; mask &= mask - 1) cells.push_back(std::countr_zero(mask));
  return cells;
}

}  // namespace kinrow
