// Whole rows of the keyed samplers (Poisson, binomial, hypergeometric, gamma, chi-square, beta, Student t,
// truncated normal, negative binomial), as core::produce_row's kWholeRow path runs them on the CPU, the GPU
// and OpenCL: the values of a row of kRowLength positions made by one out-of-line call.
//
// Why: value by value (the transform's operator() on one pair at a time) the generic fill kernel
// kept its row in local memory (a loop it cannot unroll over a large body), and the sampler, called
// out of line with its parameters and draws by reference, kept those in local memory too (a 384- to
// 464-byte stack frame). Here the row's raws stay in registers until one call takes the whole row,
// with everything it needs by value or in one array, so that the sampler's draws live in registers;
// and the call does not depend on the engine, so a translation unit with several engines compiles
// each sampler once. (H100, scripts/exp/poisson-probe.cu: gamma(3) float 28.5 -> 43.2 G values/s.)
// The values are those of the per-pair operator(): the same draws of the same raw group.
#pragma once

#include <cstdint>

#include "gpurng/core/bits.hpp"
#include "gpurng/core/dist/keyed_draws.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/produce.hpp"

namespace gpurng::core::dist {

// What value i of a row takes from its raw group: the raw bits of its pair (the keys of its draws)
// and its first uniform (the engine's uniform double of its own raw output).
struct KeyedRow {
  std::uint64_t raw[kRowLength];
  double first[kRowLength];

  GPURNG_HD KeyedDraws draws(int i, DrawTag tag) const {
    return KeyedDraws(raw[i & ~1], raw[i | 1], first[i], tag, static_cast<unsigned>(i & 1));
  }
};

// A pair of a keyed sampler's values, each variate(raw key 0, raw key 1, its first uniform, its slot)
// (an integer as a double, NaN at the attempt cap: stored as 0xffffffff): Poisson's and binomial's
// keyed_pair.
template <class E, class Variate>
GPURNG_HD GPURNG_FORCEINLINE void keyed_pair_values(const typename E::raw_type* r, std::uint32_t* out,
                                                    const Variate& variate) {
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (unsigned j = 0; j < 2; ++j) {
    const double k = variate(raw_key_bits(r[0]), raw_key_bits(r[1]), uniform_of<E, double>(r[j]), j);
    out[j] = k == k ? static_cast<std::uint32_t>(k) : 0xffffffffu;
  }
}

// A transform's row() for a keyed sampler: the row's KeyedRow and an array for its values (copies,
// so that the caller's arrays stay in registers), then call(row, values), one out-of-line call.
template <class E, class T, class Call>
GPURNG_HD GPURNG_FORCEINLINE void keyed_whole_row(const typename E::raw_type* r, T* out, const Call& call) {
  KeyedRow row;
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int i = 0; i < kRowLength; ++i) {
    row.raw[i] = raw_key_bits(r[i]);
    row.first[i] = uniform_of<E, double>(r[i]);
  }
  T values[kRowLength];
  call(row, values);
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int i = 0; i < kRowLength; ++i) out[i] = values[i];
}

// The out-of-line row of a sampler S whose value i is S::value(draws of value i) alone: S is a small
// trivially copyable struct with `value_type`, `kTag` and `value_type value(KeyedDraws&) const`.
// Not unrolled: one copy of the sampler's body.
template <class S>
GPURNG_HD GPURNG_NOINLINE void keyed_row_values(S s, const KeyedRow& row, typename S::value_type* out) {
#if GPURNG_DEVICE_PASS
#pragma unroll 1
#endif
  for (int i = 0; i < kRowLength; ++i) {
    KeyedDraws draws = row.draws(i, S::kTag);
    out[i] = s.value(draws);
  }
}

