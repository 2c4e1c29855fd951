// Poisson(lambda), lambda in [0, 2^31] (the sampler itself works in double up to 2^52; the uint32
// transform's range is checked by parameter_checks.hpp).
//
//   lambda = 0:       0.
//   0 < lambda < 10:  inversion by sequential search on the value's first uniform u (its own raw
//                     output): the smallest k with u <= P(X <= k), P(X = 0) = exp(-lambda) and
//                     P(X = k) = P(X = k - 1) lambda / k. No keyed draw. The transform tabulates
//                     the search's sums once (inversion_table.hpp): a value is then a binary search.
//   10 <= lambda < 2^16: inversion from 32 anchors of the pmf's sums, exact tails from a keyed draw
//                     (poisson_anchored.hpp): the transform's values. The fields below keep PTRS's
//                     constants too, for negative_binomial (which draws a Poisson per value with its
//                     own lambda) and for the tests.
//   lambda >= 2^16:   PTRS, Hormann's transformed rejection with squeeze ("The transformed rejection
//                     method for generating Poisson random variables", Insurance: Mathematics and
//                     Economics 12, 1993), the method NumPy uses for lambda >= 10. Each attempt takes
//                     a pair (U, V): attempt 1 U from the first uniform, V from keyed draw 0; attempt
//                     a > 1 from keyed draws 2a - 3, 2a - 2. Acceptance 0.75 at lambda = 10, 0.82 at
//                     30, 0.89 from 1e4 up (measured: tests/test_dist_poisson.cpp), so 1.33 to 1.12
//                     attempts on average. The final test compares with log P(X = k) computed by Loader's
//                     method (special_functions.hpp), accurate even at lambda = 1e9.
//
// Resolution: the inversion branches decide from one uniform, so a value's probability is exact to
// the uniform's resolution (2^-32 for 32-bit engines, 2^-53 for 64-bit ones): for lambda = 1e-6 with
// a 32-bit engine P(X >= 2) = 5e-13 is below it and 2 does not occur.
#pragma once

#include <cstddef>

#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/dist/keyed_row.hpp"
#include "gpurng/core/dist/poisson_anchored.hpp"
#include "gpurng/core/dist/staged_inversion.hpp"
#include "gpurng/core/dist/special_functions.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace gpurng::core::dist {

struct PoissonParams {
  enum Method : int { zero = 0, inversion = 1, ptrs = 2, anchored = 3 };
  int method;
  double lambda;
  double exp_minus_lambda;  // inversion: P(X = 0)
  // PTRS constants (Hormann 1993, algorithm PTRS)
  double b, a, log_inv_alpha, vr;
  double k_offset;  // 0.43, the proposal's shift (a member so the tests can break it)
  AnchorScalars anchor;  // method anchored (set by the Poisson transform, with its table)
  double inv_lambda;     // method anchored: 1/lambda rounded (PoissonLaw's)
};

// Below this lambda: inversion; at and above it: PTRS.
inline constexpr double kPoissonInversionMax = 10.0;

GPURNG_HD inline PoissonParams poisson_setup(double lambda) {
  PoissonParams p{};
  p.lambda = lambda;
  if (!(lambda > 0.0)) {
    p.method = PoissonParams::zero;
  } else if (lambda < kPoissonInversionMax) {
    p.method = PoissonParams::inversion;
    p.exp_minus_lambda = elementary::exp(-lambda);
  } else {
    p.method = PoissonParams::ptrs;
    const double slam = ieee::sqrt(lambda);
    p.b = ieee::fma(2.53, slam, 0.931);
    p.a = ieee::fma(0.02483, p.b, -0.059);
    const double inv_alpha = ieee::add(1.1239, ieee::div(1.1328, ieee::sub(p.b, 3.4)));
    p.log_inv_alpha = elementary::log(inv_alpha);
    p.vr = ieee::sub(0.9277, ieee::div(3.6224, ieee::sub(p.b, 2.0)));
    p.k_offset = 0.43;
  }
  return p;
}

// The sequential search's walk: from k = 0 with sum cdf_0 = P(X = 0), visit(cdf_k) at each state
// that compares (true stops the walk there), each next term P(X = k - 1) lambda / k; the walk also
// stops at k whatever visit says at k = 1000 or where a term no longer changes the sum (u above the
// rounded total, possible only within rounding of 1). Returns the k where it stopped.
template <class Visit>
GPURNG_HD GPURNG_FORCEINLINE double poisson_walk(const PoissonParams& p, const Visit& visit) {
  double k = 0.0;
  double pk = p.exp_minus_lambda;
  double cdf = pk;
  for (;;) {
    if (!(k < 1000.0) || visit(cdf)) return k;
    k = ieee::add(k, 1.0);
    pk = ieee::div(ieee::mul(pk, p.lambda), k);
    const double next = ieee::add(cdf, pk);
    if (next == cdf) return k;
    cdf = next;
  }
}

