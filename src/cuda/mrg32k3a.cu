// MRG32k3a on the GPU: the generic skip-ahead fill kernel over core/engines/mrg32k3a.hpp.
#include "cuda/fill_kernel.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"

namespace gpurng::detail::cuda {
template struct FillLaunchers<core::mrg32k3a::Engine>;
}  // namespace gpurng::detail::cuda
