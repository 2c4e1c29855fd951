// The Dirichlet sampler (core/dist/dirichlet.hpp) on the uniforms of a core engine, as the library
// runs it: each component's marginal against the exact Beta(alpha_k, alpha_0 - alpha_k) CDF (GSL),
// by Kolmogorov-Smirnov and chi-square of the probability integral transform where the values are
// spread, and everywhere by chi-square over bins with edges from 1e-300 to 1 - 2^-40 (so that shapes
// of 1e-3, whose values are 0 or 1 to double precision most of the time, are tested where their mass
// is); sums to 1 within the stated bound; covariances; deliberately broken samplers rejected by the
// same tests; K = 1 and K at the bound; float is the double rounded; the streamed form (device API)
// gives the same values; the parameter check.
#include <gsl/gsl_cdf.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "dist_b_support.hpp"
#include "gpurng/core/dist/dirichlet.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
namespace t = gpurng::test;
using Tr = core::philox::Traits4x32_10;

namespace {

// Uniform doubles of positions 0 .. n-1 (the uniform distribution's values, as the library's
// uniform call makes them).
std::vector<double> uniforms(std::size_t n, std::uint64_t seed) {
  using Scheme = core::philox::Scheme4x32<10>;
  auto st = Tr::start(Scheme::stream(seed, 0));
  std::vector<double> u(n);
  for (double& v : u) v = dist::uniform_of<Tr, double>(Tr::next(st));
  return u;
}

std::vector<dist::GammaShape> shapes_of(const std::vector<double>& alpha) {
  std::vector<dist::GammaShape> s;
  for (double a : alpha) s.push_back(dist::gamma_shape_setup(a));
  return s;
}

// A sampler: one sample from its uniforms (work, overwritten) into out.
using Sampler = std::function<void(const std::vector<dist::GammaShape>&, double* work, double* out)>;

const Sampler kRight = [](const std::vector<dist::GammaShape>& s, double* work, double* out) {
  dist::dirichlet_sample<double>(s.data(), static_cast<std::uint32_t>(s.size()), work, out);
};

// samples x K values (row-major) from `sampler`.
std::vector<double> draw(const std::vector<double>& alpha, std::size_t samples, std::uint64_t seed,
                         const Sampler& sampler = kRight) {
  const std::size_t k = alpha.size();
  const auto shapes = shapes_of(alpha);
  std::vector<double> u = uniforms(samples * k, seed);
  std::vector<double> x(samples * k);
  for (std::size_t s = 0; s < samples; ++s) sampler(shapes, u.data() + s * k, x.data() + s * k);
  return x;
}

std::vector<double> component(const std::vector<double>& x, std::size_t k, std::size_t i) {
  std::vector<double> c;
  for (std::size_t j = i; j < x.size(); j += k) c.push_back(x[j]);
  return c;
}

// Chi-square of x against Beta(a, b) over bins whose edges run from 1e-300 to 1 - 2^-40 on a log
// scale on both sides (the upper tail from the mirrored Beta(b, a)), merged to expected counts >= 20.
// Edges are far from where the values' relative rounding (a few ulps) could move them across.
double chi2_log_bins(const std::vector<double>& x, double a, double b, bool f32) {
  std::vector<double> lower;  // edges below 1/2, ascending; P(X < e)
  for (double e : {1e-300, 1e-200, 1e-120, 1e-80, 1e-50, 1e-30, 1e-20, 1e-12, 1e-8, 1e-5, 1e-3, 0.01, 0.03, 0.1, 0.2,
                   0.3, 0.4}) {
    if (f32 && e < 1e-35) continue;  // float: below the subnormals
    lower.push_back(e);
  }
  std::vector<double> edges = lower, cdf;
  for (double e : lower) cdf.push_back(gsl_cdf_beta_P(e, a, b));
  edges.push_back(0.5);
  cdf.push_back(gsl_cdf_beta_P(0.5, a, b));
  for (auto it = lower.rbegin(); it != lower.rend(); ++it) {
    const double d = std::max(*it, f32 ? 0x1p-20 : 0x1p-40);
    if (1.0 - d <= edges.back()) continue;
    edges.push_back(1.0 - d);
    cdf.push_back(1.0 - gsl_cdf_beta_P(d, b, a));  // P(X < 1 - d) = 1 - P(1 - X <= d), 1 - X ~ Beta(b, a)
  }
  // bin i = [edges[i-1], edges[i]) with edges[-1] = 0 and a last bin [edges.back(), 1].
  std::vector<double> count(edges.size() + 1, 0.0), expected(edges.size() + 1, 0.0);
  for (double v : x) count[std::upper_bound(edges.begin(), edges.end(), v) - edges.begin()] += 1;
  const double n = static_cast<double>(x.size());
  double prev = 0.0;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    expected[i] = (cdf[i] - prev) * n;
    prev = cdf[i];
  }
  expected.back() = (1.0 - prev) * n;
  double chi2 = 0.0, e_acc = 0.0, c_acc = 0.0;
  int bins = 0;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    e_acc += expected[i];
    c_acc += count[i];
    if (e_acc >= 20.0 || i + 1 == expected.size()) {
      if (e_acc > 0.0) {
        chi2 += (c_acc - e_acc) * (c_acc - e_acc) / e_acc;
        ++bins;
      } else if (c_acc > 0.0) {
        return 0.0;  // values where the CDF puts none
      }
      e_acc = c_acc = 0.0;
    }
  }
  return bins < 2 ? 1.0 : t::chi2_p_value(chi2, bins - 1);
}

