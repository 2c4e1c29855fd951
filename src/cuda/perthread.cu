// The many-stream per-thread engines on the GPU: the stream fill kernel over core/engines/*.hpp.
#include "cuda/stream_fill_kernel.cuh"
#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/engines/mwc.hpp"
#include "gpurng/core/engines/xorshift256.hpp"

namespace gpurng::detail::cuda {
template struct StreamFillLaunchers<core::mwc::StreamEngine>;
template struct StreamFillLaunchers<core::xorshift256::StreamEngine>;
template struct StreamFillLaunchers<core::kiss::StreamEngine>;
}  // namespace gpurng::detail::cuda
