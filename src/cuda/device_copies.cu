// DeviceCopies (device_copies.hpp): per-device copies of an owner's host arrays.
#include <cuda_runtime.h>

#include <string>

#include "cuda/device_copies.hpp"
#include "cuda/grid.cuh"
#include "cuda/relaxed_capture.cuh"
#include "cuda/workspace.cuh"

namespace gpurng::detail::cuda {

DeviceCopies::~DeviceCopies() {
  int caller = -1;
  const bool known = cudaGetDevice(&caller) == cudaSuccess;
  for (const Copy& c : copies_) {
    if (cudaSetDevice(c.device) == cudaSuccess) cudaFree(c.data);
  }
  if (known) cudaSetDevice(caller);
}

const void* DeviceCopies::on_current_device(int slot, const void* host, std::size_t bytes, const char* what) {
  const int device = current_device();
  for (const Copy& c : copies_) {
    if (c.device == device && c.slot == slot) return c.data;
  }
  copies_.reserve(copies_.size() + 1);  // so that keeping the copy below cannot throw and leak it
  RelaxedCapture relaxed;  // declared first: it outlives the private stream, created and destroyed under it
  PrivateStream upload;
  upload.create();
  const std::string alloc_what = std::string("cudaMalloc (") + what + ")";
  const std::string copy_what = std::string("cudaMemcpyAsync (") + what + ")";
  void* data = upload.upload(host, bytes, alloc_what.c_str(), copy_what.c_str());
  copies_.push_back(Copy{device, slot, data});
  return data;
}

}  // namespace gpurng::detail::cuda
