// MT19937 / MT19937-64 kernels: the reference sequence in canonical order.
//
// A call for positions [first, first + n) cuts them into segments of `per_block` positions, one per
// block. Block 0 starts from the window at `first`, which the device normally still holds from the
// previous call (the last block of every call writes the window at its end); block b > 0 starts from
// that window jumped by b * per_block (jump_kernel, with the polynomials x^(b*per_block) mod P(x)).
//
// Inside a block, the N-word window lives in a circular shared-memory buffer. T = N - M threads
// extend the sequence together: thread j computes words w = produced + j + T q (q < U), which need
// X[w-N], X[w-N+1] (written at least one barrier earlier) and X[w-N+M] = X[w-T], the thread's own
// previous word, kept in a register. U = floor((N-1)/T) words per thread fit between two barriers
// (2 for MT19937: 454 words; 1 for MT19937-64: 156 words). The buffer holds exactly 8 iterations,
// and the producer loop is unrolled by 8, so every shared-memory access of a producer is its own
// base address plus a constant: the loop is the recurrence, the loads and stores, and the barriers
// (about 27 instructions for 454 words; the masked addressing it replaces took twice that).
// Two generation kernels share that producer step. In gen_kernel, consumer threads temper, transform
// and store the words of earlier iterations in groups of G consecutive positions (16 bytes of
// output), each thread one aligned 16-byte vector: for transforms with more work per value. In
// direct_kernel (bits and uniforms) the producers store their own words. Every shared-memory
// exchange between threads is separated by a barrier: no warp-synchronous assumptions.
#pragma once

#include <cstdint>
#include <type_traits>

#include "cuda/fill_kernel.cuh"  // pack16
#include "cuda/staged_words.cuh"
#include "gpurng/core/dist/staged_inversion.hpp"  // the row modes
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/produce.hpp"
#include "gpurng/core/engines/mt19937.hpp"

namespace gpurng::detail::cuda::mtk {

namespace core_mt = core::mt19937;

inline constexpr int kThreads = 256;

template <class P>
struct Layout {
  using W = typename P::word;
  static constexpr int N = P::n;
  static constexpr int M = P::m;
  static constexpr int T = N - M;          // threads that extend the sequence
  static constexpr int U = (N - 1) / T;    // words per extending thread between barriers
  static constexpr int K = T * U;          // words per iteration: 454 (MT19937), 156 (MT19937-64)
  // window_kernel's circular buffer (words, a power of two).
  static constexpr int S = sizeof(W) == 4 ? 4096 : 2048;
  // gen_kernel's circular buffer: kCycle iterations fill it exactly, so that in an unrolled cycle
  // every shared-memory offset is a compile-time constant from the thread's own base.
  static constexpr int kCycle = 8;
  static constexpr int kGenS = kCycle * K;
  // Jump (jump_kernel): state b is sum_{i : g_b,i = 1} X[i .. i + N - 1], taken kBits coefficients
  // at a time from a table of the 2^kBits sums of kBits consecutive rows. A CTA covers kSlice
  // coefficients and kTile outputs (32 lanes, 8 bytes each) of every jump; its table is
  // kRows x kRowWords words of shared memory (160 KB for both engines).
  static constexpr int kBits = 6;
  static constexpr int kRows = 1 << kBits;
  static constexpr int kLaneWords = 8 / static_cast<int>(sizeof(W));
  static constexpr int kTile = 32 * kLaneWords;                        // 64 / 32 outputs
  static constexpr int kTiles = (N + kTile - 1) / kTile;               // 10
  static constexpr int kChunkGroup = 16;                               // 16 chunks = 96 bits = 3 words
  static constexpr int kSlice = sizeof(W) == 4 ? 576 : 288;            // coefficients per CTA
  static constexpr int kSlices = (core_mt::kDegree + kSlice - 1) / kSlice;  // 35 / 70
  static constexpr int kRowWords = kSlice + kTile;
  // The slice's polynomial words of kPolyBatch jumps at a time are staged after the table, so that a
  // warp reads its coefficients from shared memory, not at global-memory latency once per 96 bits.
  static constexpr int kSliceWords = kSlice / 32;
  static constexpr int kPolyBatch = 128;
  static constexpr int kTableBytes = kRows * kRowWords * static_cast<int>(sizeof(W));
  static constexpr int kJumpSmemBytes = kTableBytes + kPolyBatch * kSliceWords * 4;
  // The window a jump reads: X_q .. X_{q + kWindowWords - 1}.
  static constexpr int kWindowWords = kSlices * kSlice + kTiles * kTile + kBits;
  static_assert(kSlice % (kBits * kChunkGroup) == 0, "a slice is whole chunk groups");
  static_assert(kSlices * kSlice <= 32 * core_mt::kPolyWords, "polynomial words cover every slice");
  static_assert((kRowWords * sizeof(W)) % 8 == 0 && (kBits * sizeof(W)) % 8 == 0, "8-byte table loads");

