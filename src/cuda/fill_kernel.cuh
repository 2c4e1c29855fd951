// The generic bulk-generation kernel for engines with a cheap skip-ahead (MRG32k3a and the like).
//
// Canonical order, coalesced: the range is cut into rows of 32 consecutive positions; each thread
// owns a contiguous run of rows_per_thread rows, skips a copy of the base state to its first row,
// and generates its rows one after another. A contiguous run per thread is what makes one skip
// per thread enough, but its rows lie far apart in memory, so each warp stages its 32 lanes' rows
// in shared memory and then writes them out row by row. Rows are placed (RowRange's phase) so that
// each one fills whole 128-byte lines of the output; then every lane stores 16 bytes and one warp
// store writes 4 rows of floats (2 of doubles). Only the warp shares its tile, so __syncwarp() is
// the only barrier. Ranges that do not line up (or the ragged first and last rows) take a scalar
// path with the same values.
//
// Values depend on positions only; the grid shape (cuda_blocks) and the row phase change nothing
// but speed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "cuda/check.cuh"
#include "cuda/grid.cuh"
#include "cuda/launch.hpp"
#include "cuda/launchers.cuh"
#include "gpurng/core/dist/bernoulli_geometric.hpp"
#include "gpurng/core/dist/half.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/dist/uniform_int.hpp"
#include "gpurng/core/engines/counter_engine.hpp"
#include "gpurng/core/produce.hpp"

