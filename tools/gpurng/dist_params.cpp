#include "dist_params.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "number_parsing.hpp"

namespace gpurng::cli {
namespace {

// Bounds of |z| for a standard normal value and of -ln(u), with a margin (dist_params.hpp says why).
constexpr double kNormalReach = 10;
constexpr double kExponentialReach = 40;

[[noreturn]] void bad(const std::string& message) { throw Error(Status::invalid_argument, message); }

// A given parameter: parsed, and representable in the output type.
double parse_param(const std::string& text, const char* option, bool positive, bool single_precision) {
  const double x = parse_double(text, option);
  if (positive && !(x > 0.0)) bad(fmt::format("{}: must be > 0, got {}", option, text));
  if (single_precision) {
    const double max = std::numeric_limits<float>::max();
    if (std::fabs(x) > max) {
      bad(fmt::format("{}: {} is outside the float range [-{:.6g}, {:.6g}] (--precision float)", option, text, max, max));
    }
    if (positive && static_cast<float>(x) == 0.0f) {
      bad(fmt::format("{}: {} rounds to 0 in float (--precision float); the smallest positive float is {:.6g}", option,
                      text, static_cast<double>(std::numeric_limits<float>::denorm_min())));
    }
  }
  return x;
}

}  // namespace

DistParams parse_dist_params(Distribution dist, ValueType value_type, const std::optional<std::string>& mean,
                             const std::optional<std::string>& stddev, const std::optional<std::string>& lambda) {
  const bool shaped = dist == Distribution::normal || dist == Distribution::lognormal;
  if (!shaped && mean) bad("--mean applies to --dist normal and lognormal only");
  if (!shaped && stddev) bad("--stddev applies to --dist normal and lognormal only");
  if (dist != Distribution::exponential && lambda) bad("--lambda applies to --dist exponential only");

  // float16 and bfloat16 values are float values rounded; their parameters are floats.
  const bool single_precision = value_type != ValueType::f64;
  const double max = value_type == ValueType::f16    ? 65504.0
                     : value_type == ValueType::bf16 ? 0x1.fep127  // the largest finite bfloat16
                     : single_precision ? std::numeric_limits<float>::max()
                                        : std::numeric_limits<double>::max();
  const char* type = value_type == ValueType::f16    ? "float16"
                     : value_type == ValueType::bf16 ? "bfloat16"
                     : single_precision              ? "float"
                                                     : "double";
  DistParams p;
  if (shaped) {
    p.p0 = mean ? parse_param(*mean, "--mean", false, single_precision) : 0.0;
    p.p1 = stddev ? parse_param(*stddev, "--stddev", true, single_precision) : 1.0;
    if (!(std::fabs(p.p0) + kNormalReach * p.p1 <= max)) {
      bad(fmt::format("--mean, --stddev: |mean| + {:g}*stddev must be at most {:.6g} (the largest {}), or values "
                      "overflow to inf; got mean {:g}, stddev {:g}",
                      kNormalReach, max, type, p.p0, p.p1));
    }
    if (dist == Distribution::lognormal && !(p.p0 + kNormalReach * p.p1 <= std::log(max))) {
      bad(fmt::format("--mean, --stddev: mean + {:g}*stddev must be at most {:.6g} (ln of the largest {}), or "
                      "log-normal values overflow to inf; got mean {:g}, stddev {:g}",
                      kNormalReach, std::log(max), type, p.p0, p.p1));
    }
  } else if (dist == Distribution::exponential) {
    p.p0 = lambda ? parse_param(*lambda, "--lambda", true, single_precision) : 1.0;
    if (!(p.p0 >= kExponentialReach / max)) {
      bad(fmt::format("--lambda: {:g} is below {:g}/(the largest {}) = {:.6g}, or values -log(u)/lambda overflow to inf",
                      p.p0, kExponentialReach, type, kExponentialReach / max));
    }
  }
  return p;
}

}  // namespace gpurng::cli
