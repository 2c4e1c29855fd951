// Skip-ahead for a linear congruential generator modulo 2^32, x -> a x + c: k steps are again an
// affine map x -> A x + C, found in O(log k) by composing the maps for k's binary digits
// (F. Brown, "Random number generation with arbitrary strides", Trans. Am. Nucl. Soc. 71, 1994).
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core {

struct Affine32 {
  std::uint32_t mult;
  std::uint32_t plus;
  GPURNG_HD constexpr std::uint32_t operator()(std::uint32_t x) const { return mult * x + plus; }
};

// The map of k steps of x -> a x + c (mod 2^32).
GPURNG_HD constexpr Affine32 lcg32_power(std::uint32_t a, std::uint32_t c, std::uint64_t k) {
  Affine32 acc{1u, 0u};
  Affine32 cur{a, c};  // the map of 2^i steps
  for (; k != 0; k >>= 1) {
    if (k & 1u) acc = Affine32{acc.mult * cur.mult, acc.plus * cur.mult + cur.plus};
    cur = Affine32{cur.mult * cur.mult, (cur.mult + 1u) * cur.plus};
  }
  return acc;
}

}  // namespace gpurng::core
