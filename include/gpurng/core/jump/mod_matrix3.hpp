// 3x3 matrices over Z/mZ acting on the state vector of one MRG component. Used to skip ahead:
// a k-step jump of a linear recurrence x_{n+1} = A x_n (mod m) is a multiplication by A^k.
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core {

struct Mat3 {
  std::uint32_t a[9];  // row-major: a[3*row + col]
};

struct Vec3 {
  std::uint32_t v[3];
};

template <class Mod>
GPURNG_HD constexpr Mat3 mat3_mul(const Mat3& x, const Mat3& y) {
  Mat3 r{};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      std::uint32_t s = 0;
      for (int k = 0; k < 3; ++k) s = Mod::add(s, Mod::mul(x.a[3 * i + k], y.a[3 * k + j]));
      r.a[3 * i + j] = s;
    }
  }
  return r;
}

template <class Mod>
GPURNG_HD constexpr Vec3 mat3_apply(const Mat3& x, const Vec3& y) {
  Vec3 r{};
  for (int i = 0; i < 3; ++i) {
    std::uint32_t s = 0;
    for (int k = 0; k < 3; ++k) s = Mod::add(s, Mod::mul(x.a[3 * i + k], y.v[k]));
    r.v[i] = s;
  }
  return r;
}

template <class Mod>
GPURNG_HD constexpr Mat3 mat3_identity() {
  return Mat3{{1, 0, 0, 0, 1, 0, 0, 0, 1}};
}

// x^(2^e) by e squarings.
template <class Mod>
GPURNG_HD constexpr Mat3 mat3_pow2(Mat3 x, int e) {
  for (int i = 0; i < e; ++i) x = mat3_mul<Mod>(x, x);
  return x;
}

// Radix power table of a matrix B, radix R = 2^Bits: entry [k][g-1] = B^(g * R^k) for g = 1..R-1
// and k < Digits. With such a table, B^p for p < R^Digits costs one matrix-vector product per
// non-zero base-R digit of p (the scheme of Bradley et al., section 2.3, who use R = 8), instead of
// one per set bit. A larger radix means fewer, independent products for a larger table: a chain of
// dependent products is what a GPU thread waits on (docs/PERFORMANCE.md, small calls).
template <int Bits, int Digits>
struct RadixPowerTable {
  static constexpr int kBits = Bits;
  static constexpr int kDigits = Digits;
  Mat3 m[Digits][(1 << Bits) - 1];
};

template <class Mod, int Bits, int Digits>
GPURNG_HD constexpr RadixPowerTable<Bits, Digits> make_radix_power_table(Mat3 b) {
  RadixPowerTable<Bits, Digits> t{};
  for (int k = 0; k < Digits; ++k) {
    Mat3 p = b;
    for (int g = 0; g < (1 << Bits) - 1; ++g) {
      t.m[k][g] = p;
      p = mat3_mul<Mod>(p, b);
    }
    b = p;  // b^R: the base of the next digit
  }
  return t;
}

// (v, w) <- (B^p v, C^p w) with radix tables of B (modulo ModB) and C (modulo ModC), p <
// R^Digits: one loop over the digits of p, so the two products of a digit are independent of each
// other (MRG32k3a's two components).
template <class ModB, class ModC, class Table>
GPURNG_HD constexpr void apply_radix_power_pair(const Table& tb, const Table& tc, std::uint64_t p, Vec3& v,
                                                Vec3& w) {
  constexpr unsigned kMask = (1u << Table::kBits) - 1u;
  for (int k = 0; k < Table::kDigits && p != 0; ++k, p >>= Table::kBits) {
    const unsigned g = static_cast<unsigned>(p & kMask);
    if (g != 0) {
      v = mat3_apply<ModB>(tb.m[k][g - 1], v);
      w = mat3_apply<ModC>(tc.m[k][g - 1], w);
    }
  }
}

}  // namespace gpurng::core
