// philox4x32-10-curand's doubles on the GPU: the generic skip-ahead fill kernel over
// core::curand_host::PhiloxDoubleTraits (word pairs in cuRAND's double layout). A unit of its own so
// that it compiles beside the word engine's.
#include "cuda/fill_kernel.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/curand_host.hpp"

namespace gpurng::detail::cuda {
template struct FillLaunchers<core::curand_host::PhiloxDoubleTraits>;
}  // namespace gpurng::detail::cuda
