#include "strategy/position_keys.h"

#include <algorithm>

#include "core/position.h"

namespace kinrow {
namespace {

// True if every map sends the cell below to the cell below: then columns go to columns,
// heights kept, and a column key maps to a column key.
bool maps_keep_columns(const Game& game, const std::vector<Permutation>& maps) {
  for (const Permutation& map : maps)
    for (Cell c = 0; c < game.cell_count(); ++c) {
      const Cell b = game.below[c];
      if ((b < 0) != (game.below[map[c]] < 0) || (b >= 0 && game.below[map[c]] != map[b])) return false;
    }
  return true;
}

}  // namespace

PositionKeys::PositionKeys(const Game& game, std::vector<Permutation> maps) : cells_(game.cell_count()) {
  if (maps.empty()) {
    Permutation identity(cells_);
    for (Cell c = 0; c < cells_; ++c) identity[c] = c;
    maps.push_back(std::move(identity));
  }
  // The flip of each cell in the unmapped key, and the empty board's key.
  std::vector<Flip> base(static_cast<std::size_t>(cells_) * 2);
  std::vector<uint64_t> empty;
  auto bit = [&](int at) -> uint64_t& {  // grows the key to hold bit `at`
    if (static_cast<int>(empty.size()) <= at / 64) empty.resize(at / 64 + 1, 0);
    return empty[at / 64];
  };
  int used = 0;  // bits laid out so far
  if (game.rules.gravity && maps_keep_columns(game, maps)) {
    std::vector<Cell> above(cells_, -1);
    for (Cell c = 0; c < cells_; ++c)
      if (game.below[c] >= 0) above[game.below[c]] = c;
    for (Cell bottom = 0; bottom < cells_; ++bottom) {
      if (game.below[bottom] >= 0) continue;
      Column column;
      for (Cell c = bottom; c >= 0; c = above[c]) column.cells.push_back(c);
      const int length = static_cast<int>(column.cells.size());
      if (used % 64 + length + 1 > 64) used += 64 - used % 64;  // a column never straddles two words
      column.word = static_cast<uint32_t>(used / 64);
      column.shift = used % 64;
      columns_.push_back(std::move(column));
      bit(used) |= uint64_t{1} << (used % 64);                  // the marker of an empty column
      int y = 0;
      for (Cell c = bottom; c >= 0; c = above[c], ++y)
        for (int player = 0; player < 2; ++player)  // the marker moves up; bit y takes the colour
          base[c * 2 + player] = Flip{static_cast<uint32_t>(used / 64),
                                      (uint64_t{1} << (used % 64 + y + 1)) |
                                          (static_cast<uint64_t>(1 - player) << (used % 64 + y))};
      used += length + 1;
    }
  } else {
    for (Cell c = 0; c < cells_; ++c)
      for (int player = 0; player < 2; ++player)
        base[c * 2 + player] = Flip{static_cast<uint32_t>(2 * c / 64), static_cast<uint64_t>(player + 1) << (2 * c % 64)};
    used = 2 * cells_;
  }
  words_ = (used + 2 + 63) / 64;  // two bits spare at the top of the last word
  empty.resize(words_, 0);
  empty_ = empty;
  std::vector<int> column_of_bottom(cells_, -1);
  for (std::size_t i = 0; i < columns_.size(); ++i) column_of_bottom[columns_[i].cells[0]] = static_cast<int>(i);
  for (const Permutation& map : maps) {
    if (!columns_.empty()) {
      std::vector<int> image;
      for (const Column& column : columns_) image.push_back(column_of_bottom[map[column.cells[0]]]);
      column_image_.push_back(std::move(image));
    }
    for (Cell c = 0; c < cells_; ++c)
      for (int player = 0; player < 2; ++player) flips_.push_back(base[map[c] * 2 + player]);
    keys_.push_back(empty);
  }
}

const uint64_t* PositionKeys::canonical() const {
  const std::vector<uint64_t>* least = &keys_[0];
  for (std::size_t m = 1; m < keys_.size(); ++m)
    if (std::lexicographical_compare(keys_[m].begin(), keys_[m].end(), least->begin(), least->end())) least = &keys_[m];
  return least->data();
}

void PositionKeys::set(std::span<const int8_t> owner) {
  for (std::vector<uint64_t>& key : keys_) key = empty_;
  for (Cell c = 0; c < cells_; ++c)
    if (owner[c] != kNoPlayer) toggle(c, owner[c]);
}

void PositionKeys::set(const uint64_t* key, std::span<const int8_t> owner) {
  if (columns_.empty()) return set(owner);
  for (std::size_t m = 0; m < keys_.size(); ++m) {
    std::vector<uint64_t>& mapped = keys_[m];
    std::fill(mapped.begin(), mapped.end(), 0);
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      const Column& from = columns_[i];
      const Column& to = columns_[column_image_[m][i]];
      const uint64_t field = key[from.word] >> from.shift & ((uint64_t{2} << from.cells.size()) - 1);
      mapped[to.word] |= field << to.shift;
    }
  }
}

void PositionKeys::decode(const uint64_t* key, std::span<int8_t> owner) const {
  std::fill(owner.begin(), owner.end(), kNoPlayer);
  if (columns_.empty()) {
    for (Cell c = 0; c < cells_; ++c) {
      const uint64_t two = key[2 * c / 64] >> (2 * c % 64) & 3;  // 1: first player, 2: second
      if (two) owner[c] = static_cast<int8_t>(two - 1);
    }
    return;
  }
  for (const Column& column : columns_) {
    const uint64_t field = key[column.word] >> column.shift;
    const int length = static_cast<int>(column.cells.size());
    int stones = length;  // the marker is the highest set bit of the field
    while (!(field >> stones & 1)) --stones;
    for (int y = 0; y < stones; ++y) owner[column.cells[y]] = static_cast<int8_t>(field >> y & 1);
  }
}

}  // namespace kinrow
