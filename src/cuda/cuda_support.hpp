// CUDA runtime services the front end needs, declared so that plain C++ code can call them. The
// definitions are in cuda_support.cu, or in cuda_absent.cpp when the library is built without CUDA.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::detail::cuda {

bool device_present() noexcept;
std::vector<DeviceInfo> devices();

enum class MemoryKind { host, device, managed };
// Host for unregistered, pinned and (without CUDA) all pointers.
MemoryKind memory_kind(const void* p);

// Output to host memory from the CUDA backend: fill(device_chunk, count) is called for consecutive
// chunks of a device scratch buffer, each copied to host_out, and the stream is synchronised.
void generate_to_host(void* host_out, std::size_t n, std::size_t value_size, CUstream_st* stream,
                      const std::function<void(void* device_chunk, std::size_t count)>& fill);

}  // namespace gpurng::detail::cuda
