// Poisson(lambda) for 10 <= lambda < kPoissonAnchoredMax by inversion from anchors: the definition of
// the Poisson transform's values there (poisson.hpp), in place of PTRS's rejection, which cost a Philox
// block, a division and often logarithms per value (an H100 made 16-25 G values/s of them against
// cuRAND's 430).
//
// The pmf is summed once per transform, on the host (the same double operations on every machine),
// over k = a0 .. a0 + 31 m, with a0 = max(0, floor(lambda - 4 sd)), sd = sqrt(lambda), and the stride m
// the smallest integer with 31 m >= lambda + 5 sd - a0. The 32 anchors A_i = a0 + i m keep the
// normalised P(X <= A_i) and P(X = A_i). Value i from its first uniform u (the engine's own double
// uniform of its raw output):
//
//   u <= P(X <= A_0):    the lower tail, X <= A_0 (0 when a0 = 0)       } shape exact, from keyed draw 0:
//   u >  P(X <= A_31):   the upper tail, X > A_31                       } v in (0, 1], below
//   otherwise:           the smallest k with u <= P(X <= k): found between the anchors A_{j-1} < k <= A_j
//                        around u (a binary search of five steps), walking down from A_j by
//                        P(X <= k - 1) = P(X <= k) - P(X = k), P(X = k - 1) = P(X = k) k (1/lambda)
//                        (at most m - 1 steps).
//
// The tails are P(X <= A_0) and P(X > A_31), both below 4e-5; in them the value is not the inversion
// of u but of a fresh 53-bit uniform of the tail's own conditional distribution: v times the tail's
// sum, compared with the tail's terms summed from its anchor outwards (pmf by the ratio recurrence,
// each a division), the first k whose partial sum reaches it. So only the tails' total probability is
// resolved to u's grid (2^-32 on 32-bit engines, as the middle's probabilities), while every value in
// them keeps its probability however small (the walk stops where a term no longer changes the sum).
// Keyed draw 0 is the only draw, and only tail values take it (one Philox block for about 1 in 3 10^4
// values).
//
// The stride grows as sqrt(lambda) (1 at lambda = 10, 3 at 100, 30 at 1e4, 75 below 2^16); from
// kPoissonAnchoredMax (2^16) the walk would cost more than PTRS and PTRS stays (an H100, one value
// walking per lane: 28 G values/s at a stride of 75, 15 at 149, PTRS 22).
//
// The walk's sums do not depend on u: a kernel may tabulate every bracket's walk once (31 m + 1
// sums) and search them instead; the values are the same.
#pragma once

#include "gpurng/core/dist/ieee_ops.hpp"
#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/dist/special_functions.hpp"

namespace gpurng::core::dist {

// The anchored inversion's range of lambda: [kPoissonInversionMax (10), kPoissonAnchoredMax).
inline constexpr double kPoissonAnchoredMax = 65536.0;  // 2^16: a stride of at most 75

// The scalars of the anchored inversion (a member of PoissonParams).
struct PoissonAnchorScalars {
  double a0;          // A_0
  double stride;      // m
  double inv_lambda;  // 1/lambda rounded: the middle walk's recurrence
  double lower_pmf;   // P(X = A_0), as summed (not normalised)
  double lower_sum;   // P(X <= A_0), as summed
  double upper_pmf;   // P(X = A_31), as summed
  double upper_sum;   // P(X > A_31), as summed
};

// The 32 anchors as the kernels stage them: words 0-31 P(X <= A_i), words 32-63 P(X = A_i), normalised
// by the sum of every term.
class PoissonAnchorTable {
 public:
  static constexpr int kAnchors = 32;
  static constexpr int kWords = 2 * kAnchors;

  GPURNG_HD double entry(int i) const { return words_[i]; }
  GPURNG_HD const double* data() const { return words_; }
  GPURNG_HD void set(int i, double cdf, double pmf) {
    words_[i] = cdf;
    words_[kAnchors + i] = pmf;
  }

