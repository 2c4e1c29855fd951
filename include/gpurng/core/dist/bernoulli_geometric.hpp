// Bernoulli(p) and geometric(p): one raw output per value (arity 1), through the engine's double
// uniform u = E::uniform_double(raw i), which lies in (0, 1] (or (0, 1) for the centred uniforms).
//
// Accuracy is that of the uniform's grid: if u takes the values of a grid of spacing g (2^-32 for
// 32-bit engines, 2^-53 for 64-bit ones), P(Bernoulli = 1) = P(u <= p) differs from p by less than g,
// and the geometric's P(X > k) = P(u < (1-p)^k) likewise, plus the few-ulp error of the log ratio
// (which moves a value only when the ratio lies within a few ulp of an integer).
#pragma once

#include <cstdint>
#include <type_traits>

#include "gpurng/core/dist/log1p.hpp"

namespace gpurng::core::dist {

// Bernoulli(p), p in [0, 1]: value i = (u_i <= p) ? 1 : 0. `<=` makes p = 1 always 1 even where
// u = 1 is possible, and p = 0 always 0 since u > 0. I: the output integer type.
template <class E, class I>
struct Bernoulli {
  static_assert(std::is_integral<I>::value, "integer output");
  using value_type = I;
  static constexpr int arity = 1;
  double p;
  // nullptr when valid, else a message naming the parameter and its range. NaN fails the test.
  GPURNG_HD static const char* check(double p_) {
    return (p_ >= 0.0 && p_ <= 1.0) ? nullptr : "bernoulli: p must be in [0, 1] (not NaN)";
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, I* out) const {
    out[0] = E::uniform_double(r[0]) <= p ? I(1) : I(0);
  }
};

// ceil(q) for q >= 0 (or -0), saturated at the largest I; q may be +inf. Integer conversion of a
// non-negative double below 2^width truncates exactly on both sides, so this is deterministic.
template <class I>
GPURNG_HD GPURNG_FORCEINLINE I ceil_saturated(double q) {
  static_assert(std::is_unsigned<I>::value && (sizeof(I) == 4 || sizeof(I) == 8), "uint32 or uint64");
  // Largest double whose ceiling fits I: 2^32 - 1 exactly; below 2^64 (the largest double < 2^64).
  constexpr double kLimit = sizeof(I) == 4 ? 4294967295.0 : 18446744073709549568.0;
  if (!(q <= kLimit)) return static_cast<I>(~I(0));
  const I k = static_cast<I>(q);
  return static_cast<double>(k) < q ? static_cast<I>(k + 1u) : k;
}

// Geometric(p), p in (0, 1]: the number of trials up to and including the first success, X >= 1,
// P(X = k) = (1-p)^(k-1) p (NumPy's convention; failures before the first success = X - 1).
// Inversion: X = max(1, ceil(log(u) / log(1 - p))), since P(X > k) = P(u < (1-p)^k) = (1-p)^k.
// log(1 - p) is log1p(-p) (relative accuracy for tiny p) computed once by make(); p = 1 gives -inf
// there and X = 1 always. Values beyond the largest I saturate at the largest I: possible only when
// -log(u_min) / -log(1 - p) exceeds it, u_min the smallest uniform (2^-53: 36.7; 2^-33: 22.9), i.e.
// for p below about 8e-9 with uint32 and below about 2e-18 with uint64. u = 1 gives X = 1 (within
// the grid bound above).
template <class E, class I>
struct Geometric {
  using value_type = I;
  static constexpr int arity = 1;
  double p;
  double log1m_p;      // log(1 - p): set by make()
  double inv_log1m_p;  // 1 / log(1 - p), rounded: set by make()
  GPURNG_HD static const char* check(double p_) {
    return (p_ > 0.0 && p_ <= 1.0) ? nullptr : "geometric: p must be in (0, 1] (not NaN)";
  }
  // p must have passed check().
  GPURNG_HD static Geometric make(double p_) {
    const double l = p_ == 1.0 ? -ieee::from_bits(std::uint64_t{0x7ff0000000000000u}) : elementary::log1p(-p_);
    return Geometric{p_, l, ieee::div(1.0, l)};
  }
  // The value for the uniform u: ceil_saturated(q), q = log(u) / log(1 - p) correctly rounded, with
  // the division made only where a product cannot decide it. q' = log(u) * RN(1 / log(1 - p)) is
  // within 2^-52 q of the exact ratio (two roundings), and q within 2^-53 of it, so |q - q'| < 2^-51
  // q' (both are >= 0). If no integer lies within d = 2^-50 q' of q', q and q' lie strictly between
  // the same two integers t and t + 1, and ceil(q) = t + 1. t = trunc(q') for q' < 2^52; q' - t and
  // t + 1 - q' are exact there (Sterbenz), or, for t = 0 and q' < 1/2, t + 1 - q' > 1/2 > d. Only
  // about 2^-49 q' of the values take the division (q' = 0, +inf or NaN, from p = 1 or a subnormal
  // log(1 - p), always do). A double division is some 20 dependent instructions on a GPU.
  GPURNG_HD GPURNG_FORCEINLINE I value(double u) const {
    const double a = elementary::log(u);
    const double q1 = ieee::mul(a, inv_log1m_p);
    if (q1 < 0x1p52) {
      const std::uint64_t t = static_cast<std::uint64_t>(q1);
      const double tf = static_cast<double>(t);
      const double d = ieee::mul(q1, 0x1p-50);
      if (ieee::sub(q1, tf) > d && ieee::sub(ieee::add(tf, 1.0), q1) > d) {
        constexpr std::uint64_t kMax = static_cast<std::uint64_t>(static_cast<I>(~I(0)));
        return t + 1 > kMax ? static_cast<I>(kMax) : static_cast<I>(t + 1);  // >= 1
      }
    }
    const I k = ceil_saturated<I>(ieee::div(a, log1m_p));
    return k == I(0) ? I(1) : k;
  }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, I* out) const {
    out[0] = value(E::uniform_double(r[0]));
  }
};

}  // namespace gpurng::core::dist
