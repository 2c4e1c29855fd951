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

#include "exec.hpp"
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

// The most output bytes one launch of the generic or stream fill writes. Into host memory a launch
// writes a temporary buffer of at most max_output_bytes, read back; into the context's OpenCL buffer
// there is nothing to allocate, so the whole call is one launch (cut at 256 MiB, a 2^28-value call of
// floats was four, each paying its work-items' skips and jumps again).
inline std::uint64_t launch_output_bytes(const DeviceShape& d, const ExecContext& ctx) {
  return ctx.opencl_buffer != nullptr ? ~std::uint64_t{0} : d.max_output_bytes;
}

// A buffer a kernel reads: `bytes` bytes from `data` (none where bytes is 0: the kernel gets null).
// With `keep` set (a name), the content is a constant of the process (XORWOW's jump table): uploaded
// on the device's first use under that name and kept there.
struct Input {
  const void* data = nullptr;
  std::size_t bytes = 0;
  const char* keep = nullptr;
};

// What a kernel writes: `bytes` bytes at byte `at` of the call's destination. Host memory: read
// back to data + at before run() returns. With the context's OpenCL buffer (ExecContext::
// opencl_buffer; Launch::out only), written there in place, at the call's offset + at, and data is
// not used (it is null).
struct Output {
  void* data = nullptr;
  std::size_t bytes = 0;
  std::size_t at = 0;
};

// One kernel launch: kernel `kernel` of program `program` (engine_list.hpp, program_transforms.hpp)
// over `items` work-items, with the argument bytes (kernel_args.hpp), three inputs and two outputs
// (kernel_entries.cl says which kind uses which). Into host memory it blocks: the outputs are there
// when it returns. Into the context's OpenCL buffer it returns once the kernel is enqueued, unless
// io is read back (dcmt's windows), which waits.
struct Launch {
  const char* program = nullptr;
  int kernel = 0;
  const unsigned char* args = nullptr;  // kArgBytes
  Input in[3];
  Output out;
  Output io;
  std::uint64_t items = 0;
  // Work-items per work-group: what the body needs (the generic body's tile), or 0 for the device's
  // default (128 on a GPU, the platform's choice elsewhere).
  std::size_t group = 0;
};
void run(const ExecContext& ctx, const Launch& launch);

// The library's context and queue on a device (made on first use, kept for the process).
_cl_context* context_of(int device);
_cl_command_queue* queue_of(int device);

// Error(invalid_argument) unless `buffer` is a buffer of the device's context holding bytes
// [first_byte, first_byte + bytes); `what` names the argument in the message.
void check_output_buffer(int device, _cl_mem* buffer, std::uint64_t first_byte, std::uint64_t bytes, const char* what);

}  // namespace gpurng::detail::opencl
