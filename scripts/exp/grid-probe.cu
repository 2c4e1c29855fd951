// How the grid size (Generator::cuda_blocks, tuning only) moves a steady call's time, per engine and
// size and output (uniform floats, 32-bit bits or normal floats) into device memory, CUDA-event timing
// of 20 calls after 3 warm-ups.
//   nvcc -O2 -std=c++17 -arch=sm_90 -Iinclude scripts/exp/grid-probe.cu -Lbuild -lgpurng -o build/grid-probe
//   build/grid-probe xorwow,philox4x32-10 20,24 0,16,33,66,132,264,528,1056 [uniform,uniform64,bits,normal] [OFFSET]
#include <cuda_runtime.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

static std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string t; std::getline(in, t, ',');) out.push_back(t);
  return out;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: grid-probe ENGINES LOG2SIZES BLOCKS [OUTPUTS [OFFSET]] (comma-separated)\n");
    return 2;
  }
  float* d = nullptr;
  std::size_t max_n = 0;
  for (const auto& e : split(argv[2])) max_n = std::max<std::size_t>(max_n, std::size_t{1} << std::stoi(e));
  if (cudaMalloc(&d, max_n * sizeof(double)) != cudaSuccess) return 1;  // room for 64-bit words
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  const std::vector<std::string> outputs = split(argc > 4 ? argv[4] : "uniform");
  const std::uint64_t first = argc > 5 ? std::stoull(argv[5]) : 0;  // 1: Philox's first block partial
  std::printf("engine output log2n blocks us_per_call GS/s\n");
  for (const auto& name : split(argv[1])) {
   for (const auto& output : outputs) {
    auto call = [&](gpurng::Generator& g, std::size_t n) {
      if (output == "bits" && gpurng::engine_info(g.engine()).bits_width == 64) {
        g.generate_bits(reinterpret_cast<std::uint64_t*>(d), n);
      } else if (output == "bits") {
        g.generate_bits(reinterpret_cast<std::uint32_t*>(d), n);
      } else if (output == "normal") {
        g.generate_normal(d, n, 0.0f, 1.0f);
      } else if (output == "uniform64") {
        g.generate_uniform(reinterpret_cast<double*>(d), n);
      } else {
        g.generate_uniform(d, n);
      }
    };
    for (const auto& l : split(argv[2])) {
      const std::size_t n = std::size_t{1} << std::stoi(l);
      for (const auto& bl : split(argv[3])) {
        gpurng::Generator g(gpurng::parse_engine(name), gpurng::Backend::cuda);
        g.cuda_blocks(static_cast<unsigned>(std::stoul(bl)));
        g.offset(first);
        for (int i = 0; i < 3; ++i) call(g, n);
        cudaEventRecord(a);
        const int calls = 20;
        for (int i = 0; i < calls; ++i) call(g, n);
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float ms = 0;
        cudaEventElapsedTime(&ms, a, b);
        const double us = 1000.0 * ms / calls;
        std::printf("%s %s %s %s %.1f %.1f\n", name.c_str(), output.c_str(), l.c_str(), bl.c_str(), us, n / us / 1000.0);
        std::fflush(stdout);
      }
    }
   }
  }
  cudaFree(d);
  return 0;
}
