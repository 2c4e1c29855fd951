// Half-precision outputs (issue 23): what they cost beside the float call. Uniform and normal values of
// philox4x32-10, mrg32k3a, pcg64 and xorwow into device memory as float, float16 and bfloat16,
// G values/s (medians of 15 calls), 2^20 .. 2^28 values.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Iinclude -Ibench scripts/exp/half-output-probe.cu -Lbuild -lgpurng \
//        -o build/bench/half_output_probe
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

#include "gpu_timing.cuh"
#include "gpurng/gpurng.hpp"

int main() {
  using gpurng::Distribution;
  using gpurng::ValueType;
  const std::uint64_t max_n = std::uint64_t{1} << 28;
  void* buf = nullptr;
  gpurng::bench::cuda_check(cudaMalloc(&buf, max_n * 4), "cudaMalloc");
  std::printf("# %s\n%-14s %-8s %-9s %6s %10s %8s\n", gpurng::bench::device_name().c_str(), "engine", "dist", "type",
              "log2n", "us", "G/s");
  const double normal[2] = {0.0, 1.0};
  for (gpurng::Engine e :
       {gpurng::Engine::philox4x32_10, gpurng::Engine::mrg32k3a, gpurng::Engine::pcg64, gpurng::Engine::xorwow}) {
    gpurng::Generator g(e, gpurng::Backend::cuda);
    for (Distribution d : {Distribution::uniform, Distribution::normal}) {
      for (ValueType t : {ValueType::f32, ValueType::f16, ValueType::bf16}) {
        for (int lg : {20, 24, 26, 28}) {
          const std::uint64_t n = std::uint64_t{1} << lg;
          const double ms = gpurng::bench::median_ms(
              [&] {
                g.offset(0);
                g.generate(d, t, d == Distribution::normal ? normal : nullptr, d == Distribution::normal ? 2 : 0, buf, n);
              },
              nullptr);
          std::printf("%-14s %-8s %-9s %6d %10.1f %8.1f\n", gpurng::engine_info(e).name,
                      gpurng::distribution_info(d).name,
                      t == ValueType::f32 ? "float" : t == ValueType::f16 ? "float16" : "bfloat16", lg, ms * 1e3,
                      static_cast<double>(n) / (ms * 1e-3) / 1e9);
        }
      }
    }
  }
  cudaFree(buf);
  return 0;
}
