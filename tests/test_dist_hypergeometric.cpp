// Hypergeometric (core/dist/hypergeometric.hpp): chi-square on the exact pmf (long double), mean
// and variance, at parameters reaching every branch and both symmetries, up to ngood + nbad =
// 2^32 - 1; the hat covers the pmf; broken samplers are rejected; a value depends on its raw group
// alone; attempts per value; the log pmf against 40-digit values; parameter checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "dist_b_support.hpp"
#include "gpurng/core/dist/hypergeometric.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
namespace t = gpurng::test;
using Tr = core::philox::Traits4x32_10;
using HP = dist::HypergeometricParams;

namespace {

long double log_choose(long double n, long double k) {
  return std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1);
}

// The exact pmf, 0 outside the support max(0, nsample - nbad) .. min(ngood, nsample).
long double hyper_pmf(std::uint64_t k, std::uint64_t ngood, std::uint64_t nbad, std::uint64_t nsample) {
  if (k > ngood || k > nsample || nsample - k > nbad) return 0.0L;
  const long double g = static_cast<long double>(ngood), b = static_cast<long double>(nbad),
                    m = static_cast<long double>(nsample), kk = static_cast<long double>(k);
  return std::exp(log_choose(g, kk) + log_choose(b, m - kk) - log_choose(g + b, m));
}

struct Params {
  std::uint64_t ngood, nbad, nsample;
  double total() const { return static_cast<double>(ngood + nbad); }
  double mean() const { return static_cast<double>(nsample) * static_cast<double>(ngood) / total(); }
  double var() const {
    const double n = total();
    return mean() * (static_cast<double>(nbad) / n) * ((n - static_cast<double>(nsample)) / (n - 1));
  }
  std::uint64_t lo() const { return nsample > nbad ? nsample - nbad : 0; }
  std::uint64_t hi() const { return std::min(ngood, nsample); }
  // A window outside of which the mass is negligible (beyond 12 standard deviations).
  std::uint64_t window_lo() const {
    const double w = mean() - 12 * std::sqrt(var()) - 5;
    return std::max(lo(), w > 0 ? static_cast<std::uint64_t>(w) : 0);
  }
  std::uint64_t window_hi() const {
    return std::min(hi(), static_cast<std::uint64_t>(mean() + 12 * std::sqrt(var()) + 40));
  }
  HP setup() const {
    return dist::hypergeometric_setup(static_cast<std::uint32_t>(ngood), static_cast<std::uint32_t>(nbad),
                                      static_cast<std::uint32_t>(nsample));
  }
  long double pmf(std::uint64_t k) const { return hyper_pmf(k, ngood, nbad, nsample); }
};

std::vector<std::uint32_t> draw(const HP& hp, std::size_t count, std::uint64_t seed = 41) {
  return t::draw_values(dist::Hypergeometric<Tr>{hp}, count, seed);
}

t::DiscreteFit fit(const std::vector<std::uint32_t>& x, const Params& c) {
  return t::chi2_discrete(x, [&](std::uint64_t k) { return c.pmf(k); }, c.window_lo(), c.window_hi());
}

struct Case {
  Params p;
  int method;
};

constexpr std::uint64_t k2p29 = std::uint64_t{1} << 29, k2p30 = std::uint64_t{1} << 30, k2p31 = std::uint64_t{1} << 31;

}  // namespace

