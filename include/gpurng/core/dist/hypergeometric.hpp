// Hypergeometric(ngood, nbad, nsample): the number of good items among nsample drawn without
// replacement from ngood good and nbad bad ones (NumPy's parameters, in its order); integers with
// ngood + nbad <= 2^32 - 1 and nsample <= ngood + nbad, so every count and value is a uint32 and
// every integer in the arithmetic is exact in double.
//
// Symmetries first, so that one sampler covers the whole range: with N = ngood + nbad,
//   drawing nsample > N/2 leaves N - nsample behind: X = ngood - (goods left behind);
//   the rarer kind is counted: with ngood > nbad, X' = m - (bad items drawn).
// What is sampled is Y ~ hypergeometric(g, b, m) with g = min(ngood, nbad), b = N - g,
// m = min(nsample, N - nsample): g, m <= N/2 <= b, so Y runs over 0 .. min(g, m).
//
//   g = 0 or m = 0:  Y = 0.
//   mean m g / N < 10:
//                    inversion by sequential search on the value's first uniform u, from 0:
//                    P(Y = 0) from the log pmf, P(Y = k + 1) = P(Y = k) (g - k)(m - k) /
//                    ((k + 1)(b - m + k + 1)). No keyed draw; expected mean + 1 steps.
//   mean >= 10:      Stadlober's ratio of uniforms with his table-mountain hat (HRUA, "The ratio of
//                    uniforms approach for generating discrete random variates", J. Comput. Appl.
//                    Math. 31, 1990; NumPy's method): X = a + s (V - 1/2)/U with a = mean + 1/2,
//                    s = 2 sqrt(2/e) sqrt(var + 1/2) + 3 - 2 sqrt(3/e); k = floor(X) is accepted when
//                    U^2 <= P(Y = k)/P(Y = M), M the mode, after two squeezes of 2 log U. Each attempt
//                    takes (U, V): attempt 1 U from the first uniform, V from keyed draw 0; attempt
//                    a > 1 keyed draws 2a - 3, 2a - 2 (as binomial's BTRS). The ratio's log is by
//                    Loader's binomial terms (special::hypergeometric_log_kernel), accurate at N near
//                    2^32. Unlike NumPy, nothing is cut beyond 16 standard deviations (the method
//                    stays exact) and the variance is the exact one for nsample > N/2 too.
//                    Acceptance 1/(2 s P(Y = M)): 0.52 at (20, 20, 20) (mean 10), 0.70 at
//                    (1000, 1000, 1000), 0.73 for large variances (tests/test_dist_hypergeometric.cpp).
//
// Resolution of the inversion branch as for Poisson (poisson.hpp): the first uniform's.
#pragma once

#include <cstdint>

#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/dist/keyed_row.hpp"
#include "gpurng/core/dist/special_functions.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::core::dist {

struct HypergeometricParams {
  enum Method : int { constant = 0, inversion = 1, hrua = 2 };
  int method;
  bool counts_left;  // nsample > N/2: Y counts in the N - nsample left behind, X = ngood - X'
  bool counts_bad;   // ngood > nbad: Y counts bad items, X' = m - Y
  double ngood;
  double g, b, m;     // the reduced problem: Y ~ hypergeometric(g, b, m)
  double upper;       // min(g, m): Y's largest value
  double constant_value;  // method constant: X
  double p0;              // inversion: P(Y = 0)
  double p, q;            // m / N, (N - m) / N: the binomial terms' probability
  double a, s, log_kernel_mode;  // HRUA: centre, width, the log kernel at the mode
};

inline constexpr double kHypergeometricInversionMax = 10.0;  // mean below this: inversion

// 2 sqrt(2/e) and 3 - 2 sqrt(3/e), Stadlober's constants of the hat's width (40-digit mpmath values,
// rounded): the smallest s for which the table mountain covers the normal limit, plus the margin
// that keeps it covering for small variances.
inline constexpr double kHruaD1 = 0x1.b72cd3f331398p+0;   // 1.7155277699214135
inline constexpr double kHruaD2 = 0x1.cc3ebd3bc711ap-1;   // 0.8989161620588988

// Checked parameters (check_hypergeometric): ngood + nbad <= 2^32 - 1, nsample <= ngood + nbad.
GPURNG_HD inline HypergeometricParams hypergeometric_setup(std::uint32_t ngood, std::uint32_t nbad,
                                                           std::uint32_t nsample) {
  HypergeometricParams hp{};
  const std::uint64_t total = std::uint64_t{ngood} + nbad;
  const std::uint64_t m = nsample <= total - nsample ? nsample : total - nsample;
  const std::uint64_t g = ngood <= nbad ? ngood : nbad;
  hp.counts_left = nsample != m;
  hp.counts_bad = ngood > nbad;
  hp.ngood = static_cast<double>(ngood);
  hp.g = static_cast<double>(g);
  hp.b = static_cast<double>(total - g);
  hp.m = static_cast<double>(m);
  hp.upper = g < m ? hp.g : hp.m;
  if (g == 0 || m == 0) {
    hp.method = HypergeometricParams::constant;
    const double x = hp.counts_bad ? hp.m : 0.0;
    hp.constant_value = hp.counts_left ? ieee::sub(hp.ngood, x) : x;
    return hp;
  }
  const double n = static_cast<double>(total);
  hp.p = ieee::div(hp.m, n);
  hp.q = ieee::div(ieee::sub(n, hp.m), n);
  const double mean = ieee::div(ieee::mul(hp.m, hp.g), n);
  if (mean < kHypergeometricInversionMax) {
    hp.method = HypergeometricParams::inversion;
    hp.p0 = elementary::exp(special::hypergeometric_log_pmf(0.0, hp.g, hp.b, hp.m));
    return hp;
  }
  hp.method = HypergeometricParams::hrua;
  // var = m (g/N) (b/N) (N - m)/(N - 1)
  const double var = ieee::mul(ieee::mul(mean, ieee::div(hp.b, n)), ieee::div(ieee::sub(n, hp.m), ieee::sub(n, 1.0)));
  hp.a = ieee::add(mean, 0.5);
  hp.s = ieee::fma(kHruaD1, ieee::sqrt(ieee::add(var, 0.5)), kHruaD2);
  // The mode floor((m + 1)(g + 1)/(N + 2)) in integers: the product is below 2^62, where a double
  // quotient could round across an integer and name a neighbour of the mode.
  const double mode = static_cast<double>(((m + 1) * (g + 1)) / (total + 2));
  hp.log_kernel_mode = special::hypergeometric_log_kernel(mode, hp.g, hp.b, hp.m, hp.p, hp.q);
  return hp;
}

