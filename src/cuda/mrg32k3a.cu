// MRG32k3a on the GPU: the generic skip-ahead fill kernel over core/engines/mrg32k3a.hpp, whose
// threads reach their starts with the engine's table of short jumps.
#include "cuda/fill_kernel.cuh"
#include "cuda/half_fill.cuh"
#include "cuda/table_thread_skip.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"

namespace gpurng::detail::cuda {

namespace {
// 108 KiB in device global memory, computed by the compiler; read through the cache.
__device__ const core::mrg32k3a::ShortJumpTables kShortJumps = core::mrg32k3a::make_short_jump_tables();

// A fill thread's skip is shorter than its launch (at most 2^18 for a small call, the call's
// length for the row kernel): three base-512 digits, two independent products each, instead of up
// to 22 octal digits. On an H100 a 10^4-value call's kernel took 3.2 us less (scripts/exp/
// mrg-small-skip-probe.cu, docs/PERFORMANCE.md).
struct ShortJumps {
  static constexpr std::uint64_t kLimit = core::mrg32k3a::kShortJumpLimit;
  __device__ static void skip_short(core::mrg32k3a::State& st, std::uint64_t k) {
    core::mrg32k3a::skip_short(st, k, kShortJumps);
  }
};
}  // namespace

template <>
struct ThreadSkip<core::mrg32k3a::Engine> : TableThreadSkip<core::mrg32k3a::Engine, ShortJumps> {};

template struct FillLaunchers<core::mrg32k3a::Engine>;
template struct HalfFill<core::mrg32k3a::Engine>;
}  // namespace gpurng::detail::cuda
