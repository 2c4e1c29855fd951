// The normal(mean, stddev) distribution truncated to [lower, upper], lower < upper, either bound
// possibly infinite; exact, also far in a tail ([8, 9], [-inf, -30], [1e10, inf]).
//
// Method: Robert, "Simulation of truncated normal variables" (Statistics and Computing 5, 1995).
// With a = (lower - mean)/stddev < b = (upper - mean)/stddev, reflected (a, b) -> (-b, -a) when
// b <= 0 so that either a < 0 < b or 0 <= a:
//   a < 0 < b, b - a >= sqrt(2 pi): normal rejection: z = Phi^-1(keyed centered()) until a <= z <= b.
//   a < 0 < b, b - a <  sqrt(2 pi): uniform proposal z = a + (b - a) u, accept if v <= exp(-z^2/2).
//   0 <= a, b - a < w(a):           uniform proposal, accept if v <= exp((a^2 - z^2)/2).
//   0 <= a, otherwise:              exponential proposal z = a - log(u)/s, s = (a + sqrt(a^2 + 4))/2
//                                   (Robert's optimal rate), accept if z <= b and
//                                   v <= exp(-(z - s)^2/2).
// w(a) = exp(1/2 - a/(2s)) / s is where the two one-sided proposals accept equally often (Robert's
// rule, rewritten without a^2 so that huge a does not overflow). Acceptance is at least 0.49
// (normal rejection on [0, sqrt(2 pi)]) and at least 0.63 on one side, so at most 2.03 attempts
// on average (checked numerically over a in [0, 20]); far tails accept nearly always ([8, 9]: 0.992).
//
// Draws: in the uniform and exponential branches attempt 1's u is the value's first uniform and its
// v keyed draw 0, attempt a > 1 keyed draws 2a - 3, 2a - 2; normal rejection uses one keyed
// centered() per attempt (slot j, tag truncated_normal). The value is fma(stddev, z, mean) clamped
// to [lower, upper] (rounding could step outside). Double arithmetic; a float value is the double
// value rounded once (inside [lower, upper] when the bounds are floats).
#pragma once

#include "gpurng/core/dist/inverse_normal.hpp"
#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/dist/keyed_row.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::core::dist {

inline constexpr double kSqrt2Pi = 2.5066282746310007;

struct TruncatedNormalParams {
  enum Method : int { normal = 0, uniform_central = 1, uniform_tail = 2, exponential_tail = 3 };
  int method;
  bool flip;              // sampled on (-b, -a), then negated
  double mean, stddev, lower, upper;
  double a, b;            // standardized, after the reflection
  double rate;            // exponential_tail: s
};

GPURNG_HD inline TruncatedNormalParams truncated_normal_setup(double mean, double stddev, double lower, double upper) {
  TruncatedNormalParams p{};
  p.mean = mean;
  p.stddev = stddev;
  p.lower = lower;
  p.upper = upper;
  double a = ieee::div(ieee::sub(lower, mean), stddev);
  double b = ieee::div(ieee::sub(upper, mean), stddev);
  p.flip = b <= 0.0;
  if (p.flip) {
    const double t = a;
    a = -b;
    b = -t;
  }
  p.a = a;
  p.b = b;
  if (a < 0.0) {
    p.method = ieee::sub(b, a) >= kSqrt2Pi ? TruncatedNormalParams::normal : TruncatedNormalParams::uniform_central;
    return p;
  }
  // s = (a + sqrt(a^2 + 4)) / 2, and a + 1/a (relative error below 1e-32) where a^2 would overflow.
  p.rate = a > 1e8 ? ieee::add(a, ieee::div(1.0, a))
                   : ieee::mul(0.5, ieee::add(a, ieee::sqrt(ieee::fma(a, a, 4.0))));
  const double w = ieee::div(elementary::exp(ieee::sub(0.5, ieee::div(a, ieee::add(p.rate, p.rate)))), p.rate);
  p.method = ieee::sub(b, a) < w ? TruncatedNormalParams::uniform_tail : TruncatedNormalParams::exponential_tail;
  return p;
}

