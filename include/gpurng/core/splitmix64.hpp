// SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014):
// a bijective 64-bit mixer with a Weyl-sequence state. Used only to spread seeds over state spaces,
// never as an engine (mrg32k3a's seed mapping, the per-thread engines' stream seeds).
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core {

inline constexpr std::uint64_t kSplitMix64Gamma = 0x9E3779B97F4A7C15ull;

// The output function: a bijection of 64-bit words.
GPURNG_HD constexpr std::uint64_t splitmix64_mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// One SplitMix64 step: advance the state by the golden gamma, return its mix.
GPURNG_HD constexpr std::uint64_t splitmix64_step(std::uint64_t& x) {
  x += kSplitMix64Gamma;
  return splitmix64_mix(x);
}

}  // namespace gpurng::core
