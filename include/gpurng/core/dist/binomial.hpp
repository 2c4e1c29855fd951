// Binomial(n, p), n in [0, 2^32 - 1], p in [0, 1]. With s = min(p, 1 - p) (the result is n - X when
// p > 1/2, so both halves of [0, 1] are sampled alike):
//
//   n = 0 or s = 0:   0 (n when p = 1).
//   n s < 10:         inversion by sequential search on the value's first uniform u: P(X = 0) =
//                     (1 - s)^n = exp(n log1p(-s)), P(X = k) = P(X = k - 1) (n - k + 1) r / k with
//                     r = s / (1 - s). No keyed draw; expected n s + 1 steps.
//   n s >= 10, n s q < 2^16 and the anchors within [0, n] (A_31 <= n: all but small n):
//                     inversion from anchors, exact tails from a keyed draw (anchored_inversion.hpp):
//                     the transform's values. The fields below keep BTRS's constants too, for the
//                     tests and the rest of that range.
//   otherwise:        BTRS, the transformed rejection of Hormann ("The generation of binomial random
//                     variates", J. Statist. Comput. Simul. 46, 1993; algorithm BTRD without its
//                     recursive branch, as in TensorFlow's and JAX's samplers). Each attempt takes
//                     (U, V): attempt 1 U from the first uniform, V from keyed draw 0; attempt a > 1
//                     keyed draws 2a - 3, 2a - 2. The final test is V h(U) <= P(X = k) / P(X = m)
//                     (m the mode) with both logs by Loader's method (special_functions.hpp), so it
//                     stays accurate for n near 2^32. Acceptance 0.74 at n s = 10, 0.79 at n = 100,
//                     s = 1/2, 0.87 to 0.89 for n s >= 1000 (tests/test_dist_binomial.cpp), so 1.35
//                     to 1.13 attempts on average.
//
// Resolution of the inversion branch as for Poisson (poisson.hpp): the first uniform's.
#pragma once

#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/dist/keyed_row.hpp"
#include "gpurng/core/dist/special_functions.hpp"
#include "gpurng/core/dist/staged_inversion.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::core::dist {

struct BinomialParams {
  enum Method : int { constant = 0, inversion = 1, btrs = 2, anchored = 3 };
  int method;
  bool flip;         // p > 1/2: X = n - Y with Y ~ binomial(n, 1 - p)
  double n, s, q;    // s = min(p, 1 - p), q = 1 - s
  double constant_value;  // method constant: the value
  double q_pow_n, r;      // inversion: P(Y = 0), s / q
  double a, b, c, vr, alpha, log_pmf_mode;  // BTRS
  AnchorScalars anchor;  // method anchored (set by the Binomial transform, with its table)
};

// Binomial's law for the anchored inversion (of Y, the min side): P(Y = k) = P(Y = k - 1) (n - k + 1) r
// / k with r = s / q (the sequential search's recurrence), and back.
struct BinomialLaw {
  static constexpr DrawTag kTag = DrawTag::binomial;
  double n, s, q, r;
  GPURNG_HD double mean() const { return ieee::mul(n, s); }
  GPURNG_HD double sd() const { return ieee::sqrt(ieee::mul(ieee::mul(n, s), q)); }
  GPURNG_HD double log_pmf(double k) const { return special::binomial_log_pmf(k, n, s, q); }
  GPURNG_HD GPURNG_FORCEINLINE double factor(double k) const { return ieee::mul(ieee::sub(ieee::add(n, 1.0), k), r); }
  GPURNG_HD GPURNG_FORCEINLINE double up(double p, double k) const { return ieee::div(ieee::mul(p, factor(k)), k); }
  GPURNG_HD GPURNG_FORCEINLINE double down(double p, double k) const { return ieee::div(ieee::mul(p, k), factor(k)); }
  GPURNG_HD GPURNG_FORCEINLINE double middle_down(double p, double k) const { return down(p, k); }
};

inline constexpr double kBinomialInversionMax = 10.0;  // n s below this: inversion

