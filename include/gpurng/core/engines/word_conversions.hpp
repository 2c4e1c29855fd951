// Uniform conversions of an engine's raw word, by its width, for the engines whose raw output is a
// full 32- or 64-bit word (the counter-based engines, PCG64, XORWOW). Every uniform lies in (0, 1]:
//
//   32-bit word x: u32_conversions.hpp (all 32 bits, as cuRAND's curand_uniform for floats):
//       float  round_to_float(x) * 2^-32 + 2^-33 in [2^-33, 1];  double x * 2^-32 + 2^-33 in (0, 1)
//   64-bit word x: the top bits, plus one step, exact:
//       float  ((x >> 40) + 1) * 2^-24 in [2^-24, 1];            double ((x >> 11) + 1) * 2^-53 in [2^-53, 1]
#pragma once

#include "gpurng/core/engines/u32_conversions.hpp"

namespace gpurng::core {

GPURNG_HD GPURNG_FORCEINLINE float word_to_uniform_float(std::uint32_t x) { return u32_to_uniform_float(x); }
GPURNG_HD GPURNG_FORCEINLINE double word_to_uniform_double(std::uint32_t x) { return u32_to_uniform_double(x); }

GPURNG_HD GPURNG_FORCEINLINE float word_to_uniform_float(std::uint64_t x) {
  return static_cast<float>(static_cast<std::uint32_t>(x >> 40) + 1u) * 0x1p-24f;
}
GPURNG_HD GPURNG_FORCEINLINE double word_to_uniform_double(std::uint64_t x) {
  return static_cast<double>((x >> 11) + 1u) * 0x1p-53;
}

}  // namespace gpurng::core
