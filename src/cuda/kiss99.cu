// KISS99 on the GPU: one sequence with a cheap skip-ahead, so the generic fill kernel serves it; its
// threads reach their starts with the engine's table of short jumps.
#include "cuda/fill_kernel.cuh"
#include "cuda/half_fill.cuh"
#include "cuda/table_thread_skip.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/engines/kiss99_short_jump.hpp"

namespace gpurng::detail::cuda {

namespace {
// 52 KiB in device global memory, computed by the compiler; read through the cache. At most three
// table steps per component instead of one per bit of the distance (kiss99_short_jump.hpp).
__device__ const core::kiss99::ShortJumpTables kShortJumps = core::kiss99::make_short_jump_tables();

struct ShortJumps {
  static constexpr std::uint64_t kLimit = core::kiss99::kShortJumpLimit;
  __device__ static void skip_short(core::kiss99::State& st, std::uint64_t k) {
    core::kiss99::skip_short(st, k, kShortJumps);
  }
};
}  // namespace

template <>
struct ThreadSkip<core::kiss99::Engine> : TableThreadSkip<core::kiss99::Engine, ShortJumps> {};

template struct FillLaunchers<core::kiss99::Engine>;
template struct HalfFill<core::kiss99::Engine>;
}  // namespace gpurng::detail::cuda
