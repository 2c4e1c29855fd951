// The CPU body of the discrete distribution: uniforms to categories with core::dist::alias_pick,
// over worker threads. A large table makes this a gather bound by memory latency (2^24 categories:
// about 80 ns a value on one thread here), so it is spread like the fills; each value depends on its
// uniform alone, so the split changes nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "cpu/parallel_ranges.hpp"
#include "gpurng/core/dist/alias_table.hpp"

namespace gpurng::detail::cpu {

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
  // A large table makes each lookup a cache miss: spread from 2^16 values on.
  parallel_ranges(n, requested_threads, std::size_t{1} << 16, run);
}

}  // namespace gpurng::detail::cpu
