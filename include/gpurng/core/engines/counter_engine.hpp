// Counter-based engines (Philox, Threefry: Salmon et al., "Parallel random numbers: as easy as 1, 2,
// 3", SC'11): a block of N words is a pure function of a key and a counter, so any position of a
// stream is O(1) away and nothing but the position changes along it.
//
// A scheme fixes the canonical sequence of an engine (docs/ENGINES.md):
//   Scheme::Stream                 what stays fixed along one stream (key words, counter words);
//   Scheme::block(stream, b)       block b of that stream (b = 0, 1, ...);
// element i of the stream is word i % N of block i / N. Positions run over 0 .. 2^64 - 1.
#pragma once

#include "gpurng/core/config.hpp"
#include "gpurng/core/engines/word_conversions.hpp"

namespace gpurng::core {

template <class W, int N>
struct Words {
  W v[N];
};

template <class W, int N>
GPURNG_HD constexpr bool operator==(const Words<W, N>& a, const Words<W, N>& b) {
  for (int i = 0; i < N; ++i) {
    if (a.v[i] != b.v[i]) return false;
  }
  return true;
}

// One stream of a counter-based engine as a small stateful generator: next() returns the element at
// the position and moves it on; discard(k) moves it by k in O(1). The block in use is kept, so N
// consecutive next() calls cost one block.
template <class Scheme>
class CounterEngine {
 public:
  using Stream = typename Scheme::Stream;
  using Block = typename Scheme::Block;
  using result_type = typename Scheme::word_type;
  static constexpr int kWords = Scheme::kWords;

  GPURNG_HD explicit CounterEngine(const Stream& stream, std::uint64_t position = 0) : stream_(stream), pos_(position) {}

  // Element i of the stream, without a generator.
  GPURNG_HD static result_type element(const Stream& stream, std::uint64_t i) {
    return Scheme::block(stream, i / kWords).v[i % kWords];
  }

  GPURNG_HD result_type next() {
    const std::uint64_t b = pos_ / kWords;
    if (!cached_ || b != cached_index_) {
      block_ = Scheme::block(stream_, b);
      cached_index_ = b;
      cached_ = true;
    }
    return block_.v[pos_++ % kWords];
  }

  GPURNG_HD result_type operator()() { return next(); }  // C++'s UniformRandomBitGenerator shape
  GPURNG_HD static constexpr result_type min() { return 0; }
  GPURNG_HD static constexpr result_type max() { return static_cast<result_type>(~result_type{0}); }
  GPURNG_HD void discard(std::uint64_t k) { pos_ += k; }
  GPURNG_HD std::uint64_t position() const { return pos_; }

 private:
  Stream stream_;
  std::uint64_t pos_;
  bool cached_ = false;
  std::uint64_t cached_index_ = 0;
  Block block_{};
};

// Word j of a block without indexing it by a run-time value (which would put the block in local
// memory on the GPU).
template <class W, int N>
GPURNG_HD GPURNG_FORCEINLINE W pick(const Words<W, N>& b, unsigned j) {
  W r = b.v[0];
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
  for (int i = 1; i < N; ++i) {
    if (j == static_cast<unsigned>(i)) r = b.v[i];
  }
  return r;
}

// A position of one stream, as the generic fill (core/produce.hpp) and the distribution transforms
// (core/dist/transforms.hpp) see an engine. block holds Scheme::block(stream, pos / N) whenever pos is
// not a multiple of N, so a row of consecutive values costs one block per N values and a skip one
// block at most.
template <class Scheme>
struct CounterPosition {
  typename Scheme::Stream stream;
  std::uint64_t pos;
  typename Scheme::Block block;
};

template <class Scheme>
struct CounterTraits {
  using state_type = CounterPosition<Scheme>;
  using raw_type = typename Scheme::word_type;
  using bits_type = typename Scheme::word_type;
  static constexpr int kWords = Scheme::kWords;

  // Position 0 of a stream.
  GPURNG_HD static state_type start(const typename Scheme::Stream& s) { return state_type{s, 0, {}}; }

  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(state_type& st) {
    const unsigned j = static_cast<unsigned>(st.pos % kWords);
    if (j == 0) st.block = Scheme::block(st.stream, st.pos / kWords);
    ++st.pos;
    return pick(st.block, j);
  }
  GPURNG_HD static void skip(state_type& st, std::uint64_t k) {
    st.pos += k;
    if (st.pos % kWords != 0) st.block = Scheme::block(st.stream, st.pos / kWords);
  }

  // The next kRows raw outputs at once (core/produce.hpp's produce_row): the kRows / kWords blocks
  // after the current one, and a shift by the position within a block picked with selects (a
  // run-time index would put the words in local memory on the GPU). Same values as kRows next().
  static constexpr bool kRowAtOnce = true;
  template <int kRows>
  GPURNG_HD static GPURNG_FORCEINLINE void next_row(state_type& st, raw_type (&out)[kRows]) {
    static_assert(kRows % kWords == 0, "a row holds whole blocks");
    constexpr int kBlocks = kRows / kWords;
    const unsigned j0 = static_cast<unsigned>(st.pos % kWords);
    // window: the current block (holding position pos when j0 != 0), then kBlocks new ones.
    raw_type w[kWords + kRows];
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
    for (int i = 0; i < kWords; ++i) w[i] = st.block.v[i];
    const std::uint64_t first = st.pos / kWords + (j0 == 0 ? 0 : 1);
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
    for (int b = 0; b < kBlocks; ++b) {
      const typename Scheme::Block blk = Scheme::block(st.stream, first + static_cast<std::uint64_t>(b));
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
      for (int i = 0; i < kWords; ++i) w[kWords + b * kWords + i] = blk.v[i];
    }
    // Value i is window word i + o, o = j0 (in the current block) or kWords (j0 = 0: new blocks only).
    const unsigned o = j0 == 0 ? static_cast<unsigned>(kWords) : j0;
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
    for (int i = 0; i < kRows; ++i) {
      raw_type r = w[i + 1];
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
      for (int k = 2; k <= kWords; ++k) {
        if (o == static_cast<unsigned>(k)) r = w[i + k];
      }
      out[i] = r;
    }
    st.pos += kRows;
    // The block that holds the new position when it is inside one: the last one made.
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
    for (int i = 0; i < kWords; ++i) st.block.v[i] = w[kRows + i];
  }
  GPURNG_HD static GPURNG_FORCEINLINE bits_type bits(raw_type r) { return r; }
  GPURNG_HD static GPURNG_FORCEINLINE float uniform_float(raw_type r) { return word_to_uniform_float(r); }
  GPURNG_HD static GPURNG_FORCEINLINE double uniform_double(raw_type r) { return word_to_uniform_double(r); }
};

}  // namespace gpurng::core
