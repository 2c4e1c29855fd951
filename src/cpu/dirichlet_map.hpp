// The CPU body of the Dirichlet distribution: whole samples from their uniforms with
// core::dist::dirichlet_sample, over worker threads. Each sample depends on its own K uniforms alone,
// so the split over threads changes nothing.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <system_error>
#include <thread>
#include <vector>

#include "gpurng/core/dist/dirichlet.hpp"

namespace gpurng::detail::cpu {

unsigned resolve_cpu_threads(unsigned requested);  // threads.cpp

// samples of k values: work holds their uniforms (overwritten), out gets the values; out may be work
// (T = double, in place).
template <class T>
void dirichlet_map(const core::dist::GammaShape* shapes, std::uint32_t k, double* work, T* out, std::size_t samples,
                   unsigned requested_threads) {
  const auto run = [&](std::size_t s0, std::size_t s1) {
    for (std::size_t s = s0; s < s1; ++s) core::dist::dirichlet_sample<T>(shapes, k, work + s * k, out + s * k);
  };
  // A gamma variate costs about 100 ns: 2^12 of them are worth a thread.
  constexpr std::size_t kMinValuesPerThread = std::size_t{1} << 12;
  const std::size_t values = samples * k;
  const unsigned workers = static_cast<unsigned>(std::min<std::size_t>(
      {resolve_cpu_threads(requested_threads), std::max<std::size_t>(1, values / kMinValuesPerThread),
       std::max<std::size_t>(1, samples)}));
  const std::size_t per = (samples + workers - 1) / workers;
  std::vector<std::thread> pool;
  for (std::size_t next = per; next < samples; next += per) {
    const std::size_t s0 = next;
    const std::size_t s1 = std::min(samples, next + per);
    try {
      pool.emplace_back(run, s0, s1);
    } catch (const std::system_error&) {  // cannot start a thread: do its part here
      run(s0, s1);
    }
  }
  run(0, std::min(per, samples));
  for (std::thread& th : pool) th.join();
}

}  // namespace gpurng::detail::cpu
