// PCG64 and PCG64DXSM on the GPU: the generic skip-ahead fill kernel over core/engines/pcg64.hpp
// (a skip is the LCG's O(log k) advance); the threads reach their starts with tables of short jumps.
#include "cuda/fill_kernel.cuh"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/pcg64.hpp"
#include "gpurng/core/engines/pcg64_short_jump.hpp"

namespace gpurng::detail::cuda {

namespace {
// 48 KiB each in device global memory, computed by the compiler; read through the cache.
__device__ const core::pcg64::ShortJumpTable kShortJumpsXslRr = core::pcg64::make_short_jump_table<core::pcg64::XslRr>();
__device__ const core::pcg64::ShortJumpTable kShortJumpsDxsm = core::pcg64::make_short_jump_table<core::pcg64::Dxsm>();
}  // namespace

// A fill thread's skip is shorter than its launch: at most three table steps instead of a squaring
// chain over every bit of the distance (pcg64_short_jump.hpp).
template <>
struct ThreadSkip<core::pcg64::TraitsPcg64> {
  __device__ static void apply(core::pcg64::State& st, std::uint64_t k) {
    if (k < core::pcg64::kShortJumpLimit) {
      core::pcg64::skip_short(st, k, kShortJumpsXslRr);
    } else {
      core::pcg64::TraitsPcg64::skip(st, k);
    }
  }
};
template <>
struct ThreadSkip<core::pcg64::TraitsPcg64Dxsm> {
  __device__ static void apply(core::pcg64::State& st, std::uint64_t k) {
    if (k < core::pcg64::kShortJumpLimit) {
      core::pcg64::skip_short(st, k, kShortJumpsDxsm);
    } else {
      core::pcg64::TraitsPcg64Dxsm::skip(st, k);
    }
  }
};

template struct FillLaunchers<core::pcg64::TraitsPcg64>;
template struct FillLaunchers<core::pcg64::TraitsPcg64Dxsm>;

}  // namespace gpurng::detail::cuda
