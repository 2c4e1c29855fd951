// The generic bulk-generation kernel for engines with a cheap skip-ahead (MRG32k3a and the like).
//
// Canonical order, coalesced: the range is cut into rows of 32 consecutive positions; each thread
// owns a contiguous run of rows_per_thread rows, skips a copy of the base state to its first row,
// and generates its rows one after another. A contiguous run per thread is what makes one skip
// per thread enough, but its rows lie far apart in memory, so each warp stages its 32 lanes' rows
// in shared memory and then writes them row by row: one 128-byte (or 256-byte) coalesced store per
// row. Only the warp shares the tile, so __syncwarp() is the only barrier.
//
// Values depend on positions only; the grid shape (cuda_blocks) changes nothing but speed.
#pragma once

#include <algorithm>

#include "cuda/check.cuh"
#include "cuda/launch.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/produce.hpp"

namespace gpurng::detail::cuda {

inline constexpr int kFillBlockThreads = 128;
inline constexpr int kWarpsPerBlock = kFillBlockThreads / 32;
// Each thread's skip costs about as much as a few rows; below this, use fewer threads instead.
inline constexpr std::uint64_t kMinRowsPerThread = 8;

template <class E, class Tr>
__global__ void __launch_bounds__(kFillBlockThreads)
    fill_kernel(typename E::state_type base, core::RowRange range, std::uint64_t rows_per_thread, Tr tr,
                typename Tr::value_type* __restrict__ out) {
  using V = typename Tr::value_type;
  constexpr int L = core::kRowLength;
  __shared__ V tile[kWarpsPerBlock][32][L + 1];  // +1: row-wise writes and column-wise reads are conflict-free
  const unsigned lane = threadIdx.x & 31u;
  const unsigned warp = threadIdx.x >> 5;
  const std::uint64_t thread = std::uint64_t{blockIdx.x} * kFillBlockThreads + threadIdx.x;
  const std::uint64_t warp_thread0 = thread - lane;
  if (warp_thread0 * rows_per_thread >= range.row_count) return;  // the whole warp is idle

  const std::uint64_t my_row0 = thread * rows_per_thread;
  typename E::state_type st = base;
  if (my_row0 < range.row_count) E::skip(st, range.row_start(my_row0));

  V(&rows)[32][L + 1] = tile[warp];
  const std::uint64_t stride = rows_per_thread;  // rows between lane i's and lane i+1's runs
  for (std::uint64_t k = 0; k < rows_per_thread; ++k) {
    const std::uint64_t first_row = warp_thread0 * rows_per_thread + k;  // lane 0's row this round
    if (first_row >= range.row_count) break;                            // rows grow with the lane
    if (my_row0 + k < range.row_count) core::produce_row<E>(st, tr, &rows[lane][0]);
    __syncwarp();
    const std::uint64_t last_row = first_row + 31 * stride;
    if (first_row > 0 && last_row + 1 < range.row_count) {
      // Interior: every row of this round is whole and inside the range.
      V* p = out + (range.row_start(first_row) - range.first) + lane;
      const std::uint64_t step = stride * L;
#pragma unroll 8
      for (int i = 0; i < 32; ++i, p += step) *p = rows[i][lane];
    } else {
      for (int i = 0; i < 32; ++i) {
        const std::uint64_t r = first_row + i * stride;
        if (r >= range.row_count) break;
        const core::RowRange::Slice sl = range.slice(r);
        if (lane >= sl.lo && lane < sl.hi) out[sl.index + (lane - sl.lo)] = rows[i][lane];
      }
    }
    __syncwarp();
  }
}

template <class E, class Tr>
void launch_fill(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Tr& tr,
                 typename Tr::value_type* out, const ExecContext& ctx) {
  if (n == 0) return;
  const core::RowRange range = core::RowRange::make(first, n);
  std::uint64_t blocks = ctx.cuda_blocks;
  if (blocks == 0) {
    // One full wave of resident blocks, fewer when the job is small.
    int device = 0, sms = 0, per_sm = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fill_kernel<E, Tr>, kFillBlockThreads, 0),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    const std::uint64_t wave = std::uint64_t(sms) * std::uint64_t(std::max(per_sm, 1));
    const std::uint64_t threads_wanted = (range.row_count + kMinRowsPerThread - 1) / kMinRowsPerThread;
    blocks = std::min(wave, (threads_wanted + kFillBlockThreads - 1) / kFillBlockThreads);
  }
  blocks = std::max<std::uint64_t>(1, std::min<std::uint64_t>(blocks, 0x7fffffffu));
  const std::uint64_t threads = blocks * kFillBlockThreads;
  const std::uint64_t rows_per_thread = (range.row_count + threads - 1) / threads;
  fill_kernel<E, Tr><<<static_cast<unsigned>(blocks), kFillBlockThreads, 0, ctx.stream>>>(base, range,
                                                                                          rows_per_thread, tr, out);
  check(cudaGetLastError(), "fill kernel launch");
}

// An engine's .cu file explicitly instantiates FillLaunchers<E>. Its table() refers to the launcher
// of every transform, which forces their instantiation and keeps them from being discarded as
// unused (they are called from plain C++ code in another object file).
template <class E>
struct FillLaunchers {
  static const void* table(int i) {
    using namespace core::dist;
    static const void* const launchers[] = {
        reinterpret_cast<const void*>(&launch_fill<E, Bits<E>>),
        reinterpret_cast<const void*>(&launch_fill<E, Uniform<E, float>>),
        reinterpret_cast<const void*>(&launch_fill<E, Uniform<E, double>>),
        reinterpret_cast<const void*>(&launch_fill<E, Normal<E, float>>),
        reinterpret_cast<const void*>(&launch_fill<E, Normal<E, double>>),
        reinterpret_cast<const void*>(&launch_fill<E, Exponential<E, float>>),
        reinterpret_cast<const void*>(&launch_fill<E, Exponential<E, double>>),
        reinterpret_cast<const void*>(&launch_fill<E, LogNormal<E, float>>),
        reinterpret_cast<const void*>(&launch_fill<E, LogNormal<E, double>>),
    };
    return launchers[i];
  }
};

}  // namespace gpurng::detail::cuda
