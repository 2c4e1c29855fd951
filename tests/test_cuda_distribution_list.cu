// Every distribution of the list on every engine: the CUDA backend gives the CPU backend's bits, in
// device and in host memory, over sizes that cut pairs of values and offsets far into the sequence.
// Without a device every test skips and says why.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "dist_kinds.hpp"
#include "gpurng/gpurng.hpp"

using gpurng::Backend;
using gpurng::Distribution;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::test::dist_kinds;
using gpurng::test::DistKind;
using gpurng::test::value_bytes;

namespace {

bool served(Engine e, const DistKind& k) { return !gpurng::test::is_sobol(e) || !gpurng::test::uses_pairs(k.dist); }

std::vector<unsigned char> on_host(Generator& g, const DistKind& k, std::uint64_t offset, std::size_t n) {
  g.offset(offset);
  std::vector<unsigned char> out(n * value_bytes(k.type));
  gpurng::test::generate_kind(g, k, out.data(), n);
  return out;
}

std::vector<unsigned char> on_device(Generator& g, const DistKind& k, std::uint64_t offset, std::size_t n) {
  g.offset(offset);
  const std::size_t bytes = n * value_bytes(k.type);
  unsigned char* d = nullptr;
  EXPECT_EQ(cudaMalloc(&d, bytes + 1), cudaSuccess);
  gpurng::test::generate_kind(g, k, d, n);
  std::vector<unsigned char> out(bytes);
  EXPECT_EQ(cudaMemcpy(out.data(), d, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(d);
  return out;
}

}  // namespace

TEST(CudaDistributionList, EveryEngineAndDistributionCpuEqualsGpu) {
  REQUIRE_DEVICE();
  const std::size_t sizes[] = {1, 2, 33, 4097, 65537};
  const std::uint64_t offsets[] = {0, 1000003};
  for (const auto& e : gpurng::engines()) {
    Generator cpu(e.engine, Backend::cpu);
    Generator gpu(e.engine, Backend::cuda);
    cpu.seed(77);
    gpu.seed(77);
    for (const DistKind& k : dist_kinds()) {
      if (!served(e.engine, k)) continue;
      for (std::size_t n : sizes) {
        for (std::uint64_t off : offsets) {
          const auto a = on_host(cpu, k, off, n);
          const auto b = on_device(gpu, k, off, n);
          ASSERT_EQ(a, b) << e.name << " " << k.name << " n=" << n << " offset=" << off;
        }
      }
      // Host memory through the CUDA backend.
      const auto a = on_host(cpu, k, 5, 3001);
      const auto b = on_host(gpu, k, 5, 3001);
      ASSERT_EQ(a, b) << e.name << " " << k.name << " (CUDA backend, host memory)";
    }
  }
}
