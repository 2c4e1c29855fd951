// The inversion's search sped up by a guide table (Chen and Asau's "guide table" method): for sums
// d[0] <= d[1] <= ... <= d[n - 1] and a uniform u, the first i with u <= d[i], found from the bucket
// of u among G = 2^b equal parts of [0, 1] instead of a binary search over all n sums.
//
// Bucket j holds the u with floor(u G) = j, so j / G <= u < (j + 1) / G (u G is exact: G is a power
// of two). Its guide word packs lo_j, the first i with d[i] >= j / G, and hi_j, the first i with
// d[i] >= (j + 1) / G (each capped at n - 1): the answer for any u of the bucket lies in
// [lo_j, hi_j], since d[answer] >= u >= j / G and d[hi_j] >= (j + 1) / G > u. Most buckets hold no
// sum at all (lo_j = hi_j: the answer without reading a sum); the others a few, searched by
// bisection. The answer is the same as any other search's: only the cost changes. The caller makes
// sure that d[n - 1] >= u (a sentinel above every uniform, or u's tail tested first).
//
// A GPU block builds the guide in its shared memory from the sums already there (guide_build, every
// thread a run of consecutive buckets, each bucket's start found by galloping from the last one's).
#pragma once

#include <cstdint>

#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::core::dist {

// Sums at most 2^16 (the guide's halves are 16 bits).
inline constexpr int kGuideMaxSums = 1 << 16;

// The first i in [from, n) with d[i] >= t, or n; every i < from has d[i] < t. Galloping: cost in the
// logarithm of the distance from `from`.
GPURNG_HD inline int guide_first_at_least(const double* d, int n, int from, double t) {
  if (from >= n || d[from] >= t) return from;
  int below = from;  // d[below] < t
  int step = 1;
  int probe = from + 1;
  while (probe < n && d[probe] < t) {
    below = probe;
    step <<= 1;
    probe = below + step;
  }
  int lo = below + 1, hi = probe < n ? probe : n;  // the answer is in [lo, hi]
  while (lo < hi) {
    const int mid = lo + ((hi - lo) >> 1);
    if (d[mid] < t) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

// Thread `thread` of `threads`' share of the guide of 2^log2_buckets words for the n sums d (every
// thread a run of consecutive buckets). The sums must be complete before any thread starts.
GPURNG_HD inline void guide_build(const double* d, int n, int log2_buckets, std::uint32_t* guide, int thread,
                                  int threads) {
  const int buckets = 1 << log2_buckets;
  const double width = ieee::div(1.0, static_cast<double>(buckets));  // exact: a power of two
  const int per = (buckets + threads - 1) / threads;
  const int first = thread * per;
  const int end = first + per < buckets ? first + per : buckets;
  if (first >= end) return;
  const unsigned cap = static_cast<unsigned>(n - 1);
  int lo = guide_first_at_least(d, n, 0, ieee::mul(static_cast<double>(first), width));
  for (int j = first; j < end; ++j) {
    const int hi = guide_first_at_least(d, n, lo, ieee::mul(static_cast<double>(j + 1), width));
    const unsigned a = static_cast<unsigned>(lo) < cap ? static_cast<unsigned>(lo) : cap;
    const unsigned b = static_cast<unsigned>(hi) < cap ? static_cast<unsigned>(hi) : cap;
    guide[j] = a | (b << 16);
    lo = hi;
  }
}

// The first i with u <= d[i], given d[n - 1] >= u, from the guide of 2^log2_buckets words (NaN: the
// guide's first word's lo, 0).
GPURNG_HD GPURNG_FORCEINLINE int guided_search(const double* d, const std::uint32_t* guide, int log2_buckets,
                                               double u) {
  const int buckets = 1 << log2_buckets;
  const double x = ieee::mul(u, static_cast<double>(buckets));
  const int j = x >= 0.0 ? (x < static_cast<double>(buckets) ? static_cast<int>(x) : buckets - 1) : 0;
  const std::uint32_t g = guide[j];
  int lo = static_cast<int>(g & 0xffffu), hi = static_cast<int>(g >> 16);
  while (lo < hi) {
    const int mid = (lo + hi) >> 1;
    if (d[mid] < u) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

}  // namespace gpurng::core::dist
