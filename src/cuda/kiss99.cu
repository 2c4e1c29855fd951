// KISS99 on the GPU: one sequence with a cheap skip-ahead, so the generic fill kernel serves it.
#include "cuda/fill_kernel.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/kiss.hpp"

namespace gpurng::detail::cuda {
template struct FillLaunchers<core::kiss99::Engine>;
}  // namespace gpurng::detail::cuda