// One attempt of the proposal branches on (u, v): true with *z_out the value if it is accepted.
GPURNG_HD inline bool truncated_normal_attempt(const TruncatedNormalParams& p, double u, double v, double* z_out) {
  double z, log_accept;
  if (p.method == TruncatedNormalParams::exponential_tail) {
    z = ieee::sub(p.a, ieee::div(elementary::log(u), p.rate));
    if (!(z <= p.b)) return false;
    const double dz = ieee::sub(z, p.rate);
    log_accept = ieee::mul(-0.5, ieee::mul(dz, dz));
  } else {
    z = ieee::fma(ieee::sub(p.b, p.a), u, p.a);
    if (z > p.b) z = p.b;
    if (p.method == TruncatedNormalParams::uniform_central) {
      log_accept = ieee::mul(-0.5, ieee::mul(z, z));
    } else {  // (a^2 - z^2)/2 = (a - z)(a + z)/2, no cancellation
      log_accept = ieee::mul(0.5, ieee::mul(ieee::sub(p.a, z), ieee::add(p.a, z)));
    }
  }
  *z_out = z;
  return v <= elementary::exp(log_accept);
}

// A standardized variate z in [a, b] (before the reflection); NaN if the attempt cap is reached.
GPURNG_HD inline double truncated_standard_normal(const TruncatedNormalParams& p, KeyedDraws& draws) {
  if (p.method == TruncatedNormalParams::normal) {
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      const double z = inverse_normal_cdf(draws.centered());
      if (z >= p.a && z <= p.b) return z;
    }
    return ieee::div(0.0, 0.0);
  }
  double u = draws.first();
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    if (attempt > 0) u = draws.uniform();
    double z;
    if (truncated_normal_attempt(p, u, draws.uniform(), &z)) return z;
  }
  return ieee::div(0.0, 0.0);
}

// z of truncated_standard_normal where its first attempt is accepted (false where it is not).
GPURNG_HD GPURNG_FORCEINLINE bool truncated_standard_normal_first(const TruncatedNormalParams& p, KeyedDraws& draws,
                                                                  double* z) {
  if (p.method == TruncatedNormalParams::normal) {
    *z = inverse_normal_cdf(draws.centered());
    return *z >= p.a && *z <= p.b;
  }
  const double u = draws.first();
  return truncated_normal_attempt(p, u, draws.uniform(), z);
}

// The value from the standardized z: reflected, scaled and clamped.
GPURNG_HD GPURNG_FORCEINLINE double truncated_normal_finish(const TruncatedNormalParams& p, double z) {
  if (p.flip) z = -z;
  double x = ieee::fma(p.stddev, z, p.mean);
  if (x < p.lower) x = p.lower;
  if (x > p.upper) x = p.upper;
  return x;  // NaN stays NaN (comparisons with it are false)
}

GPURNG_HD GPURNG_FORCEINLINE double truncated_normal_variate_body(const TruncatedNormalParams& p, KeyedDraws& draws) {
  return truncated_normal_finish(p, truncated_standard_normal(p, draws));
}
GPURNG_HD GPURNG_NOINLINE inline double truncated_normal_variate(const TruncatedNormalParams& p, KeyedDraws& draws) {
  return truncated_normal_variate_body(p, draws);
}

// keyed_row.hpp's sampler form.
template <class T>
struct TruncatedNormalSampler {
  using value_type = T;
  static constexpr DrawTag kTag = DrawTag::truncated_normal;
  TruncatedNormalParams params;
  GPURNG_HD GPURNG_FORCEINLINE T value(KeyedDraws& draws) const {
    return static_cast<T>(truncated_normal_variate_body(params, draws));
  }
  // value() where its first attempt is accepted (keyed_row.hpp: squeeze_first_values; half to
  // nearly all of the values, by the method).
  GPURNG_HD GPURNG_FORCEINLINE bool first_squeeze(KeyedDraws& draws, T* out) const {
    double z;
    if (!truncated_standard_normal_first(params, draws, &z)) return false;
    *out = static_cast<T>(truncated_normal_finish(params, z));
    return true;
  }
};

// truncated normal: value 2k + j from raws (2k, 2k + 1), slot j. Construct with
// TruncatedNormal<E, T>{truncated_normal_setup(mean, stddev, lower, upper)} after
// check_truncated_normal.
template <class E, class T>
struct TruncatedNormal {
  using value_type = T;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;  // a large body (core::row_unroll)
  TruncatedNormalParams params;
  static constexpr bool kWholeRow = true;  // keyed_row.hpp
  GPURNG_HD GPURNG_FORCEINLINE void row(const typename E::raw_type* r, T* out, const double*) const {
    keyed_squeeze_first_row<E>(TruncatedNormalSampler<T>{params}, r, out);
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      KeyedDraws draws(r[0], r[1], uniform_of<E, double>(r[j]), DrawTag::truncated_normal, j);
      out[j] = static_cast<T>(truncated_normal_variate(params, draws));
    }
  }
};

}  // namespace gpurng::core::dist