GPURNG_HD inline BinomialParams binomial_setup(std::uint32_t n_in, double p) {
  BinomialParams bp{};
  const double n = static_cast<double>(n_in);
  bp.n = n;
  bp.flip = p > 0.5;
  bp.s = bp.flip ? ieee::sub(1.0, p) : p;  // exact for p > 1/2 (Sterbenz)
  bp.q = ieee::sub(1.0, bp.s);
  if (n == 0.0 || !(bp.s > 0.0)) {
    bp.method = BinomialParams::constant;
    bp.constant_value = bp.flip ? n : 0.0;
    return bp;
  }
  const double ns = ieee::mul(n, bp.s);
  if (ns < kBinomialInversionMax) {
    bp.method = BinomialParams::inversion;
    bp.q_pow_n = elementary::exp(ieee::mul(n, special::log1p(-bp.s)));
    bp.r = ieee::div(bp.s, bp.q);
    return bp;
  }
  bp.method = BinomialParams::btrs;
  const double spq = ieee::sqrt(ieee::mul(ns, bp.q));
  bp.b = ieee::fma(2.53, spq, 1.15);
  bp.a = ieee::fma(0.01, bp.s, ieee::fma(0.0248, bp.b, -0.0873));
  bp.c = ieee::add(ns, 0.5);
  bp.vr = ieee::sub(0.92, ieee::div(4.2, bp.b));
  bp.alpha = ieee::mul(ieee::add(2.83, ieee::div(5.1, bp.b)), spq);
  const double m = special::floor_exact(ieee::mul(ieee::add(n, 1.0), bp.s));
  bp.log_pmf_mode = special::binomial_log_pmf(m, n, bp.s, bp.q);
  return bp;
}

// The sequential search's walk (as poisson_walk): from k = 0 with sum P(Y = 0), visit(cdf_k) at each
// state that compares, each next term P(Y = k - 1) (n - k + 1) r / k; it also stops at k = n,
// k = 1000 or where a term no longer changes the sum. Returns the k where it stopped.
template <class Visit>
GPURNG_HD GPURNG_FORCEINLINE double binomial_walk(const BinomialParams& bp, const Visit& visit) {
  double k = 0.0;
  double pk = bp.q_pow_n;
  double cdf = pk;
  for (;;) {
    if (!(k < bp.n && k < 1000.0) || visit(cdf)) return k;
    k = ieee::add(k, 1.0);
    pk = ieee::div(ieee::mul(pk, ieee::mul(ieee::sub(ieee::add(bp.n, 1.0), k), bp.r)), k);
    const double next = ieee::add(cdf, pk);
    if (next == cdf) return k;
    cdf = next;
  }
}

GPURNG_HD inline double binomial_inversion(const BinomialParams& bp, double u) {
  return binomial_walk(bp, [&](double cdf) { return !(u > cdf); });
}

// BTRS's proposal for u: k = floor((2a/us + b) uu + c), uu = u - 1/2, us = 1/2 - |uu| > 0.
GPURNG_HD GPURNG_FORCEINLINE double binomial_btrs_k(const BinomialParams& bp, double uu, double us) {
  return special::floor_exact(ieee::fma(ieee::add(ieee::div(ieee::add(bp.a, bp.a), us), bp.b), uu, bp.c));
}

// One BTRS attempt on (u, v): the accepted k, or -1 to reject.
GPURNG_HD inline double binomial_btrs_attempt(const BinomialParams& bp, double u, double v) {
  const double uu = ieee::sub(u, 0.5);
  const double us = ieee::sub(0.5, uu < 0 ? -uu : uu);
  if (!(us > 0.0)) return -1.0;
  const double k = binomial_btrs_k(bp, uu, us);
  if (k < 0.0 || k > bp.n) return -1.0;
  if (us >= 0.07 && v <= bp.vr) return k;  // squeeze
  const double lhs =
      elementary::log(ieee::div(ieee::mul(v, bp.alpha), ieee::add(ieee::div(bp.a, ieee::mul(us, us)), bp.b)));
  const double rhs = ieee::sub(special::binomial_log_pmf(k, bp.n, bp.s, bp.q), bp.log_pmf_mode);
  return lhs <= rhs ? k : -1.0;
}

