// The statistics of `gpurng test --battery quick`: p-values of the chi-square and
// Kolmogorov-Smirnov statistics and z-scores of sample moments. Plain double arithmetic with the
// C library's functions: these judge samples, they produce none.
#pragma once

#include <cstdint>
#include <vector>

namespace gpurng::cli::quality {

// Upper tail P(X >= x) of the chi-square distribution with `dof` degrees of freedom.
double chi_square_upper(double x, double dof);
// Regularised upper incomplete gamma function Q(a, x) = Gamma(a, x) / Gamma(a).
double gamma_q(double a, double x);
// P(D_n >= d) for the Kolmogorov-Smirnov statistic of n samples (Stephens' approximation to the
// asymptotic Kolmogorov distribution; good for n >= 35).
double ks_upper(double d, double n);
// Two-sided normal tail P(|Z| >= |z|).
double normal_two_sided(double z);

// Chi-square of `bins` equal-probability bins of u = F(x) values in [0, 1]: statistic and p-value.
struct ChiSquare {
  double statistic = 0;
  double dof = 0;
  double p_value = 0;
};
ChiSquare binned_chi_square(const std::vector<double>& u, unsigned bins);

// Kolmogorov-Smirnov distance of u = F(x) values from the uniform distribution (sorts a copy).
struct Ks {
  double d = 0;
  double p_value = 0;
};
Ks kolmogorov_smirnov(std::vector<double> u);

// Sample mean, variance, skewness and excess kurtosis.
struct Moments {
  double mean = 0, variance = 0, skewness = 0, excess_kurtosis = 0;
};
Moments sample_moments(const std::vector<double>& x);

}  // namespace gpurng::cli::quality
