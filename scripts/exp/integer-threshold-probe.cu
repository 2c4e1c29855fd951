// Poisson's staged search on integer thresholds instead of double sums (issue 23). For a 32-bit
// engine whose double uniform is u(x) = (x + 1/2) 2^-32, "u <= d" holds exactly when x <= S with
// S = floor(d 2^32 - 1/2), so every staged sum d can be replaced by the 32-bit S and searched with the
// raw word x itself: no integer-to-double conversion, no double compares, 4-byte shared loads.
// Variants, Philox4x32-10, rows of 32 values, the fill kernel's shape (128 threads, 8 blocks per SM):
//  table mode (lambda < 10, 64 sums):
//   0  the library's binary search of six steps over the doubles (reference values)
//   1  the same search over the thresholds
//   2  the thresholds' first three levels in registers (7 words), three steps in shared memory
//  anchored mode (10 <= lambda < 2^16):
//   3  the library's mode: guide over the doubles, tails after the row (reference values)
//   4  thresholds, the guide by x's top bits, a loop per value, tails after the row
//   5  as 4 with the bucket's first two steps as selects, rare loop after
//   6  table mode: thresholds' guide by x's top bits, one select step, the rare open values after the
//      row (their raw word made again from the row's start state)
//   7  anchored mode: as 6, tails after the row as in 4
//   8  table mode: variant 1 written as the library's `if` (codegen)
// Kernel time by CUDA events, median of 15 calls of N values; each variant's values compared with
// the reference's. Variant 3 runs the library's anchored rows as built: the doubles' guide when this
// probe was measured (docs/bench/h100-2026-11-28-word-thresholds/), variant 4's search since the
// library took it (core/dist/word_thresholds.hpp). An experiment, not a test:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude scripts/exp/integer-threshold-probe.cu -o probe
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

constexpr int kGuideLog2 = 11;

// S for a staged sum d: the largest x with u(x) <= d, as a count offset (-1 -> none) kept in int64.
__device__ long long threshold_of(double d) {
  if (!(d >= 0.0)) return -1;
  const double t = floor(d * 4294967296.0 - 0.5);
  if (t < 0.0) return -1;
  if (t >= 4294967295.0) return 4294967295LL;
  return static_cast<long long>(t);
}

// Stage the thresholds of n sums: S'[j] = S[k0 + j] as uint32 where k0 = #{S = -1} (returned in *k0),
// padded with 0xffffffff to `padded` words.
__device__ void stage_thresholds(const double* d, int n, int padded, std::uint32_t* s, int* k0) {
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    const long long t = threshold_of(d[i]);
    if (t < 0 && (i + 1 == n || threshold_of(d[i + 1]) >= 0)) *k0 = i + 1;
  }
  __syncthreads();
  const int shift = *k0;
  for (int j = threadIdx.x; j < padded; j += blockDim.x) {
    const int i = j + shift;
    s[j] = i < n ? static_cast<std::uint32_t>(threshold_of(d[i])) : 0xffffffffu;
  }
}

// Guide word B: lo = first j with s[j] >= B 2^(32-b), hi = first j with s[j] >= (B + 1) 2^(32-b) - 1.
__device__ void guide_of_thresholds(const std::uint32_t* s, int n, std::uint32_t* guide) {
  const int buckets = 1 << kGuideLog2;
  for (int b = threadIdx.x; b < buckets; b += blockDim.x) {
    const std::uint64_t start = std::uint64_t(b) << (32 - kGuideLog2);
    const std::uint64_t last = ((std::uint64_t(b) + 1) << (32 - kGuideLog2)) - 1;
    int lo = 0, hi = n;  // first j with s[j] >= start
    while (lo < hi) {
      const int m = (lo + hi) >> 1;
      if (s[m] < start) lo = m + 1; else hi = m;
    }
    int lo2 = lo, hi2 = n;
    while (lo2 < hi2) {
      const int m = (lo2 + hi2) >> 1;
      if (s[m] < last) lo2 = m + 1; else hi2 = m;
    }
    const unsigned cap = n - 1;
    guide[b] = (lo < (int)cap ? lo : cap) | ((lo2 < (int)cap ? lo2 : cap) << 16);
  }
}

__device__ __noinline__ double tail_again(dist::PoissonLaw law, dist::AnchorScalars s, E::state_type st, int i, bool upper) {
  E::skip(st, static_cast<std::uint64_t>(i & ~1));
  const std::uint32_t r0 = E::next(st), r1 = E::next(st);
  const double u = dist::uniform_of<E, double>(i & 1 ? r1 : r0);
  return dist::anchored_tail(law, s, r0, r1, u, static_cast<unsigned>(i & 1), upper);
}

// Raw word i of the row that starts at st (made again: rare).
__device__ __noinline__ std::uint32_t raw_again(E::state_type st, int i) {
  E::skip(st, static_cast<std::uint64_t>(i));
  return E::next(st);
}

