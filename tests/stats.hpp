// Goodness-of-fit statistics for the distribution tests: Kolmogorov-Smirnov, chi-square on
// equiprobable bins, and moments. Thresholds in the tests are fixed p-value cut-offs at fixed
// seeds, so a run is deterministic; the "wrong implementation" tests show the cut-offs bite.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace gpurng::test {

inline double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// Asymptotic Kolmogorov distribution P(D_n > d), with Stephens' small-n correction.
inline double ks_p_value(double d, std::size_t n) {
  const double sn = std::sqrt(static_cast<double>(n));
  const double lambda = (sn + 0.12 + 0.11 / sn) * d;
  double sum = 0.0;
  for (int k = 1; k <= 100; ++k) {
    const double term = std::exp(-2.0 * k * k * lambda * lambda);
    sum += (k % 2 == 1 ? 2.0 : -2.0) * term;
    if (term < 1e-16) break;
  }
  return std::clamp(sum, 0.0, 1.0);
}

// KS test of samples against a continuous CDF; returns the p-value.
inline double ks_test(std::vector<double> x, const std::function<double(double)>& cdf) {
  std::sort(x.begin(), x.end());
  const double n = static_cast<double>(x.size());
  double d = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double f = cdf(x[i]);
    d = std::max({d, f - static_cast<double>(i) / n, static_cast<double>(i + 1) / n - f});
  }
  return ks_p_value(d, x.size());
}

// Chi-square upper tail by the Wilson-Hilferty cube-root normal approximation (accurate for the
// hundreds of degrees of freedom used here).
inline double chi2_p_value(double chi2, double dof) {
  const double z = (std::cbrt(chi2 / dof) - (1.0 - 2.0 / (9.0 * dof))) / std::sqrt(2.0 / (9.0 * dof));
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

// Chi-square test that probabilities p in [0, 1] (values pushed through their CDF) are uniform
// over `bins` equal bins; returns the p-value.
inline double chi2_uniform(const std::vector<double>& p, int bins) {
  std::vector<double> count(static_cast<std::size_t>(bins), 0.0);
  for (double v : p) count[static_cast<std::size_t>(std::min(bins - 1, static_cast<int>(v * bins)))] += 1.0;
  const double expect = static_cast<double>(p.size()) / bins;
  double chi2 = 0.0;
  for (double c : count) chi2 += (c - expect) * (c - expect) / expect;
  return chi2_p_value(chi2, bins - 1);
}

// Chi-square test of independence of consecutive pairs (p[2k], p[2k+1]) on a bins x bins grid.
inline double chi2_pairs(const std::vector<double>& p, int bins) {
  std::vector<double> grid(static_cast<std::size_t>(bins * bins), 0.0);
  for (std::size_t k = 0; k + 1 < p.size(); k += 2) {
    const int a = std::min(bins - 1, static_cast<int>(p[k] * bins));
    const int b = std::min(bins - 1, static_cast<int>(p[k + 1] * bins));
    grid[static_cast<std::size_t>(a * bins + b)] += 1.0;
  }
  const double expect = static_cast<double>(p.size() / 2) / (bins * bins);
  double chi2 = 0.0;
  for (double c : grid) chi2 += (c - expect) * (c - expect) / expect;
  return chi2_p_value(chi2, bins * bins - 1);
}

struct Moments {
  double mean, variance, skewness, kurtosis;
};

inline Moments moments(const std::vector<double>& x) {
  const double n = static_cast<double>(x.size());
  double m = 0.0;
  for (double v : x) m += v;
  m /= n;
  double m2 = 0.0, m3 = 0.0, m4 = 0.0;
  for (double v : x) {
    const double d = v - m;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  return Moments{m, m2, m3 / std::pow(m2, 1.5), m4 / (m2 * m2)};
}

}  // namespace gpurng::test
