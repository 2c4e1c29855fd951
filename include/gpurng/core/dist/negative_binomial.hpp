// Negative binomial(r, p): the number of failures before the r-th success in trials that succeed
// with probability p; r > 0 real (Polya), p in (0, 1]. P(X = k) = Gamma(k + r)/(k! Gamma(r)) p^r
// (1 - p)^k, mean r (1 - p)/p.
//
// Method: the gamma-Poisson mixture (Devroye 1986, X.4.7; NumPy's method): lambda = gamma(r, (1 -
// p)/p) (gamma.hpp), X = Poisson(lambda) (poisson.hpp, inversion below 10, PTRS above). Draws, in
// order of use, slot j, tag negative_binomial: the gamma variate's (its first acceptance uniform is
// the value's first uniform), then the Poisson variate's first uniform as keyed uniform(), then
// PTRS's other keyed draws. Cost: one gamma variate plus one Poisson variate.
//
// Value type: uint64. The range is unbounded (p -> 0), so 32 bits would not do; check_negative_binomial
// asks (1 - p)/p max(r, 1) <= 2^45, which keeps lambda below 2^52 (where every integer is a double and
// PTRS is exact) except with probability below e^-100; lambda is capped at 2^52 there.
#pragma once

#include "gpurng/core/dist/gamma.hpp"
#include "gpurng/core/dist/poisson.hpp"

namespace gpurng::core::dist {

inline constexpr double kNegativeBinomialLambdaCap = 0x1p52;

struct NegativeBinomialParams {
  GammaShape shape;  // r
  double theta;      // (1 - p)/p; 0 when p = 1
};

GPURNG_HD inline NegativeBinomialParams negative_binomial_setup(double r, double p) {
  return NegativeBinomialParams{gamma_shape_setup(r), ieee::div(ieee::sub(1.0, p), p)};
}

GPURNG_HD GPURNG_FORCEINLINE double negative_binomial_variate_body(const NegativeBinomialParams& nb, GammaDraws& g) {
  if (!(nb.theta > 0.0)) return 0.0;
  double lambda = ieee::mul(gamma_variate_body(nb.shape, g), nb.theta);
  if (lambda != lambda) return lambda;
  if (lambda > kNegativeBinomialLambdaCap) lambda = kNegativeBinomialLambdaCap;
  const PoissonParams pp = poisson_setup(lambda);
  return poisson_variate(pp, g.draws.uniform(), g.draws);
}
GPURNG_HD GPURNG_NOINLINE inline double negative_binomial_variate(const NegativeBinomialParams& nb, GammaDraws& g) {
  return negative_binomial_variate_body(nb, g);
}

// keyed_row.hpp's sampler form.
struct NegativeBinomialSampler {
  using value_type = std::uint64_t;
  static constexpr DrawTag kTag = DrawTag::negative_binomial;
  NegativeBinomialParams params;
  GPURNG_HD GPURNG_FORCEINLINE value_type value(KeyedDraws& draws) const {
    GammaDraws g{draws, false};
    const double k = negative_binomial_variate_body(params, g);
    return k == k ? static_cast<std::uint64_t>(k) : ~std::uint64_t{0};
  }
};

// negative binomial(r, p) as uint64: value 2k + j from raws (2k, 2k + 1), slot j. Construct with
// NegativeBinomial<E>{negative_binomial_setup(r, p)} after check_negative_binomial.
// 2^64 - 1 only if an attempt cap is hit (invalid parameters).
template <class E>
struct NegativeBinomial {
  using value_type = std::uint64_t;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;  // a large body (core::row_unroll)
  NegativeBinomialParams params;
  static constexpr bool kWholeRow = true;  // keyed_row.hpp
  GPURNG_HD GPURNG_FORCEINLINE void row(const typename E::raw_type* r, value_type* out, const double*) const {
    keyed_sampler_row<E>(NegativeBinomialSampler{params}, r, out);
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, value_type* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      KeyedDraws draws(r[0], r[1], uniform_of<E, double>(r[j]), DrawTag::negative_binomial, j);
      GammaDraws g{draws, false};
      const double k = negative_binomial_variate(params, g);
      out[j] = k == k ? static_cast<std::uint64_t>(k) : ~std::uint64_t{0};
    }
  }
};

}  // namespace gpurng::core::dist
