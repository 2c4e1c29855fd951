// Binomial (core/dist/binomial.hpp): chi-square on the pmf, tails included, for n p small
// (inversion) and large (anchored inversion, BTRS), p above 1/2 (reflection), p = 0 and 1, n up to
// 2^32 - 1; the anchored inversion against the exact cdf and its tails' pmf; broken samplers are
// rejected; parameter checks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "anchored_checks.hpp"
#include "dist_b_support.hpp"
#include "gpurng/core/dist/binomial.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
namespace t = gpurng::test;
using Tr = core::philox::Traits4x32_10;

namespace {

t::DiscreteFit binomial_fit(const std::vector<std::uint32_t>& x, std::uint64_t n, double p) {
  const double mean = n * p, sd = std::sqrt(n * p * (1 - p));
  const std::uint64_t lo = static_cast<std::uint64_t>(std::max(0.0, mean - 9 * sd - 5));
  const std::uint64_t hi = static_cast<std::uint64_t>(std::min(static_cast<double>(n), mean + 12 * sd + 40));
  return t::chi2_discrete(x, [&](std::uint64_t k) { return t::binomial_pmf(k, n, p); }, lo, hi);
}

std::vector<std::uint32_t> draw_binomial(const dist::BinomialParams& bp, std::size_t count, std::uint64_t seed = 77) {
  return t::draw_values(dist::Binomial<Tr>{bp}, count, seed);
}
// BTRS wherever binomial_setup chooses it (the transform uses the anchored inversion where it fits).
std::vector<std::uint32_t> draw_btrs(const dist::BinomialParams& bp, std::size_t count, std::uint64_t seed = 77) {
  return t::draw_values(dist::Binomial<Tr>{bp, false}, count, seed);
}
// The transform with its anchors built for success probability `table_p` (a broken sampler when it
// is not p) and A_0 shifted.
std::vector<std::uint32_t> draw_anchored(std::uint32_t n, double p, double table_p, double a0_shift, std::size_t count) {
  dist::Binomial<Tr> tr{dist::binomial_setup(n, p)};
  const dist::BinomialLaw law = dist::binomial_law(dist::binomial_setup(n, table_p));
  dist::anchored_place(law, tr.params.anchor);
  dist::anchored_setup(law, tr.params.anchor, tr.anchors);
  tr.params.anchor.a0 += a0_shift;
  return t::draw_values(tr, count, 77);
}

// P(Y = k), Y ~ binomial(n, s), for k up to the mean + 60 sd: by the ratio recurrence out from the
// mode in long double, normalised (lgamma's absolute error at n = 2^32, 1e-8, would exceed the
// 1e-12 the anchored checks resolve; a common factor cancels in the normalisation).
std::vector<long double> min_side_pmf(std::uint64_t n, long double s) {
  const long double mean = n * s, sd = std::sqrt(mean * (1 - s));
  const std::uint64_t top = std::min<std::uint64_t>(n, static_cast<std::uint64_t>(mean + 60 * sd + 60));
  const std::uint64_t mode = static_cast<std::uint64_t>((n + 1) * s);
  const long double r = s / (1 - s);
  std::vector<long double> p(top + 1, 0.0L);
  p[mode] = 1.0L;
  for (std::uint64_t k = mode + 1; k <= top; ++k) p[k] = p[k - 1] * (static_cast<long double>(n - k + 1) * r) / k;
  for (std::uint64_t k = mode; k > 0; --k) p[k - 1] = p[k] * k / (static_cast<long double>(n - k + 1) * r);
  long double total = 0;
  for (long double x : p) total += x;
  for (long double& x : p) x /= total;
  return p;
}

struct Case {
  std::uint32_t n;
  double p;
  int method;      // binomial_setup's
  int transform;   // the transform's
};

}  // namespace

