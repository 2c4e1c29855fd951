// Student's t with nu > 0 degrees of freedom (not only integers), by Bailey's polar method
// ("Polar generation of random variates with the t-distribution", Math. Comp. 62, 1994): repeat
// U, V uniform on (-1, 1] until 0 < W = U^2 + V^2 <= 1; then
//   T = U sqrt(nu (W^(-2/nu) - 1) / W),   W^(-2/nu) - 1 = expm1(-2 log(W) / nu)
// (expm1 keeps large nu exact: nu -> infinity gives Marsaglia's polar normal). Exact; acceptance
// pi/4, so 4/pi = 1.27 attempts of two uniforms on average, one log, one exp, one sqrt per value.
//
// Draws: attempt 1 U = 2u - 1 from the value's first uniform u, V from keyed draw 0; attempt a > 1
// from keyed draws 2a - 3, 2a - 2 (slot j, tag student_t). Double arithmetic; a float value is the
// double value rounded once. Tiny nu gives infinite values where the exact value is beyond the
// largest double (nu = 0.01: P(|T| > 1e308) is about 8e-4); U = 0 gives 0.
#pragma once

#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/dist/keyed_row.hpp"
#include "gpurng/core/dist/special_functions.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::core::dist {

// T from the accepted point (u, w).
GPURNG_HD GPURNG_FORCEINLINE double student_t_from_point(double nu, double u, double w) {
  if (u == 0.0) return 0.0;
  const double em1 = special::expm1(ieee::div(ieee::mul(-2.0, elementary::log(w)), nu));
  return ieee::mul(u, ieee::sqrt(ieee::div(ieee::mul(nu, em1), w)));
}

// The loop only finds the accepted point (u, w); the log, expm1 and square root come after it, once,
// so that a warp whose lanes accept at different attempts (one value in five takes a second) meets
// again before them instead of running them once per attempt count.
GPURNG_HD GPURNG_FORCEINLINE double student_t_variate_body(double nu, KeyedDraws& draws) {
  double u = ieee::fma(2.0, draws.first(), -1.0);
  double w = 0.0;
  bool accepted = false;
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    if (attempt > 0) u = ieee::fma(2.0, draws.uniform(), -1.0);
    const double v = ieee::fma(2.0, draws.uniform(), -1.0);
    w = ieee::fma(u, u, ieee::mul(v, v));
    if (w > 0.0 && w <= 1.0) {
      accepted = true;
      break;
    }
  }
  if (!accepted) return ieee::div(0.0, 0.0);
  return student_t_from_point(nu, u, w);
}
GPURNG_HD GPURNG_NOINLINE inline double student_t_variate(double nu, KeyedDraws& draws) {
  return student_t_variate_body(nu, draws);
}

// keyed_row.hpp's sampler form.
template <class T>
struct StudentTSampler {
  using value_type = T;
  static constexpr DrawTag kTag = DrawTag::student_t;
  double nu;
  GPURNG_HD GPURNG_FORCEINLINE T value(KeyedDraws& draws) const {
    return static_cast<T>(student_t_variate_body(nu, draws));
  }
  // value() where its first attempt is accepted (keyed_row.hpp: squeeze_first_values; pi/4 of the values).
  GPURNG_HD GPURNG_FORCEINLINE bool first_squeeze(KeyedDraws& draws, T* out) const {
    const double u = ieee::fma(2.0, draws.first(), -1.0);
    const double v = ieee::fma(2.0, draws.uniform(), -1.0);
    const double w = ieee::fma(u, u, ieee::mul(v, v));
    if (!(w > 0.0 && w <= 1.0)) return false;
    *out = static_cast<T>(student_t_from_point(nu, u, w));
    return true;
  }
};

// Student t(nu): value 2k + j from raws (2k, 2k + 1), slot j. Construct with StudentT<E, T>{nu}
// after check_student_t.
template <class E, class T>
struct StudentT {
  using value_type = T;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;  // a large body (core::row_unroll)
  double nu;
  static constexpr bool kWholeRow = true;  // keyed_row.hpp
  GPURNG_HD GPURNG_FORCEINLINE void row(const typename E::raw_type* r, T* out, const double*) const {
    keyed_squeeze_first_row<E>(StudentTSampler<T>{nu}, r, out);
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      KeyedDraws draws(r[0], r[1], uniform_of<E, double>(r[j]), DrawTag::student_t, j);
      out[j] = static_cast<T>(student_t_variate(nu, draws));
    }
  }
};

}  // namespace gpurng::core::dist
