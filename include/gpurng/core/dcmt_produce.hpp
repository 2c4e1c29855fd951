// The Dynamic-Creator family (core/engines/dcmt.hpp) in the interleaved layout of the many-stream
// engines (core/stream_produce.hpp): position i is value i / S of stream i mod S, out[j*S + s].
// One body serves the CPU backend and the CUDA kernel: a (lane, chunk) item, with the lane's start
// window from the seeding or from the windows kept by the previous call, jumped to the chunk's start
// with a polynomial prepared on the host.
//
// Windows sit at multiples of the shape's block (S::block values: whole regenerations of N words, an
// even number): the window a stream needs for its next index j is the one at block * floor(j / block),
// a pure function of (seed, stream, j). A lane starts there, regenerates and drops the values before j,
// produces whole blocks, and the last block is cut at the end; the window before that last block is
// the one kept for the next call. Chunk starts are multiples of the block too (the chunk length is),
// so every start is such a window and every jump is by a multiple of the block.
#pragma once


#include <type_traits>

#include "gpurng/core/engines/dcmt.hpp"
#include "gpurng/core/stream_produce.hpp"

namespace gpurng::core::dcmt {

// tr(r, out) in DCMT's block loop, which stays fully unrolled (the window lives in registers), so a
// transform is copied S::block times into each kernel. Out of line for the large samplers
// (row_unroll<Tr>::value == 1) and for the distributions beyond the first five (declared below;
// their definitions are in core/dist/), which keeps the DCMT kernels' build time bounded. Never changes a
// value.
}  // namespace gpurng::core::dcmt
namespace gpurng::core::dist {
template <class E, class T> struct UniformIntKeyed;
template <class E, class I> struct Bernoulli;
template <class E, class I> struct Geometric;
template <class E, class T> struct Cauchy;
template <class E, class T> struct Weibull;
template <class E, class T> struct Laplace;
template <class E, class T> struct Logistic;
template <class E, class T> struct Gumbel;
template <class E, class T> struct Rayleigh;
template <class E, class T> struct Exponential;
}  // namespace gpurng::core::dist
namespace gpurng::core::dcmt {
template <class Tr>
struct outline_in_window_loops {
  static constexpr bool value = row_unroll<Tr>::value == 1;
};
#define GPURNG_DCMT_OUTLINED(D)                                \
  template <class E, class T>                                  \
  struct outline_in_window_loops<dist::D<E, T>> {              \
    static constexpr bool value = true;                        \
  };
GPURNG_DCMT_OUTLINED(UniformIntKeyed)
GPURNG_DCMT_OUTLINED(Bernoulli)
GPURNG_DCMT_OUTLINED(Geometric)
GPURNG_DCMT_OUTLINED(Cauchy)
GPURNG_DCMT_OUTLINED(Weibull)
GPURNG_DCMT_OUTLINED(Laplace)
GPURNG_DCMT_OUTLINED(Logistic)
GPURNG_DCMT_OUTLINED(Gumbel)
GPURNG_DCMT_OUTLINED(Rayleigh)
#undef GPURNG_DCMT_OUTLINED
// The large window (MT2203: 69 words in registers) leaves little room for an inlined double logarithm:
// its double exponential is 1.25x faster called out of line (H100, N = 2^28), its float one 0.75x, so
// only the double one is.
template <class Tr>
struct outline_beside_large_window : std::false_type {};
template <class E>
struct outline_beside_large_window<dist::Exponential<E, double>> : std::true_type {};
// The loop of whole blocks over the block's regenerations is rolled (one regeneration and N values per
// iteration, instead of the block's two unrolled) for the exponential: in float beside MT2203's large
// window, 1.09x the rate of a version before produce() had its three emit places, where unrolled it was
// 0.91x; in double beside MT521's, 1.05x, where unrolled it was 0.95-0.99x (H100, N = 2^28, medians of
// 7 alternating runs). The window stays in registers either way (the loop over its N words stays unrolled). MT2203's
// double exponential is called out of line instead (above).
template <class S, class Tr>
struct roll_whole_blocks : std::false_type {};
template <class S, class E>
struct roll_whole_blocks<S, dist::Exponential<E, float>> : std::bool_constant<(S::N > 32)> {};
template <class S, class E>
struct roll_whole_blocks<S, dist::Exponential<E, double>> : std::bool_constant<(S::N <= 32)> {};
template <class S, class Tr>
struct outline_in_window {
  static constexpr bool value =
      outline_in_window_loops<Tr>::value || (S::N > 32 && outline_beside_large_window<Tr>::value);
};
template <class Tr, class R, class V>
GPURNG_HD GPURNG_NOINLINE void apply_outlined(const Tr& tr, const R* r, V* out) {
  tr(r, out);
}
template <class S, class Tr, class R, class V>
GPURNG_HD GPURNG_FORCEINLINE void apply_transform(const Tr& tr, const R* r, V* out) {
  if constexpr (outline_in_window<S, Tr>::value) {
    apply_outlined(tr, r, out);
  } else {
    tr(r, out);
  }
}

// One block from the window at a multiple of the block: regenerate, temper, transform, put. With
// Partial, only block-relative values [from, to) are put (a Box-Muller pair is computed when either of
// its values is wanted). Fully unrolled on the GPU: the window stays in registers.
template <class S, bool Partial, class Tr, class Sink>
GPURNG_HD GPURNG_FORCEINLINE void emit_block(Window<S>& w, const Set& set, int from, int to, const Tr& tr,
                                             Sink& sink) {
  using V = typename Tr::value_type;
  static_assert(Tr::arity == 1 || Tr::arity == 2, "transforms take one value or a pair");
  constexpr int N = S::N;
  std::uint32_t pending = 0;
  constexpr int kRegenerations = S::block / N;
  [[maybe_unused]] constexpr int kUnroll = !Partial && roll_whole_blocks<S, Tr>::value ? 1 : kRegenerations;
#if GPURNG_DEVICE_PASS
#pragma unroll(kUnroll)
#endif
  for (int t = 0; t < kRegenerations; ++t) {
    regenerate<S>(w.x, set.aaa);
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (int k = 0; k < N; ++k) {
      const int idx = t * N + k;
      const std::uint32_t raw = temper(set, w.x[k]);
      if constexpr (Tr::arity == 1) {
        if (!Partial || (idx >= from && idx < to)) {
          V v;
          apply_transform<S>(tr, &raw, &v);
          sink.put(v);
        }
      } else if (idx % 2 == 0) {
        pending = raw;
      } else if (!Partial || (idx >= from && idx - 1 < to)) {
        const std::uint32_t pair[2] = {pending, raw};
        V v[2];
        apply_transform<S>(tr, pair, v);
        if (!Partial || idx - 1 >= from) sink.put(v[0]);
        if (!Partial || idx < to) sink.put(v[1]);
      }
    }
  }
}

// Values [lo, hi) of one stream into sink, from w, the window at q (a multiple of the block, q <= lo).
// If keep is not null, word i of the window at block * floor(hi / block) (the one the next value hi
// needs) is stored at keep[i * keep_stride], just before the last block is made.
// Each emit_block site is a fully unrolled block with the transform copied into it, and every site costs
// the CUDA build minutes per transform and shape: there are two, one for whole blocks (in a loop of its
// own) and one for a block cut at lo, at hi or at both, in one loop around it. The kept window goes
// straight to memory, so no second window holds registers anywhere (a copy held through the loop of
// whole blocks measured 15-45 % slower on the H100). Against the earlier three sites (a first block cut
// at lo, whole blocks, the last block; the kept window copied to registers before the last) this
// compiles dcmt_mt2203.cu in 174 s instead of 210 and runs at 0.93-1.61x their rate, 1.0x or more
// but for MT521's double log-normals at 2^28 (0.93x; docs/PERFORMANCE.md).
template <class S, class Tr, class Sink>
GPURNG_HD void produce(Window<S>& w, const Set& set, std::uint64_t q, std::uint64_t lo, std::uint64_t hi,
                       const Tr& tr, Sink& sink, std::uint32_t* keep, std::uint64_t keep_stride) {
  constexpr std::uint64_t B = S::block;
  while (lo - q >= B) {  // whole blocks before lo: only a start inside a chunk's first block skips
    for (int t = 0; t < S::block / S::N; ++t) regenerate<S>(w.x, set.aaa);
    q += B;
  }
  for (;;) {
    while (lo <= q && hi - q >= B) {  // whole blocks, in a loop of their own
      emit_block<S, false>(w, set, 0, int(B), tr, sink);
      q += B;
    }
    const bool last = hi - q < B;  // else a first block cut at lo
    if (last && keep != nullptr) {
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
      for (int i = 0; i < S::N; ++i) keep[static_cast<std::uint64_t>(i) * keep_stride] = w.x[i];
    }
    const std::uint64_t from = lo > q ? lo - q : 0;
    const std::uint64_t to = last ? hi - q : B;
    if (to > from) emit_block<S, true>(w, set, int(from), int(to), tr, sink);
    if (last) return;
    q += B;
  }
}

// One call of the bulk generator: positions [range.first, range.first + range.n) of S = range.streams
// streams. Items are (lane u, chunk c) for every lane u < S (lanes past n have no values but still carry
// their stream's window to the next call). Stream of lane u: the generator's local stream
// r = (first + u) mod S, global id stream0 + r, parameter set (stream0 + r) mod num_sets.
struct Call {
  StreamRange range;
  std::uint64_t chunk;        // chunk length L: a multiple of the block
  std::uint64_t chunks;       // C >= 1; a lane's last chunk runs to its end
  std::uint64_t base_window;  // window index of the lanes whose first index is floor(first / S)
  const Set* sets;
  std::uint64_t num_sets;
  std::uint32_t seed_base;        // stream s is seeded with seed_base + s
  int seeded;                     // 1: lanes start from their seeding, 0: from `windows`
  const std::uint32_t* windows;   // kept windows: word i of local stream r at windows[i * S + r]
  std::uint32_t* next_windows;    // the same layout for the next call, or null
  // Jump polynomials for the sets this call uses, which are poly_sets = min(S, num_sets) consecutive sets
  // (mod num_sets) from poly_set0 = stream0 mod num_sets: set k has column (k - poly_set0) mod num_sets,
  // and word i of row (cls * chunks + c) is polys[(row * N + i) * poly_sets + column]. From seeding, row
  // (cls, c) is x^(base_window + cls * block + c * L) (cls = 1 for the lanes one block further); from
  // kept windows, row (0, c) is x^(c * L). Rows for a zero jump are never read.
  const std::uint32_t* polys;
  std::uint64_t poly_set0;
  std::uint64_t poly_sets;
};

template <class S>
struct Lane {
  std::uint64_t local;   // r
  std::uint64_t stream;  // stream0 + r
  std::uint64_t set;     // index of its parameter set
  std::uint64_t first;   // j: index of its first value in this call
  std::uint64_t end;     // j + count
  std::uint64_t window;  // block * floor(j / block)
  std::uint64_t last_chunk;

