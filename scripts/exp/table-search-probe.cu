// Where should a Poisson/binomial inversion table live while a kernel searches it (issue 23)? The
// generic fill kernel passes the transform, table included, by value: the table sits in the kernel's
// parameter space, read through the constant cache, which serves one address per warp per cycle, so
// a warp's lanes, each searching its own u, wait for each other. Variants, each thread making rows of
// 32 Poisson(lambda) values from Philox4x32-10 and storing them (u32):
//   param    the binary search over the table in parameter space (the first version)
//   shared   the table copied to shared memory at the kernel's start, the same search (the library now)
//   none     no search, u's top bits stored (the floor: Philox, conversion, stores)
// Kernel time, CUDA events, median of 15; the values of param and shared are compared.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude -Xcompiler=-ffp-contract=off \
//     scripts/exp/table-search-probe.cu -o table_search_probe && ./table_search_probe [N]
#include <cuda_runtime.h>

#include <algorithm>
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

template <int V>
__global__ void __launch_bounds__(128) kernel(E::state_type base, std::uint64_t rows, dist::Poisson<E> tr,
                                              std::uint32_t* out) {
  __shared__ double staged[64];
  if (V == 1) {
    if (threadIdx.x < 64) staged[threadIdx.x] = tr.table.entry(threadIdx.x);
    __syncthreads();
  }
  const std::uint64_t threads = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t r = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; r < rows; r += threads) {
    E::state_type st = base;
    E::skip(st, r * 32);
    std::uint32_t raw[32];
    E::next_row(st, raw);
    std::uint32_t v[32];
#pragma unroll
    for (int i = 0; i < 32; ++i) {
      const double u = dist::uniform_of<E, double>(raw[i]);
      if (V == 0) v[i] = static_cast<std::uint32_t>(tr.table.search(u));
      if (V == 1) v[i] = static_cast<std::uint32_t>(dist::InversionTable::search(staged, u));
      if (V == 2) v[i] = static_cast<std::uint32_t>(u * 16.0);
    }
    // Lane-interleaved stores (coalesced): value i of row r at i * rows + r.
#pragma unroll
    for (int i = 0; i < 32; ++i) out[i * rows + r] = v[i];
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : std::size_t{1} << 26;
  const std::uint64_t rows = n / 32;
  std::uint32_t *a, *b;
  gpurng::bench::cuda_check(cudaMalloc(&a, n * 4), "malloc");
  gpurng::bench::cuda_check(cudaMalloc(&b, n * 4), "malloc");
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const unsigned blocks = static_cast<unsigned>(8 * sms);
  const E::state_type base = E::start(core::philox::Scheme4x32<10>::stream(42, 0));
  std::printf("N = %zu, G values/s (median of 15), %u blocks of 128\n%-10s %8s %8s %8s  same\n", n, blocks, "lambda",
              "param", "shared", "none");
  for (double lambda : {0.5, 4.0, 9.9}) {
    const dist::Poisson<E> tr{dist::poisson_setup(lambda)};
    const double t0 = gpurng::bench::median_ms([&] { kernel<0><<<blocks, 128>>>(base, rows, tr, a); }, nullptr);
    const double t1 = gpurng::bench::median_ms([&] { kernel<1><<<blocks, 128>>>(base, rows, tr, b); }, nullptr);
    std::vector<std::uint32_t> x(n), y(n);
    cudaMemcpy(x.data(), a, n * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(y.data(), b, n * 4, cudaMemcpyDeviceToHost);
    const double t2 = gpurng::bench::median_ms([&] { kernel<2><<<blocks, 128>>>(base, rows, tr, b); }, nullptr);
    auto gs = [&](double ms) { return n / (ms * 1e-3) / 1e9; };
    std::printf("%-10g %8.1f %8.1f %8.1f  %s\n", lambda, gs(t0), gs(t1), gs(t2), x == y ? "yes" : "NO");
  }
  return 0;
}
