// The OpenCL backend's host side: platforms and devices, one context and queue per device, the
// engine programs loaded on first use, and the one call every fill makes. Backend-neutral in its
// interface (bytes in, values out), so launch.hpp's template is its only caller.
//
// Errors are gpurng::Error: no_device where OpenCL, a platform or the device is missing,
// unsupported where the device takes none of the program formats built (SPIR, PTX), out_of_memory
// for failed allocations, internal_error (with the OpenCL call and its error code) otherwise.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::detail::opencl {

// Every device of every platform, in platform order (the index of gpurng::OpenclDeviceInfo).
std::vector<OpenclDeviceInfo> devices();

// Whether there is a device at `index`; what it is otherwise (for errors that name it).
bool device_present(int index);

// The device the opencl backend uses unless told otherwise: GPURNG_OPENCL_DEVICE (an index of
// devices()) if set, else 0.
int default_device();

// One fill: kernel `kernel` of program `program` over positions [first, first + n), with the engine
// state and the transform given as bytes (kernel_args.hpp), into host memory `out` (n values of
// value_size bytes). Blocking: the values are in `out` when it returns. Large calls run in chunks of
// positions, which changes no value.
void run_fill(int device, const char* program, int kernel, const void* state, std::size_t state_size,
              const void* transform, std::size_t transform_size, std::uint64_t first, std::uint64_t n, void* out,
              std::size_t value_size);

}  // namespace gpurng::detail::opencl
