// Deterministic pseudo-random numbers for Zobrist keys and tests (SplitMix64), so runs,
// node counts and certificates are reproducible.
#pragma once

#include <cstdint>

namespace kinrow {

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound).
  uint64_t below(uint64_t bound) { return next() % bound; }

 private:
  uint64_t state_;
};

}  // namespace kinrow
