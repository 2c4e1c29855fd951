// Built without CUDA: no device, every pointer is host memory, and the CUDA backend is unavailable.
#include "cuda/cuda_support.hpp"

namespace gpurng::detail::cuda {

bool device_present() noexcept { return false; }
std::vector<DeviceInfo> devices() { return {}; }
MemoryKind memory_kind(const void*) { return MemoryKind::host; }
void generate_to_host(void*, std::size_t, std::size_t, CUstream_st*, const std::function<void(void*, std::size_t)>&) {
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
}

}  // namespace gpurng::detail::cuda
