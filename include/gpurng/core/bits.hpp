// Bit scans shared by the core's loops over sets of positions (a mask of pending values, of set
// coefficients), one instruction on the GPU and on x86.
#pragma once

#include <cstdint>

#include "gpurng/core/config.hpp"

namespace gpurng::core {

// The index of the lowest set bit of v; v must not be 0.
GPURNG_HD GPURNG_FORCEINLINE int lowest_set_bit(std::uint32_t v) {
#if GPURNG_DEVICE_PASS
  return __ffs(static_cast<int>(v)) - 1;
#else
  return __builtin_ctz(v);
#endif
}

}  // namespace gpurng::core