struct MarginalFit {
  double ks = 1.0, pit = 1.0, log_bins = 1.0;
  bool finite_in_unit = true;
  bool rejected() const {
    return !finite_in_unit || ks < t::kDistAlpha || pit < t::kDistAlpha || log_bins < t::kDistAlpha;
  }
};

MarginalFit fit_marginal(const std::vector<double>& c, double a, double b, bool f32 = false) {
  MarginalFit f;
  for (double v : c) f.finite_in_unit = f.finite_in_unit && v >= 0.0 && v <= 1.0;
  if (!f.finite_in_unit) return f;
  const auto cdf = [&](double v) { return gsl_cdf_beta_P(v, a, b); };
  // KS and the PIT where values tie at 0 or 1 with negligible probability.
  if (std::min(a, b) >= 0.05) {
    std::vector<double> p(c.size());
    for (std::size_t i = 0; i < c.size(); ++i) p[i] = std::clamp(cdf(c[i]), 0.0, 1.0);
    f.ks = t::ks_test(c, cdf);
    f.pit = t::chi2_uniform(p, 1000);
  }
  f.log_bins = chi2_log_bins(c, a, b, f32);
  return f;
}

// Every component of a sample set against its beta marginal.
bool marginals_fit(const std::vector<double>& alpha, const std::vector<double>& x, const std::string& what,
                   bool print = true) {
  double a0 = 0.0;
  for (double a : alpha) a0 += a;
  bool all = true;
  for (std::size_t i = 0; i < alpha.size() && i < 8; ++i) {
    const MarginalFit f = fit_marginal(component(x, alpha.size(), i), alpha[i], a0 - alpha[i]);
    if (print) {
      std::printf("%-28s X_%zu ~ Beta(%g, %g): KS p = %.4f, PIT p = %.4f, log-bins p = %.4f%s\n", what.c_str(), i,
                  alpha[i], a0 - alpha[i], f.ks, f.pit, f.log_bins, f.finite_in_unit ? "" : " (outside [0, 1])");
    }
    all = all && !f.rejected();
  }
  return all;
}

const std::vector<std::vector<double>> kSets = {
    {1.0, 1.0},                          // uniform on the segment
    {0.5, 2.0, 3.0},                     // shapes below and above 1
    {1e-3, 1e-3, 1e-3},                  // values 0 or 1 to double precision most of the time
    {100.0, 200.0, 300.0},               // concentrated
    {0.05, 0.5, 5.0, 50.0, 1e-3},        // every branch at once
    {2.5, 7.0},                          // K = 2, shapes above 1
};

constexpr std::size_t kSamples = std::size_t{1} << 16;

}  // namespace

TEST(DistDirichlet, MarginalsAreBeta) {
  std::uint64_t seed = 100;
  for (const auto& alpha : kSets) {
    const auto x = draw(alpha, kSamples, ++seed);
    EXPECT_TRUE(marginals_fit(alpha, x, "dirichlet K=" + std::to_string(alpha.size())));
  }
}