TEST(DistBinomial, FitsThePmfAtEveryBranch) {
  constexpr std::size_t kN = std::size_t{1} << 20;
  const std::uint32_t big = 2147483647u;  // 2^31 - 1
  constexpr int kInv = dist::BinomialParams::inversion, kBtrs = dist::BinomialParams::btrs,
                kAnch = dist::BinomialParams::anchored;
  const Case cases[] = {
      {1, 0.5, kInv, kInv},           {20, 0.3, kInv, kInv},          {1000, 0.005, kInv, kInv},
      {big, 1e-9, kInv, kInv},        {40, 0.8, kInv, kInv},          {21, 0.5, kBtrs, kBtrs},
      {100, 0.3, kBtrs, kAnch},       {60, 0.75, kBtrs, kAnch},       {big, 3e-8, kBtrs, kAnch},
      {big, 0.5, kBtrs, kBtrs},       {4294967295u, 0.7, kBtrs, kBtrs}, {1000000, 0.999999, kInv, kInv},
      {40, 0.25, kBtrs, kAnch},       {1000000, 0.06, kBtrs, kAnch},  {270000, 0.5, kBtrs, kBtrs},
  };
  for (const Case& c : cases) {
    const dist::BinomialParams bp = dist::binomial_setup(c.n, c.p);
    ASSERT_EQ(bp.method, c.method) << c.n << " " << c.p;
    ASSERT_EQ(dist::Binomial<Tr>{bp}.params.method, c.transform) << c.n << " " << c.p;
    const auto x = c.transform == kAnch ? draw_binomial(bp, kN) : draw_btrs(bp, kN);
    for (auto k : x) ASSERT_LE(k, c.n);
    const t::DiscreteFit f = binomial_fit(x, c.n, c.p);
    std::printf("binomial(%u, %g): %d bins, chi2 %.1f, p = %.4f\n", c.n, c.p, f.bins, f.chi2, f.p_value);
    EXPECT_GT(f.p_value, t::kDistAlpha) << c.n << " " << c.p;
    EXPECT_GE(f.bins, 2);
    double m = 0;
    for (auto k : x) m += k;
    m /= kN;
    EXPECT_NEAR(m, c.n * c.p, 5 * std::sqrt(c.n * c.p * (1 - c.p) / kN)) << "mean " << c.n << " " << c.p;
    if (c.transform == kAnch) {  // BTRS, kept for the rest of its range, on the same parameters
      const t::DiscreteFit g = binomial_fit(draw_btrs(bp, kN), c.n, c.p);
      EXPECT_GT(g.p_value, t::kDistAlpha) << "BTRS " << c.n << " " << c.p;
    }
  }
}

// The anchored inversion's middle against the exact cdf of the min side, and its tails' pmf
// (anchored_checks.hpp), from the smallest n where the anchors fit to n near 2^32 and a variance near
// 2^16.
TEST(DistBinomial, AnchoredInversionIsExact) {
  struct P {
    std::uint32_t n;
    double p;
  };
  std::uint64_t seed = 5;
  for (P c : {P{40, 0.25}, P{100, 0.3}, P{100, 0.7}, P{5000, 0.5}, P{1000000, 0.06}, P{4294967295u, 1e-5}, P{262000, 0.5}}) {
    const dist::Binomial<Tr> tr{dist::binomial_setup(c.n, c.p)};
    ASSERT_EQ(tr.params.method, dist::BinomialParams::anchored) << c.n << " " << c.p;
    const double s = tr.params.s;
    const std::vector<long double> table = min_side_pmf(c.n, s);
    const auto pmf = [&](std::uint64_t k) { return k < table.size() ? table[k] : 0.0L; };
    char what[64];
    std::snprintf(what, sizeof what, "binomial(%u, %g)", c.n, c.p);
    EXPECT_GT(t::expect_middle_is_the_inversion(tr, pmf, what, seed++), 19000);
    if (c.n == 100 || c.n == 1000000) {
      t::expect_tails_have_their_conditional_pmf(tr, pmf, std::sqrt(c.n * s * (1 - s)), c.n, what);
    }
  }
}

TEST(DistBinomial, DegenerateParameters) {
  for (double p : {0.0, 1.0}) {
    for (std::uint32_t n : {0u, 1u, 17u, 2147483647u, 4294967295u}) {
      const auto x = draw_binomial(dist::binomial_setup(n, p), 64);
      for (auto k : x) EXPECT_EQ(k, p == 0.0 ? 0u : n) << n << " " << p;
    }
  }
  for (auto k : draw_binomial(dist::binomial_setup(0, 0.3), 64)) EXPECT_EQ(k, 0u);
}