TEST(DistHypergeometric, FitsThePmfAtEveryBranch) {
  constexpr std::size_t kN = std::size_t{1} << 20;
  const Case cases[] = {
      {{5, 10, 4}, HP::inversion},                 // small
      {{10, 5, 12}, HP::inversion},                // both symmetries: m = 3 of the bad ones left behind
      {{19, 21, 20}, HP::inversion},               // mean 9.5, just below HRUA
      {{20, 20, 20}, HP::hrua},                    // mean 10: HRUA's smallest variance
      {{100, 200, 50}, HP::hrua},
      {{200, 100, 50}, HP::hrua},                  // counts the bad items (the same raws give 50 - X)
      {{100, 200, 250}, HP::hrua},                 // counts the items left behind
      {{700, 300, 600}, HP::hrua},                 // both
      {{1000, 1000, 1000}, HP::hrua},              // nsample = N/2
      {{1000000, 1000000, 100000}, HP::hrua},
      {{30, 1000000000, 500000000}, HP::hrua},     // mean 15, p = 1/2 of a huge population
      {{3000, 1000000000, 200000000}, HP::hrua},   // small fraction good
      {{k2p30, k2p30, k2p29}, HP::hrua},           // N = 2^31
      {{k2p31, k2p31 - 1, k2p31}, HP::hrua},       // N = 2^32 - 1, both symmetries
  };
  for (const Case& c : cases) {
    const Params& p = c.p;
    const HP hp = p.setup();
    ASSERT_EQ(hp.method, c.method) << p.ngood << " " << p.nbad << " " << p.nsample;
    const auto x = draw(hp, kN);
    for (auto k : x) ASSERT_TRUE(k >= p.lo() && k <= p.hi()) << k;
    const t::DiscreteFit f = fit(x, p);
    std::printf("hypergeometric(%llu, %llu, %llu): %d bins, chi2 %.1f, p = %.4f\n",
                static_cast<unsigned long long>(p.ngood), static_cast<unsigned long long>(p.nbad),
                static_cast<unsigned long long>(p.nsample), f.bins, f.chi2, f.p_value);
    EXPECT_GT(f.p_value, t::kDistAlpha) << p.ngood << " " << p.nbad << " " << p.nsample;
    EXPECT_GE(f.bins, 2);
    // Mean and variance against the exact ones; the variance's spread from the exact fourth moment.
    long double m4 = 0;
    for (std::uint64_t k = p.window_lo(); k <= p.window_hi(); ++k) {
      const long double d = static_cast<long double>(k) - p.mean();
      m4 += d * d * d * d * p.pmf(k);
    }
    double s1 = 0, s2 = 0;
    for (auto k : x) s1 += k;
    const double mean = s1 / kN;
    for (auto k : x) s2 += (k - mean) * (k - mean);
    const double var = s2 / (kN - 1);
    EXPECT_NEAR(mean, p.mean(), 5 * std::sqrt(p.var() / kN)) << "mean " << p.ngood << " " << p.nbad << " " << p.nsample;
    EXPECT_NEAR(var, p.var(), 5 * std::sqrt(static_cast<double>(m4 - p.var() * p.var()) / kN))
        << "variance " << p.ngood << " " << p.nbad << " " << p.nsample;
  }
}

TEST(DistHypergeometric, OnThe64BitEngine) {
  const Params p{100, 200, 250};
  const auto x = t::draw_values64(dist::Hypergeometric<core::philox::Traits4x64_10>{p.setup()}, std::size_t{1} << 20, 5);
  EXPECT_GT(fit(x, p).p_value, t::kDistAlpha);
}

TEST(DistHypergeometric, RareValue) {
  // (1, 999999999, 3): P(X = 1) = 3e-9, so 1 is expected 0.003 times in 2^20 values.
  const Params p{1, 999999999, 3};
  ASSERT_EQ(p.setup().method, HP::inversion);
  std::size_t ones = 0;
  for (auto k : draw(p.setup(), std::size_t{1} << 20)) {
    ASSERT_LE(k, 1u);
    ones += k;
  }
  EXPECT_LE(ones, 2u);
}

