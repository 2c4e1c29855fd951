// The scratch loop of mapped outputs (mapped_fill_launch.hpp): no kernel of its own; the source call
// and the map are the caller's.
#include <cuda_runtime.h>

#include <algorithm>

#include "cuda/check.cuh"
#include "cuda/mapped_fill_launch.hpp"
#include "cuda/scratch_pool.cuh"

namespace gpurng::detail::cuda {

void mapped_fill(void* out, std::size_t n, std::size_t out_size, std::size_t source_size, std::size_t chunk,
                 CUstream_st* stream, const std::function<void(void* src, std::size_t count)>& source,
                 const std::function<void(void* src, void* dst, std::size_t count)>& map) {
  if (out_size == source_size) {
    source(out, n);
    map(out, out, n);
    return;
  }
  chunk = std::max<std::size_t>(1, std::min(chunk, n));
  void* scratch = scratch_alloc(chunk * source_size, stream, "cudaMallocFromPoolAsync (mapped output scratch)");
  try {
    auto* dst = static_cast<unsigned char*>(out);
    for (std::size_t done = 0; done < n;) {
      const std::size_t count = std::min(chunk, n - done);
      source(scratch, count);  // ordered on stream after the previous chunk's map read the scratch
      map(scratch, dst + done * out_size, count);
      done += count;
    }
  } catch (...) {
    (void)cudaFreeAsync(scratch, stream);
    throw;
  }
  check(cudaFreeAsync(scratch, stream), "cudaFreeAsync (mapped output scratch)");
}

}  // namespace gpurng::detail::cuda
