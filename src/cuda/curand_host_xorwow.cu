// xorwow-curand on the GPU: the many-stream fill kernel over core::curand_host's XORWOW engines (one
// output per value, and output pairs for doubles), and the device pointer to the jump table that
// their skips read (core/engines/curand_host.hpp). The kernels are instantiated here and only here,
// so this unit's copy of the pointer is the one they read.
#include <mutex>
#include <set>

#include "cuda/check.cuh"
#include "cuda/curand_host_launch.hpp"
#include "cuda/relaxed_capture.cuh"
#include "cuda/stream_fill_kernel.cuh"
#include "cuda/xorwow_launch.hpp"
#include "gpurng/core/engines/curand_host.hpp"

namespace gpurng::detail::cuda {

void prepare_xorwow_curand() {
  static std::mutex mutex;
  static std::set<int> ready;  // devices whose pointer is set (the table lives as long as the process)
  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  const std::lock_guard<std::mutex> lock(mutex);
  if (ready.count(device) != 0) return;
  const core::xorwow::JumpTable* table = xorwow_jump_table_on_device();
  RelaxedCapture relaxed;
  cudaStream_t upload = nullptr;
  check(cudaStreamCreateWithFlags(&upload, cudaStreamNonBlocking), "cudaStreamCreateWithFlags (xorwow-curand)");
  cudaError_t err = cudaMemcpyToSymbolAsync(core::curand_host::xorwow_table_device, &table, sizeof(table), 0,
                                            cudaMemcpyHostToDevice, upload);
  if (err == cudaSuccess) err = cudaStreamSynchronize(upload);
  cudaStreamDestroy(upload);
  check(err, "setting the xorwow-curand jump table pointer");
  ready.insert(device);
}

template struct StreamFillLaunchers<core::curand_host::XorwowStreams>;
template struct StreamFillLaunchers<core::curand_host::XorwowPairStreams>;

}  // namespace gpurng::detail::cuda
