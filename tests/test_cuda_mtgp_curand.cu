// The engine mtgp11213-curand against real cuRAND MTGP32 on the device: the host generator
// (CURAND_RNG_PSEUDO_MTGP32: 192 parameter sets, 256-value chunks) and the device API
// (curandMakeMTGP32KernelState + curand()/curand_uniform() in a kernel, block b = set b). Skips
// without a device.
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <curand_mtgp32_host.h>
#include <curand_mtgp32dc_p_11213.h>
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/gpurng.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;

namespace {

#define CURAND_OK(call) ASSERT_EQ((call), CURAND_STATUS_SUCCESS) << #call

template <class T>
std::vector<T> ours(std::uint64_t seed, std::size_t n, bool uniform, std::uint64_t streams = 0, std::uint32_t set = 0,
                    std::uint64_t offset = 0, Backend backend = Backend::cpu) {
  Generator g(Engine::mtgp11213_curand, backend);
  g.seed(seed);
  if (streams != 0) g.streams(streams);
  g.param_set(set);
  g.offset(offset);
  std::vector<T> out(n);
  if constexpr (std::is_same_v<T, std::uint32_t>) {
    g.generate_bits(out.data(), n);
  } else {
    g.generate_uniform(out.data(), n);
  }
  (void)uniform;
  return out;
}

std::size_t first_mismatch(const void* a, const void* b, std::size_t n, std::size_t size) {
  for (std::size_t i = 0; i < n; ++i) {
    if (std::memcmp(static_cast<const char*>(a) + i * size, static_cast<const char*>(b) + i * size, size) != 0) return i;
  }
  return n;
}

}  // namespace

TEST(CudaMtgpCurand, HostGeneratorIntegersAndFloats) {
  REQUIRE_DEVICE();
  for (unsigned long long seed : {1234ull, 0ull, 0x0123456789abcdefull}) {
    const std::size_t n = std::size_t{1} << 18;  // 5+ rounds of 192 x 256 values
    void* d = nullptr;
    CUDA_OK(cudaMalloc(&d, n * 8));
    curandGenerator_t c;
    CURAND_OK(curandCreateGenerator(&c, CURAND_RNG_PSEUDO_MTGP32));
    CURAND_OK(curandSetPseudoRandomGeneratorSeed(c, seed));
    CURAND_OK(curandGenerate(c, static_cast<unsigned*>(d), n));
    std::vector<std::uint32_t> theirs(n);
    CUDA_OK(cudaMemcpy(theirs.data(), d, n * 4, cudaMemcpyDeviceToHost));
    const auto mine = ours<std::uint32_t>(seed, n, false);
    EXPECT_EQ(first_mismatch(theirs.data(), mine.data(), n, 4), n) << "bits, seed " << seed;
    CURAND_OK(curandDestroyGenerator(c));

    CURAND_OK(curandCreateGenerator(&c, CURAND_RNG_PSEUDO_MTGP32));
    CURAND_OK(curandSetPseudoRandomGeneratorSeed(c, seed));
    CURAND_OK(curandGenerateUniform(c, static_cast<float*>(d), n));
    std::vector<float> tf(n);
    CUDA_OK(cudaMemcpy(tf.data(), d, n * 4, cudaMemcpyDeviceToHost));
    const auto mf = ours<float>(seed, n, true);
    EXPECT_EQ(first_mismatch(tf.data(), mf.data(), n, 4), n) << "uniform float, seed " << seed;
    CURAND_OK(curandDestroyGenerator(c));

    CURAND_OK(curandCreateGenerator(&c, CURAND_RNG_PSEUDO_MTGP32));
    CURAND_OK(curandSetPseudoRandomGeneratorSeed(c, seed));
    CURAND_OK(curandGenerateUniformDouble(c, static_cast<double*>(d), n));
    std::vector<double> td(n);
    CUDA_OK(cudaMemcpy(td.data(), d, n * 8, cudaMemcpyDeviceToHost));
    const auto md = ours<double>(seed, n, true);
    EXPECT_EQ(first_mismatch(td.data(), md.data(), n, 8), n) << "uniform double, seed " << seed;
    CURAND_OK(curandDestroyGenerator(c));
    cudaFree(d);
  }
}

