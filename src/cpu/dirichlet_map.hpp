// The CPU body of the Dirichlet distribution: whole samples from their uniforms with
// core::dist::dirichlet_sample, over worker threads. Each sample depends on its own K uniforms alone,
// so the split over threads changes nothing.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "cpu/parallel_ranges.hpp"
#include "gpurng/core/dist/dirichlet.hpp"

namespace gpurng::detail::cpu {

// samples of k values: work holds their uniforms (overwritten), out gets the values; out may be work
// (T = double, in place).
template <class T>
void dirichlet_map(const core::dist::GammaShape* shapes, std::uint32_t k, double* work, T* out, std::size_t samples,
                   unsigned requested_threads) {
  const auto run = [&](std::size_t s0, std::size_t s1) {
    for (std::size_t s = s0; s < s1; ++s) core::dist::dirichlet_sample<T>(shapes, k, work + s * k, out + s * k);
  };
  // A gamma variate costs about 100 ns: 2^12 of them are worth a thread.
  const std::size_t min_samples = std::max<std::size_t>(1, (std::size_t{1} << 12) / k);
  parallel_ranges(samples, requested_threads, min_samples, run);
}

}  // namespace gpurng::detail::cpu
