// Turns a CUDA runtime status into gpurng::Error; the message names the failed operation.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "gpurng/gpurng.hpp"

namespace gpurng::detail::cuda {

inline void check(cudaError_t e, const char* what) {
  if (e == cudaSuccess) return;
  const Status s = (e == cudaErrorMemoryAllocation) ? Status::out_of_memory
                   : (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver) ? Status::no_device
                                                                                  : Status::cuda_error;
  throw Error(s, std::string(what) + " failed: " + cudaGetErrorName(e) + ": " + cudaGetErrorString(e));
}

}  // namespace gpurng::detail::cuda
