// Host arrays that kernels read, copied to each CUDA device that uses them: one copy per device and
// array, made at its first use there and freed with the owner (the discrete distribution's alias
// table, the Dirichlet distribution's gamma shapes). Declared for plain C++ owners; defined in
// device_copies.cu (cuda_absent.cpp in builds without CUDA, where no copy is ever made).
#pragma once

#include <cstddef>
#include <vector>

namespace gpurng::detail::cuda {

// Not thread-safe: the owner serialises access (its mutex).
class DeviceCopies {
 public:
  DeviceCopies() = default;
  DeviceCopies(const DeviceCopies&) = delete;
  DeviceCopies& operator=(const DeviceCopies&) = delete;
  // cudaFree synchronises the device, so a call in flight that reads a copy finishes first. Each copy
  // is freed on its own device, the caller's device restored after.
  ~DeviceCopies();

  // Array `slot` of the owner (`bytes` bytes at `host`) on the current device: its copy there, uploaded
  // through a private stream (complete before this returns, outside any capture of the caller's
  // stream) the first time. `what` names the array in errors.
  const void* on_current_device(int slot, const void* host, std::size_t bytes, const char* what);

 private:
  struct Copy {
    int device;
    int slot;
    void* data;
  };
  std::vector<Copy> copies_;
};

}  // namespace gpurng::detail::cuda
