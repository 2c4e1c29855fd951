// Shared helpers of the tests of the keyed-draw distributions (core/dist/poisson.hpp, binomial.hpp,
// gamma.hpp, beta.hpp, student_t.hpp, truncated_normal.hpp, negative_binomial.hpp): drive a
// transform with a core engine's canonical raw sequence, and goodness-of-fit tests for discrete
// values (chi-square on the pmf with the tails pooled into the end bins).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "gpurng/core/engines/philox.hpp"
#include "stats.hpp"

namespace gpurng::test {

inline constexpr double kDistAlpha = 1e-4;  // reject below this p-value

// Values 0 .. n-1 (n even) of a transform over Philox4x32-10's stream `stream` at `seed`, raws in
// canonical order: value 2k + j from raws 2k, 2k + 1.
template <class Transform, class Traits = core::philox::Traits4x32_10>
std::vector<typename Transform::value_type> draw_values(const Transform& t, std::size_t n, std::uint64_t seed,
                                                         std::uint64_t stream = 0) {
  using Scheme = core::philox::Scheme4x32<10>;
  auto st = Traits::start(Scheme::stream(seed, stream));
  std::vector<typename Transform::value_type> out(n);
  for (std::size_t i = 0; i + 1 < n; i += 2) {
    typename Traits::raw_type r[2] = {Traits::next(st), Traits::next(st)};
    t(r, &out[i]);
  }
  return out;
}

// The same over Philox4x64-10 (64-bit raws: a 128-bit key for the keyed draws).
template <class Transform>
std::vector<typename Transform::value_type> draw_values64(const Transform& t, std::size_t n, std::uint64_t seed) {
  using Scheme = core::philox::Scheme4x64<10>;
  using Traits = core::philox::Traits4x64_10;
  auto st = Traits::start(Scheme::stream(core::U128{seed, 0}, 0));
  std::vector<typename Transform::value_type> out(n);
  for (std::size_t i = 0; i + 1 < n; i += 2) {
    typename Traits::raw_type r[2] = {Traits::next(st), Traits::next(st)};
    t(r, &out[i]);
  }
  return out;
}

struct DiscreteFit {
  double p_value;
  int bins;
  double chi2;
};

// Chi-square of integer samples against pmf(k) on [lo, hi]: consecutive k are merged into bins of
// expected count >= min_expected (the last remainder joins the bin before it); samples below lo
// count in the first bin and above hi in the last, so the end bins hold the far tails. The caller
// picks [lo, hi] with negligible mass outside (below 1e-12 each side); with lo = 0 the mass above hi
// (1 minus the window's) is added to the last bin's expected count, for heavy tails.
template <class V>
DiscreteFit chi2_discrete(const std::vector<V>& x, const std::function<long double(std::uint64_t)>& pmf, std::uint64_t lo,
                          std::uint64_t hi, double min_expected = 20.0) {
  const double n = static_cast<double>(x.size());
  std::vector<std::uint64_t> edges;  // bin b covers [edges[b], edges[b+1])
  std::vector<double> expected;
  double acc = 0.0;
  std::uint64_t start = lo;
  for (std::uint64_t k = lo; k <= hi; ++k) {
    acc += static_cast<double>(pmf(k)) * n;
    if (acc >= min_expected) {
      edges.push_back(start);
      expected.push_back(acc);
      acc = 0.0;
      start = k + 1;
    }
  }
  if (expected.empty()) return DiscreteFit{0.0, 0, 0.0};
  expected.back() += acc;
  if (lo == 0) {  // no lower tail: the mass above hi belongs to the last bin
    double total = 0;
    for (double e : expected) total += e;
    expected.back() += std::max(0.0, n - total);
  }
  std::vector<double> observed(expected.size(), 0.0);
  for (V v : x) {
    const std::uint64_t k = static_cast<std::uint64_t>(v);
    const auto it = std::upper_bound(edges.begin(), edges.end(), k);
    const std::size_t b = it == edges.begin() ? 0 : static_cast<std::size_t>(it - edges.begin() - 1);
    observed[b] += 1.0;
  }
  double chi2 = 0.0;
  for (std::size_t b = 0; b < expected.size(); ++b) {
    chi2 += (observed[b] - expected[b]) * (observed[b] - expected[b]) / expected[b];
  }
  const int bins = static_cast<int>(expected.size());
  if (bins < 2) return DiscreteFit{1.0, bins, chi2};
  // Few bins: Wilson-Hilferty is rough below ~10 degrees of freedom, but the cut-off is 1e-4 and
  // the errors it must catch are large; kept for uniformity with stats.hpp.
  return DiscreteFit{chi2_p_value(chi2, bins - 1), bins, chi2};
}

inline long double poisson_pmf(std::uint64_t k, long double lambda) {
  const long double kk = static_cast<long double>(k);
  return std::exp(-lambda + kk * std::log(lambda) - std::lgamma(kk + 1.0L));
}

inline long double binomial_pmf(std::uint64_t k, std::uint64_t n, long double p) {
  if (k > n) return 0.0L;
  if (p == 0.0L) return k == 0 ? 1.0L : 0.0L;
  if (p == 1.0L) return k == n ? 1.0L : 0.0L;
  const long double kk = static_cast<long double>(k), nn = static_cast<long double>(n);
  return std::exp(std::lgamma(nn + 1) - std::lgamma(kk + 1) - std::lgamma(nn - kk + 1) + kk * std::log(p) +
                  (nn - kk) * std::log1p(-p));
}

}  // namespace gpurng::test
