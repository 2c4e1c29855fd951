// Skip-ahead for a linear congruential generator modulo 2^128, x -> a x + c (PCG64's state): k steps
// are again an affine map x -> A x + C, found in O(log k) by composing the maps of k's binary digits
// (F. Brown, "Random number generation with arbitrary strides", Trans. Am. Nucl. Soc. 71, 1994) -
// the 128-bit twin of lcg32.hpp. At most 128 rounds of three 128-bit products.
#pragma once

#include "gpurng/core/uint128.hpp"

namespace gpurng::core {

struct Affine128 {
  U128 mult;
  U128 plus;
  GPURNG_HD U128 operator()(U128 x) const { return mult * x + plus; }
};

// The map of k steps of x -> a x + c (mod 2^128); k itself is taken modulo 2^128, the period.
GPURNG_HD inline Affine128 lcg128_power(U128 a, U128 c, U128 k) {
  Affine128 acc{U128{1, 0}, U128{0, 0}};
  Affine128 cur{a, c};  // the map of 2^i steps
  for (; !is_zero(k); k = shr1(k)) {
    if (k.lo & 1u) acc = Affine128{acc.mult * cur.mult, acc.plus * cur.mult + cur.plus};
    cur = Affine128{cur.mult * cur.mult, (cur.mult + U128{1, 0}) * cur.plus};
  }
  return acc;
}

}  // namespace gpurng::core
