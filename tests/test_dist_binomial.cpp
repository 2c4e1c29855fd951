// Binomial (core/dist/binomial.hpp): chi-square on the pmf, tails included, for n p small
// (inversion) and large (BTRS), p above 1/2 (reflection), p = 0 and 1, n up to 2^32 - 1; broken
// samplers are rejected; parameter checks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

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

struct Case {
  std::uint32_t n;
  double p;
  int method;
};

}  // namespace

TEST(DistBinomial, FitsThePmfAtEveryBranch) {
  constexpr std::size_t kN = std::size_t{1} << 20;
  const std::uint32_t big = 2147483647u;  // 2^31 - 1
  const Case cases[] = {
      {1, 0.5, dist::BinomialParams::inversion},          {20, 0.3, dist::BinomialParams::inversion},
      {1000, 0.005, dist::BinomialParams::inversion},     {big, 1e-9, dist::BinomialParams::inversion},
      {40, 0.8, dist::BinomialParams::inversion},         {21, 0.5, dist::BinomialParams::btrs},
      {100, 0.3, dist::BinomialParams::btrs},             {60, 0.75, dist::BinomialParams::btrs},
      {big, 3e-8, dist::BinomialParams::btrs},            {big, 0.5, dist::BinomialParams::btrs},
      {4294967295u, 0.7, dist::BinomialParams::btrs},     {1000000, 0.999999, dist::BinomialParams::inversion},
  };
  for (const Case& c : cases) {
    const dist::BinomialParams bp = dist::binomial_setup(c.n, c.p);
    ASSERT_EQ(bp.method, c.method) << c.n << " " << c.p;
    const auto x = draw_binomial(bp, kN);
    for (auto k : x) ASSERT_LE(k, c.n);
    const t::DiscreteFit f = binomial_fit(x, c.n, c.p);
    std::printf("binomial(%u, %g): %d bins, chi2 %.1f, p = %.4f\n", c.n, c.p, f.bins, f.chi2, f.p_value);
    EXPECT_GT(f.p_value, t::kDistAlpha) << c.n << " " << c.p;
    EXPECT_GE(f.bins, 2);
    double m = 0;
    for (auto k : x) m += k;
    m /= kN;
    EXPECT_NEAR(m, c.n * c.p, 5 * std::sqrt(c.n * c.p * (1 - c.p) / kN)) << "mean " << c.n << " " << c.p;
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
  EXPECT_LT(binomial_fit(draw_binomial(shifted, kN), 100, 0.3).p_value, t::kDistAlpha) << "BTRS k + 1";
  dist::BinomialParams low = dist::binomial_setup(100, 0.3);
  low.alpha *= 0.9;  // hat 10 % too low
  EXPECT_LT(binomial_fit(draw_binomial(low, kN), 100, 0.3).p_value, t::kDistAlpha) << "BTRS alpha * 0.9";
  dist::BinomialParams unflipped = dist::binomial_setup(100, 0.7);
  unflipped.flip = false;  // the reflection forgotten
  EXPECT_LT(binomial_fit(draw_binomial(unflipped, kN), 100, 0.7).p_value, t::kDistAlpha) << "no reflection";
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
