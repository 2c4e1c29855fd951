// Gamma, chi-square, beta, Student t and the truncated normal (core/dist/gamma.hpp, beta.hpp,
// student_t.hpp, truncated_normal.hpp) against GSL's CDFs: Kolmogorov-Smirnov, chi-square of the
// probability integral transform in 1000 bins, and independence of the pair (value 2k, value 2k+1)
// (which share their keyed draws' key) on a 32 x 32 grid, at parameters covering every branch.
// Broken samplers are rejected; float values are the double values rounded; parameter checks.
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_gamma.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <functional>

#include "dist_b_support.hpp"
#include "gpurng/core/dist/beta.hpp"
#include "gpurng/core/dist/gamma.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"
#include "gpurng/core/dist/student_t.hpp"
#include "gpurng/core/dist/truncated_normal.hpp"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
namespace t = gpurng::test;
using Tr = core::philox::Traits4x32_10;

namespace {

constexpr std::size_t kN = std::size_t{1} << 18;

struct Fit {
  double ks, chi2, pairs;
  bool rejected() const { return ks < t::kDistAlpha || chi2 < t::kDistAlpha || pairs < t::kDistAlpha; }
};

template <class V>
Fit fit(const std::vector<V>& v, const std::function<double(double)>& cdf) {
  std::vector<double> x(v.begin(), v.end()), p(v.size());
  for (std::size_t i = 0; i < x.size(); ++i) p[i] = std::clamp(cdf(x[i]), 0.0, 1.0);
  return Fit{t::ks_test(x, cdf), t::chi2_uniform(p, 1000), t::chi2_pairs(p, 32)};
}

void expect_fits(const Fit& f, const std::string& what) {
  std::printf("%-40s KS p = %.4f, chi2 p = %.4f, pairs p = %.4f\n", what.c_str(), f.ks, f.chi2, f.pairs);
  EXPECT_GT(f.ks, t::kDistAlpha) << what;
  EXPECT_GT(f.chi2, t::kDistAlpha) << what;
  EXPECT_GT(f.pairs, t::kDistAlpha) << what;
}

template <template <class, class> class D, class P>
void expect_float_is_rounded_double(const P& params, const char* what) {
  const auto d = t::draw_values(D<Tr, double>{params}, 4096, 12);
  const auto f = t::draw_values(D<Tr, float>{params}, 4096, 12);
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (std::isnan(d[i])) continue;
    ASSERT_EQ(f[i], static_cast<float>(d[i])) << what << " value " << i;
  }
}

// Standard normal tail-aware CDF of the truncation to [a, b] (standardized).
double truncated_cdf(double z, double a, double b) {
  if (z <= a) return 0.0;
  if (z >= b) return 1.0;
  if (a >= 0) return (gsl_cdf_ugaussian_Q(a) - gsl_cdf_ugaussian_Q(z)) / (gsl_cdf_ugaussian_Q(a) - gsl_cdf_ugaussian_Q(b));
  return (gsl_cdf_ugaussian_P(z) - gsl_cdf_ugaussian_P(a)) / (gsl_cdf_ugaussian_P(b) - gsl_cdf_ugaussian_P(a));
}

}  // namespace

TEST(DistGamma, FitsAtEveryBranch) {
  for (double alpha : {0.5, 1.0, 3.0, 1e6}) {
    for (bool f32 : {false, true}) {
      const double theta = alpha == 3.0 ? 2.5 : 1.0;
      const dist::GammaShape s = dist::gamma_shape_setup(alpha);
      // GSL's incomplete gamma fails at alpha = 1e6; there Wilson-Hilferty's cube-root normal
      // approximation is accurate to O(1/alpha), far below what 2^18 values can see.
      const auto cdf = [&](double x) {
        if (alpha < 1e5) return gsl_cdf_gamma_P(x, alpha, theta);
        const double z = (std::cbrt(x / theta / alpha) - (1 - 1 / (9 * alpha))) / std::sqrt(1 / (9 * alpha));
        return gsl_cdf_ugaussian_P(z);
      };
      const std::string what = "gamma(" + std::to_string(alpha) + ", " + std::to_string(theta) + ")" + (f32 ? " float" : " double");
      if (f32) {
        expect_fits(fit(t::draw_values(dist::Gamma<Tr, float>{s, theta}, kN, 1), cdf), what);
      } else {
        expect_fits(fit(t::draw_values(dist::Gamma<Tr, double>{s, theta}, kN, 1), cdf), what);
      }
    }
  }
  expect_float_is_rounded_double<dist::Gamma>(dist::gamma_shape_setup(0.7), "gamma");
}

