// Vose's construction of the alias table (M. D. Vose, IEEE Trans. Software Eng. 17(9), 1991), with
// a fixed work order so that it is a pure function of the weights.
#include "distributions/alias_build.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "gpurng/gpurng.hpp"

namespace gpurng::detail::dists {
namespace {

[[noreturn]] void bad(const std::string& message) { throw Error(Status::invalid_argument, "weights: " + message); }

std::string number_text(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

// The weights scaled by the power of two that brings the largest into [0.5, 1), exact (ldexp only
// changes the exponent) unless a weight falls below the smallest subnormal next to the largest, where
// its probability is 0 in double anyway. Scaling keeps the sum finite for any finite weights (at most
// k) and keeps tiny weights (all subnormal, say) from losing their digits. Returns the index of the
// first largest weight.
std::size_t scale_weights(const double* w, std::size_t k, std::vector<double>& q) {
  // The checks come first, so that nothing is written for weights that are refused.
  std::size_t largest = 0;
  for (std::size_t i = 0; i < k; ++i) {
    if (std::isnan(w[i]) || std::isinf(w[i])) {
      bad("weights[" + std::to_string(i) + "] = " + number_text(w[i]) + " is not finite; each weight must be finite and >= 0");
    }
    if (w[i] < 0.0) {
      bad("weights[" + std::to_string(i) + "] = " + number_text(w[i]) + " is negative; each weight must be finite and >= 0");
    }
    if (w[i] > w[largest]) largest = i;
  }
  if (!(w[largest] > 0.0)) bad("all " + std::to_string(k) + " weights are 0; at least one must be > 0");
  int e = 0;
  std::frexp(w[largest], &e);
  for (std::size_t i = 0; i < k; ++i) q[i] = std::ldexp(w[i], -e);
  return largest;
}

// Neumaier's compensated sum in index order: deterministic, and accurate to about one rounding
// whatever k (a plain sum of 2^24 terms could be off by 2^24 roundings, which would shift every
// probability by the same factor and leave the difference to the last columns).
double compensated_sum(const std::vector<double>& q) {
  double sum = 0.0;
  double carry = 0.0;
  for (double v : q) {
    const double t = sum + v;
    carry += std::fabs(sum) >= std::fabs(v) ? (sum - t) + v : (v - t) + sum;
    sum = t;
  }
  return sum + carry;
}

}  // namespace

AliasTable build_alias_table(const double* weights, std::size_t k) {
  if (k == 0) bad("empty; the discrete distribution needs 1 to 2^31 categories");
  if (k > kMaxAliasCategories) {
    bad(std::to_string(k) + " categories are more than 2^31, the most a table holds (each category must fit an int32)");
  }
  if (weights == nullptr) bad("null pointer with " + std::to_string(k) + " categories");

  AliasTable t;
  t.threshold.resize(k);  // first the scaled probabilities q[i] = k * P(i), mean 1
  t.alias.resize(k);
  std::vector<double>& q = t.threshold;
  const std::size_t largest = scale_weights(weights, k, q);
  const double sum = compensated_sum(q);
  const double kd = static_cast<double>(k);
  for (std::size_t i = 0; i < k; ++i) q[i] = (q[i] / sum) * kd;

  // Work lists in one array: the "small" columns (q < 1) grow up from the front, the "large" ones
  // (q >= 1) down from the back, each filled in index order and taken from its top.
  std::vector<std::uint32_t> work(k);
  std::size_t small = 0;
  std::size_t large = k;
  for (std::size_t i = 0; i < k; ++i) {
    if (q[i] < 1.0) {
      work[small++] = static_cast<std::uint32_t>(i);
    } else {
      work[--large] = static_cast<std::uint32_t>(i);
    }
  }
  // Each step fills small column s: it keeps s with probability q[s] and gives the rest, 1 - q[s],
  // to large l, whose remaining mass drops by that much. (q[l] + q[s]) - 1 is Vose's form: it loses
  // less than q[l] - (1 - q[s]) when q[s] is tiny. A zero weight is only ever small (q = 0), so no
  // column aliases it.
  while (small > 0 && large < k) {
    const std::uint32_t s = work[--small];
    const std::uint32_t l = work[large];
    t.alias[s] = l;
    q[l] = (q[l] + q[s]) - 1.0;
    if (q[l] < 1.0) {
      ++large;
      work[small++] = l;
    }
  }
  // What is left holds (up to rounding) exactly its own column: keep it. A zero weight (or one whose
  // q underflowed to 0) left over by rounding instead gives its column to the largest weight, so
  // that it is still never drawn.
  while (large < k) {
    const std::uint32_t l = work[large++];
    q[l] = 1.0;
    t.alias[l] = l;
  }
  while (small > 0) {
    const std::uint32_t s = work[--small];
    if (q[s] > 0.0) {
      q[s] = 1.0;
      t.alias[s] = s;
    } else {
      q[s] = 0.0;
      t.alias[s] = static_cast<std::uint32_t>(largest);
    }
  }
  return t;
}

}  // namespace gpurng::detail::dists
