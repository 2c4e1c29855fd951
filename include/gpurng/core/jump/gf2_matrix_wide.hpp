// Square matrices over GF(2) on vectors of W 32-bit words (32 W bits), for skip-ahead of a linear
// generator by powers of its transition matrix (XORWOW's 160-bit xorshift, as cuRAND does it).
// The 32 x 32 case for one-word generators is gf2_matrix32.hpp; this one keeps whole columns so a
// product with a vector is 32 W masked XORs of W words.
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core::gf2 {

// Bit b of word i is coordinate 32 i + b.
template <int W>
struct WideVec {
  std::uint32_t w[W];
};

// Column j is the image of the unit vector e_j: M v = XOR of the columns j where bit j of v is set.
template <int W>
struct WideMatrix {
  WideVec<W> col[32 * W];
};

template <int W>
GPURNG_HD constexpr WideVec<W> apply(const WideMatrix<W>& m, const WideVec<W>& v) {
  WideVec<W> r{};
  for (int j = 0; j < 32 * W; ++j) {
    const std::uint32_t mask = 0u - ((v.w[j >> 5] >> (j & 31)) & 1u);
    for (int i = 0; i < W; ++i) r.w[i] ^= m.col[j].w[i] & mask;
  }
  return r;
}

// a * b: first b, then a.
template <int W>
GPURNG_HD constexpr WideMatrix<W> multiply(const WideMatrix<W>& a, const WideMatrix<W>& b) {
  WideMatrix<W> r{};
  for (int j = 0; j < 32 * W; ++j) r.col[j] = apply(a, b.col[j]);
  return r;
}

// The matrix of a linear map f on W-word vectors.
template <int W, class F>
GPURNG_HD constexpr WideMatrix<W> wide_matrix_of(F f) {
  WideMatrix<W> r{};
  for (int j = 0; j < 32 * W; ++j) {
    WideVec<W> e{};
    e.w[j >> 5] = 1u << (j & 31);
    r.col[j] = f(e);
  }
  return r;
}

}  // namespace gpurng::core::gf2