  GPURNG_HD static Lane make(const Call& call, std::uint64_t u) {
    const StreamRange& r = call.range;
    const std::uint64_t S_ = r.streams;
    const std::uint64_t rem = r.first % S_ + u;  // < 2 S: no overflow near 2^64
    Lane l{};
    l.local = rem % S_;
    l.stream = r.stream0 + l.local;
    l.set = l.stream % call.num_sets;
    l.first = r.first / S_ + rem / S_;
    l.end = l.first + (u < r.n ? (r.n - u - 1) / S_ + 1 : 0);
    l.window = l.first - l.first % std::uint64_t(S::block);
    const std::uint64_t span_chunks = (l.end - l.window) / call.chunk;
    l.last_chunk = span_chunks < call.chunks - 1 ? span_chunks : call.chunks - 1;
    return l;
  }
};

// The item (u, c): out is the call's output (value k of lane u at out[u + k * S]).
template <class S, class Tr>
GPURNG_HD void produce_item(const Call& call, std::uint64_t u, std::uint64_t c, const Tr& tr,
                            typename Tr::value_type* out) {
  const Lane<S> lane = Lane<S>::make(call, u);
  if (c > lane.last_chunk) return;
  const std::uint64_t S_ = call.range.streams;
  const std::uint64_t start = lane.window + c * call.chunk;
  const std::uint64_t lo = c == 0 ? lane.first : start;
  const std::uint64_t hi = c == lane.last_chunk ? lane.end : start + call.chunk;
  const Set set = call.sets[lane.set];

  Window<S> w;
  std::uint64_t distance;
  std::uint64_t row;
  if (call.seeded != 0) {
    w = seed_window<S>(stream_seed(call.seed_base, lane.stream));
    distance = start;
    row = (lane.window == call.base_window ? 0 : call.chunks) + c;
  } else {
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (int i = 0; i < S::N; ++i) w.x[i] = call.windows[static_cast<std::uint64_t>(i) * S_ + lane.local];
    distance = c * call.chunk;
    row = c;
  }
  if (distance != 0) {
    const std::uint64_t column = (lane.set + call.num_sets - call.poly_set0) % call.num_sets;
    jump<S>(w, set.aaa, call.polys + row * S::N * call.poly_sets + column, call.poly_sets);
  }

  // Lanes past n (no values, only the window carried over) never store: keep their pointer in range.
  StridedOut<typename Tr::value_type> sink{hi > lo ? out + u + (lo - lane.first) * S_ : out, S_};
  const bool keep_window = c == lane.last_chunk && call.next_windows != nullptr;
  produce<S>(w, set, start, lo, hi, tr, sink, keep_window ? call.next_windows + lane.local : nullptr, S_);
}

}  // namespace gpurng::core::dcmt
