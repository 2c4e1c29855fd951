// Inversion from anchors: the definition of Poisson's values for 10 <= lambda < 2^16 (poisson.hpp) and
// of binomial's for n s >= 10 with n s q < 2^16 (binomial.hpp), in place of the rejection samplers
// (PTRS, BTRS), which cost a Philox block, a division and often logarithms per value (an H100 made
// 16-25 G Poisson values/s by PTRS against cuRAND's 430).
//
// A law supplies its pmf at one point and the ratio recurrences between neighbours (`Law` below). The
// pmf is summed once per transform, on the host (the same double operations on every machine), over
// k = a0 .. a0 + 31 m, with a0 = max(0, floor(mean - 4 sd)) and the stride m the smallest integer with
// 31 m >= mean + 5 sd - a0. The 32 anchors A_i = a0 + i m keep the normalised P(X <= A_i) and
// P(X = A_i). Value i from its first uniform u (the engine's own double uniform of its raw output):
//
//   u <= P(X <= A_0):    the lower tail, X <= A_0 (0 when a0 = 0)       } shape exact, from keyed draw 0:
//   u >  P(X <= A_31):   the upper tail, X > A_31                       } v in (0, 1], below
//   otherwise:           the smallest k with u <= P(X <= k): found between the anchors A_{j-1} < k <= A_j
//                        around u (a binary search of five steps), walking down from A_j by
//                        P(X <= k - 1) = P(X <= k) - P(X = k), P(X = k - 1) by the law's middle_down
//                        (at most m - 1 steps).
//
// The tails are P(X <= A_0) and P(X > A_31), below 4e-5 and 3e-7 for Poisson; in them the value is not
// the inversion of u but of a fresh 53-bit uniform of the tail's own conditional distribution: v times
// the tail's sum, compared with the tail's terms summed from its anchor outwards (each term by the
// law's recurrence), the first k whose partial sum reaches it. So only the tails' total probability is
// resolved to u's grid (2^-32 on 32-bit engines, as the middle's probabilities), while every value in
// them keeps its probability however small (the walk stops where a term no longer changes the sum).
// Keyed draw 0 is the only draw, and only tail values take it.
//
// The stride grows as the standard deviation (Poisson: 1 at lambda = 10, 3 at 100, 30 at 1e4, 75 below
// 2^16); beyond a variance of 2^16 the walk would cost more than the rejection samplers (an H100, one
// Poisson value walking per lane: 28 G values/s at a stride of 75, 15 at 149, PTRS 22).
//
// The walk's sums do not depend on u: a kernel may tabulate every bracket's walk once (31 m + 1
// sums) and search them instead, from a guide table (guided_search.hpp); the values are the same.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpurng/core/bits.hpp"
#include "gpurng/core/dist/guided_search.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"
#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/dist/keyed_row.hpp"
#include "gpurng/core/dist/special_functions.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/dist/word_thresholds.hpp"

