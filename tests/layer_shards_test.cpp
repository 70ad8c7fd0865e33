// The layered verifier's next layer: keys added by several threads at once, many of them
// by more than one thread, come out each exactly once; and a layer in pieces survives a
// checkpoint whole, however it is cut into pieces on the way back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>
#include <vector>

#include "core/error.h"
#include "core/hashing.h"
#include "strategy/layer_checkpoint.h"
#include "strategy/layer_shards.h"

namespace kinrow {
namespace {

using Key = std::vector<uint64_t>;

// `count` keys of `words` words, the top two bits of the last word clear (as the
// verifier's keys are), drawn from a pool small enough that many come twice.
std::vector<Key> random_keys(SplitMix64& random, int words, std::size_t count, uint64_t pool) {
  std::vector<Key> keys(count, Key(words));
  for (Key& key : keys) {
    const uint64_t pick = random.below(pool);
    for (int w = 0; w < words; ++w) key[w] = SplitMix64(pick * 7 + w).next();
    key[words - 1] &= (uint64_t{1} << 62) - 1;
  }
  return keys;
}

std::set<Key> keys_of(const LayerPieces& pieces, int words) {
  std::set<Key> keys;
  for (const std::vector<uint64_t>& piece : pieces) {
    EXPECT_EQ(piece.size() % words, 0u);
    for (std::size_t i = 0; i < piece.size(); i += words) {
      const bool fresh = keys.insert(Key(piece.begin() + i, piece.begin() + i + words)).second;
      EXPECT_TRUE(fresh) << "a key came out twice";
    }
  }
  return keys;
}

TEST(LayerShards, KeysAddedByManyThreadsComeOutOnce) {
  for (int words : {1, 2, 3})
    for (int threads : {1, 2, 3})
      for (std::size_t expected : {std::size_t{10}, std::size_t{3} << 20}) {  // one shard a thread, and many
        SplitMix64 random(words * 100 + threads);
        std::vector<std::vector<Key>> added(threads);
        std::set<Key> all;
        for (auto& keys : added) {
          keys = random_keys(random, words, 30000, 25000);
          all.insert(keys.begin(), keys.end());
        }
        LayerShards shards(words, threads, expected);
        std::vector<std::thread> running;
        for (int t = 0; t < threads; ++t)
          running.emplace_back([&, t] {
            for (std::size_t i = 0; i < added[t].size(); ++i) {
              shards.add(t, added[t][i].data());
              if (i % 500 == 0) shards.take_mail(t);  // as the verifier does between blocks
            }
            shards.finish_sending(t);
          });
        for (std::thread& t : running) t.join();
        shards.finish();
        EXPECT_EQ(shards.added(), all.size()) << words << " words, " << threads << " threads";
        EXPECT_EQ(keys_of(shards.take(), words), all) << words << " words, " << threads << " threads";
      }
}

TEST(LayerShards, ALayerInPiecesRoundTripsThroughACheckpoint) {
  constexpr int kWords = 2;
  SplitMix64 random(9);
  // More than a million keys, so that they are read back in several pieces; an empty piece.
  LayerPieces layer{std::vector<uint64_t>(1200000 * kWords), {}, std::vector<uint64_t>(300 * kWords)};
  std::vector<uint64_t> whole;
  for (std::vector<uint64_t>& piece : layer) {
    for (uint64_t& word : piece) word = random.next() >> 2;
    whole.insert(whole.end(), piece.begin(), piece.end());
  }
  LayerCheckpoint saved;
  saved.identity = "a test";
  saved.holder_moves = 7;
  saved.positions = 123;
  saved.key_words = kWords;
  const std::string path = ::testing::TempDir() + "kinrow_pieces_" + std::to_string(::getpid());
  save_checkpoint(path, saved, layer);
  LayerPieces loaded;
  const std::optional<LayerCheckpoint> c = load_checkpoint(path, loaded);
  std::filesystem::remove(path);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->identity, saved.identity);
  EXPECT_EQ(c->holder_moves, saved.holder_moves);
  EXPECT_EQ(c->positions, saved.positions);
  EXPECT_GT(loaded.size(), 1u);
  std::vector<uint64_t> read;
  for (const std::vector<uint64_t>& piece : loaded) {
    EXPECT_EQ(piece.size() % kWords, 0u);
    read.insert(read.end(), piece.begin(), piece.end());
  }
  EXPECT_TRUE(read == whole) << "the keys read back are not the keys saved, in order";
}

// A damaged header must be refused, not believed: a key size of two billion words would
// have the first piece allocated (16 GB) before the read failed.
TEST(LayerShards, ACheckpointWithAnAbsurdKeySizeIsRefused) {
  const std::string path = ::testing::TempDir() + "kinrow_bad_key_" + std::to_string(::getpid());
  std::ofstream(path) << "kinrow layered verification checkpoint 1\nidentity x\nholder-moves 1\npositions 0\n"
                         "replies 0\ngame-ends 0\nseconds 0\nkey-words 2000000000\nlayer-words 2000000000\n";
  LayerPieces loaded;
  EXPECT_THROW(load_checkpoint(path, loaded), InputError);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace kinrow
