// The discrete distribution on the CUDA backend (src/cuda/discrete.cu): the same values as the CPU
// backend, bit for bit, into device, host and managed memory, for engines of every family (the
// uniforms come from each family's own kernels), all four value types (32-bit ones through the
// device scratch, across its 2^22-value chunks), at offsets, in one call or many, inside a captured
// CUDA graph, and with a table large enough to matter (2^20 categories). Skips without a device.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/gpurng.hpp"

using gpurng::Backend;
using gpurng::DiscreteTable;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::ValueType;

namespace {

std::size_t size_of(ValueType t) { return (t == ValueType::i32 || t == ValueType::u32) ? 4 : 8; }

// n values of the table at `offset` on the CPU backend, as bytes.
std::vector<unsigned char> on_cpu(Engine e, const DiscreteTable& table, ValueType t, std::uint64_t offset, std::size_t n,
                                  std::uint32_t dims = 1) {
  Generator g(e, Backend::cpu);
  if (dims > 1) g.dimensions(dims);
  g.offset(offset);
  std::vector<unsigned char> out(n * size_of(t));
  g.generate_discrete(table, t, out.data(), n);
  return out;
}

// The same into device memory `misalign` values into the buffer, copied back.
std::vector<unsigned char> on_device(Generator& g, const DiscreteTable& table, ValueType t, std::size_t n,
                                     std::size_t misalign = 0) {
  unsigned char* d = nullptr;
  EXPECT_EQ(cudaMalloc(&d, (n + misalign) * size_of(t)), cudaSuccess);
  g.generate_discrete(table, t, d + misalign * size_of(t), n);
  std::vector<unsigned char> out(n * size_of(t));
  EXPECT_EQ(cudaMemcpy(out.data(), d + misalign * size_of(t), out.size(), cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(d);
  return out;
}

DiscreteTable some_table() {
  return DiscreteTable(std::vector<double>{0.5, 0.0, 3.0, 1e-6, 2.0, 7.0, 0.25, 1.0, 0.0, 4.0, 1e-3});
}

constexpr ValueType kTypes[] = {ValueType::i32, ValueType::i64, ValueType::u32, ValueType::u64};

}  // namespace

TEST(CudaDiscrete, DeviceMemoryEqualsCpuOnEveryFamily) {
  REQUIRE_DEVICE();
  const DiscreteTable table = some_table();
  // Generic fill, cuRAND layouts, stream fill, MT19937, MTGP, Dynamic Creator, Sobol'.
  for (Engine e : {Engine::mrg32k3a, Engine::philox4x32_10, Engine::pcg64, Engine::xorwow, Engine::xorwow_curand,
                   Engine::mwc, Engine::kiss, Engine::mt19937, Engine::mt19937_64, Engine::mtgp11213,
                   Engine::mtgp64_23209, Engine::dcmt521, Engine::sobol64}) {
    for (ValueType t : kTypes) {
      SCOPED_TRACE(std::string(gpurng::engine_info(e).name) + " type " + std::to_string(static_cast<int>(t)));
      const std::size_t n = 100003;
      Generator g(e, Backend::cuda);
      g.offset(13);
      const std::vector<unsigned char> got = on_device(g, table, t, n, 1);
      EXPECT_EQ(g.offset(), 13 + n);
      const std::vector<unsigned char> want = on_cpu(e, table, t, 13, n);
      ASSERT_EQ(got, want) << gpurng::test::first_difference(got, want, size_of(t));
    }
  }
}

// 32-bit values pass the 2^22-value scratch chunk; Sobol' with D dimensions keeps one call.
TEST(CudaDiscrete, ChunksAndDimensions) {
  REQUIRE_DEVICE();
  const DiscreteTable table = some_table();
  const std::size_t n = (std::size_t{1} << 22) * 2 + 7;
  Generator g(Engine::philox4x64_10, Backend::cuda);
  const std::vector<unsigned char> got = on_device(g, table, ValueType::u32, n);
  const std::vector<unsigned char> want = on_cpu(Engine::philox4x64_10, table, ValueType::u32, 0, n);
  ASSERT_EQ(got, want) << gpurng::test::first_difference(got, want, 4);

  Generator s(Engine::sobol32, Backend::cuda);
  s.dimensions(3);
  const std::size_t points = 3 * 400001;
  const std::vector<unsigned char> sg = on_device(s, table, ValueType::i32, points);
  const std::vector<unsigned char> sw = on_cpu(Engine::sobol32, table, ValueType::i32, 0, points, 3);
  ASSERT_EQ(sg, sw) << gpurng::test::first_difference(sg, sw, 4);
}

// Host memory on the CUDA backend (uniforms through device scratch, then the CPU loop) and managed
// memory (the map kernel) give the CPU's values; so do many calls against one.
TEST(CudaDiscrete, HostManagedAndSplits) {
  REQUIRE_DEVICE();
  const DiscreteTable table = some_table();
  const std::size_t n = 50001;
  const std::vector<unsigned char> want = on_cpu(Engine::mt19937, table, ValueType::i64, 7, n);
  Generator h(Engine::mt19937, Backend::cuda);
  h.offset(7);
  std::vector<unsigned char> host(n * 8);
  h.generate_discrete(table, ValueType::i64, host.data(), n);
  EXPECT_EQ(host, want);

  Generator m(Engine::mt19937, Backend::cuda);
  m.offset(7);
  std::int64_t* managed = nullptr;
  CUDA_OK(cudaMallocManaged(&managed, n * 8));
  m.generate_discrete(table, managed, n);
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(std::memcmp(managed, want.data(), n * 8), 0);
  cudaFree(managed);

  Generator parts(Engine::mt19937, Backend::cuda);
  parts.offset(7);
  std::vector<unsigned char> split;
  for (std::size_t len : {std::size_t{1}, std::size_t{31}, std::size_t{4096}, n - 4128}) {
    const std::vector<unsigned char> piece = on_device(parts, table, ValueType::i64, len);
    split.insert(split.end(), piece.begin(), piece.end());
  }
  EXPECT_EQ(split, want);
}

// 2^20 categories: the device copy of a large table is the host's.
TEST(CudaDiscrete, LargeTable) {
  REQUIRE_DEVICE();
  std::vector<double> w(std::size_t{1} << 20);
  for (std::size_t i = 0; i < w.size(); ++i) w[i] = static_cast<double>((i * 2654435761u) % 1000);
  const DiscreteTable table(w);
  const std::size_t n = 1 << 21;
  Generator g(Engine::philox4x32_10, Backend::cuda);
  const std::vector<unsigned char> got = on_device(g, table, ValueType::i32, n);
  const std::vector<unsigned char> want = on_cpu(Engine::philox4x32_10, table, ValueType::i32, 0, n);
  ASSERT_EQ(got, want) << gpurng::test::first_difference(got, want, 4);
}

// A call captured in a graph replays the values of the same call made directly (the table is
// uploaded outside the capture, on the library's private stream).
TEST(CudaDiscrete, GraphCapture) {
  REQUIRE_DEVICE();
  const DiscreteTable table = some_table();
  const std::size_t n = 10007;
  cudaStream_t stream = nullptr;
  CUDA_OK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  std::int32_t* d = nullptr;
  CUDA_OK(cudaMalloc(&d, n * 4));
  Generator g(Engine::philox4x32_10, Backend::cuda);
  g.cuda_stream(stream);
  g.offset(99);
  cudaGraph_t graph = nullptr;
  CUDA_OK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  g.generate_discrete(table, d, n);
  CUDA_OK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec = nullptr;
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  CUDA_OK(cudaMemset(d, 0xff, n * 4));
  CUDA_OK(cudaGraphLaunch(exec, stream));
  CUDA_OK(cudaStreamSynchronize(stream));
  std::vector<unsigned char> got(n * 4);
  CUDA_OK(cudaMemcpy(got.data(), d, got.size(), cudaMemcpyDeviceToHost));
  EXPECT_EQ(got, on_cpu(Engine::philox4x32_10, table, ValueType::i32, 99, n));
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaFree(d);
  cudaStreamDestroy(stream);
}

// Device memory is refused on the CPU backend, naming the backend; the offset stays.
TEST(CudaDiscrete, DeviceMemoryOnTheCpuBackend) {
  REQUIRE_DEVICE();
  const DiscreteTable table = some_table();
  std::int32_t* d = nullptr;
  CUDA_OK(cudaMalloc(&d, 64));
  Generator g(Engine::mrg32k3a, Backend::cpu);
  try {
    g.generate_discrete(table, d, 16);
    ADD_FAILURE() << "device memory accepted on the CPU backend";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), gpurng::Status::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("points to CUDA device memory"), std::string::npos) << e.what();
  }
  EXPECT_EQ(g.offset(), 0u);
  cudaFree(d);
}
