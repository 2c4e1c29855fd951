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

// The block's staged bytes: the table's sums, or the anchored sums and their guide's words.
GPURNG_HD inline std::size_t staged_inversion_bytes(bool anchored, const AnchorScalars& s, const InversionTable& t) {
  if (!anchored) return t.complete() ? InversionTable::kStagedBytes : 0;
  const int n = anchored_dense_sums(s);
  return sizeof(double) * static_cast<std::size_t>(n) + sizeof(std::uint32_t) * (std::size_t{1} << anchored_guide_log2(n));
}

// Thread `thread` of `threads` (at least 32)'s share of phase 0 (the sums) or 1 (the anchored
// guide, once every sum is written).
template <class Law>
GPURNG_HD inline void stage_inversion(bool anchored, const Law& law, const AnchorScalars& s, const AnchorTable& anchors,
                                      const InversionTable& t, double* words, int phase, int thread, int threads) {
  if (anchored) {
    anchored_stage(law, s, anchors, anchored_guide_log2(anchored_dense_sums(s)), words, phase, thread, threads);
  } else if (t.complete()) {
    t.stage(words, phase, thread, threads);
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

// Mode kModeAnchored's row.
template <class E, class Law, class Finish>
GPURNG_HD GPURNG_FORCEINLINE void staged_anchored_row(const Law& law, const AnchorScalars& s, const typename E::raw_type* r,
                                                      std::uint32_t* out, const double* staged, const Finish& finish) {
  const int n = anchored_dense_sums(s);
  const std::uint32_t* guide = reinterpret_cast<const std::uint32_t*>(staged + n);
  const int log2 = anchored_guide_log2(n);
  anchored_row<E>(law, s, r, out, [&](double u) { return anchored_guided(s, staged, n, guide, log2, u); }, finish);
}

}  // namespace gpurng::core::dist
