// Sobol' points integrate: on a smooth integrand in 5 to 50 dimensions the quasi-Monte Carlo error
// falls clearly faster than Monte Carlo's N^-1/2 (fitted log-log slopes), Owen-scrambled
// replications give an error estimate that covers the true error, and the same harness run on
// pseudo-random points (MRG32k3a) shows the N^-1/2 slope, so the test can tell the two apart.
// Plus distribution checks of the inverse-CDF normals of scrambled points.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "gpurng/gpurng.hpp"
#include "stats.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::Scramble;

namespace {

// f(x) = exp(sum_i c_i x_i), c_i = 1/i^2: smooth, of low effective dimension, with the exact
// integral prod_i (e^c_i - 1) / c_i over the unit cube.
struct Integrand {
  unsigned d;
  double coeff(unsigned i) const { return 1.0 / ((i + 1.0) * (i + 1.0)); }
  double exact() const {
    double p = 1;
    for (unsigned i = 0; i < d; ++i) p *= std::expm1(coeff(i)) / coeff(i);
    return p;
  }
};

// Running estimates after the first 2^k points, k = k0..k1, from a dimension-major block.
std::vector<double> running_estimates(const Integrand& f, const std::vector<double>& x, std::size_t n, unsigned k0,
                                      unsigned k1) {
  std::vector<double> out;
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double s = 0;
    for (unsigned j = 0; j < f.d; ++j) s += f.coeff(j) * x[j * n + i];
    sum += std::exp(s);
    const std::size_t count = i + 1;
    if ((count & (count - 1)) == 0 && count >= (std::size_t{1} << k0)) out.push_back(sum / static_cast<double>(count));
  }
  EXPECT_EQ(out.size(), k1 - k0 + 1);
  return out;
}

std::vector<double> points(Engine e, unsigned d, std::size_t n, Scramble s, std::uint64_t seed) {
  Generator g(e, Backend::cpu);
  g.seed(seed);
  if (e != Engine::mrg32k3a) {
    g.dimensions(d);
    g.scramble(s);
  }
  std::vector<double> x(n * d);
  g.generate_uniform(x.data(), x.size());
  return x;
}

// Least-squares slope of log2(err) against k (N = 2^k).
double slope(const std::vector<double>& err, unsigned k0) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double n = static_cast<double>(err.size());
  for (std::size_t i = 0; i < err.size(); ++i) {
    const double x = k0 + static_cast<double>(i), y = std::log2(err[i]);
    sx += x, sy += y, sxx += x * x, sxy += x * y;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

// RMS error over R independent replications (scrambled seeds, or MRG32k3a seeds) at N = 2^k0..2^k1,
// and the mean of the replications' estimated standard errors.
struct Replicated {
  std::vector<double> rmse;
  std::vector<double> mean_error;  // |mean of the R estimates - exact|
  std::vector<double> std_error;   // standard error of that mean, from the replications' spread
};

Replicated replicate(Engine e, Scramble s, const Integrand& f, unsigned k0, unsigned k1, unsigned reps) {
  const std::size_t n = std::size_t{1} << k1;
  std::vector<std::vector<double>> est;
  for (unsigned r = 0; r < reps; ++r) est.push_back(running_estimates(f, points(e, f.d, n, s, 1000 + r), n, k0, k1));
  Replicated out;
  const double exact = f.exact();
  for (unsigned k = 0; k <= k1 - k0; ++k) {
    double sq = 0, mean = 0;
    for (unsigned r = 0; r < reps; ++r) {
      sq += (est[r][k] - exact) * (est[r][k] - exact);
      mean += est[r][k];
    }
    mean /= reps;
    double var = 0;
    for (unsigned r = 0; r < reps; ++r) var += (est[r][k] - mean) * (est[r][k] - mean);
    var /= (reps - 1);
    out.rmse.push_back(std::sqrt(sq / reps));
    out.mean_error.push_back(std::fabs(mean - exact));
    out.std_error.push_back(std::sqrt(var / reps));
  }
  return out;
}

}  // namespace

TEST(SobolIntegration, UnscrambledErrorFallsFasterThanMonteCarlo) {
  constexpr unsigned k0 = 8, k1 = 18;
  for (unsigned d : {5u, 20u, 50u}) {
    const Integrand f{d};
    for (Engine e : {Engine::sobol32, Engine::sobol64}) {
      const auto est = running_estimates(f, points(e, d, std::size_t{1} << k1, Scramble::none, 0), std::size_t{1} << k1, k0, k1);
      std::vector<double> err;
      for (double q : est) err.push_back(std::fabs(q - f.exact()));
      const double s = slope(err, k0);
      std::printf("d = %2u %s: |error| at N = 2^%u: %.3g, 2^%u: %.3g; slope %.2f\n", d,
                  e == Engine::sobol32 ? "sobol32" : "sobol64", k0, err.front(), k1, err.back(), s);
      EXPECT_LT(s, -0.85) << "d = " << d;
      EXPECT_LT(err.back(), 2e-5 * f.exact()) << "d = " << d;
    }
  }
}

