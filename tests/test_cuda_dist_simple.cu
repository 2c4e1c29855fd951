// The issue-23 simple distributions give the same bits on the GPU as on the CPU: each core transform
// applied by a kernel and by a host loop to the same raw words (random words plus the extremes 0 and
// all-ones), compared byte for byte; and Geometric::make's log1p(-p) computed on the device equals
// the host's. Without a device every test skips and says why.
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/core/dist/bernoulli_geometric.hpp"
#include "gpurng/core/dist/half.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/inversion_transforms.hpp"
#include "gpurng/core/dist/uniform_int.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/core/engines/philox.hpp"

namespace cd = gpurng::core::dist;
using P32 = gpurng::core::philox::Traits4x32_10;
using P64 = gpurng::core::philox::Traits4x64_10;
using Mrg = gpurng::core::mrg32k3a::Engine;
using C32 = cd::CenteredUniforms<P32>;
using C64 = cd::CenteredUniforms<P64>;

namespace {

constexpr int kGroups = 1 << 16;

// Group g reads raws [arity g, arity g + arity) and writes the values at the same positions.
template <class Tr, class Raw>
__global__ void apply(Tr tr, const Raw* raw, typename Tr::value_type* out, int groups) {
  const int g = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (g < groups) tr(raw + static_cast<std::size_t>(g) * Tr::arity, out + static_cast<std::size_t>(g) * Tr::arity);
}

// Random words (uniform on [0, max_word]), the extremes 0, 1, 2, 3 and max_word first.
template <class Raw>
std::vector<Raw> raws(std::size_t n, std::uint64_t seed, Raw max_word) {
  std::mt19937_64 g(seed);
  std::uniform_int_distribution<std::uint64_t> word(0, static_cast<std::uint64_t>(max_word));
  std::vector<Raw> r(n);
  for (auto& x : r) x = static_cast<Raw>(word(g));
  for (std::size_t i = 0; i < 8 && i < n; ++i) r[i] = i % 2 ? max_word : static_cast<Raw>(i / 2);
  return r;
}

template <class Tr, class Raw>
void same(const Tr& tr, const char* what, Raw max_word = Raw(~Raw(0))) {
  using T = typename Tr::value_type;
  constexpr int A = Tr::arity;
  const std::vector<Raw> in = raws<Raw>(static_cast<std::size_t>(kGroups) * A, 23, max_word);
  std::vector<T> cpu(in.size()), gpu(in.size());
  for (int g = 0; g < kGroups; ++g) tr(in.data() + static_cast<std::size_t>(g) * A, cpu.data() + static_cast<std::size_t>(g) * A);
  Raw* d_in = nullptr;
  T* d_out = nullptr;
  CUDA_OK(cudaMalloc(&d_in, in.size() * sizeof(Raw)));
  CUDA_OK(cudaMalloc(&d_out, gpu.size() * sizeof(T)));
  CUDA_OK(cudaMemcpy(d_in, in.data(), in.size() * sizeof(Raw), cudaMemcpyHostToDevice));
  apply<Tr, Raw><<<(kGroups + 255) / 256, 256>>>(tr, d_in, d_out, kGroups);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaMemcpy(gpu.data(), d_out, gpu.size() * sizeof(T), cudaMemcpyDeviceToHost));
  cudaFree(d_in);
  cudaFree(d_out);
  for (std::size_t i = 0; i < cpu.size(); ++i) {
    ASSERT_EQ(std::memcmp(&cpu[i], &gpu[i], sizeof(T)), 0) << what << ": first difference at value " << i;
  }
}

TEST(CudaDistSimple, Integers) {
  REQUIRE_DEVICE();
  same<cd::UniformInt<P32, std::int32_t>, std::uint32_t>({-7, 1000}, "uniform_int P32 int32");
  same<cd::UniformInt<P64, std::int64_t>, std::uint64_t>(
      {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()}, "uniform_int P64 full");
  same<cd::UniformInt<P64, std::uint64_t>, std::uint64_t>({5, 0xbfffffffffffffffu}, "uniform_int P64 large");
  same<cd::UniformInt<P64, std::uint32_t>, std::uint64_t>({0, 3u << 30}, "uniform_int P64 uint32");
  // UniformIntKeyed: the engine's word on top, keyed Philox words below (every (engine width, T)),
  // and on a 64-bit engine with 32-bit T, UniformInt on each raw.
  const std::int64_t mn = std::numeric_limits<std::int64_t>::min(), mx = std::numeric_limits<std::int64_t>::max();
  const Mrg::raw_type m1 = 4294967087u;
  same<cd::UniformIntKeyed<P32, std::uint64_t>, std::uint32_t>({3, 1000000000000000000u}, "keyed P32 uint64");
  same<cd::UniformIntKeyed<P32, std::uint64_t>, std::uint32_t>({0, ~std::uint64_t{0}}, "keyed P32 uint64 full");
  same<cd::UniformIntKeyed<P32, std::uint32_t>, std::uint32_t>({0, 3u * (1u << 30) - 1u}, "keyed P32 uint32 3*2^30");
  same<cd::UniformIntKeyed<P32, std::int32_t>, std::uint32_t>({-7, 1000}, "keyed P32 int32");
  same<cd::UniformIntKeyed<Mrg, std::int64_t>, std::uint32_t>({-5, mx}, "keyed mrg int64", m1);
  same<cd::UniformIntKeyed<Mrg, std::int64_t>, std::uint32_t>({mn, 0x3fffffffffffffff}, "keyed mrg int64 3*2^62", m1);
  same<cd::UniformIntKeyed<Mrg, std::int32_t>, std::uint32_t>({-50, 49}, "keyed mrg int32", m1);
  same<cd::UniformIntKeyed<P64, std::int64_t>, std::uint64_t>({-5, 0x3fffffffffffffff}, "keyed P64 int64");
  same<cd::UniformIntKeyed<P64, std::uint64_t>, std::uint64_t>({1, ~std::uint64_t{0}}, "keyed P64 uint64 2^64-1");
  same<cd::UniformIntKeyed<P64, std::uint32_t>, std::uint64_t>({7, 3u << 30}, "keyed P64 uint32 (raw alone)");
  same<cd::Bernoulli<P32, std::uint8_t>, std::uint32_t>({0.3}, "bernoulli P32");
  same<cd::Bernoulli<Mrg, std::uint32_t>, std::uint32_t>({1e-3}, "bernoulli mrg", 4294967087u);
  same<cd::Geometric<P64, std::uint64_t>, std::uint64_t>(cd::Geometric<P64, std::uint64_t>::make(1e-9), "geometric 1e-9");
  same<cd::Geometric<P32, std::uint32_t>, std::uint32_t>(cd::Geometric<P32, std::uint32_t>::make(0.3), "geometric 0.3");
  same<cd::Geometric<P32, std::uint32_t>, std::uint32_t>(cd::Geometric<P32, std::uint32_t>::make(1.0), "geometric 1");
}

