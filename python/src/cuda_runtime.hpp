// The few CUDA runtime services the extension needs of its own: device memory for gpurng-owned
// arrays (device="cuda"), events to order one stream after another (DLPack's stream semantics), and
// copies to the host. libgpurng keeps its CUDA runtime private (cudart_static, no public
// allocation API), so the extension links its own static copy of the runtime when the CUDA toolkit
// is found at build time (cuda_runtime.cpp); both copies run on the device's primary context, so
// pointers and stream handles pass between them, as they already do with CuPy's and PyTorch's.
// Without the toolkit every call throws Error(no_device) (cuda_runtime_absent.cpp).
#pragma once

#include <cstddef>
#include <vector>

struct CUstream_st;

namespace gpurng_py::cuda {

bool linked() noexcept;  // whether this build of the extension has the CUDA runtime
int current_device();    // the device the library's launches go to (the calling thread's current one)

// Every call below that takes `device` runs with that device current and the caller's current device
// restored after (device -1: the current one, no switch). It matters for memory and for the null
// (legacy default) stream, which is per device: a generator bound to device 1 (Generator.cuda_device)
// writes on device 1's default stream, whatever device the calling thread has made current.
//
// Device memory comes from a memory pool of the extension's own per device (stream-ordered, like
// CuPy's and PyTorch's caching allocators): a freed block stays in the pool for the next array, so a
// steady stream of device="cuda" calls does not map and unmap memory (cudaMalloc, and cudaFree's wait
// for the whole device, were most of such a call). The pool keeps what it holds until the process
// ends.
// allocate: `bytes` on `device`, usable by work submitted to `stream` after this call; throws
// out_of_memory.
void* allocate(std::size_t bytes, int device, CUstream_st* stream);
// release: back to the pool once the work submitted so far to `stream` and to every stream of
// `users` (the streams the memory was written or read on) is done.
void release(void* p, int device, CUstream_st* stream, const std::vector<CUstream_st*>& users) noexcept;

// Work submitted to `consumer` after this call waits for the work submitted to `producer` before it
// (an event on `device`). Nothing when they are the same stream.
void order_after(CUstream_st* consumer, CUstream_st* producer, int device);
void synchronize(CUstream_st* stream, int device);
// Copies bytes device -> host, ordered on stream, and waits for the copy.
void copy_to_host(void* host, const void* src, std::size_t bytes, CUstream_st* stream, int device);

// DLPack / __cuda_array_interface__ stream numbers: 1 is the legacy default stream, 2 the
// per-thread default stream, anything else a cudaStream_t. The library's own "default stream" is
// null (the legacy default stream).
CUstream_st* stream_from_int(unsigned long long s) noexcept;
unsigned long long stream_to_int(CUstream_st* s) noexcept;

}  // namespace gpurng_py::cuda
