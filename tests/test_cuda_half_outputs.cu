// float16 and bfloat16 outputs on the CUDA backend (src/cuda/half_map.cu, src/cuda/mapped_fill.cu, and
// the one-pass fill of the generic fill's engines, src/cuda/half_fill.cuh):
// the CPU backend's values bit for bit, into device memory at every alignment (4-byte, 2-byte, odd
// byte), across the device scratch's 2^23-float chunks, into host and managed memory, on engines of
// every family (each makes its floats with its own kernels), in one call or many. Skips without a
// device.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/core/dist/half.hpp"
#include "gpurng/gpurng.hpp"

using gpurng::Backend;
using gpurng::Distribution;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::ValueType;

namespace {

const double kNormal[2] = {0.25, 3.0};

void draw(Generator& g, Distribution d, ValueType t, void* out, std::size_t n) {
  g.generate(d, t, d == Distribution::normal ? kNormal : nullptr, d == Distribution::normal ? 2 : 0, out, n);
}

std::vector<std::uint16_t> on_cpu(Engine e, Distribution d, ValueType t, std::uint64_t offset, std::size_t n,
                                  std::uint32_t dims = 1) {
  Generator g(e, Backend::cpu);
  if (dims > 1) g.dimensions(dims);
  g.offset(offset);
  std::vector<std::uint16_t> out(n);
  draw(g, d, t, out.data(), n);
  return out;
}

// Into device memory `byte_shift` bytes into a fresh buffer, copied back.
std::vector<std::uint16_t> on_device(Generator& g, Distribution d, ValueType t, std::size_t n, std::size_t byte_shift = 0) {
  unsigned char* buf = nullptr;
  EXPECT_EQ(cudaMalloc(&buf, 2 * n + 8), cudaSuccess);
  draw(g, d, t, buf + byte_shift, n);
  std::vector<std::uint16_t> out(n);
  EXPECT_EQ(cudaMemcpy(out.data(), buf + byte_shift, 2 * n, cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(buf);
  return out;
}

// Counts the floats whose conversion by the library's device path (the conversion instruction) and by
// the integer rule differ, over all 2^32 bit patterns but NaNs.
__global__ void count_rounding_differences(unsigned long long* differences) {
  namespace cd = gpurng::core::dist;
  unsigned long long local = 0;
  const std::uint64_t stride = std::uint64_t{gridDim.x} * blockDim.x;
  for (std::uint64_t b = std::uint64_t{blockIdx.x} * blockDim.x + threadIdx.x; b < (std::uint64_t{1} << 32); b += stride) {
    const float f = __uint_as_float(static_cast<unsigned>(b));
    if (f != f) continue;
    local += cd::float_to_binary16_bits(f) != cd::float_to_binary16_bits_by_integers(f);
    local += cd::float_to_bfloat16_bits(f) != cd::float_to_bfloat16_bits_by_integers(f);
  }
  if (local != 0) atomicAdd(differences, local);
}

std::string name(Engine e, Distribution d, ValueType t) {
  return std::string(gpurng::engine_info(e).name) + " " + gpurng::distribution_info(d).name +
         (t == ValueType::f16 ? " f16" : " bf16");
}

}  // namespace

TEST(CudaHalfOutputs, DeviceMemoryEqualsCpuOnEveryFamilyAndAlignment) {
  REQUIRE_DEVICE();
  for (Engine e : {Engine::philox4x32_10, Engine::threefry2x32_20, Engine::mrg32k3a, Engine::pcg64, Engine::xorwow,
                   Engine::xorwow_curand, Engine::kiss, Engine::kiss99, Engine::mt19937, Engine::mtgp11213,
                   Engine::dcmt521, Engine::sobol32}) {
    for (ValueType t : {ValueType::f16, ValueType::bf16}) {
      for (Distribution d : {Distribution::uniform, Distribution::normal}) {
        for (std::size_t shift : {0u, 2u, 1u}) {
          SCOPED_TRACE(name(e, d, t) + " byte shift " + std::to_string(shift));
          const std::size_t n = 100003;
          Generator g(e, Backend::cuda);
          g.offset(13);
          const std::vector<std::uint16_t> got = on_device(g, d, t, n, shift);
          EXPECT_EQ(g.offset(), 13 + n);
          const std::vector<std::uint16_t> want = on_cpu(e, d, t, 13, n);
          ASSERT_EQ(got, want) << gpurng::test::first_difference(got, want);
        }
      }
    }
  }
}

// The device rounds with the conversion instruction (core/dist/half.hpp), the CPU by the integer rule:
// the same bits for every float but NaNs.
TEST(CudaHalfOutputs, HardwareRoundingEqualsTheIntegerRule) {
  REQUIRE_DEVICE();
  unsigned long long* differences = nullptr;
  ASSERT_EQ(cudaMalloc(&differences, sizeof(unsigned long long)), cudaSuccess);
  ASSERT_EQ(cudaMemset(differences, 0, sizeof(unsigned long long)), cudaSuccess);
  count_rounding_differences<<<1024, 256>>>(differences);
  unsigned long long got = 1;
  ASSERT_EQ(cudaMemcpy(&got, differences, sizeof(got), cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(differences);
  EXPECT_EQ(got, 0u);
}

// The engines of the generic fill make half values in their fill kernel itself (src/cuda/half_fill.cuh):
// the counter engines in the group fill, the others in the row kernel (2-byte tiles). Large calls on the
// capped grid (several groups or rows a thread), at offsets off and on the counter engines' blocks and
// the rows' transform pairs, at every 2-byte alignment of the output (groups before and after the first
// 8-byte boundary, rows off their lines), and on a grid the user forced (cuda_blocks).
TEST(CudaHalfOutputs, GenericFillEnginesInOnePass) {
  REQUIRE_DEVICE();
  const std::size_t n = (std::size_t{1} << 20) + 7;
  for (Engine e : {Engine::philox4x32_10, Engine::philox4x64_10, Engine::threefry4x64_20, Engine::threefry2x32_20,
                   Engine::mrg32k3a, Engine::kiss99, Engine::pcg64, Engine::pcg64dxsm, Engine::xorwow}) {
    for (ValueType t : {ValueType::f16, ValueType::bf16}) {
      for (Distribution d : {Distribution::uniform, Distribution::normal}) {
        for (std::uint64_t offset : {std::uint64_t{0}, std::uint64_t{3}, std::uint64_t{6}}) {
          const std::vector<std::uint16_t> want = on_cpu(e, d, t, offset, n);
          for (std::size_t shift : {0u, 2u, 4u, 6u}) {
            SCOPED_TRACE(name(e, d, t) + " offset " + std::to_string(offset) + " byte shift " + std::to_string(shift));
            Generator g(e, Backend::cuda);
            g.offset(offset);
            const std::vector<std::uint16_t> got = on_device(g, d, t, n, shift);
            EXPECT_EQ(g.offset(), offset + n);
            ASSERT_EQ(got, want) << gpurng::test::first_difference(got, want);
          }
          Generator forced(e, Backend::cuda);
          forced.cuda_blocks(3);
          forced.offset(offset);
          const std::vector<std::uint16_t> got = on_device(forced, d, t, n, 2);
          ASSERT_EQ(got, want) << gpurng::test::first_difference(got, want);
        }
      }
    }
  }
}

// Across the 32 MiB scratch (2^23 floats a step); Sobol' with dimensions keeps one call.
TEST(CudaHalfOutputs, ChunksDimensionsAndSplits) {
  REQUIRE_DEVICE();
  const std::size_t n = (std::size_t{1} << 23) * 2 + 5;
  Generator g(Engine::philox4x32_10, Backend::cuda);
  const std::vector<std::uint16_t> got = on_device(g, Distribution::normal, ValueType::f16, n);
  const std::vector<std::uint16_t> want = on_cpu(Engine::philox4x32_10, Distribution::normal, ValueType::f16, 0, n);
  ASSERT_EQ(got, want) << gpurng::test::first_difference(got, want);

  Generator s(Engine::sobol32, Backend::cuda);
  s.dimensions(3);
  const std::size_t points = 3 * 400001;
  const std::vector<std::uint16_t> sg = on_device(s, Distribution::uniform, ValueType::bf16, points);
  const std::vector<std::uint16_t> sw = on_cpu(Engine::sobol32, Distribution::uniform, ValueType::bf16, 0, points, 3);
  ASSERT_EQ(sg, sw) << gpurng::test::first_difference(sg, sw);

  Generator parts(Engine::mt19937, Backend::cuda);
  parts.offset(7);
  std::vector<std::uint16_t> split;
  const std::size_t m = 50001;
  for (std::size_t len : {std::size_t{1}, std::size_t{31}, std::size_t{4096}, m - 4128}) {
    const std::vector<std::uint16_t> piece = on_device(parts, Distribution::uniform, ValueType::f16, len, 2);
    split.insert(split.end(), piece.begin(), piece.end());
  }
  EXPECT_EQ(split, on_cpu(Engine::mt19937, Distribution::uniform, ValueType::f16, 7, m));
}

// Host memory on the CUDA backend (floats through the device, then the CPU rounding) and managed
// memory (the map kernel) give the CPU's values.
TEST(CudaHalfOutputs, HostAndManagedMemory) {
  REQUIRE_DEVICE();
  const std::size_t n = 70001;
  const std::vector<std::uint16_t> want = on_cpu(Engine::mtgp11213, Distribution::normal, ValueType::bf16, 3, n);
  Generator h(Engine::mtgp11213, Backend::cuda);
  h.offset(3);
  std::vector<std::uint16_t> host(n);
  draw(h, Distribution::normal, ValueType::bf16, host.data(), n);
  EXPECT_EQ(host, want);

  Generator m(Engine::mtgp11213, Backend::cuda);
  m.offset(3);
  std::uint16_t* managed = nullptr;
  CUDA_OK(cudaMallocManaged(&managed, n * 2));
  draw(m, Distribution::normal, ValueType::bf16, managed, n);
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(std::memcmp(managed, want.data(), n * 2), 0);
  cudaFree(managed);
}

// Small calls at every alignment on a few families, for compute-sanitizer (memcheck) runs.
TEST(CudaHalfOutputs, SanitizerSized) {
  REQUIRE_DEVICE();
  for (Engine e : {Engine::philox4x32_10, Engine::threefry4x64_20, Engine::mrg32k3a, Engine::xorwow, Engine::mt19937,
                   Engine::sobol32}) {
    for (ValueType t : {ValueType::f16, ValueType::bf16}) {
      for (std::size_t shift : {0u, 1u, 2u, 3u, 4u, 6u}) {
        for (std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{1001}}) {
          SCOPED_TRACE(name(e, Distribution::normal, t) + " shift " + std::to_string(shift) + " n " + std::to_string(n));
          Generator g(e, Backend::cuda);
          g.offset(5);
          const std::vector<std::uint16_t> got = on_device(g, Distribution::normal, t, n, shift);
          ASSERT_EQ(got, on_cpu(e, Distribution::normal, t, 5, n));
        }
      }
    }
  }
}