// The row of an integer rejection sampler whose first attempt has a squeeze (Poisson's PTRS,
// binomial's BTRS). The lanes of a warp run in step, so value by value a value that needs the log
// test or a second attempt held up all 32 lanes, and nearly every position of a row cost the whole
// sampler. So when `rejection`, every first attempt is tried by its squeeze alone first:
// squeeze(u, v, &value) with u the value's first uniform and v its keyed draw 0, true where it
// accepts; then only the values left over go through whole(draws) (the whole sampler, from its
// start), each lane taking its own next one. The squeeze being the attempt's first acceptance test,
// each value is still its own sampler's: only the order of work changes.
template <class Squeeze, class Whole>
GPURNG_HD GPURNG_FORCEINLINE void squeeze_first_row(bool rejection, const KeyedRow& row, DrawTag tag, std::uint32_t* out,
                                                    const Squeeze& squeeze, const Whole& whole) {
  static_assert(kRowLength == 32, "one bit of `pending` per value");
  std::uint32_t pending = ~std::uint32_t{0};
  if (rejection) {
    pending = 0;
#if GPURNG_DEVICE_PASS
#pragma unroll 1
#endif
    for (int i = 0; i < kRowLength; ++i) {
      KeyedDraws draws = row.draws(i, tag);
      if (!squeeze(row.first[i], draws.uniform(), &out[i])) pending |= std::uint32_t{1} << i;
    }
  }
  while (pending != 0) {
    const int i = lowest_set_bit(pending);
    pending &= pending - 1;
    KeyedDraws draws = row.draws(i, tag);
    out[i] = whole(draws);
  }
}

// The out-of-line row of a rejection sampler S (as keyed_row_values) that also has
// `bool first_squeeze(KeyedDraws&, value_type*) const`: true with value()'s result where value()'s
// first attempt is accepted by its squeeze (the same operations on the same draws), else false.
// A warp's lanes run in step, so value by value nearly every position waited for some lane's log test
// or second attempt; here every value's first attempt is tried by its squeeze alone, then only the
// values left over run value() (from its first attempt again), each lane its own. Only the order of
// work changes. Worth it where many first attempts fail: Student t (one in five; an H100 made 25.3
// against 17.5 G values/s), the truncated normal on [-1, 2] (one in five: 35.9 against 30.7); not for
// gamma and beta, whose squeeze accepts 96-98 % (gamma(3) 35.4 against 41.4, beta(2, 5) 13.4 against
// 16.5, also with the whole sampler out of line), which keep keyed_row_values.
template <class S>
GPURNG_HD GPURNG_NOINLINE void squeeze_first_values(S s, const KeyedRow& row, typename S::value_type* out) {
  static_assert(kRowLength == 32, "one bit of `pending` per value");
  std::uint32_t pending = 0;
#if GPURNG_DEVICE_PASS
#pragma unroll 1
#endif
  for (int i = 0; i < kRowLength; ++i) {
    KeyedDraws draws = row.draws(i, S::kTag);
    if (!s.first_squeeze(draws, &out[i])) pending |= std::uint32_t{1} << i;
  }
  while (pending != 0) {
    const int i = lowest_set_bit(pending);
    pending &= pending - 1;
    KeyedDraws draws = row.draws(i, S::kTag);
    out[i] = s.value(draws);
  }
}

// row() of such a transform: `static constexpr bool kWholeRow = true;` and
//   void row(const raw_type* r, T* out, const double*) const { keyed_sampler_row<E>(sampler(), r, out); }
template <class E, class S>
GPURNG_HD GPURNG_FORCEINLINE void keyed_sampler_row(const S& s, const typename E::raw_type* r,
                                                    typename S::value_type* out) {
  keyed_whole_row<E>(r, out, [&](const KeyedRow& kr, typename S::value_type* v) { keyed_row_values(s, kr, v); });
}

// row() of a transform whose sampler has first_squeeze (squeeze_first_values).
template <class E, class S>
GPURNG_HD GPURNG_FORCEINLINE void keyed_squeeze_first_row(const S& s, const typename E::raw_type* r,
                                                          typename S::value_type* out) {
  keyed_whole_row<E>(r, out, [&](const KeyedRow& kr, typename S::value_type* v) { squeeze_first_values(s, kr, v); });
}

}  // namespace gpurng::core::dist
