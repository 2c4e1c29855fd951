// Threefry4x64-20 and Threefry2x32-20 on the GPU: the generic skip-ahead fill kernel over the counter
// traits of core/engines/threefry.hpp (a skip is O(1)), and their half-precision values in one pass.
#include "cuda/fill_kernel.cuh"
#include "cuda/half_fill.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/threefry.hpp"

namespace gpurng::detail::cuda {
template struct FillLaunchers<core::threefry::Traits4x64_20>;
template struct FillLaunchers<core::threefry::Traits2x32_20>;
template struct HalfFill<core::threefry::Traits4x64_20>;
template struct HalfFill<core::threefry::Traits2x32_20>;
}  // namespace gpurng::detail::cuda
