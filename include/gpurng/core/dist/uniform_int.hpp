// Uniform integers in [lo, hi] by multiply-shift with a fixed budget of random bits (Lemire's
// "nearly divisionless" map without its rejection step), so value i is a function of fixed raw
// positions and never of how many draws other values needed.
//
// The map. With s = hi - lo + 1 (1 <= s <= 2^64) and X uniform on [0, 2^B), the value is
//     lo + floor(X * s / 2^B).
// Outcome k is hit by ceil((k+1) 2^B / s) - ceil(k 2^B / s) values of X, which is floor(2^B / s) or
// ceil(2^B / s). Hence the exact bias bound (no approximation):
//     |P(k) - 1/s| < 2^-B  for every k,   i.e.  |s P(k) - 1| < s / 2^B,
// with P(k) = 1/s exactly when s divides 2^B (every power of two, the full 32- and 64-bit ranges
// included), and total variation distance from uniform below s / 2^(B+1).
//
// The budget B is what the transform reads:
//   UniformInt<E, T>          one raw output per value (arity 1), B = the width of E::bits_type
//                             (32 or 64). Needs B >= the width of T. Bias < s / 2^B: below 2^-32
//                             relative for every 32-bit range on a 64-bit engine; exact for powers
//                             of two; but up to about 1/2 relative for ranges of about 2^(B-1)
//                             values (s = 3 * 2^30 on a 32-bit engine gives P(k) = 2^-31 or 2^-32),
//                             which a test can see. Use it where s <= 2^(B-32).
//   UniformIntKeyed<E, T>     what the library ships: arity 2, B = width(T) + 32 bits per value,
//                             the engine's own bits first and keyed draws (keyed_draws.hpp) for the
//                             rest, so |s P(k) - 1| < 2^-32 for every range on every engine. The keyed
//                             bits are read only where they can change the value: with w the engine's
//                             width, about s / 2^w of the values (decided_by_raw below).
//
// The engine's bits are assumed uniform on [0, 2^width). An engine whose bits cover [0, M) with
// M < 2^width (mrg32k3a: M = m1 = 2^32 - 209) adds (2^width - M) / M per raw to the bound (4.9e-8
// for mrg32k3a, per raw).
//
// Signed T: the range is taken modulo 2^width(T) (two's complement), so lo = INT64_MIN, hi =
// INT64_MAX is the full range, s = 2^64.
#pragma once

#include <cstdint>
#include <type_traits>

#include "gpurng/core/config.hpp"
#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/uint128.hpp"