// Inversion from u in (0, 1]: the smallest k with u <= P(X <= k) (NaN: 0).
GPURNG_HD inline double poisson_inversion(const PoissonParams& p, double u) {
  return poisson_walk(p, [&](double cdf) { return !(u > cdf); });
}

// PTRS's proposal for u: k = floor((2a/us + b) uu + lambda + 0.43), uu = u - 1/2, us = 1/2 - |uu| > 0.
GPURNG_HD GPURNG_FORCEINLINE double poisson_ptrs_k(const PoissonParams& p, double uu, double us) {
  return special::floor_exact(
      ieee::add(ieee::fma(ieee::add(ieee::div(ieee::add(p.a, p.a), us), p.b), uu, p.lambda), p.k_offset));
}

// One PTRS attempt on (u, v): the accepted k, or -1 to reject.
GPURNG_HD inline double poisson_ptrs_attempt(const PoissonParams& p, double u, double v) {
  const double uu = ieee::sub(u, 0.5);
  const double us = ieee::sub(0.5, uu < 0 ? -uu : uu);
  if (!(us > 0.0)) return -1.0;  // u = 1 (the hat's pole), or NaN
  const double k = poisson_ptrs_k(p, uu, us);
  if (us >= 0.07 && v <= p.vr) return k;  // squeeze: inside the hat's easy region
  if (k < 0.0 || (us < 0.013 && v > us)) return -1.0;
  const double lhs = ieee::sub(ieee::add(elementary::log(v), p.log_inv_alpha),
                               elementary::log(ieee::add(ieee::div(p.a, ieee::mul(us, us)), p.b)));
  return lhs <= special::poisson_log_pmf(k, p.lambda) ? k : -1.0;
}

// The attempt's squeeze alone: its k where poisson_ptrs_attempt returns it without a logarithm, else
// -1 (the attempt is then the log test's to decide, or a rejection).
GPURNG_HD GPURNG_FORCEINLINE double poisson_ptrs_squeeze(const PoissonParams& p, double u, double v) {
  const double uu = ieee::sub(u, 0.5);
  const double us = ieee::sub(0.5, uu < 0 ? -uu : uu);
  return us >= 0.07 && v <= p.vr ? poisson_ptrs_k(p, uu, us) : -1.0;
}

// A Poisson variate (an integer as a double) from the first uniform u (inversion, or U of PTRS's
// first attempt) and the keyed draws, for the methods of poisson_setup (not anchored: that needs the
// transform's table). NaN if the attempt cap is reached (invalid parameters only).
GPURNG_HD GPURNG_FORCEINLINE double poisson_variate_body(const PoissonParams& p, double u, KeyedDraws& draws) {
  if (p.method == PoissonParams::zero) return 0.0;
  if (p.method == PoissonParams::inversion) return poisson_inversion(p, u);
  double k = poisson_ptrs_attempt(p, u, draws.uniform());
  for (int attempt = 1; k < 0.0 && attempt < kMaxAttempts; ++attempt) {
    const double uu = draws.uniform();
    k = poisson_ptrs_attempt(p, uu, draws.uniform());
  }
  return k < 0.0 ? ieee::div(0.0, 0.0) : k;
}
GPURNG_HD GPURNG_NOINLINE inline double poisson_variate(const PoissonParams& p, double u, KeyedDraws& draws) {
  return poisson_variate_body(p, u, draws);
}

// The transform's out-of-line path (PTRS, or a walk the table could not hold): everything by value,
// so that a kernel's transform stays in its parameter space and the draws in registers.
GPURNG_HD GPURNG_NOINLINE inline double poisson_keyed_variate(PoissonParams p, std::uint64_t raw0, std::uint64_t raw1,
                                                              double u, unsigned slot) {
  KeyedDraws draws(raw0, raw1, u, DrawTag::poisson, slot);
  return poisson_variate_body(p, u, draws);
}

