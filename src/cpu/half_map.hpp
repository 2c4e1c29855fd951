// Half-precision outputs on the CPU: float values to IEEE binary16 or bfloat16 bit patterns with
// core/dist/half.hpp's rounding (the function the CUDA map kernel runs), over worker threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "cpu/parallel_ranges.hpp"
#include "gpurng/core/dist/half.hpp"

namespace gpurng::detail::cpu {

// out[i] = float_to_half_bits<F>(src[i]) for i < n. out need not be 2-byte aligned (memcpy).
template <core::dist::HalfFormat F>
void half_map(const float* src, void* out, std::size_t n, unsigned requested_threads) {
  const auto run = [&](std::size_t i0, std::size_t i1) {
    auto* dst = static_cast<unsigned char*>(out);
    for (std::size_t i = i0; i < i1; ++i) {
      const std::uint16_t h = core::dist::float_to_half_bits<F>(src[i]);
      std::memcpy(dst + i * 2, &h, 2);
    }
  };
  // A few cycles a value: threads pay from 2^18 values on.
  parallel_ranges(n, requested_threads, std::size_t{1} << 18, run);
}

}  // namespace gpurng::detail::cpu
