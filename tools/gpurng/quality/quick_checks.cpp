#include "quick_checks.hpp"

#include <cmath>

#include "statistics.hpp"

namespace gpurng::cli::quality {
namespace {

struct Law {
  Distribution dist;
  double (*cdf)(double);
  double raw[5];  // E[X^0..4]
};

double uniform_cdf(double x) { return x; }
double normal_cdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }
double exponential_cdf(double x) { return -std::expm1(-x); }
double lognormal_cdf(double x) { return x > 0 ? normal_cdf(std::log(x)) : 0.0; }

// Parameters: uniform on (0,1), normal(0,1), exponential(1), log-normal(0,1).
const Law kLaws[] = {
    {Distribution::uniform, uniform_cdf, {1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5}},
    {Distribution::normal, normal_cdf, {1, 0, 1, 0, 3}},
    {Distribution::exponential, exponential_cdf, {1, 1, 2, 6, 24}},
    {Distribution::lognormal, lognormal_cdf, {1, std::exp(0.5), std::exp(2.0), std::exp(4.5), std::exp(8.0)}},
};

struct Exact {
  double mean, variance, mu3, mu4;
};

Exact central(const double* m) {
  const double mu = m[1];
  const double var = m[2] - mu * mu;
  const double mu3 = m[3] - 3 * mu * m[2] + 2 * mu * mu * mu;
  const double mu4 = m[4] - 4 * mu * m[3] + 6 * mu * mu * m[2] - 3 * mu * mu * mu * mu;
  return Exact{mu, var, mu3, mu4};
}

void add_tests(std::vector<QuickResult>& out, const std::string& dist, const std::string& type, const std::vector<double>& x,
               double (*cdf)(double), const Exact& e) {
  std::vector<double> u(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) u[i] = cdf(x[i]);
  const ChiSquare chi = binned_chi_square(u, 1000);
  out.push_back({dist, type, "chi-square", chi.statistic, chi.dof, chi.p_value, assess(chi.p_value)});
  const Ks ks = kolmogorov_smirnov(std::move(u));
  out.push_back({dist, type, "ks", ks.d, 0.0, ks.p_value, assess(ks.p_value)});
  const Moments m = sample_moments(x);
  const double n = static_cast<double>(x.size());
  const double zm = (m.mean - e.mean) / std::sqrt(e.variance / n);
  const double pm = normal_two_sided(zm);
  out.push_back({dist, type, "mean", m.mean, e.mean, pm, assess(pm)});
  const double zv = (m.variance - e.variance) / std::sqrt((e.mu4 - e.variance * e.variance) / n);
  const double pv = normal_two_sided(zv);
  out.push_back({dist, type, "variance", m.variance, e.variance, pv, assess(pv)});
  out.push_back({dist, type, "skewness", m.skewness, e.mu3 / std::pow(e.variance, 1.5), -1, "info"});
  out.push_back({dist, type, "excess-kurtosis", m.excess_kurtosis, e.mu4 / (e.variance * e.variance) - 3.0, -1, "info"});
}

template <class T>
std::vector<double> draw(Generator& g, Distribution d, std::size_t n) {
  std::vector<T> v(n);
  switch (d) {
    case Distribution::uniform: g.generate_uniform(v.data(), n); break;
    case Distribution::normal: g.generate_normal(v.data(), n, T(0), T(1)); break;
    case Distribution::exponential: g.generate_exponential(v.data(), n, T(1)); break;
    case Distribution::lognormal: g.generate_lognormal(v.data(), n, T(0), T(1)); break;
    default: break;  // only the four above have quick checks (run_quick_checks)
  }
  return std::vector<double>(v.begin(), v.end());
}

}  // namespace

std::string assess(double p) {
  if (p < 1e-6 || p > 1.0 - 1e-6) return "FAILED";
  if (p < 0.001 || p > 0.999) return "WEAK";
  return "PASSED";
}

std::vector<QuickResult> run_quick_checks(Generator& g, std::size_t n, std::FILE* progress) {
  std::vector<QuickResult> out;
  // Bits: the integers scaled to (0,1) by their top 53 bits are uniform on (0,1).
  {
    const bool wide = engine_info(g.engine()).bits_width == 64;
    std::vector<double> x(n);
    if (wide) {
      std::vector<std::uint64_t> b(n);
      g.generate_bits(b.data(), n);
      for (std::size_t i = 0; i < n; ++i) x[i] = (static_cast<double>(b[i] >> 11) + 0.5) * 0x1p-53;
    } else {
      std::vector<std::uint32_t> b(n);
      g.generate_bits(b.data(), n);
      for (std::size_t i = 0; i < n; ++i) x[i] = (static_cast<double>(b[i]) + 0.5) * 0x1p-32;
    }
    std::fprintf(progress, "quick: bits\n");
    add_tests(out, "bits", wide ? "u64" : "u32", x, uniform_cdf, central(kLaws[0].raw));
  }
  for (const Law& law : kLaws) {
    for (bool f64 : {false, true}) {
      const char* dist = distribution_name(law.dist);
      std::fprintf(progress, "quick: %s %s\n", dist, f64 ? "f64" : "f32");
      const std::vector<double> x = f64 ? draw<double>(g, law.dist, n) : draw<float>(g, law.dist, n);
      add_tests(out, dist, f64 ? "f64" : "f32", x, law.cdf, central(law.raw));
    }
  }
  return out;
}

}  // namespace gpurng::cli::quality
