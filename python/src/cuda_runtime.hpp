// The few CUDA runtime services the extension needs of its own: device memory for gpurng-owned
// arrays (device="cuda"), events to order one stream after another (DLPack's stream semantics), and
// copies to the host. libgpurng keeps its CUDA runtime private (cudart_static, no public
// allocation API), so the extension links its own static copy of the runtime when the CUDA toolkit
// is found at build time (cuda_runtime.cpp); both copies run on the device's primary context, so
// pointers and stream handles pass between them, as they already do with CuPy's and PyTorch's.
// Without the toolkit every call throws Error(no_device) (cuda_runtime_absent.cpp).
#pragma once

#include <cstddef>

struct CUstream_st;

namespace gpurng_py::cuda {

bool linked() noexcept;  // whether this build of the extension has the CUDA runtime
int current_device();    // the device the library's launches go to (the calling thread's current one)

void* allocate(std::size_t bytes);    // device memory on the current device; throws out_of_memory
void release(void* p) noexcept;       // frees allocate()'s memory (after the device is done with it)

// Work submitted to `consumer` after this call waits for the work submitted to `producer` before it
// (an event). Nothing when they are the same stream.
void order_after(CUstream_st* consumer, CUstream_st* producer);
void synchronize(CUstream_st* stream);
// Copies bytes device -> host, ordered on stream, and waits for the copy.
void copy_to_host(void* host, const void* device, std::size_t bytes, CUstream_st* stream);

// DLPack / __cuda_array_interface__ stream numbers: 1 is the legacy default stream, 2 the
// per-thread default stream, anything else a cudaStream_t. The library's own "default stream" is
// null (the legacy default stream).
CUstream_st* stream_from_int(unsigned long long s) noexcept;
unsigned long long stream_to_int(CUstream_st* s) noexcept;

}  // namespace gpurng_py::cuda
