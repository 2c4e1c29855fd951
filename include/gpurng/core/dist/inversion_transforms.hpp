// Continuous distributions by inversion of one uniform: Cauchy, Weibull, Laplace, logistic, Gumbel,
// Rayleigh, in float and double. Arity 1: value i = F^-1(u_i), u_i = the uniform of raw output i.
//
// Domain of u. The two-sided ones (Cauchy, Laplace, logistic) and Gumbel are infinite at u = 1, so
// they need u strictly inside (0, 1): wire them over CenteredUniforms<E> (inverse_cdf_transforms.hpp),
// as the inverse-CDF normal is, for engines whose uniforms may be 1. Weibull and Rayleigh are 0 at
// u = 1 and accept (0, 1]; using CenteredUniforms<E> for all six keeps one rule. The tails then
// reach the quantiles of the extreme uniforms (2^-24 in float, 2^-53 or 2^-33 in double).
//
// Every operation is an ieee_ops / elementary one (no libm, no contraction), so CPU == GPU bit for
// bit. Accuracy (tests/test_dist_continuous.cpp, against long double, quoted in docs/ENGINES.md,
// "Distributions"): a few ulp except where the quantile function itself amplifies the error of u's
// neighbourhood (Weibull's power: relative error about (1 + |log(-log u)| / k) ulp).
#pragma once

#include "gpurng/core/dist/log1p.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::core::dist {

namespace inversion_detail {

// finite and > 0 (false for NaN and infinities; x - x is NaN exactly for those).
template <class T>
GPURNG_HD GPURNG_FORCEINLINE bool finite(T x) {
  return ieee::sub(x, x) == T(0);
}
template <class T>
GPURNG_HD GPURNG_FORCEINLINE bool positive_finite(T x) {
  return x > T(0) && finite(x);
}

// -log(u) as +0 at u = 1 (a plain negation would give -0 there).
template <class T>
GPURNG_HD GPURNG_FORCEINLINE T neg_log(T u) {
  return ieee::sub(T(0), elementary::log(u));
}

}  // namespace inversion_detail

// Cauchy(x0, gamma): x0 + gamma tan(pi (u - 1/2)) = x0 - gamma cos(pi u) / sin(pi u), with
// sin/cos(pi u) = sincos_2pi(u / 2) (u / 2 exact; the turn-based reduction is exact, so the ratio is
// accurate to a few ulp relative even in the tails). Needs u in (0, 1).
template <class E, class T>
struct Cauchy {
  using value_type = T;
  static constexpr int arity = 1;
  T x0;
  T gamma;
  GPURNG_HD static const char* check(T x0_, T gamma_) {
    if (!inversion_detail::finite(x0_)) return "cauchy: location x0 must be finite";
    if (!inversion_detail::positive_finite(gamma_)) return "cauchy: scale gamma must be > 0 and finite";
    return nullptr;
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    const T u = uniform_of<E, T>(r[0]);
    T s, c;
    elementary::sincos_2pi(ieee::mul(u, T(0.5)), &s, &c);
    out[0] = ieee::fma(gamma, ieee::div(-c, s), x0);
  }
};

// Weibull(shape k, scale lambda): lambda (-log u)^(1/k) = lambda exp(log(-log u) / k); 0 at u = 1.
// Values that exceed the type's range (tiny k) are +inf.
template <class E, class T>
struct Weibull {
  using value_type = T;
  static constexpr int arity = 1;
  T k;
  T lambda;
  GPURNG_HD static const char* check(T k_, T lambda_) {
    if (!inversion_detail::positive_finite(k_)) return "weibull: shape k must be > 0 and finite";
    if (!inversion_detail::positive_finite(lambda_)) return "weibull: scale lambda must be > 0 and finite";
    return nullptr;
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    const T e = inversion_detail::neg_log(uniform_of<E, T>(r[0]));
    // e is 0 (u = 1) or at least about 2^-53 (a normal number), so log(e) is defined when taken.
    out[0] = e > T(0) ? ieee::mul(lambda, elementary::exp(ieee::div(elementary::log(e), k))) : T(0);
  }
};

