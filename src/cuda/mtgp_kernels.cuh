// MTGP kernels: one block per stream, its state in a shared-memory ring, computing R <= N - pos new
// words per round (Definition 3.3 allows N - pos in parallel) with one barrier a round. A block has
// R / 2 threads making two words each; for pair transforms (Box-Muller) the lanes then exchange
// words so that every lane transforms exactly one pair.
// The recursion, tempering and transforms are core/'s; the layout is core::mtgp::Layout, so a block
// writes each round's values as one contiguous chunk of the canonical sequence.
//
// Ring: word x_i lives at ring[i mod L], L a power of two > N + R, so that the words a round reads
// (x_k .. x_{k+R+pos-1}) and those it writes (x_{k+N} .. x_{k+N+R-1}) never share a slot; the
// barrier at the end of a round orders them against the next round.
//
// State records in device memory: N + 1 words per slot, x_{p-1} .. x_{p+N-1} for position p (see
// src/families/mtgp/mtgp_streams.hpp), and the positions in a separate array.
#pragma once

#include <cstdint>
#include <type_traits>

#include "cuda/staged_words.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/mtgp.hpp"
#include "gpurng/core/engines/mtgp_layout.hpp"

namespace gpurng::detail::cuda::mtgp {

namespace m = core::mtgp;

inline constexpr int kThreads = 256;       // jump kernel blocks (<= N - pos for every set)
inline constexpr int kMaxFillThreads = 512;

// Threads of a fill block: R / 2, each making two words per round (the two chains overlap, and the
// per-round bookkeeping is shared by two values).
inline unsigned fill_threads(std::uint32_t chunk) { return chunk / 2; }

// Where a block keeps the 16-entry recursion and tempering tables. Shared memory: 16 entries in 16
// distinct banks (32 for 64-bit words), so any pattern of indices is conflict-free. Kernel
// parameters (constant bank): threads of a warp that index different entries are serialised.
enum class Tables { shared, constant };

template <class W>
struct BlockParams {
  std::uint32_t n, pos, sh1, sh2;
  W mask;
  const W* tbl;
  const W* tmp;
};

// ----- jump kernel: dst = src jumped by x^J (or by a per-job polynomial) ------------------------

template <class W>
struct JumpArgs {
  const m::Params<W>* params;  // device array
  std::uint32_t params_stride;  // 0: one set for all slots; 1: one per slot
  std::uint32_t n;              // N
  const W* src;                 // state records (N + 1 words per slot)
  W* dst;
  std::uint64_t job_count;
  // job b -> slot base + (first + b) mod modulus; the source slot is that minus src_delta
  std::uint64_t base, first, modulus, src_delta;
  const std::uint32_t* poly;    // c(x) as 32-bit words
  std::uint32_t poly_words;
  std::uint32_t poly_stride;    // 0: one polynomial for all jobs; else per job
  W* scratch;                   // per block: mexp + N - 1 words
  std::uint64_t* pos_out;       // if non-null: pos_out[slot] = pos_value
  std::uint64_t pos_value;
};

template <class W>
__global__ void __launch_bounds__(kThreads) jump_kernel(const __grid_constant__ JumpArgs<W> a) {
  __shared__ W tbl[16];
  for (std::uint64_t job = blockIdx.x; job < a.job_count; job += gridDim.x) {
    const std::uint64_t slot = a.base + (a.first + job) % a.modulus;
    const m::Params<W>& p = a.params[a.params_stride * slot];
    const std::uint32_t n = a.n;
    const std::uint32_t len = p.mexp + n - 1;
    W* seq = a.scratch + std::uint64_t{blockIdx.x} * len;
    __syncthreads();  // the previous job's readers are done with seq and tbl
    if (threadIdx.x < 16) tbl[threadIdx.x] = p.tbl[threadIdx.x];
    const W* src = a.src + (slot - a.src_delta) * (n + 1) + 1;  // x_0 .. x_{N-1}
    for (std::uint32_t i = threadIdx.x; i < n; i += kThreads) seq[i] = src[i];
    __syncthreads();
    // The raw words x_N .. x_{len-1}, kThreads at a time (kThreads <= N - pos).
    for (std::uint32_t k = n; k < len; k += kThreads) {
      const std::uint32_t i = k + threadIdx.x;
      if (i < len) {
        const std::uint32_t o = i - n;
        seq[i] = m::recursion(seq[o], seq[o + 1], seq[o + p.pos], p.mask, p.sh1, p.sh2, tbl);
      }
      __syncthreads();
    }
    const std::uint32_t* c = a.poly + std::uint64_t{a.poly_stride} * job;
    W* dst = a.dst + slot * (n + 1);
    for (std::uint32_t j = threadIdx.x; j < n; j += kThreads) dst[1 + j] = m::jumped_word<W>(c, a.poly_words, seq, j);
    if (threadIdx.x == 0) {
      dst[0] = 0;  // x_{J-1} is not known after a jump, and never needed (mtgp_plan.hpp)
      if (a.pos_out != nullptr) a.pos_out[slot] = a.pos_value;
    }
  }
}

// ----- fill kernel --------------------------------------------------------------------------------

template <class W>
struct FillArgs {
  const m::Params<W>* params;
  std::uint32_t params_stride;
  m::Params<W> param0;          // params[0], by value (Tables::constant reads its tables from here)
  std::uint32_t n;
  std::uint32_t ring_mask;      // L - 1
  m::Layout layout;             // S and R (R a power of two >= the block size)
  std::uint32_t chunk_shift;    // log2 R
  std::uint64_t first, count;   // canonical elements [first, first + count)
  std::uint64_t s0, touched;    // touched streams s0, s0 + 1, ... (mod S)
  std::uint64_t companion_base; // pair: companion slot of stream s is companion_base + s
  const W* in;
  W* out;
  const std::uint64_t* pos_in;
  std::uint64_t* pos_out;
  std::uint32_t staged_offset;  // bytes of dynamic shared memory before the transform's staged words
};

// One ring: compute word x_{k+N} (and return the tempered output o_k).
template <class W>
__device__ __forceinline__ W step_word(W* ring, std::uint32_t mask, const BlockParams<W>& bp, std::uint32_t i,
                                       bool temper, W* tempered) {
  // i: the low 32 bits of the position k (ring indices need no more)
  const W fresh = m::recursion(ring[i & mask], ring[(i + 1) & mask], ring[(i + bp.pos) & mask], bp.mask, bp.sh1,
                               bp.sh2, bp.tbl);
  if (temper) *tempered = m::temper(fresh, ring[(i + bp.pos - 1) & mask], bp.tmp);
  ring[(i + bp.n) & mask] = fresh;
  return fresh;
}

// The same step in three parts, so that a thread can issue the loads of both its words before
// either store (the compiler cannot tell that a round's stores never hit its loads).
template <class W>
struct Inputs {
  W oldest, next, at_pos, temper_src;
};
template <class W>
__device__ __forceinline__ Inputs<W> load_inputs(const W* ring, std::uint32_t mask, const BlockParams<W>& bp,
                                                 std::uint32_t i) {
  return Inputs<W>{ring[i & mask], ring[(i + 1) & mask], ring[(i + bp.pos) & mask], ring[(i + bp.pos - 1) & mask]};
}
template <class W>
__device__ __forceinline__ W fresh_word(const Inputs<W>& in, const BlockParams<W>& bp) {
  return m::recursion(in.oldest, in.next, in.at_pos, bp.mask, bp.sh1, bp.sh2, bp.tbl);
}
template <class W>
__device__ __forceinline__ W tempered(W fresh, const Inputs<W>& in, const BlockParams<W>& bp) {
  return m::temper(fresh, in.temper_src, bp.tmp);
}

// Two words of one round (positions i0, i1), main ring and, for pairs, the companion ring: all
// loads, then the arithmetic, then the stores.
template <class E>
__device__ __forceinline__ void make_two(typename E::word_type* ring_a, typename E::word_type* ring_b,
                                         std::uint32_t mask, const BlockParams<typename E::word_type>& ba,
                                         const BlockParams<typename E::word_type>& bb, std::uint32_t i0,
                                         std::uint32_t i1, typename E::raw_type& r0, typename E::raw_type& r1) {
  using W = typename E::word_type;
  const Inputs<W> a0 = load_inputs(ring_a, mask, ba, i0), a1 = load_inputs(ring_a, mask, ba, i1);
  if constexpr (E::kPair) {
    const Inputs<W> b0 = load_inputs(ring_b, mask, bb, i0), b1 = load_inputs(ring_b, mask, bb, i1);
    const W fa0 = fresh_word(a0, ba), fa1 = fresh_word(a1, ba), fb0 = fresh_word(b0, bb), fb1 = fresh_word(b1, bb);
    ring_a[(i0 + ba.n) & mask] = fa0;
    ring_a[(i1 + ba.n) & mask] = fa1;
    ring_b[(i0 + bb.n) & mask] = fb0;
    ring_b[(i1 + bb.n) & mask] = fb1;
    r0 = typename E::raw_type{tempered(fa0, a0, ba), tempered(fb0, b0, bb)};
    r1 = typename E::raw_type{tempered(fa1, a1, ba), tempered(fb1, b1, bb)};
  } else {
    const W f0 = fresh_word(a0, ba), f1 = fresh_word(a1, ba);
    ring_a[(i0 + ba.n) & mask] = f0;
    ring_a[(i1 + ba.n) & mask] = f1;
    r0 = tempered(f0, a0, ba);
    r1 = tempered(f1, a1, ba);
  }
}

// Discarding steps: from position `from` (the ring holds x_from .. x_{from+N-1}) to `to`.
template <class W>
__device__ void advance(W* ring, std::uint32_t mask, const BlockParams<W>& bp, std::uint64_t from, std::uint64_t to,
                        std::uint32_t round) {
  for (std::uint64_t k0 = from; k0 < to; k0 += round) {
    for (std::uint32_t j = threadIdx.x; j < round; j += blockDim.x) {
      const std::uint64_t k = k0 + j;
      W unused;
      if (k < to) step_word(ring, mask, bp, static_cast<std::uint32_t>(k), false, &unused);
    }
    __syncthreads();
  }
}

template <class W>
__device__ void load_state(W* ring, std::uint32_t mask, const W* rec, std::uint32_t n, std::uint64_t p) {
  for (std::uint32_t i = threadIdx.x; i <= n; i += blockDim.x) ring[static_cast<std::uint32_t>(p - 1 + i) & mask] = rec[i];
}
template <class W>
__device__ void store_state(const W* ring, std::uint32_t mask, W* rec, std::uint32_t n, std::uint64_t p) {
  for (std::uint32_t i = threadIdx.x; i <= n; i += blockDim.x) rec[i] = ring[static_cast<std::uint32_t>(p - 1 + i) & mask];
}

template <class T>
__device__ __forceinline__ T shfl_from(T v, int src) {
  if constexpr (sizeof(T) == 8) {
    const std::uint64_t u = v;
    const unsigned lo = __shfl_sync(0xffffffffu, static_cast<unsigned>(u), src);
    const unsigned hi = __shfl_sync(0xffffffffu, static_cast<unsigned>(u >> 32), src);
    return static_cast<T>((static_cast<std::uint64_t>(hi) << 32) | lo);
  } else {
    return __shfl_sync(0xffffffffu, v, src);
  }
}

template <class E>
__device__ __forceinline__ typename E::raw_type shfl_raw(const typename E::raw_type& r, int src) {
  if constexpr (E::kPair) {
    return typename E::raw_type{shfl_from(r.a, src), shfl_from(r.b, src)};
  } else {
    return shfl_from(r, src);
  }
}

// The raw output at position k (low 32 bits i): from the main ring, and the companion's for pairs.
template <class E>
__device__ __forceinline__ typename E::raw_type make_raw(typename E::word_type* ring_a, typename E::word_type* ring_b,
                                                         std::uint32_t mask, const BlockParams<typename E::word_type>& ba,
                                                         const BlockParams<typename E::word_type>& bb, std::uint32_t i) {
  typename E::raw_type raw{};
  if constexpr (E::kPair) {
    step_word(ring_a, mask, ba, i, true, &raw.a);
    step_word(ring_b, mask, bb, i, true, &raw.b);
  } else {
    step_word(ring_a, mask, ba, i, true, &raw);
  }
  return raw;
}

// Box-Muller-style pairs from the 64 positions of a warp (lane l holds positions l and 32 + l of
// the warp's 64): lane l transforms pair l mod 16 of its half and writes both values to d[p],
// d[p + 1]. The general form writes only elements [lo, hi) of the round (warp base `base`) and
// only pairs below `live` positions of the warp.
// `staged`: the transform's words in shared memory (core::apply_group), or null.
template <class E, class Tr>
__device__ __forceinline__ void transform_pair(const Tr& tr, const double* staged, const typename E::raw_type& x1,
                                               const typename E::raw_type& x2, typename Tr::value_type* d,
                                               std::uint32_t lane, std::uint32_t live = 64, std::uint32_t lo = 0,
                                               std::uint32_t hi = 0xffffffffu, std::uint32_t base = 0) {
  using V = typename Tr::value_type;
  const bool upper = lane >= 16;
  const int src = static_cast<int>(2u * (lane & 15u));
  const typename E::raw_type a0 = shfl_raw<E>(x1, src), b0 = shfl_raw<E>(x2, src);
  const typename E::raw_type a1 = shfl_raw<E>(x1, src + 1), b1 = shfl_raw<E>(x2, src + 1);
  typename E::raw_type pair[2];
  pair[0] = upper ? b0 : a0;
  pair[1] = upper ? b1 : a1;
  const std::uint32_t p = (upper ? 32u : 0u) + static_cast<std::uint32_t>(src);  // within the warp's 64
  if (p < live) {
    V both[2];
    core::apply_group(tr, pair, both, staged);
    if (base + p >= lo && base + p < hi) d[p] = both[0];
    if (base + p + 1 >= lo && base + p + 1 < hi) d[p + 1] = both[1];
  }
}

// Dynamic shared memory: the ring(s), then the transform's staged words (a.staged_offset bytes in,
// core/produce.hpp: kStagesItself); static: the two tables per ring.
template <class E, class Tr, Tables kTables>
__global__ void __launch_bounds__(kMaxFillThreads) fill_kernel(const __grid_constant__ FillArgs<typename E::word_type> a, Tr tr,
                                                        typename Tr::value_type* __restrict__ out) {
  using W = typename E::word_type;
  using V = typename Tr::value_type;
  extern __shared__ __align__(16) unsigned char smem[];
  __shared__ W tables[2][32];  // [ring][tbl 0..15, tmp 16..31]
  W* ring_a = reinterpret_cast<W*>(smem);
  W* ring_b = ring_a + (a.ring_mask + 1);
  const std::uint32_t n = a.n, mask = a.ring_mask;
  const std::uint32_t R = a.layout.chunk;
  const std::uint64_t S = a.layout.streams;
  // Poisson's and binomial's sums, built once by the block (staged_words.cuh).
  double* const staged = kStagesItself<Tr> ? reinterpret_cast<double*>(smem + a.staged_offset) : nullptr;
  if constexpr (kStagesItself<Tr>) stage_in_block(tr, staged, static_cast<int>(blockDim.x));

  for (std::uint64_t job = blockIdx.x; job < a.touched; job += gridDim.x) {
    const std::uint64_t s = (a.s0 + job) % S;
    const std::uint64_t slot_b = a.companion_base + s;
    const m::Params<W>& pa = a.params[a.params_stride * s];
    const m::Params<W>& pb = a.params[a.params_stride * slot_b];
    __syncthreads();  // the previous job is done with the rings and tables
    if (threadIdx.x < 16) {
      tables[0][threadIdx.x] = pa.tbl[threadIdx.x];
      tables[0][16 + threadIdx.x] = pa.tmp_tbl[threadIdx.x];
      if constexpr (E::kPair) {
        tables[1][threadIdx.x] = pb.tbl[threadIdx.x];
        tables[1][16 + threadIdx.x] = pb.tmp_tbl[threadIdx.x];
      }
    }
    BlockParams<W> ba{n, pa.pos, pa.sh1, pa.sh2, pa.mask, tables[0], tables[0] + 16};
    BlockParams<W> bb{n, pb.pos, pb.sh1, pb.sh2, pb.mask, tables[1], tables[1] + 16};
    if constexpr (kTables == Tables::constant) {
      ba.tbl = a.param0.tbl;
      ba.tmp = a.param0.tmp_tbl;
      bb.tbl = a.param0.tbl;
      bb.tmp = a.param0.tmp_tbl;
    }
    const m::StreamRange r = m::stream_range(a.layout, a.first, a.count, s, Tr::arity);
    const std::uint64_t pos_a = a.pos_in[s];
    load_state(ring_a, mask, a.in + s * (n + 1), n, pos_a);
    std::uint64_t pos_b = 0;
    if constexpr (E::kPair) {
      pos_b = a.pos_in[slot_b];
      load_state(ring_b, mask, a.in + slot_b * (n + 1), n, pos_b);
    }
    __syncthreads();
    // To g0: one step back (the record keeps x_{p-1}) or forward, discarding.
    if (r.g0 >= pos_a) advance(ring_a, mask, ba, pos_a, r.g0, R);
    if constexpr (E::kPair) {
      if (r.g0 >= pos_b) advance(ring_b, mask, bb, pos_b, r.g0, R);
    }

    // Rounds within one chunk each, so that a round's values land contiguously. Whole chunks inside
    // [a, b) take the fast loop (no per-element checks, bookkeeping once per chunk); the first and
    // last, partial ones the general round with per-element offsets from the round start k0.
    const std::uint32_t sh = a.chunk_shift;
    const std::uint32_t T = blockDim.x;  // R / 2
    const std::uint64_t stride = S << sh;  // elements between consecutive chunks of one stream
    for (std::uint64_t k0 = r.g0; k0 < r.g1;) {
      V* dst = out + ((((k0 >> sh) * S + s) << sh) + (k0 & (R - 1)) - a.first);  // element of position k0
      const std::uint64_t whole_end = r.b & ~std::uint64_t{R - 1};  // full chunks end here
      if ((k0 & (R - 1)) == 0 && k0 >= r.a && k0 + R <= whole_end) {
        std::uint32_t kb = static_cast<std::uint32_t>(k0);
        const std::uint64_t chunks = (whole_end - k0) >> sh;
        for (std::uint64_t c = 0; c < chunks; ++c, kb += R, dst += stride) {
          if constexpr (Tr::arity == 1) {
            typename E::raw_type x0, x1;
            make_two<E>(ring_a, ring_b, mask, ba, bb, kb + threadIdx.x, kb + threadIdx.x + T, x0, x1);
            V v0, v1;
            tr(&x0, &v0);
            tr(&x1, &v1);
            dst[threadIdx.x] = v0;
            dst[threadIdx.x + T] = v1;
          } else {
            const std::uint32_t lane = threadIdx.x & 31u;
            const std::uint32_t base = (threadIdx.x >> 5) * 64u;
            typename E::raw_type x1, x2;
            make_two<E>(ring_a, ring_b, mask, ba, bb, kb + base + lane, kb + base + 32u + lane, x1, x2);
            transform_pair<E>(tr, staged, x1, x2, dst + base, lane);
          }
          __syncthreads();
        }
        k0 += chunks << sh;
        continue;
      }
      const std::uint64_t chunk_end = ((k0 >> sh) + 1) << sh;
      const std::uint64_t k1 = chunk_end < r.g1 ? chunk_end : r.g1;
      const std::uint32_t len = static_cast<std::uint32_t>(k1 - k0);
      const std::uint32_t lo = r.a > k0 ? static_cast<std::uint32_t>(r.a - k0) : 0u;  // write [lo, hi)
      const std::uint32_t hi = r.b < k1 ? static_cast<std::uint32_t>(r.b - k0) : len;
      const std::uint32_t kb = static_cast<std::uint32_t>(k0);
      if constexpr (Tr::arity == 1) {
        for (std::uint32_t i = threadIdx.x; i < len; i += T) {
          const typename E::raw_type raw = make_raw<E>(ring_a, ring_b, mask, ba, bb, kb + i);
          V v;
          tr(&raw, &v);
          if (i >= lo && i < hi) dst[i] = v;
        }
      } else {
        // Pairs (Box-Muller): warp w, lane l makes positions 64w + l and 64w + 32 + l of the
        // round; then lane l takes pair l mod 16 of the first (l < 16) or second half, so every
        // lane transforms exactly one pair.
        const std::uint32_t lane = threadIdx.x & 31u;
        const std::uint32_t base = (threadIdx.x >> 5) * 64u;
        const std::uint32_t i1 = base + lane, i2 = base + 32u + lane;
        typename E::raw_type x1{}, x2{};
        if (i1 < len) x1 = make_raw<E>(ring_a, ring_b, mask, ba, bb, kb + i1);
        if (i2 < len) x2 = make_raw<E>(ring_a, ring_b, mask, ba, bb, kb + i2);
        transform_pair<E>(tr, staged, x1, x2, dst + base, lane, len - (base < len ? base : len), lo, hi, base);
      }
      __syncthreads();
      k0 = k1;
    }

    // Leave the slot(s) at b: the ring still holds x_{b-1} .. (b >= g1 - 1).
    store_state(ring_a, mask, a.out + s * (n + 1), n, r.b);
    if (threadIdx.x == 0) a.pos_out[s] = r.b;
    if constexpr (E::kPair) {
      store_state(ring_b, mask, a.out + slot_b * (n + 1), n, r.b);
      if (threadIdx.x == 0) a.pos_out[slot_b] = r.b;
    }
  }
}

}  // namespace gpurng::detail::cuda::mtgp