TEST(DistHypergeometric, DegenerateParameters) {
  struct D {
    std::uint32_t ngood, nbad, nsample, value;
  };
  const std::uint32_t max = 4294967295u;
  const D cases[] = {
      {0, 0, 0, 0},       {7, 9, 0, 0},       {7, 9, 16, 7},     {0, 9, 5, 0},         {7, 0, 5, 5},
      {0, max, 123, 0},   {max, 0, 123, 123}, {max, 0, max, max}, {0, max, max, 0},    {2147483648u, 2147483647u, max, 2147483648u},
      {2147483648u, 2147483647u, 0, 0},
  };
  for (const D& d : cases) {
    const HP hp = dist::hypergeometric_setup(d.ngood, d.nbad, d.nsample);
    EXPECT_EQ(hp.method, HP::constant) << d.ngood << " " << d.nbad << " " << d.nsample;
    for (auto k : draw(hp, 64)) EXPECT_EQ(k, d.value) << d.ngood << " " << d.nbad << " " << d.nsample;
  }
  // One item: X is 1 with probability ngood / N (inversion).
  const auto x = draw(dist::hypergeometric_setup(3, 7, 1), std::size_t{1} << 16);
  double ones = 0;
  for (auto k : x) ones += k;
  EXPECT_NEAR(ones / x.size(), 0.3, 5 * std::sqrt(0.21 / x.size()));
}

TEST(DistHypergeometric, HatCoversThePmf) {
  // Ratio of uniforms: (U, V) uniform on (0, 1]^2 covers the acceptance region iff for every k and
  // x in [k, k + 1): |x - a| sqrt(P(k)/P(M)) <= s/2. Stadlober's constants leave a margin of about
  // 0.17 / sd; checked in long double over small populations exhaustively and the test cases.
  std::vector<Params> ps;
  for (std::uint64_t n = 40; n <= 160; ++n) {
    for (std::uint64_t g = 1; g <= n / 2; ++g) {
      for (std::uint64_t m = 1; m <= n / 2; m += (n > 100 ? 3 : 1)) ps.push_back({g, n - g, m});
    }
  }
  for (const Params& p : std::vector<Params>{{100, 200, 50}, {1000, 1000, 1000}, {1000000, 1000000, 100000},
                                             {30, 1000000000, 500000000}, {k2p30, k2p30, k2p29}}) {
    ps.push_back(p);
  }
  int checked = 0;
  double worst = 0;
  for (const Params& p : ps) {
    const HP hp = p.setup();
    if (hp.method != HP::hrua) continue;
    ++checked;
    // The reduced problem (p's own parameters here: ngood <= nbad, nsample <= N/2).
    const auto m = static_cast<std::uint64_t>(hp.m), g = static_cast<std::uint64_t>(hp.g),
               b = static_cast<std::uint64_t>(hp.b);
    const std::uint64_t mode = (m + 1) * (g + 1) / (g + b + 2);
    const Params r{g, b, m};
    const long double fm = r.pmf(mode);
    long double biggest = 0;
    for (std::uint64_t k = r.window_lo(); k <= r.window_hi(); ++k) {
      const long double f = r.pmf(k);
      ASSERT_LE(f, fm * (1 + 1e-12L)) << "mode of " << g << " " << b << " " << m;
      const long double d = std::max(std::fabs(k - static_cast<long double>(hp.a)), std::fabs(k + 1 - static_cast<long double>(hp.a)));
      biggest = std::max(biggest, d * std::sqrt(f / fm) / (hp.s / 2));
    }
    EXPECT_LT(biggest, 1.0L) << g << " " << b << " " << m;
    worst = std::max(worst, static_cast<double>(biggest));
  }
  std::printf("hat: %d parameter sets, largest |x - a| sqrt(P(k)/P(M)) / (s/2) = %.6f\n", checked, worst);
  EXPECT_GT(checked, 20000);
}

