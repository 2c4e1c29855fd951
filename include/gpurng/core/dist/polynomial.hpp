// Polynomial evaluation by Horner's rule with fused multiply-adds and the coefficients as immediate
// arguments, so that no table has to live in device memory:
// poly(x, c0, c1, ..., cn) = c0 + x*(c1 + x*(... + x*cn)), each step one correctly rounded fma.
#pragma once

#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::core {

template <class T>
GPURNG_HD GPURNG_FORCEINLINE T poly(T /*x*/, T c0) {
  return c0;
}

template <class T, class... Rest>
GPURNG_HD GPURNG_FORCEINLINE T poly(T x, T c0, Rest... rest) {
  return ieee::fma(x, poly<T>(x, static_cast<T>(rest)...), c0);
}

}  // namespace gpurng::core