TEST(DistGamma, TinyShapeOnTheLogScale) {
  // alpha = 1e-3: about half the values are below 1e-308, so test log G (log_gamma_variate, what beta
  // and t use) against P(log G <= y) = P(alpha, e^y), with P(alpha, x) = x^alpha / Gamma(alpha + 1)
  // (1 + O(x)) where e^y underflows.
  for (double alpha : {1e-3, 0.5}) {
    const dist::GammaShape s = dist::gamma_shape_setup(alpha);
    auto st = Tr::start(core::philox::Scheme4x32<10>::stream(8, 0));
    std::vector<double> y(kN);
    for (std::size_t i = 0; i < kN; i += 2) {
      const std::uint32_t r[2] = {Tr::next(st), Tr::next(st)};
      for (unsigned j = 0; j < 2; ++j) {
        dist::KeyedDraws d(r[0], r[1], Tr::uniform_double(r[j]), dist::DrawTag::gamma, j);
        dist::GammaDraws g{d, false};
        y[i + j] = dist::log_gamma_variate(s, g);
      }
    }
    const auto cdf = [&](double v) {
      if (v < -700) return std::exp(alpha * v - gsl_sf_lngamma(alpha + 1));
      return gsl_cdf_gamma_P(std::exp(v), alpha, 1.0);
    };
    expect_fits(fit(y, cdf), "log gamma(" + std::to_string(alpha) + ")");
  }
  // The gamma(1e-3) values themselves: the share rounded to 0 is P(G < 2^-1075) in double and
  // P(G < 2^-150) in float (within 5 standard deviations), and the rest fit the CDF above 2^-1022.
  const dist::GammaShape s = dist::gamma_shape_setup(1e-3);
  const auto xd = t::draw_values(dist::Gamma<Tr, double>{s, 1.0}, kN, 2);
  const auto xf = t::draw_values(dist::Gamma<Tr, float>{s, 1.0}, kN, 2);
  const double zd = std::exp(1e-3 * -1075 * std::log(2.0) - gsl_sf_lngamma(1.001));
  const double zf = std::exp(1e-3 * -150 * std::log(2.0) - gsl_sf_lngamma(1.001));
  double nd = 0, nf = 0;
  for (double v : xd) nd += v == 0.0;
  for (float v : xf) nf += v == 0.0f;
  std::printf("gamma(1e-3): zeros %.4f (expected %.4f) in double, %.4f (expected %.4f) in float\n", nd / kN, zd, nf / kN, zf);
  EXPECT_NEAR(nd / kN, zd, 5 * std::sqrt(zd * (1 - zd) / kN));
  EXPECT_NEAR(nf / kN, zf, 5 * std::sqrt(zf * (1 - zf) / kN));
}

TEST(DistGamma, ChiSquare) {
  for (double k : {1.0, 2.5, 30.0}) {
    const auto x = t::draw_values(dist::ChiSquare<Tr, double>{dist::gamma_shape_setup(k / 2)}, kN, 3);
    expect_fits(fit(x, [&](double v) { return gsl_cdf_chisq_P(v, k); }), "chi-square(" + std::to_string(k) + ")");
  }
}

TEST(DistGamma, AttemptsPerValue) {
  for (double alpha : {1.0, 3.0, 1e6}) {
    const dist::GammaShape s = dist::gamma_shape_setup(alpha);
    auto st = Tr::start(core::philox::Scheme4x32<10>::stream(4, 0));
    double draws = 0;
    constexpr int kValues = 1 << 16;
    for (int i = 0; i < kValues; ++i) {
      const std::uint32_t r[2] = {Tr::next(st), Tr::next(st)};
      dist::KeyedDraws d(r[0], r[1], Tr::uniform_double(r[0]), dist::DrawTag::gamma, 0);
      dist::GammaDraws g{d, false};
      dist::gamma_variate(s, g);
      draws += d.used();
    }
    // keyed draws: one normal per attempt, one uniform per attempt after the first.
    const double attempts = (draws / kValues + 1) / 2;
    std::printf("gamma(%g): %.4f Marsaglia-Tsang attempts per value\n", alpha, attempts);
    EXPECT_LT(attempts, 1.06);
  }
}

