// log(1 + x) accurate for small |x|, from the portable log (elementary.hpp), so that parameters such
// as log(1 - p) for a tiny p keep their relative accuracy (log(1 - 1e-12) from the rounded 1 - p would
// be off by about 1e-4 relative). Same bits on CPU and GPU: ieee_ops only.
#pragma once

#include "gpurng/core/dist/elementary.hpp"

namespace gpurng::core::elementary {

// Kahan's (Goldberg, "What every computer scientist should know about floating-point arithmetic",
// Theorem 4): with u = fl(1 + x), log1p(x) = x if u == 1, log(u) if u - 1 == x (1 + x exact), else
// log(u) * x / (u - 1). u - 1 is exact,
// and the quotient x / (u - 1) corrects for the rounding of 1 + x, so the relative error is a few
// ulp when log is within about one ulp. Domain: x > -1 with 1 + x a positive normal number (every
// x in (-1, 0] of the distributions' parameters, and every x >= 0 up to overflow).
template <class T>
GPURNG_HD GPURNG_FORCEINLINE T log1p(T x) {
  const T u = ieee::add(T(1), x);
  if (u == T(1)) return x;
  const T um1 = ieee::sub(u, T(1));
  if (um1 == x) return log(u);  // 1 + x was exact
  return ieee::div(ieee::mul(log(u), x), um1);
}

}  // namespace gpurng::core::elementary