// K = 1: every value is exactly 1 (G / G); it still takes its position.
TEST(DistDirichlet, OneComponent) {
  for (double a : {1e-300, 1e-3, 0.5, 3.0, 1e300}) {
    const auto x = draw({a}, 1000, 3);
    for (double v : x) ASSERT_EQ(v, 1.0) << a;
  }
}

// The stated bound: computed in long double, a double sample sums to 1 within (K + 2) 2^-53 and a
// float sample within 2^-24 + (K + 2) 2^-53 (each value is the double value rounded once, a relative
// error of 2^-24 that the values, summing to 1, share out). Every value is finite and in [0, 1].
TEST(DistDirichlet, SumsToOne) {
  std::vector<std::vector<double>> sets = kSets;
  sets.push_back({1e-300, 1.0, 1e300});
  sets.push_back(std::vector<double>(1000, 1e-3));
  sets.push_back(std::vector<double>(1000, 0.7));
  std::uint64_t seed = 200;
  for (const auto& alpha : sets) {
    const std::size_t k = alpha.size();
    const std::size_t samples = std::max<std::size_t>(64, (std::size_t{1} << 16) / k);
    const auto shapes = shapes_of(alpha);
    std::vector<double> u = uniforms(samples * k, ++seed), u2 = u;
    std::vector<double> x(samples * k);
    std::vector<float> xf(samples * k);
    double worst = 0.0, worst_f = 0.0;
    for (std::size_t s = 0; s < samples; ++s) {
      dist::dirichlet_sample<double>(shapes.data(), static_cast<std::uint32_t>(k), u.data() + s * k, x.data() + s * k);
      dist::dirichlet_sample<float>(shapes.data(), static_cast<std::uint32_t>(k), u2.data() + s * k, xf.data() + s * k);
      long double sum = 0.0L, sum_f = 0.0L;
      for (std::size_t i = 0; i < k; ++i) {
        const double v = x[s * k + i];
        const float vf = xf[s * k + i];
        ASSERT_TRUE(v >= 0.0 && v <= 1.0) << v;
        ASSERT_TRUE(vf >= 0.0f && vf <= 1.0f) << vf;
        sum += v;
        sum_f += vf;
      }
      worst = std::max(worst, static_cast<double>(std::fabs(sum - 1.0L)));
      worst_f = std::max(worst_f, static_cast<double>(std::fabs(sum_f - 1.0L)));
    }
    const double bound = (static_cast<double>(k) + 2.0) * 0x1p-53;
    std::printf("K = %5zu alpha_0 = %-10g: max |sum - 1| double %.3g (bound %.3g), float %.3g (bound %.3g)\n", k,
                alpha[0], worst, bound, worst_f, 0x1p-24 + bound);
    EXPECT_LE(worst, bound);
    EXPECT_LE(worst_f, 0x1p-24 + bound);
  }
}

// Cov(X_i, X_j) = -a_i a_j / (a_0^2 (a_0 + 1)), Var X_i = a_i (a_0 - a_i) / (a_0^2 (a_0 + 1)): the
// sample moments within 5 standard errors (of the products' own spread).
bool covariances_fit(const std::vector<double>& alpha, const std::vector<double>& x, bool print) {
  const std::size_t k = alpha.size();
  const std::size_t n = x.size() / k;
  double a0 = 0.0;
  for (double a : alpha) a0 += a;
  bool ok = true;
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t j = i; j < k; ++j) {
      const double mi = alpha[i] / a0, mj = alpha[j] / a0;
      const double want = (i == j ? alpha[i] * (a0 - alpha[i]) : -alpha[i] * alpha[j]) / (a0 * a0 * (a0 + 1.0));
      double sum = 0.0, sum2 = 0.0;
      for (std::size_t s = 0; s < n; ++s) {
        const double p = (x[s * k + i] - mi) * (x[s * k + j] - mj);
        sum += p;
        sum2 += p * p;
      }
      const double mean = sum / static_cast<double>(n);
      const double se = std::sqrt((sum2 / static_cast<double>(n) - mean * mean) / static_cast<double>(n));
      const bool good = std::fabs(mean - want) <= 5.0 * se + 1e-15;
      if (print) std::printf("  cov(%zu, %zu) = %.6g, expected %.6g, se %.2g%s\n", i, j, mean, want, se, good ? "" : "  <-- off");
      ok = ok && good;
    }
  }
  return ok;
}