  static_assert(T * U < N && T * (U + 1) >= N, "U words per thread between barriers");
};

// The window at the start of a call, passed by value when the device does not hold it.
template <class P>
struct WindowParam {
  typename P::word w[P::n];
};

// Extends the window `start` to X_q .. X_{q + kWindowWords - 1} in `window` (one block).
template <class P>
__global__ void __launch_bounds__(kThreads) window_kernel(WindowParam<P> start, typename P::word* __restrict__ window) {
  using L = Layout<P>;
  using W = typename P::word;
  __shared__ W buf[L::S];
  const int tid = static_cast<int>(threadIdx.x);
  for (int r = tid; r < L::N; r += kThreads) {
    buf[r] = start.w[r];
    window[r] = start.w[r];
  }
  W prev = tid < L::T ? start.w[L::M + tid] : W(0);
  __syncthreads();
  for (int produced = L::N; produced < L::kWindowWords; produced += L::T * L::U) {
    if (tid < L::T) {
#pragma unroll
      for (int q = 0; q < L::U; ++q) {
        const int w = produced + L::T * q + tid;
        const W x = core_mt::recur<P>(buf[(w - L::N) & (L::S - 1)], buf[(w - L::N + 1) & (L::S - 1)], prev);
        buf[w & (L::S - 1)] = x;
        prev = x;
        if (w < L::kWindowWords) window[w] = x;
      }
    }
    __syncthreads();
  }
}

// Index of the lowest set bit of g > 0 (a constant in the unrolled Gray-code loop below).
__host__ __device__ constexpr int lowest_set_bit(unsigned g) { return (g & 1u) != 0 ? 0 : 1 + lowest_set_bit(g >> 1); }

// Jumps t = 0 .. count-1: states[t + 1] ^= this CTA's part of sum_{i : g_i = 1} window[i .. i + N - 1],
// g = polys[t]. CTA x takes coefficient slice x / kTiles and output tile x % kTiles of every jump;
// its warps take the jumps in turn. states must be zero
// before the first CTA runs (the generation kernel zeroes what it reads).
//
// Why a table: the rows are windows of one sequence, so the sum of rows i .. i + 5 picked by a 6-bit
// chunk v of g is U_v[i + j] with U_v[m] = sum_{r : v_r = 1} X[m + r], one sequence per v, shared by
// every jump. A chunk then costs one 8-byte shared-memory load per lane instead of three XORs of
// registers with branches, and the kernel is small enough (128 threads, 32 registers) to run beside
// the generation kernel on every multiprocessor (the speculative jumps of mt19937.cu).
template <class P>
__global__ void __launch_bounds__(512, 4)
    jump_kernel(const typename P::word* __restrict__ window, const std::uint32_t* __restrict__ polys,
                typename P::word* __restrict__ states, unsigned count) {
  using L = Layout<P>;
  using W = typename P::word;
  extern __shared__ std::uint64_t table[];  // table[v][m] as W words, m < kRowWords
  const int slice = static_cast<int>(blockIdx.x) / L::kTiles;
  const int tile = static_cast<int>(blockIdx.x) % L::kTiles;
  const int base = slice * L::kSlice + tile * L::kTile;  // m = 0 is X[base]
  W* const rows = reinterpret_cast<W*>(table);
  for (int m = static_cast<int>(threadIdx.x); m < L::kRowWords; m += static_cast<int>(blockDim.x)) {
    W x[L::kBits];
#pragma unroll
    for (int r = 0; r < L::kBits; ++r) x[r] = window[base + m + r];
    W u = 0;
    rows[m] = 0;
#pragma unroll
    for (int g = 1; g < L::kRows; ++g) {  // Gray-code order: one XOR per entry
      u ^= x[lowest_set_bit(static_cast<unsigned>(g))];
      rows[(g ^ (g >> 1)) * L::kRowWords + m] = u;
    }
  }
  __syncthreads();

  constexpr int kRowU64 = L::kRowWords * static_cast<int>(sizeof(W)) / 8;
  constexpr int kChunkU64 = L::kBits * static_cast<int>(sizeof(W)) / 8;
  constexpr int kGroups = L::kSlice / (L::kBits * L::kChunkGroup);
  const int lane = static_cast<int>(threadIdx.x % 32);
  const unsigned warps = blockDim.x / 32;
  const std::uint64_t* const my = table + lane;
  const bool writes = tile * L::kTile + lane * L::kLaneWords < L::N;
  std::uint32_t* const staged = reinterpret_cast<std::uint32_t*>(table) + L::kTableBytes / 4;
  for (unsigned tb = 0; tb < count; tb += L::kPolyBatch) {
    const unsigned batch = count - tb < static_cast<unsigned>(L::kPolyBatch) ? count - tb : L::kPolyBatch;
    __syncthreads();  // the previous batch's words are read
    for (unsigned e = threadIdx.x; e < batch * L::kSliceWords; e += blockDim.x) {
      const unsigned t = tb + e / L::kSliceWords;
      staged[e] = polys[static_cast<std::size_t>(t) * core_mt::kPolyWords + slice * L::kSliceWords + e % L::kSliceWords];
    }
    __syncthreads();
    for (unsigned t = tb + threadIdx.x / 32; t < tb + batch; t += warps) {
      const std::uint32_t* cw = staged + (t - tb) * L::kSliceWords;
      std::uint64_t acc = 0;
#pragma unroll 2
      for (int g = 0; g < kGroups; ++g) {
        const std::uint32_t w0 = cw[3 * g], w1 = cw[3 * g + 1], w2 = cw[3 * g + 2];
        const std::uint64_t lo = w0 | (static_cast<std::uint64_t>(w1) << 32);
        const std::uint64_t hi = w1 | (static_cast<std::uint64_t>(w2) << 32);
        const std::uint64_t* const at = my + g * L::kChunkGroup * kChunkU64;
#pragma unroll
        for (int c = 0; c < L::kChunkGroup; ++c) {
          constexpr int kMask = L::kRows - 1;
          const int o = L::kBits * c;
          const unsigned v = static_cast<unsigned>(o + L::kBits <= 64 ? lo >> o : hi >> (o - 32)) & kMask;
          acc ^= at[v * kRowU64 + c * kChunkU64];
        }
      }
      if (writes) {
        auto* dst = reinterpret_cast<unsigned long long*>(states + static_cast<std::size_t>(t + 1) * L::N +
                                                          tile * L::kTile) + lane;
        atomicXor(dst, static_cast<unsigned long long>(acc));
      }
    }
  }
}

// Threads of a jump CTA: alone, 16 warps; beside the generation kernel, the 4 warps whose registers
// two generation blocks leave free (2 x 768 threads x 40 registers of 65,536).
inline constexpr unsigned kJumpThreadsAlone = 512;
inline constexpr unsigned kJumpThreadsBeside = 128;

// Lets jump_kernel<P> use its table (once per device; the shared memory is above the 48 KB default).
template <class P>
cudaError_t prepare_jump_kernel() {
  return cudaFuncSetAttribute(jump_kernel<P>, cudaFuncAttributeMaxDynamicSharedMemorySize, Layout<P>::kJumpSmemBytes);
}

// count jumps of window into states[1 .. count] with polynomials polys[0 .. count - 1].
template <class P>
void launch_jumps(const typename P::word* window, const std::uint32_t* polys, typename P::word* states, unsigned count,
                  unsigned threads, cudaStream_t stream) {
  using L = Layout<P>;
  jump_kernel<P><<<L::kSlices * L::kTiles, threads, L::kJumpSmemBytes, stream>>>(window, polys, states, count);
}

template <class W>
struct GenArgs {
  std::uint64_t n;          // positions in the call
  std::uint64_t per_block;  // positions per block (a multiple of 4)
  int phase;                // call-relative start of the first output group, in (-G, 0]
  int aligned;              // 16-byte stores are aligned at group starts
  const W* window;          // block 0's start window
  W* states;                // block b's start window at states + b*N (b > 0); zeroed after reading
  W* next_window;           // the last block writes the window at first + n here (null: it does not)
};

template <class P, int G>
struct alignas(G * sizeof(typename P::word)) WordGroup {
  typename P::word w[G];
};

// Named barriers of the generation kernel (0 is __syncthreads). Their ids are compile-time constants
// (the iteration loop is unrolled by kStages), so the kernel uses exactly these barriers.
inline constexpr int kStages = 4;             // iterations in flight; also the number of consumer groups
inline constexpr unsigned kBarProducers = 1;  // producers among themselves, once per iteration
inline constexpr unsigned kBarFull = 2;       // 2 .. 5: iteration i is written (producers arrive)
inline constexpr unsigned kBarEmpty = 6;      // 6 .. 9: iteration i is consumed (consumers arrive)

template <unsigned Id, unsigned Count>
__device__ __forceinline__ void named_sync() {
  asm volatile("bar.sync %0, %1;" ::"n"(Id), "n"(Count) : "memory");
}
template <unsigned Id, unsigned Count>
__device__ __forceinline__ void named_arrive() {
  asm volatile("bar.arrive %0, %1;" ::"n"(Id), "n"(Count) : "memory");
}

// Calls f(std::integral_constant<unsigned, st>) for st = i % kStages.
template <class F>
__device__ __forceinline__ void with_stage(unsigned i, F&& f) {
  switch (i % kStages) {
    case 0: f(std::integral_constant<unsigned, 0>{}); break;
    case 1: f(std::integral_constant<unsigned, 1>{}); break;
    case 2: f(std::integral_constant<unsigned, 2>{}); break;
    default: f(std::integral_constant<unsigned, 3>{}); break;
  }
}

// Calls f(std::integral_constant<int, j>) for j = i % kCycle (8).
template <class F>
__device__ __forceinline__ void with_cycle_stage(unsigned i, F&& f) {
  switch (i % 8) {
    case 0: f(std::integral_constant<int, 0>{}); break;
    case 1: f(std::integral_constant<int, 1>{}); break;
    case 2: f(std::integral_constant<int, 2>{}); break;
    case 3: f(std::integral_constant<int, 3>{}); break;
    case 4: f(std::integral_constant<int, 4>{}); break;
    case 5: f(std::integral_constant<int, 5>{}); break;
    case 6: f(std::integral_constant<int, 6>{}); break;
    default: f(std::integral_constant<int, 7>{}); break;
  }
}

// The producer step shared by gen_kernel and direct_kernel, in two halves so that a caller can put
// other work between the loads and their use. Iteration i = J (mod kCycle) makes, for producer tid,
// the U words w = N + i K + tid + T q (q < U), which need X[w - N], X[w - N + 1] (written before the
// last barrier) and X[w - T], the thread's previous word (prev). `my` is the thread's base slot
// buf + ts in a circular buffer of S = kCycle K words (ts = tid + sh, sh <= kMirror - 2), whose
// slots [S, S + kMirror) mirror [0, kMirror): every offset below is then a compile-time constant.
template <class P, int J>
__device__ __forceinline__ void load_words(const typename P::word* my, typename P::word (&x0)[Layout<P>::U],
                                           typename P::word (&x1)[Layout<P>::U]) {
  using L = Layout<P>;
#pragma unroll
  for (int q = 0; q < L::U; ++q) {
    x0[q] = my[J * L::K + L::T * q];
    x1[q] = my[J * L::K + L::T * q + 1];
  }
}

template <class P, int J, int S, int kMirror>
__device__ __forceinline__ void extend_words(typename P::word* my, int ts, typename P::word& prev,
                                             const typename P::word (&x0)[Layout<P>::U],
                                             const typename P::word (&x1)[Layout<P>::U],
                                             typename P::word (&x)[Layout<P>::U]) {
  using L = Layout<P>;
  using W = typename P::word;
  constexpr int T = L::T;
  static_assert(S == L::kCycle * L::K, "constant offsets need a buffer of whole cycles");
#pragma unroll
  for (int q = 0; q < L::U; ++q) {
    const W v = core_mt::recur<P>(x0[q], x1[q], prev);
    prev = v;
    x[q] = v;
    // Unwrapped slot ts + c; c < S after one subtraction, ts + c <= S + T + kMirror - 3.
    constexpr int c0 = L::N + J * L::K;
    const int c = (c0 + T * q) % S;
    if (c + T + kMirror <= S + 2) {  // never wraps (folded)
      my[c] = v;
      if (c < kMirror && ts + c < kMirror) my[c + S] = v;
    } else {
      const bool wraps = ts + c >= S;
      if (wraps) {
        my[c - S] = v;
        if (ts + c < S + kMirror) my[c] = v;  // the mirror copy
      } else {
        my[c] = v;
      }
    }
  }
}

// Thread counts of the generation kernel for engine P writing values of type V: whole warps of
// producers (T of them active), and kStages groups of consumers, group g taking iterations
// i = g (mod kStages), with enough threads for one output group each per iteration.
template <class P, class V>
struct GenShape {
  using L = Layout<P>;
  static constexpr int G = 16 / static_cast<int>(sizeof(V));
  static constexpr int kProducers = (L::T + 31) / 32 * 32;
  // Per group: one output group per thread and iteration, within a block of at most 768 threads
  // (beyond that, threads take two output groups, as for doubles). Two blocks share a multiprocessor
  // (the launch bound: 40 registers) and leave 4,096 registers, 128 threads at 32, for a jump CTA
  // beside them. (1024 threads at 32 registers for doubles, which spill a few, measured the same
  // within a few percent on the H100 but fill the register file.)
  static constexpr int kMaxThreads = 768;
  static constexpr int kWanted = ((L::K + G - 1) / G + 1 + 31) / 32 * 32;
  static constexpr int kRoom = (kMaxThreads - kProducers) / kStages / 32 * 32;
  static constexpr int kConsumers = kWanted < kRoom ? kWanted : kRoom;
  static constexpr int kThreads = kProducers + kStages * kConsumers;
  static constexpr int kStageThreads = kProducers + kConsumers;  // at a "full" or "empty" barrier
  static_assert(kThreads <= kMaxThreads, "one block");
};

// One block's segment. Producers (the first warps) extend the sequence in iterations of K words and
// meet at a producer barrier after each; then they arrive at the "full" barrier of that iteration's
// stage. The consumer group of that stage waits there, writes every output group whose words are
// complete, and arrives at the stage's "empty" barrier, which the producers wait on kStages
// iterations later before overwriting those slots. Each consumer group has kStages iterations' time
// for its work. Word r (relative to the start window) lives in slot (r + sh) mod S. Everything the
// loops use is in registers: the barriers' memory clobbers would otherwise make the compiler reload
// kernel parameters in every iteration.
// Mode: the row mode of a transform with kRowModes (Poisson, binomial: core/produce.hpp) this kernel
// runs, one kernel per mode (mt_generate picks the call's), so that the consumers hold one way's code
// and registers; -1: every transform else. The anchored mode's kernel asks for one block per SM, not
// two: at 40 registers its guided search and tails spilled 164 bytes, and with one block (80
// registers) an H100 made MT19937 Poisson at 1.35x the rate at lambda = 10 and 100, 1.2x at 1e4 and
// 1.13x at 5e4 (the table mode's rate was the same either way, so it keeps two).
template <class P, class Tr, int Mode = -1>
__global__ void __launch_bounds__(GenShape<P, typename Tr::value_type>::kThreads, Mode == core::dist::kModeAnchored ? 1 : 2)
    gen_kernel(GenArgs<typename P::word> a, Tr tr_param, typename Tr::value_type* __restrict__ out) {
  using L = Layout<P>;
  using W = typename P::word;
  using V = typename Tr::value_type;
  using Shape = GenShape<P, V>;
  constexpr int G = Shape::G;
  constexpr unsigned S = L::kGenS;
  constexpr unsigned K = L::K;
  constexpr unsigned kStage = Shape::kStageThreads;
  constexpr unsigned kProducers = Shape::kProducers;
  static_assert(G % Tr::arity == 0, "groups hold whole transform groups");
  static_assert(S >= kStages * K + K + L::N + G, "the buffer holds every word still needed");
  static_assert(S % G == 0 && L::kCycle % kStages == 0, "groups never wrap; stages repeat within a cycle");
  static_assert(L::kCycle == 8, "the producer loop and with_cycle_stage are unrolled by 8");
  // Slots [S, S + G + 1) mirror slots [0, G + 1): a producer's reads run up to G words past S.
  constexpr unsigned kMirror = G + 1;
  __shared__ __align__(32) W buf[S + kMirror];
  const unsigned tid = threadIdx.x;
  // A transform that stages itself (Poisson's and binomial's sums: core/produce.hpp, kStagesItself)
  // builds its words in the block's dynamic shared memory first (staged_words.cuh; mt_generate gives
  // the bytes).
  extern __shared__ __align__(16) unsigned char gen_dynamic_smem[];
  double* const staged = kStagesItself<Tr> ? reinterpret_cast<double*>(gen_dynamic_smem) : nullptr;
  if constexpr (kStagesItself<Tr>) stage_in_block<Mode>(tr_param, staged, Shape::kThreads);
  const std::uint64_t seg_begin = std::uint64_t{blockIdx.x} * a.per_block;
  const unsigned seg_len = static_cast<unsigned>(a.n - seg_begin < a.per_block ? a.n - seg_begin : a.per_block);
  W* const exp = blockIdx.x + 1 == gridDim.x ? a.next_window : nullptr;
  const unsigned lead = static_cast<unsigned>(-a.phase);  // positions before the segment in group 0
  const unsigned groups = (seg_len + lead + G - 1) / G;
  // Words needed: group k reads words G k - lead + N + e, e < G.
  unsigned need = G * groups - lead + L::N;
  if (exp != nullptr && need < seg_len + L::kWindowWords) need = seg_len + L::kWindowWords;
  const unsigned iters = (need - L::N + K - 1) / K;
  const unsigned sh = (G - (L::N - lead) % G) % G;  // makes group starts multiples of G

  const W* src = blockIdx.x == 0 ? a.window : a.states + std::size_t{blockIdx.x} * L::N;
  for (unsigned r = tid; r < static_cast<unsigned>(L::N); r += Shape::kThreads) {
    const W v = src[r];
    const unsigned slot = (r + sh) % S;
    buf[slot] = v;
    if (slot < kMirror) buf[slot + S] = v;
    if (blockIdx.x != 0) a.states[std::size_t{blockIdx.x} * L::N + r] = 0;  // ready for the next call's jumps
    if (exp != nullptr && r >= seg_len) exp[r - seg_len] = v;
  }
  __syncthreads();

  if (tid < kProducers) {
    constexpr int T = L::T;
    const bool active = tid < static_cast<unsigned>(T);
    // Iteration i makes words w = N + i K + tid + T q (q < U); with i = j (mod kCycle), w's slot is
    // (N + j K + T q + ts) mod S, ts = tid + sh, and X[w - N] is at j K + T q + ts (< S + G: mirror).
    const int ts = static_cast<int>(tid + sh);
    W* const my = buf + ts;
    W prev = active ? my[L::M] : W(0);  // X[w - T] for the thread's first word
    auto produce = [&](auto cycle_stage, unsigned it) {
      constexpr int j = decltype(cycle_stage)::value;
      constexpr unsigned st = j % kStages;
      if (it >= kStages) named_sync<kBarEmpty + st, kStage>();
      if (active) {
        W x0[L::U], x1[L::U], x[L::U];
        load_words<P, j>(my, x0, x1);
        extend_words<P, j, S, kMirror>(my, ts, prev, x0, x1, x);
      }
      named_sync<kBarProducers, kProducers>();
      named_arrive<kBarFull + st, kStage>();
    };
    unsigned it = 0;
    for (; it + L::kCycle <= iters; it += L::kCycle) {
      produce(std::integral_constant<int, 0>{}, it);
      produce(std::integral_constant<int, 1>{}, it + 1);
      produce(std::integral_constant<int, 2>{}, it + 2);
      produce(std::integral_constant<int, 3>{}, it + 3);
      produce(std::integral_constant<int, 4>{}, it + 4);
      produce(std::integral_constant<int, 5>{}, it + 5);
      produce(std::integral_constant<int, 6>{}, it + 6);
      produce(std::integral_constant<int, 7>{}, it + 7);
    }
    for (; it < iters; ++it) with_cycle_stage(it, [&](auto j) { produce(j, it); });
    // Match the consumers' arrivals at the "empty" barriers of the last kStages iterations.
    for (unsigned k = iters; k < iters + kStages; ++k) {
      if (k >= kStages) with_stage(k, [&](auto stage) { named_sync<kBarEmpty + decltype(stage)::value, kStage>(); });
    }
  } else {
    const unsigned group = (tid - kProducers) / Shape::kConsumers;
    const unsigned c = (tid - kProducers) % Shape::kConsumers;
    const Tr tr = tr_param;
    V* const dst = out + seg_begin;  // element e of group k goes to dst[G k - lead + e] inside the segment
    // Output groups whose words are all written after iteration i: G (k + 1) - lead <= K (i + 1),
    // i.e. iteration i completes groups [lo(i), lo(i + 1)) with lo(i) = floor((K i + lead) / G). A
    // consumer group sees i = group + kStages n, and kStages K is a multiple of G, so from one visit
    // to the next lo grows by kStages K / G and the number of groups stays the same: each thread
    // keeps its group index, buffer slot and output offset and moves them by constants.
    constexpr unsigned kVisitGroups = kStages * K / G;
    static_assert(kVisitGroups * G == kStages * K, "a visit's groups advance by a whole number");
    const unsigned lo0 = (K * group + lead) / G;
    const unsigned count = (K * (group + 1) + lead) / G - lo0;  // groups per visit, at most ceil(K / G)
    constexpr unsigned kMaxRounds = ((K + G - 1) / G + Shape::kConsumers - 1) / Shape::kConsumers;
    // Groups that are whole and inside the segment take the 16-byte store.
    const unsigned k_first = a.aligned != 0 ? (lead + G - 1) / G : ~0u;
    const unsigned k_last = (seg_len + lead) / G;
    unsigned k0 = lo0 + c;                         // this thread's first group at the current visit
    unsigned slot0 = (L::N + sh - lead + G * k0) % S;  // its words' slot
    auto consume = [&](auto stage, unsigned it) {
      constexpr unsigned st = decltype(stage)::value;
      named_sync<kBarFull + st, kStage>();
#pragma unroll
      for (unsigned m = 0; m < kMaxRounds; ++m) {
        if (c + m * Shape::kConsumers < count) {
          const unsigned k = k0 + m * Shape::kConsumers;
          unsigned slot = slot0 + m * Shape::kConsumers * G;
          if (slot >= S) slot -= S;
          const WordGroup<P, G> wg = *reinterpret_cast<const WordGroup<P, G>*>(buf + slot);
          W raw[G];
#pragma unroll
          for (int e = 0; e < G; ++e) raw[e] = P::temper(wg.w[e]);
          V v[G];
#pragma unroll(core::row_unroll<Tr>::value)
          for (int e = 0; e < G; e += Tr::arity) core::apply_group<Mode>(tr, raw + e, v + e, staged);
          const unsigned p = k * G;  // segment position of the group start, plus lead
          if (k >= k_first && k < k_last) {
            *reinterpret_cast<uint4*>(dst + (p - lead)) = pack16(v);
          } else {
#pragma unroll
            for (int e = 0; e < G; ++e) {
              if (p + e >= lead && p + e - lead < seg_len) dst[p + e - lead] = v[e];
            }
          }
        }
      }
      k0 += kVisitGroups;
      slot0 += kVisitGroups * G;
      if (slot0 >= S) slot0 -= S;
      if (exp != nullptr) {  // the last block also hands the window at its end to the next call
        const unsigned from = L::N + K * it, to = from + K;
        const unsigned wlo = from > seg_len ? from : seg_len;
        const unsigned whi = to < seg_len + L::kWindowWords ? to : seg_len + L::kWindowWords;
        for (unsigned w = wlo + c; w < whi; w += Shape::kConsumers) exp[w - seg_len] = buf[(w + sh) % S];
      }
      named_arrive<kBarEmpty + st, kStage>();
    };
    with_stage(group, [&](auto stage) {
      for (unsigned it = group; it < iters; it += kStages) consume(stage, it);
    });
  }
}


// Threads of direct_kernel: exactly the T producers (the last warp is partial), so that no thread
// needs an "am I a producer" branch.
template <class P>
inline constexpr int kDirectThreads = Layout<P>::T;

// Stores the thread's word v, X[w] with w's unwrapped slot ts + c (c = a constant, ts = tid), at
// slot (ts + c) mod S and, for slots below kMirror, at its mirror past S. Where the constant alone
// says the slot never wraps this is one store at a constant offset; else a select, not a branch.
template <class W, int S, int kMirror>
__device__ __forceinline__ void store_word(W* buf, int ts, int c, W v) {
  static_assert(kMirror >= 1, "a mirror slot");
  int slot = ts + c;
  if (slot >= S) slot -= S;
  buf[slot] = v;
  if (slot < kMirror) buf[slot + S] = v;
}

// One block's segment for transforms of one word per value (mt19937.cu uses it for bits and
// uniforms): the producers temper, transform and store their own words. A warp's 32 producers
// make 32 consecutive words, so each store instruction writes 32 consecutive values (128 or 256
// bytes), and no word goes through shared memory a second time: no consumer threads, no barriers
// but the producers' one per iteration of K words. Output position p of the segment is word N + p.
// The stores of iteration i are issued after the loads of iteration i + 1, so that they fill the
// loads' latency. The unrolled main loop stores without bounds checks (its iterations lie inside
// the segment and before the window at its end); the first and last iterations take the checked
// path. (A split barrier, an mbarrier that a thread arrives at after its shared-memory stores and
// waits on before its next loads, with the stores in between, measured 10% slower on the H200:
// its polling costs more than the hardware barrier.)
template <class P, class Tr>
__global__ void __launch_bounds__(kDirectThreads<P>, 4)
    direct_kernel(GenArgs<typename P::word> a, Tr tr_param, typename Tr::value_type* __restrict__ out) {
  using L = Layout<P>;
  using W = typename P::word;
  using V = typename Tr::value_type;
  constexpr int S = L::kGenS;
  constexpr int K = L::K;
  constexpr int T = L::T;
  constexpr int kThreads = kDirectThreads<P>;
  constexpr unsigned kCycle = L::kCycle;
  static_assert(Tr::arity == 1, "one word per value");
  static_assert(kCycle == 8, "the loop below is unrolled by 8");
  static_assert(S >= L::N + K, "the buffer holds every word still needed");
  // Slots [S, S + 1) mirror slot 0: the last read of a cycle is slot S.
  constexpr int kMirror = 1;
  __shared__ W buf[S + kMirror];
  const int tid = static_cast<int>(threadIdx.x);
  const std::uint64_t seg_begin = std::uint64_t{blockIdx.x} * a.per_block;
  const unsigned seg_len = static_cast<unsigned>(a.n - seg_begin < a.per_block ? a.n - seg_begin : a.per_block);
  W* const exp = blockIdx.x + 1 == gridDim.x ? a.next_window : nullptr;
  // Words needed: X_0 .. X_{N + seg_len - 1}, and for the last block the window at its end too.
  const unsigned need = exp != nullptr ? seg_len + L::kWindowWords : seg_len + L::N;
  const unsigned iters = (need - L::N + K - 1) / K;
  // Iterations i < fast store every word unchecked: positions below seg_len, none in the next window.
  const unsigned fast_end = exp != nullptr ? (seg_len > static_cast<unsigned>(L::N) ? seg_len - L::N : 0u) : seg_len;
  const unsigned fast = fast_end / K;

  const W* src = blockIdx.x == 0 ? a.window : a.states + std::size_t{blockIdx.x} * L::N;
  for (int r = tid; r < L::N; r += kThreads) {
    const W v = src[r];
    buf[r] = v;
    if (r < kMirror) buf[r + S] = v;
    if (blockIdx.x != 0) a.states[std::size_t{blockIdx.x} * L::N + r] = 0;  // ready for the next call's jumps
    if (exp != nullptr && static_cast<unsigned>(r) >= seg_len) exp[r - seg_len] = v;
  }
  __syncthreads();

  W* const my = buf + tid;
  W prev = my[L::M];  // X[w - T] for the thread's first word
  const Tr tr = tr_param;
  V* const dst = out + seg_begin + tid;
  auto value = [&](W x) {
    const W raw = P::temper(x);
    V v;
    tr(&raw, &v);
    return v;
  };
  // The words of iteration i, x[q] = X[N + i K + tid + T q], to positions i K + tid + T q, checked.
  auto emit_checked = [&](unsigned i, const W (&x)[L::U]) {
#pragma unroll
    for (int q = 0; q < L::U; ++q) {
      const unsigned p = i * K + static_cast<unsigned>(tid) + T * q;
      if (p < seg_len) dst[std::size_t{i} * K + T * q] = value(x[q]);
      // Word N + p belongs to the window at the segment's end from p = seg_len - N on.
      const unsigned e = p + L::N - seg_len;
      if (exp != nullptr && p + L::N >= seg_len && e < static_cast<unsigned>(L::kWindowWords)) exp[e] = x[q];
    }
  };
  W pending[L::U];
  // Iteration it (stage j = it mod kCycle): loads, then the previous iteration's stores (they fill
  // the loads' latency), then the recurrence and its shared-memory stores, then the barrier.
  auto produce = [&](auto cycle_stage, auto&& store_previous) {
    constexpr int j = decltype(cycle_stage)::value;
    W x0[L::U], x1[L::U];
    load_words<P, j>(my, x0, x1);
    store_previous();
#pragma unroll
    for (int q = 0; q < L::U; ++q) {
      const W v = core_mt::recur<P>(x0[q], x1[q], prev);
      prev = v;
      pending[q] = v;
      const int c = (L::N + j * K + T * q) % S;  // a constant once q is unrolled
      if (c + T <= S && c >= kMirror) {
        my[c] = v;  // never wraps, never mirrored: a constant offset (folded)
      } else {
        store_word<W, S, kMirror>(buf, tid, c, v);
      }
    }
    __syncthreads();
  };
  auto produce_checked = [&](auto cycle_stage, unsigned it) {
    produce(cycle_stage, [&] {
      if (it > 0) emit_checked(it - 1, pending);
    });
  };
  // Unchecked: iteration it of a cycle starting at `base` (d = dst + base K) stores iteration it - 1.
  auto produce_fast = [&](auto cycle_stage, V* d) {
    constexpr int j = decltype(cycle_stage)::value;
    produce(cycle_stage, [&] {
#pragma unroll
      for (int q = 0; q < L::U; ++q) d[(j - 1) * K + T * q] = value(pending[q]);
    });
  };
  unsigned it = 0;
  for (; it < kCycle && it < iters; ++it) with_cycle_stage(it, [&](auto j) { produce_checked(j, it); });
  // Whole cycles whose stored iterations it - 1 .. it + 6 are all below fast.
  for (; it + kCycle <= iters && it + kCycle - 1 <= fast; it += kCycle) {
    V* const d = dst + std::size_t{it} * K;
    produce_fast(std::integral_constant<int, 0>{}, d);
    produce_fast(std::integral_constant<int, 1>{}, d);
    produce_fast(std::integral_constant<int, 2>{}, d);
    produce_fast(std::integral_constant<int, 3>{}, d);
    produce_fast(std::integral_constant<int, 4>{}, d);
    produce_fast(std::integral_constant<int, 5>{}, d);
    produce_fast(std::integral_constant<int, 6>{}, d);
    produce_fast(std::integral_constant<int, 7>{}, d);
  }
  for (; it < iters; ++it) with_cycle_stage(it, [&](auto j) { produce_checked(j, it); });
  if (iters > 0) emit_checked(iters - 1, pending);
}

}  // namespace gpurng::detail::cuda::mtk