namespace gpurng::detail::cuda {

inline constexpr int kFillBlockThreads = 128;
inline constexpr int kWarpsPerBlock = kFillBlockThreads / 32;
// The automatic grid. Each thread's skip costs about as much as a few rows, so a large call gives
// every thread at least kMinRowsPerThread rows. A small call would then run on few blocks (2^20
// floats: 32 of them), so the grid may grow to two blocks per multiprocessor as long as each thread
// keeps kFloorRowsPerThread rows: on an H100 that made 2^20 floats 1.2-2.6x and 2^22 1.3-4x faster
// for MRG32k3a, KISS99, PCG64 and the counter engines (scripts/exp/grid-probe.cu, 2026-11-26),
// while every thread's skip at 2 rows per thread at 2^24 was slower for MRG32k3a (311 against 378
// G/s), hence the floor only up to 2 blocks per SM.
inline constexpr std::uint64_t kMinRowsPerThread = 8;
inline constexpr std::uint64_t kFloorRowsPerThread = 2;
inline constexpr std::uint64_t kFloorBlocksPerSm = 2;
// At most 8 resident blocks per SM, even where the occupancy allows more. On an H100 (grid-probe,
// 2026-11-26) 10 per SM (1320 blocks, Philox4x32-10's bits kernel) made 2^28 values at 539-543 G/s
// against 670-680 with 4, 8 or 9 per SM, and MRG32k3a's and PCG64's uniforms 0.81-0.83x of their
// rate at 8 per SM; 6 per SM was slow too at 2^26 and 2^28, 8 was at or near the best for every
// engine and size measured (docs/PERFORMANCE.md, issue 22).
inline constexpr std::uint64_t kMaxBlocksPerSm = 8;

// Engines whose warps skip together (E::kWarpSkip, E::warp_skip: XORWOW, whose lone skip is slow):
// lane l of a warp starts at the warp's first position plus l * 32 * rows_per_thread, which the
// launch makes a power of two.
inline constexpr int kRowLog2 = 5;
static_assert(core::kRowLength == 1 << kRowLog2, "rows of 32 values");
template <class E, class = void>
struct WarpSkip : std::false_type {};
template <class E>
struct WarpSkip<E, std::void_t<decltype(E::kWarpSkip)>> : std::bool_constant<E::kWarpSkip> {};

// How a thread of the fill kernels reaches its start, k positions after its launch's base: the
// engine's skip, unless the engine's .cu file specialises this with something faster for such short
// distances (mrg32k3a.cu: its table of base-512 digits, at most three products instead of up to 22).
template <class E>
struct ThreadSkip {
  __device__ static void apply(typename E::state_type& st, std::uint64_t k) { E::skip(st, k); }
};

// Shared-memory layout of one warp's rows for values of type V: rows padded by one 16-byte vector,
// which keeps rows 16-byte aligned and makes both the row-wise 16-byte stores of the producing
// lanes and the line-wise 16-byte loads of the writing lanes conflict-free.
template <class V>
struct RowTile {
  static_assert(sizeof(V) == 2 || sizeof(V) == 4 || sizeof(V) == 8, "2-, 4- or 8-byte values");
  static constexpr int kVec = 16 / sizeof(V);              // values per 16-byte vector
  static constexpr int kLanesPerRow = 32 / kVec;           // lanes that store one row
  static constexpr int kRowsPerStore = 32 / kLanesPerRow;  // rows one warp store covers
  static constexpr int kStride = core::kRowLength + kVec;  // padded row length, in values
  static constexpr int kWords = 32 * kStride;              // values per warp tile
};

__device__ __forceinline__ unsigned bits32(float x) { return __float_as_uint(x); }
__device__ __forceinline__ unsigned bits32(unsigned x) { return x; }
__device__ __forceinline__ unsigned bits32(int x) { return static_cast<unsigned>(x); }
__device__ __forceinline__ unsigned pair16(std::uint16_t lo, std::uint16_t hi) {
  return static_cast<unsigned>(lo) | (static_cast<unsigned>(hi) << 16);
}

// 16 bytes of consecutive values, for one vector store.
template <class V>
__device__ __forceinline__ uint4 pack16(const V* v) {
  if constexpr (sizeof(V) == 2) {  // half-precision bit patterns
    return make_uint4(pair16(v[0], v[1]), pair16(v[2], v[3]), pair16(v[4], v[5]), pair16(v[6], v[7]));
  } else if constexpr (sizeof(V) == 4) {
    return make_uint4(bits32(v[0]), bits32(v[1]), bits32(v[2]), bits32(v[3]));
  } else if constexpr (std::is_floating_point_v<V>) {
    return make_uint4(static_cast<unsigned>(__double2loint(v[0])), static_cast<unsigned>(__double2hiint(v[0])),
                      static_cast<unsigned>(__double2loint(v[1])), static_cast<unsigned>(__double2hiint(v[1])));
  } else {  // 64-bit integers
    return make_uint4(static_cast<unsigned>(v[0]), static_cast<unsigned>(v[0] >> 32), static_cast<unsigned>(v[1]),
                      static_cast<unsigned>(v[1] >> 32));
  }
}

// Resident blocks per SM a transform asks the register allocator to leave room for: the whole-row
// samplers (core/produce.hpp: kWholeRow) call an out-of-line function whose registers count towards
// the kernel's, which took Poisson's table search from 64 registers (8 blocks of 128 per SM, the grid's
// cap) to 80 (6 blocks) and from 333 to 263 G values/s on an H100 (docs/PERFORMANCE.md).
template <class Tr>
constexpr int kFillMinBlocks = core::produce_detail::whole_row<Tr>::value ? static_cast<int>(kMaxBlocksPerSm) : 1;

// Mode: the transform's row mode this kernel runs (core/produce.hpp: kRowModes; -1 for row()).
template <class E, class Tr, int Mode = -1>
__global__ void __launch_bounds__(kFillBlockThreads, kFillMinBlocks<Tr>)
    fill_kernel(typename E::state_type base, core::RowRange range, std::uint64_t rows_per_thread, Tr tr,
                typename Tr::value_type* __restrict__ out, bool lines_aligned) {
  using V = typename Tr::value_type;
  using T = RowTile<V>;
  constexpr int L = core::kRowLength;
  __shared__ __align__(16) V tile[kWarpsPerBlock][T::kWords];
  // A transform's table, built by the block's threads in dynamic shared memory of the size the
  // transform asks for this call (core/produce.hpp: kStagesItself; tr.staged_bytes(), launch_fill),
  // before any thread leaves.
  constexpr bool kSelf = core::produce_detail::stages_itself<Tr>::value;
  extern __shared__ __align__(16) unsigned char fill_dynamic_smem[];
  double* const staged = kSelf ? reinterpret_cast<double*>(fill_dynamic_smem) : nullptr;
  if constexpr (kSelf) {
    for (int phase = 0; phase < Tr::kStagePhases; ++phase) {
      core::stage_words<Mode>(tr, staged, phase, static_cast<int>(threadIdx.x), kFillBlockThreads);
      __syncthreads();
    }
  }
  const unsigned lane = threadIdx.x & 31u;
  const unsigned warp = threadIdx.x >> 5;
  const std::uint64_t thread = std::uint64_t{blockIdx.x} * kFillBlockThreads + threadIdx.x;
  const std::uint64_t warp_thread0 = thread - lane;
  if (warp_thread0 * rows_per_thread >= range.row_count) return;  // the whole warp is idle

  const std::uint64_t my_row0 = thread * rows_per_thread;
  typename E::state_type st = base;
  if constexpr (WarpSkip<E>::value) {  // base: the stream's start; every lane takes part
    E::warp_skip(st, range.row_start(warp_thread0 * rows_per_thread), lane,
                 __ffsll(static_cast<long long>(rows_per_thread)) - 1 + kRowLog2);
  } else if (my_row0 < range.row_count) {  // base: at range.origin (launch_fill)
    ThreadSkip<E>::apply(st, my_row0 * core::kRowLength);
  }

  V* rows = tile[warp];
  const std::uint64_t stride = rows_per_thread;  // rows between lane i's and lane i+1's runs
  for (std::uint64_t k = 0; k < rows_per_thread; ++k) {
    const std::uint64_t first_row = warp_thread0 * rows_per_thread + k;  // lane 0's row this round
    if (first_row >= range.row_count) break;                            // rows grow with the lane
    if (my_row0 + k < range.row_count) {
      V vals[L];
      core::produce_row<E, Tr, Mode>(st, tr, vals, staged);
      uint4* dst = reinterpret_cast<uint4*>(rows + lane * T::kStride);
#pragma unroll
      for (int q = 0; q < L / T::kVec; ++q) dst[q] = pack16(vals + q * T::kVec);
    }
    __syncwarp();
    const std::uint64_t last_row = first_row + 31 * stride;
    if (lines_aligned && first_row > 0 && last_row + 1 < range.row_count) {
      // Interior: every row of this round is whole, inside the range and line-aligned.
      const unsigned sub = lane / T::kLanesPerRow;    // which row of a store
      const unsigned chunk = lane % T::kLanesPerRow;  // which 16 bytes of that row
      V* p = out + (range.row_start(first_row + sub * stride) - range.first) + chunk * T::kVec;
      const std::uint64_t step = T::kRowsPerStore * stride * L;
      const uint4* src = reinterpret_cast<const uint4*>(rows + sub * T::kStride) + chunk;
      constexpr int kSrcStep = T::kRowsPerStore * T::kStride / T::kVec;  // in uint4
#pragma unroll
      for (int j = 0; j < 32 / T::kRowsPerStore; ++j, p += step) {
        *reinterpret_cast<uint4*>(p) = src[j * kSrcStep];
      }
    } else {
      for (int i = 0; i < 32; ++i) {
        const std::uint64_t r = first_row + i * stride;
        if (r >= range.row_count) break;
        const core::RowRange::Slice sl = range.slice(r);
        if (lane >= sl.lo && lane < sl.hi) out[sl.index + (lane - sl.lo)] = rows[i * T::kStride + lane];
      }
    }
    __syncwarp();
  }
}

// Small calls (at most kSmallCallValues = 2^18 values, automatic grid; up to there it was as fast as or
// faster than the row kernel on any grid for the counter engines and for every normal, within 12 %
// of the row kernel's best forced grid for MRG32k3a's, PCG64's and KISS99's uniforms at 2^18, and
// ahead of its automatic grid: grid-probe, H100, 2026-11-26): one thread per group of kGroup
// consecutive positions, each skipping to its group and storing its values directly. The row
// kernel above gives each thread at least a row of 32 values and so runs a 10^4-value call on two
// blocks of mostly serial work: on an H100 (Nsight Compute, 2026-11-26, docs/PERFORMANCE.md) its
// kernel took 10.5 us for Philox4x32-10 and 16.8 us for MRG32k3a against cuRAND's 4.0 and 4.2 us on
// 512 and 320 blocks. A group is 16 bytes of floats (32 of doubles): one or two vector stores per
// thread, and a warp's stores are contiguous. Group starts are placed (`lead`) so that groups line
// up with the output's 16-byte vectors where the transform's pairs allow it; else scalar stores.
inline constexpr int kGroup = 4;
inline constexpr int kSmallBlockThreads = 128;
inline constexpr std::uint64_t kSmallCallValues = std::uint64_t{1} << 18;

// The transforms whose small calls take fill_small_kernel: cuRAND's set (bits, uniform, normal and
// log-normal in every form) and the exponential. A second kernel for every transform of the list made
// the engines' CUDA files 38 % slower to build (philox.cu 55 -> 76 s of CPU, its object 6.6 -> 10 MB)
// and CI's build longer; the other distributions' small calls keep the row kernel.
template <class Tr>
struct SmallCallKernel : std::false_type {};
template <class E>
struct SmallCallKernel<core::dist::Bits<E>> : std::true_type {};
template <class E, class T>
struct SmallCallKernel<core::dist::Uniform<E, T>> : std::true_type {};
template <class E, class T>
struct SmallCallKernel<core::dist::Normal<E, T>> : std::true_type {};
template <class E, class T>
struct SmallCallKernel<core::dist::NormalInverseCdf<E, T>> : std::true_type {};
template <class E, class T>
struct SmallCallKernel<core::dist::LogNormal<E, T>> : std::true_type {};
template <class E, class T>
struct SmallCallKernel<core::dist::LogNormalInverseCdf<E, T>> : std::true_type {};
template <class E, class T>
struct SmallCallKernel<core::dist::Exponential<E, T>> : std::true_type {};
template <class Tr, core::dist::HalfFormat F>  // half-precision values (cuda/half_fill.cuh)
struct SmallCallKernel<core::dist::ToHalf<Tr, F>> : SmallCallKernel<Tr> {};
// Bernoulli and 32-bit uniform integers, NumPy's, CuPy's and PyTorch's most used integer draws: each a
// few instructions per value, so the counter engines' direct fill takes them to the write ceiling as
// it does the uniforms (their row kernel wrote them at 0.8x the uniforms' rate; docs/PERFORMANCE.md).
// Their 4-byte types only: the direct fill serves no others.
template <class E>
struct SmallCallKernel<core::dist::Bernoulli<E, std::uint32_t>> : std::true_type {};
template <class E>
struct SmallCallKernel<core::dist::UniformIntKeyed<E, std::int32_t>> : std::true_type {};
template <class E>
struct SmallCallKernel<core::dist::UniformIntKeyed<E, std::uint32_t>> : std::true_type {};

// A group's kGroup consecutive values, 16-byte aligned for 4- and 8-byte values and 8-byte aligned for
// 2-byte ones (half precision), in vector stores: one of 8 bytes, one of 16 or two of 16. The stores
// are explicit: a plain uint4 assignment here became four 4-byte stores (nvcc 13, sm_90 PTX), each
// lane's 16 bytes then reaching the L2 as four partial writes, which held Philox4x32-10 bits at 2^28
// to 648 G/s against 780 with the vector store (H100, 2026-11-27).
template <class V>
__device__ __forceinline__ void store_group(V* dst, const V* vals) {
  static_assert(kGroup == 4, "a group is four values");
  if constexpr (sizeof(V) == 2) {
    __stwb(reinterpret_cast<uint2*>(dst), make_uint2(pair16(vals[0], vals[1]), pair16(vals[2], vals[3])));
  } else {
    constexpr int kVec = 16 / sizeof(V);
    uint4* q = reinterpret_cast<uint4*>(dst);
#pragma unroll
    for (int k = 0; k < kGroup / kVec; ++k) __stwb(q + k, pack16(vals + k * kVec));
  }
}

// The values of group g0 (positions first - lead + g0 .. + kGroup - 1 of the call, base at first -
// lead) into out, those of the call only.
template <class E, class Tr>
__device__ __forceinline__ void fill_group(const typename E::state_type& base, std::uint64_t g0, std::uint64_t lead,
                                           std::uint64_t n, const Tr& tr, typename Tr::value_type* __restrict__ out,
                                           bool aligned) {
  using V = typename Tr::value_type;
  static_assert(kGroup % Tr::arity == 0, "a group holds whole transform groups");
  typename E::state_type st = base;
  ThreadSkip<E>::apply(st, g0);
  V vals[kGroup];
  if constexpr (core::produce_detail::row_at_once<E>::value) {
    // Counter engines: the group's raw words from at most two blocks at once (one Philox or
    // Threefry body in the kernel, not one per value).
    typename E::raw_type raw[kGroup];
    E::template next_row<kGroup>(st, raw);
#pragma unroll
    for (int i = 0; i < kGroup; i += Tr::arity) tr(raw + i, vals + i);
  } else {
#pragma unroll
    for (int i = 0; i < kGroup; i += Tr::arity) {
      typename E::raw_type raw[Tr::arity];
#pragma unroll
      for (int j = 0; j < Tr::arity; ++j) raw[j] = E::next(st);
      tr(raw, vals + i);
    }
  }
  if (aligned && g0 >= lead && g0 + kGroup <= lead + n) {
    store_group(out + (g0 - lead), vals);
    return;
  }
#pragma unroll
  for (int j = 0; j < kGroup; ++j) {
    const std::uint64_t p = g0 + j;
    if (p >= lead && p < lead + n) out[p - lead] = vals[j];
  }
}

// The counter engines' scheme (core/engines/counter_engine.hpp), when E's state is a counter position
// and a group holds whole blocks; else void.
template <class State>
struct CounterSchemeOf {
  using type = void;
};
template <class S>
struct CounterSchemeOf<core::CounterPosition<S>> {
  using type = std::conditional_t<kGroup % S::kWords == 0, S, void>;
};
template <class E>
inline constexpr bool kGroupsOfBlocks = !std::is_void_v<typename CounterSchemeOf<typename E::state_type>::type>;

// A group that starts on a block of a counter engine and lies inside the call: its blocks straight
// from their indices (no position state, no shifting window: at 2^28 values an H100 is close to its
// instruction rate with Philox4x32-10's rounds alone, so every instruction around them shows), one
// 16-byte store.
template <class E, class Tr>
__device__ __forceinline__ void fill_group_of_blocks(const typename E::state_type& base, std::uint64_t g0, const Tr& tr,
                                                     typename Tr::value_type* __restrict__ dst) {
  using S = typename CounterSchemeOf<typename E::state_type>::type;
  using V = typename Tr::value_type;
  typename E::raw_type raw[kGroup];
  const std::uint64_t b0 = (base.pos + g0) / S::kWords;
#pragma unroll
  for (int b = 0; b < kGroup / S::kWords; ++b) {
    const typename S::Block blk = S::block(base.stream, b0 + b);
#pragma unroll
    for (int i = 0; i < S::kWords; ++i) raw[b * S::kWords + i] = blk.v[i];
  }
  V vals[kGroup];
#pragma unroll
  for (int i = 0; i < kGroup; i += Tr::arity) tr(raw + i, vals + i);
  store_group(dst, vals);
}

// Groups over a grid-stride loop: a small call's grid covers every group at once (one round); the
// direct calls of the counter engines (below) take a capped grid and loop. blocks_aligned: groups
// start on the output's 16-byte vectors and on the engine's blocks (counter engines).
template <class E, class Tr>
__global__ void __launch_bounds__(kSmallBlockThreads)
    fill_small_kernel(typename E::state_type base, std::uint64_t lead, std::uint64_t n, Tr tr,
                      typename Tr::value_type* __restrict__ out, bool aligned, bool blocks_aligned) {
  const std::uint64_t step = std::uint64_t{gridDim.x} * kSmallBlockThreads * kGroup;
  for (std::uint64_t g0 = (std::uint64_t{blockIdx.x} * kSmallBlockThreads + threadIdx.x) * kGroup; g0 < lead + n;
       g0 += step) {
    if constexpr (kGroupsOfBlocks<E>) {
      if (blocks_aligned && g0 >= lead && g0 + kGroup <= lead + n) {
        fill_group_of_blocks<E, Tr>(base, g0, tr, out + (g0 - lead));
        continue;
      }
    }
    fill_group<E, Tr>(base, g0, lead, n, tr, out, aligned);
  }
}

// Where fill_small_kernel's groups start: `lead` values before out[0], so that groups fall on the
// output's 16-byte vectors (out[k] with addr/sizeof(V) + k a multiple of kGroup); they must also
// start on the transform's pairs (positions multiple of its arity) and not before position 0.
struct GroupPlacement {
  std::uint64_t lead;
  bool aligned;
};
template <class Tr>
GroupPlacement place_groups(std::uint64_t first, const typename Tr::value_type* out) {
  using V = typename Tr::value_type;
  const std::uintptr_t addr = reinterpret_cast<std::uintptr_t>(out);
  GroupPlacement p{(addr / sizeof(V)) % kGroup, false};
  p.aligned = addr % sizeof(V) == 0 && p.lead <= first && (first - p.lead) % Tr::arity == 0;
  if (!p.aligned) p.lead = first % Tr::arity;
  return p;
}

// Whether the groups of a call also start on the engine's blocks (counter engines).
template <class E, class Tr>
bool groups_on_blocks(std::uint64_t first, const GroupPlacement& p) {
  if constexpr (kGroupsOfBlocks<E>) {
    return p.aligned && (first - p.lead) % CounterSchemeOf<typename E::state_type>::type::kWords == 0;
  } else {
    return false;
  }
}

// max_blocks: the grid's cap (0: one thread per group).
template <class E, class Tr>
void launch_fill_small(typename E::state_type start, std::uint64_t first, std::uint64_t n, const Tr& tr,
                       typename Tr::value_type* out, const ExecContext& ctx, std::uint64_t max_blocks = 0) {
  const GroupPlacement p = place_groups<Tr>(first, out);
  const bool blocks_aligned = groups_on_blocks<E, Tr>(first, p);
  E::skip(start, first - p.lead);
  const std::uint64_t groups = (p.lead + n + kGroup - 1) / kGroup;
  std::uint64_t blocks = (groups + kSmallBlockThreads - 1) / kSmallBlockThreads;
  if (max_blocks != 0) blocks = std::min(blocks, max_blocks);
  fill_small_kernel<E, Tr><<<static_cast<unsigned>(clamp_grid(blocks)), kSmallBlockThreads, 0, ctx.stream>>>(
      start, p.lead, n, tr, out, p.aligned, blocks_aligned);
  check(cudaGetLastError(), "fill kernel launch");
}

// Counter engines, 4-byte values, calls of any size whose groups line up with both the output's
// 16-byte vectors and the engine's blocks: fill_small_kernel on a grid of kDirectBlocksPerSm blocks
// per SM, each lane making whole blocks and storing them straight out (a warp's 512 bytes
// contiguous), instead of the row kernel's rows staged in shared memory. H100, Philox4x32-10 bits
// (scripts/exp/philox-direct-probe.cu, 2026-11-27): 2^28 values 671 -> 788 G/s (cuRAND 754, the
// write ceiling 776), 2^26 637 -> 730, 2^24 511 -> 579, 2^20 11.3 -> 7.5 us; 8 blocks of 128 per SM
// was the best or within 3 % of it at each size. 8-byte values take it only from the engines of 64-bit
// words (Philox4x64-10, Threefry4x64-20): a lane's two 16-byte stores 32 bytes apart halved
// Philox4x32-10's uniform doubles at 2^28 (387 -> 191 G/s: its row kernel is at the write ceiling),
// but the 64-bit engines' row kernels are far below it: on the direct fill their 8-byte values run at
// 1.12-1.90x (philox4x64-10 u64 at 2^28 195 -> 312 G/s, H100; docs/PERFORMANCE.md).
inline constexpr std::uint64_t kDirectBlocksPerSm = 8;
template <class E, class Tr>
struct DirectFill
    : std::bool_constant<kGroupsOfBlocks<E> && (sizeof(typename Tr::value_type) == 4 ||
                                                (sizeof(typename Tr::value_type) == 8 && sizeof(typename E::bits_type) == 8))> {};

template <class E, class Tr>
bool direct_fill_lines_up(std::uint64_t first, const typename Tr::value_type* out) {
  return groups_on_blocks<E, Tr>(first, place_groups<Tr>(first, out));
}

// Counter engines, any transform fill_small_kernel serves (half-precision values included, which the
// row kernel's tiles do not hold), any size and alignment: the direct fill's grid of kDirectBlocksPerSm
// blocks per SM for large calls, one thread per group for small ones, the user's cuda_blocks if set.
// Groups that do not line up with the engine's blocks skip to their position, which costs a counter
// engine one division.
template <class E, class Tr>
void launch_fill_groups(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Tr& tr,
                        typename Tr::value_type* out, const ExecContext& ctx) {
  static_assert(kGroupsOfBlocks<E>, "counter engines");
  if (n == 0) return;
  std::uint64_t max_blocks = ctx.cuda_blocks;
  if (max_blocks == 0 && n > kSmallCallValues) max_blocks = kDirectBlocksPerSm * sm_count(current_device());
  launch_fill_small<E, Tr>(base, first, n, tr, out, ctx, max_blocks);
}

// The fill kernel of row mode `mode` (0 .. Tr::kRowModes - 1; the last for any other).
template <class E, class Tr, int M = 0>
auto mode_fill_kernel(int mode) {
  if constexpr (M + 1 < core::produce_detail::row_modes<Tr>::value) {
    if (mode != M) return mode_fill_kernel<E, Tr, M + 1>(mode);
  }
  return fill_kernel<E, Tr, M>;
}

template <class E, class Tr>
void launch_fill(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Tr& tr,
                 typename Tr::value_type* out, const ExecContext& ctx) {
  if (n == 0) return;
  using V = typename Tr::value_type;
  if constexpr (!WarpSkip<E>::value && SmallCallKernel<Tr>::value) {  // XORWOW's skips are the warp's
    if (n <= kSmallCallValues && ctx.cuda_blocks == 0) return launch_fill_small<E, Tr>(base, first, n, tr, out, ctx);
    if constexpr (DirectFill<E, Tr>::value) {
      if (ctx.cuda_blocks == 0 && direct_fill_lines_up<E, Tr>(first, out)) {
        return launch_fill_small<E, Tr>(base, first, n, tr, out, ctx, kDirectBlocksPerSm * sm_count(current_device()));
      }
    }
  }
  // Row phase that puts row starts on 32-value boundaries of the output buffer (128 bytes for
  // floats, 256 for doubles), rounded down to a multiple of the transform's arity.
  const std::uintptr_t addr = reinterpret_cast<std::uintptr_t>(out);
  const std::uint64_t addr_elems = addr / sizeof(V);
  unsigned phase = static_cast<unsigned>((first - addr_elems) % core::kRowLength);
  phase -= phase % Tr::arity;
  const core::RowRange range = core::RowRange::make(first, n, phase);
  const bool lines_aligned = addr % sizeof(V) == 0 && (range.origin - first + addr_elems) % core::kRowLength == 0;

  std::size_t dynamic_smem = 0;
  if constexpr (core::produce_detail::stages_itself<Tr>::value) dynamic_smem = tr.staged_bytes();
  // The kernel of the transform's row mode (core/produce.hpp: kRowModes), or the one kernel.
  const auto kernel = [&] {
    if constexpr (core::produce_detail::row_modes<Tr>::value > 0) {
      return mode_fill_kernel<E, Tr>(tr.row_mode());
    } else {
      return fill_kernel<E, Tr>;
    }
  }();
  std::uint64_t blocks = ctx.cuda_blocks;
  if (blocks == 0) {
    // One full wave of resident blocks, fewer when the job is small (see kMinRowsPerThread).
    const int sms = sm_count(current_device());
    const std::uint64_t wave =
        std::min(wave_blocks(kernel, kFillBlockThreads, sms, dynamic_smem), kMaxBlocksPerSm * sms);
    auto blocks_for = [&](std::uint64_t rows_per_thread) {
      const std::uint64_t threads = (range.row_count + rows_per_thread - 1) / rows_per_thread;
      return (threads + kFillBlockThreads - 1) / kFillBlockThreads;
    };
    const std::uint64_t floor = std::min(blocks_for(kFloorRowsPerThread), kFloorBlocksPerSm * sms);
    blocks = std::min(wave, std::max(blocks_for(kMinRowsPerThread), floor));
  }
  blocks = clamp_grid(blocks);
  const std::uint64_t threads = blocks * kFillBlockThreads;
  std::uint64_t rows_per_thread = (range.row_count + threads - 1) / threads;
  // The kernel's threads skip from the call's first row, which the host reaches here once: a
  // thread's skip is then a chain as long as the bits of its own distance, not of the absolute
  // position (MRG32k3a, KISS99, PCG64: a 1000-value call waited 4-5 us longer than a 1-value one on
  // an H100, docs/PERFORMANCE.md). XORWOW's warps skip from the stream's start (its table is the
  // device's copy).
  typename E::state_type start = base;
  if constexpr (!WarpSkip<E>::value) E::skip(start, range.origin);
  if constexpr (WarpSkip<E>::value) {  // a power of two, and then only the blocks that have rows
    std::uint64_t pow2 = 1;
    while (pow2 < rows_per_thread) pow2 <<= 1;
    rows_per_thread = pow2;
    const std::uint64_t rows_per_block = rows_per_thread * kFillBlockThreads;
    blocks = range.row_count / rows_per_block + (range.row_count % rows_per_block != 0);
  }
  kernel<<<static_cast<unsigned>(blocks), kFillBlockThreads, dynamic_smem, ctx.stream>>>(start, range, rows_per_thread, tr, out,
                                                                                      lines_aligned);
  check(cudaGetLastError(), "fill kernel launch");
}

// An engine's .cu file explicitly instantiates FillLaunchers<E>, which instantiates launch_fill for
// every transform (launchers.cuh).
template <class E>
struct FillLaunchers {
  template <class Tr>
  static const void* address() {
    return reinterpret_cast<const void*>(&launch_fill<E, Tr>);
  }
  static const void* table(int i) { return launcher_table<FillLaunchers>(i, StandardTransforms<E>{}); }
};

}  // namespace gpurng::detail::cuda
