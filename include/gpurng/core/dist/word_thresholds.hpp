// A search over sums of probabilities, done on an engine's 32-bit output words instead of its double
// uniforms. For an engine whose raw output is one 32-bit word x and whose double uniform u(x) does not
// decrease as x grows (every such engine's: (x + 1/2) 2^-32, (x + 1) 2^-32, x times a constant),
// "u(x) <= d" holds exactly for the x up to S(d), the largest x with u(x) <= d (S(d) = -1 when
// there is none). So the first sum d_i not below u(x) is the first i with x <= S(d_i): the same
// answer, found with 32-bit compares on the raw word, without converting x to a double, and with
// 4-byte loads of the thresholds. The staged anchored inversion searches this way for such engines
// (anchored_inversion.hpp): an H100 made 1.24-1.45x the values a second with it than with the
// doubles (scripts/exp/integer-threshold-probe.cu, docs/PERFORMANCE.md). The table of 64 sums keeps
// its doubles: there the word search was slower (428 against 470 G values/s in the same probe).
//
// The guide over the thresholds (Chen and Asau, as guided_search.hpp over doubles) has 2^b buckets
// of x: bucket j holds x in [j 2^(32-b), (j + 1) 2^(32-b) - 1]; its word packs lo_j, the first i with
// S_i >= j 2^(32-b), and hi_j, the first i with S_i >= (j + 1) 2^(32-b) - 1 (each capped at n - 1),
// so the answer for any x of the bucket lies in [lo_j, hi_j].
#pragma once

#include <cstdint>
#include <type_traits>

#include "gpurng/core/config.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::core::dist {

// Whether engine E's raw output is one 32-bit word (its double uniform then a function of that word).
template <class E>
inline constexpr bool kWordKeyed = std::is_same_v<typename E::raw_type, std::uint32_t>;

// S(d) for engine E: the largest 32-bit x with E::uniform_double(x) <= d, or -1 (NaN: -1). Exact for
// any nondecreasing conversion: an estimate on the line through u(0) and u(2^32 - 1), then a
// galloping search from it and a bisection, every step deciding by u itself (for the affine
// conversions the estimate is within one of the answer: a few evaluations).
template <class E>
GPURNG_HD inline std::int64_t word_threshold(double d) {
  constexpr std::uint64_t kMax = 0xffffffffu;
  const auto u = [](std::uint64_t x) { return E::uniform_double(static_cast<std::uint32_t>(x)); };
  const double u_first = u(0), u_last = u(kMax);
  if (!(d >= u_first)) return -1;
  if (d >= u_last) return static_cast<std::int64_t>(kMax);
  // u_first <= d < u_last: the answer is in [0, kMax).
  const double t = ieee::mul(ieee::div(ieee::sub(d, u_first), ieee::sub(u_last, u_first)), static_cast<double>(kMax));
  std::uint64_t x = t >= static_cast<double>(kMax) ? kMax - 1 : (t > 0.0 ? static_cast<std::uint64_t>(t) : 0u);
  std::uint64_t lo, hi;  // u(lo) <= d < u(hi) once these loops end (u(0) <= d < u(kMax) end them)
  std::uint64_t step = 1;
  if (u(x) <= d) {
    lo = x;
    for (hi = lo + 1; !(u(hi) > d); hi = lo + step < kMax ? lo + step : kMax) {
      lo = hi;
      step <<= 1;
    }
  } else {
    hi = x;
    for (lo = hi - 1; !(u(lo) <= d); lo = hi >= step ? hi - step : 0) {
      hi = lo;
      step <<= 1;
    }
  }
  while (hi - lo > 1) {
    const std::uint64_t mid = lo + ((hi - lo) >> 1);
    if (u(mid) <= d) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return static_cast<std::int64_t>(lo);
}

// The first i in [from, n) with s[i] >= t, or n (s nondecreasing from `from`; t up to 2^32).
GPURNG_HD inline int threshold_first_at_least(const std::uint32_t* s, int from, int n, std::uint64_t t) {
  int lo = from, hi = n;
  while (lo < hi) {
    const int mid = lo + ((hi - lo) >> 1);
    if (s[mid] < t) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

// Thread `thread` of `threads`' share of the guide of 2^log2_buckets words over the thresholds s[from
// .. n) (entries below `from` are S = -1: below every word, never an answer).
GPURNG_HD inline void threshold_guide_build(const std::uint32_t* s, int from, int n, int log2_buckets,
                                            std::uint32_t* guide, int thread, int threads) {
  const int buckets = 1 << log2_buckets;
  const unsigned cap = static_cast<unsigned>(n - 1);
  for (int j = thread; j < buckets; j += threads) {
    const std::uint64_t first_word = static_cast<std::uint64_t>(j) << (32 - log2_buckets);
    const std::uint64_t last_word = (static_cast<std::uint64_t>(j + 1) << (32 - log2_buckets)) - 1;
    const int lo = threshold_first_at_least(s, from, n, first_word);
    const int hi = threshold_first_at_least(s, lo, n, last_word);
    const unsigned a = static_cast<unsigned>(lo) < cap ? static_cast<unsigned>(lo) : cap;
    const unsigned b = static_cast<unsigned>(hi) < cap ? static_cast<unsigned>(hi) : cap;
    guide[j] = a | (b << 16);
  }
}

// The first i with x <= s[i], given x <= s[n - 1], from the guide (a data-dependent bisection inside
// the bucket: most buckets hold at most one threshold).
GPURNG_HD GPURNG_FORCEINLINE int threshold_search(const std::uint32_t* s, const std::uint32_t* guide, int log2_buckets,
                                                  std::uint32_t x) {
  const std::uint32_t g = guide[x >> (32 - log2_buckets)];
  int lo = static_cast<int>(g & 0xffffu), hi = static_cast<int>(g >> 16);
  while (lo < hi) {
    const int mid = (lo + hi) >> 1;
    if (s[mid] < x) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

}  // namespace gpurng::core::dist
