// Stream-ordered scratch memory (the mapped outputs' source values, host output's device chunks,
// MTGP's jump polynomials) from a memory pool of the library's own on each device, which keeps up to
// kScratchKeptBytes reserved between calls. cudaMallocAsync draws from the device's default pool,
// whose release threshold is 0 unless the program raised it: every synchronisation hands its memory
// back to the driver and the next call maps it again, which cost float16 outputs about 65 us a call
// on an H100 (2^20 values: 80 us against the float call's 12; docs/PERFORMANCE.md). A pool of our
// own keeps that memory without changing the program's default pool. Free with cudaFreeAsync.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

namespace gpurng::detail::cuda {

// Bytes each device's scratch pool keeps reserved after a synchronisation (more is released).
inline constexpr std::size_t kScratchKeptBytes = std::size_t{256} << 20;

// `bytes` of device memory on the current device, ordered on `stream` (a graph allocation while the
// stream is being captured). Throws Error naming `what` when it fails.
void* scratch_alloc(std::size_t bytes, cudaStream_t stream, const char* what);

}  // namespace gpurng::detail::cuda
