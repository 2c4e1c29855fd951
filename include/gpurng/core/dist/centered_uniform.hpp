// Uniforms strictly inside (0, 1) and symmetric about 1/2: the midpoint (2k + 1) / 2^(b+1) of cell k
// of 2^b equal cells, k the leading b bits of a raw word. Every value is exact in the target type,
// and 1 - u is one of the values whenever u is, so the inverse normal CDF (inverse_normal.hpp) is
// finite on all of them and odd across the pair. These are the uniforms of the quasi-random engines
// and of every engine's inverse-CDF normals.
#pragma once

#include <cstdint>

#include "gpurng/core/config.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::core::dist {

// float: b = 23 (a float holds 24 significant bits, so (2k + 1) must fit in them); [2^-24, 1 - 2^-24].
GPURNG_HD GPURNG_FORCEINLINE float centered_uniform_float(std::uint32_t y) {
  return ieee::fma(static_cast<float>(y >> 9), 0x1p-23f, 0x1p-24f);  // exact: one operation, not two
}
GPURNG_HD GPURNG_FORCEINLINE float centered_uniform_float(std::uint64_t y) {
  return centered_uniform_float(static_cast<std::uint32_t>(y >> 32));
}
// double from 32 bits: b = 32, (2y + 1) 2^-33, in [2^-33, 1 - 2^-33].
GPURNG_HD GPURNG_FORCEINLINE double centered_uniform_double(std::uint32_t y) {
  return ieee::fma(static_cast<double>(y), 0x1p-32, 0x1p-33);
}
// double from 64 bits: b = 52, (2k + 1) 2^-53, in [2^-53, 1 - 2^-53].
GPURNG_HD GPURNG_FORCEINLINE double centered_uniform_double(std::uint64_t y) {
  return ieee::fma(static_cast<double>(y >> 12), 0x1p-52, 0x1p-53);
}

}  // namespace gpurng::core::dist
