// cuRAND's output conversions (curand_uniform.h, curand_kernel.h) and its MRG32k3a seeding, as pure
// functions of the engines' raw outputs (shared/data/curand-seeding.md sections 2 and 4): the one
// copy that the cuRAND host engines (core/engines/curand_host.hpp) and the cuRAND device API
// (gpurng/device/curand_compat/) both use.
#pragma once

#include "gpurng/core/config.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/core/engines/u32_conversions.hpp"

namespace gpurng::core::curand_host {

// ----- conversions (curand_uniform.h) -------------------------------------------------------------

// XORWOW's and Philox's curand_uniform: float(x) 2^-32 + 2^-33 (gpurng's u32 conversion is exactly
// this, rounded once). Philox's curand_uniform_double: x 2^-32 + 2^-32, exact (32 random bits).
GPURNG_HD GPURNG_FORCEINLINE float uniform_float(std::uint32_t x) { return u32_to_uniform_float(x); }
GPURNG_HD GPURNG_FORCEINLINE double uniform_double_one_word(std::uint32_t x) {
  return ieee::mul(static_cast<double>(static_cast<std::uint64_t>(x) + 1u), kTwoPowM32);
}
// XORWOW's curand_uniform_double (_curand_uniform_double_hq): z = x ^ (y << 21) as 64 bits (z < 2^53),
// then z 2^-53 + 2^-54. The product is exact, so the sum rounds once, fused or not (the device's FMA
// and the host's two operations agree).
GPURNG_HD GPURNG_FORCEINLINE double uniform_double_two_words(std::uint32_t x, std::uint32_t y) {
  const std::uint64_t z = static_cast<std::uint64_t>(x) ^ (static_cast<std::uint64_t>(y) << 21);
  return ieee::add(ieee::mul(static_cast<double>(z), 0x1p-53), 0x1p-54);
}

// ----- MRG32k3a: cuRAND's seeding and conversions (curand-seeding.md section 2) --------------------

inline constexpr double kMrgNorm = 2.3283065498378288e-10;  // cuRAND's MRG32K3A_NORM
inline constexpr double kMrgBitsNorm = 1.000000048662;      // cuRAND's MRG32K3A_BITS_NORM

// curand_init's seeding before any skip: all six words 12345 for seed 0; otherwise from
// x1 = lo(seed) ^ 0x55555555 and x2 = hi(seed) ^ 0xAAAAAAAA, each times 12345 reduced mod m1 / m2.
GPURNG_HD constexpr mrg32k3a::State mrg_seed_state(std::uint64_t seed) {
  if (seed == 0) return mrg32k3a::default_state();
  const std::uint64_t x1 = static_cast<std::uint32_t>(seed) ^ 0x55555555u;
  const std::uint64_t x2 = static_cast<std::uint32_t>(seed >> 32) ^ 0xAAAAAAAAu;
  using mrg32k3a::Mod1;
  using mrg32k3a::Mod2;
  return mrg32k3a::State{{Mod1::reduce(x1 * 12345u), Mod1::reduce(x2 * 12345u), Mod1::reduce(x1 * 12345u),
                          Mod2::reduce(x2 * 12345u), Mod2::reduce(x1 * 12345u), Mod2::reduce(x2 * 12345u)}};
}

// curand(): trunc(r * 1.000000048662) for the step's r in [1, m1]. Only r = m1 gives a product of
// 2^32 or more; the device's double-to-unsigned conversion saturates it to 2^32 - 1.
GPURNG_HD GPURNG_FORCEINLINE std::uint32_t mrg_bits(std::uint32_t r) {
  const double x = ieee::mul(static_cast<double>(r), kMrgBitsNorm);
  return x >= 4294967295.0 ? 0xffffffffu : static_cast<std::uint32_t>(x);
}
// curand_uniform_double and curand_uniform: r * MRG32K3A_NORM in (0, 1], and the float nearest it.
GPURNG_HD GPURNG_FORCEINLINE double mrg_uniform_double(std::uint32_t r) {
  return ieee::mul(static_cast<double>(r), kMrgNorm);
}
GPURNG_HD GPURNG_FORCEINLINE float mrg_uniform_float(std::uint32_t r) { return static_cast<float>(mrg_uniform_double(r)); }

}  // namespace gpurng::core::curand_host
