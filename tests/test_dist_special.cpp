// Accuracy of the special functions of core/dist/special_functions.hpp (log1p, expm1, floor_exact,
// stirlerr, bd0, the Poisson and binomial log-pmfs) against long double <cmath>. The measured figures
// are quoted in docs/ENGINES.md, "Distributions"; the bounds sit a little above them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "gpurng/core/dist/special_functions.hpp"

namespace sp = gpurng::core::dist::special;

namespace {

double ulp_error(double got, long double exact) {
  const double r = static_cast<double>(exact);
  double ulp = std::nextafter(std::fabs(r), std::numeric_limits<double>::infinity()) - std::fabs(r);
  if (ulp == 0 || !std::isfinite(ulp)) ulp = std::numeric_limits<double>::denorm_min();
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / ulp);
}

// Arguments spread over many binades: +-m 2^-e, m in [0.5, 1), e in [0, 60).
double spread(std::mt19937_64& g, double max_exponent) {
  const double m = 0.5 + static_cast<double>(g() >> 11) * 0x1p-54;
  const int e = static_cast<int>(g() % static_cast<std::uint64_t>(max_exponent));
  return std::ldexp(m, -e) * ((g() & 1) ? 1.0 : -1.0);
}

}  // namespace

TEST(DistSpecial, FloorIsExact) {
  const double cases[] = {0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 2.999999999, -2.0000001, 0x1p52 - 0.5,
                          -0x1p52 + 0.5, 0x1p53, -0x1p60, 1e300, -1e-300, 12345678.9};
  for (double x : cases) EXPECT_EQ(sp::floor_exact(x), std::floor(x)) << x;
  EXPECT_TRUE(std::isinf(sp::floor_exact(INFINITY)));
  EXPECT_TRUE(std::isnan(sp::floor_exact(NAN)));
}

TEST(DistSpecial, Log1pAndExpm1Accuracy) {
  std::mt19937_64 g(7);
  double worst_log1p = 0, worst_expm1 = 0;
  for (int i = 0; i < 200000; ++i) {
    double x = spread(g, 60);
    if (i % 4 == 0) x = std::ldexp(static_cast<double>(g() >> 11) * 0x1p-53, static_cast<int>(g() % 20));  // up to 2^19
    if (x > -1.0) worst_log1p = std::max(worst_log1p, ulp_error(sp::log1p(x), std::log1p(static_cast<long double>(x))));
    const double y = i % 3 == 0 ? spread(g, 60) : (static_cast<double>(g() >> 11) * 0x1p-53 - 0.5) * 1400.0;
    worst_expm1 = std::max(worst_expm1, ulp_error(sp::expm1(y), std::expm1(static_cast<long double>(y))));
  }
  std::printf("log1p max error %.3f ulp, expm1 max error %.3f ulp\n", worst_log1p, worst_expm1);
  EXPECT_LE(worst_log1p, 2.5);
  EXPECT_LE(worst_expm1, 3.0);
  EXPECT_EQ(sp::log1p(0.0), 0.0);
  EXPECT_EQ(sp::expm1(0.0), 0.0);
  EXPECT_EQ(sp::log1p(1e-300), 1e-300);
  EXPECT_EQ(sp::expm1(-1e-300), -1e-300);
  EXPECT_EQ(sp::expm1(-800.0), -1.0);
  EXPECT_TRUE(std::isinf(sp::expm1(800.0)));
}

