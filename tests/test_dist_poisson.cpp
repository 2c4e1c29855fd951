// Poisson (core/dist/poisson.hpp, poisson_anchored.hpp): chi-square on the pmf, tails included, at
// lambdas that cover the three branches (inversion, anchored inversion, PTRS) and their boundaries;
// the anchored inversion against a long-double inversion and its tails against their conditional
// pmf; the checks reject deliberately broken samplers; values are a function of their raw group
// alone; parameter checks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "anchored_checks.hpp"
#include "dist_b_support.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"
#include "gpurng/core/dist/poisson.hpp"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
namespace t = gpurng::test;
using Tr = core::philox::Traits4x32_10;

namespace {

t::DiscreteFit poisson_fit(const std::vector<std::uint32_t>& x, double lambda, double min_expected = 20.0) {
  const double sd = std::sqrt(lambda);
  const std::uint64_t lo = lambda > 100 ? static_cast<std::uint64_t>(lambda - 9 * sd) : 0;
  const std::uint64_t hi = static_cast<std::uint64_t>(lambda + 12 * sd + 40);
  return t::chi2_discrete(x, [&](std::uint64_t k) { return t::poisson_pmf(k, lambda); }, lo, hi, min_expected);
}

std::vector<std::uint32_t> draw_poisson(const dist::PoissonParams& p, std::size_t n, std::uint64_t seed = 2311) {
  return t::draw_values(dist::Poisson<Tr>{p}, n, seed);
}
// PTRS wherever poisson_setup chooses it (the transform uses the anchored inversion below 2^16).
std::vector<std::uint32_t> draw_ptrs(const dist::PoissonParams& p, std::size_t n, std::uint64_t seed = 2311) {
  return t::draw_values(dist::Poisson<Tr>{p, false}, n, seed);
}
// The transform with its anchors built for `table_lambda` (a broken sampler when it is not lambda).
std::vector<std::uint32_t> draw_anchored(double lambda, double table_lambda, double a0_shift, std::size_t n) {
  dist::Poisson<Tr> tr{dist::poisson_setup(lambda)};
  const dist::PoissonLaw law = dist::poisson_law(table_lambda);
  tr.params.inv_lambda = law.inv_lambda;
  dist::anchored_place(law, tr.params.anchor);
  dist::anchored_setup(law, tr.params.anchor, tr.anchors);
  tr.params.anchor.a0 += a0_shift;
  return t::draw_values(tr, n, 2311);
}

}  // namespace

TEST(DistPoisson, FitsThePmfAtEveryBranch) {
  constexpr std::size_t kN = std::size_t{1} << 20;
  for (double lambda : {0.5, 9.9, 10.0, 30.0, 100.0, 1e4, 65535.5, 65536.0, 1e9, 2147483648.0}) {
    const auto x = draw_poisson(dist::poisson_setup(lambda), kN);
    const t::DiscreteFit f = poisson_fit(x, lambda);
    std::printf("poisson(%g): %d bins, chi2 %.1f, p = %.4f\n", lambda, f.bins, f.chi2, f.p_value);
    EXPECT_GT(f.p_value, t::kDistAlpha) << "lambda " << lambda;
    EXPECT_GE(f.bins, lambda < 1 ? 3 : 10);
    // Mean and variance within 5 standard errors.
    double m = 0, v = 0;
    for (auto k : x) m += k;
    m /= kN;
    for (auto k : x) v += (k - m) * (k - m);
    v /= kN;
    EXPECT_NEAR(m, lambda, 5 * std::sqrt(lambda / kN)) << "mean, lambda " << lambda;
    EXPECT_NEAR(v, lambda, 5 * lambda * std::sqrt((2.0 + 1.0 / lambda) / kN)) << "variance, lambda " << lambda;
  }
}

TEST(DistPoisson, TinyLambda) {
  // lambda = 1e-6: P(X = 1) = 1e-6; 2^24 values, the two bins {0}, {>= 1}; no 2 (P = 5e-13).
  constexpr std::size_t kN = std::size_t{1} << 24;
  const auto x = draw_poisson(dist::poisson_setup(1e-6), kN);
  const t::DiscreteFit f = poisson_fit(x, 1e-6, 5.0);
  std::size_t ones = 0;
  for (auto k : x) {
    ASSERT_LE(k, 1u);
    ones += k;
  }
  std::printf("poisson(1e-6): %zu ones in 2^24 (expected %.1f), p = %.3f\n", ones, kN * 1e-6, f.p_value);
  EXPECT_EQ(f.bins, 2);
  EXPECT_GT(f.p_value, t::kDistAlpha);
  EXPECT_GT(ones, 0u);
}