// Laplace(mu, b): u < 1/2: mu + b log(2u); u >= 1/2: mu - b log(2 (1 - u)). 2u and 1 - u (u >= 1/2,
// Sterbenz) are exact, so the only roundings are log's and the final fma. Needs u in (0, 1).
template <class E, class T>
struct Laplace {
  using value_type = T;
  static constexpr int arity = 1;
  T mu;
  T b;
  GPURNG_HD static const char* check(T mu_, T b_) {
    if (!inversion_detail::finite(mu_)) return "laplace: location mu must be finite";
    if (!inversion_detail::positive_finite(b_)) return "laplace: scale b must be > 0 and finite";
    return nullptr;
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    const T u = uniform_of<E, T>(r[0]);
    const bool lower = u < T(0.5);
    const T a = lower ? ieee::mul(T(2), u) : ieee::mul(T(2), ieee::sub(T(1), u));
    const T l = elementary::log(a);
    out[0] = ieee::fma(b, lower ? l : -l, mu);
  }
};

// logistic(mu, s): mu + s log(u / (1 - u)). Near u = 1/2 the ratio is near 1 and its rounding would
// swamp the small result, so for u >= 1/4 it is log1p((2u - 1) / (1 - u)), with 2u - 1 and 1 - u
// exact (Sterbenz); below 1/4 the result is at least log 3 in size and the ratio form is accurate.
// Needs u in (0, 1).
template <class E, class T>
struct Logistic {
  using value_type = T;
  static constexpr int arity = 1;
  T mu;
  T s;
  GPURNG_HD static const char* check(T mu_, T s_) {
    if (!inversion_detail::finite(mu_)) return "logistic: location mu must be finite";
    if (!inversion_detail::positive_finite(s_)) return "logistic: scale s must be > 0 and finite";
    return nullptr;
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    const T u = uniform_of<E, T>(r[0]);
    const T v = ieee::sub(T(1), u);
    const T l = u < T(0.25) ? elementary::log(ieee::div(u, v))
                            : elementary::log1p(ieee::div(ieee::sub(ieee::mul(T(2), u), T(1)), v));
    out[0] = ieee::fma(s, l, mu);
  }
};

// Gumbel (maximum) (mu, beta): mu - beta log(-log u), F(x) = exp(-exp(-(x - mu) / beta)).
// -log u is accurate relative for u near 1 (log reduces u - 1 exactly). Needs u in (0, 1).
template <class E, class T>
struct Gumbel {
  using value_type = T;
  static constexpr int arity = 1;
  T mu;
  T beta;
  GPURNG_HD static const char* check(T mu_, T beta_) {
    if (!inversion_detail::finite(mu_)) return "gumbel: location mu must be finite";
    if (!inversion_detail::positive_finite(beta_)) return "gumbel: scale beta must be > 0 and finite";
    return nullptr;
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    const T e = inversion_detail::neg_log(uniform_of<E, T>(r[0]));
    out[0] = ieee::fma(-beta, elementary::log(e), mu);
  }
};

// Rayleigh(sigma): sigma sqrt(-2 log u); 0 at u = 1.
template <class E, class T>
struct Rayleigh {
  using value_type = T;
  static constexpr int arity = 1;
  T sigma;
  GPURNG_HD static const char* check(T sigma_) {
    return inversion_detail::positive_finite(sigma_) ? nullptr : "rayleigh: scale sigma must be > 0 and finite";
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    const T e = inversion_detail::neg_log(uniform_of<E, T>(r[0]));
    out[0] = ieee::mul(sigma, ieee::sqrt(ieee::mul(T(2), e)));
  }
};

}  // namespace gpurng::core::dist