TEST(DistHypergeometric, BrokenSamplersAreRejected) {
  constexpr std::size_t kN = std::size_t{1} << 20;
  const Params small{5, 10, 4}, mid{100, 200, 50}, bad_side{200, 100, 50}, left{100, 200, 250};
  const auto rejected = [&](const HP& hp, const Params& p, const char* what) {
    const double pv = fit(draw(hp, kN), p).p_value;
    std::printf("broken (%s): p = %.3g\n", what, pv);
    EXPECT_LT(pv, t::kDistAlpha) << what;
  };
  HP p0 = small.setup();
  p0.p0 *= 1.01;  // P(X = 0) 1 % off
  rejected(p0, small, "P(0) * 1.01");
  HP shifted = mid.setup();
  shifted.a += 1.0;  // off by one in the hat's centre
  rejected(shifted, mid, "a + 1");
  HP narrow = mid.setup();
  narrow.s *= 0.85;  // a hat too narrow: the acceptance region leaves the unit square
  rejected(narrow, mid, "s * 0.85");
  HP unswapped = bad_side.setup();
  unswapped.counts_bad = false;  // the good/bad symmetry forgotten
  rejected(unswapped, bad_side, "counts_bad dropped");
  HP kept = left.setup();
  kept.counts_left = false;  // the drawn/left-behind symmetry forgotten
  rejected(kept, left, "counts_left dropped");
}

TEST(DistHypergeometric, ValueDependsOnlyOnItsGroup) {
  // The canonical stream's values equal each group's transform alone, in any order; with raw 2k+1
  // changed, value 2k keeps its value under inversion (no keyed draw) and changes under HRUA
  // (raw 2k + 1 keys its draws).
  for (const Params& p : {Params{5, 10, 4}, Params{1000, 1000, 1000}}) {
    const dist::Hypergeometric<Tr> tr{p.setup()};
    constexpr std::size_t kValues = 4096;
    const auto values = t::draw_values(tr, kValues, 9);
    auto st = Tr::start(core::philox::Scheme4x32<10>::stream(9, 0));
    std::vector<std::uint32_t> raws(kValues);
    for (auto& r : raws) r = Tr::next(st);
    std::size_t changed = 0;
    for (std::size_t g = kValues / 2; g-- > 0;) {
      std::uint32_t out[2];
      tr(&raws[2 * g], out);
      ASSERT_EQ(out[0], values[2 * g]);
      ASSERT_EQ(out[1], values[2 * g + 1]);
      const std::uint32_t other[2] = {raws[2 * g], raws[2 * g + 1] ^ 0x80000000u};
      tr(other, out);
      changed += out[0] != values[2 * g];
    }
    if (tr.params.method == HP::inversion) {
      EXPECT_EQ(changed, 0u);
    } else {
      EXPECT_GT(changed, kValues / 2 / 2);  // P(equal) is about P(X = mode) = 0.025 here
    }
  }
}

TEST(DistHypergeometric, AttemptsPerValue) {
  // Measured against the ratio of uniforms' acceptance 1/(2 s P(M)).
  for (const Params& p : {Params{20, 20, 20}, Params{100, 200, 50}, Params{30, 1000000000, 500000000},
                          Params{1000, 1000, 1000}, Params{1000000, 1000000, 100000}, Params{k2p30, k2p30, k2p29}}) {
    const HP hp = p.setup();
    ASSERT_EQ(hp.method, HP::hrua);
    auto st = Tr::start(core::philox::Scheme4x32<10>::stream(3, 0));
    double draws = 0;
    constexpr int kValues = 1 << 17;
    for (int i = 0; i < kValues; ++i) {
      const std::uint32_t r[2] = {Tr::next(st), Tr::next(st)};
      dist::KeyedDraws d(r[0], r[1], Tr::uniform_double(r[0]), dist::DrawTag::hypergeometric, 0);
      dist::hypergeometric_variate(hp, d.first(), d);
      draws += d.used();
    }
    const double attempts = (draws / kValues + 1) / 2;  // attempt 1 takes one keyed draw, later ones two
    std::uint64_t mode = (p.nsample + 1) * (p.ngood + 1) / (p.ngood + p.nbad + 2);
    const double expected = static_cast<double>(2 * hp.s * p.pmf(mode));
    std::printf("hypergeometric(%llu, %llu, %llu): %.4f HRUA attempts per value (acceptance %.3f; 1/(2 s P(M)) = %.3f)\n",
                static_cast<unsigned long long>(p.ngood), static_cast<unsigned long long>(p.nbad),
                static_cast<unsigned long long>(p.nsample), attempts, 1 / attempts, 1 / expected);
    EXPECT_NEAR(attempts, expected, 0.02 * expected);
    EXPECT_LT(attempts, 2.0);
  }
}

