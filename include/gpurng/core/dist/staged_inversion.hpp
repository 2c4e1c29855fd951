// What Poisson and binomial share on the GPU: their inversion's sums staged in a block's shared memory
// and a row searched there, each way in a kernel of its own. The sums are the tabulated sequential
// search's (InversionTable: 64 of them, a binary search) or the anchored inversion's dense walks
// (anchored_inversion.hpp: 31 m + 1 of them and their guide, guided_search.hpp), never both (the
// transforms keep the two tables in a union); the other parameters take the rejection samplers' keyed
// rows (keyed_row.hpp).
//
// Row modes (core/produce.hpp: kRowModes): one fill kernel with the three paths in it ran every one of
// them slower than a kernel with its own alone, by the registers and code the others hold (an H100,
// Poisson: the table search 157 against 476 G values/s at lambda = 4, the anchored one 121 against 184
// at lambda = 1e4; scripts/exp/guide-search-probe.cu). So the fill kernel is instantiated per mode and
// the launch picks the transform's.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpurng/core/dist/anchored_inversion.hpp"
#include "gpurng/core/dist/inversion_table.hpp"

namespace gpurng::core::dist {

// The modes: the table staged, the anchors staged, everything else (the transform's own row()).
enum StagedInversionMode : int { kModeTable = 0, kModeAnchored = 1, kModeOther = 2, kStagedInversionModes = 3 };

GPURNG_HD inline int staged_inversion_mode(bool anchored, const InversionTable& t) {
  return anchored ? kModeAnchored : (t.complete() ? kModeTable : kModeOther);
}

// The staged sums (0: nothing staged).
GPURNG_HD inline int staged_inversion_sums(bool anchored, const AnchorScalars& s, const InversionTable& t) {
  if (anchored) return anchored_dense_sums(s);
  return t.complete() ? InversionTable::kSize : 0;
}

// The block's staged bytes for engine E: the table's sums, or the anchored sums and their guide's
// words, or for an engine of 32-bit words (kWordKeyed) the anchored sums, their thresholds and the
// thresholds' guide (anchored_keyed_bytes).
template <class E>
GPURNG_HD inline std::size_t staged_inversion_bytes(bool anchored, const AnchorScalars& s, const InversionTable& t) {
  if (!anchored) return t.complete() ? InversionTable::kStagedBytes : 0;
  const int n = anchored_dense_sums(s);
  if constexpr (kWordKeyed<E>) return anchored_keyed_bytes(n);
  return sizeof(double) * static_cast<std::size_t>(n) + sizeof(std::uint32_t) * (std::size_t{1} << anchored_guide_log2(n));
}

// The stage's phases: 0 the sums; 1 the anchored sums' guide, or their thresholds (kWordKeyed); 2
// the thresholds' guide. Each phase starts once every thread has finished the one before.
inline constexpr int kStagedInversionPhases = 3;

// Thread `thread` of `threads` (at least 32)'s share of a phase.
template <class E, class Law>
GPURNG_HD inline void stage_inversion(bool anchored, const Law& law, const AnchorScalars& s, const AnchorTable& anchors,
                                      const InversionTable& t, double* words, int phase, int thread, int threads) {
  if (anchored) {
    if constexpr (kWordKeyed<E>) {
      anchored_keyed_stage<E>(law, s, anchors, words, phase, thread, threads);
    } else {
      anchored_stage(law, s, anchors, anchored_guide_log2(anchored_dense_sums(s)), words, phase, thread, threads);
    }
  } else if (t.complete()) {
    t.stage(words, phase, thread, threads);
  }
}

// A value of the anchored middle from the staged words: by the raw word's thresholds for an engine
// of 32-bit words, else by the double uniform's guided search (-1, -2: a tail).
template <class E>
GPURNG_HD GPURNG_FORCEINLINE double staged_anchored_middle(const AnchorScalars& s, const typename E::raw_type& r,
                                                           const double* staged, int n) {
  if constexpr (kWordKeyed<E>) {
    return anchored_keyed(s, staged, n, r);
  } else {
    const int log2 = anchored_guide_log2(n);
    return anchored_guided(s, staged, n, reinterpret_cast<const std::uint32_t*>(staged + n), log2, uniform_of<E, double>(r));
  }
}

// Mode kModeTable's row: `finish(k)` the value stored for the inversion's k (the binomial's flip).
template <class E, class Finish>
GPURNG_HD GPURNG_FORCEINLINE void staged_table_row(const typename E::raw_type* r, std::uint32_t* out, const double* staged,
                                                   const Finish& finish) {
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int i = 0; i < kRowLength; ++i) {
    out[i] = finish(static_cast<double>(InversionTable::search(staged, uniform_of<E, double>(r[i]))));
  }
}