__global__ void make_geometric(const double* p, double* out, int n) {
  const int i = static_cast<int>(threadIdx.x);
  if (i < n) out[i] = cd::Geometric<P64, std::uint64_t>::make(p[i]).log1m_p;
}

TEST(CudaDistSimple, GeometricMakeOnDevice) {
  REQUIRE_DEVICE();
  const std::vector<double> p{1.0, 0.5, 0.3, 1e-3, 1e-9, 1e-17, 4.9e-324, 0.999999};
  std::vector<double> gpu(p.size());
  double *d_p = nullptr, *d_o = nullptr;
  CUDA_OK(cudaMalloc(&d_p, p.size() * 8));
  CUDA_OK(cudaMalloc(&d_o, p.size() * 8));
  CUDA_OK(cudaMemcpy(d_p, p.data(), p.size() * 8, cudaMemcpyHostToDevice));
  make_geometric<<<1, 32>>>(d_p, d_o, static_cast<int>(p.size()));
  CUDA_OK(cudaMemcpy(gpu.data(), d_o, p.size() * 8, cudaMemcpyDeviceToHost));
  cudaFree(d_p);
  cudaFree(d_o);
  for (std::size_t i = 0; i < p.size(); ++i) {
    const double cpu = cd::Geometric<P64, std::uint64_t>::make(p[i]).log1m_p;
    EXPECT_EQ(std::memcmp(&cpu, &gpu[i], 8), 0) << "p = " << p[i];
  }
}

TEST(CudaDistSimple, Continuous) {
  REQUIRE_DEVICE();
  same<cd::Cauchy<C32, float>, std::uint32_t>({1.5f, 0.5f}, "cauchy float");
  same<cd::Cauchy<C64, double>, std::uint64_t>({1.5, 0.5}, "cauchy double");
  same<cd::Weibull<C32, float>, std::uint32_t>({0.5f, 2.0f}, "weibull float");
  same<cd::Weibull<C64, double>, std::uint64_t>({3.7, 0.8}, "weibull double");
  same<cd::Weibull<P32, float>, std::uint32_t>({1.3f, 1.0f}, "weibull float (0,1]");
  same<cd::Laplace<C32, float>, std::uint32_t>({-1.0f, 2.0f}, "laplace float");
  same<cd::Laplace<C64, double>, std::uint64_t>({-1.0, 2.0}, "laplace double");
  same<cd::Logistic<C32, float>, std::uint32_t>({0.3f, 1.7f}, "logistic float");
  same<cd::Logistic<C64, double>, std::uint64_t>({0.3, 1.7}, "logistic double");
  same<cd::Gumbel<C32, float>, std::uint32_t>({-2.0f, 0.7f}, "gumbel float");
  same<cd::Gumbel<C64, double>, std::uint64_t>({-2.0, 0.7}, "gumbel double");
  same<cd::Rayleigh<C32, float>, std::uint32_t>({2.5f}, "rayleigh float");
  same<cd::Rayleigh<P64, double>, std::uint64_t>({2.5}, "rayleigh double (0,1]");
}

TEST(CudaDistSimple, Half) {
  REQUIRE_DEVICE();
  same<cd::ToHalf<cd::Uniform<P32, float>, cd::HalfFormat::binary16>, std::uint32_t>({}, "uniform f16");
  same<cd::ToHalf<cd::Uniform<P32, float>, cd::HalfFormat::bfloat16>, std::uint32_t>({}, "uniform bf16");
  same<cd::ToHalf<cd::Normal<P32, float>, cd::HalfFormat::binary16>, std::uint32_t>({{0.0f, 1.0f}}, "normal f16");
  same<cd::ToHalf<cd::Normal<P32, float>, cd::HalfFormat::bfloat16>, std::uint32_t>({{3.0f, 2.0f}}, "normal bf16");
  same<cd::ToHalf<cd::NormalInverseCdf<C32, float>, cd::HalfFormat::binary16>, std::uint32_t>({{0.0f, 1.0f}},
                                                                                              "normal icdf f16");
}

}  // namespace