GPURNG_HD inline double hypergeometric_inversion(const HypergeometricParams& hp, double u) {
  const double b_minus_m = ieee::sub(hp.b, hp.m);
  double k = 0.0;
  double pk = hp.p0;
  double cdf = pk;
  while (u > cdf && k < hp.upper && k < 1000.0) {
    const double ratio_num = ieee::mul(ieee::sub(hp.g, k), ieee::sub(hp.m, k));
    k = ieee::add(k, 1.0);
    pk = ieee::div(ieee::mul(pk, ratio_num), ieee::mul(k, ieee::add(b_minus_m, k)));
    const double next = ieee::add(cdf, pk);
    if (next == cdf) break;
    cdf = next;
  }
  return k;
}

// One HRUA attempt on (u, v): the accepted k, or -1 to reject.
GPURNG_HD inline double hypergeometric_hrua_attempt(const HypergeometricParams& hp, double u, double v) {
  const double x = ieee::fma(hp.s, ieee::div(ieee::sub(v, 0.5), u), hp.a);
  if (!(x >= 0.0 && x < ieee::add(hp.upper, 1.0))) return -1.0;
  const double k = special::floor_exact(x);
  const double t = ieee::sub(special::hypergeometric_log_kernel(k, hp.g, hp.b, hp.m, hp.p, hp.q), hp.log_kernel_mode);
  // For u in (0, 1]: u (4 - u) - 3 >= 2 log u >= u - 1/u, so the first accepts and the second
  // rejects without the log.
  if (ieee::sub(ieee::mul(u, ieee::sub(4.0, u)), 3.0) <= t) return k;
  if (ieee::mul(u, ieee::sub(u, t)) >= 1.0) return -1.0;
  return ieee::mul(2.0, elementary::log(u)) <= t ? k : -1.0;
}

// A hypergeometric variate (an integer as a double); NaN if the attempt cap is reached.
GPURNG_HD GPURNG_FORCEINLINE double hypergeometric_variate_body(const HypergeometricParams& hp, double u,
                                                                 KeyedDraws& draws) {
  if (hp.method == HypergeometricParams::constant) return hp.constant_value;
  double y;
  if (hp.method == HypergeometricParams::inversion) {
    y = hypergeometric_inversion(hp, u);
  } else {
    y = hypergeometric_hrua_attempt(hp, u, draws.uniform());
    for (int attempt = 1; y < 0.0 && attempt < kMaxAttempts; ++attempt) {
      const double uu = draws.uniform();
      y = hypergeometric_hrua_attempt(hp, uu, draws.uniform());
    }
    if (y < 0.0) return ieee::div(0.0, 0.0);
  }
  if (hp.counts_bad) y = ieee::sub(hp.m, y);
  return hp.counts_left ? ieee::sub(hp.ngood, y) : y;
}
GPURNG_HD GPURNG_NOINLINE inline double hypergeometric_variate(const HypergeometricParams& hp, double u,
                                                               KeyedDraws& draws) {
  return hypergeometric_variate_body(hp, u, draws);
}

// keyed_row.hpp's sampler form.
struct HypergeometricSampler {
  using value_type = std::uint32_t;
  static constexpr DrawTag kTag = DrawTag::hypergeometric;
  HypergeometricParams params;
  GPURNG_HD GPURNG_FORCEINLINE value_type value(KeyedDraws& draws) const {
    const double k = hypergeometric_variate_body(params, draws.first(), draws);
    return k == k ? static_cast<std::uint32_t>(k) : 0xffffffffu;
  }
};

// hypergeometric(ngood, nbad, nsample) as uint32: value 2k + j from raws (2k, 2k + 1), slot j.
// Construct with Hypergeometric<E>{hypergeometric_setup(ngood, nbad, nsample)} after
// check_hypergeometric.
template <class E>
struct Hypergeometric {
  using value_type = std::uint32_t;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;  // a large body (core::row_unroll)
  HypergeometricParams params;
  static constexpr bool kWholeRow = true;  // keyed_row.hpp
  GPURNG_HD GPURNG_FORCEINLINE void row(const typename E::raw_type* r, value_type* out, const double*) const {
    keyed_sampler_row<E>(HypergeometricSampler{params}, r, out);
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, value_type* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      KeyedDraws draws(r[0], r[1], uniform_of<E, double>(r[j]), DrawTag::hypergeometric, j);
      const double k = hypergeometric_variate(params, draws.first(), draws);
      out[j] = k == k ? static_cast<std::uint32_t>(k) : 0xffffffffu;
    }
  }
};

}  // namespace gpurng::core::dist
