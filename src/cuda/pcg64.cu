// PCG64 and PCG64DXSM on the GPU: the generic skip-ahead fill kernel over core/engines/pcg64.hpp
// (a skip is the LCG's O(log k) advance); the threads reach their starts with tables of short jumps.
#include <type_traits>

#include "cuda/fill_kernel.cuh"
#include "cuda/half_fill.cuh"
#include "cuda/table_thread_skip.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/pcg64.hpp"
#include "gpurng/core/engines/pcg64_short_jump.hpp"

namespace gpurng::detail::cuda {

namespace {
// 48 KiB per variant in device global memory, computed by the compiler; read through the cache. At
// most three table steps instead of a squaring chain over every bit of the distance.
__device__ const core::pcg64::ShortJumpTable kShortJumpsXslRr = core::pcg64::make_short_jump_table<core::pcg64::XslRr>();
__device__ const core::pcg64::ShortJumpTable kShortJumpsDxsm = core::pcg64::make_short_jump_table<core::pcg64::Dxsm>();

template <class V>
struct ShortJumps {
  static constexpr std::uint64_t kLimit = core::pcg64::kShortJumpLimit;
  __device__ static void skip_short(core::pcg64::State& st, std::uint64_t k) {
    if constexpr (std::is_same_v<V, core::pcg64::XslRr>) {
      core::pcg64::skip_short(st, k, kShortJumpsXslRr);
    } else {
      core::pcg64::skip_short(st, k, kShortJumpsDxsm);
    }
  }
};
}  // namespace

template <>
struct ThreadSkip<core::pcg64::TraitsPcg64> : TableThreadSkip<core::pcg64::TraitsPcg64, ShortJumps<core::pcg64::XslRr>> {};
template <>
struct ThreadSkip<core::pcg64::TraitsPcg64Dxsm>
    : TableThreadSkip<core::pcg64::TraitsPcg64Dxsm, ShortJumps<core::pcg64::Dxsm>> {};

template struct FillLaunchers<core::pcg64::TraitsPcg64>;
template struct FillLaunchers<core::pcg64::TraitsPcg64Dxsm>;
template struct HalfFill<core::pcg64::TraitsPcg64>;
template struct HalfFill<core::pcg64::TraitsPcg64Dxsm>;
}  // namespace gpurng::detail::cuda
