// Portable log, exp and sin/cos of 2*pi*u, in float and double, giving the same bits on the CPU and
// the GPU. The vendor libraries (glibc's logf, CUDA's logf/__logf, ...) differ in their last bits,
// so the distributions that need these functions (normal, exponential, log-normal) use these
// instead. Every operation goes through ieee_ops.hpp, in a fixed order.
//
// Accuracy (measured by tests/test_elementary.cpp against long double): within a few ulps over the
// documented domains; see docs/ENGINES.md for the figures.
#pragma once

#include "gpurng/core/dist/elementary_coefficients.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::core::elementary {

namespace detail {

// Per-precision constants and bit layout.
template <class T>
struct Traits;

template <>
struct Traits<float> {
  using Bits = std::uint32_t;
  static constexpr int kMantissaBits = 23;
  static constexpr int kExponentBias = 127;
  static constexpr Bits kExponentMask = 0xffu;
  static constexpr float ln2_hi = elementary_coefficients::ln2_hi_f;
  static constexpr float ln2_lo = elementary_coefficients::ln2_lo_f;
  static constexpr float log2e = elementary_coefficients::log2e_f;
  static constexpr float sqrt_half = elementary_coefficients::sqrt_half_f;
  // exp(x) overflows above this and is below half the smallest subnormal under kExpMin.
  static constexpr float kExpMax = 88.72283f;
  static constexpr float kExpMin = -103.97208f;
  static constexpr float kRoundMagic = 12582912.0f;  // 1.5 * 2^23: adding it rounds to an integer
  static constexpr float kExpFast = 86.0f;           // e^x is normal for |x| <= this
  // log's reduction: 2^kMantissaBits minus the first mantissa above that of 2*sqrt_half (bits
  // 0x3fb504f3), so adding it to x's bits carries into the exponent exactly when m > 2*sqrt_half.
  static constexpr Bits kSplitOffset = 0x4afb0cu;
};

template <>
struct Traits<double> {
  using Bits = std::uint64_t;
  static constexpr int kMantissaBits = 52;
  static constexpr int kExponentBias = 1023;
  static constexpr Bits kExponentMask = 0x7ffu;
  static constexpr double ln2_hi = elementary_coefficients::ln2_hi_d;
  static constexpr double ln2_lo = elementary_coefficients::ln2_lo_d;
  static constexpr double log2e = elementary_coefficients::log2e_d;
  static constexpr double sqrt_half = elementary_coefficients::sqrt_half_d;
  static constexpr double kExpMax = 709.782712893384;
  static constexpr double kExpMin = -745.1332191019412;
  static constexpr double kRoundMagic = 6755399441055744.0;  // 1.5 * 2^52
  static constexpr double kExpFast = 707.0;                  // e^x is normal for |x| <= this
  static constexpr Bits kSplitOffset = 0x95f619980c432u;     // as for float; 2*sqrt_half_d = 0x3ff6a09e667f3bcd
};

// +infinity without <limits> (whose functions are host-only under nvcc).
template <class T>
GPURNG_HD GPURNG_FORCEINLINE T infinity() {
  using Tr = Traits<T>;
  return ieee::from_bits(static_cast<typename Tr::Bits>(Tr::kExponentMask) << Tr::kMantissaBits);
}

// 2^k as a T, for k in the normal exponent range.
template <class T>
GPURNG_HD GPURNG_FORCEINLINE T pow2(int k) {
  using Tr = Traits<T>;
  return ieee::from_bits(static_cast<typename Tr::Bits>(k + Tr::kExponentBias) << Tr::kMantissaBits);
}

}  // namespace detail

// x = 2^k m with m in [sqrt(1/2), sqrt(2)) for a positive, finite, normal x: f = m - 1 (exact) and k
// as a T. log below and the inverse normal CDF's w (inverse_normal.hpp) start from it.
template <class T>
struct LogReduction {
  T f;
  T k;
};

template <class T>
GPURNG_HD GPURNG_FORCEINLINE LogReduction<T> reduce_for_log(T x) {
  using Tr = detail::Traits<T>;
  using Bits = typename Tr::Bits;
  // One integer addition does the reduction without a compare: x's bits plus kSplitOffset carry into
  // the exponent field exactly when the mantissa m in [1, 2) is above 2*sqrt_half, so the exponent
  // field of `split` is k + bias, and subtracting k from x's exponent leaves m or m/2. (The same k
  // and m as comparing m with 2*sqrt_half and halving it; four integer operations instead of a
  // compare, a multiply and two selects, which is most of log's cost outside the polynomial.)
  const Bits bits = ieee::to_bits(x);
  const Bits split = bits + Tr::kSplitOffset;
  const Bits biased_k = split >> Tr::kMantissaBits;  // x > 0: no sign bit
  const Bits k_field = biased_k << Tr::kMantissaBits;
  const Bits bias_field = static_cast<Bits>(Tr::kExponentBias) << Tr::kMantissaBits;
  const T m = ieee::from_bits(bits - k_field + bias_field);
  // k as a T without an integer-to-float conversion (a quarter-rate instruction on GPUs): the T with
  // biased_k in the low bits of 2^kMantissaBits' significand is 2^kMantissaBits + biased_k exactly, and
  // subtracting 2^kMantissaBits + bias leaves k exactly.
  constexpr Bits kTwoPBits = static_cast<Bits>(Tr::kMantissaBits + Tr::kExponentBias) << Tr::kMantissaBits;
  constexpr T kTwoPPlusBias = static_cast<T>((Bits{1} << Tr::kMantissaBits) + Tr::kExponentBias);  // exact
  const T kf = ieee::sub(ieee::from_bits(kTwoPBits | biased_k), kTwoPPlusBias);
  return LogReduction<T>{ieee::sub(m, T(1)), kf};  // m - 1 is exact (Sterbenz)
}

