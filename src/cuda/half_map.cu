// Half-precision outputs on the device (half_map_launch.hpp): a memory-bound element-wise map with the
// core's integer rounding (core/dist/half.hpp), so the bits equal the CPU loop's.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "cuda/check.cuh"
#include "cuda/grid.cuh"
#include "cuda/half_map_launch.hpp"
#include "gpurng/core/dist/half.hpp"

namespace gpurng::detail::cuda {
namespace {

using core::dist::HalfFormat;

// Two values a thread: two coalesced float loads, one 4-byte store (out + 2 * lead is 4-byte aligned;
// `lead` values before it are written alone, as is an odd tail).
template <HalfFormat F>
__global__ void half_map_kernel(const float* __restrict__ src, std::uint16_t* __restrict__ out, std::uint64_t n,
                                std::uint64_t lead) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  const std::uint64_t tid = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (tid < lead && tid < n) out[tid] = core::dist::float_to_half_bits<F>(src[tid]);
  const std::uint64_t pairs = n > lead ? (n - lead) / 2 : 0;
  auto* out2 = reinterpret_cast<unsigned*>(out + lead);
  for (std::uint64_t k = tid; k < pairs; k += stride) {
    const std::uint64_t i = lead + 2 * k;
    const unsigned lo = core::dist::float_to_half_bits<F>(src[i]);
    const unsigned hi = core::dist::float_to_half_bits<F>(src[i + 1]);
    out2[k] = lo | (hi << 16);
  }
  if (n > lead && (n - lead) % 2 == 1 && tid == 0) out[n - 1] = core::dist::float_to_half_bits<F>(src[n - 1]);
}

// An odd address: no 2-byte store is aligned, so each value goes out as two bytes.
template <HalfFormat F>
__global__ void half_map_bytes_kernel(const float* __restrict__ src, unsigned char* __restrict__ out, std::uint64_t n) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const std::uint16_t h = core::dist::float_to_half_bits<F>(src[i]);
    out[2 * i] = static_cast<unsigned char>(h & 0xffu);
    out[2 * i + 1] = static_cast<unsigned char>(h >> 8);
  }
}

template <HalfFormat F>
void launch(const float* src, void* out, std::size_t n, cudaStream_t stream) {
  constexpr int kThreads = 256;
  const std::uintptr_t addr = reinterpret_cast<std::uintptr_t>(out);
  if (addr % 2 != 0) {
    const std::uint64_t blocks =
        clamp_grid(std::min<std::uint64_t>((n + kThreads - 1) / kThreads, wave_blocks(half_map_bytes_kernel<F>, kThreads)));
    half_map_bytes_kernel<F><<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(
        src, static_cast<unsigned char*>(out), n);
  } else {
    const std::uint64_t lead = (addr % 4) / 2;
    const std::uint64_t pairs = (n + 1) / 2;
    const std::uint64_t blocks =
        clamp_grid(std::min<std::uint64_t>((pairs + kThreads - 1) / kThreads, wave_blocks(half_map_kernel<F>, kThreads)));
    half_map_kernel<F><<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(src, static_cast<std::uint16_t*>(out),
                                                                               n, lead);
  }
  check(cudaGetLastError(), "half_map_kernel launch");
}

}  // namespace

void half_map(ValueType t, const float* src, void* out, std::size_t n, CUstream_st* stream) {
  if (n == 0) return;
  if (t == ValueType::f16) return launch<HalfFormat::binary16>(src, out, n, stream);
  if (t == ValueType::bf16) return launch<HalfFormat::bfloat16>(src, out, n, stream);
  throw Error(Status::internal_error, "half_map: not a half-precision value type");
}

}  // namespace gpurng::detail::cuda
