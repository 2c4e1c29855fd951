// Poisson(lambda), lambda in [0, 2^31] (the sampler itself works in double up to 2^52; the uint32
// transform's range is checked by parameter_checks.hpp).
//
//   lambda = 0:       0.
//   0 < lambda < 10:  inversion by sequential search on the value's first uniform u (its own raw
//                     output): the smallest k with u <= P(X <= k), P(X = 0) = exp(-lambda) and
//                     P(X = k) = P(X = k - 1) lambda / k. No keyed draw; expected lambda + 1 steps.
//   lambda >= 10:     PTRS, Hormann's transformed rejection with squeeze ("The transformed rejection
//                     method for generating Poisson random variables", Insurance: Mathematics and
//                     Economics 12, 1993), the method NumPy uses for lambda >= 10. Each attempt takes
//                     a pair (U, V): attempt 1 U from the first uniform, V from keyed draw 0; attempt
//                     a > 1 from keyed draws 2a - 3, 2a - 2. Acceptance 0.75 at lambda = 10, 0.82 at
//                     30, 0.89 from 1e4 up (measured: tests/test_dist_poisson.cpp), so 1.33 to 1.12
//                     attempts on average. The final test compares with log P(X = k) computed by Loader's
//                     method (special_functions.hpp), accurate even at lambda = 1e9.
//
// Resolution: the inversion branch decides from one uniform, so a value's probability is exact to
// the uniform's resolution (2^-32 for 32-bit engines, 2^-53 for 64-bit ones): for lambda = 1e-6 with
// a 32-bit engine P(X >= 2) = 5e-13 is below it and 2 does not occur.
#pragma once

#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/dist/special_functions.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::core::dist {

struct PoissonParams {
  enum Method : int { zero = 0, inversion = 1, ptrs = 2 };
  int method;
  double lambda;
  double exp_minus_lambda;  // inversion: P(X = 0)
  // PTRS constants (Hormann 1993, algorithm PTRS)
  double b, a, log_inv_alpha, vr;
  double k_offset;  // 0.43, the proposal's shift (a member so the tests can break it)
};

// Below this lambda: inversion; at and above it: PTRS.
inline constexpr double kPoissonInversionMax = 10.0;

GPURNG_HD inline PoissonParams poisson_setup(double lambda) {
  PoissonParams p{};
  p.lambda = lambda;
  if (!(lambda > 0.0)) {
    p.method = PoissonParams::zero;
  } else if (lambda < kPoissonInversionMax) {
    p.method = PoissonParams::inversion;
    p.exp_minus_lambda = elementary::exp(-lambda);
  } else {
    p.method = PoissonParams::ptrs;
    const double slam = ieee::sqrt(lambda);
    p.b = ieee::fma(2.53, slam, 0.931);
    p.a = ieee::fma(0.02483, p.b, -0.059);
    const double inv_alpha = ieee::add(1.1239, ieee::div(1.1328, ieee::sub(p.b, 3.4)));
    p.log_inv_alpha = elementary::log(inv_alpha);
    p.vr = ieee::sub(0.9277, ieee::div(3.6224, ieee::sub(p.b, 2.0)));
    p.k_offset = 0.43;
  }
  return p;
}

// Inversion from u in (0, 1]: the smallest k with u <= P(X <= k). The search also stops where the
// sum no longer changes (u above the rounded total, possible only within rounding of 1).
GPURNG_HD inline double poisson_inversion(const PoissonParams& p, double u) {
  double k = 0.0;
  double pk = p.exp_minus_lambda;
  double cdf = pk;
  while (u > cdf && k < 1000.0) {
    k = ieee::add(k, 1.0);
    pk = ieee::div(ieee::mul(pk, p.lambda), k);
    const double next = ieee::add(cdf, pk);
    if (next == cdf) break;
    cdf = next;
  }
  return k;
}

// One PTRS attempt on (u, v): the accepted k, or -1 to reject.
GPURNG_HD inline double poisson_ptrs_attempt(const PoissonParams& p, double u, double v) {
  const double uu = ieee::sub(u, 0.5);
  const double us = ieee::sub(0.5, uu < 0 ? -uu : uu);
  if (!(us > 0.0)) return -1.0;  // u = 1 (the hat's pole), or NaN
  const double k = special::floor_exact(
      ieee::add(ieee::fma(ieee::add(ieee::div(ieee::add(p.a, p.a), us), p.b), uu, p.lambda), p.k_offset));
  if (us >= 0.07 && v <= p.vr) return k;  // squeeze: inside the hat's easy region
  if (k < 0.0 || (us < 0.013 && v > us)) return -1.0;
  const double lhs = ieee::sub(ieee::add(elementary::log(v), p.log_inv_alpha),
                               elementary::log(ieee::add(ieee::div(p.a, ieee::mul(us, us)), p.b)));
  return lhs <= special::poisson_log_pmf(k, p.lambda) ? k : -1.0;
}

// A Poisson variate (an integer as a double) from the first uniform u (inversion, or U of PTRS's
// first attempt) and the keyed draws. NaN if the attempt cap is reached (invalid parameters only).
GPURNG_HD GPURNG_NOINLINE inline double poisson_variate(const PoissonParams& p, double u, KeyedDraws& draws) {
  if (p.method == PoissonParams::zero) return 0.0;
  if (p.method == PoissonParams::inversion) return poisson_inversion(p, u);
  double k = poisson_ptrs_attempt(p, u, draws.uniform());
  for (int attempt = 1; k < 0.0 && attempt < kMaxAttempts; ++attempt) {
    const double uu = draws.uniform();
    k = poisson_ptrs_attempt(p, uu, draws.uniform());
  }
  return k < 0.0 ? ieee::div(0.0, 0.0) : k;
}

// Poisson(lambda) as uint32, lambda in [0, 2^31]: value 2k + j from raws (2k, 2k + 1), slot j.
// Construct with Poisson<E>{poisson_setup(lambda)} (check the parameter with check_poisson first).
// 0xffffffff only if the attempt cap is hit (invalid parameters).
template <class E>
struct Poisson {
  using value_type = std::uint32_t;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;  // a large body (core::row_unroll)
  PoissonParams params;
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, value_type* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      KeyedDraws draws(r[0], r[1], uniform_of<E, double>(r[j]), DrawTag::poisson, j);
      const double k = poisson_variate(params, draws.first(), draws);
      out[j] = k == k ? static_cast<std::uint32_t>(k) : 0xffffffffu;
    }
  }
};

}  // namespace gpurng::core::dist
