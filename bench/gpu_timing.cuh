// Timing and reporting helpers for the GPU benchmarks: CUDA-event timing (warm-up, median of
// repeats), the device's measured write-bandwidth ceiling, a terminal table and a JSON file.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

namespace gpurng::bench {

inline void cuda_check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "bench: %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

// Median time in milliseconds of `repeats` runs of f (after `warmup` runs), each bracketed by
// events on stream s.
inline double median_ms(const std::function<void()>& f, cudaStream_t s, int warmup = 3, int repeats = 15) {
  cudaEvent_t a, b;
  cuda_check(cudaEventCreate(&a), "cudaEventCreate");
  cuda_check(cudaEventCreate(&b), "cudaEventCreate");
  for (int i = 0; i < warmup; ++i) f();
  cuda_check(cudaStreamSynchronize(s), "warm-up");
  std::vector<float> t;
  for (int i = 0; i < repeats; ++i) {
    cuda_check(cudaEventRecord(a, s), "cudaEventRecord");
    f();
    cuda_check(cudaEventRecord(b, s), "cudaEventRecord");
    cuda_check(cudaEventSynchronize(b), "cudaEventSynchronize");
    float ms = 0;
    cuda_check(cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime");
    t.push_back(ms);
  }
  cuda_check(cudaGetLastError(), "timed work");
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

__global__ void write_only_kernel(uint4* __restrict__ out, std::size_t n16, unsigned seed) {
  for (std::size_t i = blockIdx.x * std::size_t{blockDim.x} + threadIdx.x; i < n16; i += std::size_t{gridDim.x} * blockDim.x) {
    const unsigned v = static_cast<unsigned>(i) ^ seed;
    out[i] = make_uint4(v, v + 1, v + 2, v + 3);
  }
}

// The device's write-bandwidth ceiling in bytes per second: a kernel that only stores (16-byte
// stores, grid-stride), over `bytes` of device memory.
inline double write_ceiling_bytes_per_s(void* buf, std::size_t bytes, cudaStream_t s) {
  int dev = 0, sms = 0;
  cuda_check(cudaGetDevice(&dev), "cudaGetDevice");
  cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), "attribute");
  const std::size_t n16 = bytes / 16;
  const double ms = median_ms([&] { write_only_kernel<<<sms * 8, 512, 0, s>>>(static_cast<uint4*>(buf), n16, 7u); }, s);
  return static_cast<double>(n16 * 16) / (ms * 1e-3);
}

inline std::string device_name() {
  int dev = 0;
  cudaDeviceProp p{};
  cuda_check(cudaGetDevice(&dev), "cudaGetDevice");
  cuda_check(cudaGetDeviceProperties(&p, dev), "cudaGetDeviceProperties");
  return p.name;
}

inline std::string today() {
  char buf[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(buf, sizeof buf, "%Y-%m-%d", std::gmtime(&now));
  return buf;
}

}  // namespace gpurng::bench
