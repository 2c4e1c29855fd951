// gpurng/device/curand_compat.hpp against cuRAND's own device API (curand_kernel.h) in one kernel on
// the device: curand_init at many seeds, subsequences and offsets, then curand, curand_uniform,
// curand_uniform_double, skipahead and skipahead_sequence in the same order on both states; every
// output must be equal bit for bit. Skips, saying so, without a CUDA device.
#include <cuda_runtime.h>
#include <curand_kernel.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "cuda_test_support.cuh"
#include "gpurng/device/curand_compat.hpp"

namespace {

constexpr int kPerCase = 24;  // outputs recorded per case (as 64-bit words)

struct Case {
  unsigned long long seed, subsequence, offset, skip, skip_sequence;
};

// Both generators through the same script; out[c][0 .. kPerCase) for cuRAND, then ours.
__global__ void run_both(const Case* cases, int n, unsigned long long* out) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= n) return;
  const Case k = cases[c];
  curandStatePhilox4_32_10_t theirs;
  gpurng::curand_compat::curandStatePhilox4_32_10_t ours;
  ::curand_init(k.seed, k.subsequence, k.offset, &theirs);
  gpurng::curand_compat::curand_init(k.seed, k.subsequence, k.offset, &ours);
  unsigned long long* a = out + static_cast<std::size_t>(c) * 2 * kPerCase;
  unsigned long long* b = a + kPerCase;
  int i = 0;
  for (; i < 6; ++i) {
    a[i] = ::curand(&theirs);
    b[i] = gpurng::curand_compat::curand(&ours);
  }
  ::skipahead(k.skip, &theirs);
  gpurng::curand_compat::skipahead(k.skip, &ours);
  for (; i < 12; ++i) {
    float x = ::curand_uniform(&theirs), y = gpurng::curand_compat::curand_uniform(&ours);
    unsigned xb, yb;
    memcpy(&xb, &x, 4);
    memcpy(&yb, &y, 4);
    a[i] = xb;
    b[i] = yb;
  }
  ::skipahead_sequence(k.skip_sequence, &theirs);
  gpurng::curand_compat::skipahead_sequence(k.skip_sequence, &ours);
  for (; i < 18; ++i) {
    double x = ::curand_uniform_double(&theirs), y = gpurng::curand_compat::curand_uniform_double(&ours);
    memcpy(&a[i], &x, 8);
    memcpy(&b[i], &y, 8);
  }
  for (; i < kPerCase; ++i) {
    a[i] = ::curand(&theirs);
    b[i] = gpurng::curand_compat::curand(&ours);
  }
}

TEST(CudaCurandCompat, EveryFunctionEqualsCurandsOwnOnTheDevice) {
  if (!gpurng::test::have_device()) GTEST_SKIP() << "no CUDA device: cuRAND comparison not run";
  std::vector<Case> cases;
  const unsigned long long seeds[] = {0, 1, 42, 0xfedcba9876543210ull, ~0ull};
  const unsigned long long subs[] = {0, 1, 4097, 1ull << 33, ~0ull};
  const unsigned long long offsets[] = {0, 1, 2, 3, 4, 5, 1023, (1ull << 40) + 3};
  const unsigned long long skips[] = {0, 1, 3, 4, 6, 1ull << 35};
  unsigned r = 0;
  for (auto s : seeds)
    for (auto q : subs)
      for (auto o : offsets) {
        cases.push_back(Case{s, q, o, skips[r % 6], (r % 3 == 0) ? 0ull : (r % 3 == 1 ? 1ull : ~0ull - 3)});
        ++r;
      }
  const int n = static_cast<int>(cases.size());
  Case* d_cases = nullptr;
  unsigned long long* d_out = nullptr;
  ASSERT_EQ(cudaMalloc(&d_cases, n * sizeof(Case)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&d_out, static_cast<std::size_t>(n) * 2 * kPerCase * 8), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(d_cases, cases.data(), n * sizeof(Case), cudaMemcpyHostToDevice), cudaSuccess);
  run_both<<<(n + 63) / 64, 64>>>(d_cases, n, d_out);
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  std::vector<unsigned long long> out(static_cast<std::size_t>(n) * 2 * kPerCase);
  ASSERT_EQ(cudaMemcpy(out.data(), d_out, out.size() * 8, cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(d_cases);
  cudaFree(d_out);
  for (int c = 0; c < n; ++c) {
    const unsigned long long* a = &out[static_cast<std::size_t>(c) * 2 * kPerCase];
    for (int i = 0; i < kPerCase; ++i) {
      ASSERT_EQ(a[i], a[kPerCase + i]) << "case " << c << " (seed " << cases[c].seed << ", subsequence "
                                       << cases[c].subsequence << ", offset " << cases[c].offset << ") output " << i;
    }
  }
}

}  // namespace
