// The scratch pools of scratch_pool.cuh: one per device, made at its first use and kept for the
// process (a pool destroyed at exit could outlive the CUDA context it belongs to).
#include "cuda/scratch_pool.cuh"

#include <cstdint>
#include <mutex>
#include <vector>

#include "cuda/check.cuh"
#include "cuda/grid.cuh"
#include "cuda/relaxed_capture.cuh"

namespace gpurng::detail::cuda {
namespace {

cudaMemPool_t pool_of(int device) {
  static std::mutex mutex;
  static std::vector<cudaMemPool_t> pools;
  const std::lock_guard<std::mutex> lock(mutex);
  if (static_cast<std::size_t>(device) >= pools.size()) pools.resize(static_cast<std::size_t>(device) + 1, nullptr);
  cudaMemPool_t& pool = pools[static_cast<std::size_t>(device)];
  if (pool == nullptr) {
    // Set-up outside the caller's work, even while the caller's stream is being captured.
    RelaxedCapture relaxed;
    cudaMemPoolProps props{};
    props.allocType = cudaMemAllocationTypePinned;
    props.handleTypes = cudaMemHandleTypeNone;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = device;
    cudaMemPool_t made = nullptr;
    check(cudaMemPoolCreate(&made, &props), "cudaMemPoolCreate (scratch pool)");
    std::uint64_t kept = kScratchKeptBytes;
    const cudaError_t e = cudaMemPoolSetAttribute(made, cudaMemPoolAttrReleaseThreshold, &kept);
    if (e != cudaSuccess) {
      cudaMemPoolDestroy(made);
      check(e, "cudaMemPoolSetAttribute (scratch pool)");
    }
    pool = made;
  }
  return pool;
}

}  // namespace

void* scratch_alloc(std::size_t bytes, cudaStream_t stream, const char* what) {
  void* p = nullptr;
  check(cudaMallocFromPoolAsync(&p, bytes, pool_of(current_device()), stream), what);
  return p;
}

}  // namespace gpurng::detail::cuda
