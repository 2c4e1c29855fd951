// The CUDA device services of the front end that choose and guard a generator's device (issue 26),
// declared for plain C++ callers. Defined in cuda_support.cu, or in cuda_absent.cpp without CUDA.
// A header of its own, apart from cuda_support.hpp, because the kernel files include that one: what
// only the front end uses stays out of their dependencies.
#pragma once

#include "cuda/cuda_support.hpp"

namespace gpurng::detail::cuda {

// The kind and, for device and managed memory, the device it was allocated on (-1 for host).
struct PointerInfo {
  MemoryKind kind;
  int device;
};
PointerInfo pointer_info(const void* p);

// The number of CUDA devices this process can use (0 without CUDA support or without a device).
int device_count() noexcept;
// The calling thread's current device (cudaGetDevice). Throws Error(no_device) without CUDA. (Named
// apart from grid.cuh's inline current_device(), which the kernel files use.)
int calling_thread_device();

// Makes `device` the calling thread's current device for the guard's lifetime and makes the previous
// one current again after, so that a generator's kernels, allocations and frees happen on its own
// device whatever device the caller has made current. A negative device does nothing (a generator
// that has not chosen its device yet, or the CPU backend). Without CUDA it does nothing at all.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int previous_ = -1;  // -1: nothing to restore
};

// Waits until the work ordered on `stream` (a stream of the current device; nullptr: its legacy
// default stream) has finished.
void synchronize(CUstream_st* stream);

}  // namespace gpurng::detail::cuda
