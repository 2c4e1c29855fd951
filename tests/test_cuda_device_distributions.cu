// gpurng/device/distributions.hpp in a real kernel: thread t draws from subsequence (or stream) t, and
// every value equals the host API's on the CPU backend, for a sampler of each kind (Box-Muller pairs,
// inversions, the keyed rejection samplers with their Philox sub-draws, integer samplers).
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/device/distributions.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/device/perthread.hpp"
#include "gpurng/gpurng.hpp"

namespace dev = gpurng::device;

namespace {

constexpr std::uint64_t kSeed = 42;
constexpr int kThreads = 96;
constexpr int kPerThread = 32;  // values per thread
constexpr std::uint64_t kOffset = 10;

template <class G>
__device__ void init_thread(G& g, unsigned t) {
  g.init(kSeed, t, kOffset);
}

template <class G, class Tr>
__global__ void draw_kernel(Tr tr, typename Tr::value_type* out) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= kThreads) return;
  G g;
  init_thread(g, t);
  for (int k = 0; k < kPerThread; k += dev::values_per_draw<Tr>) dev::draw(g, tr, out + t * kPerThread + k);
}

// The host API's values kOffset .. of subsequence (mrg32k3a) or stream (mwc, kiss) t.
template <class T>
std::vector<T> host_values(gpurng::Engine e, gpurng::Distribution d, const std::vector<double>& params) {
  std::vector<T> out(kThreads * kPerThread);
  if (e == gpurng::Engine::mrg32k3a) {
    for (int t = 0; t < kThreads; ++t) {
      gpurng::Generator g(e, gpurng::Backend::cpu);
      g.seed(kSeed);
      g.select_stream(0, t);
      g.offset(kOffset);
      g.generate(d, params.data(), params.size(), out.data() + t * kPerThread, kPerThread);
    }
    return out;
  }
  gpurng::Generator g(e, gpurng::Backend::cpu);  // interleaved: value j of stream t at j * S + t
  g.seed(kSeed);
  g.streams(kThreads);
  g.offset(kOffset * kThreads);
  std::vector<T> all(out.size());
  g.generate(d, params.data(), params.size(), all.data(), all.size());
  for (int t = 0; t < kThreads; ++t) {
    for (int j = 0; j < kPerThread; ++j) out[t * kPerThread + j] = all[j * kThreads + t];
  }
  return out;
}

template <class G, class Tr>
void expect_kernel_equals_host(const char* what, gpurng::Engine e, const Tr& tr, gpurng::Distribution d,
                               const std::vector<double>& params) {
  using T = typename Tr::value_type;
  T* d_out = nullptr;
  CUDA_OK(cudaMalloc(&d_out, kThreads * kPerThread * sizeof(T)));
  draw_kernel<G><<<(kThreads + 63) / 64, 64>>>(tr, d_out);
  CUDA_OK(cudaGetLastError());
  std::vector<T> got(kThreads * kPerThread);
  CUDA_OK(cudaMemcpy(got.data(), d_out, got.size() * sizeof(T), cudaMemcpyDeviceToHost));
  cudaFree(d_out);
  const std::vector<T> want = host_values<T>(e, d, params);
  for (std::size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(0, std::memcmp(&got[i], &want[i], sizeof(T)))
        << what << " on " << gpurng::engine_info(e).name << ": value " << i % kPerThread << " of thread "
        << i / kPerThread << ": " << got[i] << " (kernel) vs " << want[i] << " (CPU backend)";
  }
}

template <class G>
void every_kind(gpurng::Engine e) {
  using D = gpurng::Distribution;
  expect_kernel_equals_host<G>("normal f32", e, dev::normal<G, float>(1, 2), D::normal, {1, 2});
  expect_kernel_equals_host<G>("gumbel f64", e, dev::gumbel<G, double>(0, 3), D::gumbel, {0, 3});
  expect_kernel_equals_host<G>("poisson(4)", e, dev::poisson<G>(4), D::poisson, {4});
  expect_kernel_equals_host<G>("poisson(1e4)", e, dev::poisson<G>(1e4), D::poisson, {1e4});
  expect_kernel_equals_host<G>("binomial(1e6, 0.6)", e, dev::binomial<G>(1000000, 0.6), D::binomial, {1e6, 0.6});
  expect_kernel_equals_host<G>("hypergeometric(700, 300, 600)", e, dev::hypergeometric<G>(700, 300, 600),
                               D::hypergeometric, {700, 300, 600});
  expect_kernel_equals_host<G>("gamma(0.5) f64", e, dev::gamma<G, double>(0.5), D::gamma, {0.5, 1});
  expect_kernel_equals_host<G>("beta(2, 5) f32", e, dev::beta<G, float>(2, 5), D::beta, {2, 5});
  expect_kernel_equals_host<G>("truncated_normal [8, 9] f64", e, dev::truncated_normal<G, double>(0, 1, 8, 9),
                               D::truncated_normal, {0, 1, 8, 9});
  expect_kernel_equals_host<G>("geometric(0.01) u64", e, dev::geometric<G>(0.01), D::geometric, {0.01});
}

TEST(CudaDeviceDistributions, Mrg32k3aKernelsDrawTheHostValues) {
  REQUIRE_DEVICE();
  every_kind<dev::Mrg32k3a>(gpurng::Engine::mrg32k3a);
}

TEST(CudaDeviceDistributions, ManyStreamKernelsDrawTheHostValues) {
  REQUIRE_DEVICE();
  every_kind<dev::Kiss>(gpurng::Engine::kiss);
  every_kind<dev::Mwc>(gpurng::Engine::mwc);
}

}  // namespace