namespace gpurng::core::dist {

namespace uniform_int_detail {

// floor(x * (span + 1) / 2^32) for a 32-bit x: s = span + 1 <= 2^32 fits the 64-bit product.
GPURNG_HD GPURNG_FORCEINLINE std::uint32_t scale32(std::uint32_t x, std::uint32_t span) {
  return static_cast<std::uint32_t>((static_cast<std::uint64_t>(x) * (static_cast<std::uint64_t>(span) + 1u)) >> 32);
}

// floor(x * (span + 1) / 2^64) for a 64-bit x, span + 1 up to 2^64: x * span + x, the carry of the
// low words added to the high word.
GPURNG_HD GPURNG_FORCEINLINE std::uint64_t scale64(std::uint64_t x, std::uint64_t span) {
  const std::uint64_t lo = x * span;
  const std::uint64_t carry = (lo + x < lo) ? 1u : 0u;
  return mulhi64(x, span) + carry;
}

// floor(X * (span + 1) / 2^(32 n)) for X given as n 32-bit limbs, most significant first (limb[0]),
// 2 <= n <= 4. Schoolbook product of X with the two limbs of span, plus X, kept in 32-bit limbs with
// 64-bit accumulators (no 128-bit type, so host and device run the same integer operations). The
// result is the part above the low n limbs, at most 64 bits because s <= 2^64.
template <int N>
GPURNG_HD GPURNG_FORCEINLINE std::uint64_t scale_limbs(const std::uint32_t (&x)[N], std::uint64_t span) {
  static_assert(N >= 2 && N <= 4, "2 to 4 limbs");
  const std::uint32_t s_lo = static_cast<std::uint32_t>(span);
  const std::uint32_t s_hi = static_cast<std::uint32_t>(span >> 32);
  // Column j of X * span + X (the coefficient of 2^(32 j)) is x_j s_lo + x_(j-1) s_hi + x_j plus the
  // carry from column j - 1, where x_j (j = 0 least significant) is x[N - 1 - j]. Each term is split
  // into its 32-bit halves before adding, so no sum can overflow 64 bits.
  std::uint32_t out[N + 2] = {};
  std::uint64_t carry = 0;
  for (int j = 0; j < N + 2; ++j) {
    std::uint64_t lo_part = carry & 0xffffffffu;
    std::uint64_t hi_part = carry >> 32;
    if (j < N) {
      const std::uint32_t xj = x[N - 1 - j];
      const std::uint64_t p = static_cast<std::uint64_t>(xj) * s_lo;
      lo_part += (p & 0xffffffffu) + xj;
      hi_part += p >> 32;
    }
    if (j >= 1 && j - 1 < N) {
      const std::uint64_t p = static_cast<std::uint64_t>(x[N - j]) * s_hi;
      lo_part += p & 0xffffffffu;
      hi_part += p >> 32;
    }
    out[j] = static_cast<std::uint32_t>(lo_part);
    carry = hi_part + (lo_part >> 32);
  }
  return (static_cast<std::uint64_t>(out[N + 1]) << 32) | out[N];
}

template <class U>
GPURNG_HD GPURNG_FORCEINLINE constexpr int width() {
  return static_cast<int>(sizeof(U) * 8);
}

// Whether the engine's own w bits x decide floor(X s / 2^B) for every choice of the B - w keyed bits
// below them (X = x 2^m + d, m = B - w, 0 <= d < 2^m), and if so the value's offset, H.
// With x s = H 2^w + L (0 <= L < 2^w): X s = H 2^B + L 2^m + d s, and L 2^m + d s < (L + s) 2^m, so
// the quotient is H whenever L + s <= 2^w. That fails for L in (2^w - s, 2^w): about s / 2^w of the
// values, which alone need their keyed draws (a Philox block each). Never for s > 2^w.
// s = span + 1; L + s <= 2^w is L + span < 2^w.
GPURNG_HD GPURNG_FORCEINLINE bool decided_by_raw(std::uint32_t x, std::uint64_t span, std::uint64_t& offset) {
  if (span > 0xffffffffu) return false;
  const std::uint64_t p = static_cast<std::uint64_t>(x) * (span + 1u);  // < 2^64: x < 2^32, s <= 2^32
  offset = p >> 32;
  return (p & 0xffffffffu) + span <= 0xffffffffu;
}
GPURNG_HD GPURNG_FORCEINLINE bool decided_by_raw(std::uint64_t x, std::uint64_t span, std::uint64_t& offset) {
  const std::uint64_t product = x * span;
  const std::uint64_t low = product + x;  // x s mod 2^64 (s may be 2^64)
  offset = mulhi64(x, span) + (low < product ? 1u : 0u);
  return low <= ~span;  // L + span <= 2^64 - 1
}

}  // namespace uniform_int_detail

// Parameters of a uniform integer distribution of type T (int32, uint32, int64, uint64).
// check() returns nullptr when lo <= hi, else a message naming the parameters and their range.
template <class T>
GPURNG_HD inline const char* uniform_int_check(T lo, T hi) {
  static_assert(std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8), "32- or 64-bit integers");
  return lo <= hi ? nullptr : "uniform_int: lo must be <= hi (the range [lo, hi] is inclusive)";
}

// Value i = lo + floor(bits(raw i) * s / 2^B), B = width of E::bits_type. Arity 1.
template <class E, class T>
struct UniformInt {
  static_assert(std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8), "32- or 64-bit integers");
  using value_type = T;
  using U = typename std::make_unsigned<T>::type;
  using Word = typename E::bits_type;
  static_assert(sizeof(Word) >= sizeof(T),
                "a 64-bit range needs 64 random bits per value: use UniformIntKeyed on a 32-bit engine");
  static constexpr int arity = 1;
  T lo;
  T hi;
  GPURNG_HD static const char* check(T lo_, T hi_) { return uniform_int_check(lo_, hi_); }
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, T* out) const {
    const U span = static_cast<U>(static_cast<U>(hi) - static_cast<U>(lo));
    const Word x = E::bits(r[0]);
    U off;
    if constexpr (sizeof(Word) == 4) {
      off = uniform_int_detail::scale32(x, span);
    } else {
      off = static_cast<U>(uniform_int_detail::scale64(x, span));
    }
    out[0] = static_cast<T>(static_cast<U>(static_cast<U>(lo) + off));
  }
};