__device__ __noinline__ int finish_loop(const std::uint32_t* s, std::uint32_t x, int lo, int hi) {
  while (lo < hi) {
    const int m = (lo + hi) >> 1;
    if (s[m] < x) lo = m + 1; else hi = m;
  }
  return lo;
}

template <int V>
__global__ void __launch_bounds__(128, 8) rows_kernel(E::state_type base, std::uint64_t rows, dist::Poisson<E> tr,
                                                      std::uint32_t* out) {
  extern __shared__ double staged[];
  __shared__ int k0;
  for (int phase = 0; phase < dist::Poisson<E>::kStagePhases; ++phase) {
    tr.stage(staged, phase, threadIdx.x, 128);
    __syncthreads();
  }
  const int n = tr.staged_sums();
  // After the library's staged words: the probe's thresholds (n padded to 64 at least) and their
  // guide, made from the sums (the doubles' stage again, into the probe's own room: the library's
  // keyed stage writes its guide over its sums).
  std::uint32_t* s = reinterpret_cast<std::uint32_t*>(reinterpret_cast<unsigned char*>(staged) + tr.staged_bytes());
  const int padded = n < 64 ? 64 : n;
  std::uint32_t* guide = s + padded;
  if (V != 0 && V != 3) {
    if (threadIdx.x == 0) k0 = 0;
    __syncthreads();
    double* sums = reinterpret_cast<double*>((reinterpret_cast<std::uintptr_t>(s + padded + (1 << kGuideLog2)) + 7) & ~std::uintptr_t{7});
    if (tr.anchored()) {
      dist::anchored_stage(tr.law(), tr.params.anchor, tr.anchors, 10, sums, 0, threadIdx.x, 128);  // the n sums alone
    } else {
      tr.table.stage(sums, 0, threadIdx.x, 128);
    }
    __syncthreads();
    stage_thresholds(sums, n, padded, s, &k0);
    __syncthreads();
    if (V >= 4 && V <= 7) {
      guide_of_thresholds(s, V == 6 ? padded : n - k0, guide);
      __syncthreads();
    }
  }
  const int shift = k0;
  std::uint32_t lv[7];
  if (V == 2) {
    lv[0] = s[31];
    lv[1] = s[15];
    lv[2] = s[47];
    lv[3] = s[7];
    lv[4] = s[23];
    lv[5] = s[39];
    lv[6] = s[55];
  }
  const dist::AnchorScalars& a = tr.params.anchor;
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
      for (int i = 0; i < 32; ++i) {
        const std::uint32_t x = raw[i];
        int k = 0;
#pragma unroll
        for (int step = 32; step > 0; step >>= 1) k += s[k + step - 1] < x ? step : 0;
        v[i] = k + shift;
      }
    } else if (V == 2) {
#pragma unroll
      for (int i = 0; i < 32; ++i) {
        const std::uint32_t x = raw[i];
        const bool b0 = lv[0] < x;
        const bool b1 = (b0 ? lv[2] : lv[1]) < x;
        const std::uint32_t t2a = b1 ? lv[4] : lv[3], t2b = b1 ? lv[6] : lv[5];
        const bool b2 = (b0 ? t2b : t2a) < x;
        int k = (b0 ? 32 : 0) + (b1 ? 16 : 0) + (b2 ? 8 : 0);
#pragma unroll
        for (int step = 4; step > 0; step >>= 1) k += s[k + step - 1] < x ? step : 0;
        v[i] = k + shift;
      }
    } else if (V == 8) {
#pragma unroll
      for (int i = 0; i < 32; ++i) {
        const std::uint32_t x = raw[i];
        int k = 0;
#pragma unroll
        for (int step = 32; step > 0; step >>= 1) {
          if (s[k + step - 1] < x) k += step;
        }
        v[i] = k + shift;
      }
    } else if (V == 6 || V == 7) {
      const int m = V == 6 ? padded : n - shift;
      const std::uint32_t top = s[m - 1];
      std::uint32_t open = 0, tails = 0, upper = 0;
#pragma unroll
      for (int i = 0; i < 32; ++i) {
        const std::uint32_t x = raw[i];
        const std::uint32_t g = guide[x >> (32 - kGuideLog2)];
        int lo = g & 0xffff, hi = g >> 16;
        const int mid = (lo + hi) >> 1;
        const bool below = s[mid] < x;
        lo = below ? mid + 1 : lo;
        hi = below ? hi : mid;
        open |= static_cast<std::uint32_t>(lo < hi) << i;
        if (V == 6) {
          v[i] = lo + shift;
        } else {
          const int idx = lo + shift;
          const bool up = x > top;
          const bool low = idx == 0 && a.a0 != 0.0;
          tails |= static_cast<std::uint32_t>(up || low) << i;
          upper |= static_cast<std::uint32_t>(up) << i;
          v[i] = static_cast<std::uint32_t>(a.a0) + idx;
        }
      }
      open &= ~tails;
      while (open != 0) {
        const int i = __ffs(static_cast<int>(open)) - 1;
        open &= open - 1;
        const std::uint32_t x = raw_again(st0, i);
        const std::uint32_t g = guide[x >> (32 - kGuideLog2)];
        const int idx = finish_loop(s, x, g & 0xffff, g >> 16) + shift;
        const std::uint32_t value = V == 6 ? idx : static_cast<std::uint32_t>(a.a0) + idx;
#pragma unroll
        for (int j = 0; j < 32; ++j) v[j] = j == i ? value : v[j];
      }
      while (tails != 0) {
        const int i = __ffs(static_cast<int>(tails)) - 1;
        tails &= tails - 1;
        const std::uint32_t value = static_cast<std::uint32_t>(tail_again(tr.law(), a, st0, i, (upper >> i) & 1u));
#pragma unroll
        for (int j = 0; j < 32; ++j) v[j] = j == i ? value : v[j];
      }
    } else if (V == 3) {
      dist::staged_anchored_row<E>(tr.law(), a, raw, v, staged, [](double k) { return std::uint32_t(k); },
                                  [](std::uint32_t k) { return k; }, st0);
    } else {
      const int m = n - shift;
      const std::uint32_t top = s[m - 1];
      std::uint32_t tails = 0, upper = 0;
#pragma unroll
      for (int i = 0; i < 32; ++i) {
        const std::uint32_t x = raw[i];
        const std::uint32_t g = guide[x >> (32 - kGuideLog2)];
        int lo = g & 0xffff, hi = g >> 16;
        if (V == 4) {
          while (lo < hi) {
            const int mid = (lo + hi) >> 1;
            if (s[mid] < x) lo = mid + 1; else hi = mid;
          }
        } else {
#pragma unroll
          for (int t = 0; t < 2; ++t) {
            const int mid = (lo + hi) >> 1;
            const bool below = s[mid] < x;
            const bool open = lo < hi;
            lo = open && below ? mid + 1 : lo;
            hi = open && !below ? mid : hi;
          }
          if (lo < hi) lo = finish_loop(s, x, lo, hi);
        }
        const int idx = lo + shift;  // index into the dense sums
        const bool up = x > top;
        const bool low = idx == 0 && a.a0 != 0.0;
        tails |= static_cast<std::uint32_t>(up || low) << i;
        upper |= static_cast<std::uint32_t>(up) << i;
        v[i] = static_cast<std::uint32_t>(a.a0) + idx;
      }
      while (tails != 0) {
        const int i = __ffs(static_cast<int>(tails)) - 1;
        tails &= tails - 1;
        const std::uint32_t value = static_cast<std::uint32_t>(tail_again(tr.law(), a, st0, i, (upper >> i) & 1u));
#pragma unroll
        for (int j = 0; j < 32; ++j) v[j] = j == i ? value : v[j];
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
    const int sums = tr.staged_sums();
    const int padded = sums < 64 ? 64 : sums;
    const std::size_t smem = tr.staged_bytes() + 4 * padded + 4 * (1 << kGuideLog2) + 8 * padded + 16;
    const bool anchored = tr.anchored();
    double ms[9] = {};
    auto launch = [&](int v, std::uint32_t* o) {
      if (v == 0) rows_kernel<0><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 1) rows_kernel<1><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 2) rows_kernel<2><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 3) rows_kernel<3><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 4) rows_kernel<4><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 5) rows_kernel<5><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 6) rows_kernel<6><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 7) rows_kernel<7><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
      if (v == 8) rows_kernel<8><<<8 * sms, 128, smem>>>(base, n / 32, tr, o);
    };
    const std::vector<int> variants = anchored ? std::vector<int>{3, 4, 7} : std::vector<int>{0, 1, 8, 6};
    const int first = variants[0];
    for (int v : variants) ms[v] = gpurng::bench::median_ms([&] { launch(v, v == first ? a : b); }, nullptr);
    std::printf("poisson(%g) G values/s:", lambda);
    const char* names[9] = {"double binary (library)", "u32 binary", "u32 3 levels in registers",
                            "double guide (library)", "u32 guide, loop", "u32 guide, 2 selects + rare loop",
                            "u32 guide, 1 select, open after row", "u32 guide, 1 select, open and tails after row",
                            "u32 binary as if"};
    for (int v : variants) std::printf(" | %s %.1f", names[v], n / ms[v] / 1e6);
    std::printf("\n");
    std::vector<std::uint32_t> x(n), y(n);
    launch(first, a);
    cudaMemcpy(x.data(), a, n * 4, cudaMemcpyDeviceToHost);
    for (int v : variants) {
      if (v == first) continue;
      launch(v, b);
      gpurng::bench::cuda_check(cudaMemcpy(y.data(), b, n * 4, cudaMemcpyDeviceToHost), "copy");
      std::size_t diff = 0, first_diff = 0;
      for (std::size_t i = 0; i < n; ++i)
        if (x[i] != y[i] && diff++ == 0) first_diff = i;
      if (diff) std::printf("  variant %d DIFFERS at %zu of %zu values (first %zu: %u vs %u)\n", v, diff, n, first_diff, x[first_diff], y[first_diff]);
    }
  }
  return 0;
}
