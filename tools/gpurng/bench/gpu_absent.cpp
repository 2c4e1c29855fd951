// `gpurng bench` built without CUDA or cuRAND: the GPU part reports why it did not run.
#include "gpu.hpp"

namespace gpurng::cli::bench {

GpuReport run_gpu_bench(const BenchOptions&, std::FILE*) {
  GpuReport r;
  r.skipped_reason = "this gpurng was built without CUDA/cuRAND (no CUDA compiler or toolkit at build time)";
  return r;
}

}  // namespace gpurng::cli::bench
