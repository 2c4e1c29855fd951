// Philox4x32-10 and Philox4x64-10 on the GPU: the generic skip-ahead fill kernel over the counter
// traits of core/engines/philox.hpp (a skip is O(1)), and their half-precision values in one pass.
#include "cuda/fill_kernel.cuh"
#include "cuda/half_fill.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/philox.hpp"

namespace gpurng::detail::cuda {
template struct FillLaunchers<core::philox::Traits4x32_10>;
template struct FillLaunchers<core::philox::Traits4x64_10>;
template void launch_half_fill<core::philox::Traits4x32_10>(const core::philox::Traits4x32_10::state_type&, std::uint64_t,
                                                std::uint64_t, const Request&, std::uint16_t*, const ExecContext&);
template void launch_half_fill<core::philox::Traits4x64_10>(const core::philox::Traits4x64_10::state_type&, std::uint64_t,
                                                std::uint64_t, const Request&, std::uint16_t*, const ExecContext&);
}  // namespace gpurng::detail::cuda
