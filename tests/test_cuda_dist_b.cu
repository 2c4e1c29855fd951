// CPU == GPU, bit for bit, for the keyed-draw distributions (core/dist/poisson.hpp, binomial.hpp,
// hypergeometric.hpp, negative_binomial.hpp, gamma.hpp, beta.hpp, student_t.hpp, truncated_normal.hpp): the same raws
// (Philox4x32-10 and Philox4x64-10 canonical streams, made on the host) go through each transform
// on the host and in a kernel, at parameters covering every branch. Without a device every test
// skips and says why.
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/core/dist/beta.hpp"
#include "gpurng/core/dist/binomial.hpp"
#include "gpurng/core/dist/gamma.hpp"
#include "gpurng/core/dist/hypergeometric.hpp"
#include "gpurng/core/dist/negative_binomial.hpp"
#include "gpurng/core/dist/poisson.hpp"
#include "gpurng/core/dist/student_t.hpp"
#include "gpurng/core/dist/truncated_normal.hpp"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
using Tr32 = core::philox::Traits4x32_10;
using Tr64 = core::philox::Traits4x64_10;

namespace {

constexpr std::size_t kValues = std::size_t{1} << 16;

template <class Transform, class Raw>
__global__ void apply_groups(Transform t, const Raw* raws, typename Transform::value_type* out, std::size_t groups) {
  const std::size_t g = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
  if (g < groups) t(raws + 2 * g, out + 2 * g);
}

template <class Tr>
std::vector<typename Tr::raw_type> raws_of(std::uint64_t seed) {
  std::vector<typename Tr::raw_type> r(kValues);
  if constexpr (std::is_same_v<Tr, Tr32>) {
    auto st = Tr::start(core::philox::Scheme4x32<10>::stream(seed, 3));
    for (auto& x : r) x = Tr::next(st);
  } else {
    auto st = Tr::start(core::philox::Scheme4x64<10>::stream(core::U128{seed, 0}, 3));
    for (auto& x : r) x = Tr::next(st);
  }
  return r;
}

template <class Tr, class Transform>
void same_bits(const Transform& t, const char* what) {
  using V = typename Transform::value_type;
  using Raw = typename Tr::raw_type;
  const auto raws = raws_of<Tr>(2026);
  std::vector<V> host(kValues), device(kValues);
  for (std::size_t g = 0; g < kValues / 2; ++g) t(&raws[2 * g], &host[2 * g]);
  Raw* d_raws = nullptr;
  V* d_out = nullptr;
  CUDA_OK(cudaMalloc(&d_raws, kValues * sizeof(Raw)));
  CUDA_OK(cudaMalloc(&d_out, kValues * sizeof(V)));
  CUDA_OK(cudaMemcpy(d_raws, raws.data(), kValues * sizeof(Raw), cudaMemcpyHostToDevice));
  const std::size_t groups = kValues / 2;
  apply_groups<<<static_cast<unsigned>((groups + 255) / 256), 256>>>(t, d_raws, d_out, groups);
  CUDA_OK(cudaGetLastError());
  CUDA_OK(cudaMemcpy(device.data(), d_out, kValues * sizeof(V), cudaMemcpyDeviceToHost));
  cudaFree(d_raws);
  cudaFree(d_out);
  for (std::size_t i = 0; i < kValues; ++i) {
    if (std::memcmp(&host[i], &device[i], sizeof(V)) != 0) {
      ADD_FAILURE() << what << ": value " << i << " differs: host " << +host[i] << ", device " << +device[i];
      return;
    }
  }
}

template <class Tr>
void all_distributions() {
  for (double lambda : {1e-6, 0.5, 9.9, 10.0, 30.0, 100.0, 1e4, 3e4, 65535.0, 1e9}) {
    same_bits<Tr>(dist::Poisson<Tr>{dist::poisson_setup(lambda)}, "poisson");
  }
  const std::pair<std::uint32_t, double> binomials[] = {{20, 0.3},          {100, 0.3},         {60, 0.75}, {21, 0.5},
                                                        {262000, 0.5},      {2147483647u, 1e-9}, {2147483647u, 3e-5},
                                                        {2147483647u, 0.5}};
  for (auto [n, p] : binomials) same_bits<Tr>(dist::Binomial<Tr>{dist::binomial_setup(n, p)}, "binomial");
  // Inversion, both symmetries, HRUA at the smallest variance and at N = 2^31 and 2^32 - 1.
  const std::uint32_t hypergeometrics[][3] = {{5, 10, 4},       {10, 5, 12},      {20, 20, 20},
                                              {700, 300, 600},  {30, 1000000000u, 500000000u},
                                              {1u << 30, 1u << 30, 1u << 29}, {2147483648u, 2147483647u, 2147483648u}};
  for (const auto& h : hypergeometrics) {
    same_bits<Tr>(dist::Hypergeometric<Tr>{dist::hypergeometric_setup(h[0], h[1], h[2])}, "hypergeometric");
  }
  for (auto [r, p] : {std::pair<double, double>{3, 0.4}, {0.5, 0.05}, {2.5, 1e-4}}) {
    same_bits<Tr>(dist::NegativeBinomial<Tr>{dist::negative_binomial_setup(r, p)}, "negative binomial");
  }
  for (double alpha : {1e-3, 0.5, 1.0, 3.0, 1e6}) {
    same_bits<Tr>(dist::Gamma<Tr, double>{dist::gamma_shape_setup(alpha), 2.0}, "gamma double");
    same_bits<Tr>(dist::Gamma<Tr, float>{dist::gamma_shape_setup(alpha), 2.0}, "gamma float");
  }
  same_bits<Tr>(dist::ChiSquare<Tr, double>{dist::gamma_shape_setup(1.5)}, "chi-square");
  for (auto [a, b] : {std::pair<double, double>{0.5, 0.5}, {2, 5}, {1e-3, 1e-3}}) {
    same_bits<Tr>(dist::Beta<Tr, double>{dist::beta_setup(a, b)}, "beta double");
    same_bits<Tr>(dist::Beta<Tr, float>{dist::beta_setup(a, b)}, "beta float");
  }
  for (double nu : {0.5, 3.7, 1e6}) {
    same_bits<Tr>(dist::StudentT<Tr, double>{nu}, "t double");
    same_bits<Tr>(dist::StudentT<Tr, float>{nu}, "t float");
  }
  const double bounds[][2] = {{-1, 1}, {-0.5, 3}, {0, INFINITY}, {0.5, 1}, {8, 9}, {-INFINITY, -30}, {-30, -29.99}};
  for (const auto& b : bounds) {
    same_bits<Tr>(dist::TruncatedNormal<Tr, double>{dist::truncated_normal_setup(0, 1, b[0], b[1])}, "truncated normal double");
    same_bits<Tr>(dist::TruncatedNormal<Tr, float>{dist::truncated_normal_setup(0, 1, b[0], b[1])}, "truncated normal float");
  }
}

}  // namespace

TEST(CudaDistB, SameBitsAsTheCpu32BitRaws) {
  REQUIRE_DEVICE();
  all_distributions<Tr32>();
}

TEST(CudaDistB, SameBitsAsTheCpu64BitRaws) {
  REQUIRE_DEVICE();
  all_distributions<Tr64>();
}
