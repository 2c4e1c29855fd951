// Lets this thread allocate device memory and synchronise a private stream while another stream is
// being captured in global mode: the workspaces' one-time set-up (tables, polynomials, buffers) is
// not part of the captured work, and CUDA would otherwise reject those calls during a capture.
#pragma once

#include <cuda_runtime.h>

namespace gpurng::detail::cuda {

class RelaxedCapture {
 public:
  RelaxedCapture() { cudaThreadExchangeStreamCaptureMode(&mode_); }
  ~RelaxedCapture() { cudaThreadExchangeStreamCaptureMode(&mode_); }
  RelaxedCapture(const RelaxedCapture&) = delete;
  RelaxedCapture& operator=(const RelaxedCapture&) = delete;

 private:
  cudaStreamCaptureMode mode_ = cudaStreamCaptureModeRelaxed;
};

}  // namespace gpurng::detail::cuda
