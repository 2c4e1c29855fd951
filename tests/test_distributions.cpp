// Each distribution is what it claims, by goodness-of-fit tests at fixed seeds (deterministic),
// and the same tests reject deliberately wrong implementations, so they can fail.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/gpurng.hpp"
#include "stats.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
namespace t = gpurng::test;

namespace {

constexpr std::size_t kN = std::size_t{1} << 20;
constexpr double kAlpha = 1e-4;  // reject below this p-value

enum class Which { bits, uniform, normal, exponential, lognormal };

template <class T>
std::vector<double> draw_as(Which which, std::size_t n, double a, double b, std::uint64_t seed) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.seed(seed);
  std::vector<T> v(n);
  switch (which) {
    case Which::uniform: g.generate_uniform(v.data(), n); break;
    case Which::normal: g.generate_normal(v.data(), n, T(a), T(b)); break;
    case Which::exponential: g.generate_exponential(v.data(), n, T(a)); break;
    case Which::lognormal: g.generate_lognormal(v.data(), n, T(a), T(b)); break;
    case Which::bits: break;
  }
  return std::vector<double>(v.begin(), v.end());
}

std::vector<double> draw(Which which, bool f32, std::size_t n, double a = 0, double b = 1, std::uint64_t seed = 20241121) {
  return f32 ? draw_as<float>(which, n, a, b, seed) : draw_as<double>(which, n, a, b, seed);
}

struct Fit {
  double ks_p;
  double chi2_p;
  double pairs_p;
  bool rejected() const { return ks_p < kAlpha || chi2_p < kAlpha || pairs_p < kAlpha; }
};

// Goodness of fit of samples against a continuous CDF: KS, chi-square of the probability integral
// transform in 1000 bins, and independence of consecutive pairs on a 32 x 32 grid.
Fit fit(const std::vector<double>& x, const std::function<double(double)>& cdf) {
  std::vector<double> p(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) p[i] = std::clamp(cdf(x[i]), 0.0, 1.0);
  return Fit{t::ks_test(x, cdf), t::chi2_uniform(p, 1000), t::chi2_pairs(p, 32)};
}

void expect_accepted(const Fit& f, const char* what) {
  EXPECT_GT(f.ks_p, kAlpha) << what << ": Kolmogorov-Smirnov";
  EXPECT_GT(f.chi2_p, kAlpha) << what << ": chi-square";
  EXPECT_GT(f.pairs_p, kAlpha) << what << ": pairs";
}

// |estimate - expected| within k standard errors.
void expect_within(double estimate, double expected, double standard_error, const char* what) {
  EXPECT_NEAR(estimate, expected, 5.0 * standard_error) << what;
}

double uniform_cdf(double x) { return x; }

}  // namespace

class Distributions : public ::testing::TestWithParam<bool> {};  // parameter: float (true) or double

TEST_P(Distributions, Uniform) {
  const bool f32 = GetParam();
  const auto x = draw(Which::uniform, f32, kN);
  for (double v : x) {
    ASSERT_GT(v, 0.0);
    ASSERT_LE(v, 1.0);
    if (!f32) ASSERT_LT(v, 1.0);  // the double uniform is in (0, 1)
  }
  expect_accepted(fit(x, uniform_cdf), "uniform");
  const t::Moments m = t::moments(x);
  const double n = static_cast<double>(kN);
  expect_within(m.mean, 0.5, std::sqrt(1.0 / 12.0 / n), "uniform mean");
  expect_within(m.variance, 1.0 / 12.0, std::sqrt(1.0 / 180.0 / n), "uniform variance");
}

TEST_P(Distributions, StandardNormal) {
  const auto x = draw(Which::normal, GetParam(), kN);
  expect_accepted(fit(x, t::normal_cdf), "normal");
  const t::Moments m = t::moments(x);
  const double n = static_cast<double>(kN);
  expect_within(m.mean, 0.0, std::sqrt(1.0 / n), "normal mean");
  expect_within(m.variance, 1.0, std::sqrt(2.0 / n), "normal variance");
  expect_within(m.skewness, 0.0, std::sqrt(6.0 / n), "normal skewness");
  expect_within(m.kurtosis, 3.0, std::sqrt(24.0 / n), "normal kurtosis");
}

TEST_P(Distributions, NormalWithMeanAndStddev) {
  const double mu = 3.0, sigma = 2.5;
  const auto x = draw(Which::normal, GetParam(), kN, mu, sigma);
  expect_accepted(fit(x, [&](double v) { return t::normal_cdf((v - mu) / sigma); }), "normal(3, 2.5)");
  const t::Moments m = t::moments(x);
  const double n = static_cast<double>(kN);
  expect_within(m.mean, mu, sigma / std::sqrt(n), "mean");
  expect_within(m.variance, sigma * sigma, sigma * sigma * std::sqrt(2.0 / n), "variance");
}

TEST_P(Distributions, Exponential) {
  const double lambda = 2.5;
  const auto x = draw(Which::exponential, GetParam(), kN, lambda);
  for (double v : x) ASSERT_GE(v, 0.0);
  expect_accepted(fit(x, [&](double v) { return 1.0 - std::exp(-lambda * v); }), "exponential(2.5)");
  const t::Moments m = t::moments(x);
  const double n = static_cast<double>(kN);
  expect_within(m.mean, 1.0 / lambda, 1.0 / lambda / std::sqrt(n), "exponential mean");
  expect_within(m.variance, 1.0 / (lambda * lambda), 3.0 / (lambda * lambda) / std::sqrt(n), "exponential variance");
}

