// Grid sizing shared by the kernel launchers: the device's multiprocessors, "one wave of resident
// blocks" (as many blocks as the GPU holds at once, from the occupancy query) and the limit of a
// grid's x dimension. The launchers keep their own measured constants (threads per block, blocks
// per SM, the shortest work worth a jump) beside the comments that explain them.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <mutex>
#include <tuple>

#include "cuda/check.cuh"

namespace gpurng::detail::cuda {

// The current device.
inline int current_device() {
  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  return device;
}

// The device's multiprocessor count.
inline int sm_count(int device) {
  int sms = 0;
  check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "cudaDeviceGetAttribute");
  return sms;
}

// One wave of resident blocks of `kernel` launched with `threads` threads and `dynamic_smem` bytes of
// dynamic shared memory on `sms` multiprocessors: sms times the blocks one multiprocessor holds at
// once (at least one). The occupancy query is kept per (kernel, device, threads, bytes): it costs about
// a microsecond, a tenth of a small call's time on an H100, and its answer never changes.
template <class Kernel>
std::uint64_t wave_blocks(Kernel* kernel, int threads, int sms, std::size_t dynamic_smem = 0) {
  static std::mutex mutex;
  static std::map<std::tuple<const void*, int, int, std::size_t>, int> known;
  const int device = current_device();
  const auto key = std::make_tuple(reinterpret_cast<const void*>(kernel), device, threads, dynamic_smem);
  int per_sm = 0;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    const auto it = known.find(key);
    if (it != known.end()) per_sm = it->second;
  }
  if (per_sm == 0) {
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, dynamic_smem),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor");
    per_sm = std::max(per_sm, 1);
    const std::lock_guard<std::mutex> lock(mutex);
    known.emplace(key, per_sm);
  }
  return std::uint64_t(sms) * std::uint64_t(per_sm);
}

// The same on the current device.
template <class Kernel>
std::uint64_t wave_blocks(Kernel* kernel, int threads) {
  const int sms = sm_count(current_device());
  return wave_blocks(kernel, threads, sms);
}

// A grid's block count within what a launch accepts: at least 1, at most 2^31 - 1.
inline std::uint64_t clamp_grid(std::uint64_t blocks) {
  return std::max<std::uint64_t>(1, std::min<std::uint64_t>(blocks, 0x7fffffffu));
}

}  // namespace gpurng::detail::cuda
