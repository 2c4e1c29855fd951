// The inverse of the standard normal CDF, Phi^-1(u), in float and double: portable (ieee_ops and
// elementary.hpp only, so the CPU and the GPU give the same bits) and division-free in the
// central region that nearly every value takes.
//
// Method (after Giles, "Approximating the erfinv function", GPU Computing Gems Jade, 2011):
//   x = 2u - 1,  w = -log(4u(1-u)) = -log(1 - x^2),  Phi^-1(u) = x * P(w),
// with P a polynomial in w for w < 5 (u in about [0.0017, 0.9983]) and polynomials in t = sqrt(w)
// on tail segments; the coefficients and their fit errors are in inverse_normal_coefficients.hpp,
// made by tools/fit_inverse_normal_coefficients.py. w comes from u itself (not from x), so both
// tails keep full relative precision, and w is the same for u and 1-u: where 1-u is exact (every
// uniform the library makes), Phi^-1(1-u) = -Phi^-1(u) exactly.
//
// Domain: float u in [2^-126, 1 - 2^-24], double u in [2^-1022, 1 - 2^-53] (u and 1-u normal
// numbers). Accuracy, measured against 30-digit mpmath values (tests/test_inverse_normal.cpp):
// see docs/ENGINES.md ("Inverse normal CDF").
#pragma once

#include "gpurng/core/dist/elementary.hpp"
#include "gpurng/core/dist/inverse_normal_coefficients.hpp"

namespace gpurng::core::dist {

namespace inverse_normal_detail {

namespace c = inverse_normal_coefficients;

// P on the tail segments, w >= 5, as polynomials in x = t - (segment start), t = sqrt(w). P grows
// like 1.42 t, so rounding t would cost P up to 0.7 ulp: x carries t's rounding error back in,
// t_lo = (w - t^2) / (2t) (the residual is exact with an fma). t - start is exact (Sterbenz).
template <class T>
GPURNG_HD inline T tail(T w) {
  const T t = ieee::sqrt(w);
  const T t_lo = ieee::div(ieee::fma(-t, t, w), ieee::add(t, t));
  auto x = [&](T start) { return ieee::add(ieee::sub(t, start), t_lo); };
  if constexpr (sizeof(T) == sizeof(float)) {
    if (t < c::kTailStart1F) return c::tail0(x(c::kTailStart0F));
    if (t < c::kTailStart2F) return c::tail1(x(c::kTailStart1F));
    if (t < c::kTailStart3F) return c::tail2(x(c::kTailStart2F));
    return c::tail3(x(c::kTailStart3F));
  } else {
    if (t < c::kTailStart1D) return c::tail0(x(c::kTailStart0D));
    if (t < c::kTailStart2D) return c::tail1(x(c::kTailStart1D));
    if (t < c::kTailStart3D) return c::tail2(x(c::kTailStart2D));
    if (t < c::kTailStart4D) return c::tail3(x(c::kTailStart3D));
    if (t < c::kTailStart5D) return c::tail4(x(c::kTailStart4D));
    return c::tail5(x(c::kTailStart5D));
  }
}

// w = -log(v) for v = 4u(1-u) in (0, 1]. double: elementary::log. float: the same reduction,
// v = 2^k m, f = m - 1, then log v = k ln2_hi + (k ln2_lo + (f + f^2 q(f))) in three fmas, with q of
// degree 7 (w_log1p_q) where elementary::log has degree 9 and five operations after it: the
// result's relative error moves by (P'/P) dw <= 0.26 |dw|, so w needs absolute accuracy only, and
// the shorter q's 1.9e-8 costs at most about 0.1 ulp. Nearly every float normal of the library
// pays this, so the four operations saved are about a tenth of the inverse CDF.
template <class T>
GPURNG_HD GPURNG_FORCEINLINE T minus_log(T v) {
  if constexpr (sizeof(T) == sizeof(float)) {
    const elementary::LogReduction<float> red = elementary::reduce_for_log(v);
    const float f = red.f;
    const float s = ieee::fma(ieee::mul(f, f), c::w_log1p_q(f), f);
    const float lo = ieee::fma(red.k, elementary_coefficients::ln2_lo_f, s);
    return -ieee::fma(red.k, elementary_coefficients::ln2_hi_f, lo);
  } else {
    return -elementary::log(v);
  }
}

}  // namespace inverse_normal_detail

template <class T>
GPURNG_HD GPURNG_FORCEINLINE T inverse_normal_cdf(T u) {
  namespace c = inverse_normal_coefficients;
  // 4u(1-u): 4u is exact, 1-u is exact wherever it matters (u >= 2^-k with k the precision), and
  // the product is the same for u and 1-u (multiplication commutes).
  const T v = ieee::mul(ieee::mul(T(4), u), ieee::sub(T(1), u));
  const T w = inverse_normal_detail::minus_log(v);
  T p;
  if (w < T(c::kCentralWMax)) {
    p = c::central(w);
  } else {
    p = inverse_normal_detail::tail(w);
  }
  // x p = (2u - 1) p = 2u p - p with one rounding (2u is exact): no error from forming x.
  const T two_u = ieee::add(u, u);
  return ieee::fma(two_u, p, -p);
}

}  // namespace gpurng::core::dist
