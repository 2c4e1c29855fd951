#include <algorithm>

#include "cuda/check.cuh"
#include "cuda/cuda_support.hpp"
#include "cuda/device_select.hpp"
#include "cuda/scratch_pool.cuh"

namespace gpurng::detail::cuda {

bool device_present() noexcept {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();  // clear the sticky "no device" status
    return false;
  }
  return count > 0;
}

std::vector<DeviceInfo> devices() {
  std::vector<DeviceInfo> out;
  if (!device_present()) return out;
  int count = 0;
  check(cudaGetDeviceCount(&count), "cudaGetDeviceCount");
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp p{};
    check(cudaGetDeviceProperties(&p, i), "cudaGetDeviceProperties");
    out.push_back(DeviceInfo{i, p.name, p.major, p.minor, p.multiProcessorCount, p.totalGlobalMem});
  }
  return out;
}

MemoryKind memory_kind(const void* p) { return pointer_info(p).kind; }

PointerInfo pointer_info(const void* p) {
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return PointerInfo{MemoryKind::host, -1};
  }
  switch (attr.type) {
    case cudaMemoryTypeDevice: return PointerInfo{MemoryKind::device, attr.device};
    case cudaMemoryTypeManaged: return PointerInfo{MemoryKind::managed, attr.device};
    default: return PointerInfo{MemoryKind::host, -1};
  }
}

int device_count() noexcept {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return count;
}

int calling_thread_device() {
  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  return device;
}

DeviceGuard::DeviceGuard(int device) {
  if (device < 0) return;
  const int previous = calling_thread_device();
  if (previous == device) return;
  check(cudaSetDevice(device), "cudaSetDevice");
  previous_ = previous;
}

DeviceGuard::~DeviceGuard() {
  // A destructor cannot report; failing to switch back leaves the generator's device current, which
  // the next guard (or the caller's own cudaSetDevice) corrects.
  if (previous_ >= 0 && cudaSetDevice(previous_) != cudaSuccess) (void)cudaGetLastError();
}

void synchronize(CUstream_st* stream) { check(cudaStreamSynchronize(stream), "cudaStreamSynchronize"); }

void generate_to_host(void* host_out, std::size_t n, std::size_t value_size, CUstream_st* stream,
                      const std::function<void(void*, std::size_t)>& fill) {
  constexpr std::size_t kChunkBytes = std::size_t{256} << 20;
  const std::size_t chunk = std::max<std::size_t>(1, std::min(n, kChunkBytes / value_size));
  void* scratch = scratch_alloc(chunk * value_size, stream, "cudaMallocFromPoolAsync (scratch for host output)");
  try {
    auto* dst = static_cast<unsigned char*>(host_out);
    for (std::size_t done = 0; done < n;) {
      const std::size_t count = std::min(chunk, n - done);
      fill(scratch, count);
      check(cudaMemcpyAsync(dst + done * value_size, scratch, count * value_size, cudaMemcpyDeviceToHost, stream),
            "cudaMemcpyAsync (device to host)");
      done += count;
    }
    check(cudaFreeAsync(scratch, stream), "cudaFreeAsync");
    scratch = nullptr;
    check(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
  } catch (...) {
    if (scratch != nullptr) {
      (void)cudaFreeAsync(scratch, stream);
      (void)cudaStreamSynchronize(stream);
    }
    throw;
  }
}

}  // namespace gpurng::detail::cuda
