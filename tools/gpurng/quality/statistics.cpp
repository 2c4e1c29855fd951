#include "statistics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gpurng::cli::quality {
namespace {

// P(a, x) by its power series; converges quickly for x < a + 1.
double gamma_p_series(double a, double x) {
  double term = 1.0 / a, sum = term;
  for (int k = 1; k < 100000; ++k) {
    term *= x / (a + k);
    sum += term;
    if (std::fabs(term) < std::fabs(sum) * 1e-16) break;
  }
  return sum * std::exp(-x + a * std::log(x) - std::lgamma(a));
}

// Q(a, x) by its continued fraction (modified Lentz); converges quickly for x >= a + 1.
double gamma_q_fraction(double a, double x) {
  const double tiny = std::numeric_limits<double>::min() / std::numeric_limits<double>::epsilon();
  double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
  for (int i = 1; i < 100000; ++i) {
    const double an = -i * (i - a);
    b += 2.0;
    d = an * d + b;
    if (std::fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (std::fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1.0) < 1e-16) break;
  }
  return std::exp(-x + a * std::log(x) - std::lgamma(a)) * h;
}

}  // namespace

double gamma_q(double a, double x) {
  if (x <= 0) return 1.0;
  return x < a + 1.0 ? 1.0 - gamma_p_series(a, x) : gamma_q_fraction(a, x);
}

double chi_square_upper(double x, double dof) { return gamma_q(dof / 2.0, x / 2.0); }

double ks_upper(double d, double n) {
  const double sn = std::sqrt(n);
  const double lambda = (sn + 0.12 + 0.11 / sn) * d;
  if (lambda < 0.2) return 1.0;
  double sum = 0, sign = 1;
  for (int j = 1; j <= 200; ++j) {
    const double term = sign * std::exp(-2.0 * j * j * lambda * lambda);
    sum += term;
    if (std::fabs(term) < 1e-18) break;
    sign = -sign;
  }
  return std::clamp(2.0 * sum, 0.0, 1.0);
}

double normal_two_sided(double z) { return std::erfc(std::fabs(z) / std::sqrt(2.0)); }

ChiSquare binned_chi_square(const std::vector<double>& u, unsigned bins) {
  std::vector<double> count(bins, 0.0);
  for (double v : u) {
    auto b = static_cast<std::size_t>(v * bins);
    count[std::min<std::size_t>(b, bins - 1)] += 1.0;  // u = 1 belongs to the last bin
  }
  const double expected = static_cast<double>(u.size()) / bins;
  ChiSquare r;
  for (double c : count) r.statistic += (c - expected) * (c - expected) / expected;
  r.dof = bins - 1.0;
  r.p_value = chi_square_upper(r.statistic, r.dof);
  return r;
}

Ks kolmogorov_smirnov(std::vector<double> u) {
  std::sort(u.begin(), u.end());
  const double n = static_cast<double>(u.size());
  double d = 0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    const double rank = static_cast<double>(i);
    d = std::max({d, (rank + 1.0) / n - u[i], u[i] - rank / n});
  }
  return Ks{d, ks_upper(d, n)};
}

Moments sample_moments(const std::vector<double>& x) {
  const double n = static_cast<double>(x.size());
  double mean = 0;
  for (double v : x) mean += v;
  mean /= n;
  double m2 = 0, m3 = 0, m4 = 0;
  for (double v : x) {
    const double d = v - mean, d2 = d * d;
    m2 += d2;
    m3 += d2 * d;
    m4 += d2 * d2;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  Moments m;
  m.mean = mean;
  m.variance = m2 * n / (n - 1.0);
  m.skewness = m3 / std::pow(m2, 1.5);
  m.excess_kurtosis = m4 / (m2 * m2) - 3.0;
  return m;
}

}  // namespace gpurng::cli::quality
