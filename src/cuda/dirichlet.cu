// The CUDA body of the Dirichlet distribution: the kernel that turns each sample's uniform doubles into
// its values with core::dist::dirichlet_sample, the function the CPU loop runs. The uniforms come from
// the engine's own uniform-double generation (any engine, any family), so this file instantiates
// nothing per engine.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "cuda/check.cuh"
#include "cuda/dirichlet_launch.hpp"
#include "cuda/grid.cuh"
#include "gpurng/core/dist/dirichlet.hpp"

namespace gpurng::detail::cuda {

namespace {

// One thread per sample: u holds the samples' uniforms (overwritten with the log-gammas), out gets the
// values; u and out may be the same memory (T = double, in place): dirichlet_sample writes out[i] after
// reading u[i], and no other thread touches the sample.
template <class T>
__global__ void dirichlet_kernel(const core::dist::GammaShape* shapes, std::uint32_t k, double* u, T* out,
                                 std::uint64_t samples) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t s = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; s < samples; s += stride) {
    core::dist::dirichlet_sample<T>(shapes, k, u + s * k, out + s * k);
  }
}

// Compute-bound rejection sampling: enough threads for every sample, up to one wave of resident blocks
// striding over them.
template <class T>
void launch(const core::dist::GammaShape* shapes, std::uint32_t k, double* u, T* out, std::size_t samples,
            cudaStream_t stream) {
  constexpr int kThreads = 128;
  const std::uint64_t needed = (std::uint64_t(samples) + kThreads - 1) / kThreads;
  const std::uint64_t blocks = clamp_grid(std::min(needed, wave_blocks(dirichlet_kernel<T>, kThreads)));
  dirichlet_kernel<T><<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(shapes, k, u, out, samples);
  check(cudaGetLastError(), "dirichlet_kernel launch");
}

}  // namespace

void dirichlet_map(const core::dist::GammaShape* device_shapes, std::uint32_t k, ValueType t, double* u, void* out,
                   std::size_t samples, CUstream_st* stream) {
  if (t == ValueType::f64) return launch(device_shapes, k, u, static_cast<double*>(out), samples, stream);
  if (t == ValueType::f32) return launch(device_shapes, k, u, static_cast<float*>(out), samples, stream);
  throw Error(Status::internal_error, "dirichlet: value type not checked by the front");
}

}  // namespace gpurng::detail::cuda
