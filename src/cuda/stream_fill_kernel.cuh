// The bulk kernel of the many-stream engines (mwc, xorshift256, kiss): one thread per
// (lane, chunk) of the interleaved layout (core/stream_produce.hpp). A thread seeds its stream,
// applies the jump prepared on the host for its chunk's start (the same for every lane), and
// produces the chunk's values with the state in registers, writing out[u + k S]: the 32 lanes of a
// warp are 32 consecutive streams, so each warp store fills 128 contiguous bytes (for floats).
//
// Values depend on positions only: the number of chunks (chosen to fill the GPU, or to match an
// explicit cuda_blocks grid) and the grid (the kernel strides over items) change nothing but speed.
#pragma once

#include <algorithm>
#include <cstdint>

#include "cuda/check.cuh"
#include "cuda/grid.cuh"
#include "cuda/launchers.cuh"
#include "cuda/staged_words.cuh"
#include "cuda/stream_launch.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/produce.hpp"
#include "gpurng/core/stream_produce.hpp"

namespace gpurng::detail::cuda {

inline constexpr int kStreamBlockThreads = 256;

// Jumps travel as a kernel parameter (graph capture keeps them by value), so at most ~3.5 KiB.
template <class E>
inline constexpr std::uint64_t kMaxStreamChunks =
    std::min<std::uint64_t>(64, 3584 / sizeof(typename E::jump_type));

template <class E>
struct StreamJumps {
  typename E::jump_type at[kMaxStreamChunks<E>];
};

template <class E, class Tr>
__device__ __forceinline__ void stream_fill_items(std::uint64_t seed, const core::StreamRange& r, const core::ChunkPlan& plan,
                                                  const StreamJumps<E>& jumps, const Tr& tr,
                                                  typename Tr::value_type* __restrict__ out) {
  const std::uint64_t lanes = r.lanes();
  const std::uint64_t items = lanes * plan.chunks;
  const std::uint64_t stride = std::uint64_t{gridDim.x} * kStreamBlockThreads;
  for (std::uint64_t t = std::uint64_t{blockIdx.x} * kStreamBlockThreads + threadIdx.x; t < items; t += stride) {
    const std::uint64_t c = t / lanes;
    core::produce_lane_chunk<E>(seed, r, plan, t - c * lanes, c, jumps.at[c], tr, out);
  }
}

template <class E, class Tr>
__global__ void __launch_bounds__(kStreamBlockThreads)
    stream_fill_kernel(std::uint64_t seed, core::StreamRange r, core::ChunkPlan plan, StreamJumps<E> jumps, Tr tr,
                       typename Tr::value_type* __restrict__ out) {
  stream_fill_items<E>(seed, r, plan, jumps, tr, out);
}

// The kernel of a transform that stages itself (Poisson's and binomial's sums: core/produce.hpp): the
// block stages them in dynamic shared memory (tr.staged_bytes(), launch below), read through
// core::StagedTransform, which points at the parameter itself (__grid_constant__: no copy).
template <class E, class Tr>
__global__ void __launch_bounds__(kStreamBlockThreads)
    stream_fill_staged_kernel(std::uint64_t seed, core::StreamRange r, core::ChunkPlan plan, StreamJumps<E> jumps,
                              const __grid_constant__ Tr tr, typename Tr::value_type* __restrict__ out) {
  extern __shared__ __align__(16) unsigned char stream_dynamic_smem[];
  double* const staged = reinterpret_cast<double*>(stream_dynamic_smem);
  stage_in_block(tr, staged, kStreamBlockThreads);
  stream_fill_items<E>(seed, r, plan, jumps, core::StagedTransform<Tr>{&tr, staged}, out);
}

template <class E, class Tr>
void launch_stream_fill(std::uint64_t seed, const core::StreamRange& r, const Tr& tr, typename Tr::value_type* out,
                        const ExecContext& ctx, core::ChunkJumpMemo<typename E::jump_type>& memo) {
  if (r.n == 0) return;
  const auto kernel = [] {
    if constexpr (kStagesItself<Tr>) {
      return &stream_fill_staged_kernel<E, Tr>;
    } else {
      return &stream_fill_kernel<E, Tr>;
    }
  }();
  const std::size_t dynamic_smem = staged_bytes_of(tr);
  const std::uint64_t wave_threads =
      wave_blocks(kernel, kStreamBlockThreads, sm_count(current_device()), dynamic_smem) * kStreamBlockThreads;
  // As many (lane, chunk) items as one wave of resident threads holds, rounded down so that the last
  // wave is not a small tail (all chunks are equally long, so a full wave ends together), but
  // chunks long enough that the skip at each chunk's start stays small beside its values.
  // With an explicit grid (cuda_blocks), about one item per thread of it instead, whatever the
  // chunks' length: bench_perthread sweeps cuda_blocks to measure the trade (more chunks: more
  // threads in flight; fewer: fewer jumps, each a compute-only phase before a thread's first store).
  const std::uint64_t lanes = r.lanes();
  const std::uint64_t longest = r.count(0);
  std::uint64_t chunks = 1;
  if (ctx.cuda_blocks != 0) {
    chunks = std::max<std::uint64_t>(1, std::uint64_t{ctx.cuda_blocks} * kStreamBlockThreads / lanes);
  } else {
    chunks = std::max<std::uint64_t>(1, wave_threads / lanes);
    chunks = std::min(chunks, std::max<std::uint64_t>(1, longest / E::kMinValuesPerChunk));
  }
  chunks = std::min(chunks, kMaxStreamChunks<E>);
  const core::ChunkPlan plan = core::ChunkPlan::make(r, chunks);
  StreamJumps<E> jumps{};
  core::make_chunk_jumps<E>(plan, jumps.at, &memo);

  const std::uint64_t items = lanes * plan.chunks;
  const std::uint64_t blocks =
      clamp_grid(ctx.cuda_blocks != 0 ? ctx.cuda_blocks : (items + kStreamBlockThreads - 1) / kStreamBlockThreads);
  kernel<<<static_cast<unsigned>(blocks), kStreamBlockThreads, dynamic_smem, ctx.stream>>>(seed, r, plan, jumps, tr, out);
  check(cudaGetLastError(), "stream fill kernel launch");
}

// An engine's instantiation: refers to the launcher of every transform (launchers.cuh).
template <class E>
struct StreamFillLaunchers {
  template <class Tr>
  static const void* address() {
    return reinterpret_cast<const void*>(&launch_stream_fill<E, Tr>);
  }
  static const void* table(int i) { return launcher_table<StreamFillLaunchers>(i, StandardTransforms<E>{}); }
};

}  // namespace gpurng::detail::cuda
