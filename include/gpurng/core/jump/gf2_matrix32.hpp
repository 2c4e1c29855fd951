// 32 x 32 matrices over GF(2), for skip-ahead of 32-bit xorshift generators whose characteristic
// polynomial need not be primitive (Marsaglia's SHR3 with shifts 17, 13, 5 is not of full period):
// powers of the matrix itself are always right.
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core::gf2 {

// Column j is the image of the unit vector e_j: M v = XOR of the columns j where bit j of v is set.
struct Matrix32 {
  std::uint32_t col[32];
};

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t apply(const Matrix32& m, std::uint32_t v) {
  std::uint32_t r = 0;
  for (int j = 0; j < 32; ++j) r ^= m.col[j] & (0u - ((v >> j) & 1u));
  return r;
}

// a * b: first b, then a.
GPURNG_HD constexpr Matrix32 multiply(const Matrix32& a, const Matrix32& b) {
  Matrix32 r{};
  for (int j = 0; j < 32; ++j) r.col[j] = apply(a, b.col[j]);
  return r;
}

GPURNG_HD constexpr Matrix32 identity32() {
  Matrix32 r{};
  for (int j = 0; j < 32; ++j) r.col[j] = 1u << j;
  return r;
}

// The matrix of a linear map f on 32-bit words.
template <class F>
GPURNG_HD constexpr Matrix32 matrix_of(F f) {
  Matrix32 r{};
  for (int j = 0; j < 32; ++j) r.col[j] = f(1u << j);
  return r;
}

// M^(2^i) for i = 0..63.
struct Matrix32PowerTable {
  Matrix32 pow2[64];
};

GPURNG_HD constexpr Matrix32PowerTable make_power_table(const Matrix32& m) {
  Matrix32PowerTable t{};
  t.pow2[0] = m;
  for (int i = 1; i < 64; ++i) t.pow2[i] = multiply(t.pow2[i - 1], t.pow2[i - 1]);
  return t;
}

// M^k v: one table matrix per set bit of k.
GPURNG_HD constexpr std::uint32_t apply_power(const Matrix32PowerTable& t, std::uint64_t k, std::uint32_t v) {
  for (int i = 0; k != 0; ++i, k >>= 1) {
    if (k & 1u) v = apply(t.pow2[i], v);
  }
  return v;
}

GPURNG_HD constexpr Matrix32 power(const Matrix32PowerTable& t, std::uint64_t k) {
  Matrix32 r = identity32();
  for (int i = 0; k != 0; ++i, k >>= 1) {
    if (k & 1u) r = multiply(t.pow2[i], r);
  }
  return r;
}

}  // namespace gpurng::core::gf2
