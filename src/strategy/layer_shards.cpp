#include "strategy/layer_shards.h"

#include <algorithm>

namespace kinrow {

LayerShards::LayerShards(int words, int threads, std::size_t expected)
    : words_(words), threads_(static_cast<std::size_t>(std::max(1, threads))),
      mail_(std::make_unique<Mailbox[]>(threads_.size())) {
  // About a million keys a shard: small enough that reading one out and freeing it costs
  // little memory at a time, large enough that tiny layers do not pay for thousands.
  const std::size_t shards =
      std::clamp<std::size_t>(expected >> 20, threads_.size(), std::size_t{4096} * threads_.size());
  shards_.reserve(shards);
  for (std::size_t s = 0; s < shards; ++s) {
    shards_.push_back({PositionSet(words, 64)});
    shards_.back().set.reserve(expected / shards + 1);
  }
  for (Thread& t : threads_) {
    t.ring.assign(kPending * words_, 0);
    t.ring_shard.assign(kPending, 0);
    t.outbox.resize(threads_.size());
  }
}

void LayerShards::post(int from, int to) {
  std::vector<uint64_t> batch;
  batch.reserve(kBatchKeys * words_);
  batch.swap(threads_[from].outbox[to]);
  const std::lock_guard<std::mutex> hold(mail_[to].lock);
  mail_[to].batches.push_back(std::move(batch));
}

void LayerShards::take_mail(int thread) {
  std::vector<std::vector<uint64_t>> batches;
  {
    const std::lock_guard<std::mutex> hold(mail_[thread].lock);
    batches.swap(mail_[thread].batches);
  }
  Thread& t = threads_[thread];
  for (const std::vector<uint64_t>& batch : batches)
    for (std::size_t i = 0; i < batch.size(); i += words_) queue(t, shard_of(&batch[i]), &batch[i]);
}

void LayerShards::finish_sending(int thread) {
  for (std::size_t to = 0; to < threads_.size(); ++to)
    if (!threads_[thread].outbox[to].empty()) post(thread, static_cast<int>(to));
}

void LayerShards::finish() {
  for (std::size_t i = 0; i < threads_.size(); ++i) {
    take_mail(static_cast<int>(i));
    Thread& t = threads_[i];
    for (uint64_t q = t.queued >= kPending ? t.queued - kPending : 0; q < t.queued; ++q)
      insert(t, t.ring_shard[q % kPending], &t.ring[(q % kPending) * words_]);
    t.queued = 0;
    added_.fetch_add(t.uncounted, std::memory_order_relaxed);
    t.uncounted = 0;
  }
}

LayerPieces LayerShards::take() {
  LayerPieces pieces;
  for (Shard& shard : shards_) {
    PositionSet& set = shard.set;
    if (set.size() == 0) continue;
    std::vector<uint64_t>& piece = pieces.emplace_back();
    piece.reserve(set.size() * words_);
    set.for_each([&](const uint64_t* key) { piece.insert(piece.end(), key, key + words_); });
    set = PositionSet(words_, 64);
  }
  return pieces;
}

}  // namespace kinrow
