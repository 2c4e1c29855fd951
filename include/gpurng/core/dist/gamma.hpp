// Gamma(alpha, theta) (shape alpha, scale theta: mean alpha theta) and chi-square(k) = gamma(k/2, 2).
//
// Method: Marsaglia and Tsang, "A simple method for generating gamma variables" (ACM TOMS 26, 2000),
// for shape a >= 1: d = a - 1/3, c = 1/sqrt(9d); repeat: x normal, t = 1 + c x, if t > 0: v = t^3,
// accept d v if u < 1 - 0.0331 x^4 or log u < x^2/2 + d (1 - v + log v). Acceptance at least 0.95
// (a = 1), tending to 1, so about 1.05 attempts of (one normal, one uniform).
// For alpha < 1 (Marsaglia and Tsang's section 6): G(alpha) = G(alpha + 1) U^(1/alpha).
//
// Draws, in order of use: each attempt's normal is Phi^-1 of a keyed centered() draw
// (inverse_normal.hpp, double); the acceptance uniform of the first attempt that reaches the test
// is the value's first uniform (its own raw output), later ones keyed uniform() draws; for alpha < 1
// one more keyed uniform() for U. All arithmetic is in double; a float value is the double value
// rounded once, so the float and double sequences agree to rounding.
//
// Small shapes: for alpha = 1e-3 about half the values are below 1e-308 and 0.92 below the smallest
// normal float; they come out as subnormals or 0, as the exact values rounded do (the exponent
// log(U)/alpha is computed first, then one exp).
#pragma once

#include "gpurng/core/dist/inverse_normal.hpp"
#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/dist/keyed_row.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::core::dist {

struct GammaShape {
  double alpha;  // the shape asked for
  double d, c;   // Marsaglia-Tsang for shape a = alpha (alpha >= 1) or alpha + 1 (alpha < 1)
  bool boost;    // alpha < 1
};

GPURNG_HD inline GammaShape gamma_shape_setup(double alpha) {
  GammaShape s{};
  s.alpha = alpha;
  s.boost = alpha < 1.0;
  const double a = s.boost ? ieee::add(alpha, 1.0) : alpha;
  s.d = ieee::sub(a, 1.0 / 3.0);
  s.c = ieee::div(1.0, ieee::sqrt(ieee::mul(9.0, s.d)));
  return s;
}

// The uniforms of one gamma variate: the value's first uniform once, then keyed draws.
struct GammaDraws {
  KeyedDraws& draws;
  bool first_used;
  GPURNG_HD double acceptance_uniform() {
    if (!first_used) {
      first_used = true;
      return draws.first();
    }
    return draws.uniform();
  }
};

// Marsaglia-Tsang: a Gamma(d + 1/3) variate d v (NaN if the attempt cap is reached).
GPURNG_HD inline double marsaglia_tsang(const GammaShape& s, GammaDraws& g) {
  for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
    const double x = inverse_normal_cdf(g.draws.centered());
    const double t = ieee::fma(s.c, x, 1.0);
    if (!(t > 0.0)) continue;
    const double v = ieee::mul(ieee::mul(t, t), t);
    const double u = g.acceptance_uniform();
    const double x2 = ieee::mul(x, x);
    if (u < ieee::fma(-0.0331, ieee::mul(x2, x2), 1.0)) return ieee::mul(s.d, v);
    const double bound =
        ieee::fma(0.5, x2, ieee::mul(s.d, ieee::add(ieee::sub(1.0, v), elementary::log(v))));
    if (elementary::log(u) < bound) return ieee::mul(s.d, v);
  }
  return ieee::div(0.0, 0.0);
}

// A Gamma(alpha, 1) variate (inline, for the whole-row samplers; out of line below).
GPURNG_HD GPURNG_FORCEINLINE double gamma_variate_body(const GammaShape& s, GammaDraws& g) {
  const double y = marsaglia_tsang(s, g);
  if (!s.boost) return y;
  return ieee::mul(y, elementary::exp(ieee::div(elementary::log(g.draws.uniform()), s.alpha)));
}
GPURNG_HD GPURNG_NOINLINE inline double gamma_variate(const GammaShape& s, GammaDraws& g) {
  return gamma_variate_body(s, g);
}

// log of a Gamma(alpha, 1) variate, finite where the variate itself would underflow (beta).
GPURNG_HD GPURNG_FORCEINLINE double log_gamma_variate_body(const GammaShape& s, GammaDraws& g) {
  const double ly = elementary::log(marsaglia_tsang(s, g));
  if (!s.boost) return ly;
  return ieee::add(ly, ieee::div(elementary::log(g.draws.uniform()), s.alpha));
}
GPURNG_HD GPURNG_NOINLINE inline double log_gamma_variate(const GammaShape& s, GammaDraws& g) {
  return log_gamma_variate_body(s, g);
}

// Gamma(alpha, 1) times a scale as a T, from value draws (keyed_row.hpp's sampler form): gamma with
// tag gamma and scale theta, chi-square with tag chi_square and scale 2.
template <class T, DrawTag Tag>
struct ScaledGammaSampler {
  using value_type = T;
  static constexpr DrawTag kTag = Tag;
  GammaShape shape;
  double scale;
  GPURNG_HD GPURNG_FORCEINLINE T value(KeyedDraws& draws) const {
    GammaDraws g{draws, false};
    return static_cast<T>(ieee::mul(gamma_variate_body(shape, g), scale));
  }
};

// gamma(alpha, theta): value 2k + j from raws (2k, 2k + 1), slot j, tag gamma.
// Construct with Gamma<E, T>{gamma_shape_setup(alpha), theta} after check_gamma.
template <class E, class T>
struct Gamma {
  using value_type = T;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;  // a large body (core::row_unroll)
  GammaShape shape;
  double theta;
  static constexpr bool kWholeRow = true;  // keyed_row.hpp
  GPURNG_HD GPURNG_FORCEINLINE void row(const typename E::raw_type* r, T* out, const double*) const {
    keyed_sampler_row<E>(ScaledGammaSampler<T, DrawTag::gamma>{shape, theta}, r, out);
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      KeyedDraws draws(r[0], r[1], uniform_of<E, double>(r[j]), DrawTag::gamma, j);
      GammaDraws g{draws, false};
      out[j] = static_cast<T>(ieee::mul(gamma_variate(shape, g), theta));
    }
  }
};

// chi-square(k), k > 0 degrees of freedom (not only integers): 2 gamma(k/2), tag chi_square.
// Construct with ChiSquare<E, T>{gamma_shape_setup(k / 2)} after check_chi_square.
template <class E, class T>
struct ChiSquare {
  using value_type = T;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;  // a large body (core::row_unroll)
  GammaShape shape;
  static constexpr bool kWholeRow = true;  // keyed_row.hpp
  GPURNG_HD GPURNG_FORCEINLINE void row(const typename E::raw_type* r, T* out, const double*) const {
    keyed_sampler_row<E>(ScaledGammaSampler<T, DrawTag::chi_square>{shape, 2.0}, r, out);
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      KeyedDraws draws(r[0], r[1], uniform_of<E, double>(r[j]), DrawTag::chi_square, j);
      GammaDraws g{draws, false};
      out[j] = static_cast<T>(ieee::mul(gamma_variate(shape, g), 2.0));
    }
  }
};

}  // namespace gpurng::core::dist
