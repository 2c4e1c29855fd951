// The run body shared by the CPU backend and the CUDA kernels (and usable from the device API):
// from an engine state at a row-aligned position, produce consecutive distribution values.
//
// Work is cut into rows of kRowLength values at absolute positions that are multiples of
// kRowLength. Any row can be computed by skipping a copy of the seeded state to its start, so how
// rows are spread over threads, blocks or devices never changes a value.
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core {

inline constexpr int kRowLength = 32;  // one warp-wide coalesced store per row on the GPU

namespace produce_detail {
template <class...>
struct voider {
  using type = void;
};
// E::kRowAtOnce: the engine makes a row of raw outputs with E::next_row(st, raw) (no <type_traits>:
// core headers stay usable under NVRTC).
template <class E, class = void>
struct row_at_once {
  static constexpr bool value = false;
};
template <class E>
struct row_at_once<E, typename voider<decltype(E::kRowAtOnce)>::type> {
  static constexpr bool value = E::kRowAtOnce;
};
// Tr::kWholeRow: the transform maps a whole row of raw outputs at once, tr.row(raw, out, staged)
// (below; `staged` null: row() reads its own tables). The words a GPU block builds in its shared
// memory for the call (Tr::kStagesItself, below) go to row_in_mode (Tr::kRowModes, below).
template <class Tr, class = void>
struct whole_row {
  static constexpr bool value = false;
};
template <class Tr>
struct whole_row<Tr, typename voider<decltype(Tr::kWholeRow)>::type> {
  static constexpr bool value = Tr::kWholeRow;
};
// Tr::kStagesItself: the fill kernel gives the block tr.staged_bytes() bytes of shared memory (0:
// none) and calls tr.stage(words, phase, thread, threads) on each of its threads, for phase = 0 ..
// Tr::kStagePhases - 1 with a barrier after each (a table the transform builds from its own: Poisson's
// and binomial's sums and their guide), then passes the words to row().
template <class Tr, class = void>
struct stages_itself {
  static constexpr bool value = false;
};
template <class Tr>
struct stages_itself<Tr, typename voider<decltype(Tr::kStagesItself)>::type> {
  static constexpr bool value = Tr::kStagesItself;
};
// Tr::kRowModes: the transform's rows take one of kRowModes ways (tr.row_mode(), from its parameters),
// each also callable alone, tr.row_in_mode<M>(raw, out, staged, start) with the staged words and the
// engine state at the row's start (from which a rare value may make its raws again): the fill kernel
// is instantiated per mode, so that each kernel holds one way's code and registers (staged_inversion.hpp
// says what that was worth). 0: the transform has one way, row().
template <class Tr, class = void>
struct row_modes {
  static constexpr int value = 0;
};
template <class Tr>
struct row_modes<Tr, typename voider<decltype(Tr::kRowModes)>::type> {
  static constexpr int value = Tr::kRowModes;
};
}  // namespace produce_detail

// A block's share of phase `phase` of the words a transform stages (kStagesItself), in a kernel of
// row mode Mode (-1: a kernel for every mode): a transform with row modes stages its mode's words
// alone there (tr.stage_in_mode<Mode>), so that the kernel holds no other mode's staging code.
template <int Mode, class Tr>
GPURNG_HD GPURNG_FORCEINLINE void stage_words(const Tr& tr, double* words, int phase, int thread, int threads) {
  if constexpr (Mode >= 0 && produce_detail::row_modes<Tr>::value > 0) {
    tr.template stage_in_mode<Mode>(words, phase, thread, threads);
  } else {
    tr.stage(words, phase, thread, threads);
  }
}

// How far the producers unroll, on the device, their loop over a row's transform groups: fully for
// the small transforms, and Tr::kRowUnroll times for those that declare it. The large samplers
// (keyed draws: Poisson, binomial, gamma, ...) declare 1: fully unrolled, their bodies would be
// copied 16 or 32 times into every engine's kernels, multiplying the build time, for no speed (they
// are dominated by Philox blocks and double arithmetic). Never changes a value.
template <class Tr, class = void>
struct row_unroll {
  static constexpr int value = kRowLength;
};
template <class Tr>
struct row_unroll<Tr, typename produce_detail::voider<decltype(Tr::kRowUnroll)>::type> {
  static constexpr int value = Tr::kRowUnroll;
};

// One transform group (Tr::arity raws to as many values) in a kernel that transforms a group at a
// time (MT19937's consumers, MTGP's warps) and, for a transform that stages itself, has staged its
// words in the block's shared memory: tr.pair_staged reads them (the same values as tr's own
// operator(), staged_inversion.hpp), or with Mode >= 0 (a kernel instantiated per row mode, for
// transforms with kRowModes) tr.pair_in_mode<Mode>; every other transform is its operator().
template <int Mode = -1, class Tr, class Raw>
GPURNG_HD GPURNG_FORCEINLINE void apply_group(const Tr& tr, const Raw* raw, typename Tr::value_type* out, const double* staged) {
  if constexpr (produce_detail::stages_itself<Tr>::value) {
    if constexpr (Mode >= 0) {
      tr.template pair_in_mode<Mode>(raw, out, staged);
    } else {
      tr.pair_staged(raw, out, staged);
    }
  } else {
    (void)staged;
    tr(raw, out);
  }
}

// A transform that stages itself, seen through the words a block staged for it: a transform like any
// other (operator(), arity, value_type) for code that takes one (DCMT's produce_item), whose
// operator() is the staged pair's. `tr` points at the kernel's own parameter (__grid_constant__).
template <class Tr>
struct StagedTransform {
  using value_type = typename Tr::value_type;
  static constexpr int arity = Tr::arity;
  static constexpr int kRowUnroll = row_unroll<Tr>::value;
  const Tr* tr;
  const double* staged;
  template <class Raw>
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const Raw* raw, value_type* out) const {
    tr->pair_staged(raw, out, staged);
  }
};