// Natural logarithm of a positive, finite, normal x (the callers pass uniforms in (0, 1]).
// x = 2^k * m with m in [sqrt(1/2), sqrt(2)), f = m - 1 (exact), log x = k ln2 + log1p(f).
//  float:  log1p(f) = f + f^2 Q(f), a division-free polynomial;
//  double: log1p(f) = f - (hfsq - s (hfsq + z P(z))), s = f/(2+f), z = s^2, hfsq = f^2/2
//          (fdlibm's arrangement). In both the large term f is exact, so the result is within
//          about one ulp.
template <class T>
GPURNG_HD GPURNG_FORCEINLINE T log(T x) {
  using Tr = detail::Traits<T>;
  const LogReduction<T> red = reduce_for_log(x);
  const T f = red.f;
  const T kf = red.k;
  if constexpr (sizeof(T) == sizeof(float)) {
    const T q = elementary_coefficients::log1p_q(f);
    const T tail = ieee::fma(ieee::mul(f, f), q, ieee::mul(kf, Tr::ln2_lo));
    return ieee::fma(kf, Tr::ln2_hi, ieee::add(f, tail));
  } else {
    const T s = ieee::div(f, ieee::add(T(2), f));
    const T z = ieee::mul(s, s);
    const T r = ieee::mul(z, elementary_coefficients::log_p(z));
    const T hfsq = ieee::mul(ieee::mul(T(0.5), f), f);
    const T tail = ieee::fma(s, ieee::add(hfsq, r), ieee::mul(kf, Tr::ln2_lo));
    return ieee::fma(kf, Tr::ln2_hi, ieee::sub(f, ieee::sub(hfsq, tail)));
  }
}

// e^x for any x: +inf above the overflow threshold, 0 below the underflow threshold, NaN for NaN.
// x = k ln2 + r, |r| <= ln2/2, e^r = 1 + r*E(r), then scaled by 2^k. For |x| <= kExpFast the
// result is normal, so the scaling is an exact addition to the exponent field; elsewhere it is two
// exact multiplications, so that subnormal results are rounded once. Both give the same bits.
template <class T>
GPURNG_HD GPURNG_FORCEINLINE T exp(T x) {
  using Tr = detail::Traits<T>;
  using Bits = typename Tr::Bits;
  // k = round-to-nearest(x / ln2) by the magic-number trick: the low bits of t hold k.
  const T t = ieee::fma(x, Tr::log2e, Tr::kRoundMagic);
  const T kf = ieee::sub(t, Tr::kRoundMagic);
  const T hi = ieee::fma(-kf, Tr::ln2_hi, x);  // exact
  const T r = ieee::fma(-kf, Tr::ln2_lo, hi);
  const T er = ieee::fma(r, elementary_coefficients::exp_e(r), T(1));
  if (x >= -Tr::kExpFast && x <= Tr::kExpFast) {
    const Bits k = ieee::to_bits(t) - ieee::to_bits(Tr::kRoundMagic);  // k modulo 2^bits
    return ieee::from_bits(ieee::to_bits(er) + (k << Tr::kMantissaBits));
  }
  if (!(x == x)) return x;  // NaN
  if (x > Tr::kExpMax) return detail::infinity<T>();
  if (x < Tr::kExpMin) return T(0);
  const int k = static_cast<int>(kf);
  const int k1 = k / 2;
  return ieee::mul(ieee::mul(er, detail::pow2<T>(k1)), detail::pow2<T>(k - k1));
}

// sin(2 pi u) and cos(2 pi u) for u in [0, 1]. The angle is reduced in turns, exactly: q = 4u,
// n = nearest integer of q, t = q - n in [-1/2, 1/2] (both steps exact), angle = pi/2 (n + t);
// then sin(pi/2 t) = t*S(t^2), cos(pi/2 t) = 1 + t^2*C(t^2) and a quadrant rotation by n.
//
// The quadrant rotation is (sin, cos) = (s, c), (c, -s), (-s, -c), (-c, s) for n mod 4 = 0..3: swap
// when n is odd, negate sin when n & 2, cos when (n + 1) & 2. n mod 4 is read from the low bits of
// q + kRoundMagic, and the negations are sign-bit flips (what negation is), so the rotation is two
// selects and two XORs on every lane, with no integer conversion and no branch (a switch made the
// lanes of a GPU warp take up to four paths one after another).
template <class T>
GPURNG_HD GPURNG_FORCEINLINE void sincos_2pi(T u, T* sin_out, T* cos_out) {
  using Tr = detail::Traits<T>;
  using Bits = typename Tr::Bits;
  const T q = ieee::mul(u, T(4));
  const T rounded = ieee::add(q, Tr::kRoundMagic);
  const T nf = ieee::sub(rounded, Tr::kRoundMagic);
  const T t = ieee::sub(q, nf);
  const T w = ieee::mul(t, t);
  const T s = ieee::mul(t, elementary_coefficients::sin_s(w));
  const T c = ieee::fma(w, elementary_coefficients::cos_c(w), T(1));
  const Bits n = ieee::to_bits(rounded);  // its low bits: n modulo 2^kMantissaBits
  constexpr int kSignShift = sizeof(T) * 8 - 1;
  const Bits sin_sign = ((n >> 1) & 1u) << kSignShift;
  const Bits cos_sign = (((n + 1u) >> 1) & 1u) << kSignShift;
  const bool swap = (n & 1u) != 0;
  *sin_out = ieee::from_bits(ieee::to_bits(swap ? c : s) ^ sin_sign);
  *cos_out = ieee::from_bits(ieee::to_bits(swap ? s : c) ^ cos_sign);
}

}  // namespace gpurng::core::elementary
