// Poisson for 10 <= lambda < 2^16 by the anchored inversion (core/dist/poisson_anchored.hpp) against
// PTRS (the method it replaced there) and curandGeneratePoisson on Philox4_32_10 (issue 23). Rows of
// 32 values through core::produce_row in a kernel of the fill kernel's shape (the tabulated walks and
// their guide staged in dynamic shared memory); kernel time by CUDA events, median of 15 calls of
// N values into device memory; every anchored value compared with the same transform on the CPU.
// Variants: the walk alone without tails, the searches alone with no walk compiled; and the lambdas
// up to 2^16 (beyond it the dense table would outgrow the guide and shared memory). An experiment, not a test:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude scripts/exp/poisson-anchored-probe.cu -lcurand -o probe
//   ./probe [N]
#include <cuda_runtime.h>
#include <curand.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "gpurng/core/dist/poisson.hpp"
#include "gpurng/core/engines/philox.hpp"
#include "gpurng/core/produce.hpp"
#include "../../bench/gpu_timing.cuh"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
using E = core::philox::Traits4x32_10;

// Variants of the row: the middle alone (tails 0: what the tails' handling costs), and the tails
// inline per pair (no out-of-line call, no raws kept to the row's end).
struct MiddleOnly : dist::Poisson<E> {
  using dist::Poisson<E>::Poisson;
  __host__ __device__ __forceinline__ void row(const std::uint32_t* r, value_type* out, const double* staged) const {
#pragma unroll
    for (int i = 0; i < 32; ++i) {
      const double k = dist::anchored_middle(law(), params.anchor, anchors.data(), dist::uniform_of<E, double>(r[i]));
      out[i] = k < 0.0 ? 0u : static_cast<std::uint32_t>(k);
    }
  }
};
struct InlineTails : dist::Poisson<E> {
  using dist::Poisson<E>::Poisson;
  __host__ __device__ __forceinline__ void row(const std::uint32_t* r, value_type* out, const double* staged) const {
#pragma unroll
    for (int i = 0; i < 32; i += 2) {
      const double u0 = dist::uniform_of<E, double>(r[i]), u1 = dist::uniform_of<E, double>(r[i + 1]);
      const int n = staged_sums();
      const auto* guide = reinterpret_cast<const std::uint32_t*>(staged + n);
      double k0 = dist::anchored_guided(params.anchor, staged, n, guide, dist::anchored_guide_log2(n), u0);
      double k1 = dist::anchored_guided(params.anchor, staged, n, guide, dist::anchored_guide_log2(n), u1);
      if (k0 < 0.0 || k1 < 0.0) {
        if (k0 < 0.0) k0 = dist::anchored_tail(law(), params.anchor, r[i], r[i + 1], u0, 0, k0 < -1.5);
        if (k1 < 0.0) k1 = dist::anchored_tail(law(), params.anchor, r[i], r[i + 1], u1, 1, k1 < -1.5);
      }
      out[i] = static_cast<std::uint32_t>(k0);
      out[i + 1] = static_cast<std::uint32_t>(k1);
    }
  }
};

template <class Tr>
void set_anchored(Tr& t, double lambda) {
  t.params.method = dist::PoissonParams::anchored;
  const dist::PoissonLaw law = dist::poisson_law(lambda);
  t.params.inv_lambda = law.inv_lambda;
  dist::anchored_place(law, t.params.anchor);
  dist::anchored_setup(law, t.params.anchor, t.anchors);
}