// The attempt's squeeze alone: its k (of the min side, before the flip) where binomial_btrs_attempt
// accepts it without a logarithm, else -1.
GPURNG_HD GPURNG_FORCEINLINE double binomial_btrs_squeeze(const BinomialParams& bp, double u, double v) {
  const double uu = ieee::sub(u, 0.5);
  const double us = ieee::sub(0.5, uu < 0 ? -uu : uu);
  if (!(us >= 0.07 && v <= bp.vr)) return -1.0;
  const double k = binomial_btrs_k(bp, uu, us);
  return k < 0.0 || k > bp.n ? -1.0 : k;
}

// A binomial variate (an integer as a double); NaN if the attempt cap is reached.
GPURNG_HD GPURNG_FORCEINLINE double binomial_variate_body(const BinomialParams& bp, double u, KeyedDraws& draws) {
  double y;
  if (bp.method == BinomialParams::constant) return bp.constant_value;
  if (bp.method == BinomialParams::inversion) {
    y = binomial_inversion(bp, u);
  } else {
    y = binomial_btrs_attempt(bp, u, draws.uniform());
    for (int attempt = 1; y < 0.0 && attempt < kMaxAttempts; ++attempt) {
      const double uu = draws.uniform();
      y = binomial_btrs_attempt(bp, uu, draws.uniform());
    }
    if (y < 0.0) return ieee::div(0.0, 0.0);
  }
  return bp.flip ? ieee::sub(bp.n, y) : y;
}
GPURNG_HD GPURNG_NOINLINE inline double binomial_variate(const BinomialParams& bp, double u, KeyedDraws& draws) {
  return binomial_variate_body(bp, u, draws);
}

// The transform's out-of-line path (BTRS, or a walk the table could not hold), everything by value
// (as poisson_keyed_variate).
GPURNG_HD GPURNG_NOINLINE inline double binomial_keyed_variate(BinomialParams bp, std::uint64_t raw0, std::uint64_t raw1,
                                                               double u, unsigned slot) {
  KeyedDraws draws(raw0, raw1, u, DrawTag::binomial, slot);
  return binomial_variate_body(bp, u, draws);
}

// The transform's whole-row out-of-line path (core::produce_row, keyed_row.hpp): BTRS rows try the
// squeeze first (it decides 38 % of first attempts at n = 100, p = 0.1, 53 % at p = 1/2, 79 % at
// n = 1e6).
GPURNG_HD GPURNG_NOINLINE inline void binomial_keyed_row(BinomialParams bp, const KeyedRow& row, std::uint32_t* out) {
  squeeze_first_row(
      bp.method == BinomialParams::btrs, row, DrawTag::binomial, out,
      [&](double u, double v, std::uint32_t* value) {
        const double y = binomial_btrs_squeeze(bp, u, v);
        if (!(y >= 0.0)) return false;
        *value = static_cast<std::uint32_t>(bp.flip ? ieee::sub(bp.n, y) : y);
        return true;
      },
      [&](KeyedDraws& draws) {
        const double k = binomial_variate_body(bp, draws.first(), draws);
        return k == k ? static_cast<std::uint32_t>(k) : 0xffffffffu;
      });
}

// The inversion branch (and the constant one) as an InversionTable of Y = min-side variate:
// binomial_inversion's walk with every u at once. Incomplete for BTRS.
GPURNG_HD inline void binomial_tabulate(const BinomialParams& bp, InversionTable& t) {
  t.clear();
  if (bp.method == BinomialParams::constant) return t.last_state();  // Y = 0: the value is constant_value
  if (bp.method != BinomialParams::inversion) return;
  binomial_walk(bp, InversionTableFiller{&t});
  t.finish_walk();
}

GPURNG_HD inline BinomialLaw binomial_law(const BinomialParams& bp) {
  return BinomialLaw{bp.n, bp.s, bp.q, ieee::div(bp.s, bp.q)};
}

