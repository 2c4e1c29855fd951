// ThreadSkip (fill_kernel.cuh) for an engine with a table of short jumps: Jumps::skip_short for a
// distance below Jumps::kLimit, the engine's own skip beyond. The engine's .cu file keeps the table
// in device memory and names it in Jumps (src/cuda/mrg32k3a.cu, kiss99.cu, pcg64.cu).
#pragma once

#include <cstdint>

namespace gpurng::detail::cuda {

template <class E, class Jumps>
struct TableThreadSkip {
  __device__ static void apply(typename E::state_type& st, std::uint64_t k) {
    if (k < Jumps::kLimit) {
      Jumps::skip_short(st, k);
    } else {
      E::skip(st, k);
    }
  }
};

}  // namespace gpurng::detail::cuda