// Produce kRowLength values of transform Tr into out[0..kRowLength), advancing st by kRowLength raw
// outputs. st must sit at a position that is a multiple of Tr::arity (rows are).
// Mode (whole-row transforms with kRowModes): row_in_mode<Mode> instead of row(); -1: row().
template <class E, class Tr, int Mode = -1>
GPURNG_HD GPURNG_FORCEINLINE void produce_row(typename E::state_type& st, const Tr& tr, typename Tr::value_type* out,
                                              const double* staged = nullptr) {
  static_assert(kRowLength % Tr::arity == 0, "a row holds whole transform groups");
  if constexpr (produce_detail::whole_row<Tr>::value) {
    // The keyed samplers (core/dist/keyed_row.hpp) take the row at once: one out-of-line call per
    // row, or for Poisson and binomial a table search inline where their parameters allow.
    const typename E::state_type start = st;  // the row's start (a mode's rare values make it again)
    typename E::raw_type raw[kRowLength];
    if constexpr (produce_detail::row_at_once<E>::value) {
      E::next_row(st, raw);
    } else {
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
      for (int i = 0; i < kRowLength; ++i) raw[i] = E::next(st);
    }
    if constexpr (Mode >= 0) {
      tr.template row_in_mode<Mode>(raw, out, staged, start);
    } else {
      tr.row(raw, out, staged);
    }
  } else if constexpr (produce_detail::row_at_once<E>::value) {
    // Engines whose outputs come in blocks (the counter-based ones) make the row's raw words block
    // by block, without a per-value test of the position within a block.
    typename E::raw_type raw[kRowLength];
    E::next_row(st, raw);
#if GPURNG_UNROLL_HINTS
#pragma unroll(row_unroll<Tr>::value)
#endif
    for (int i = 0; i < kRowLength; i += Tr::arity) tr(raw + i, out + i);
  } else {
#if GPURNG_UNROLL_HINTS
#pragma unroll(row_unroll<Tr>::value)
#endif
    for (int i = 0; i < kRowLength; i += Tr::arity) {
      typename E::raw_type raw[Tr::arity];
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
      for (int j = 0; j < Tr::arity; ++j) raw[j] = E::next(st);
      tr(raw, out + i);
    }
  }
}

// Positions [first, first + n) of the sequence, written to out[0..n), cut into rows of kRowLength
// consecutive positions. Row 0 starts at `origin` (origin <= first < origin + kRowLength); rows may
// start at any phase modulo kRowLength (the GPU picks the phase that aligns rows with the output's
// cache lines), but each row start must be a multiple of the transform's arity. The first and last
// rows may be partly outside the range.
struct RowRange {
  std::uint64_t first;      // absolute position of out[0]
  std::uint64_t n;          // number of values
  std::uint64_t origin;     // absolute position of the start of row 0
  std::uint64_t row_count;  // rows touched

  // Rows whose starts are = phase (mod kRowLength), phase in [0, kRowLength). Where no such row can
  // start at or before `first` (first < kRowLength), phase 0 is used.
  GPURNG_HD static constexpr RowRange make(std::uint64_t first, std::uint64_t n, unsigned phase = 0) {
    std::uint64_t lead = (first - phase) % kRowLength;
    if (lead > first) lead = first % kRowLength;
    // (lead + n + kRowLength - 1) / kRowLength without overflowing for n near 2^64
    const std::uint64_t rows = n / kRowLength + (lead + n % kRowLength + kRowLength - 1) / kRowLength;
    return RowRange{first, n, first - lead, n == 0 ? 0 : rows};
  }
  // Absolute position of the start of row r.
  GPURNG_HD constexpr std::uint64_t row_start(std::uint64_t r) const { return origin + r * kRowLength; }

  // The part of row r inside the range: elements [lo, hi) of the row go to out[index ..].
  // Written without forming first + n, which may be 2^64.
  struct Slice {
    unsigned lo;
    unsigned hi;
    std::uint64_t index;
  };
  GPURNG_HD constexpr Slice slice(std::uint64_t r) const {
    const std::uint64_t s = row_start(r);
    if (s < first) {  // only the first row can start before the range
      const unsigned lo = static_cast<unsigned>(first - s);
      const std::uint64_t avail = kRowLength - lo;
      return Slice{lo, static_cast<unsigned>(lo + (n < avail ? n : avail)), 0};
    }
    const std::uint64_t index = s - first;
    const std::uint64_t left = n - index;
    return Slice{0, static_cast<unsigned>(left < kRowLength ? left : kRowLength), index};
  }
};

}  // namespace gpurng::core
