// Conversions of a 32-bit engine output x to uniforms, shared by the per-thread engines (mwc,
// xorshift256, kiss, kiss99). Both use all 32 bits, like cuRAND's, so the smallest uniform is
// 2^-33 and exponential/normal tails reach as far as 32 bits allow (u = 2^-33: -log u = 22.9).
//
//   float:  round_to_float(x) * 2^-32 + 2^-33, rounded once         in [2^-33, 1]
//   double: x * 2^-32 + 2^-33, exact (33 significant bits)          in (0, 1)
//
// float(x) rounds to nearest on both sides (cvtsi2ss; I2F.RN). Scaling by 2^-32 is exact, so the
// product-then-sum rounds once, exactly like a fused multiply-add: the GPU uses the one FFMA, the
// host the two operations, and they agree bit for bit. Values near 1 round to 1.0f (x >= 2^32 - 128).
#pragma once

#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::core {

inline constexpr float kTwoPowM32f = 2.3283064365386963e-10f;  // 2^-32
inline constexpr float kTwoPowM33f = 1.1641532182693481e-10f;  // 2^-33
inline constexpr double kTwoPowM32 = 2.3283064365386962890625e-10;
inline constexpr double kTwoPowM33 = 1.16415321826934814453125e-10;

GPURNG_HD GPURNG_FORCEINLINE float u32_to_uniform_float(std::uint32_t x) {
  const float f = static_cast<float>(x);
#if GPURNG_DEVICE_PASS
  return __fmaf_rn(f, kTwoPowM32f, kTwoPowM33f);
#else
  return ieee::add(ieee::mul(f, kTwoPowM32f), kTwoPowM33f);
#endif
}

GPURNG_HD GPURNG_FORCEINLINE double u32_to_uniform_double(std::uint32_t x) {
  // Exact whichever way it is evaluated (33 significant bits): one DFMA on the GPU.
  const double d = static_cast<double>(x);
#if GPURNG_DEVICE_PASS
  return __fma_rn(d, kTwoPowM32, kTwoPowM33);
#else
  return ieee::add(ieee::mul(d, kTwoPowM32), kTwoPowM33);
#endif
}

}  // namespace gpurng::core
