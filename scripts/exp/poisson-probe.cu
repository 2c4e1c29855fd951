// Poisson, binomial and gamma, rows of 32 values through core::produce_row (issue 23): the transforms as they were
// (value by value: the sequential search or PTRS/BTRS/Marsaglia-Tsang in one out-of-line function
// taking the parameters and the draws by reference, rows not unrolled; "old") against the library's
// (the tabulated inversion of inversion_table.hpp staged in shared memory, the whole rows of
// keyed_row.hpp; "new"), Poisson's table search alone ("fast": the other branch's call left out),
// beside curandGeneratePoisson on Philox4_32_10. Kernel
// time (CUDA events, median of 15 calls of N values into device memory), and every variant's values
// compared with the old one's (they must be equal: the table changes the cost, not the values).
// An experiment, not a test:
//   nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude -Xcompiler=-ffp-contract=off \
//     scripts/exp/poisson-probe.cu -lcurand -o poisson_probe
//   ./poisson_probe [N]
#include <cuda_runtime.h>
#include <curand.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "gpurng/core/produce.hpp"
#include "gpurng/core/dist/binomial.hpp"
#include "gpurng/core/dist/gamma.hpp"
#include "gpurng/core/dist/poisson.hpp"
#include "gpurng/core/engines/philox.hpp"
#include "../../bench/gpu_timing.cuh"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
using E = core::philox::Traits4x32_10;

// The transforms as they were before the table (same values).
struct OldPoisson {
  using value_type = std::uint32_t;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;
  dist::PoissonParams params;
  __host__ __device__ void operator()(const std::uint32_t* r, value_type* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      dist::KeyedDraws draws(r[0], r[1], dist::uniform_of<E, double>(r[j]), dist::DrawTag::poisson, j);
      const double k = dist::poisson_variate(params, draws.first(), draws);
      out[j] = k == k ? static_cast<std::uint32_t>(k) : 0xffffffffu;
    }
  }
};
struct OldBinomial {
  using value_type = std::uint32_t;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;
  dist::BinomialParams params;
  __host__ __device__ void operator()(const std::uint32_t* r, value_type* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      dist::KeyedDraws draws(r[0], r[1], dist::uniform_of<E, double>(r[j]), dist::DrawTag::binomial, j);
      const double k = dist::binomial_variate(params, draws.first(), draws);
      out[j] = k == k ? static_cast<std::uint32_t>(k) : 0xffffffffu;
    }
  }
};
// The table's search alone, without the out-of-line call for the other branch (zeros there): what
// the call's presence costs the search.
struct PoissonFast : dist::Poisson<E> {
  using dist::Poisson<E>::Poisson;
  __host__ __device__ __forceinline__ void row(const std::uint32_t* r, value_type* out, const double* staged) const {
    const double* cdf = staged != nullptr ? staged : table.data();
#pragma unroll
    for (int i = 0; i < 32; ++i) {
      out[i] = table.complete() ? dist::InversionTable::search(cdf, dist::uniform_of<E, double>(r[i])) : 0u;
    }
  }
};

// Gamma as it was before the whole rows (keyed_row.hpp): value by value, out of line, by reference.
struct OldGamma {
  using value_type = float;
  static constexpr int arity = 2;
  static constexpr int kRowUnroll = 1;
  dist::GammaShape shape;
  double theta;
  __host__ __device__ void operator()(const std::uint32_t* r, float* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      dist::KeyedDraws draws(r[0], r[1], dist::uniform_of<E, double>(r[j]), dist::DrawTag::gamma, j);
      dist::GammaDraws g{draws, false};
      out[j] = static_cast<float>(dist::gamma_variate(shape, g) * theta);
    }
  }
};

