// Poisson's law for the anchored inversion (anchored_inversion.hpp): the definition of the Poisson
// transform's values for 10 <= lambda < kPoissonAnchoredMax (poisson.hpp). Anchors from a0 =
// max(0, floor(lambda - 4 sqrt(lambda))); the stride is 1 at lambda = 10, 3 at 100, 30 at 1e4 and 75
// below 2^16; the tails are below 4e-5 (lower) and 3e-7 (upper), so about 1 value in 3 10^4 takes the
// keyed draw. From 2^16 PTRS stays (the walk would cost more: an H100, one value walking per lane,
// 28 G values/s at a stride of 75, 15 at 149, PTRS 22).
#pragma once

#include "gpurng/core/dist/anchored_inversion.hpp"

namespace gpurng::core::dist {

// The anchored inversion's range of lambda: [kPoissonInversionMax (10), kPoissonAnchoredMax).
inline constexpr double kPoissonAnchoredMax = kAnchoredMaxVariance;

// P(X = k - 1) = P(X = k) k / lambda, P(X = k) = P(X = k - 1) lambda / k; the middle's walk multiplies
// by 1/lambda rounded instead of dividing.
struct PoissonLaw {
  static constexpr DrawTag kTag = DrawTag::poisson;
  double lambda;
  double inv_lambda;  // 1/lambda rounded
  GPURNG_HD double mean() const { return lambda; }
  GPURNG_HD double sd() const { return ieee::sqrt(lambda); }
  GPURNG_HD double log_pmf(double k) const { return special::poisson_log_pmf(k, lambda); }
  GPURNG_HD GPURNG_FORCEINLINE double up(double p, double k) const { return ieee::div(ieee::mul(p, lambda), k); }
  GPURNG_HD GPURNG_FORCEINLINE double down(double p, double k) const { return ieee::div(ieee::mul(p, k), lambda); }
  GPURNG_HD GPURNG_FORCEINLINE double middle_down(double p, double k) const {
    return ieee::mul(ieee::mul(p, k), inv_lambda);
  }
};

GPURNG_HD inline PoissonLaw poisson_law(double lambda) { return PoissonLaw{lambda, ieee::div(1.0, lambda)}; }

}  // namespace gpurng::core::dist