TEST(DistBeta, Fits) {
  const double cases[][2] = {{0.5, 0.5}, {2, 5}, {0.05, 3}, {1, 1}, {1000, 2000}};
  for (const auto& c : cases) {
    const auto x = t::draw_values(dist::Beta<Tr, double>{dist::beta_setup(c[0], c[1])}, kN, 4);
    for (double v : x) ASSERT_TRUE(v >= 0 && v <= 1);
    expect_fits(fit(x, [&](double v) { return gsl_cdf_beta_P(v, c[0], c[1]); }),
                "beta(" + std::to_string(c[0]) + ", " + std::to_string(c[1]) + ")");
  }
  // Tiny shapes, where most values round to 0 or 1: P(X < 1/2) from GSL.
  for (const auto& c : {std::array<double, 2>{1e-3, 1e-3}, std::array<double, 2>{1e-3, 0.5}}) {
    const auto x = t::draw_values(dist::Beta<Tr, double>{dist::beta_setup(c[0], c[1])}, kN, 5);
    double below = 0;
    for (double v : x) below += v < 0.5;
    const double expect = gsl_cdf_beta_P(0.5, c[0], c[1]);
    std::printf("beta(%g, %g): P(X < 1/2) %.4f, expected %.4f\n", c[0], c[1], below / kN, expect);
    EXPECT_NEAR(below / kN, expect, 5 * std::sqrt(expect * (1 - expect) / kN) + 1e-9);
  }
  expect_float_is_rounded_double<dist::Beta>(dist::beta_setup(0.3, 2.0), "beta");
}

TEST(DistStudentT, Fits) {
  for (double nu : {0.5, 1.0, 3.7, 30.0, 1e6}) {
    const auto x = t::draw_values(dist::StudentT<Tr, double>{nu}, kN, 6);
    expect_fits(fit(x, [&](double v) { return gsl_cdf_tdist_P(v, nu); }), "student t(" + std::to_string(nu) + ")");
  }
  expect_float_is_rounded_double<dist::StudentT>(2.5, "t");
}

TEST(DistTruncatedNormal, FitsAtEveryBranchAndFarTails) {
  struct Case {
    double mean, sd, lo, hi;
    int method;
  };
  using P = dist::TruncatedNormalParams;
  const Case cases[] = {
      {0, 1, -1, 1, P::uniform_central},         {0, 1, -0.5, 3, P::normal},
      {0, 1, -INFINITY, INFINITY, P::normal},    {0, 1, 0, INFINITY, P::exponential_tail},
      {0, 1, 0.5, 1, P::uniform_tail},           {0, 1, 8, 9, P::exponential_tail},
      {0, 1, -INFINITY, -30, P::exponential_tail}, {0, 1, -30, -29.99, P::uniform_tail},
      {3, 2, 1, 10, P::normal},                  {-2, 0.5, 1, 2, P::exponential_tail},
      {0, 1, 1e5, INFINITY, P::exponential_tail},
  };
  for (const Case& c : cases) {
    const P p = dist::truncated_normal_setup(c.mean, c.sd, c.lo, c.hi);
    ASSERT_EQ(p.method, c.method) << c.lo << " " << c.hi;
    const auto x = t::draw_values(dist::TruncatedNormal<Tr, double>{p}, kN, 7);
    for (double v : x) ASSERT_TRUE(v >= c.lo && v <= c.hi) << v;
    const double a = (c.lo - c.mean) / c.sd, b = (c.hi - c.mean) / c.sd;
    char what[96];
    std::snprintf(what, sizeof what, "truncated normal(%g, %g) on [%g, %g]", c.mean, c.sd, c.lo, c.hi);
    if (c.lo == 1e5) {  // 1 - Q(z)/Q(a) = 1 - exp(-a (z - a) - (z - a)^2 / 2) to 1e-10 there
      expect_fits(fit(x, [&](double v) { return -std::expm1(-a * (v - a) - (v - a) * (v - a) / 2); }), what);
    } else {
      expect_fits(fit(x, [&](double v) { return truncated_cdf((v - c.mean) / c.sd, a, b); }), what);
    }
  }
  expect_float_is_rounded_double<dist::TruncatedNormal>(dist::truncated_normal_setup(0, 1, 8, 9), "truncated normal");
  // Beyond what a double resolves ([1e10, inf]: z - a is about 1e-10, the spacing of doubles 2e-6):
  // every value is a double in [1e10, 1e10 + 1e-4] (at most a few ulps up), never a loop without end.
  const auto far = t::draw_values(dist::TruncatedNormal<Tr, double>{dist::truncated_normal_setup(0, 1, 1e10, INFINITY)}, 4096, 9);
  for (double v : far) ASSERT_TRUE(v >= 1e10 && v <= 1e10 + 1e-4) << v;
}

