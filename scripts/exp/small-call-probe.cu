// Where a steady small call's microseconds go (issue 24): a generator made once, N uniform floats
// into device memory, then a device synchronisation; the host time of the call itself (argument
// checks, pointer query, grid sizing, launch) and the wait after it, medians over 300 calls, for
// gpurng engines and for cuRAND's XORWOW and Philox beside them.
//   nvcc -O2 -std=c++17 -arch=sm_90 -Iinclude scripts/exp/small-call-probe.cu -Lbuild -lgpurng -lcurand -o build/bench/small_call_probe
//   build/bench/small_call_probe philox4x32-10,xorwow,mrg32k3a 10000
#include <cuda_runtime.h>
#include <curand.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

__global__ void empty_kernel() {}

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string t; std::getline(in, t, ',');) out.push_back(t);
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// call() launches; prints the medians of its host time, the wait after it and their sum (us).
void measure(const std::string& name, const std::function<void()>& call) {
  for (int i = 0; i < 20; ++i) call();
  cudaDeviceSynchronize();
  std::vector<double> host, wait, total;
  for (int i = 0; i < 300; ++i) {
    const auto t0 = Clock::now();
    call();
    const auto t1 = Clock::now();
    cudaDeviceSynchronize();
    const auto t2 = Clock::now();
    host.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    wait.push_back(std::chrono::duration<double, std::micro>(t2 - t1).count());
    total.push_back(std::chrono::duration<double, std::micro>(t2 - t0).count());
  }
  std::printf("%-22s host %6.1f  wait %6.1f  total %6.1f us\n", name.c_str(), median(host), median(wait), median(total));
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: small_call_probe ENGINES N\n");
    return 2;
  }
  const std::size_t n = std::stoul(argv[2]);
  float* d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) return 1;
  // An empty kernel-free baseline: the synchronisation alone; then the runtime calls a gpurng call
  // makes on the host besides its launch (the pointer query, the current device), and an empty
  // kernel's launch, to see where the host part of a call goes.
  measure("(sync only)", [] {});
  measure("(pointer query)", [d] {
    cudaPointerAttributes a{};
    cudaPointerGetAttributes(&a, d);
  });
  measure("(cudaGetDevice)", [] {
    int dev = 0;
    cudaGetDevice(&dev);
  });
  measure("(empty kernel)", [] { empty_kernel<<<20, 128>>>(); });
  for (const auto& e : split(argv[1])) {
    gpurng::Generator g(gpurng::parse_engine(e), gpurng::Backend::cuda);
    measure(e, [&] { g.generate_uniform(d, n); });
  }
  for (auto [name, type] : {std::pair{"curand XORWOW", CURAND_RNG_PSEUDO_XORWOW},
                            std::pair{"curand PHILOX4_32_10", CURAND_RNG_PSEUDO_PHILOX4_32_10},
                            std::pair{"curand MRG32K3A", CURAND_RNG_PSEUDO_MRG32K3A}}) {
    curandGenerator_t c;
    if (curandCreateGenerator(&c, type) != CURAND_STATUS_SUCCESS) return 1;
    measure(name, [&] { curandGenerateUniform(c, d, n); });
    curandDestroyGenerator(c);
  }
  cudaFree(d);
  return 0;
}