TEST(DistDirichlet, Covariances) {
  std::uint64_t seed = 300;
  for (const auto& alpha : kSets) {
    std::printf("alpha K = %zu, alpha_0 = %g\n", alpha.size(), alpha[0]);
    EXPECT_TRUE(covariances_fit(alpha, draw(alpha, kSamples, ++seed), true));
  }
}

// K at the bound (2^16 components): a few samples' pooled components against Beta(a, (K - 1) a)
// (the dependence between components of a sample, correlation -1/(K - 1), is far below what the test
// sees), and sums.
TEST(DistDirichlet, LargeK) {
  const std::size_t k = dist::kDirichletMaxComponents;
  for (double a : {0.5, 4.0}) {
    const std::vector<double> alpha(k, a);
    const auto x = draw(alpha, 8, 17);
    const MarginalFit f = fit_marginal(x, a, (static_cast<double>(k) - 1.0) * a);
    std::printf("K = %zu, alpha %g: KS p = %.4f, PIT p = %.4f, log-bins p = %.4f\n", k, a, f.ks, f.pit, f.log_bins);
    EXPECT_FALSE(f.rejected());
    for (std::size_t s = 0; s < 8; ++s) {
      long double sum = 0.0L;
      for (std::size_t i = 0; i < k; ++i) sum += x[s * k + i];
      EXPECT_LE(std::fabs(static_cast<double>(sum - 1.0L)), (static_cast<double>(k) + 2.0) * 0x1p-53);
    }
  }
}

// ---- broken samplers: the same tests reject them ---------------------------------------------------

namespace {

// The log-gammas of a sample as the right sampler draws them.
std::vector<double> log_gammas(const std::vector<dist::GammaShape>& s, const double* u) {
  const std::size_t k = s.size();
  std::vector<double> l(k);
  for (std::size_t i = 0; i < k; ++i) l[i] = dist::dirichlet_log_gamma(s[i], u[i], u[(i + 1) % k]);
  return l;
}

}  // namespace

TEST(DistDirichlet, BrokenSamplersAreRejected) {
  // The normaliser leaves out the last component.
  const Sampler short_sum = [](const std::vector<dist::GammaShape>& s, double* u, double* out) {
    const auto l = log_gammas(s, u);
    double sum = 0.0;
    for (std::size_t i = 0; i + 1 < l.size(); ++i) sum += std::exp(l[i]);
    for (std::size_t i = 0; i < l.size(); ++i) out[i] = std::min(1.0, std::exp(l[i]) / sum);
  };
  // Component k drawn with the shape of component k + 1 (off by one).
  const Sampler shifted = [](const std::vector<dist::GammaShape>& s, double* u, double* out) {
    std::vector<dist::GammaShape> r(s.begin() + 1, s.end());
    r.push_back(s.front());
    dist::dirichlet_sample<double>(r.data(), static_cast<std::uint32_t>(r.size()), u, out);
  };
  // The plain quotient of the gammas (no logs): 0/0 where they underflow.
  const Sampler plain = [](const std::vector<dist::GammaShape>& s, double* u, double* out) {
    const auto l = log_gammas(s, u);
    double sum = 0.0;
    for (double v : l) sum += std::exp(v);
    for (std::size_t i = 0; i < l.size(); ++i) out[i] = std::exp(l[i]) / sum;
  };
  // Every component keyed with the same draws (the key of the sample's first position).
  const Sampler same_key = [](const std::vector<dist::GammaShape>& s, double* u, double* out) {
    std::vector<double> same(s.size(), u[0]);
    same.push_back(u[0]);
    dist::dirichlet_sample<double>(s.data(), static_cast<std::uint32_t>(s.size()), same.data(), out);
  };
  const std::vector<double> spread = {0.5, 2.0, 3.0};
  const std::vector<double> tiny = {1e-3, 1e-3, 1e-3};
  EXPECT_FALSE(marginals_fit(spread, draw(spread, kSamples, 7, short_sum), "broken: short sum", false));
  EXPECT_FALSE(marginals_fit(spread, draw(spread, kSamples, 7, shifted), "broken: shifted shapes", false));
  EXPECT_FALSE(marginals_fit(tiny, draw(tiny, kSamples, 7, plain), "broken: plain quotient", false));
  EXPECT_FALSE(covariances_fit(spread, draw(spread, kSamples, 7, same_key), false));
  // and the right one passes at the same seed
  EXPECT_TRUE(marginals_fit(spread, draw(spread, kSamples, 7), "right", false));
  EXPECT_TRUE(covariances_fit(spread, draw(spread, kSamples, 7), false));
}

