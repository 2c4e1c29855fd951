// Launches the MT19937 jump kernel alone for Nsight Compute: 263 jumps of random polynomials from a
// random window, with the thread count given on the command line. It times a launch shape the library
// chooses for itself (kJumpThreadsAlone / kJumpThreadsBeside), so it takes the kernel template from the
// internal target gpurng_cuda_kernels (issue 21: was scripts/exp/mt-jump-probe.cu, built by hand with
// -Isrc); built with the benchmarks (target mt_jump_probe), so it keeps compiling.
//   cmake --build build --target mt_jump_probe
//   ncu --set full --kernel-name regex:jump_kernel --launch-skip 1 --launch-count 1 build/bench/mt_jump_probe 128
// (scripts/gpu-stage.sh stages it as .device/bin/mt_jump_probe.)
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "cuda/mt19937_kernels.cuh"

namespace mtk = gpurng::detail::cuda::mtk;
namespace core_mt = gpurng::core::mt19937;
using P = core_mt::Mt32;

int main(int argc, char** argv) {
  const unsigned threads = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 128;
  const unsigned jumps = 263;
  using L = mtk::Layout<P>;
  std::mt19937 rng(1);
  std::vector<std::uint32_t> window(L::kWindowWords), polys(std::size_t{jumps} * core_mt::kPolyWords);
  for (auto& w : window) w = rng();
  for (std::size_t i = 0; i < polys.size(); ++i) polys[i] = (i % core_mt::kPolyWords) * 32 < 19937 ? rng() : 0;
  std::uint32_t *dw, *dp, *ds;
  cudaMalloc(&dw, window.size() * 4);
  cudaMalloc(&dp, polys.size() * 4);
  cudaMalloc(&ds, std::size_t{jumps + 1} * L::N * 4);
  cudaMemcpy(dw, window.data(), window.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dp, polys.data(), polys.size() * 4, cudaMemcpyHostToDevice);
  if (mtk::prepare_jump_kernel<P>() != cudaSuccess) return 1;
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (int i = 0; i < 5; ++i) {
    cudaEventRecord(a);
    mtk::launch_jumps<P>(dw, dp, ds, jumps, threads, nullptr);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms = 0;
    cudaEventElapsedTime(&ms, a, b);
    std::printf("%u threads, %u jumps: %.3f ms (%s)\n", threads, jumps, ms, cudaGetErrorString(cudaGetLastError()));
  }
  return 0;
}
