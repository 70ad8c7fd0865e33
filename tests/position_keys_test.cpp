// The strategy verifier's position keys: two positions get the same canonical key exactly
// when one is a symmetric image of the other, whichever layout the keys use (a column
// each under gravity, two bits a cell elsewhere).
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>
#include <vector>

#include "core/hashing.h"
#include "core/position.h"
#include "core/symmetry.h"
#include "games/families.h"
#include "strategy/position_keys.h"
#include "strategy/position_set.h"

namespace kinrow {
namespace {

// The least board (owner per cell) over the maps: the independent notion of "the same
// position up to symmetry".
std::vector<int8_t> least_image(const std::vector<int8_t>& owner, const std::vector<Permutation>& maps) {
  std::vector<int8_t> least;
  for (const Permutation& map : maps) {
    std::vector<int8_t> image(owner.size());
    for (std::size_t c = 0; c < owner.size(); ++c) image[map[c]] = owner[c];
    if (least.empty() || image < least) least = image;
  }
  return least;
}

TEST(PositionKeys, EqualKeysAreExactlySymmetricPositions) {
  for (const char* spec : {"connect:5x4x3,misere", "connect:4x6x4,misere,cylinder", "connect:12x10x5,misere",
                           "mnk:4x4x3", "connect:1x9x2,misere"}) {
    const Game game = make_game(spec);
    const std::vector<Permutation> maps = automorphisms(game, 64).maps;
    PositionKeys keys(game, maps), fresh(game, maps);
    std::vector<uint64_t> empty_key(keys.canonical(), keys.canonical() + keys.words());
    std::map<std::vector<uint64_t>, std::vector<int8_t>> board_of_key;
    std::map<std::vector<int8_t>, std::vector<uint64_t>> key_of_board;
    SplitMix64 random(7);
    for (int game_number = 0; game_number < 300; ++game_number) {
      std::vector<int8_t> owner(game.cell_count(), kNoPlayer);
      std::vector<Cell> played;
      for (int turn = 0; turn < game.cell_count(); ++turn) {
        std::vector<Cell> playable;
        for (Cell c = 0; c < game.cell_count(); ++c)
          if (owner[c] == kNoPlayer && (!game.rules.gravity || game.below[c] < 0 || owner[game.below[c]] != kNoPlayer))
            playable.push_back(c);
        const Cell c = playable[random.below(playable.size())];
        owner[c] = static_cast<int8_t>(turn % 2);
        keys.toggle(c, turn % 2);
        played.push_back(c);
        const std::vector<uint64_t> key(keys.canonical(), keys.canonical() + keys.words());
        ASSERT_EQ(key.back() >> 62, 0u) << spec << ": the two spare bits are used";
        const std::vector<int8_t> board = least_image(owner, maps);
        const auto [by_key, new_key] = board_of_key.emplace(key, board);
        const auto [by_board, new_board] = key_of_board.emplace(board, key);
        ASSERT_EQ(by_key->second, board) << spec << ": one key for two different positions";
        ASSERT_EQ(by_board->second, key) << spec << ": two keys for one position";
        // The layered verifier's round trip: the key decodes to a position of the same
        // class, and keys set from that position give the same key.
        std::vector<int8_t> decoded(game.cell_count());
        keys.decode(key.data(), decoded);
        ASSERT_EQ(least_image(decoded, maps), board) << spec << ": decoded to another position";
        fresh.set(decoded);
        ASSERT_EQ(std::vector<uint64_t>(fresh.canonical(), fresh.canonical() + fresh.words()), key) << spec;
        fresh.set(key.data(), decoded);
        ASSERT_EQ(std::vector<uint64_t>(fresh.canonical(), fresh.canonical() + fresh.words()), key) << spec;
      }
      // Taking every stone back, top first, returns to the empty board's key.
      for (auto c = played.rbegin(); c != played.rend(); ++c) keys.toggle(*c, owner[*c]);
      ASSERT_EQ(std::vector<uint64_t>(keys.canonical(), keys.canonical() + keys.words()), empty_key) << spec;
    }
    EXPECT_GE(board_of_key.size(), static_cast<std::size_t>(game.cell_count())) << spec;  // many positions, not one
  }
}

TEST(PositionKeys, GravityColumnsTakeFewerWordsThanCells) {
  // 12x10: 12 columns of 11 bits, in three words (two bits a cell would need four, and five
  // with the result).
  EXPECT_EQ(PositionKeys(make_game("connect:12x10x5,misere"), {}).words(), 3);
  EXPECT_EQ(PositionKeys(make_game("mnk:4x4x3"), {}).words(), 1);
}

TEST(PositionSet, FindsWhatWasInsertedThroughResizes) {
  PositionSet set(2);
  SplitMix64 random(3);
  std::vector<std::array<uint64_t, 2>> keys;
  for (int i = 0; i < 200000; ++i) keys.push_back({random.next(), random.next() >> 2});
  for (std::size_t i = 0; i < keys.size(); ++i) set.insert(keys[i].data(), static_cast<uint8_t>(1 + i % 3));
  EXPECT_EQ(set.size(), keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) ASSERT_EQ(set.find(keys[i].data()), 1 + i % 3);
  for (int i = 0; i < 1000; ++i) {
    const std::array<uint64_t, 2> absent{random.next(), random.next() >> 2};
    ASSERT_EQ(set.find(absent.data()), 0);
  }
  // for_each visits every key once, with the result bits cleared.
  std::set<std::array<uint64_t, 2>> visited;
  set.for_each([&](const uint64_t* key) { visited.insert({key[0], key[1]}); });
  const std::set<std::array<uint64_t, 2>> inserted(keys.begin(), keys.end());
  EXPECT_EQ(visited, inserted);
}

TEST(PositionSet, InsertNewAddsEachKeyOnceThroughResizes) {
  PositionSet set(2, 64);
  SplitMix64 random(5);
  std::vector<std::array<uint64_t, 2>> keys;
  for (int i = 0; i < 100000; ++i) keys.push_back({random.next(), random.next() >> 2});
  for (const auto& key : keys) ASSERT_TRUE(set.insert_new(key.data(), 2));
  for (const auto& key : keys) ASSERT_FALSE(set.insert_new(key.data(), 3));  // kept, not overwritten
  EXPECT_EQ(set.size(), keys.size());
  for (const auto& key : keys) ASSERT_EQ(set.find(key.data()), 2);
}

}  // namespace
}  // namespace kinrow