TEST(DistContinuous, BrokenSamplersAreRejected) {
  constexpr std::size_t kBig = std::size_t{1} << 20;
  // Marsaglia-Tsang with d = alpha - 0.3 instead of alpha - 1/3 (a wrong constant).
  dist::GammaShape s = dist::gamma_shape_setup(3.0);
  s.d = 3.0 - 0.3;
  s.c = 1 / std::sqrt(9 * s.d);
  EXPECT_TRUE(fit(t::draw_values(dist::Gamma<Tr, double>{s, 1.0}, kBig, 1), [](double v) { return gsl_cdf_gamma_P(v, 3.0, 1.0); })
                  .rejected())
      << "gamma d = alpha - 0.3";
  // alpha < 1 without the U^(1/alpha) step.
  dist::GammaShape nb = dist::gamma_shape_setup(0.5);
  nb.boost = false;
  EXPECT_TRUE(fit(t::draw_values(dist::Gamma<Tr, double>{nb, 1.0}, kN, 1), [](double v) { return gsl_cdf_gamma_P(v, 0.5, 1.0); })
                  .rejected())
      << "gamma without boost";
  // Beta with its shapes swapped.
  const dist::BetaParams swapped = dist::beta_setup(5, 2);
  EXPECT_TRUE(fit(t::draw_values(dist::Beta<Tr, double>{swapped}, kN, 4), [](double v) { return gsl_cdf_beta_P(v, 2, 5); })
                  .rejected())
      << "beta(5, 2) for beta(2, 5)";
  // t with 5 % too many degrees of freedom.
  EXPECT_TRUE(fit(t::draw_values(dist::StudentT<Tr, double>{3.0 * 1.05}, kBig, 6), [](double v) { return gsl_cdf_tdist_P(v, 3.0); })
                  .rejected())
      << "t(3.15) for t(3)";
  // Truncated normal on [8, 9] whose lower bound is off by 0.01 (an off-by-a-little).
  dist::TruncatedNormalParams tn = dist::truncated_normal_setup(0, 1, 8, 9);
  tn.a = 8.01;
  EXPECT_TRUE(fit(t::draw_values(dist::TruncatedNormal<Tr, double>{tn}, kN, 7), [](double v) { return truncated_cdf(v, 8, 9); })
                  .rejected())
      << "[8.01, 9] for [8, 9]";
  // Uniform proposal on [-1, 1] accepting with exp(-z^2) (the 1/2 dropped).
  dist::TruncatedNormalParams uc = dist::truncated_normal_setup(0, 2, -2, 2);  // standardized [-1, 1]
  uc.stddev = 1.0 / std::sqrt(2.0) * 2;  // as if the density were exp(-z^2): wrong scale
  EXPECT_TRUE(fit(t::draw_values(dist::TruncatedNormal<Tr, double>{uc}, kN, 7), [](double v) { return truncated_cdf(v / 2, -1, 1); })
                  .rejected())
      << "wrong scale";
}

TEST(DistContinuous, ParameterChecks) {
  EXPECT_EQ(dist::check_gamma(1e-3, 1.0), "");
  EXPECT_EQ(dist::check_gamma(0.0, 1.0), "gamma alpha: must be in [1e-300, 1e300], got 0");
  EXPECT_EQ(dist::check_gamma(NAN, 1.0), "gamma alpha: must be in [1e-300, 1e300], got nan");
  EXPECT_EQ(dist::check_gamma(2.0, -1.0), "gamma theta: must be finite and > 0, got -1");
  EXPECT_EQ(dist::check_gamma(2.0, INFINITY), "gamma theta: must be finite and > 0, got inf");
  EXPECT_EQ(dist::check_chi_square(3.0), "");
  EXPECT_EQ(dist::check_chi_square(-3.0), "chi-square k: must be in [2e-300, 2e300], got -3");
  EXPECT_EQ(dist::check_beta(0.5, 0.5), "");
  EXPECT_EQ(dist::check_beta(-1, 2), "beta a: must be in [1e-300, 1e300], got -1");
  EXPECT_EQ(dist::check_beta(1, NAN), "beta b: must be in [1e-300, 1e300], got nan");
  EXPECT_EQ(dist::check_student_t(1.0), "");
  EXPECT_EQ(dist::check_student_t(0.0), "student t nu: must be finite and > 0, got 0");
  EXPECT_EQ(dist::check_truncated_normal(0, 1, 8, 9), "");
  EXPECT_EQ(dist::check_truncated_normal(0, 1, -INFINITY, -30), "");
  EXPECT_EQ(dist::check_truncated_normal(NAN, 1, 0, 1), "truncated normal mean: must be finite, got nan");
  EXPECT_EQ(dist::check_truncated_normal(0, 0, 0, 1), "truncated normal stddev: must be finite and > 0, got 0");
  EXPECT_EQ(dist::check_truncated_normal(0, 1, NAN, 1), "truncated normal lower: must be a number below +inf, got nan");
  EXPECT_EQ(dist::check_truncated_normal(0, 1, 0, -INFINITY), "truncated normal upper: must be a number above -inf, got -inf");
  EXPECT_EQ(dist::check_truncated_normal(0, 1, 2, 1), "truncated normal lower, upper: lower must be below upper, got 2 and 1");
  EXPECT_NE(dist::check_truncated_normal(-1e308, 1e-10, 1e308, INFINITY), "");  // both standardized bounds +inf
}
