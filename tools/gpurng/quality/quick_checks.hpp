// `gpurng test --battery quick`: for every output of an engine (bits, and uniform, normal,
// exponential, log-normal in float and double), n values from the library are compared with the
// exact distribution: chi-square over 1000 equal-probability bins of F(x), Kolmogorov-Smirnov, and
// the mean and variance as z-scores (skewness and excess kurtosis reported beside their exact
// values).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli::quality {

struct QuickResult {
  std::string dist;   // bits, uniform, normal, exponential, lognormal
  std::string type;   // u32, u64, f32, f64
  std::string check;  // chi-square, ks, mean, variance, skewness, excess-kurtosis
  double statistic = 0;
  double expected = 0;  // the exact value (moments), or the statistic's mean (chi-square: dof)
  double p_value = -1;  // -1: reported, not assessed
  std::string assessment;  // PASSED, WEAK, FAILED, or "info"
};

// Assessment of a p-value, two-sided as dieharder's: FAILED below 1e-6 or above 1 - 1e-6, WEAK
// below 0.001 or above 0.999 (a fit too good to be random is as suspect as a bad one).
std::string assess(double p);

// Runs every output of `g` (already configured: engine, backend, seed) over n values each.
std::vector<QuickResult> run_quick_checks(Generator& g, std::size_t n, std::FILE* progress);

}  // namespace gpurng::cli::quality
