// PCG64 and PCG64DXSM on the GPU: the generic skip-ahead fill kernel over core/engines/pcg64.hpp
// (a skip is the LCG's O(log k) advance).
#include "cuda/fill_kernel.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/pcg64.hpp"

namespace gpurng::detail::cuda {
template struct FillLaunchers<core::pcg64::TraitsPcg64>;
template struct FillLaunchers<core::pcg64::TraitsPcg64Dxsm>;
}  // namespace gpurng::detail::cuda
