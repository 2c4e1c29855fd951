// KISS99 on the GPU: one sequence with a cheap skip-ahead, so the generic fill kernel serves it; its
// threads reach their starts with the engine's table of short jumps.
#include "cuda/fill_kernel.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/engines/kiss99_short_jump.hpp"

namespace gpurng::detail::cuda {

namespace {
// 208 KiB in device global memory, computed by the compiler; read through the cache.
__device__ const core::kiss99::ShortJumpTables kShortJumps = core::kiss99::make_short_jump_tables();
}  // namespace

// A fill thread's skip is shorter than its launch: at most three table steps per component instead of
// one per bit of the distance (kiss99_short_jump.hpp).
template <>
struct ThreadSkip<core::kiss99::Engine> {
  __device__ static void apply(core::kiss99::State& st, std::uint64_t k) {
    if (k < core::kiss99::kShortJumpLimit) {
      core::kiss99::skip_short(st, k, kShortJumps);
    } else {
      core::kiss99::skip(st, k);
    }
  }
};

template struct FillLaunchers<core::kiss99::Engine>;

}  // namespace gpurng::detail::cuda