TEST(CudaMtgpCurand, HostGeneratorContinuesAcrossCalls) {
  REQUIRE_DEVICE();
  // Two calls of whole rounds (192 x 256 values each): the second continues every block.
  const std::size_t n = 192 * 256 * 4;
  unsigned* d = nullptr;
  CUDA_OK(cudaMalloc(&d, 2 * n * 4));
  curandGenerator_t c;
  CURAND_OK(curandCreateGenerator(&c, CURAND_RNG_PSEUDO_MTGP32));
  CURAND_OK(curandSetPseudoRandomGeneratorSeed(c, 77));
  CURAND_OK(curandGenerate(c, d, n));
  CURAND_OK(curandGenerate(c, d + n, n));
  std::vector<std::uint32_t> theirs(2 * n);
  CUDA_OK(cudaMemcpy(theirs.data(), d, 2 * n * 4, cudaMemcpyDeviceToHost));
  const auto mine = ours<std::uint32_t>(77, 2 * n, false, 0, 0, 0, Backend::cuda);
  EXPECT_EQ(first_mismatch(theirs.data(), mine.data(), 2 * n, 4), 2 * n);
  CURAND_OK(curandDestroyGenerator(c));
  cudaFree(d);
}

namespace {

__global__ void curand_device_kernel(curandStateMtgp32_t* states, int rounds, std::uint32_t* bits, float* uniforms) {
  const unsigned T = blockDim.x;
  curandStateMtgp32_t* st = &states[blockIdx.x];
  std::uint32_t* b = bits + std::size_t{blockIdx.x} * rounds * T;
  float* u = uniforms + std::size_t{blockIdx.x} * rounds * T;
  for (int k = 0; k < rounds; ++k) b[k * T + threadIdx.x] = curand(st);
  for (int k = 0; k < rounds; ++k) u[k * T + threadIdx.x] = curand_uniform(st);
}

}  // namespace

TEST(CudaMtgpCurand, DeviceApiBlockStreams) {
  REQUIRE_DEVICE();
  const int blocks = 200, rounds = 6;
  const unsigned long long seed = 0xfeedbeef12345ull;
  for (unsigned T : {256u, 128u}) {
    curandStateMtgp32_t* states = nullptr;
    mtgp32_kernel_params_t* kp = nullptr;
    CUDA_OK(cudaMalloc(&states, blocks * sizeof(curandStateMtgp32_t)));
    CUDA_OK(cudaMalloc(&kp, sizeof(mtgp32_kernel_params_t)));
    CURAND_OK(curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, kp));
    CURAND_OK(curandMakeMTGP32KernelState(states, mtgp32dc_params_fast_11213, kp, blocks, seed));
    const std::size_t per = std::size_t{rounds} * T;
    std::uint32_t* db = nullptr;
    float* du = nullptr;
    CUDA_OK(cudaMalloc(&db, blocks * per * 4));
    CUDA_OK(cudaMalloc(&du, blocks * per * 4));
    curand_device_kernel<<<blocks, T>>>(states, rounds, db, du);
    CUDA_OK(cudaGetLastError());
    std::vector<std::uint32_t> bits(blocks * per);
    std::vector<float> uni(blocks * per);
    CUDA_OK(cudaMemcpy(bits.data(), db, bits.size() * 4, cudaMemcpyDeviceToHost));
    CUDA_OK(cudaMemcpy(uni.data(), du, uni.size() * 4, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b += 7) {
      // Block b is the engine with one stream at parameter set b.
      const auto mine = ours<std::uint32_t>(seed, per, false, 1, static_cast<std::uint32_t>(b));
      ASSERT_EQ(first_mismatch(&bits[b * per], mine.data(), per, 4), per) << "T=" << T << " block " << b;
      const auto mu = ours<float>(seed, per, true, 1, static_cast<std::uint32_t>(b), per);
      ASSERT_EQ(first_mismatch(&uni[b * per], mu.data(), per, 4), per) << "T=" << T << " block " << b << " uniform";
    }
    cudaFree(states);
    cudaFree(kp);
    cudaFree(db);
    cudaFree(du);
  }
}
