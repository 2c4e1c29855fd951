// The Dirichlet distribution on the CUDA backend (src/cuda/dirichlet.cu) and in the device API: the
// same values as the CPU backend, bit for bit, into device, host and managed memory, for engines of
// every pseudo-random family (the uniforms come from each family's own kernels), float (through the
// device scratch, across its chunks) and double (in place), at offsets, in one call or many, inside a
// captured CUDA graph, at K = 1 and K = 2^16; and draw_dirichlet in a kernel equal to the host's
// samples. Skips without a device.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/device/distributions.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/gpurng.hpp"

using gpurng::Backend;
using gpurng::DirichletAlpha;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::ValueType;

namespace {

std::size_t size_of(ValueType t) { return t == ValueType::f32 ? 4 : 8; }

std::vector<unsigned char> on_cpu(Engine e, const DirichletAlpha& a, ValueType t, std::uint64_t offset, std::size_t n) {
  Generator g(e, Backend::cpu);
  g.offset(offset);
  std::vector<unsigned char> out(n * size_of(t));
  g.generate_dirichlet(a, t, out.data(), n);
  return out;
}

// The same into device memory `misalign` values into the buffer, copied back.
std::vector<unsigned char> on_device(Generator& g, const DirichletAlpha& a, ValueType t, std::size_t n,
                                     std::size_t misalign = 0) {
  unsigned char* d = nullptr;
  EXPECT_EQ(cudaMalloc(&d, (n + misalign) * size_of(t)), cudaSuccess);
  g.generate_dirichlet(a, t, d + misalign * size_of(t), n);
  std::vector<unsigned char> out(n * size_of(t));
  EXPECT_EQ(cudaMemcpy(out.data(), d + misalign * size_of(t), out.size(), cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(d);
  return out;
}

DirichletAlpha some_alpha() { return DirichletAlpha(std::vector<double>{0.5, 2.0, 1e-3, 30.0, 1.0}); }

}  // namespace

TEST(CudaDirichlet, DeviceMemoryEqualsCpuOnEveryFamily) {
  REQUIRE_DEVICE();
  const DirichletAlpha a = some_alpha();
  // Generic fill, cuRAND layouts, stream fill, MT19937, MTGP, Dynamic Creator.
  for (Engine e : {Engine::mrg32k3a, Engine::philox4x32_10, Engine::pcg64, Engine::xorwow, Engine::xorwow_curand,
                   Engine::mwc, Engine::kiss, Engine::mt19937, Engine::mt19937_64, Engine::mtgp11213,
                   Engine::mtgp64_23209, Engine::dcmt521}) {
    for (ValueType t : {ValueType::f32, ValueType::f64}) {
      SCOPED_TRACE(std::string(gpurng::engine_info(e).name) + " type " + std::to_string(static_cast<int>(t)));
      const std::size_t n = 5 * 20001;
      Generator g(e, Backend::cuda);
      g.offset(15);
      const std::vector<unsigned char> got = on_device(g, a, t, n, 1);
      EXPECT_EQ(g.offset(), 15 + n);
      const std::vector<unsigned char> want = on_cpu(e, a, t, 15, n);
      ASSERT_EQ(got, want) << gpurng::test::first_difference(got, want, size_of(t));
    }
  }
}

// Float values pass the 2^22-value scratch chunk (rounded to whole samples of 3); K = 1 and K = 2^16.
TEST(CudaDirichlet, ChunksAndLargeK) {
  REQUIRE_DEVICE();
  const DirichletAlpha three(std::vector<double>{0.3, 1.0, 4.0});
  const std::size_t n = 3 * ((std::size_t{1} << 22) / 3 * 2 + 5);
  Generator g(Engine::philox4x64_10, Backend::cuda);
  const std::vector<unsigned char> got = on_device(g, three, ValueType::f32, n);
  const std::vector<unsigned char> want = on_cpu(Engine::philox4x64_10, three, ValueType::f32, 0, n);
  ASSERT_EQ(got, want) << gpurng::test::first_difference(got, want, 4);

  const DirichletAlpha one(std::vector<double>{0.01});
  Generator g1(Engine::mrg32k3a, Backend::cuda);
  const std::vector<unsigned char> ones = on_device(g1, one, ValueType::f64, 1001);
  ASSERT_EQ(ones, on_cpu(Engine::mrg32k3a, one, ValueType::f64, 0, 1001));

  std::vector<double> big(std::size_t{1} << 16);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = 1e-3 + static_cast<double>(i % 7);
  const DirichletAlpha large(big);
  for (ValueType t : {ValueType::f32, ValueType::f64}) {
    Generator gl(Engine::philox4x32_10, Backend::cuda);
    gl.offset(big.size() * 3);
    const std::vector<unsigned char> lg = on_device(gl, large, t, big.size() * 4);
    const std::vector<unsigned char> lw = on_cpu(Engine::philox4x32_10, large, t, big.size() * 3, big.size() * 4);
    ASSERT_EQ(lg, lw) << gpurng::test::first_difference(lg, lw, size_of(t));
  }
}

// Host memory on the CUDA backend (uniforms from the device, then the CPU loop) and managed memory
// (the kernel) give the CPU's values; so do many calls against one.
TEST(CudaDirichlet, HostManagedAndSplits) {
  REQUIRE_DEVICE();
  const DirichletAlpha a = some_alpha();
  const std::size_t n = 5 * 10001;
  const std::vector<unsigned char> want = on_cpu(Engine::mt19937, a, ValueType::f64, 10, n);
  Generator h(Engine::mt19937, Backend::cuda);
  h.offset(10);
  std::vector<unsigned char> host(n * 8);
  h.generate_dirichlet(a, ValueType::f64, host.data(), n);
  EXPECT_EQ(host, want);

  Generator m(Engine::mt19937, Backend::cuda);
  m.offset(10);
  double* managed = nullptr;
  CUDA_OK(cudaMallocManaged(&managed, n * 8));
  m.generate_dirichlet(a, managed, n);
  CUDA_OK(cudaDeviceSynchronize());
  EXPECT_EQ(std::memcmp(managed, want.data(), n * 8), 0);
  cudaFree(managed);

  Generator parts(Engine::mt19937, Backend::cuda);
  parts.offset(10);
  std::vector<unsigned char> split;
  for (std::size_t len : {std::size_t{5}, std::size_t{35}, std::size_t{4095}, n - 4135}) {
    const std::vector<unsigned char> piece = on_device(parts, a, ValueType::f64, len);
    split.insert(split.end(), piece.begin(), piece.end());
  }
  EXPECT_EQ(split, want);
}

// A call captured in a graph replays the values of the same call made directly (the shapes are
// uploaded outside the capture, on the library's private stream).
TEST(CudaDirichlet, GraphCapture) {
  REQUIRE_DEVICE();
  const DirichletAlpha a = some_alpha();
  const std::size_t n = 5 * 2001;
  cudaStream_t stream = nullptr;
  CUDA_OK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  float* d = nullptr;
  CUDA_OK(cudaMalloc(&d, n * 4));
  Generator g(Engine::philox4x32_10, Backend::cuda);
  g.cuda_stream(stream);
  g.offset(100);
  cudaGraph_t graph = nullptr;
  CUDA_OK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  g.generate_dirichlet(a, d, n);
  CUDA_OK(cudaStreamEndCapture(stream, &graph));
  cudaGraphExec_t exec = nullptr;
  CUDA_OK(cudaGraphInstantiate(&exec, graph, 0));
  CUDA_OK(cudaMemset(d, 0xff, n * 4));
  CUDA_OK(cudaGraphLaunch(exec, stream));
  CUDA_OK(cudaStreamSynchronize(stream));
  std::vector<unsigned char> got(n * 4);
  CUDA_OK(cudaMemcpy(got.data(), d, got.size(), cudaMemcpyDeviceToHost));
  EXPECT_EQ(got, on_cpu(Engine::philox4x32_10, a, ValueType::f32, 100, n));
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  cudaFree(d);
  cudaStreamDestroy(stream);
}

namespace {

// Thread s draws sample first_sample + s of stream `stream` (init at offset (first_sample + s) K).
template <class T>
__global__ void device_api_kernel(unsigned long long seed, unsigned long long stream, unsigned long long first_sample,
                                  gpurng::device::Dirichlet<gpurng::device::Mrg32k3a, T> d, T* out, unsigned samples) {
  const unsigned s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= samples) return;
  gpurng::device::Mrg32k3a rng;
  rng.init(seed, stream, (first_sample + s) * d.k);
  gpurng::device::draw_dirichlet(rng, d, out + static_cast<std::size_t>(s) * d.k);
}

template <class T>
void expect_device_api_equals_host() {
  const std::vector<double> alpha = {0.5, 2.0, 1e-3, 30.0, 1.0};
  const std::size_t k = alpha.size();
  const auto shapes = gpurng::device::dirichlet_shapes(alpha.data(), k);
  gpurng::core::dist::GammaShape* dshapes = nullptr;
  CUDA_OK(cudaMalloc(&dshapes, k * sizeof(shapes[0])));
  CUDA_OK(cudaMemcpy(dshapes, shapes.data(), k * sizeof(shapes[0]), cudaMemcpyHostToDevice));
  const unsigned samples = 3000;
  T* out = nullptr;
  CUDA_OK(cudaMalloc(&out, samples * k * sizeof(T)));
  device_api_kernel<T><<<(samples + 127) / 128, 128>>>(
      77, 5, 40, gpurng::device::dirichlet<gpurng::device::Mrg32k3a, T>(dshapes, k), out, samples);
  CUDA_OK(cudaGetLastError());
  std::vector<T> got(samples * k);
  CUDA_OK(cudaMemcpy(got.data(), out, got.size() * sizeof(T), cudaMemcpyDeviceToHost));
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.seed(77);
  g.select_stream(0, 5);
  g.offset(40 * k);
  std::vector<T> want(samples * k);
  g.generate_dirichlet(DirichletAlpha(alpha), want.data(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << i;
  cudaFree(out);
  cudaFree(dshapes);
}

}  // namespace

TEST(CudaDirichlet, DeviceApiKernelEqualsHost) {
  REQUIRE_DEVICE();
  expect_device_api_equals_host<float>();
  expect_device_api_equals_host<double>();
}

// Device memory is refused on the CPU backend, naming the backend; the offset stays.
TEST(CudaDirichlet, DeviceMemoryOnTheCpuBackend) {
  REQUIRE_DEVICE();
  const DirichletAlpha a = some_alpha();
  double* d = nullptr;
  CUDA_OK(cudaMalloc(&d, 80));
  Generator g(Engine::mrg32k3a, Backend::cpu);
  try {
    g.generate_dirichlet(a, d, 10);
    ADD_FAILURE() << "device memory accepted on the CPU backend";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), gpurng::Status::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("points to CUDA device memory"), std::string::npos) << e.what();
  }
  EXPECT_EQ(g.offset(), 0u);
  cudaFree(d);
}
