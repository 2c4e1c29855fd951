// Beta(a, b), a > 0, b > 0: X = G_a / (G_a + G_b) with G_a, G_b independent gamma(a, 1), gamma(b, 1)
// variates (gamma.hpp; e.g. Devroye, "Non-Uniform Random Variate Generation", 1986, section IX.4.1),
// formed from their logarithms so that shapes far below 1 (where G_a and G_b underflow) still give
// the right ratio: with l_a = log G_a, l_b = log G_b,
//   X = 1 / (1 + exp(l_b - l_a))            if l_a >= l_b,
//   X = e / (1 + e), e = exp(l_a - l_b)     otherwise,
// each a quotient of a value in [0, 1] and one in [1, 2]: no overflow, X in [0, 1].
//
// Draws: G_a first (its first acceptance uniform is the value's first uniform), then G_b, all from
// the keyed draws of slot j with tag beta, in order of use. Cost: two gamma variates (about 2.1
// Marsaglia-Tsang attempts, plus one uniform per shape below 1). Arithmetic in double; a float
// value is the double value rounded once.
#pragma once

#include "gpurng/core/dist/gamma.hpp"

namespace gpurng::core::dist {

struct BetaParams {
  GammaShape a, b;
};

GPURNG_HD inline BetaParams beta_setup(double a, double b) { return BetaParams{gamma_shape_setup(a), gamma_shape_setup(b)}; }

GPURNG_HD GPURNG_FORCEINLINE double beta_variate_body(const BetaParams& p, GammaDraws& g) {
  const double la = log_gamma_variate_body(p.a, g);
  const double lb = log_gamma_variate_body(p.b, g);
  if (la >= lb) return ieee::div(1.0, ieee::add(1.0, elementary::exp(ieee::sub(lb, la))));
  const double e = elementary::exp(ieee::sub(la, lb));
  return ieee::div(e, ieee::add(1.0, e));  // NaN stays NaN (the attempt cap)
}
GPURNG_HD GPURNG_NOINLINE inline double beta_variate(const BetaParams& p, GammaDraws& g) { return beta_variate_body(p, g); }

// keyed_row.hpp's sampler form.
template <class T>
struct BetaSampler {
  using value_type = T;
  static constexpr DrawTag kTag = DrawTag::beta;
  BetaParams params;
  GPURNG_HD GPURNG_FORCEINLINE T value(KeyedDraws& draws) const {
    GammaDraws g{draws, false};
    return static_cast<T>(beta_variate_body(params, g));
  }
};

// beta(a, b): value 2k + j from raws (2k, 2k + 1), slot j. Construct with
// Beta<E, T>{beta_setup(a, b)} after check_beta.
template <class E, class T>
struct Beta {
  using value_type = T;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;  // a large body (core::row_unroll)
  BetaParams params;
  static constexpr bool kWholeRow = true;  // keyed_row.hpp
  GPURNG_HD GPURNG_FORCEINLINE void row(const typename E::raw_type* r, T* out, const double*) const {
    keyed_sampler_row<E>(BetaSampler<T>{params}, r, out);
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      KeyedDraws draws(r[0], r[1], uniform_of<E, double>(r[j]), DrawTag::beta, j);
      GammaDraws g{draws, false};
      out[j] = static_cast<T>(beta_variate(params, g));
    }
  }
};

}  // namespace gpurng::core::dist
