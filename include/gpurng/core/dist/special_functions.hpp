// Special functions the rejection samplers need, in double, giving the same bits on the CPU and the
// GPU (ieee_ops.hpp and elementary.hpp only; no libm, no vendor intrinsics):
//
//   floor_exact(x)        floor, exact for every double
//   log1p(x), expm1(x)    by Kahan's correction of log(1 + x) and exp(x) - 1 (Goldberg, "What every
//                         computer scientist should know about floating-point arithmetic", 1991,
//                         Theorem 4; Kahan's expm1 companion): relative error a few ulps
//   stirlerr(n)           log(n!) - log(sqrt(2 pi n) (n/e)^n), n >= 1 an integer
//   bd0(x, m)             x log(x/m) + m - x, without cancellation near x = m
//   poisson_log_pmf(k, lambda), binomial_log_pmf(k, n, p, q)
//   hypergeometric_log_pmf(k, g, b, m) and its k-dependent part (as R's dhyper: binomial terms)
//
// stirlerr, bd0 and the two log-pmfs are Loader's ("Fast and accurate computation of binomial
// probabilities", 2000): the log of a probability with a relative error near machine precision
// even where k, n and lambda are 1e9 (the textbook -lambda + k log lambda - lgamma(k + 1) loses
// about 1e-6 there, subtracting numbers of size 2e10).
//
// Accuracy is measured against long double <cmath> and 40-digit mpmath values in
// tests/test_dist_special.cpp.
#pragma once

#include <cstdint>

#include "gpurng/core/dist/elementary.hpp"
#include "gpurng/core/dist/log1p.hpp"
#include "gpurng/core/dist/polynomial.hpp"

