// Built without CUDA: no device, every pointer is host memory, and the CUDA backend is unavailable.
#include "cuda/cuda_support.hpp"
#include "cuda/device_select.hpp"

namespace gpurng::detail::cuda {

bool device_present() noexcept { return false; }
std::vector<DeviceInfo> devices() { return {}; }
MemoryKind memory_kind(const void*) { return MemoryKind::host; }
PointerInfo pointer_info(const void*) { return PointerInfo{MemoryKind::host, -1}; }
int device_count() noexcept { return 0; }
int calling_thread_device() { throw Error(Status::no_device, "this gpurng was built without CUDA support"); }
DeviceGuard::DeviceGuard(int) {}
DeviceGuard::~DeviceGuard() = default;
void synchronize(CUstream_st*) { throw Error(Status::no_device, "this gpurng was built without CUDA support"); }
void generate_to_host(void*, std::size_t, std::size_t, CUstream_st*, const std::function<void(void*, std::size_t)>&) {
  throw Error(Status::no_device, "this gpurng was built without CUDA support");
}

}  // namespace gpurng::detail::cuda
