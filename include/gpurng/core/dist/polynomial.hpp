// Polynomial evaluation by Horner's rule with fused multiply-adds:
// c0 + x*(c1 + x*(... + x*cn)), each step one correctly rounded fma.
//
// Two ways to hold the coefficients, giving the same bits:
//  * poly(x, c0, c1, ..., cn): immediate arguments. Used for float: an FFMA takes any 32-bit
//    immediate, so the coefficients cost nothing.
//  * poly_table(x, table) over a GPURNG_COEFFICIENT_TABLE. Used for double: a DFMA has no 64-bit
//    immediate form, and ptxas (sm_90, CUDA 13) builds each double literal in a uniform register
//    pair with two UMOVs before its DFMA. Those are issued instructions: in the Sobol' normal f64
//    kernel they were 1,271 of 3,544 (the central polynomial alone 44 UMOVs for 22 DFMAs), and the
//    kernel was issue-bound. Held in __constant__ memory, a coefficient costs one ULDC.64 (a
//    uniform load of the same address for every lane) instead of two UMOVs: the kernel went to
//    2,880 instructions and from 155 to 189 GS/s on an H200 (docs/PERFORMANCE.md).
#pragma once

#include <cstddef>
#include <utility>

#include "gpurng/core/dist/ieee_ops.hpp"

// GPURNG_COEFFICIENT_TABLE(T, name) = { c0, c1, ..., cn };  declares a table of coefficients for
// poly_table, lowest degree first. Device pass: a __constant__ array, not const, so that the
// compiler cannot fold its loads back into immediates (the host may write __constant__ memory);
// static, so every translation unit has its own copy (no separate compilation needed). Host: an
// ordinary constexpr array with the same values.
#if GPURNG_DEVICE_PASS
#define GPURNG_COEFFICIENT_TABLE(T, name) static __constant__ T name[]
#else
#define GPURNG_COEFFICIENT_TABLE(T, name) inline constexpr T name[]
#endif

namespace gpurng::core {

template <class T>
GPURNG_HD GPURNG_FORCEINLINE T poly(T /*x*/, T c0) {
  return c0;
}

template <class T, class... Rest>
GPURNG_HD GPURNG_FORCEINLINE T poly(T x, T c0, Rest... rest) {
  return ieee::fma(x, poly<T>(x, static_cast<T>(rest)...), c0);
}

namespace polynomial_detail {

// acc = c[N-1]; then acc = fma(x, acc, c[i]) for i = N-2 down to 0: the same operations, in the same
// order, as poly(x, c[0], ..., c[N-1]), written out by the fold (no loop left to the optimiser).
template <class T, std::size_t N, std::size_t... I>
GPURNG_HD GPURNG_FORCEINLINE T horner(T x, const T (&c)[N], std::index_sequence<I...> /*steps*/) {
  T acc = c[N - 1];
  ((acc = ieee::fma(x, acc, c[N - 2 - I])), ...);
  return acc;
}

}  // namespace polynomial_detail

template <class T, std::size_t N>
GPURNG_HD GPURNG_FORCEINLINE T poly_table(T x, const T (&c)[N]) {
  static_assert(N >= 1, "a polynomial has at least one coefficient");
  return polynomial_detail::horner(x, c, std::make_index_sequence<N - 1>{});
}

}  // namespace gpurng::core