namespace {

// The library's fill kernel is private (src/cuda/fill_kernel.cuh); this one has its shape where it
// matters here: 128 threads a block, 8 blocks per SM, a row of 32 values per thread and step through
// core::produce_row, the transform's table staged in dynamic shared memory, the same register bound for the
// whole-row transforms. Its own layout (value i of row r at out[i * rows + r], coalesced), the same
// for every variant, so that their outputs compare.
template <class Tr>
__global__ void __launch_bounds__(128, core::produce_detail::whole_row<Tr>::value ? 8 : 1)
    rows_kernel(E::state_type base, std::uint64_t rows, Tr tr, typename Tr::value_type* out) {
  constexpr bool kSelf = core::produce_detail::stages_itself<Tr>::value;
  extern __shared__ double staged[];
  if constexpr (kSelf) {
    for (int phase = 0; phase < Tr::kStagePhases; ++phase) {
      tr.stage(staged, phase, threadIdx.x, 128);
      __syncthreads();
    }
  }
  const std::uint64_t threads = std::uint64_t{gridDim.x} * 128;
  for (std::uint64_t r = std::uint64_t{blockIdx.x} * 128 + threadIdx.x; r < rows; r += threads) {
    E::state_type st = base;
    E::skip(st, r * 32);
    typename Tr::value_type v[32];
    core::produce_row<E>(st, tr, v, kSelf ? staged : nullptr);
#pragma unroll
    for (int i = 0; i < 32; ++i) out[i * rows + r] = v[i];
  }
}

template <class Tr>
std::size_t staged_bytes(const Tr& tr) {
  if constexpr (core::produce_detail::stages_itself<Tr>::value) {
    return tr.staged_bytes();
  } else {
    return 0;
  }
}

template <class Tr>
double run(const Tr& tr, typename Tr::value_type* out, std::size_t n) {
  const E::state_type base = E::start(core::philox::Scheme4x32<10>::stream(42, 0));
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  return gpurng::bench::median_ms([&] { rows_kernel<Tr><<<8 * sms, 128, staged_bytes(tr)>>>(base, n / 32, tr, out); }, nullptr);
}

bool same(const std::uint32_t* a, const std::uint32_t* b, std::size_t n) {
  std::vector<std::uint32_t> x(n), y(n);
  gpurng::bench::cuda_check(cudaMemcpy(x.data(), a, n * 4, cudaMemcpyDeviceToHost), "copy");
  gpurng::bench::cuda_check(cudaMemcpy(y.data(), b, n * 4, cudaMemcpyDeviceToHost), "copy");
  return x == y;
}

double gs(std::size_t n, double ms) { return n / (ms * 1e-3) / 1e9; }

}  // namespace

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : std::size_t{1} << 26;
  std::uint32_t *ref, *out;
  gpurng::bench::cuda_check(cudaMalloc(&ref, n * 4), "malloc");
  gpurng::bench::cuda_check(cudaMalloc(&out, n * 4), "malloc");
  curandGenerator_t cg;
  curandCreateGenerator(&cg, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  curandSetPseudoRandomGeneratorSeed(cg, 42);
  std::printf("N = %zu, G values/s (median of 15), philox4x32-10\n", n);
  std::printf("%-22s %8s %8s %8s %8s  same\n", "what", "old", "new", "fast", "cuRAND");
  for (double lambda : {0.5, 4.0, 9.9, 30.0, 100.0, 1e4, 1e9}) {
    const dist::PoissonParams p = dist::poisson_setup(lambda);
    const double t_old = run(OldPoisson{p}, ref, n);
    const double t_new = run(dist::Poisson<E>{p}, out, n);
    const bool s1 = same(ref, out, n);
    const double t_new1 = lambda < 10 ? run(PoissonFast{p}, out, n) : 0.0;
    const bool s2 = lambda < 10 ? same(ref, out, n) : true;
    const double t_cu = gpurng::bench::median_ms([&] { curandGeneratePoisson(cg, out, n, lambda); }, nullptr);
    std::printf("poisson(%-12g) %8.1f %8.1f %8.1f %8.1f  %s\n", lambda, gs(n, t_old), gs(n, t_new), gs(n, t_new1),
                gs(n, t_cu), s1 && s2 ? "yes" : "NO");
  }
  struct B {
    std::uint32_t n;
    double p;
  };
  for (B b : {B{100, 0.03}, B{20, 0.45}, B{100, 0.5}, B{1000000, 0.6}}) {
    const dist::BinomialParams bp = dist::binomial_setup(b.n, b.p);
    const double t_old = run(OldBinomial{bp}, ref, n);
    const double t_new = run(dist::Binomial<E>{bp}, out, n);
    const bool s1 = same(ref, out, n);
    const double t_new1 = 0.0;
    const bool s2 = true;
    std::printf("binomial(%u, %-5g)%*s %8.1f %8.1f %8.1f %8s  %s\n", b.n, b.p, 1, "", gs(n, t_old), gs(n, t_new),
                gs(n, t_new1), "-", s1 && s2 ? "yes" : "NO");
  }
  float *fa, *fb;
  gpurng::bench::cuda_check(cudaMalloc(&fa, n * 4), "malloc");
  gpurng::bench::cuda_check(cudaMalloc(&fb, n * 4), "malloc");
  for (double alpha : {0.5, 3.0}) {
    const OldGamma old{dist::gamma_shape_setup(alpha), 1.0};
    const dist::Gamma<E, float> g{dist::gamma_shape_setup(alpha), 1.0};
    const double t_old = run(old, fa, n);
    const double t_row = run(g, fb, n);
    std::vector<float> x(n), y(n);
    cudaMemcpy(x.data(), fa, n * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(y.data(), fb, n * 4, cudaMemcpyDeviceToHost);
    std::printf("gamma(%-5g) f32      %8.1f %8.1f %8s %8s  %s\n", alpha, gs(n, t_old), gs(n, t_row), "-", "-",
                x == y ? "yes" : "NO");
  }
  curandDestroyGenerator(cg);
  return 0;
}
