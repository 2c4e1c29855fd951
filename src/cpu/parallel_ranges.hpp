// run(i0, i1) over [0, n) in contiguous parts on worker threads (the caller's thread takes the first
// part), for the element-wise maps of mapped outputs (discrete_map.hpp, half_map.hpp). Each element
// depends on its own input alone, so the split changes nothing.
#pragma once

#include <algorithm>
#include <cstddef>
#include <system_error>
#include <thread>
#include <vector>

namespace gpurng::detail::cpu {

unsigned resolve_cpu_threads(unsigned requested);  // threads.cpp

template <class Run>
void parallel_ranges(std::size_t n, unsigned requested_threads, std::size_t min_per_thread, const Run& run) {
  const unsigned workers = static_cast<unsigned>(
      std::min<std::size_t>(resolve_cpu_threads(requested_threads), std::max<std::size_t>(1, n / min_per_thread)));
  const std::size_t per = (n + workers - 1) / workers;
  std::vector<std::thread> pool;
  for (std::size_t next = per; next < n; next += per) {
    const std::size_t i0 = next;
    const std::size_t i1 = std::min(n, next + per);
    try {
      pool.emplace_back(run, i0, i1);
    } catch (const std::system_error&) {  // cannot start a thread: do its part here
      run(i0, i1);
    }
  }
  run(0, std::min(per, n));
  for (std::thread& th : pool) th.join();
}

}  // namespace gpurng::detail::cpu