TEST_P(Distributions, LogNormal) {
  const double mu = 0.5, sigma = 0.75;
  const auto x = draw(Which::lognormal, GetParam(), kN, mu, sigma);
  for (double v : x) ASSERT_GT(v, 0.0);
  expect_accepted(fit(x, [&](double v) { return t::normal_cdf((std::log(v) - mu) / sigma); }), "lognormal(0.5, 0.75)");
  std::vector<double> logs(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) logs[i] = std::log(x[i]);
  const t::Moments m = t::moments(logs);
  expect_within(m.mean, mu, sigma / std::sqrt(static_cast<double>(kN)), "mean of log");
}

INSTANTIATE_TEST_SUITE_P(FloatAndDouble, Distributions, ::testing::Values(true, false),
                         [](const auto& info) { return info.param ? "float" : "double"; });

TEST(DistributionsBits, UniformOverZeroToM1) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.seed(5);
  std::vector<std::uint32_t> v(kN);
  g.generate_bits(v.data(), kN);
  std::vector<double> x(kN);
  for (std::size_t i = 0; i < kN; ++i) {
    ASSERT_LT(v[i], gpurng::core::mrg32k3a::m1);
    x[i] = (static_cast<double>(v[i]) + 0.5) / gpurng::core::mrg32k3a::m1;
  }
  expect_accepted(fit(x, uniform_cdf), "bits / m1");
  // Low bits are as good as high bits: the lowest 10 bits in 1024 categories.
  std::vector<double> count(1024, 0.0);
  for (std::uint32_t b : v) count[b & 1023u] += 1.0;
  const double expect = static_cast<double>(kN) / 1024.0;
  double chi2 = 0.0;
  for (double c : count) chi2 += (c - expect) * (c - expect) / expect;
  EXPECT_GT(t::chi2_p_value(chi2, 1023), kAlpha) << "low 10 bits";
}

// The checks above must be able to fail: feed them the output of plausible mistakes, computed from
// the same engine uniforms, and require a rejection.
TEST(DistributionsPower, WrongImplementationsAreRejected) {
  const auto u = draw(Which::uniform, false, kN);
  auto transform = [&](const std::function<void(double, double, double*, double*)>& pair) {
    std::vector<double> out(kN);
    for (std::size_t i = 0; i + 1 < kN; i += 2) pair(u[i], u[i + 1], &out[i], &out[i + 1]);
    return out;
  };
  const double two_pi = 6.283185307179586;

  // Box-Muller without the factor 2 under the root (variance 1/2).
  const auto no_two = transform([&](double a, double b, double* x, double* y) {
    *x = std::sqrt(-std::log(a)) * std::cos(two_pi * b);
    *y = std::sqrt(-std::log(a)) * std::sin(two_pi * b);
  });
  EXPECT_TRUE(fit(no_two, t::normal_cdf).rejected()) << "sqrt(-log u)";

  // Both values of the pair from the cosine: each is normal, but the pair is not independent.
  const auto cos_twice = transform([&](double a, double b, double* x, double* y) {
    *x = std::sqrt(-2 * std::log(a)) * std::cos(two_pi * b);
    *y = std::sqrt(-2 * std::log(a)) * std::cos(two_pi * b + 0.3);
  });
  EXPECT_TRUE(fit(cos_twice, t::normal_cdf).rejected()) << "cos twice";

  // Angle pi*u instead of 2*pi*u.
  const auto half_angle = transform([&](double a, double b, double* x, double* y) {
    *x = std::sqrt(-2 * std::log(a)) * std::cos(two_pi / 2 * b);
    *y = std::sqrt(-2 * std::log(a)) * std::sin(two_pi / 2 * b);
  });
  EXPECT_TRUE(fit(half_angle, t::normal_cdf).rejected()) << "half angle";

  // Exponential multiplied by lambda instead of divided.
  const double lambda = 2.5;
  const auto times_lambda = transform([&](double a, double b, double* x, double* y) {
    *x = -std::log(a) * lambda;
    *y = -std::log(b) * lambda;
  });
  EXPECT_TRUE(fit(times_lambda, [&](double v) { return 1.0 - std::exp(-lambda * v); }).rejected()) << "exp * lambda";

  // A slightly bent uniform (u^1.01) and a uniform that repeats each value twice.
  const auto bent = transform([&](double a, double b, double* x, double* y) {
    *x = std::pow(a, 1.01);
    *y = std::pow(b, 1.01);
  });
  EXPECT_TRUE(fit(bent, uniform_cdf).rejected()) << "u^1.01";
  const auto repeated = transform([&](double a, double, double* x, double* y) { *x = *y = a; });
  EXPECT_TRUE(fit(repeated, uniform_cdf).rejected()) << "repeated pairs";

  // Log-normal with sigma applied outside the exponential.
  const auto wrong_lognormal = transform([&](double a, double b, double* x, double* y) {
    const double r = std::sqrt(-2 * std::log(a));
    *x = 0.75 * std::exp(0.5 + r * std::cos(two_pi * b));
    *y = 0.75 * std::exp(0.5 + r * std::sin(two_pi * b));
  });
  EXPECT_TRUE(fit(wrong_lognormal, [&](double v) { return t::normal_cdf((std::log(v) - 0.5) / 0.75); }).rejected())
      << "sigma outside";
}