// Mode kModeAnchored's row: the middle of every value first, the tails' positions in a mask, then
// each tail value from the row's start state `start` (its raws made again, out of line: about one
// row in 10^3 has one). Not a call per pair inside the row's loop: the rest of the row stayed live
// across it, in local memory (an H100, Poisson at lambda = 10: 195 against 272 G values/s,
// scripts/exp/guide-search-probe.cu). `finish(k)` the value stored for the inversion's k (a double),
// `finish_count(k)` the same for k as an integer: an engine of 32-bit words searches its thresholds
// and stays in integers (a double k cost 15 % at lambda = 10, scripts/exp/integer-threshold-probe.cu).
template <class E, class Law, class Finish, class FinishCount, class State>
GPURNG_HD GPURNG_FORCEINLINE void staged_anchored_row(const Law& law, const AnchorScalars& s, const typename E::raw_type* r,
                                                      std::uint32_t* out, const double* staged, const Finish& finish,
                                                      const FinishCount& finish_count, const State& start) {
  const int n = anchored_dense_sums(s);
  static_assert(kRowLength == 32, "one bit of the masks per value");
  std::uint32_t tails = 0, upper = 0;
  if constexpr (kWordKeyed<E>) {
    const KeyedStage keyed = anchored_keyed_stage_of(s, staged, n);
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (int i = 0; i < kRowLength; ++i) {
      const KeyedMiddle m = anchored_keyed_index(keyed, r[i]);
      tails |= static_cast<std::uint32_t>(m.tail) << i;
      upper |= static_cast<std::uint32_t>(m.upper) << i;
      out[i] = finish_count(keyed.a0 + m.index);  // a tail's placeholder
    }
  } else {
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (int i = 0; i < kRowLength; ++i) {
      const double k = staged_anchored_middle<E>(s, r[i], staged, n);
      tails |= static_cast<std::uint32_t>(k < 0.0) << i;
      upper |= static_cast<std::uint32_t>(k < -1.5) << i;
      out[i] = finish(k < 0.0 ? s.a0 : k);  // a tail's placeholder
    }
  }
  while (tails != 0) {
    const int i = lowest_set_bit(tails);
    tails &= tails - 1;
    const std::uint32_t value = finish(anchored_tail_again<E>(law, s, start, i, ((upper >> i) & 1u) != 0));
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (int j = 0; j < kRowLength; ++j) out[j] = j == i ? value : out[j];  // no dynamic index: out stays in registers
  }
}

// The rows of a transform Derived (Poisson<E>, Binomial<E>) that inverts by a table or by anchors,
// or else by a rejection sampler's keyed rows. Derived has `params` (with `anchor`), the union of
// `table` and `anchors`, and anchored(), law(), finish(k) (the value stored for the inversion's k),
// keyed_row(raw, out) (the rejection sampler's row) and keyed_pair(raw, out) (its pair).
template <class Derived, class E>
struct StagedInversionRows {
  // A row at once (core::produce_row): on the CPU (row()) the table's binary search, the anchored
  // walk, or the rejection sampler's row. The GPU's fill kernel stages the inversion's sums in its
  // shared memory (the table's 64, or the anchored walk's 31 m + 1, each of 31 threads walking one
  // bracket, with their guide) and runs a kernel per row mode, each with one of the three ways
  // (row_in_mode). From shared memory, not the kernel's parameters: lanes reading different words of
  // the parameters wait for each other (an H100 searched twice as fast from shared memory at lambda
  // = 9.9: scripts/exp/table-search-probe.cu). In dynamic shared memory of the call's size: a static
  // 27 KB would cost the other modes' kernels resident blocks.
  static constexpr bool kWholeRow = true;
  static constexpr bool kStagesItself = true;
  static constexpr int kStagePhases = kStagedInversionPhases;
  static constexpr int kRowModes = kStagedInversionModes;

