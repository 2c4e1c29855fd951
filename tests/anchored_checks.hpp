// Checks of the anchored inversion (core/dist/anchored_inversion.hpp) for any transform that uses it
// (Poisson, binomial): its middle is the inversion of u against the law's exact cdf, its tails have
// the tail's conditional pmf. A transform `tr` here has law(), params.anchor and anchors; `pmf(k)`
// is the exact pmf (long double) of the variate the anchors invert (binomial: the min side).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "dist_b_support.hpp"
#include "gpurng/core/dist/anchored_inversion.hpp"

namespace gpurng::test {

// The middle's values against the cdf summed from 0 in long double, over 20000 random u and every
// anchor's sum and its neighbours: right except within 1e-12 of a step of the cdf (the two sums'
// roundings). Returns how many u fell in the middle.
template <class Transform, class Pmf>
int expect_middle_is_the_inversion(const Transform& tr, const Pmf& pmf, const char* what, std::uint64_t seed) {
  namespace dist = gpurng::core::dist;
  const dist::AnchorScalars& s = tr.params.anchor;
  const auto a0 = static_cast<std::uint64_t>(s.a0);
  const auto top = static_cast<std::uint64_t>(dist::anchored_last(s));
  std::vector<long double> cdf;  // cdf[k - a0], k = a0 .. top
  long double c = 0;
  for (std::uint64_t k = 0; k <= top; ++k) {
    c += pmf(k);
    if (k >= a0) cdf.push_back(c);
  }
  std::mt19937_64 rng(seed);
  std::vector<double> us;
  for (int i = 0; i < 20000; ++i) us.push_back(std::uniform_real_distribution<double>(0.0, 1.0)(rng));
  for (int i = 0; i < 32; ++i) {
    const double e = tr.anchors.entry(i);
    for (double u : {e, std::nextafter(e, 0.0), std::nextafter(e, 2.0)}) us.push_back(u);
  }
  int middle = 0, near = 0;
  for (double u : us) {
    const double k = dist::anchored_middle(tr.law(), s, tr.anchors.data(), u);
    if (k < 0) {  // a tail: u is beyond the first or last anchor's sum
      EXPECT_TRUE(k == -1.0 ? u <= tr.anchors.entry(0) && a0 > 0 : u > tr.anchors.entry(31)) << what << " " << u;
      continue;
    }
    ++middle;
    const std::size_t i = static_cast<std::size_t>(k) - a0;
    const bool upper_ok = u <= cdf[i] + 1e-12L;
    const bool lower_ok = i == 0 || u > cdf[i - 1] - 1e-12L;
    EXPECT_TRUE(upper_ok && lower_ok) << what << ", u " << u << ", k " << k;
    if (!(upper_ok && lower_ok)) break;
    near += !(u <= cdf[i] - 1e-12L && (i == 0 || u > cdf[i - 1] + 1e-12L));
  }
  std::printf("%s: a0 %g, stride %g, %d middle values of %zu, %d within 1e-12 of a step\n", what, s.a0, s.stride, middle,
              us.size(), near);
  return middle;
}

// Tail values (through the transform's tail path, with random raw groups) against the tail's
// conditional pmf: chi-square of 2^18 values per tail, and the setup's tail sums equal to the exact
// ones to 1e-12 relative. `sd` scales the ranges summed and binned; `support` is the largest value.
template <class Transform, class Pmf>
void expect_tails_have_their_conditional_pmf(const Transform& tr, const Pmf& pmf, double sd, double support,
                                             const char* what) {
  namespace dist = gpurng::core::dist;
  constexpr int kN = 1 << 18;
  const dist::AnchorScalars& s = tr.params.anchor;
  const double top = dist::anchored_last(s);
  for (bool upper : {false, true}) {
    std::mt19937_64 rng(upper ? 17 : 19);
    std::vector<std::uint32_t> x(kN);
    for (auto& v : x) {
      const std::uint64_t r0 = rng() & 0xffffffffu, r1 = rng() & 0xffffffffu;
      v = static_cast<std::uint32_t>(dist::anchored_tail(tr.law(), s, r0, r1, 0.5, 0, upper));
      ASSERT_TRUE(upper ? v > top && v <= support : v <= s.a0) << what;
    }
    long double mass = 0;
    for (std::uint64_t k = upper ? static_cast<std::uint64_t>(top) + 1 : 0;
         upper ? k < top + 20 * sd && k <= support : k <= s.a0; ++k) {
      mass += pmf(k);
    }
    const double below = s.a0 - 10 * sd;
    const std::uint64_t lo = upper ? static_cast<std::uint64_t>(top) + 1 : static_cast<std::uint64_t>(below > 0 ? below : 0);
    const double above = top + 10 * sd < support ? top + 10 * sd : support;
    const std::uint64_t hi = upper ? static_cast<std::uint64_t>(above) : static_cast<std::uint64_t>(s.a0);
    const DiscreteFit f = chi2_discrete(
        x, [&](std::uint64_t k) { return static_cast<double>(pmf(k) / mass); }, lo, hi, 20.0);
    std::printf("%s %s tail: P = %.3Lg, %d bins, chi2 %.1f, p = %.4f\n", what, upper ? "upper" : "lower", mass, f.bins,
                f.chi2, f.p_value);
    EXPECT_GT(f.p_value, kDistAlpha) << what << (upper ? " upper" : " lower");
    EXPECT_GE(f.bins, 5);
    EXPECT_NEAR(static_cast<double>(mass), upper ? s.upper_sum : s.lower_sum, 1e-12 * static_cast<double>(mass)) << what;
  }
}

}  // namespace gpurng::test