TEST(DistHypergeometric, LogPmfIsAccurate) {
  // 40-digit mpmath values: loggamma differences, printed to 20 digits
  // (mp.dps = 40; lc(n, k) = loggamma(n+1) - loggamma(k+1) - loggamma(n-k+1); lc(g, k) + lc(b, m-k) - lc(g+b, m)).
  struct Row {
    double k, g, b, m, log_pmf;
  };
  const Row rows[] = {
      {0, 5, 10, 4, -1.8718021769015914266},
      {2, 5, 10, 4, -1.1096621248546946657},
      {4, 5, 10, 4, -5.6094717951849597326},
      {0, 20, 20, 20, -25.64940679325042537},
      {10, 20, 20, 20, -1.3958241640455164913},
      {20, 20, 20, 20, -25.64940679325042537},
      {16, 100, 200, 50, -2.0535334990156892239},
      {40, 100, 200, 50, -29.942177041841065664},
      {50000, 1000000, 1000000, 100000, -5.9566099445150137024},
      {52000, 1000000, 1000000, 100000, -90.187683517547713523},
      {0, 1, 999999999, 3, -3.000000004500000009e-9},
      {1, 1, 999999999, 3, -19.624653548278301465},
      {268435456, 1073741824, 1073741824, 536870912, -10.13258443504251035},
      {268485456, 1073741824, 1073741824, 536870912, -22.550218799821642218},
      {1073754169, 2147483648, 2147483647, 2147483648, -10.906852868645284525},
      {700, 3000, 1000000000, 200000000, -14.080521901796255896},
      {8, 10, 5, 12, -0.70419701674653028377},
      {7, 10, 5, 12, -1.3328056761689044215},
      {10, 10, 5, 12, -3.8177123259569047317},
  };
  double worst = 0;
  for (const Row& r : rows) {
    const double got = dist::special::hypergeometric_log_pmf(r.k, r.g, r.b, r.m);
    const double err = std::fabs(got - r.log_pmf) / std::max(1.0, std::fabs(r.log_pmf));
    worst = std::max(worst, err);
    EXPECT_LT(err, 1e-15) << r.k << " " << r.g << " " << r.b << " " << r.m << ": " << got;
  }
  std::printf("hypergeometric log pmf: largest error %.3g (absolute, relative above 1)\n", worst);
}

TEST(DistHypergeometric, ParameterChecks) {
  EXPECT_EQ(dist::check_hypergeometric(0, 0, 0), "");
  EXPECT_EQ(dist::check_hypergeometric(5, 10, 15), "");
  EXPECT_EQ(dist::check_hypergeometric(2147483648.0, 2147483647.0, 4294967295.0), "");
  EXPECT_EQ(dist::check_hypergeometric(-1, 10, 4), "hypergeometric ngood: must be an integer in [0, 2^32 - 1], got -1");
  EXPECT_EQ(dist::check_hypergeometric(5, 2.5, 4), "hypergeometric nbad: must be an integer in [0, 2^32 - 1], got 2.5");
  EXPECT_EQ(dist::check_hypergeometric(5, 10, NAN), "hypergeometric nsample: must be an integer in [0, 2^32 - 1], got nan");
  EXPECT_EQ(dist::check_hypergeometric(INFINITY, 10, 4),
            "hypergeometric ngood: must be an integer in [0, 2^32 - 1], got inf");
  EXPECT_EQ(dist::check_hypergeometric(4294967296.0, 0, 0),
            "hypergeometric ngood: must be an integer in [0, 2^32 - 1], got 4294967296");
  EXPECT_EQ(dist::check_hypergeometric(4294967295.0, 1, 0),
            "hypergeometric ngood, nbad: ngood + nbad must be at most 2^32 - 1, got 4294967296");
  EXPECT_EQ(dist::check_hypergeometric(5, 10, 16), "hypergeometric nsample: must be at most ngood + nbad = 15, got 16");
}