namespace gpurng::core::dist {

// The anchored inversion's largest variance (a stride of at most 75).
inline constexpr double kAnchoredMaxVariance = 65536.0;  // 2^16

// A law (PoissonLaw in poisson_anchored.hpp, BinomialLaw in binomial.hpp) provides, all in double with
// the ieee:: operations:
//   mean(), sd()            where the anchors go
//   log_pmf(k)              log P(X = k) at a0 (Loader's method)
//   up(p, k)                P(X = k) from p = P(X = k - 1)   (setup, upper tail)
//   down(p, k)              P(X = k - 1) from p = P(X = k)   (setup, lower tail)
//   middle_down(p, k)       the same in the middle's walk and its tabulation (may round differently)

// The scalars of the anchored inversion.
struct AnchorScalars {
  double a0;         // A_0
  double stride;     // m
  double lower_pmf;  // P(X = A_0), as summed (not normalised)
  double lower_sum;  // P(X <= A_0), as summed
  double upper_pmf;  // P(X = A_31), as summed
  double upper_sum;  // P(X > A_31), as summed
};

// The 32 anchors as the kernels stage them: words 0-31 P(X <= A_i), words 32-63 P(X = A_i), normalised
// by the sum of every term.
class AnchorTable {
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

// The anchors' placement for a law (the setup's first step; a caller may check A_31 against the law's
// support before choosing the method).
template <class Law>
GPURNG_HD inline void anchored_place(const Law& law, AnchorScalars& s) {
  constexpr int kLast = AnchorTable::kAnchors - 1;
  const double mean = law.mean(), sd = law.sd();
  const double low = ieee::fma(-4.0, sd, mean);
  s.a0 = low > 0.0 ? special::floor_exact(low) : 0.0;
  const double span = ieee::sub(ieee::fma(5.0, sd, mean), s.a0);
  s.stride = ieee::add(special::floor_exact(ieee::div(span, static_cast<double>(kLast))), 1.0);
}
GPURNG_HD inline double anchored_last(const AnchorScalars& s) {
  return ieee::fma(static_cast<double>(AnchorTable::kAnchors - 1), s.stride, s.a0);
}

// The lower tail's walk: terms P(X = k), k = start, start - 1, ... (law.down) summed from `pmf` =
// P(X = start); stop(sum) is asked at each k and true ends the walk there; it also ends at k = 0 and
// where a term no longer changes the sum. Returns that k. The setup's sum and a value's walk are this
// one function, so a target at most the setup's sum is always reached.
template <class Law, class Stop>
GPURNG_HD double anchored_lower_walk(const Law& law, double start, double pmf, const Stop& stop) {
  double k = start;
  double sum = pmf;
  for (;;) {
    if (stop(sum) || !(k > 0.0)) return k;
    pmf = law.down(pmf, k);
    k = ieee::sub(k, 1.0);
    const double next = ieee::add(sum, pmf);
    if (next == sum) return k;
    sum = next;
  }
}

// The upper tail's walk: terms P(X = k), k = start + 1, start + 2, ... (law.up) summed from `pmf` =
// P(X = start), with stop(sum) as above; it ends where a term no longer changes the sum (past the mode
// the terms fall geometrically; past a finite support they are 0).
template <class Law, class Stop>
GPURNG_HD double anchored_upper_walk(const Law& law, double start, double pmf, const Stop& stop) {
  double k = ieee::add(start, 1.0);
  pmf = law.up(pmf, k);
  double sum = pmf;
  for (;;) {
    if (stop(sum)) return k;
    k = ieee::add(k, 1.0);
    pmf = law.up(pmf, k);
    const double next = ieee::add(sum, pmf);
    if (next == sum) return k;
    sum = next;
  }
}

// The setup after anchored_place: the tails' sums and the table.
template <class Law>
GPURNG_HD inline void anchored_setup(const Law& law, AnchorScalars& s, AnchorTable& t) {
  constexpr int kLast = AnchorTable::kAnchors - 1;
  s.lower_pmf = elementary::exp(law.log_pmf(s.a0));
  s.lower_sum = s.lower_pmf;
  anchored_lower_walk(law, s.a0, s.lower_pmf, [&](double sum) {
    s.lower_sum = sum;
    return false;
  });
  double cdf[AnchorTable::kAnchors];
  double pmf[AnchorTable::kAnchors];
  double k = s.a0, c = s.lower_sum, p = s.lower_pmf;
  cdf[0] = c;
  pmf[0] = p;
  const int stride = static_cast<int>(s.stride);
  for (int i = 1; i <= kLast; ++i) {
    for (int step = 0; step < stride; ++step) {
      k = ieee::add(k, 1.0);
      p = law.up(p, k);
      c = ieee::add(c, p);
    }
    cdf[i] = c;
    pmf[i] = p;
  }
  s.upper_pmf = p;
  s.upper_sum = 0.0;
  anchored_upper_walk(law, k, p, [&](double sum) {
    s.upper_sum = sum;
    return false;
  });
  const double total = ieee::add(c, s.upper_sum);
  for (int i = 0; i <= kLast; ++i) t.set(i, ieee::div(cdf[i], total), ieee::div(pmf[i], total));
}

// u's anchor j from the staged words `w` (the table's): the first with u <= P(X <= A_j) (a binary
// search of five steps), or 31 where u is above them all (NaN too).
GPURNG_HD GPURNG_FORCEINLINE int anchor_above(const double* w, double u) {
  int j = 0;
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int step = AnchorTable::kAnchors / 2; step > 0; step >>= 1) {
    if (w[j + step - 1] < u) j += step;
  }
  return j;
}

// The value of u in the middle, from the table's words `w`: k, or -1 for the lower tail, -2 for the
// upper one (NaN: upper).
template <class Law>
GPURNG_HD GPURNG_FORCEINLINE double anchored_middle(const Law& law, const AnchorScalars& s, const double* w, double u) {
  constexpr int kN = AnchorTable::kAnchors;
  const int j = anchor_above(w, u);
  double c = w[j];
  if (!(u <= c)) return -2.0;
  if (j == 0) return s.a0 == 0.0 ? 0.0 : -1.0;
  double p = w[kN + j];
  double k = ieee::fma(static_cast<double>(j), s.stride, s.a0);
  const double floor_k = ieee::add(ieee::sub(k, s.stride), 1.0);  // A_{j-1} + 1, the least k here
  while (k > floor_k) {
    const double below = ieee::sub(c, p);  // P(X <= k - 1)
    if (u > below) break;
    p = law.middle_down(p, k);
    c = below;
    k = ieee::sub(k, 1.0);
  }
  return k;
}

// A tail's value (out of line: rare): keyed draw 0 of the value's group (the law's tag) times the
// tail's sum, the walk's first k whose partial sum reaches it.
template <class Law>
GPURNG_HD GPURNG_NOINLINE inline double anchored_tail(Law law, AnchorScalars s, std::uint64_t raw0, std::uint64_t raw1,
                                                      double u, unsigned slot, bool upper) {
  KeyedDraws draws(raw0, raw1, u, Law::kTag, slot);
  const double v = draws.uniform();
  if (upper) {
    const double target = ieee::mul(v, s.upper_sum);
    return anchored_upper_walk(law, anchored_last(s), s.upper_pmf, [&](double sum) { return target <= sum; });
  }
  const double target = ieee::mul(v, s.lower_sum);
  return anchored_lower_walk(law, s.a0, s.lower_pmf, [&](double sum) { return target <= sum; });
}

// The walks tabulated (for a kernel's shared memory): the sums P(X <= k) for k = A_0 .. A_31 as the
// walk forms them, so that the first of them not below u is the walk's value for every u. dense[0]
// is the anchor A_0's; bracket j (1 .. 31) holds d(A_{j-1} + 1 + t), t = 0 .. m - 1, at
// dense[1 + (j - 1) m + t]: d(A_j) the anchor's, each one below it P(X <= k - 1) by
// anchored_middle's operations. 31 m + 1 doubles: at most 18.3 KB at the largest variance.
GPURNG_HD inline int anchored_dense_sums(const AnchorScalars& s) {
  return (AnchorTable::kAnchors - 1) * static_cast<int>(s.stride) + 1;
}

// Bracket j (1 .. 31) of the dense table from the anchors `w` (one thread's share of the build).
template <class Law>
GPURNG_HD inline void anchored_dense_bracket(const Law& law, const AnchorScalars& s, const double* w, int j,
                                             double* dense) {
  constexpr int kN = AnchorTable::kAnchors;
  const int m = static_cast<int>(s.stride);
  double* d = dense + 1 + (j - 1) * m;
  double c = w[j];
  double p = w[kN + j];
  double k = ieee::fma(static_cast<double>(j), s.stride, s.a0);
  d[m - 1] = c;
  for (int t = m - 2; t >= 0; --t) {
    const double below = ieee::sub(c, p);
    p = law.middle_down(p, k);
    c = below;
    k = ieee::sub(k, 1.0);
    d[t] = c;
  }
}

// A block's share of the staged words (the transforms' stage(): phase 0 the dense sums, each of the
// last 31 threads one bracket; phase 1 their guide; nothing in any later phase).
template <class Law>
GPURNG_HD inline void anchored_stage(const Law& law, const AnchorScalars& s, const AnchorTable& t, int log2_buckets,
                                     double* words, int phase, int thread, int threads) {
  constexpr int kBrackets = AnchorTable::kAnchors - 1;
  const int n = anchored_dense_sums(s);
  if (phase == 1) {
    guide_build(words, n, log2_buckets, reinterpret_cast<std::uint32_t*>(words + n), thread, threads);
    return;
  }
  if (phase != 0) return;
  if (thread == 0) words[0] = t.entry(0);
  if (thread >= threads - kBrackets) anchored_dense_bracket(law, s, t.data(), thread - (threads - kBrackets) + 1, words);
}
// The guide's buckets (log2) for n sums: about one per sum and more, so that few buckets hold a sum.
GPURNG_HD inline int anchored_guide_log2(int n) { return n > 256 ? 11 : 10; }

// anchored_middle's value from the dense table's n sums and their guide (guided_search.hpp): k, or -1
// for the lower tail, -2 for the upper one (NaN: upper).
GPURNG_HD GPURNG_FORCEINLINE double anchored_guided(const AnchorScalars& s, const double* dense, int n,
                                                    const std::uint32_t* guide, int log2_buckets, double u) {
  if (!(u <= dense[n - 1])) return -2.0;
  const int i = guided_search(dense, guide, log2_buckets, u);
  if (i == 0) return s.a0 == 0.0 ? 0.0 : -1.0;
  return ieee::add(s.a0, static_cast<double>(i));
}

// The dense sums as thresholds of the engine's 32-bit words (word_thresholds.hpp), for an engine with
// kWordKeyed. The staged words: phase 0 the n dense sums (doubles) at the start; phase 1 the
// thresholds S_i after them, n uint32 words (an S of -1 stored as 0, never read), and `from`, the
// count of S = -1 before the first real one (0 by thread 0 in phase 0; the thread that meets the last
// -1 writes it); phase 2 the guide over the thresholds from `from` on, over the sums (no longer read).
// The region of the sums is the larger of the sums and the guide, so the block holds 12 n + 4 bytes
// at most: 27.3 KB at the largest variance (the doubles with their guide after them: 26.8 KB), which
// fits beside the fill kernel's static row tiles under the 48 KB of shared memory a block gets
// without asking. The last sum is above 1/2 (the anchors reach five standard deviations above the
// mean), so S_{n-1} >= 0 for every conversion, and the upper tail is exactly the x above it.
GPURNG_HD inline std::size_t anchored_keyed_sums_bytes(int n) {
  const std::size_t sums = sizeof(double) * static_cast<std::size_t>(n);
  const std::size_t guide = sizeof(std::uint32_t) * (std::size_t{1} << anchored_guide_log2(n));
  return sums > guide ? sums : guide;
}
GPURNG_HD inline std::size_t anchored_keyed_bytes(int n) {
  return anchored_keyed_sums_bytes(n) + sizeof(std::uint32_t) * (static_cast<std::size_t>(n) + 1);
}
GPURNG_HD inline std::uint32_t* anchored_thresholds(double* words, int n) {
  return reinterpret_cast<std::uint32_t*>(reinterpret_cast<unsigned char*>(words) + anchored_keyed_sums_bytes(n));
}
GPURNG_HD inline const std::uint32_t* anchored_thresholds(const double* words, int n) {
  return reinterpret_cast<const std::uint32_t*>(reinterpret_cast<const unsigned char*>(words) + anchored_keyed_sums_bytes(n));
}

template <class E, class Law>
GPURNG_HD inline void anchored_keyed_stage(const Law& law, const AnchorScalars& s, const AnchorTable& t, double* words,
                                           int phase, int thread, int threads) {
  const int n = anchored_dense_sums(s);
  std::uint32_t* thresholds = anchored_thresholds(words, n);
  std::uint32_t* from = thresholds + n;
  if (phase == 0) {
    if (thread == 0) *from = 0;
    anchored_stage(law, s, t, anchored_guide_log2(n), words, 0, thread, threads);
  } else if (phase == 1) {
    for (int i = thread; i < n; i += threads) {
      const std::int64_t v = word_threshold<E>(words[i]);
      thresholds[i] = v < 0 ? 0u : static_cast<std::uint32_t>(v);
      if (v < 0 && (i + 1 == n || word_threshold<E>(words[i + 1]) >= 0)) *from = static_cast<std::uint32_t>(i + 1);
    }
  } else if (phase == 2) {
    threshold_guide_build(thresholds, static_cast<int>(*from), n, anchored_guide_log2(n),
                          reinterpret_cast<std::uint32_t*>(words), thread, threads);
  }
}

// The anchored middle for the raw word x of a kWordKeyed engine, from the staged thresholds, as an
// index: the value is A_0 + index, unless x is in a tail (upper: above the last threshold; lower: the
// index 0 when A_0 > 0). Integer work only (the kernels' rows; the double value below for the rest).
struct KeyedMiddle {
  std::uint32_t index;
  bool tail;
  bool upper;
};
struct KeyedStage {
  const std::uint32_t* thresholds;
  const std::uint32_t* guide;
  int log2_buckets;
  std::uint32_t top;   // the last threshold
  bool lower_at_zero;  // index 0 is the lower tail (A_0 > 0)
  std::uint32_t a0;    // A_0
};
GPURNG_HD GPURNG_FORCEINLINE KeyedStage anchored_keyed_stage_of(const AnchorScalars& s, const double* words, int n) {
  const std::uint32_t* thresholds = anchored_thresholds(words, n);
  return KeyedStage{thresholds, reinterpret_cast<const std::uint32_t*>(words), anchored_guide_log2(n), thresholds[n - 1],
                    s.a0 != 0.0, static_cast<std::uint32_t>(s.a0)};
}
GPURNG_HD GPURNG_FORCEINLINE KeyedMiddle anchored_keyed_index(const KeyedStage& k, std::uint32_t x) {
  const bool upper = x > k.top;
  const int i = threshold_search(k.thresholds, k.guide, k.log2_buckets, x);
  return KeyedMiddle{static_cast<std::uint32_t>(i), upper || (i == 0 && k.lower_at_zero), upper};
}

// anchored_guided's value (k, or -1 for the lower tail, -2 for the upper one) for the raw word x of a
// kWordKeyed engine.
GPURNG_HD GPURNG_FORCEINLINE double anchored_keyed(const AnchorScalars& s, const double* words, int n, std::uint32_t x) {
  const KeyedMiddle m = anchored_keyed_index(anchored_keyed_stage_of(s, words, n), x);
  if (m.upper) return -2.0;
  if (m.tail) return -1.0;
  return ieee::add(s.a0, static_cast<double>(m.index));
}

// A pair's values where one or both are in a tail (-1 lower, -2 upper; the others kept).
struct AnchoredPair {
  double v0, v1;
};
template <class Law>
GPURNG_HD GPURNG_NOINLINE inline AnchoredPair anchored_pair_tails(Law law, AnchorScalars s, std::uint64_t raw0,
                                                                  std::uint64_t raw1, double u0, double u1, AnchoredPair k) {
  if (k.v0 < 0.0) k.v0 = anchored_tail(law, s, raw0, raw1, u0, 0, k.v0 < -1.5);
  if (k.v1 < 0.0) k.v1 = anchored_tail(law, s, raw0, raw1, u1, 1, k.v1 < -1.5);
  return k;
}

// Value i's tail value of a row from the engine state at the row's start (its raws made again: rare),
// `upper` which tail.
template <class E, class Law, class State>
GPURNG_HD GPURNG_NOINLINE inline double anchored_tail_again(Law law, AnchorScalars s, State st, int i, bool upper) {
  for (int t = 0; t < (i & ~1); ++t) E::next(st);
  const typename E::raw_type r0 = E::next(st);
  const typename E::raw_type r1 = E::next(st);
  const double u = uniform_of<E, double>((i & 1) != 0 ? r1 : r0);
  return anchored_tail(law, s, raw_key_bits(r0), raw_key_bits(r1), u, static_cast<unsigned>(i & 1), upper);
}

// A row of values, a pair at a time: the middle inline (`middle(u)`: its value, or -1 or -2 for a
// tail), the tails of a pair by one out-of-line call (rare), `finish(k)` the value stored. Not a pass
// over the row first and its tails after: the row's raws would stay live to the end, in local memory
// (an H100, Poisson at lambda = 10: 184 against 228 G values/s with the walk alone).
template <class E, class Law, class Middle, class Finish>
GPURNG_HD GPURNG_FORCEINLINE void anchored_row(const Law& law, const AnchorScalars& s, const typename E::raw_type* r,
                                               std::uint32_t* out, const Middle& middle, const Finish& finish) {
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int i = 0; i < kRowLength; i += 2) {
    const double u0 = uniform_of<E, double>(r[i]);
    const double u1 = uniform_of<E, double>(r[i + 1]);
    AnchoredPair k{middle(u0), middle(u1)};
    if (k.v0 < 0.0 || k.v1 < 0.0) k = anchored_pair_tails(law, s, raw_key_bits(r[i]), raw_key_bits(r[i + 1]), u0, u1, k);
    out[i] = finish(k.v0);
    out[i + 1] = finish(k.v1);
  }
}

// Value from u and its raw group: the middle, or its tail.
template <class Law>
GPURNG_HD GPURNG_FORCEINLINE double anchored_value(const Law& law, const AnchorScalars& s, const double* w, double u,
                                                   std::uint64_t raw0, std::uint64_t raw1, unsigned slot) {
  const double k = anchored_middle(law, s, w, u);
  if (k >= 0.0) return k;
  return anchored_tail(law, s, raw0, raw1, u, slot, k < -1.5);
}

}  // namespace gpurng::core::dist
