// XORWOW on the GPU: the generic skip-ahead fill kernel over core/engines/xorwow.hpp, and the
// device copy of its jump table that the kernel's skips read.
#include <map>
#include <mutex>

#include "cuda/check.cuh"
#include "cuda/fill_kernel.cuh"
#include "cuda/half_fill.cuh"
#include "cuda/relaxed_capture.cuh"
#include "cuda/xorwow_launch.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/xorwow.hpp"
#include "gpurng/core/engines/xorwow_host.hpp"

namespace gpurng::detail::cuda {

const core::xorwow::JumpTable* xorwow_jump_table_on_device() {
  using core::xorwow::JumpTable;
  static std::mutex mutex;
  static std::map<int, JumpTable*> tables;  // by device; never freed (one table per device per process)
  int device = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  const std::lock_guard<std::mutex> lock(mutex);
  const auto it = tables.find(device);
  if (it != tables.end()) return it->second;

  const JumpTable& host = core::xorwow::jump_table_host();
  RelaxedCapture relaxed;
  cudaStream_t upload = nullptr;
  check(cudaStreamCreateWithFlags(&upload, cudaStreamNonBlocking), "cudaStreamCreateWithFlags (xorwow table)");
  JumpTable* table = nullptr;
  cudaError_t err = cudaMalloc(&table, sizeof(JumpTable));
  if (err == cudaSuccess) err = cudaMemcpyAsync(table, &host, sizeof(JumpTable), cudaMemcpyHostToDevice, upload);
  if (err == cudaSuccess) err = cudaStreamSynchronize(upload);
  cudaStreamDestroy(upload);
  if (err != cudaSuccess) {
    if (table != nullptr) cudaFree(table);
    check(err, "uploading the xorwow jump table");
  }
  tables.emplace(device, table);
  return table;
}

template struct FillLaunchers<core::xorwow::Traits>;
template struct HalfFill<core::xorwow::Traits>;
}  // namespace gpurng::detail::cuda