 private:
  double words_[kWords];
};

// The lower tail's walk: terms P(X = k), k = start, start - 1, ... (each the last times k / lambda)
// summed from `pmf` = P(X = start); stop(sum) is asked at each k and true ends the walk there; it also
// ends at k = 0 and where a term no longer changes the sum. Returns that k. The setup's sum and a
// value's walk are this one function, so a target at most the setup's sum is always reached.
template <class Stop>
GPURNG_HD double poisson_lower_walk(double start, double pmf, double lambda, const Stop& stop) {
  double k = start;
  double sum = pmf;
  for (;;) {
    if (stop(sum) || !(k > 0.0)) return k;
    pmf = ieee::div(ieee::mul(pmf, k), lambda);
    k = ieee::sub(k, 1.0);
    const double next = ieee::add(sum, pmf);
    if (next == sum) return k;
    sum = next;
  }
}

// The upper tail's walk: terms P(X = k), k = start + 1, start + 2, ... (each the last times lambda / k)
// summed from `pmf` = P(X = start), with stop(sum) as above; it ends where a term no longer changes
// the sum (past the mode the terms fall geometrically).
template <class Stop>
GPURNG_HD double poisson_upper_walk(double start, double pmf, double lambda, const Stop& stop) {
  double k = ieee::add(start, 1.0);
  pmf = ieee::div(ieee::mul(pmf, lambda), k);
  double sum = pmf;
  for (;;) {
    if (stop(sum)) return k;
    k = ieee::add(k, 1.0);
    pmf = ieee::div(ieee::mul(pmf, lambda), k);
    const double next = ieee::add(sum, pmf);
    if (next == sum) return k;
    sum = next;
  }
}

// The setup: the scalars and the table for lambda in [10, kPoissonAnchoredMax).
GPURNG_HD inline void poisson_anchor_setup(double lambda, PoissonAnchorScalars& s, PoissonAnchorTable& t) {
  constexpr int kLast = PoissonAnchorTable::kAnchors - 1;
  const double sd = ieee::sqrt(lambda);
  const double low = ieee::fma(-4.0, sd, lambda);
  s.a0 = low > 0.0 ? special::floor_exact(low) : 0.0;
  const double span = ieee::sub(ieee::fma(5.0, sd, lambda), s.a0);
  s.stride = ieee::add(special::floor_exact(ieee::div(span, static_cast<double>(kLast))), 1.0);
  s.inv_lambda = ieee::div(1.0, lambda);
  s.lower_pmf = elementary::exp(special::poisson_log_pmf(s.a0, lambda));
  s.lower_sum = s.lower_pmf;
  poisson_lower_walk(s.a0, s.lower_pmf, lambda, [&](double sum) {
    s.lower_sum = sum;
    return false;
  });
  double cdf[PoissonAnchorTable::kAnchors];
  double pmf[PoissonAnchorTable::kAnchors];
  double k = s.a0, c = s.lower_sum, p = s.lower_pmf;
  cdf[0] = c;
  pmf[0] = p;
  const int stride = static_cast<int>(s.stride);
  for (int i = 1; i <= kLast; ++i) {
    for (int step = 0; step < stride; ++step) {
      k = ieee::add(k, 1.0);
      p = ieee::div(ieee::mul(p, lambda), k);
      c = ieee::add(c, p);
    }
    cdf[i] = c;
    pmf[i] = p;
  }
  s.upper_pmf = p;
  s.upper_sum = 0.0;
  poisson_upper_walk(k, p, lambda, [&](double sum) {
    s.upper_sum = sum;
    return false;
  });
  const double total = ieee::add(c, s.upper_sum);
  for (int i = 0; i <= kLast; ++i) t.set(i, ieee::div(cdf[i], total), ieee::div(pmf[i], total));
}

// u's anchor j from the staged words `w` (the table's): the first with u <= P(X <= A_j) (a binary
// search of five steps), or 31 where u is above them all (NaN too).
GPURNG_HD GPURNG_FORCEINLINE int poisson_anchor_above(const double* w, double u) {
  int j = 0;
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int step = PoissonAnchorTable::kAnchors / 2; step > 0; step >>= 1) {
    if (w[j + step - 1] < u) j += step;
  }
  return j;
}

// The value of u in the middle, from the staged words `w`: k, or -1 for the lower tail, -2 for the
// upper one (NaN: upper).
GPURNG_HD GPURNG_FORCEINLINE double poisson_anchored_middle(const PoissonAnchorScalars& s, const double* w, double u) {
  constexpr int kN = PoissonAnchorTable::kAnchors;
  const int j = poisson_anchor_above(w, u);
  double c = w[j];
  if (!(u <= c)) return -2.0;
  if (j == 0) return s.a0 == 0.0 ? 0.0 : -1.0;
  double p = w[kN + j];
  double k = ieee::fma(static_cast<double>(j), s.stride, s.a0);
  const double floor_k = ieee::add(ieee::sub(k, s.stride), 1.0);  // A_{j-1} + 1, the least k here
  while (k > floor_k) {
    const double below = ieee::sub(c, p);  // P(X <= k - 1)
    if (u > below) break;
    p = ieee::mul(ieee::mul(p, k), s.inv_lambda);
    c = below;
    k = ieee::sub(k, 1.0);
  }
  return k;
}

