// The CUDA body of the discrete distribution: the map kernel that turns uniform doubles into
// categories with core::dist::alias_pick, the function the CPU loop runs. The uniforms come from the
// engine's own uniform-double generation (any engine, any family), so this file instantiates nothing
// per engine.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "cuda/check.cuh"
#include "cuda/discrete_launch.hpp"
#include "cuda/grid.cuh"

namespace gpurng::detail::cuda {

namespace {

// out[i] = alias_pick(table, u[i]). u and out may be the same memory (64-bit T, in place): each
// thread reads its uniform before it writes the value, and no other thread touches that element.
template <class T>
__global__ void alias_map_kernel(core::dist::AliasTableView table, const double* u, T* out, std::uint64_t n) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const double v = u[i];
    out[i] = static_cast<T>(core::dist::alias_pick(table, v));
  }
}

// A memory-bound gather: one wave of resident blocks striding over the values is enough.
template <class T>
void launch_map(const core::dist::AliasTableView& table, const double* u, T* out, std::size_t n, cudaStream_t stream) {
  constexpr int kThreads = 256;
  const std::uint64_t needed = (std::uint64_t(n) + kThreads - 1) / kThreads;
  const std::uint64_t blocks = clamp_grid(std::min(needed, wave_blocks(alias_map_kernel<T>, kThreads)));
  alias_map_kernel<T><<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(table, u, out, n);
  check(cudaGetLastError(), "alias_map_kernel launch");
}

}  // namespace

void alias_map(const core::dist::AliasTableView& table, ValueType t, const double* u, void* out, std::size_t n,
               cudaStream_t stream) {
  switch (t) {
    case ValueType::i32: return launch_map(table, u, static_cast<std::int32_t*>(out), n, stream);
    case ValueType::u32: return launch_map(table, u, static_cast<std::uint32_t*>(out), n, stream);
    case ValueType::i64: return launch_map(table, u, static_cast<std::int64_t*>(out), n, stream);
    case ValueType::u64: return launch_map(table, u, static_cast<std::uint64_t*>(out), n, stream);
    default: throw Error(Status::internal_error, "discrete: value type not checked by the front");
  }
}

}  // namespace gpurng::detail::cuda
