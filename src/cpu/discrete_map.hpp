// The CPU body of the discrete distribution: uniforms to categories with core::dist::alias_pick,
// over worker threads. A large table makes this a gather bound by memory latency (2^24 categories:
// about 80 ns a value on one thread here), so it is spread like the fills; each value depends on its
// uniform alone, so the split changes nothing.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <system_error>
#include <thread>
#include <vector>

#include "gpurng/core/dist/alias_table.hpp"

namespace gpurng::detail::cpu {

unsigned resolve_cpu_threads(unsigned requested);  // threads.cpp

// out[i] = alias_pick(t, u[i]) for i < n, T an integer type. With in_place, out and u are the same
// 8-byte elements (T is 64-bit): each is read as a double and written as a T through memcpy, so no
// object is accessed as a type it is not.
template <class T>
void alias_map(const core::dist::AliasTableView& t, const void* u, void* out, std::size_t n, unsigned requested_threads) {
  const auto run = [&](std::size_t i0, std::size_t i1) {
    const auto* src = static_cast<const unsigned char*>(u);
    auto* dst = static_cast<unsigned char*>(out);
    for (std::size_t i = i0; i < i1; ++i) {
      double x;
      std::memcpy(&x, src + i * sizeof(double), sizeof(double));
      const T v = static_cast<T>(core::dist::alias_pick(t, x));
      std::memcpy(dst + i * sizeof(T), &v, sizeof(T));
    }
  };
  constexpr std::size_t kMinPerThread = std::size_t{1} << 16;
  const unsigned workers = static_cast<unsigned>(
      std::min<std::size_t>(resolve_cpu_threads(requested_threads), std::max<std::size_t>(1, n / kMinPerThread)));
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