// A tail's value (out of line: about 1 value in 3 10^4 takes it): keyed draw 0 of the value's group
// (Poisson's tag) times the tail's sum, the walk's first k whose partial sum reaches it.
GPURNG_HD GPURNG_NOINLINE inline double poisson_anchored_tail(PoissonAnchorScalars s, double lambda, std::uint64_t raw0,
                                                              std::uint64_t raw1, double u, unsigned slot, bool upper) {
  KeyedDraws draws(raw0, raw1, u, DrawTag::poisson, slot);
  const double v = draws.uniform();
  if (upper) {
    const double target = ieee::mul(v, s.upper_sum);
    const double last = ieee::fma(static_cast<double>(PoissonAnchorTable::kAnchors - 1), s.stride, s.a0);
    return poisson_upper_walk(last, s.upper_pmf, lambda, [&](double sum) { return target <= sum; });
  }
  const double target = ieee::mul(v, s.lower_sum);
  return poisson_lower_walk(s.a0, s.lower_pmf, lambda, [&](double sum) { return target <= sum; });
}

// The walks tabulated (for a kernel's shared memory, 31 m + 64 doubles: at most 19 KB): with a stride m
// of at most kPoissonDenseStride,
// bracket j's sums d(A_{j-1} + 1 + t), t = 0 .. m - 1, at dense[(j - 1) m + t]: d(A_j) the anchor's,
// each one below it P(X <= k - 1) as poisson_anchored_middle's walk forms it (the same operations), so
// that the first of them not below u is the walk's value for every u.
inline constexpr int kPoissonDenseWords = 2336;
inline constexpr int kPoissonDenseStride = kPoissonDenseWords / (PoissonAnchorTable::kAnchors - 1);  // 75: every anchored lambda

GPURNG_HD inline bool poisson_dense_fits(const PoissonAnchorScalars& s) {
  return s.stride <= static_cast<double>(kPoissonDenseStride);
}

// Bracket j (1 .. 31) of the dense table from the anchors `w` (one thread's share of the build).
GPURNG_HD inline void poisson_dense_bracket(const PoissonAnchorScalars& s, const double* w, int j, double* dense) {
  constexpr int kN = PoissonAnchorTable::kAnchors;
  const int m = static_cast<int>(s.stride);
  double* d = dense + (j - 1) * m;
  double c = w[j];
  double p = w[kN + j];
  double k = ieee::fma(static_cast<double>(j), s.stride, s.a0);
  d[m - 1] = c;
  for (int t = m - 2; t >= 0; --t) {
    const double below = ieee::sub(c, p);
    p = ieee::mul(ieee::mul(p, k), s.inv_lambda);
    c = below;
    k = ieee::sub(k, 1.0);
    d[t] = c;
  }
}

// poisson_anchored_middle's value by the dense table: the bracket's binary search, then a binary
// search of the bracket's m sums instead of the walk.
GPURNG_HD GPURNG_FORCEINLINE double poisson_anchored_dense(const PoissonAnchorScalars& s, const double* w,
                                                           const double* dense, double u) {
  const int j = poisson_anchor_above(w, u);
  if (!(u <= w[j])) return -2.0;
  if (j == 0) return s.a0 == 0.0 ? 0.0 : -1.0;
  const int m = static_cast<int>(s.stride);
  const double* d = dense + (j - 1) * m;
  int lo = 0, len = m;
  while (len > 1) {  // the first t with u <= d[t]; d[m - 1] >= u
    const int half = len >> 1;
    if (d[lo + half - 1] < u) {
      lo += half;
      len -= half;
    } else {
      len = half;
    }
  }
  return ieee::add(ieee::fma(static_cast<double>(j - 1), s.stride, s.a0), static_cast<double>(lo + 1));
}

// A pair's values where one or both are in a tail (-1 lower, -2 upper; the others kept).
struct PoissonPair {
  double v0, v1;
};
GPURNG_HD GPURNG_NOINLINE inline PoissonPair poisson_anchored_pair_tails(PoissonAnchorScalars s, double lambda,
                                                                        std::uint64_t raw0, std::uint64_t raw1, double u0,
                                                                        double u1, PoissonPair k) {
  if (k.v0 < 0.0) k.v0 = poisson_anchored_tail(s, lambda, raw0, raw1, u0, 0, k.v0 < -1.5);
  if (k.v1 < 0.0) k.v1 = poisson_anchored_tail(s, lambda, raw0, raw1, u1, 1, k.v1 < -1.5);
  return k;
}

// Value from u and its raw group: the middle, or its tail.
GPURNG_HD GPURNG_FORCEINLINE double poisson_anchored_value(const PoissonAnchorScalars& s, double lambda,
                                                           const double* w, double u, std::uint64_t raw0,
                                                           std::uint64_t raw1, unsigned slot) {
  const double k = poisson_anchored_middle(s, w, u);
  if (k >= 0.0) return k;
  return poisson_anchored_tail(s, lambda, raw0, raw1, u, slot, k < -1.5);
}

}  // namespace gpurng::core::dist