TEST(DistBinomial, FarTails) {
  // Counts beyond thresholds of tail probability about 1e-5, on 2^22 values (BTRS at n p = 30).
  constexpr std::size_t kN = std::size_t{1} << 22;
  const std::uint32_t n = 100;
  const double p = 0.3;
  const auto x = draw_binomial(dist::binomial_setup(n, p), kN, 5);
  long double upper = 0, lower = 0;
  std::uint32_t ku = n, kl = 0;
  for (; upper + t::binomial_pmf(ku, n, p) < 2e-5L; --ku) upper += t::binomial_pmf(ku, n, p);
  for (; lower + t::binomial_pmf(kl, n, p) < 2e-5L; ++kl) lower += t::binomial_pmf(kl, n, p);
  std::size_t cu = 0, cl = 0;
  for (auto k : x) cu += k > ku, cl += k < kl;
  std::printf("binomial(100, 0.3): P(X > %u) = %.3Lg: %zu seen, %.1Lf expected; P(X < %u) = %.3Lg: %zu seen, %.1Lf expected\n",
              ku, upper, cu, upper * kN, kl, lower, cl, lower * kN);
  EXPECT_NEAR(static_cast<double>(cu), static_cast<double>(upper * kN), 5 * std::sqrt(static_cast<double>(upper * kN)) + 1);
  EXPECT_NEAR(static_cast<double>(cl), static_cast<double>(lower * kN), 5 * std::sqrt(static_cast<double>(lower * kN)) + 1);
}

TEST(DistBinomial, BrokenSamplersAreRejected) {
  constexpr std::size_t kN = std::size_t{1} << 20;
  dist::BinomialParams inv = dist::binomial_setup(20, 0.3);
  inv.q_pow_n *= 1.01;  // P(X = 0) 1 % off
  EXPECT_LT(binomial_fit(draw_binomial(inv, kN), 20, 0.3).p_value, t::kDistAlpha) << "(1-p)^n * 1.01";
  dist::BinomialParams shifted = dist::binomial_setup(100, 0.3);
  shifted.c += 1.0;  // off-by-one in the proposal's k
  EXPECT_LT(binomial_fit(draw_btrs(shifted, kN), 100, 0.3).p_value, t::kDistAlpha) << "BTRS k + 1";
  dist::BinomialParams low = dist::binomial_setup(100, 0.3);
  low.alpha *= 0.9;  // hat 10 % too low
  EXPECT_LT(binomial_fit(draw_btrs(low, kN), 100, 0.3).p_value, t::kDistAlpha) << "BTRS alpha * 0.9";
  for (bool btrs : {false, true}) {
    dist::BinomialParams unflipped = dist::binomial_setup(100, 0.7);
    unflipped.flip = false;  // the reflection forgotten
    EXPECT_LT(binomial_fit(btrs ? draw_btrs(unflipped, kN) : draw_binomial(unflipped, kN), 100, 0.7).p_value, t::kDistAlpha)
        << "no reflection" << (btrs ? ", BTRS" : "");
  }
  // The anchored inversion: anchors summed for p = 0.302 used at 0.3; A_0 one too high.
  EXPECT_LT(binomial_fit(draw_anchored(100, 0.3, 0.302, 0.0, kN), 100, 0.3).p_value, t::kDistAlpha) << "anchors of 0.302";
  EXPECT_LT(binomial_fit(draw_anchored(1000, 0.3, 0.3, 1.0, kN), 1000, 0.3).p_value, t::kDistAlpha) << "A_0 + 1";
}

TEST(DistBinomial, AttemptsPerValue) {
  for (double p : {0.1, 0.5}) {
    for (std::uint32_t n : {100u, 10000u, 2147483647u}) {
      const dist::BinomialParams bp = dist::binomial_setup(n, p);
      auto st = Tr::start(core::philox::Scheme4x32<10>::stream(3, 0));
      double draws = 0;
      constexpr int kValues = 1 << 17;
      for (int i = 0; i < kValues; ++i) {
        const std::uint32_t r[2] = {Tr::next(st), Tr::next(st)};
        dist::KeyedDraws d(r[0], r[1], Tr::uniform_double(r[0]), dist::DrawTag::binomial, 0);
        dist::binomial_variate(bp, d.first(), d);
        draws += d.used();
      }
      const double attempts = (draws / kValues + 1) / 2;
      std::printf("binomial(%u, %g): %.4f BTRS attempts per value (acceptance %.3f)\n", n, p, attempts, 1 / attempts);
      EXPECT_LT(attempts, 1.45);
    }
  }
}

TEST(DistBinomial, ParameterChecks) {
  EXPECT_EQ(dist::check_binomial(0, 0.0), "");
  EXPECT_EQ(dist::check_binomial(4294967295ull, 1.0), "");
  EXPECT_EQ(dist::check_binomial(4294967296ull, 0.5), "binomial n: must be in [0, 2^32 - 1], got 4294967296");
  EXPECT_EQ(dist::check_binomial(10, -0.25), "binomial p: must be in [0, 1], got -0.25");
  EXPECT_EQ(dist::check_binomial(10, 1.5), "binomial p: must be in [0, 1], got 1.5");
  EXPECT_EQ(dist::check_binomial(10, NAN), "binomial p: must be in [0, 1], got nan");
}
