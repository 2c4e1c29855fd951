// mrg32k3a-curand on the GPU: the many-stream fill kernel over core::curand_host::Mrg32k3aStreams.
#include "cuda/stream_fill_kernel.cuh"
#include "gpurng/core/engines/curand_host.hpp"

namespace gpurng::detail::cuda {
template struct StreamFillLaunchers<core::curand_host::Mrg32k3aStreams>;
}  // namespace gpurng::detail::cuda
