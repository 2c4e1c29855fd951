// Accuracy and special values of the portable log/exp/sincos (core/dist/elementary.hpp), measured
// against long double <cmath>. The bounds in ulps are the figures quoted in docs/ENGINES.md.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "gpurng/core/dist/elementary.hpp"

namespace el = gpurng::core::elementary;

namespace {

constexpr long double kTwoPi = 6.283185307179586476925286766559005768L;

// Error of got against the exact value in units of the last place of the exact value's type-T
// neighbourhood (ulp of the correctly rounded result).
template <class T>
double ulp_error(T got, long double exact) {
  const T r = static_cast<T>(exact);
  T ulp = std::nextafter(std::fabs(r), std::numeric_limits<T>::infinity()) - std::fabs(r);
  if (ulp == 0 || !std::isfinite(ulp)) ulp = std::numeric_limits<T>::denorm_min();
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / ulp);
}

// Uniforms as the engines produce them: 1 - k * 2^-bits and small powers of two, spread over
// (0, 1] on a log scale.
template <class T>
T random_unit(std::mt19937_64& g) {
  const long double m = static_cast<long double>((g() >> 11) | 1) * 0x1p-53L;
  const int e = static_cast<int>(g() % 40);
  return static_cast<T>(std::ldexp(m, -e));
}

template <class T>
void check_accuracy(double log_bound, double exp_bound, double sincos_bound) {
  std::mt19937_64 g(99);
  double worst_log = 0, worst_exp = 0, worst_sc = 0;
  for (int i = 0; i < 400000; ++i) {
    const T u = random_unit<T>(g);
    if (!(u > 0)) continue;
    worst_log = std::max(worst_log, ulp_error<T>(el::log(u), std::log(static_cast<long double>(u))));
    const T x = static_cast<T>((static_cast<long double>(g() >> 11) * 0x1p-53L - 0.5L) * (sizeof(T) == 4 ? 170 : 1400));
    worst_exp = std::max(worst_exp, ulp_error<T>(el::exp(x), std::exp(static_cast<long double>(x))));
    T s, c;
    el::sincos_2pi(u, &s, &c);
    const long double a = kTwoPi * static_cast<long double>(u);
    // Absolute error in ulps of 1: the turn-based reduction keeps this small everywhere.
    const long double ulp1 = std::numeric_limits<T>::epsilon();
    worst_sc = std::max(worst_sc, static_cast<double>(std::fabs(s - std::sin(a)) / ulp1));
    worst_sc = std::max(worst_sc, static_cast<double>(std::fabs(c - std::cos(a)) / ulp1));
  }
  EXPECT_LE(worst_log, log_bound) << "log";
  EXPECT_LE(worst_exp, exp_bound) << "exp";
  EXPECT_LE(worst_sc, sincos_bound) << "sincos_2pi";
  std::printf("%s: max error log %.3f ulp, exp %.3f ulp, sincos_2pi %.3f ulp(1)\n", sizeof(T) == 4 ? "float" : "double",
              worst_log, worst_exp, worst_sc);
}

}  // namespace

TEST(Elementary, FloatAccuracy) { check_accuracy<float>(1.0, 1.5, 1.0); }
TEST(Elementary, DoubleAccuracy) { check_accuracy<double>(1.0, 1.5, 1.0); }

TEST(Elementary, SpecialValues) {
  EXPECT_EQ(el::log(1.0f), 0.0f);
  EXPECT_EQ(el::log(1.0), 0.0);
  EXPECT_EQ(el::log(0.5), -0.6931471805599453);
  EXPECT_EQ(el::exp(0.0f), 1.0f);
  EXPECT_EQ(el::exp(0.0), 1.0);
  EXPECT_TRUE(std::isinf(el::exp(100.0f)));
  EXPECT_TRUE(std::isinf(el::exp(1000.0)));
  EXPECT_EQ(el::exp(-200.0f), 0.0f);
  EXPECT_EQ(el::exp(-800.0), 0.0);
  EXPECT_TRUE(std::isnan(el::exp(std::nan(""))));
  EXPECT_GT(el::exp(-745.0), 0.0);  // subnormal results are produced, not flushed
  float s, c;
  el::sincos_2pi(0.0f, &s, &c);
  EXPECT_EQ(s, 0.0f);
  EXPECT_EQ(c, 1.0f);
  el::sincos_2pi(0.25f, &s, &c);
  EXPECT_EQ(s, 1.0f);
  EXPECT_EQ(c, 0.0f);
  el::sincos_2pi(0.5f, &s, &c);
  EXPECT_EQ(s, 0.0f);
  EXPECT_EQ(c, -1.0f);
  el::sincos_2pi(1.0f, &s, &c);
  EXPECT_EQ(s, 0.0f);
  EXPECT_EQ(c, 1.0f);
}

// Both scaling paths of exp (exponent-field addition for |x| <= kExpFast, two multiplications
// beyond, down into subnormal results) against long double.
TEST(Elementary, ExpNearTheOverflowAndUnderflowEdges) {
  double worst = 0;
  for (float x = -103.9f; x < 88.7f; x += 0.0137f) {
    if (std::fabs(x) < 80.0f) continue;
    worst = std::max(worst, ulp_error<float>(el::exp(x), std::exp(static_cast<long double>(x))));
  }
  for (double x = -744.0; x < 709.7; x += 0.0731) {
    if (std::fabs(x) < 700.0) continue;
    worst = std::max(worst, ulp_error<double>(el::exp(x), std::exp(static_cast<long double>(x))));
  }
  EXPECT_LE(worst, 1.0);
}