namespace {

template <class Tr>
__global__ void __launch_bounds__(128, 8) rows_kernel(E::state_type base, std::uint64_t rows, Tr tr, std::uint32_t* out) {
  extern __shared__ double staged[];
  for (int phase = 0; phase < Tr::kStagePhases; ++phase) {
    tr.stage(staged, phase, threadIdx.x, 128);
    __syncthreads();
  }
  const std::uint64_t threads = std::uint64_t{gridDim.x} * 128;
  for (std::uint64_t r = std::uint64_t{blockIdx.x} * 128 + threadIdx.x; r < rows; r += threads) {
    E::state_type st = base;
    E::skip(st, r * 32);
    std::uint32_t v[32];
    core::produce_row<E>(st, tr, v, staged);
#pragma unroll
    for (int i = 0; i < 32; ++i) out[i * rows + r] = v[i];  // coalesced
  }
}

E::state_type base() { return E::start(core::philox::Scheme4x32<10>::stream(42, 0)); }

template <class Tr>
double run(const Tr& tr, std::uint32_t* out, std::size_t n) {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  const E::state_type b = base();
  return gpurng::bench::median_ms([&] { rows_kernel<Tr><<<8 * sms, 128, tr.staged_bytes()>>>(b, n / 32, tr, out); }, nullptr);
}

// The first `count` values on the CPU, the same transform, the same engine positions.
// (Value i of row r is at out[i * rows + r].)
bool same_as_cpu(const dist::Poisson<E>& tr, const std::uint32_t* device, std::size_t n, std::size_t count) {
  std::vector<std::uint32_t> all(n);
  cudaMemcpy(all.data(), device, n * 4, cudaMemcpyDeviceToHost);
  const std::size_t rows = n / 32;
  E::state_type st = base();
  for (std::size_t i = 0; i < count; i += 2) {
    const std::uint32_t r[2] = {E::next(st), E::next(st)};
    std::uint32_t v[2];
    tr(r, v);
    const std::uint32_t g0 = all[(i % 32) * rows + i / 32], g1 = all[((i + 1) % 32) * rows + (i + 1) / 32];
    if (v[0] != g0 || v[1] != g1) {
      std::printf("  differs at %zu: cpu %u %u gpu %u %u\n", i, v[0], v[1], g0, g1);
      return false;
    }
  }
  return true;
}

double gs(std::size_t n, double ms) { return n / (ms * 1e-3) / 1e9; }

}  // namespace

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : std::size_t{1} << 26;
  std::uint32_t* out;
  gpurng::bench::cuda_check(cudaMalloc(&out, n * 4), "malloc");
  curandGenerator_t cg;
  curandCreateGenerator(&cg, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  curandSetPseudoRandomGeneratorSeed(cg, 42);
  std::printf("N = %zu, G values/s (median of 15), philox4x32-10\n", n);
  std::printf("%-18s %8s %8s %8s %8s %8s %8s  %s\n", "lambda", "stride", "anchored", "middle", "inline", "PTRS", "cuRAND",
              "cpu == gpu (2^22)");
  for (double lambda : {10.0, 30.0, 100.0, 1000.0, 1e4, 65535.0}) {
    const dist::PoissonParams p = dist::poisson_setup(lambda);
    dist::Poisson<E> anchored{p, false};
    set_anchored(anchored, lambda);
    const double t_a = run(anchored, out, n);
    const bool same = same_as_cpu(anchored, out, n, std::size_t{1} << 22);
    MiddleOnly mid{p, false};
    set_anchored(mid, lambda);
    const double t_m = run(mid, out, n);
    InlineTails inl{p, false};
    set_anchored(inl, lambda);
    const double t_i = run(inl, out, n);
    const bool same_i = same_as_cpu(anchored, out, n, std::size_t{1} << 22);
    const double t_p = run(dist::Poisson<E>{p, false}, out, n);
    const double t_cu = gpurng::bench::median_ms([&] { curandGeneratePoisson(cg, out, n, lambda); }, nullptr);
    std::printf("%-18g %8g %8.1f %8.1f %8.1f %8.1f %8.1f  %s\n", lambda, anchored.params.anchor.stride, gs(n, t_a),
                gs(n, t_m), gs(n, t_i), gs(n, t_p), gs(n, t_cu), same && same_i ? "yes" : "NO");
  }
  curandDestroyGenerator(cg);
  return 0;
}
