// The next layer of the layered verifier, collected by several threads at once, each
// position held once, with no lock on the hot path.
//
// The keys are spread over shards by a hash of their own, and each shard belongs to one
// thread. A thread adds the keys of its shards itself, through a ring of pending keys
// whose slots are fetched meanwhile (the probe of a set far larger than the cache was a
// third of the time), and posts the others in batches to their owners, which take them
// in between two blocks of their work.
//
// Why shards: each thread used to keep a set of its own, merged at the end of the layer.
// A position reached from both threads' parts of the layer — most of them, on a large
// board — was then held twice, and the merged layer was built while the old layer and
// every set were still there: about 90 bytes a position at the peak, so the layers of
// connect:12x9x5 (a few hundred million positions) could not fit in 24 GB. Now the next
// layer is about 25 bytes a position (16 for the key, the rest the sets' free slots), it
// is read out one shard at a time with each shard freed as it goes, and the verifier
// frees the pieces of the old layer as it finishes them.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "strategy/position_set.h"

namespace kinrow {

// A layer of keys, `words` apiece, in pieces that can be freed one by one.
using LayerPieces = std::vector<std::vector<uint64_t>>;

// The words in all of a layer's pieces (keys × words a key).
inline std::size_t words_in(const LayerPieces& layer) {
  std::size_t words = 0;
  for (const std::vector<uint64_t>& piece : layer) words += piece.size();
  return words;
}

class LayerShards {
 public:
  // `expected`: about how many keys the layer will have, to size the shards.
  LayerShards(int words, int threads, std::size_t expected);

  // Called by thread `thread` only: adds `key` to the layer, now or later.
  void add(int thread, const uint64_t* key) {
    const std::size_t s = shard_of(key);
    const int owner = static_cast<int>(s % threads_.size());
    if (owner == thread) return queue(threads_[thread], s, key);
    std::vector<uint64_t>& box = threads_[thread].outbox[owner];
    box.insert(box.end(), key, key + words_);
    if (box.size() >= kBatchKeys * words_) post(thread, owner);
  }
  // Called by thread `thread` between blocks of work: adds the keys posted to it.
  void take_mail(int thread);
  // Called by thread `thread` when it will add no more: posts what it holds for others.
  void finish_sending(int thread);
  // Once every thread has finished sending and been joined (any one thread may then call
  // it): every key added is in its shard, and added() is exact.
  void finish();

  // New keys so far, for progress and position limits. Until finish() it lags: keys still
  // in a ring, in an outbox or in a mailbox not yet taken (a few thousand a thread) and a
  // few dozen a thread not yet counted are missing.
  uint64_t added() const { return added_.load(std::memory_order_relaxed); }
  // The layer, each key once, one piece a shard; the shards are emptied as they are read.
  LayerPieces take();

 private:
  static constexpr int kPending = 16;             // keys waiting for their slots (a ring)
  static constexpr std::size_t kBatchKeys = 4096;  // keys posted to another thread at once
  static constexpr int kCountEvery = 64;          // new keys counted into added_ this many at once

  struct alignas(64) Thread {
    std::vector<uint64_t> ring;      // kPending keys
    std::vector<std::size_t> ring_shard;
    uint64_t queued = 0;             // keys ever put in the ring
    int uncounted = 0;               // new keys not yet in added_
    std::vector<std::vector<uint64_t>> outbox;  // [owner]: keys to post
  };
  // A cache line or more apiece: shards side by side belong to different threads, and a
  // set's count changes with every key it takes.
  struct alignas(64) Shard {
    PositionSet set;
  };
  struct alignas(64) Mailbox {
    std::mutex lock;
    std::vector<std::vector<uint64_t>> batches;
  };

  std::size_t shard_of(const uint64_t* key) const {
    // Not the sets' own slot hash (another seed), so that a shard's keys still spread
    // over all of its slots.
    uint64_t h = 0x5851F42D4C957F2Dull;
    for (int w = 0; w < words_; ++w) h = SplitMix64(h ^ key[w]).next();
    __extension__ using Wide = unsigned __int128;
    return static_cast<std::size_t>((static_cast<Wide>(h) * shards_.size()) >> 64);  // h scaled to [0, shards)
  }
  void queue(Thread& t, std::size_t shard, const uint64_t* key) {
    const std::size_t at = t.queued % kPending;
    uint64_t* slot = &t.ring[at * words_];
    if (t.queued >= kPending) insert(t, t.ring_shard[at], slot);
    std::copy(key, key + words_, slot);
    t.ring_shard[at] = shard;
    shards_[shard].set.prefetch(slot);
    ++t.queued;
  }
  void insert(Thread& t, std::size_t shard, const uint64_t* key) {
    if (!shards_[shard].set.insert_new(key, 1)) return;
    if (++t.uncounted == kCountEvery) {
      added_.fetch_add(kCountEvery, std::memory_order_relaxed);
      t.uncounted = 0;
    }
  }
  void post(int from, int to);

  int words_;
  std::vector<Shard> shards_;
  std::vector<Thread> threads_;
  std::unique_ptr<Mailbox[]> mail_;  // one per thread
  alignas(64) std::atomic<uint64_t> added_{0};  // its own cache line: every add reads the members above
};

}  // namespace kinrow