TEST(SobolIntegration, OwenScrambledReplicationsConvergeFastAndEstimateTheirError) {
  constexpr unsigned k0 = 6, k1 = 14, reps = 16;
  for (unsigned d : {5u, 50u}) {
    const Integrand f{d};
    for (Scramble s : {Scramble::owen, Scramble::digital_shift}) {
      const Replicated r = replicate(Engine::sobol64, s, f, k0, k1, reps);
      const double sl = slope(r.rmse, k0);
      std::printf("d = %2u %s: RMSE at N = 2^%u: %.3g, 2^%u: %.3g; slope %.2f\n", d, s == Scramble::owen ? "owen " : "shift",
                  k0, r.rmse.front(), k1, r.rmse.back(), sl);
      EXPECT_LT(sl, s == Scramble::owen ? -1.1 : -0.85) << "d = " << d;
      for (std::size_t k = 0; k < r.rmse.size(); ++k) {
        // The replications' standard error bounds the true error of their mean (4 sigma).
        EXPECT_LT(r.mean_error[k], 4 * r.std_error[k] + 1e-15) << "d = " << d << " N = 2^" << k0 + k;
      }
    }
  }
}

TEST(SobolIntegration, TheSameHarnessSeesMonteCarloAtNToTheMinusOneHalf) {
  constexpr unsigned k0 = 6, k1 = 14, reps = 16;
  const Integrand f{20};
  const Replicated r = replicate(Engine::mrg32k3a, Scramble::none, f, k0, k1, reps);
  const double sl = slope(r.rmse, k0);
  std::printf("d = 20 MC (mrg32k3a): RMSE slope %.2f\n", sl);
  EXPECT_GT(sl, -0.7);
  EXPECT_LT(sl, -0.3);
  const Replicated q = replicate(Engine::sobol64, Scramble::owen, f, k0, k1, reps);
  EXPECT_LT(q.rmse.back(), r.rmse.back() / 20) << "Owen-scrambled Sobol' beats MC by far at N = 2^14";
}

namespace {

// Kolmogorov-Smirnov statistic sup |F_n - F| of samples x against cdf.
double ks_statistic(std::vector<double> x, double (*cdf)(double)) {
  std::sort(x.begin(), x.end());
  const double n = static_cast<double>(x.size());
  double d = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double f = cdf(x[i]);
    d = std::max({d, f - static_cast<double>(i) / n, static_cast<double>(i + 1) / n - f});
  }
  return d;
}

}  // namespace

TEST(SobolDistributions, ScrambledNormalsExponentialsAndLogNormalsHaveTheirLaws) {
  // 2^16 points of 4 Owen-scrambled dimensions: every dimension's values are within 3/N of the
  // target CDF in the Kolmogorov-Smirnov distance (a (0, m, 1)-net is within 1/N; random samples
  // would be about 0.87/sqrt(N) = 3.4e-3 away), so a wrong transform (a sign, a scale, a wrong
  // tail) fails at once.
  const std::size_t n = std::size_t{1} << 16;
  const double bound = 3.0 / static_cast<double>(n);
  Generator g(Engine::sobol32, Backend::cpu);
  g.dimensions(4);
  g.scramble(Scramble::owen);
  g.seed(2);
  std::vector<float> z(4 * n);
  g.generate_normal(z.data(), z.size(), 1.0f, 3.0f);
  Generator h(Engine::sobol64, Backend::cpu);
  h.dimensions(4);
  h.scramble(Scramble::owen);
  std::vector<double> ex(4 * n), ln(4 * n);
  h.generate_exponential(ex.data(), ex.size(), 2.0);
  h.offset(0);
  h.generate_lognormal(ln.data(), ln.size(), 0.5, 0.25);
  for (unsigned d = 0; d < 4; ++d) {
    std::vector<double> a(z.begin() + d * n, z.begin() + (d + 1) * n), b(ex.begin() + d * n, ex.begin() + (d + 1) * n),
        c(ln.begin() + d * n, ln.begin() + (d + 1) * n);
    EXPECT_LT(ks_statistic(a, [](double x) { return gpurng::test::normal_cdf((x - 1.0) / 3.0); }), bound) << "normal, dim " << d;
    EXPECT_LT(ks_statistic(b, [](double x) { return 1 - std::exp(-2.0 * x); }), bound) << "exponential, dim " << d;
    EXPECT_LT(ks_statistic(c, [](double x) { return gpurng::test::normal_cdf((std::log(x) - 0.5) / 0.25); }), bound)
        << "log-normal, dim " << d;
    const auto m = gpurng::test::moments(a);
    EXPECT_NEAR(m.mean, 1.0, 1e-3);
    EXPECT_NEAR(std::sqrt(m.variance), 3.0, 1e-3);
  }
}
