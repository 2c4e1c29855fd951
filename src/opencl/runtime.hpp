// The OpenCL backend's host side: platforms and devices, one context and queue per device, the
// engine programs loaded on first use, and the one call every launch makes. Backend-neutral in its
// interface (bytes in, values out): the launch headers (launch.hpp and the kinds') are its callers.
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

// What launches need to know of a device to size their work.
struct DeviceShape {
  unsigned compute_units;
  bool gpu;
  std::uint64_t max_output_bytes;  // the largest output buffer a launch should ask for (<= 256 MiB)
};
DeviceShape device_shape(int device);

// A buffer a kernel reads: `bytes` bytes from `data` (none where bytes is 0: the kernel gets null).
// With `keep` set (a name), the content is a constant of the process (XORWOW's jump table): uploaded
// on the device's first use under that name and kept there.
struct Input {
  const void* data = nullptr;
  std::size_t bytes = 0;
  const char* keep = nullptr;
};

// A buffer a kernel writes, read back into `data` (bytes bytes) before run() returns.
struct Output {
  void* data = nullptr;
  std::size_t bytes = 0;
};

// One kernel launch: kernel `kernel` of program `program` (engine_list.hpp, program_transforms.hpp)
// over `items` work-items, with the argument bytes (kernel_args.hpp), three inputs and two outputs
// (kernel_entries.cl says which kind uses which). Blocking: the outputs are in host memory when it
// returns.
struct Launch {
  const char* program = nullptr;
  int kernel = 0;
  const unsigned char* args = nullptr;  // kArgBytes
  Input in[3];
  Output out;
  Output io;
  std::uint64_t items = 0;
};
void run(int device, const Launch& launch);

}  // namespace gpurng::detail::opencl
