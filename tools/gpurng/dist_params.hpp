// The distribution parameters of `gpurng generate` (--mean, --stddev, --lambda): which apply to
// which distribution, and the ranges that keep every value finite in the output type. The rules,
// as --help and the README state them (issue 20):
//  * each is a finite number; stddev > 0, lambda > 0; with --precision float, float16 or bfloat16
//    each must be a float (|x| <= 3.4e38, and stddev, lambda must not round to 0), since those
//    values are made in float;
//  * normal: |mean| + 10 stddev <= the largest value of the type (65504 for float16);
//  * lognormal: that, and mean + 10 stddev <= ln(largest value) (88.7 float, 709.8 double);
//  * exponential: lambda >= 40 / largest value.
// Why 10 and 40: every engine's uniforms are at least 2^-53 (docs/ENGINES.md), so a standard normal
// value has |z| <= sqrt(-2 ln 2^-53) = 8.6 (Box-Muller; 8.3 by the inverse CDF) and -ln(u) <= 36.8.
#pragma once

#include <optional>
#include <string>

#include "gpurng/gpurng.hpp"

namespace gpurng::cli {

struct DistParams {
  double p0 = 0.0;  // normal, lognormal: mean; exponential: lambda
  double p1 = 1.0;  // normal, lognormal: stddev
};

// mean, stddev, lambda: the options' text, or nullopt when not given (then 0, 1, 1), for values of
// type `type`. Throws gpurng::Error(invalid_argument) naming the option and the limit.
DistParams parse_dist_params(Distribution dist, ValueType type, const std::optional<std::string>& mean,
                             const std::optional<std::string>& stddev, const std::optional<std::string>& lambda);

}  // namespace gpurng::cli