TEST(DistSpecial, StirlerrAndBd0) {
  // n <= 15 against lgammal (accurate there); above, against Stirling's series in long double with
  // eight terms (truncation below 1e-24 relative at n = 16), since lgammal(n) loses n log n * 1e-19.
  double worst = 0;
  const long double b[] = {1.0L / 12, -1.0L / 360, 1.0L / 1260, -1.0L / 1680, 1.0L / 1188, -691.0L / 360360, 1.0L / 156, -3617.0L / 122400};
  for (double n = 1; n < 3e9; n = n < 100 ? n + 1 : std::floor(n * 1.37)) {
    const long double nn = n;
    long double exact = 0;
    if (n <= 15) {
      exact = std::lgamma(nn + 1) - (nn + 0.5L) * std::log(nn) + nn - 0.5L * std::log(2 * 3.14159265358979323846264338327950288L);
    } else {
      long double pw = 1 / nn;
      for (long double c : b) {
        exact += c * pw;
        pw /= nn * nn;
      }
    }
    const double rel = static_cast<double>(std::fabs(sp::stirlerr(n) - exact) / exact);
    EXPECT_LT(rel, 3e-14) << "n = " << n;
    worst = std::max(worst, rel);
  }
  std::printf("stirlerr max relative error %.3g\n", worst);
  // bd0 against x log(x/m) + m - x in long double where that has no harmful cancellation, and
  // against its series (long double) near x = m.
  double worst_bd0 = 0;
  std::mt19937_64 g(11);
  for (int i = 0; i < 20000; ++i) {
    const double m = std::ldexp(1.0 + static_cast<double>(g() >> 11) * 0x1p-53, static_cast<int>(g() % 31));
    const double rel = (static_cast<double>(g() >> 11) * 0x1p-53 - 0.5) * (i % 2 ? 0.4 : 3.0);
    const double x = std::max(0.0, std::floor(m * (1 + rel)));
    const long double lx = x, lm = m;
    long double exact;
    if (std::fabs(lx - lm) < 0.1L * (lx + lm)) {
      const long double v = (lx - lm) / (lx + lm);
      long double s = (lx - lm) * v, ej = 2 * lx * v;
      for (int j = 1; j < 200; ++j) {
        ej *= v * v;
        s += ej / (2 * j + 1);
      }
      exact = s;
    } else {
      exact = x == 0 ? lm : lx * std::log(lx / lm) + lm - lx;
    }
    if (exact > 0) worst_bd0 = std::max(worst_bd0, static_cast<double>(std::fabs(sp::bd0(x, m) - exact) / exact));
  }
  std::printf("bd0 max relative error %.3g\n", worst_bd0);
  EXPECT_LT(worst_bd0, 1e-13);
}

TEST(DistSpecial, LogPmfs) {
  // Poisson: against long double lgamma where that is accurate enough (lambda <= 1e5 here), and
  // sums to 1 at lambda = 1e9 around the mean (Loader's form where the textbook one fails).
  for (double lambda : {1e-6, 0.5, 9.9, 30.0, 1e4, 1e5}) {
    for (double k = 0; k < lambda + 20 * std::sqrt(lambda) + 20; k += std::max(1.0, std::floor(std::sqrt(lambda) / 7))) {
      const long double exact = -static_cast<long double>(lambda) + k * std::log(static_cast<long double>(lambda)) - std::lgamma(static_cast<long double>(k) + 1);
      EXPECT_NEAR(sp::poisson_log_pmf(k, lambda), static_cast<double>(exact), 1e-13 * (1 + std::fabs(static_cast<double>(exact))))
          << "lambda " << lambda << " k " << k;
    }
  }
  long double total = 0;
  const double big = 1e9;
  for (double k = big - 400000; k <= big + 400000; k += 1) total += std::exp(static_cast<long double>(sp::poisson_log_pmf(k, big)));
  EXPECT_NEAR(static_cast<double>(total), 1.0, 1e-10) << "Poisson(1e9) pmf sums to 1";
  // Binomial: the pmf sums to 1 for large n, and matches lgamma at moderate n.
  for (double n : {20.0, 1000.0, 2147483647.0}) {
    for (double p : {0.01, 0.3, 0.5}) {
      const double q = 1 - p;
      const double mean = n * p, sd = std::sqrt(n * p * q);
      long double sum = 0;
      const double lo = std::max(0.0, std::floor(mean - 40 * sd - 10)), hi = std::min(n, std::ceil(mean + 40 * sd + 10));
      for (double k = lo; k <= hi; k += 1) {
        const double lp = sp::binomial_log_pmf(k, n, p, q);
        sum += std::exp(static_cast<long double>(lp));
        if (n <= 1000) {
          const long double ln = n, lk = k, lpp = p;
          const long double exact = std::lgamma(ln + 1) - std::lgamma(lk + 1) - std::lgamma(ln - lk + 1) + lk * std::log(lpp) + (ln - lk) * std::log1p(-lpp);
          EXPECT_NEAR(lp, static_cast<double>(exact), 1e-12 * (1 + std::fabs(static_cast<double>(exact)))) << n << " " << p << " " << k;
        }
      }
      EXPECT_NEAR(static_cast<double>(sum), 1.0, 1e-10) << "binomial(" << n << ", " << p << ") sums to 1";
    }
  }
}