// The shipped transform: arity 2, value 2k + j from raws (2k, 2k + 1), slot j, with B bits of X_j:
//   B = w (the engine's width) when w >= width(T) + 32 (a 64-bit engine and a 32-bit range):
//       X_j = bits(raw 2k + j), exactly UniformInt above;
//   otherwise B = width(T) + 32 (64 for 32-bit T, 96 for 64-bit T): the top w bits of X_j are
//       bits(raw 2k + j) and the rest are the first keyed draws of the group (keyed_draws.hpp,
//       DrawTag::uniform_int, slot j), most significant first.
// So |s P(k) - 1| < 2^-32 for every range on every engine, value i is a function of its group alone
// (positions 2k, 2k + 1 as for every arity-2 transform), and what it reads depends only on (engine
// width, T), never on the range.
// The keyed bits are made only where they can change the value (uniform_int_detail::decided_by_raw:
// about s / 2^w of the values), out of line (keyed_offset): the value is the same either way, and the
// row's loop keeps one multiply per value where it had a Philox block (an H100, int32 on
// philox4x32-10: docs/PERFORMANCE.md).
template <class E, class T>
struct UniformIntKeyed {
  static_assert(std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8), "32- or 64-bit integers");
  using value_type = T;
  using U = typename std::make_unsigned<T>::type;
  using Word = typename E::bits_type;
  using Raw = typename E::raw_type;
  static constexpr int arity = 2;
  static constexpr int kWordBits = uniform_int_detail::width<Word>();
  static constexpr int kBudget = uniform_int_detail::width<T>() + 32;
  static constexpr bool kRawAlone = kWordBits >= kBudget;
  static constexpr int kLimbs = kRawAlone ? 2 : kBudget / 32;  // 32-bit limbs of X
  T lo;
  T hi;
  GPURNG_HD static const char* check(T lo_, T hi_) { return uniform_int_check(lo_, hi_); }

  // floor(X_j s / 2^B) from all B bits: the engine's, then the keyed draws' (every value of a range
  // wider than the engine's bits; the rest only where decided_by_raw says no).
  GPURNG_HD GPURNG_NOINLINE static U keyed_offset(Raw r0, Raw r1, unsigned j, U span) {
    std::uint32_t x[kLimbs];
    const Word w = E::bits(j == 0 ? r0 : r1);
    int filled = 0;
    if constexpr (sizeof(Word) == 4) {
      x[filled++] = w;
    } else {
      x[filled++] = static_cast<std::uint32_t>(w >> 32);
      x[filled++] = static_cast<std::uint32_t>(w);
    }
    KeyedDraws draws(r0, r1, 0.0, DrawTag::uniform_int, j);
    while (filled < kLimbs) {
      const std::uint64_t k = draws.next_bits();
      x[filled++] = static_cast<std::uint32_t>(k >> 32);
      if (filled < kLimbs) x[filled++] = static_cast<std::uint32_t>(k);
    }
    return static_cast<U>(uniform_int_detail::scale_limbs<kLimbs>(x, static_cast<std::uint64_t>(span)));
  }

  GPURNG_HD GPURNG_FORCEINLINE void operator()(const Raw* r, T* out) const {
    if constexpr (kRawAlone) {
      UniformInt<E, T>{lo, hi}(r, out);
      UniformInt<E, T>{lo, hi}(r + 1, out + 1);
    } else {
      const U span = static_cast<U>(static_cast<U>(hi) - static_cast<U>(lo));
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
      for (unsigned j = 0; j < 2; ++j) {
        std::uint64_t offset;
        const U off = uniform_int_detail::decided_by_raw(E::bits(r[j]), static_cast<std::uint64_t>(span), offset)
                          ? static_cast<U>(offset)
                          : keyed_offset(r[0], r[1], j, span);
        out[j] = static_cast<T>(static_cast<U>(static_cast<U>(lo) + off));
      }
    }
  }
};

}  // namespace gpurng::core::dist
