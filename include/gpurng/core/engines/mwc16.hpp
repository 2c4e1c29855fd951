// One 16-bit multiply-with-carry generator (Marsaglia & Zaman, Ann. Appl. Prob. 1(3), 1991), the
// building block of the mwc, kiss and kiss99 engines:
//
//   x_n = (a x_{n-1} + c_{n-1}) mod 2^16,   c_n = floor((a x_{n-1} + c_{n-1}) / 2^16),   a < 2^16
//
// kept as Marsaglia keeps it, in one word z = c 2^16 + x, stepped by z <- a (z mod 2^16) + z / 2^16.
//
// Why skip-ahead is a modular power: with p = a 2^16 - 1 we have a 2^16 = 1 (mod p), so
//   a z = a c 2^16 + a x = c + a x = z'   (mod p),
// and for 1 <= z <= p - 1 the new word z' = a x + c lies in [0, p] and is not 0 or p (it is = a z,
// not 0 mod p), so z' = a z mod p exactly: the MWC is the multiplicative congruential generator
// z -> a z mod p on [1, p - 1], and k steps are z a^k mod p. z = 0 and z = p are fixed points and
// are never used as states. When p is a safe prime (mwc_multipliers.hpp), 2^16 = a^-1 is a square
// mod p, so the period is (p - 1) / 2 = a 2^15 - 1.
#pragma once

#include "gpurng/core/engines/mwc_multipliers.hpp"
#include "gpurng/core/jump/mont32.hpp"

namespace gpurng::core::mwc16 {

GPURNG_HD constexpr std::uint32_t modulus(std::uint32_t a) { return a * 65536u - 1u; }

// A state word is valid for multiplier a when 1 <= z <= p - 1.
GPURNG_HD constexpr bool is_valid(std::uint32_t z, std::uint32_t a) { return z >= 1u && z < modulus(a); }

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t step(std::uint32_t z, std::uint32_t a) {
  return a * (z & 0xffffu) + (z >> 16);
}

// The state k steps after z (z valid for a).
GPURNG_HD constexpr std::uint32_t jump(std::uint32_t z, std::uint32_t a, std::uint64_t k) {
  return mont32::mul_pow(z, a, k, mont32::make_modulus(modulus(a)));
}

// ----- multiplier pairs for parametrised streams --------------------------------------------------

// Number of distinct unordered pairs of multipliers: 392 * 391 / 2 = 76,636.
inline constexpr std::uint32_t kPairCount =
    static_cast<std::uint32_t>(kMultiplierCount) * (kMultiplierCount - 1) / 2;

struct Pair {
  std::uint32_t high;  // multiplier of the component in the high half of the output (z)
  std::uint32_t low;   // multiplier of the component that alone makes the low half (w): the larger
};

inline constexpr MultiplierTable kMultipliersHost = multiplier_table();
#if GPURNG_CUDA_COMPILER
static __device__ const MultiplierTable kMultipliersDevice = multiplier_table();
#endif

GPURNG_HD inline const MultiplierTable& multipliers() {
#if GPURNG_DEVICE_PASS
  return kMultipliersDevice;
#else
  return kMultipliersHost;
#endif
}

// Pair number q (0 <= q < kPairCount) in colex order over the decreasing multiplier list: q is
// (i, j) with i < j and q = j (j - 1) / 2 + i, so pairs 0 .. m(m-1)/2 - 1 use only the m largest
// multipliers. The larger multiplier (index i) drives the low half.
GPURNG_HD constexpr Pair pair_indices(std::uint32_t q) {
  std::uint32_t lo = 1, hi = kMultiplierCount - 1;  // the largest j with j (j - 1) / 2 <= q
  while (lo < hi) {
    const std::uint32_t mid = (lo + hi + 1) / 2;
    if (mid * (mid - 1) / 2 <= q) lo = mid;
    else hi = mid - 1;
  }
  return Pair{lo, q - lo * (lo - 1) / 2};  // {j, i}
}

GPURNG_HD inline Pair pair(std::uint32_t q) {
  const Pair ij = pair_indices(q);
  const MultiplierTable& t = multipliers();
  return Pair{t.a[ij.high], t.a[ij.low]};
}

}  // namespace gpurng::core::mwc16