TEST(DistPoisson, FarTails) {
  // P(X >= k) far out, on 2^22 values: lambda = 9.9 (inversion), 10, 30 (anchored) and 30 by PTRS. The
  // counts above thresholds with tail probability about 1e-5 match within 5 standard deviations.
  constexpr std::size_t kN = std::size_t{1} << 22;
  for (double lambda : {9.9, 10.0, 30.0, -30.0}) {
    const bool ptrs = lambda < 0;
    lambda = std::fabs(lambda);
    const auto x = ptrs ? draw_ptrs(dist::poisson_setup(lambda), kN, 99) : draw_poisson(dist::poisson_setup(lambda), kN, 99);
    for (bool upper : {true, false}) {
      // threshold: first k (from the mean outward) whose tail is below 2e-5
      long double tail = 0;
      std::uint64_t k0;
      if (upper) {
        k0 = static_cast<std::uint64_t>(lambda) + 100;
        for (; tail + t::poisson_pmf(k0, lambda) < 2e-5L; --k0) tail += t::poisson_pmf(k0, lambda);
        ++k0;  // tail = P(X >= k0) (k0..lambda+100, beyond is negligible)
      } else {
        k0 = 0;
        for (; tail + t::poisson_pmf(k0, lambda) < 2e-5L; ++k0) tail += t::poisson_pmf(k0, lambda);
        if (k0 == 0) continue;  // no lower tail that thin
        --k0;                   // tail = P(X <= k0)
      }
      std::size_t count = 0;
      for (auto k : x) count += upper ? (k >= k0) : (k <= k0);
      const double expect = static_cast<double>(tail) * kN;
      std::printf("poisson(%g): P(X %s %llu) = %.3Lg, %zu seen, %.1f expected\n", lambda, upper ? ">=" : "<=",
                  static_cast<unsigned long long>(k0), tail, count, expect);
      EXPECT_NEAR(static_cast<double>(count), expect, 5 * std::sqrt(expect) + 1) << lambda << (upper ? " upper" : " lower");
    }
  }
}

TEST(DistPoisson, BrokenSamplersAreRejected) {
  constexpr std::size_t kN = std::size_t{1} << 20;
  // Inversion with P(X = 0) 1 % too large (a wrong constant).
  dist::PoissonParams inv = dist::poisson_setup(0.5);
  inv.exp_minus_lambda *= 1.01;
  EXPECT_LT(poisson_fit(draw_poisson(inv, kN), 0.5).p_value, t::kDistAlpha) << "exp(-lambda) * 1.01";
  // PTRS with the proposal shifted by one (0.43 -> 1.43: an off-by-one in k).
  dist::PoissonParams off = dist::poisson_setup(30.0);
  off.k_offset += 1.0;
  EXPECT_LT(poisson_fit(draw_ptrs(off, kN), 30.0).p_value, t::kDistAlpha) << "PTRS k + 1";
  // PTRS with its hat 10 % too low (a wrong constant in alpha): the hat no longer covers the pmf.
  dist::PoissonParams low = dist::poisson_setup(30.0);
  low.log_inv_alpha -= 0.1;
  EXPECT_LT(poisson_fit(draw_ptrs(low, kN), 30.0).p_value, t::kDistAlpha) << "PTRS hat too low";
  // PTRS with its constants for 12 and lambda 12.5 in the final test.
  dist::PoissonParams wrong = dist::poisson_setup(12.0);
  wrong.lambda = 12.5;
  EXPECT_LT(poisson_fit(draw_ptrs(wrong, kN), 12.0).p_value, t::kDistAlpha) << "lambda 12.5 for 12";
  // The anchored inversion with its anchors summed for lambda 0.5 % too large, and with A_0 one too
  // high (an off-by-one: every middle value one larger).
  EXPECT_LT(poisson_fit(draw_anchored(100.0, 100.5, 0.0, kN), 100.0).p_value, t::kDistAlpha) << "anchors of 100.5";
  EXPECT_LT(poisson_fit(draw_anchored(100.0, 100.0, 1.0, kN), 100.0).p_value, t::kDistAlpha) << "A_0 + 1";
  // ... and the same constructions unbroken pass.
  EXPECT_GT(poisson_fit(draw_anchored(100.0, 100.0, 0.0, kN), 100.0).p_value, t::kDistAlpha);
}

TEST(DistPoisson, SixtyFourBitEngine) {
  constexpr std::size_t kN = std::size_t{1} << 19;
  for (double lambda : {3.0, 100.0, 1e4}) {
    const auto x = t::draw_values64(dist::Poisson<core::philox::Traits4x64_10>{dist::poisson_setup(lambda)}, kN, 5);
    EXPECT_GT(poisson_fit(x, lambda).p_value, t::kDistAlpha) << lambda;
  }
}

