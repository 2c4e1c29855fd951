// How the many-stream engines (mwc, xorshift256, kiss) seed stream s from the generator's 64-bit
// seed: each stream draws its state words from its own SplitMix64 generator, started at
//
//   x(seed, s) = mix(mix(seed + gamma) + s)        (mix: SplitMix64's output function)
//
// and each 32-bit draw is the upper half of the next SplitMix64 output. mix is a bijection, so
// different streams of one seed start their word sources at different points. Documented in
// docs/ENGINES.md; any change here changes every stream.
#pragma once

#include "gpurng/core/splitmix64.hpp"

namespace gpurng::core {

class StreamSeeder {
 public:
  GPURNG_HD constexpr StreamSeeder(std::uint64_t seed, std::uint64_t stream)
      : x_(splitmix64_mix(splitmix64_mix(seed + kSplitMix64Gamma) + stream)) {}

  GPURNG_HD constexpr std::uint32_t draw() { return static_cast<std::uint32_t>(splitmix64_step(x_) >> 32); }
  // A draw reduced to [lo, lo + count): lo + draw mod count (count > 0).
  GPURNG_HD constexpr std::uint32_t draw_in(std::uint32_t lo, std::uint32_t count) { return lo + draw() % count; }
  // A non-zero draw: zero draws are skipped (chance 2^-32 each).
  GPURNG_HD constexpr std::uint32_t draw_nonzero() {
    std::uint32_t v = draw();
    while (v == 0) v = draw();
    return v;
  }

 private:
  std::uint64_t x_;
};

}  // namespace gpurng::core