// ---- forms of the same values ---------------------------------------------------------------------

TEST(DistDirichlet, FloatIsTheDoubleRounded) {
  const std::vector<double> alpha = {0.05, 0.5, 5.0, 50.0, 1e-3};
  const auto shapes = shapes_of(alpha);
  std::vector<double> u = uniforms(5 * 4096, 9), u2 = u;
  std::vector<double> d(u.size());
  std::vector<float> f(u.size());
  for (std::size_t s = 0; s < 4096; ++s) {
    dist::dirichlet_sample<double>(shapes.data(), 5, u.data() + s * 5, d.data() + s * 5);
    dist::dirichlet_sample<float>(shapes.data(), 5, u2.data() + s * 5, f.data() + s * 5);
  }
  for (std::size_t i = 0; i < 5 * 4096; ++i) ASSERT_EQ(f[i], static_cast<float>(d[i])) << i;
}

namespace {
struct VectorSource {
  const double* u;
  std::size_t next = 0;
  double uniform() { return u[next++]; }
};
}  // namespace

// The device API's streamed form (two passes over a source of uniforms) and the in-place form agree.
TEST(DistDirichlet, StreamedIsInPlace) {
  for (const auto& alpha : kSets) {
    const std::size_t k = alpha.size();
    const auto shapes = shapes_of(alpha);
    const std::vector<double> u = uniforms(k * 2000, 11);
    std::vector<double> work = u, d(u.size()), ds(u.size());
    std::vector<float> fs(u.size());
    for (std::size_t s = 0; s < 2000; ++s) {
      dist::dirichlet_sample<double>(shapes.data(), static_cast<std::uint32_t>(k), work.data() + s * k, d.data() + s * k);
      VectorSource src{u.data() + s * k};
      dist::dirichlet_sample_streamed<double>(shapes.data(), static_cast<std::uint32_t>(k), src, ds.data() + s * k);
      EXPECT_EQ(src.next, k);
      VectorSource src_f{u.data() + s * k};
      dist::dirichlet_sample_streamed<float>(shapes.data(), static_cast<std::uint32_t>(k), src_f, fs.data() + s * k);
    }
    for (std::size_t i = 0; i < u.size(); ++i) {
      ASSERT_EQ(ds[i], d[i]) << i;
      ASSERT_EQ(fs[i], static_cast<float>(d[i])) << i;
    }
  }
}

TEST(DistDirichlet, ParameterCheck) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> good = {1e-300, 1.0, 1e300};
  EXPECT_EQ(dist::check_dirichlet(good.data(), 3), "");
  EXPECT_EQ(dist::check_dirichlet(good.data(), 0), "dirichlet alpha: must have 1 to 65536 components, got 0");
  EXPECT_EQ(dist::check_dirichlet(good.data(), 65537), "dirichlet alpha: must have 1 to 65536 components, got 65537");
  EXPECT_EQ(dist::check_dirichlet(nullptr, 2), "dirichlet alpha: null pointer with 2 components");
  const std::vector<double> bad = {1.0, nan, 0.0, -1.0, inf, 1e-301};
  EXPECT_EQ(dist::check_dirichlet(bad.data(), 2), "dirichlet alpha[1]: must be in [1e-300, 1e300], got nan");
  EXPECT_EQ(dist::check_dirichlet(bad.data() + 2, 1), "dirichlet alpha[0]: must be in [1e-300, 1e300], got 0");
  EXPECT_EQ(dist::check_dirichlet(bad.data() + 3, 1), "dirichlet alpha[0]: must be in [1e-300, 1e300], got -1");
  EXPECT_EQ(dist::check_dirichlet(bad.data() + 4, 1), "dirichlet alpha[0]: must be in [1e-300, 1e300], got inf");
  EXPECT_EQ(dist::check_dirichlet(bad.data() + 5, 1), "dirichlet alpha[0]: must be in [1e-300, 1e300], got 1.0000000000000001e-301");
}
