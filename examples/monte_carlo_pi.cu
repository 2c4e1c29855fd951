// Monte Carlo estimate of pi with the device API: each thread draws its own subsequence of
// MRG32k3a (2^76 values apart, so threads never overlap) and counts points inside the quarter
// circle. The CPU check at the end recomputes one thread's count with the same generator on the
// host: the device API is the same code on both sides.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "gpurng/device/mrg32k3a.hpp"

namespace {

__host__ __device__ unsigned long long count_inside(unsigned long long seed, unsigned long long thread, int samples) {
  gpurng::device::Mrg32k3a rng;
  rng.init(seed, thread, 0);
  unsigned long long inside = 0;
  for (int i = 0; i < samples; ++i) {
    const double x = rng.uniform_double();
    const double y = rng.uniform_double();
    inside += (x * x + y * y <= 1.0) ? 1 : 0;
  }
  return inside;
}

__global__ void pi_kernel(unsigned long long seed, int samples, unsigned long long* counts) {
  const unsigned long long t = blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;
  counts[t] = count_inside(seed, t, samples);
}

int check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}

}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("no CUDA device: nothing to run\n");
    return 0;
  }
  const int blocks = 264, threads = 256, samples = 4096;
  const unsigned long long seed = 12345;
  const size_t n = static_cast<size_t>(blocks) * threads;
  unsigned long long* d_counts = nullptr;
  if (check(cudaMalloc(&d_counts, n * sizeof(unsigned long long)), "cudaMalloc")) return 1;
  pi_kernel<<<blocks, threads>>>(seed, samples, d_counts);
  if (check(cudaGetLastError(), "launch")) return 1;
  std::vector<unsigned long long> counts(n);
  if (check(cudaMemcpy(counts.data(), d_counts, n * sizeof(unsigned long long), cudaMemcpyDeviceToHost), "cudaMemcpy")) return 1;
  cudaFree(d_counts);

  unsigned long long inside = 0;
  for (unsigned long long c : counts) inside += c;
  const double total = static_cast<double>(n) * samples;
  const double pi = 4.0 * static_cast<double>(inside) / total;
  const double stderr_pi = 4.0 * std::sqrt(M_PI / 4 * (1 - M_PI / 4) / total);
  std::printf("pi ~ %.8f  (error %.2e, standard error %.1e, %.0f points)\n", pi, pi - M_PI, stderr_pi, total);

  const unsigned long long host = count_inside(seed, 1000, samples);
  std::printf("thread 1000: GPU %llu, CPU %llu inside: %s\n", counts[1000], host, counts[1000] == host ? "identical" : "DIFFERENT");
  return counts[1000] == host && std::fabs(pi - M_PI) < 6 * stderr_pi ? 0 : 1;
}
