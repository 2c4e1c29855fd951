// Parameter checks of the distributions in poisson.hpp, binomial.hpp, negative_binomial.hpp,
// gamma.hpp, beta.hpp, student_t.hpp, truncated_normal.hpp, hypergeometric.hpp and dirichlet.hpp
// (host only).
//
// Each returns "" for valid parameters, otherwise one message naming the distribution, the parameter,
// its valid range and the value given (e.g. "poisson lambda: must be in [0, 2^31], got nan"). The
// library turns a message into gpurng::Error(Status::invalid_argument, message); core/ throws nothing.
// The samplers assume checked parameters (unchecked NaN ends in the attempt cap, never a hang).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace gpurng::core::dist {

namespace check_detail {

inline std::string number(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

inline std::string fail(const char* what, const char* range, double v) {
  return std::string(what) + ": must be " + range + ", got " + number(v);
}

// Shapes of the gamma family: the samplers' exponents log(U)/shape stay finite (beta's logs too).
inline constexpr double kShapeMin = 1e-300;
inline constexpr double kShapeMax = 1e300;

inline std::string shape(const char* what, double v) {
  if (!(v >= kShapeMin && v <= kShapeMax)) return fail(what, "in [1e-300, 1e300]", v);
  return {};
}

}  // namespace check_detail

inline constexpr double kPoissonLambdaMax = 2147483648.0;  // 2^31: the uint32 value has room to spare

inline std::string check_poisson(double lambda) {
  if (!(lambda >= 0.0 && lambda <= kPoissonLambdaMax)) return check_detail::fail("poisson lambda", "in [0, 2^31]", lambda);
  return {};
}

inline std::string check_binomial(std::uint64_t n, double p) {
  if (n > 0xffffffffull) {
    return "binomial n: must be in [0, 2^32 - 1], got " + std::to_string(n);
  }
  if (!(p >= 0.0 && p <= 1.0)) return check_detail::fail("binomial p", "in [0, 1]", p);
  return {};
}

// Counts as doubles (the library's parameters are), so that a negative, fractional or NaN count is
// named as given; each an integer in [0, 2^32 - 1], their sum too, nsample at most that sum.
inline std::string check_hypergeometric(double ngood, double nbad, double nsample) {
  const char* const range = "an integer in [0, 2^32 - 1]";
  const auto count = [](double v) { return v >= 0.0 && v <= 4294967295.0 && v == std::floor(v); };
  if (!count(ngood)) return check_detail::fail("hypergeometric ngood", range, ngood);
  if (!count(nbad)) return check_detail::fail("hypergeometric nbad", range, nbad);
  if (!count(nsample)) return check_detail::fail("hypergeometric nsample", range, nsample);
  const double total = ngood + nbad;  // exact: below 2^33
  if (total > 4294967295.0) {
    return "hypergeometric ngood, nbad: ngood + nbad must be at most 2^32 - 1, got " + check_detail::number(total);
  }
  if (nsample > total) {
    return "hypergeometric nsample: must be at most ngood + nbad = " + check_detail::number(total) + ", got " +
           check_detail::number(nsample);
  }
  return {};
}

inline std::string check_negative_binomial(double r, double p) {
  if (std::string e = check_detail::shape("negative binomial r", r); !e.empty()) return e;
  if (!(p > 0.0 && p <= 1.0)) return check_detail::fail("negative binomial p", "in (0, 1]", p);
  const double spread = (1.0 - p) / p * (r > 1.0 ? r : 1.0);
  if (!(spread <= 0x1p45)) {
    return "negative binomial r, p: (1 - p)/p * max(r, 1) must be at most 2^45 (values stay below 2^52), got " +
           check_detail::number(spread);
  }
  return {};
}

inline std::string check_gamma(double alpha, double theta) {
  if (std::string e = check_detail::shape("gamma alpha", alpha); !e.empty()) return e;
  if (!(theta > 0.0 && std::isfinite(theta))) return check_detail::fail("gamma theta", "finite and > 0", theta);
  return {};
}

inline std::string check_chi_square(double k) {
  if (!(k >= 2e-300 && k <= 2e300)) return check_detail::fail("chi-square k", "in [2e-300, 2e300]", k);
  return {};
}

inline std::string check_beta(double a, double b) {
  if (std::string e = check_detail::shape("beta a", a); !e.empty()) return e;
  return check_detail::shape("beta b", b);
}

inline std::string check_student_t(double nu) {
  if (!(nu > 0.0 && std::isfinite(nu))) return check_detail::fail("student t nu", "finite and > 0", nu);
  return {};
}

inline std::string check_truncated_normal(double mean, double stddev, double lower, double upper) {
  if (!std::isfinite(mean)) return check_detail::fail("truncated normal mean", "finite", mean);
  if (!(stddev > 0.0 && std::isfinite(stddev))) return check_detail::fail("truncated normal stddev", "finite and > 0", stddev);
  if (std::isnan(lower) || lower == INFINITY) return check_detail::fail("truncated normal lower", "a number below +inf", lower);
  if (std::isnan(upper) || upper == -INFINITY) return check_detail::fail("truncated normal upper", "a number above -inf", upper);
  if (!(lower < upper)) {
    return "truncated normal lower, upper: lower must be below upper, got " + check_detail::number(lower) + " and " +
           check_detail::number(upper);
  }
  const double a = (lower - mean) / stddev, b = (upper - mean) / stddev;
  if (!(a < b) || a == INFINITY || b == -INFINITY) {
    return "truncated normal lower, upper: (bound - mean)/stddev must stay distinct and finite on the inner side, got " +
           check_detail::number(a) + " and " + check_detail::number(b);
  }
  return {};
}

// The largest K of the Dirichlet distribution. A sample is one serial loop (one GPU thread, one CPU
// iteration) of K gamma variates, and the library keeps K shapes (32 bytes each) per device; 2^16
// keeps one sample's loop in the order of a millisecond on one GPU thread.
inline constexpr std::uint64_t kDirichletMaxComponents = std::uint64_t{1} << 16;

// alpha[0 .. k): 1 <= k <= kDirichletMaxComponents, each a gamma shape (check_detail::shape).
inline std::string check_dirichlet(const double* alpha, std::uint64_t k) {
  if (k == 0 || k > kDirichletMaxComponents) {
    return "dirichlet alpha: must have 1 to 65536 components, got " + std::to_string(k);
  }
  if (alpha == nullptr) return "dirichlet alpha: null pointer with " + std::to_string(k) + " components";
  for (std::uint64_t i = 0; i < k; ++i) {
    if (!(alpha[i] >= check_detail::kShapeMin && alpha[i] <= check_detail::kShapeMax)) {
      return "dirichlet alpha[" + std::to_string(i) + "]: must be in [1e-300, 1e300], got " + check_detail::number(alpha[i]);
    }
  }
  return {};
}

}  // namespace gpurng::core::dist
