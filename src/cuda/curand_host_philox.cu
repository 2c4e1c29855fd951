// philox4x32-10-curand on the GPU: the generic skip-ahead fill kernel over core::curand_host::PhiloxTraits.
#include "cuda/fill_kernel.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/curand_host.hpp"

namespace gpurng::detail::cuda {
template struct FillLaunchers<core::curand_host::PhiloxTraits>;
}  // namespace gpurng::detail::cuda
