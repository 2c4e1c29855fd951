// How a row of 32 values searches staged sums on the GPU (issue 23): the table of Poisson lambda = 4
// (64 sums) by the binary search of six steps (A), by its guide with a data-dependent bisection per
// value (B), by the guide with two bisection steps as selects and a rare loop after (C), C in
// chunks of 8 values whose rare loops wait for the chunk (D), and the transform's three modes in one kernel (E); for the
// anchored inversion, E against its guided mode alone (F), a bisection of all its sums (G), and F with
// the tails made after the row from the row's start state (H: no call inside the row's loop). Rows of 32 values through a kernel of the
// fill kernel's shape (128 threads, 8 blocks per SM, 64 registers); kernel time by CUDA events,
// median of 15 calls of N values into device memory; every variant's values compared with A's.
// An experiment, not a test:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude scripts/exp/guide-search-probe.cu -lcurand -o probe
//   ./probe [N]
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "gpurng/core/dist/poisson.hpp"
#include "gpurng/core/engines/philox.hpp"
#include "../../bench/gpu_timing.cuh"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
using E = core::philox::Traits4x32_10;

namespace {

constexpr int kLog2 = 10;  // 1024 buckets for the 64 sums

__device__ __forceinline__ int guide_bucket(double u) {
  const double x = u * (1 << kLog2);
  return x >= 0.0 ? (x < (1 << kLog2) ? static_cast<int>(x) : (1 << kLog2) - 1) : 0;
}
// Two bisection steps as selects over [lo, hi]; true if the range is still open.
__device__ __forceinline__ bool two_steps(const double* d, double u, int& lo, int& hi) {
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    const int mid = (lo + hi) >> 1;
    const bool below = d[mid] < u;
    const bool open = lo < hi;
    lo = open && below ? mid + 1 : lo;
    hi = open && !below ? mid : hi;
  }
  return lo < hi;
}
__device__ __noinline__ int finish_search(const double* d, double u, int lo, int hi) {
  while (lo < hi) {
    const int mid = (lo + hi) >> 1;
    if (d[mid] < u) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// Variant G's tail value i of a row from the row's starting state (made again: tails are rare).
__device__ __noinline__ double tail_again(dist::PoissonLaw law, dist::AnchorScalars s, E::state_type st, int i, bool upper) {
  E::skip(st, static_cast<std::uint64_t>(i & ~1));
  const std::uint32_t r0 = E::next(st), r1 = E::next(st);
  const double u = dist::uniform_of<E, double>(i & 1 ? r1 : r0);
  return dist::anchored_tail(law, s, r0, r1, u, static_cast<unsigned>(i & 1), upper);
}

template <int V>
__global__ void __launch_bounds__(128, 8) rows_kernel(E::state_type base, std::uint64_t rows, dist::Poisson<E> tr,
                                                      std::uint32_t* out) {
  extern __shared__ double staged[];
  for (int phase = 0; phase < dist::Poisson<E>::kStagePhases; ++phase) {
    tr.stage(staged, phase, threadIdx.x, 128);
    __syncthreads();
  }
  // The table's guide (variants B-D), after its 64 sums.
  std::uint32_t* guide = reinterpret_cast<std::uint32_t*>(staged + 64);
  if (V >= 1 && V <= 3) {
    dist::guide_build(staged, 64, kLog2, guide, threadIdx.x, 128);
    __syncthreads();
  }
  const std::uint64_t threads = std::uint64_t{gridDim.x} * 128;
  for (std::uint64_t r = std::uint64_t{blockIdx.x} * 128 + threadIdx.x; r < rows; r += threads) {
    E::state_type st = base;
    E::skip(st, r * 32);
    const E::state_type st0 = st;
    std::uint32_t raw[32];
    E::next_row(st, raw);
    std::uint32_t v[32];
    if (V == 0) {
#pragma unroll
      for (int i = 0; i < 32; ++i) v[i] = dist::InversionTable::search(staged, dist::uniform_of<E, double>(raw[i]));
    } else if (V == 1) {
#pragma unroll
      for (int i = 0; i < 32; ++i) v[i] = dist::guided_search(staged, guide, kLog2, dist::uniform_of<E, double>(raw[i]));
    } else if (V == 2) {
#pragma unroll
      for (int i = 0; i < 32; ++i) {
        const double u = dist::uniform_of<E, double>(raw[i]);
        const std::uint32_t g = guide[guide_bucket(u)];
        int lo = g & 0xffff, hi = g >> 16;
        if (two_steps(staged, u, lo, hi)) lo = finish_search(staged, u, lo, hi);
        v[i] = lo;
      }
    } else if (V == 4) {
      tr.row(raw, v, staged);
    } else if (V == 5) {  // the anchored rows alone: the guide (the library's mode kernel)
      dist::staged_anchored_row<E>(tr.law(), tr.params.anchor, raw, v, staged, [](double k) { return std::uint32_t(k); },
                                  [](std::uint32_t k) { return k; }, st0);
    } else if (V == 7) {  // the anchored rows alone: the guide, the tails after the row from its start state
      const int n = tr.staged_sums();
      const dist::AnchorScalars& a = tr.params.anchor;
      std::uint32_t tails = 0, upper = 0;
#pragma unroll
      for (int i = 0; i < 32; ++i) {
        const double k = dist::staged_anchored_middle<E>(a, raw[i], staged, n);  // the staged search of its day
        tails |= static_cast<std::uint32_t>(k < 0.0) << i;
        upper |= static_cast<std::uint32_t>(k < -1.5) << i;
        v[i] = k < 0.0 ? 0u : static_cast<std::uint32_t>(k);
      }
      while (tails != 0) {
        const int i = __ffs(static_cast<int>(tails)) - 1;
        tails &= tails - 1;
        const std::uint32_t value = static_cast<std::uint32_t>(tail_again(tr.law(), a, st0, i, (upper >> i) & 1u));
#pragma unroll
        for (int j = 0; j < 32; ++j) v[j] = j == i ? value : v[j];
      }
    } else if (V == 6) {  // the anchored rows alone: one uniform-length bisection of the whole dense table
      const int n = tr.staged_sums();
      const dist::AnchorScalars& a = tr.params.anchor;
      dist::anchored_row<E>(
          tr.law(), a, raw, v,
          [&](double u) {
            if (!(u <= staged[n - 1])) return -2.0;
            int lo = 0, len = n;
            while (len > 1) {
              const int half = len >> 1;
              lo = staged[lo + half - 1] < u ? lo + half : lo;
              len -= half;
            }
            if (lo == 0) return a.a0 == 0.0 ? 0.0 : -1.0;
            return a.a0 + lo;
          },
          [](double k) { return std::uint32_t(k); });
    } else {
#pragma unroll
      for (int c = 0; c < 32; c += 8) {
        int lo[8], hi[8];
        bool open = false;
#pragma unroll
        for (int i = 0; i < 8; ++i) {
          const double u = dist::uniform_of<E, double>(raw[c + i]);
          const std::uint32_t g = guide[guide_bucket(u)];
          lo[i] = g & 0xffff;
          hi[i] = g >> 16;
          open |= two_steps(staged, u, lo[i], hi[i]);
        }
        if (open) {
#pragma unroll
          for (int i = 0; i < 8; ++i) {
            if (lo[i] < hi[i]) lo[i] = finish_search(staged, dist::uniform_of<E, double>(raw[c + i]), lo[i], hi[i]);
          }
        }
#pragma unroll
        for (int i = 0; i < 8; ++i) v[c + i] = lo[i];
      }
    }
#pragma unroll
    for (int i = 0; i < 32; ++i) out[i * rows + r] = v[i];  // coalesced
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : std::size_t{1} << 26;
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  std::uint32_t *a = nullptr, *b = nullptr;
  gpurng::bench::cuda_check(cudaMalloc(&a, n * 4), "malloc");
  gpurng::bench::cuda_check(cudaMalloc(&b, n * 4), "malloc");
  const E::state_type base = E::start(core::philox::Scheme4x32<10>::stream(42, 0));
  for (double lambda : {0.5, 4.0, 9.9, 10.0, 100.0, 1e4, 5e4}) {
    const dist::Poisson<E> tr{dist::poisson_setup(lambda)};
    const std::size_t smem = tr.staged_bytes() + 4 * (1 << kLog2);  // room for the table's guide
    const bool anchored = tr.params.method == dist::PoissonParams::anchored;
    double ms[8] = {};
    auto launch = [&](int v, std::uint32_t* o) {
      if (v == 0) rows_kernel<0><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 1) rows_kernel<1><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 2) rows_kernel<2><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 3) rows_kernel<3><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 4) rows_kernel<4><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 5) rows_kernel<5><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 6) rows_kernel<6><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 7) rows_kernel<7><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
    };
    const int first = anchored ? 4 : 0, last = anchored ? 8 : 5;
    for (int v = first; v < last; ++v) ms[v] = gpurng::bench::median_ms([&] { launch(v, v == first ? a : b); }, nullptr);
    std::printf("poisson(%g) G values/s:", lambda);
    const char* names[8] = {"binary", "guided loop", "guided 2 steps + rare loop", "chunks of 8", "the three modes in one kernel",
                            "anchored guide alone (its mode's kernel)", "anchored bisection alone",
                            "anchored guide, tails after the row"};
    for (int v = first; v < last; ++v) std::printf(" | %s %.1f", names[v], n / ms[v] / 1e6);
    std::printf("\n");
    std::vector<std::uint32_t> x(n), y(n);
    launch(first, a);
    cudaMemcpy(x.data(), a, n * 4, cudaMemcpyDeviceToHost);
    for (int v = first + 1; v < last; ++v) {
      launch(v, b);
      cudaMemcpy(y.data(), b, n * 4, cudaMemcpyDeviceToHost);
      if (x != y) std::printf("  variant %d DIFFERS\n", v);
    }
  }
  return 0;
}