// binomial(n, p) as uint32: value 2k + j from raws (2k, 2k + 1), slot j.
// Construct with Binomial<E>{binomial_setup(n, p)} after check_binomial; the constructor tabulates
// the inversion branch, or builds the anchors where they apply (`anchored` false keeps BTRS there:
// for the tests of BTRS).
template <class E>
struct Binomial : StagedInversionRows<Binomial<E>, E> {
  using value_type = std::uint32_t;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;  // the per-pair operator()'s body is large (core::row_unroll)
  BinomialParams params;
  union {
    InversionTable table;  // methods constant, inversion (and BTRS: incomplete)
    AnchorTable anchors;   // method anchored
  };

  Binomial() = default;
  GPURNG_HD Binomial(const BinomialParams& bp, bool anchored = true) : params(bp) {  // NOLINT: implicit
    if (anchored && bp.method == BinomialParams::btrs && ieee::mul(ieee::mul(bp.n, bp.s), bp.q) < kAnchoredMaxVariance) {
      const BinomialLaw law = binomial_law(bp);
      anchored_place(law, params.anchor);
      if (anchored_last(params.anchor) <= bp.n) {
        params.method = BinomialParams::anchored;
        anchored_setup(law, params.anchor, anchors);
        return;
      }
    }
    binomial_tabulate(params, table);
  }
  GPURNG_HD bool anchored() const { return params.method == BinomialParams::anchored; }
  GPURNG_HD BinomialLaw law() const { return binomial_law(params); }

  // The inversion branch's value for first uniform u (the table is complete): Y, or n - Y.
  GPURNG_HD GPURNG_FORCEINLINE value_type tabulated_value(double u) const { return flipped(table.search(u)); }
  // The value of min-side variate y (an integer as a double): y, or n - y.
  GPURNG_HD GPURNG_FORCEINLINE value_type flipped(double y) const {
    return static_cast<std::uint32_t>(params.flip ? ieee::sub(params.n, y) : y);
  }

  // The rows (StagedInversionRows, staged_inversion.hpp, as Poisson's): a value is the inversion's y
  // flipped or not; BTRS's rows try the squeeze first.
  GPURNG_HD GPURNG_FORCEINLINE value_type finish(double y) const { return flipped(y); }
  // The same for y as an integer (the staged thresholds' rows): n - y exact in 32 bits (y <= n).
  GPURNG_HD GPURNG_FORCEINLINE value_type finish_count(std::uint32_t y) const {
    return params.flip ? static_cast<std::uint32_t>(params.n) - y : y;
  }
  GPURNG_HD GPURNG_FORCEINLINE void keyed_row(const typename E::raw_type* r, value_type* out) const {
    keyed_whole_row<E>(r, out, [&](const KeyedRow& kr, value_type* v) { binomial_keyed_row(params, kr, v); });
  }

  // The pair's values by the rejection sampler alone (operator()'s third way; pair_in_mode's).
  GPURNG_HD GPURNG_FORCEINLINE void keyed_pair(const typename E::raw_type* r, value_type* out) const {
    keyed_pair_values<E>(r, out, [&](std::uint64_t raw0, std::uint64_t raw1, double u, unsigned slot) {
      return binomial_keyed_variate(params, raw0, raw1, u, slot);
    });
  }

  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, value_type* out) const {
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (unsigned j = 0; j < 2; ++j) {
      const double u = uniform_of<E, double>(r[j]);
      if (anchored()) {
        out[j] = flipped(anchored_value(law(), params.anchor, anchors.data(), u, raw_key_bits(r[0]), raw_key_bits(r[1]), j));
      } else if (table.complete()) {
        out[j] = tabulated_value(u);
      } else {
        const double k = binomial_keyed_variate(params, raw_key_bits(r[0]), raw_key_bits(r[1]), u, j);
        out[j] = k == k ? static_cast<std::uint32_t>(k) : 0xffffffffu;
      }
    }
  }
};

}  // namespace gpurng::core::dist
