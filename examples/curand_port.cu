// cuRAND device-API kernels ported to gpurng by changing two lines (issue 22):
//
//   #include <curand_kernel.h>                  ->  #include "gpurng/device/curand_compat.hpp"
//   (nothing)                                   ->  using namespace gpurng::curand_compat;
//
// The kernels below are otherwise what a cuRAND user writes: one state per thread,
// curand_init(seed, thread, 0), then draws. Their values are cuRAND's bit for bit
// (tests/test_cuda_curand_compat.cu), normals included. Thread t's raw draws are stream t of the host
// engines philox4x32-10 and xorwow, which this example checks: it exits 1 if the host API disagrees.
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "gpurng/device/curand_compat.hpp"
#include "gpurng/gpurng.hpp"

using namespace gpurng::curand_compat;

// Mean of `per_thread` Philox uniforms per thread, and each thread's first draw kept for the check.
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

// Moments of `per_thread` normals per thread from cuRAND's default state (XORWOW), after keeping the
// thread's first raw word for the check.
__global__ void normal_moments(unsigned long long seed, int per_thread, unsigned* first, double* sums, double* squares) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  curandState state;
  curand_init(seed, t, 0, &state);
  first[t] = curand(&state);
  double sum = 0, square = 0;
  for (int i = 0; i < per_thread; ++i) {
    const float z = curand_normal(&state);
    sum += z;
    square += static_cast<double>(z) * z;
  }
  sums[t] = sum;
  squares[t] = square;
}

template <class T>
bool fetch(std::vector<T>& host, const T* device) {
  return cudaMemcpy(host.data(), device, host.size() * sizeof(T), cudaMemcpyDeviceToHost) == cudaSuccess;
}

std::uint32_t host_first_word(gpurng::Engine engine, unsigned long long seed, unsigned t) {
  gpurng::Generator g(engine, gpurng::Backend::cpu);
  g.seed(seed);
  g.select_stream(static_cast<std::uint64_t>(t));
  std::uint32_t bits = 0;
  g.generate_bits(&bits, 1);
  return bits;
}

int main() {
  const unsigned long long seed = 2026;
  const int blocks = 64, threads = 128, per_thread = 1000;
  const int n = blocks * threads;
  float* d_first = nullptr;
  unsigned* d_words = nullptr;
  double *d_sums = nullptr, *d_squares = nullptr;
  if (cudaMalloc(&d_first, n * sizeof(float)) != cudaSuccess || cudaMalloc(&d_words, n * sizeof(unsigned)) != cudaSuccess ||
      cudaMalloc(&d_sums, n * sizeof(double)) != cudaSuccess || cudaMalloc(&d_squares, n * sizeof(double)) != cudaSuccess) {
    std::fprintf(stderr, "curand_port: no CUDA device (or out of memory)\n");
    return 1;
  }
  std::vector<float> first(n);
  std::vector<unsigned> words(n);
  std::vector<double> sums(n), normal_sums(n), squares(n);
  mean_of_uniforms<<<blocks, threads>>>(seed, per_thread, d_first, d_sums);
  const bool uniforms_ok = fetch(first, d_first) && fetch(sums, d_sums);
  normal_moments<<<blocks, threads>>>(seed, per_thread, d_words, d_sums, d_squares);
  const bool normals_ok = fetch(words, d_words) && fetch(normal_sums, d_sums) && fetch(squares, d_squares);
  cudaFree(d_first);
  cudaFree(d_words);
  cudaFree(d_sums);
  cudaFree(d_squares);
  if (!uniforms_ok || !normals_ok) {
    std::fprintf(stderr, "curand_port: a kernel failed\n");
    return 1;
  }
  double total = 0, normal_total = 0, square_total = 0;
  for (int t = 0; t < n; ++t) {
    total += sums[t];
    normal_total += normal_sums[t];
    square_total += squares[t];
  }
  // Thread t's first draws are the first value of the host engines' stream t (for Philox through
  // cuRAND's curand_uniform conversion of the same 32-bit word).
  int mismatches = 0;
  for (int t = 0; t < n; t += 997) {
    const std::uint32_t philox = host_first_word(gpurng::Engine::philox4x32_10, seed, t);
    if (static_cast<float>(philox) * 2.3283064e-10f + 1.1641532e-10f != first[t]) ++mismatches;
    if (host_first_word(gpurng::Engine::xorwow, seed, t) != words[t]) ++mismatches;
  }
  const double draws = static_cast<double>(n) * per_thread;
  const double mean = normal_total / draws;
  std::printf("mean of %.0f Philox uniforms: %.6f (expected 0.5)\n", draws, total / draws);
  std::printf("XORWOW normals: mean %.6f, variance %.6f (expected 0, 1)\n", mean, square_total / draws - mean * mean);
  std::printf("host streams %s\n", mismatches == 0 ? "agree" : "DISAGREE");
  return mismatches == 0 ? 0 : 1;
}
