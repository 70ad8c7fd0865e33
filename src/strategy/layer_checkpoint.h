// A layered verification saved between two layers, so that a run of hours can be
// stopped and resumed (kinrow strategy verify --checkpoint FILE).
//
// Between layers the walk is fully described by the layer about to be expanded and a few
// totals: the positions, replies and game ends counted so far. (Every game that ended
// before was won: a loss ends the walk, and a draw fills the board, so it comes only in
// the last layer.) The file is
// a short text header — which verification it belongs to, and the totals — followed by
// the layer's keys in binary. It is written to FILE.partial and renamed over FILE, so an
// interruption while writing leaves the previous checkpoint whole.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "strategy/layer_shards.h"

namespace kinrow {

struct LayerCheckpoint {
  // Which verification this is (game, strategy, player, rules, key layout): a checkpoint
  // is resumed only by the same verification.
  std::string identity;
  int holder_moves = 0;  // the holder's stones in the layer's positions
  uint64_t positions = 0, opponent_moves = 0, games_ended = 0;  // before this layer
  double seconds = 0;                                             // spent before this layer
  int key_words = 0;  // the layer's keys are this many words apiece
};

// Writes `c` and `layer` to `path` (through path + ".partial"). InputError when it cannot.
// The layer is passed apart so that gigabytes are written from where they are, not copied;
// its pieces are written one after another, as one run of keys.
void save_checkpoint(const std::string& path, const LayerCheckpoint& c, const LayerPieces& layer);

// The checkpoint in `path`, its layer into `layer` (in pieces of about a million keys);
// nothing when there is no such file. InputError when the file is not a checkpoint or is
// cut short.
std::optional<LayerCheckpoint> load_checkpoint(const std::string& path, LayerPieces& layer);

}  // namespace kinrow
