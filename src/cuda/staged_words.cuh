// The words a transform stages itself (core/produce.hpp: kStagesItself; Poisson's and binomial's sums
// and their guide, core/dist/staged_inversion.hpp) in the kernels that transform a pair at a time
// (MT19937's, MTGP's, DCMT's, the per-stream engines'): how many bytes of dynamic shared memory a
// launch gives them, and the block's build of them.
#pragma once

#include <cstddef>

#include "gpurng/core/produce.hpp"

namespace gpurng::detail::cuda {

template <class Tr>
inline constexpr bool kStagesItself = core::produce_detail::stages_itself<Tr>::value;

// The bytes of dynamic shared memory the transform's words take for this call (at most 27 KB), 0 for
// a transform that stages nothing.
template <class Tr>
std::size_t staged_bytes_of(const Tr& tr) {
  if constexpr (kStagesItself<Tr>) {
    return tr.staged_bytes();
  } else {
    (void)tr;
    return 0;
  }
}

// Every thread of the block builds its share of the words, phase by phase, with a barrier after each
// (so the words are whole when it returns). Call it from every thread, before any thread leaves.
// Mode: the kernel's row mode (core::stage_words), -1 for a kernel of every mode.
template <int Mode = -1, class Tr>
__device__ __forceinline__ void stage_in_block(const Tr& tr, double* words, int threads) {
  for (int phase = 0; phase < Tr::kStagePhases; ++phase) {
    core::stage_words<Mode>(tr, words, phase, static_cast<int>(threadIdx.x), threads);
    __syncthreads();
  }
}

}  // namespace gpurng::detail::cuda
