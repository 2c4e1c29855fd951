// Negative binomial (core/dist/negative_binomial.hpp): chi-square on the pmf, tails included, for
// small and large means, r below and above 1; a broken sampler is rejected; parameter checks.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "dist_b_support.hpp"
#include "gpurng/core/dist/negative_binomial.hpp"
#include "gpurng/core/dist/parameter_checks.hpp"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
namespace t = gpurng::test;
using Tr = core::philox::Traits4x32_10;

namespace {

long double nb_pmf(std::uint64_t k, long double r, long double p) {
  const long double kk = static_cast<long double>(k);
  return std::exp(std::lgamma(kk + r) - std::lgamma(kk + 1) - std::lgamma(r) + r * std::log(p) + kk * std::log1p(-p));
}

t::DiscreteFit nb_fit(const std::vector<std::uint64_t>& x, double r, double p) {
  const double mean = r * (1 - p) / p, sd = std::sqrt(r * (1 - p)) / p;
  const std::uint64_t hi = static_cast<std::uint64_t>(mean + 15 * sd + 60);
  return t::chi2_discrete(x, [&](std::uint64_t k) { return nb_pmf(k, r, p); }, 0, hi);
}

}  // namespace

TEST(DistNegativeBinomial, FitsThePmf) {
  constexpr std::size_t kN = std::size_t{1} << 19;
  const double cases[][2] = {{3, 0.4}, {0.5, 0.05}, {100, 0.5}, {1, 0.9}, {2.5, 1e-4}, {0.01, 0.001}};
  for (const auto& c : cases) {
    const auto x = t::draw_values(dist::NegativeBinomial<Tr>{dist::negative_binomial_setup(c[0], c[1])}, kN, 13);
    const t::DiscreteFit f = nb_fit(x, c[0], c[1]);
    std::printf("negative binomial(%g, %g): %d bins, chi2 %.1f, p = %.4f\n", c[0], c[1], f.bins, f.chi2, f.p_value);
    EXPECT_GT(f.p_value, t::kDistAlpha) << c[0] << " " << c[1];
    EXPECT_GE(f.bins, 2);
  }
  for (auto k : t::draw_values(dist::NegativeBinomial<Tr>{dist::negative_binomial_setup(5, 1.0)}, 64, 1)) EXPECT_EQ(k, 0u);
}

TEST(DistNegativeBinomial, BrokenSamplerIsRejected) {
  // The gamma's scale p/(1 - p) instead of (1 - p)/p.
  dist::NegativeBinomialParams nb = dist::negative_binomial_setup(3, 0.4);
  nb.theta = 0.4 / 0.6;
  const auto x = t::draw_values(dist::NegativeBinomial<Tr>{nb}, std::size_t{1} << 19, 13);
  EXPECT_LT(nb_fit(x, 3, 0.4).p_value, t::kDistAlpha);
  // r off by 2 %.
  dist::NegativeBinomialParams r2 = dist::negative_binomial_setup(100 * 1.02, 0.5);
  const auto y = t::draw_values(dist::NegativeBinomial<Tr>{r2}, std::size_t{1} << 19, 13);
  EXPECT_LT(nb_fit(y, 100, 0.5).p_value, t::kDistAlpha);
}

TEST(DistNegativeBinomial, ParameterChecks) {
  EXPECT_EQ(dist::check_negative_binomial(3, 0.4), "");
  EXPECT_EQ(dist::check_negative_binomial(3, 1.0), "");
  EXPECT_EQ(dist::check_negative_binomial(0, 0.5), "negative binomial r: must be in [1e-300, 1e300], got 0");
  EXPECT_EQ(dist::check_negative_binomial(2, 0.0), "negative binomial p: must be in (0, 1], got 0");
  EXPECT_EQ(dist::check_negative_binomial(2, NAN), "negative binomial p: must be in (0, 1], got nan");
  EXPECT_EQ(dist::check_negative_binomial(2, 1.5), "negative binomial p: must be in (0, 1], got 1.5");
  EXPECT_NE(dist::check_negative_binomial(1e6, 1e-9), "");  // mean 1e15: beyond the 2^45 spread limit
}
