// Arithmetic modulo a "pseudo-Mersenne" prime m = 2^32 - c with small c (MRG32k3a's m1 and m2).
//
// Because 2^32 == c (mod m), a 64-bit value h*2^32 + l is congruent to h*c + l, which is much
// smaller. Folding this way a few times reduces any 64-bit product without a 64-bit division,
// which matters on GPUs (no hardware 64-bit divide) and keeps the code constexpr-friendly so the
// skip-ahead tables can be computed by the compiler.
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core {

template <std::uint32_t C>
struct PseudoMersenne {
  static_assert(C > 0 && C < (1u << 16), "fold bounds below assume a small c");
  static constexpr std::uint64_t c = C;
  static constexpr std::uint64_t m = (std::uint64_t{1} << 32) - C;

  // x mod m for any 64-bit x. Each fold maps x < 2^64 to below 2^32 * (c + 1), so three folds
  // and one conditional subtraction always suffice for c < 2^16.
  GPURNG_HD static constexpr std::uint32_t reduce(std::uint64_t x) {
    x = (x >> 32) * c + (x & 0xffffffffu);
    x = (x >> 32) * c + (x & 0xffffffffu);
    x = (x >> 32) * c + (x & 0xffffffffu);
    return static_cast<std::uint32_t>(x >= m ? x - m : x);
  }

  // (a * b) mod m for a, b < m.
  GPURNG_HD static constexpr std::uint32_t mul(std::uint32_t a, std::uint32_t b) {
    return reduce(static_cast<std::uint64_t>(a) * b);
  }

  // (a + b) mod m for a, b < m.
  GPURNG_HD static constexpr std::uint32_t add(std::uint32_t a, std::uint32_t b) {
    const std::uint64_t s = static_cast<std::uint64_t>(a) + b;
    return static_cast<std::uint32_t>(s >= m ? s - m : s);
  }
};

}  // namespace gpurng::core
