// Philox4x32-10 and Philox4x64-10 on the GPU: the generic skip-ahead fill kernel over the counter
// traits of core/engines/philox.hpp (a skip is O(1)), and their half-precision values in one pass.
#include "cuda/fill_kernel.cuh"
#include "cuda/half_fill.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/philox.hpp"

namespace gpurng::detail::cuda {
template struct FillLaunchers<core::philox::Traits4x32_10>;
template struct FillLaunchers<core::philox::Traits4x64_10>;
template struct HalfFill<core::philox::Traits4x32_10>;
template struct HalfFill<core::philox::Traits4x64_10>;
}  // namespace gpurng::detail::cuda
