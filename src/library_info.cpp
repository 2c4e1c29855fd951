// Status and enum names, the Error type, and what this build and machine offer.
#include "cuda/cuda_support.hpp"

namespace gpurng {

const char* status_name(Status s) noexcept {
  switch (s) {
    case Status::success: return "success";
    case Status::invalid_argument: return "invalid_argument";
    case Status::unsupported: return "unsupported";
    case Status::no_device: return "no_device";
    case Status::cuda_error: return "cuda_error";
    case Status::out_of_memory: return "out_of_memory";
    case Status::io_error: return "io_error";
    case Status::corrupt_state: return "corrupt_state";
    case Status::internal_error: return "internal_error";
  }
  return "unknown_status";
}

Error::Error(Status status, const std::string& message) : std::runtime_error(message), status_(status) {}

const char* backend_name(Backend b) noexcept {
  switch (b) {
    case Backend::automatic: return "auto";
    case Backend::cpu: return "cpu";
    case Backend::cuda: return "cuda";
    case Backend::opencl: return "opencl";
  }
  return "unknown";
}

bool built_with_cuda() noexcept { return GPURNG_WITH_CUDA != 0; }

std::vector<DeviceInfo> cuda_devices() { return detail::cuda::devices(); }

Backend default_backend() { return detail::cuda::device_present() ? Backend::cuda : Backend::cpu; }

}  // namespace gpurng