// The transform's whole-row out-of-line path (core::produce_row, keyed_row.hpp): PTRS rows try the
// squeeze first (it decides 35 % of first attempts at lambda = 10, 55 % at 30, 79 % from 1e4 up).
GPURNG_HD GPURNG_NOINLINE inline void poisson_keyed_row(PoissonParams p, const KeyedRow& row, std::uint32_t* out) {
  squeeze_first_row(
      p.method == PoissonParams::ptrs, row, DrawTag::poisson, out,
      [&](double u, double v, std::uint32_t* value) {
        const double k = poisson_ptrs_squeeze(p, u, v);
        if (!(k >= 0.0)) return false;
        *value = static_cast<std::uint32_t>(k);
        return true;
      },
      [&](KeyedDraws& draws) {
        const double k = poisson_variate_body(p, draws.first(), draws);
        return k == k ? static_cast<std::uint32_t>(k) : 0xffffffffu;
      });
}

// The inversion branch (and lambda = 0) as an InversionTable: poisson_inversion's walk with every u
// at once. Leaves the table incomplete for PTRS.
GPURNG_HD inline void poisson_tabulate(const PoissonParams& p, InversionTable& t) {
  t.clear();
  if (p.method == PoissonParams::zero) return t.last_state();
  if (p.method != PoissonParams::inversion) return;
  poisson_walk(p, InversionTableFiller{&t});
  t.finish_walk();
}

// Poisson(lambda) as uint32, lambda in [0, 2^31]: value 2k + j from raws (2k, 2k + 1), slot j.
// Construct with Poisson<E>{poisson_setup(lambda)} (check the parameter with check_poisson first);
// the constructor tabulates the inversion branch, or builds the anchors for 10 <= lambda < 2^16
// (`anchored` false keeps PTRS there: for the tests of PTRS). 0xffffffff only if the attempt cap is
// hit (invalid parameters).
template <class E>
struct Poisson : StagedInversionRows<Poisson<E>, E> {
  using value_type = std::uint32_t;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;  // the per-pair operator()'s body is large (core::row_unroll)
  PoissonParams params;
  union {
    InversionTable table;        // methods zero, inversion (and PTRS: incomplete)
    AnchorTable anchors;         // method anchored
  };

  Poisson() = default;
  GPURNG_HD Poisson(const PoissonParams& p, bool anchored = true) : params(p) {  // NOLINT: implicit
    if (anchored && p.method == PoissonParams::ptrs && p.lambda < kPoissonAnchoredMax) {
      params.method = PoissonParams::anchored;
      const PoissonLaw law = poisson_law(p.lambda);
      params.inv_lambda = law.inv_lambda;
      anchored_place(law, params.anchor);
      anchored_setup(law, params.anchor, anchors);
    } else {
      poisson_tabulate(p, table);
    }
  }
  GPURNG_HD bool tabulated() const { return params.method != PoissonParams::anchored && table.complete(); }

  // The anchored inversion's law (anchored_inversion.hpp).
  GPURNG_HD PoissonLaw law() const { return PoissonLaw{params.lambda, params.inv_lambda}; }
  GPURNG_HD bool anchored() const { return params.method == PoissonParams::anchored; }
  // The rows (StagedInversionRows): a value is the inversion's k; PTRS's rows try the squeeze first.
  GPURNG_HD GPURNG_FORCEINLINE value_type finish(double k) const { return static_cast<value_type>(k); }
  GPURNG_HD GPURNG_FORCEINLINE value_type finish_count(std::uint32_t k) const { return k; }
  GPURNG_HD GPURNG_FORCEINLINE void keyed_row(const typename E::raw_type* r, value_type* out) const {
    keyed_whole_row<E>(r, out, [&](const KeyedRow& kr, value_type* v) { poisson_keyed_row(params, kr, v); });
  }

  // The pair's values by the rejection sampler alone (operator()'s third way; pair_in_mode's).
  GPURNG_HD GPURNG_FORCEINLINE void keyed_pair(const typename E::raw_type* r, value_type* out) const {
    keyed_pair_values<E>(r, out, [&](std::uint64_t raw0, std::uint64_t raw1, double u, unsigned slot) {
      return poisson_keyed_variate(params, raw0, raw1, u, slot);
    });
  }

  GPURNG_HD GPURNG_FORCEINLINE void operator()(const typename E::raw_type* r, value_type* out) const {
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (unsigned j = 0; j < 2; ++j) {
      const double u = uniform_of<E, double>(r[j]);
      double k;
      if (params.method == PoissonParams::anchored) {
        k = anchored_value(law(), params.anchor, anchors.data(), u, raw_key_bits(r[0]), raw_key_bits(r[1]), j);
      } else if (table.complete()) {
        k = static_cast<double>(table.search(u));
      } else {
        k = poisson_keyed_variate(params, raw_key_bits(r[0]), raw_key_bits(r[1]), u, j);
      }
      out[j] = k == k ? static_cast<std::uint32_t>(k) : 0xffffffffu;
    }
  }
};

}  // namespace gpurng::core::dist
