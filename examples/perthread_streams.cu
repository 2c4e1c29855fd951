// The per-thread engines' two faces: a kernel in which thread t draws stream t of xorshift256 through
// the device API (state in registers), and the host API, which writes the same streams interleaved
// (out[j*S + t] = value j of stream t). Thread t's values are exactly column t of the host output.
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "gpurng/device/perthread.hpp"
#include "gpurng/gpurng.hpp"

namespace {

__global__ void mean_of_normals(unsigned long long seed, int per_thread, float* first, float* means) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  gpurng::device::Xorshift256 rng;
  rng.init(seed, /*stream=*/t, /*offset=*/0);
  float sum = 0.0f;
  for (int i = 0; i < per_thread; i += 2) {
    const gpurng::device::Float2 z = rng.normal2();  // the stream's values i, i+1
    if (i == 0) first[t] = z.x;
    sum += z.x + z.y;
  }
  means[t] = sum / static_cast<float>(per_thread);
}

int check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}

}  // namespace

int main() {
  if (gpurng::cuda_devices().empty()) {
    std::printf("no CUDA device: nothing to run\n");
    return 0;
  }
  const unsigned streams = 1024;
  const int per_thread = 1000;
  const unsigned long long seed = 2024;
  float *d_first = nullptr, *d_means = nullptr;
  if (check(cudaMalloc(&d_first, streams * sizeof(float)), "cudaMalloc")) return 1;
  if (check(cudaMalloc(&d_means, streams * sizeof(float)), "cudaMalloc")) return 1;
  mean_of_normals<<<streams / 256, 256>>>(seed, per_thread, d_first, d_means);
  if (check(cudaGetLastError(), "launch")) return 1;
  std::vector<float> first(streams), means(streams);
  if (check(cudaMemcpy(first.data(), d_first, streams * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy")) return 1;
  if (check(cudaMemcpy(means.data(), d_means, streams * sizeof(float), cudaMemcpyDeviceToHost), "cudaMemcpy")) return 1;
  cudaFree(d_first);
  cudaFree(d_means);

  // The host API with S = 1024 streams: its first row is every stream's first normal.
  gpurng::Generator g(gpurng::Engine::xorshift256, gpurng::Backend::cpu);
  g.seed(seed);
  g.streams(streams);
  std::vector<float> row(streams);
  g.generate_normal(row.data(), row.size());
  bool same = true;
  for (unsigned t = 0; t < streams; ++t) same = same && row[t] == first[t];
  double grand = 0;
  for (float m : means) grand += m;
  std::printf("mean of %u x %d normals: %+.5f; first row of the host output %s the kernel's first draws\n", streams,
              per_thread, grand / streams, same ? "equals" : "DIFFERS FROM");
  return same ? 0 : 1;
}
