// A cuRAND device-API kernel ported to gpurng by changing two lines (issue 22):
//
//   #include <curand_kernel.h>                  ->  #include "gpurng/device/curand_compat.hpp"
//   (nothing)                                   ->  using namespace gpurng::curand_compat;
//
// The kernel below is otherwise what a cuRAND user writes: one Philox state per thread,
// curand_init(seed, thread, 0), then curand_uniform. Its values are cuRAND's bit for bit
// (tests/test_cuda_curand_compat.cu), and thread t's draws are stream t of the host engine
// philox4x32-10, which this example checks: it exits 1 if the host API disagrees.
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "gpurng/device/curand_compat.hpp"
#include "gpurng/gpurng.hpp"

using namespace gpurng::curand_compat;

// Mean of `per_thread` uniforms per thread, and each thread's first draw kept for the check.
__global__ void mean_of_uniforms(unsigned long long seed, int per_thread, float* first, double* sums) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t state;
  curand_init(seed, t, 0, &state);
  double sum = 0;
  for (int i = 0; i < per_thread; ++i) {
    const float u = curand_uniform(&state);
    if (i == 0) first[t] = u;
    sum += u;
  }
  sums[t] = sum;
}

int main() {
  const unsigned long long seed = 2026;
  const int blocks = 64, threads = 128, per_thread = 1000;
  const int n = blocks * threads;
  float* d_first = nullptr;
  double* d_sums = nullptr;
  if (cudaMalloc(&d_first, n * sizeof(float)) != cudaSuccess || cudaMalloc(&d_sums, n * sizeof(double)) != cudaSuccess) {
    std::fprintf(stderr, "curand_port: no CUDA device (or out of memory)\n");
    return 1;
  }
  mean_of_uniforms<<<blocks, threads>>>(seed, per_thread, d_first, d_sums);
  std::vector<float> first(n);
  std::vector<double> sums(n);
  if (cudaMemcpy(first.data(), d_first, n * sizeof(float), cudaMemcpyDeviceToHost) != cudaSuccess ||
      cudaMemcpy(sums.data(), d_sums, n * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess) {
    std::fprintf(stderr, "curand_port: the kernel failed\n");
    return 1;
  }
  cudaFree(d_first);
  cudaFree(d_sums);
  double total = 0;
  for (double s : sums) total += s;
  // Thread t's first uniform is the first value of the host engine's stream t (cuRAND's
  // curand_uniform conversion of the same 32-bit word).
  int mismatches = 0;
  for (int t = 0; t < n; t += 997) {
    gpurng::Generator g(gpurng::Engine::philox4x32_10, gpurng::Backend::cpu);
    g.seed(seed);
    g.select_stream(static_cast<std::uint64_t>(t));
    std::uint32_t bits = 0;
    g.generate_bits(&bits, 1);
    if (static_cast<float>(bits) * 2.3283064e-10f + 1.1641532e-10f != first[t]) ++mismatches;
  }
  std::printf("mean of %d Philox uniforms: %.6f (expected 0.5); host streams %s\n", n * per_thread,
              total / (static_cast<double>(n) * per_thread), mismatches == 0 ? "agree" : "DISAGREE");
  return mismatches == 0 ? 0 : 1;
}