  GPURNG_HD const Derived& self() const { return static_cast<const Derived&>(*this); }
  GPURNG_HD int staged_sums() const { return staged_inversion_sums(self().anchored(), self().params.anchor, self().table); }
  GPURNG_HD std::size_t staged_bytes() const {
    return staged_inversion_bytes<E>(self().anchored(), self().params.anchor, self().table);
  }
  GPURNG_HD void stage(double* words, int phase, int thread, int threads) const {
    const Derived& d = self();
    stage_inversion<E>(d.anchored(), d.law(), d.params.anchor, d.anchors, d.table, words, phase, thread, threads);
  }
  // The same words, for a kernel of row mode M alone (core::stage_words): the table's kernel holds
  // none of the anchored staging (the thresholds' searches), which had cost XORWOW's table kernel 7 %
  // at lambda = 0.5 and 4 on an H100 when stage() held both (docs/PERFORMANCE.md).
  template <int M>
  GPURNG_HD void stage_in_mode(double* words, int phase, int thread, int threads) const {
    const Derived& d = self();
    if constexpr (M == kModeTable) {
      d.table.stage(words, phase, thread, threads);
    } else if constexpr (M == kModeAnchored) {
      stage_inversion<E>(true, d.law(), d.params.anchor, d.anchors, d.table, words, phase, thread, threads);
    } else {
      (void)d, (void)words, (void)phase, (void)thread, (void)threads;  // the rejection samplers stage nothing
    }
  }
  GPURNG_HD int row_mode() const { return staged_inversion_mode(self().anchored(), self().table); }
  template <int M, class State>
  GPURNG_HD GPURNG_FORCEINLINE void row_in_mode(const typename E::raw_type* r, std::uint32_t* out, const double* staged,
                                                const State& start) const {
    const Derived& d = self();
    const auto finish = [&](double k) { return d.finish(k); };
    if constexpr (M == kModeTable) {
      staged_table_row<E>(r, out, staged, finish);
    } else if constexpr (M == kModeAnchored) {
      const auto finish_count = [&](std::uint32_t k) { return d.finish_count(k); };
      staged_anchored_row<E>(d.law(), d.params.anchor, r, out, staged, finish, finish_count, start);
    } else {
      d.keyed_row(r, out);
    }
  }
  // A pair of values, the per-pair operator()'s, from the staged words: for the kernels that transform
  // a pair at a time (MT19937's consumers, MTGP's warps, DCMT's and the per-stream engines' lanes:
  // core/produce.hpp, apply_group and StagedTransform). The table's search or the anchored sums'
  // guided search in shared memory, where operator() searches the table in the kernel's parameters
  // (lanes reading different words of them wait for each other) or walks from the anchors; a pair
  // with a tail value takes the same out-of-line tail as operator(), and the rejection samplers'
  // parameters keyed_pair (operator()'s third way). pair_in_mode<M> is one mode's way alone, for a kernel instantiated per mode
  // (MT19937's: with the three ways in one, its consumers spilled 724 bytes at their 40 registers).
  template <int M>
  GPURNG_HD GPURNG_FORCEINLINE void pair_in_mode(const typename E::raw_type* r, std::uint32_t* out,
                                                 const double* staged) const {
    const Derived& d = self();
    if constexpr (M == kModeTable) {
      out[0] = d.finish(static_cast<double>(InversionTable::search(staged, uniform_of<E, double>(r[0]))));
      out[1] = d.finish(static_cast<double>(InversionTable::search(staged, uniform_of<E, double>(r[1]))));
    } else if constexpr (M == kModeAnchored) {
      const AnchorScalars& s = d.params.anchor;
      const int n = anchored_dense_sums(s);
      if constexpr (kWordKeyed<E>) {  // integers unless a value is in a tail
        const KeyedStage keyed = anchored_keyed_stage_of(s, staged, n);
        const KeyedMiddle m0 = anchored_keyed_index(keyed, r[0]), m1 = anchored_keyed_index(keyed, r[1]);
        if (!m0.tail && !m1.tail) {
          out[0] = d.finish_count(keyed.a0 + m0.index);
          out[1] = d.finish_count(keyed.a0 + m1.index);
          return;
        }
      }
      AnchoredPair k{staged_anchored_middle<E>(s, r[0], staged, n), staged_anchored_middle<E>(s, r[1], staged, n)};
      if (k.v0 < 0.0 || k.v1 < 0.0) {
        k = anchored_pair_tails(d.law(), s, raw_key_bits(r[0]), raw_key_bits(r[1]), uniform_of<E, double>(r[0]),
                                uniform_of<E, double>(r[1]), k);
      }
      out[0] = d.finish(k.v0);
      out[1] = d.finish(k.v1);
    } else {
      d.keyed_pair(r, out);
    }
  }
  GPURNG_HD GPURNG_FORCEINLINE void pair_staged(const typename E::raw_type* r, std::uint32_t* out,
                                                const double* staged) const {
    switch (row_mode()) {
      case kModeTable: return pair_in_mode<kModeTable>(r, out, staged);
      case kModeAnchored: return pair_in_mode<kModeAnchored>(r, out, staged);
      default: return pair_in_mode<kModeOther>(r, out, staged);
    }
  }
  GPURNG_HD GPURNG_FORCEINLINE void row(const typename E::raw_type* r, std::uint32_t* out, const double* /*staged*/) const {
    const Derived& d = self();
    if (d.anchored()) return walk_row(r, out);
    if (d.table.complete()) return staged_table_row<E>(r, out, d.table.data(), [&](double k) { return d.finish(k); });
    d.keyed_row(r, out);
  }
  // The anchored rows by the walk, out of line (the CPU's, and any kernel without the staged sums).
  GPURNG_HD GPURNG_NOINLINE void walk_row(const typename E::raw_type* r, std::uint32_t* out) const {
    const Derived& d = self();
    const auto law = d.law();
    anchored_row<E>(
        law, d.params.anchor, r, out, [&](double u) { return anchored_middle(law, d.params.anchor, d.anchors.data(), u); },
        [&](double k) { return d.finish(k); });
  }
};

}  // namespace gpurng::core::dist