namespace gpurng::core::dist::special {

inline constexpr double kLog2Pi = 0x1.d67f1c864beb5p+0;  // log(2 pi)

// floor(x), exact (floor is a property of the value, so any exact method gives the same bits).
// |x| >= 2^52, infinities and NaN are returned as they are (every such double is an integer).
GPURNG_HD GPURNG_FORCEINLINE double floor_exact(double x) {
  if (!(x > -0x1p52 && x < 0x1p52)) return x;
  const double t = static_cast<double>(static_cast<std::int64_t>(x));  // truncation toward 0
  return t > x ? ieee::sub(t, 1.0) : t;
}

// log(1 + x): the one portable log1p of the core (log1p.hpp).
using elementary::log1p;

// exp(x) - 1 for any finite x: u = exp(x); (u - 1) * x / log(u) (Kahan) where u is not 1, -1 where
// u - 1 rounds to it, +inf where exp overflows.
GPURNG_HD GPURNG_FORCEINLINE double expm1(double x) {
  if (x > 700.0) return elementary::exp(x);
  const double u = elementary::exp(x);
  if (u == 1.0) return x;
  const double um1 = ieee::sub(u, 1.0);
  if (um1 == -1.0) return -1.0;
  return ieee::div(ieee::mul(um1, x), elementary::log(u));
}

// stirlerr(n) = log(n!) - log(sqrt(2 pi n) (n / e)^n) for integers n >= 1: a table to 15 (40-digit
// mpmath values, correctly rounded), above it Stirling's series 1/(12n) - 1/(360n^3) + ... with
// enough terms (6 at n = 16, 2 above 1e5) that the first omitted one is below 3e-16 relative.
GPURNG_COEFFICIENT_TABLE(double, kStirlerrTable) = {
    0.0,                      // 0 (unused: n >= 1)
    0x1.4c071bcda0a5bp-4,     // 1
    0x1.52a9b923ea649p-5,     // 2
    0x1.c579a268d80b3p-6,     // 3
    0x1.54a2662fd78a9p-6,     // 4
    0x1.10b4e513fcbedp-6,     // 5
    0x1.c6b167bebdf36p-7,     // 6
    0x1.85d4d612e4a86p-7,     // 7
    0x1.552805e7b3076p-7,     // 8
    0x1.2f4871b12ab64p-7,     // 9
    0x1.10f9d4c0743a7p-7,     // 10
    0x1.f0593088014f8p-8,     // 11
    0x1.c7018733aa9c6p-8,     // 12
    0x1.a40514700f36cp-8,     // 13
    0x1.86076c002d4a7p-8,     // 14
    0x1.6c08f6f194a10p-8,     // 15
};

GPURNG_HD GPURNG_FORCEINLINE double stirlerr(double n) {
  // Coefficients B_2k / (2k (2k - 1)) in absolute value, signs alternating from +.
  constexpr double s0 = 1.0 / 12.0, s1 = 1.0 / 360.0, s2 = 1.0 / 1260.0, s3 = 1.0 / 1680.0, s4 = 1.0 / 1188.0,
                   s5 = 691.0 / 360360.0;
  if (n <= 15.0) return kStirlerrTable[static_cast<int>(n)];
  const double nn = ieee::mul(n, n);
  // Horner in 1/n^2 from the highest term used: t = s_i - t / nn (t = 0 before it, and s - 0 = s
  // exactly); no array, so nothing goes to local memory on the GPU.
  const int terms = n > 1e5 ? 2 : n > 500.0 ? 3 : n > 80.0 ? 4 : n > 35.0 ? 5 : 6;
  double t = 0.0;
  if (terms >= 6) t = ieee::sub(s5, ieee::div(t, nn));
  if (terms >= 5) t = ieee::sub(s4, ieee::div(t, nn));
  if (terms >= 4) t = ieee::sub(s3, ieee::div(t, nn));
  if (terms >= 3) t = ieee::sub(s2, ieee::div(t, nn));
  t = ieee::sub(s1, ieee::div(t, nn));
  t = ieee::sub(s0, ieee::div(t, nn));
  return ieee::div(t, n);
}

// bd0(x, m) = x log(x / m) + m - x >= 0 for x >= 0, m > 0 (the deviance term of Loader's method).
// Near x = m it is a sum of a series in v = (x - m)/(x + m), |v| < 0.1, each term v^2 times the last,
// so the loop ends in at most 16 terms; elsewhere the direct formula has no harmful cancellation.
GPURNG_HD inline double bd0(double x, double m) {
  if (x == 0.0) return m;
  const double diff = ieee::sub(x, m);
  const double sum = ieee::add(x, m);
  if (ieee::mul(diff < 0 ? -diff : diff, 10.0) < sum) {
    const double v = ieee::div(diff, sum);
    double s = ieee::mul(diff, v);
    double ej = ieee::mul(ieee::add(x, x), v);
    const double v2 = ieee::mul(v, v);
    for (int j = 1; j < 64; ++j) {
      ej = ieee::mul(ej, v2);
      const double s1 = ieee::add(s, ieee::div(ej, static_cast<double>(2 * j + 1)));
      if (s1 == s) return s1;
      s = s1;
    }
    return s;
  }
  return ieee::add(ieee::mul(x, elementary::log(ieee::div(x, m))), ieee::sub(m, x));
}

// log P(X = k) for X ~ Poisson(lambda), lambda > 0, k >= 0 an integer (as a double):
// -stirlerr(k) - bd0(k, lambda) - log(2 pi k) / 2, and -lambda at k = 0.
GPURNG_HD inline double poisson_log_pmf(double k, double lambda) {
  if (k == 0.0) return -lambda;
  const double half_log = ieee::mul(0.5, ieee::add(kLog2Pi, elementary::log(k)));
  return -ieee::add(ieee::add(stirlerr(k), bd0(k, lambda)), half_log);
}

// log P(X = k) for X ~ binomial(n, p), q = 1 - p, 0 < p < 1, integers 0 <= k <= n (as doubles):
// stirlerr(n) - stirlerr(k) - stirlerr(n - k) - bd0(k, np) - bd0(n - k, nq)
//   - log(2 pi k (n - k) / n) / 2, and Loader's forms at k = 0 and k = n.
GPURNG_HD inline double binomial_log_pmf(double k, double n, double p, double q) {
  if (k == 0.0) {
    return p < 0.1 ? -ieee::add(bd0(n, ieee::mul(n, q)), ieee::mul(n, p)) : ieee::mul(n, elementary::log(q));
  }
  if (k == n) {
    return q < 0.1 ? -ieee::add(bd0(n, ieee::mul(n, p)), ieee::mul(n, q)) : ieee::mul(n, elementary::log(p));
  }
  const double nk = ieee::sub(n, k);
  const double lc = ieee::sub(ieee::sub(ieee::sub(stirlerr(n), stirlerr(k)), stirlerr(nk)),
                              ieee::add(bd0(k, ieee::mul(n, p)), bd0(nk, ieee::mul(n, q))));
  // log(2 pi k (n - k) / n) = log(2 pi) + log(k) + log1p(-k / n)
  const double lf = ieee::add(ieee::add(kLog2Pi, elementary::log(k)), log1p(-ieee::div(k, n)));
  return ieee::sub(lc, ieee::mul(0.5, lf));
}

// The hypergeometric pmf through binomial ones: for X ~ hypergeometric(g good, b bad, m drawn) and any
// p in (0, 1), P(X = k) = B(k; g, p) B(m - k; b, p) / B(m; g + b, p), B the binomial pmf (the powers
// of p and of q cancel). With p = m / (g + b) each B is evaluated near its own mean, where Loader's
// form is accurate, so the log of P(X = k) keeps an absolute error of a few 1e-15 even at g, b near
// 2^31 (differences of log-factorials of size 4e10 would lose about 1e-5). This is how R's dhyper
// computes it.
//
// hypergeometric_log_kernel is log(B(k; g, p) B(m - k; b, p)): log P(X = k) up to a term that does
// not depend on k, all a rejection test needs. q = (g + b - m)/(g + b), computed as that quotient.
// Integers (as doubles) 0 <= k <= min(g, m), m - k <= b, 0 < m < g + b.
GPURNG_HD inline double hypergeometric_log_kernel(double k, double g, double b, double m, double p, double q) {
  return ieee::add(binomial_log_pmf(k, g, p, q), binomial_log_pmf(ieee::sub(m, k), b, p, q));
}

GPURNG_HD inline double hypergeometric_log_pmf(double k, double g, double b, double m) {
  const double total = ieee::add(g, b);
  const double p = ieee::div(m, total);
  const double q = ieee::div(ieee::sub(total, m), total);
  return ieee::sub(hypergeometric_log_kernel(k, g, b, m, p, q), binomial_log_pmf(m, total, p, q));
}

}  // namespace gpurng::core::dist::special