// The anchored inversion's middle is the inversion of u against the Poisson cdf (long double,
// summed from 0), except within 1e-12 of a step of the cdf (the two sums' roundings); swept over u,
// including every anchor's sum and its neighbours, at lambdas over the branch (anchored_checks.hpp).
TEST(DistPoisson, AnchoredMiddleIsTheInversion) {
  std::uint64_t seed = 3;
  for (double lambda : {10.0, 10.5, 31.7, 100.0, 777.7, 1e4, 32768.5, std::nextafter(dist::kPoissonAnchoredMax, 0.0)}) {
    const dist::Poisson<Tr> tr{dist::poisson_setup(lambda)};
    ASSERT_EQ(tr.params.method, dist::PoissonParams::anchored) << lambda;
    char what[64];
    std::snprintf(what, sizeof what, "poisson(%g)", lambda);
    EXPECT_GT(t::expect_middle_is_the_inversion(tr, [&](std::uint64_t k) { return t::poisson_pmf(k, lambda); }, what, seed++),
              19000);
  }
}

// A tail value has the tail's conditional distribution P(X = k) / P(tail), far out included:
// chi-square of 2^18 tail values per tail at lambda = 100 and 1e4 (anchored_checks.hpp).
TEST(DistPoisson, AnchoredTailsHaveTheirConditionalPmf) {
  for (double lambda : {100.0, 1e4}) {
    const dist::Poisson<Tr> tr{dist::poisson_setup(lambda)};
    char what[64];
    std::snprintf(what, sizeof what, "poisson(%g)", lambda);
    t::expect_tails_have_their_conditional_pmf(tr, [&](std::uint64_t k) { return t::poisson_pmf(k, lambda); },
                                               std::sqrt(lambda), 4294967295.0, what);
  }
}

TEST(DistPoisson, AttemptsAndIndependenceOfTheTwoSlots) {
  // PTRS attempts per value (keyed draws 1 + 2 (attempts - 1)), and the correlation of values 2k
  // and 2k + 1 (which share their key).
  for (double lambda : {10.0, 30.0, 1e4, 1e9}) {
    const dist::PoissonParams p = dist::poisson_setup(lambda);
    auto st = Tr::start(core::philox::Scheme4x32<10>::stream(7, 0));
    constexpr int kPairs = 1 << 18;
    double draws = 0, sxy = 0, sx = 0, sy = 0, sxx = 0, syy = 0;
    for (int i = 0; i < kPairs; ++i) {
      const std::uint32_t r[2] = {Tr::next(st), Tr::next(st)};
      double v[2];
      for (unsigned j = 0; j < 2; ++j) {
        dist::KeyedDraws d(r[0], r[1], Tr::uniform_double(r[j]), dist::DrawTag::poisson, j);
        v[j] = dist::poisson_variate(p, d.first(), d);
        draws += d.used();
      }
      sx += v[0], sy += v[1], sxx += v[0] * v[0], syy += v[1] * v[1], sxy += v[0] * v[1];
    }
    const double attempts = (draws / (2.0 * kPairs) + 1) / 2;
    const double n = kPairs;
    const double corr = (sxy / n - sx / n * sy / n) / std::sqrt((sxx / n - sx / n * sx / n) * (syy / n - sy / n * sy / n));
    std::printf("poisson(%g): %.4f PTRS attempts per value (acceptance %.3f), slot correlation %.5f\n", lambda, attempts,
                1 / attempts, corr);
    EXPECT_LT(attempts, lambda < 20 ? 1.4 : 1.25);
    EXPECT_LT(std::fabs(corr), 5 / std::sqrt(n));
  }
}

TEST(DistPoisson, ValueDependsOnlyOnItsRawGroup) {
  // Values 2k, 2k + 1 recomputed from the two raws alone (the engine's element(), no sequence)
  // equal the values of a sequential run, for groups far apart.
  const dist::Poisson<Tr> tr{dist::poisson_setup(42.0)};
  const auto seq = t::draw_values(tr, 4096, 31, 5);
  const auto stream = core::philox::Scheme4x32<10>::stream(31, 5);
  for (std::size_t k : {0u, 1u, 17u, 1000u, 2047u}) {
    const std::uint32_t r[2] = {core::philox::Engine4x32_10::element(stream, 2 * k),
                                core::philox::Engine4x32_10::element(stream, 2 * k + 1)};
    std::uint32_t out[2];
    tr(r, out);
    EXPECT_EQ(out[0], seq[2 * k]);
    EXPECT_EQ(out[1], seq[2 * k + 1]);
  }
}

TEST(DistPoisson, ParameterChecks) {
  EXPECT_EQ(dist::check_poisson(0.0), "");
  EXPECT_EQ(dist::check_poisson(1e9), "");
  EXPECT_EQ(dist::check_poisson(2147483648.0), "");
  EXPECT_EQ(dist::check_poisson(-1.0), "poisson lambda: must be in [0, 2^31], got -1");
  EXPECT_EQ(dist::check_poisson(NAN), "poisson lambda: must be in [0, 2^31], got nan");
  EXPECT_NE(dist::check_poisson(INFINITY), "");
  EXPECT_NE(dist::check_poisson(2147483649.0), "");
  // lambda = 0 gives 0 without drawing.
  const auto x = draw_poisson(dist::poisson_setup(0.0), 64);
  for (auto k : x) EXPECT_EQ(k, 0u);
}
