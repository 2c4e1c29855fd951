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

// Base-8 power table of a matrix B: entry [k][g-1] = B^(g * 8^k) for g = 1..7 and k < Digits.
// With such a table, B^p for p < 8^Digits costs one matrix-vector product per non-zero octal
// digit of p (the scheme of Bradley et al., section 2.3), instead of one per set bit.
template <int Digits>
struct Base8PowerTable {
  Mat3 m[Digits][7];
};

template <class Mod, int Digits>
GPURNG_HD constexpr Base8PowerTable<Digits> make_base8_power_table(Mat3 b) {
  Base8PowerTable<Digits> t{};
  for (int k = 0; k < Digits; ++k) {
    Mat3 p = b;
    for (int g = 0; g < 7; ++g) {
      t.m[k][g] = p;
      p = mat3_mul<Mod>(p, b);
    }
    b = p;  // b^8: the base of the next digit
  }
  return t;
}

// v <- B^p v using a base-8 table of B. p has at most 3*Digits significant bits.
template <class Mod, int Digits>
GPURNG_HD constexpr Vec3 apply_base8_power(const Base8PowerTable<Digits>& t, std::uint64_t p,
                                           Vec3 v) {
  for (int k = 0; k < Digits && p != 0; ++k, p >>= 3) {
    const unsigned g = static_cast<unsigned>(p & 7u);
    if (g != 0) v = mat3_apply<Mod>(t.m[k][g - 1], v);
  }
  return v;
}

}  // namespace gpurng::core
