// Issue 22: can a kernel that gives each lane whole Philox4x32-10 blocks and stores them straight
// out (one 16-byte store a lane, a warp's 512 bytes contiguous, grid-stride) write 32-bit outputs at
// cuRAND's rate (97 % of the write ceiling at 2^28 on the H100), where the library's generic row
// kernel (rows staged in shared memory) reaches 85 %? An earlier one-block-per-thread kernel was
// measured slower (docs/PERFORMANCE.md); this one checks that result with a clean kernel, several
// unrollings and grids, cuRAND and the library in the same process, and the bits against the
// library's (the same canonical sequence: word i % 4 of block i / 4).
//   nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude -Ibench scripts/exp/philox-direct-probe.cu \
//        -Lbuild -lgpurng -lcurand -o build/bench/philox_direct_probe
//   build/bench/philox_direct_probe
#include <cuda_runtime.h>
#include <curand.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "gpu_timing.cuh"
#include "gpurng/core/engines/philox.hpp"
#include "gpurng/core/engines/word_conversions.hpp"
#include "gpurng/gpurng.hpp"

namespace {

using Scheme = gpurng::core::philox::Scheme4x32<10>;
using gpurng::bench::cuda_check;
using gpurng::bench::median_ms;

struct Bits {
  __device__ static uint4 conv(const Scheme::Block& b) { return make_uint4(b.v[0], b.v[1], b.v[2], b.v[3]); }
};
struct Uniform {
  __device__ static uint4 conv(const Scheme::Block& b) {
    using gpurng::core::word_to_uniform_float;
    return make_uint4(__float_as_uint(word_to_uniform_float(b.v[0])), __float_as_uint(word_to_uniform_float(b.v[1])),
                      __float_as_uint(word_to_uniform_float(b.v[2])), __float_as_uint(word_to_uniform_float(b.v[3])));
  }
};

// Block first + i into out[i], i < nblocks; kUnroll blocks a lane in flight per round.
template <class Conv, int kUnroll>
__global__ void direct(Scheme::Stream st, std::uint64_t first, std::uint64_t nblocks, uint4* __restrict__ out) {
  const std::uint64_t T = std::uint64_t{gridDim.x} * blockDim.x;
  std::uint64_t i = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  for (; i + (kUnroll - 1) * T < nblocks; i += kUnroll * T) {
    uint4 v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) v[u] = Conv::conv(Scheme::block(st, first + i + u * T));
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) out[i + u * T] = v[u];
  }
  for (; i < nblocks; i += T) out[i] = Conv::conv(Scheme::block(st, first + i));
}

template <class Conv, int kUnroll>
double run_direct(uint4* out, std::uint64_t n, int blocks, int threads) {
  const Scheme::Stream st = Scheme::stream(1234, 0);
  return median_ms([&] { direct<Conv, kUnroll><<<blocks, threads>>>(st, 0, n / 4, out); }, nullptr);
}

}  // namespace

int main() {
  int sms = 0;
  cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "attribute");
  const std::uint64_t max_n = std::uint64_t{1} << 28;
  void* buf = nullptr;
  cuda_check(cudaMalloc(&buf, max_n * 4), "cudaMalloc");
  auto* out = static_cast<uint4*>(buf);
  const double ceiling = gpurng::bench::write_ceiling_bytes_per_s(buf, max_n * 4, nullptr) / 4 / 1e9;
  std::printf("# %s, %d SMs; write ceiling %.1f G 32-bit values/s\n", gpurng::bench::device_name().c_str(), sms, ceiling);

  // The bits equal the library's (philox4x32-10, seed 1234, stream 0) over 2^20 + 4 values.
  {
    const std::uint64_t n = (1u << 20) + 4;
    direct<Bits, 2><<<sms * 4, 256>>>(Scheme::stream(1234, 0), 0, n / 4, out);
    std::vector<std::uint32_t> got(n), want(n);
    cuda_check(cudaMemcpy(got.data(), buf, n * 4, cudaMemcpyDeviceToHost), "copy");
    gpurng::Generator g(gpurng::Engine::philox4x32_10, gpurng::Backend::cpu);
    g.seed(1234);
    g.generate_bits(want.data(), n);
    std::printf("# direct kernel bits == library bits: %s\n", got == want ? "yes" : "NO");
  }

  std::printf("%-10s %-8s %6s %-26s %10s %8s %6s\n", "what", "output", "log2n", "kernel", "us", "G/s", "ceil%");
  auto row = [&](const char* what, const char* output, int lg, const std::string& kernel, double ms) {
    const double gs = static_cast<double>(std::uint64_t{1} << lg) / (ms * 1e-3) / 1e9;
    std::printf("%-10s %-8s %6d %-26s %10.1f %8.1f %6.1f\n", what, output, lg, kernel.c_str(), ms * 1e3, gs,
                100 * gs / ceiling);
  };
  curandGenerator_t cg;
  curandCreateGenerator(&cg, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  curandSetPseudoRandomGeneratorSeed(cg, 1234);
  gpurng::Generator g(gpurng::Engine::philox4x32_10, gpurng::Backend::cuda);
  g.seed(1234);
  for (int lg : {20, 24, 26, 28}) {
    const std::uint64_t n = std::uint64_t{1} << lg;
    row("curand", "bits", lg, "curandGenerate", median_ms([&] { curandGenerate(cg, static_cast<unsigned*>(buf), n); }, nullptr));
    row("curand", "uniform", lg, "curandGenerateUniform",
        median_ms([&] { curandGenerateUniform(cg, static_cast<float*>(buf), n); }, nullptr));
    row("gpurng", "bits", lg, "generic row kernel",
        median_ms([&] { g.offset(0); g.generate_bits(static_cast<std::uint32_t*>(buf), n); }, nullptr));
    row("gpurng", "uniform", lg, "generic row kernel",
        median_ms([&] { g.offset(0); g.generate_uniform(static_cast<float*>(buf), n); }, nullptr));
    for (int threads : {128, 256, 512}) {
      for (int per_sm : {2, 4, 8, 16}) {
        if (threads * per_sm > 2048) continue;
        const int blocks = per_sm * sms;
        char k[64];
        std::snprintf(k, sizeof k, "direct u1 %dx%d", per_sm, threads);
        row("direct", "bits", lg, k, run_direct<Bits, 1>(out, n, blocks, threads));
        std::snprintf(k, sizeof k, "direct u2 %dx%d", per_sm, threads);
        row("direct", "bits", lg, k, run_direct<Bits, 2>(out, n, blocks, threads));
        std::snprintf(k, sizeof k, "direct u4 %dx%d", per_sm, threads);
        row("direct", "bits", lg, k, run_direct<Bits, 4>(out, n, blocks, threads));
        std::snprintf(k, sizeof k, "direct u2 %dx%d", per_sm, threads);
        row("direct", "uniform", lg, k, run_direct<Uniform, 2>(out, n, blocks, threads));
      }
    }
  }
  curandDestroyGenerator(cg);
  cudaFree(buf);
  return 0;
}
