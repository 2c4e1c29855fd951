// Half-precision outputs: IEEE binary16 ("f16") and bfloat16, stored as uint16_t bit patterns so the
// core needs no cuda_fp16.h / cuda_bf16.h (a device user reinterprets them as __half / __nv_bfloat16).
//
// The rule (one rule, CPU == GPU by construction: integer operations only):
//   half value i = the float value i of the float transform, rounded to the half format by IEEE
//   round-to-nearest-even, with overflow to +-inf, gradual underflow to subnormals and +-0, and a
//   NaN kept a quiet NaN with its sign and leading payload bits.
// So uniform-as-f16 = RNE(uniform float), normal-as-bf16 = RNE(normal float) (mean and stddev applied
// in float first), for whatever float transform the engine uses.
//
// Consequences worth knowing: an f16 uniform can be 0 (float uniforms below 2^-25, probability about
// 2^-25 for 32-bit engines) and both formats round uniforms near 1 up to 1.0, so half uniforms lie in
// [0, 1]. Normal values beyond 65520 would be inf in f16 (never at stddev 1).
#pragma once

#include <cstdint>

#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::core::dist {

enum class HalfFormat { binary16, bfloat16 };

// float -> IEEE binary16 (1 sign, 5 exponent bits, bias 15, 10 fraction bits), round to nearest even,
// by integer operations (the rule's definition; float_to_binary16_bits below).
GPURNG_HD GPURNG_FORCEINLINE std::uint16_t float_to_binary16_bits_by_integers(float f) {
  const std::uint32_t x = ieee::to_bits(f);
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  const std::uint32_t a = x & 0x7fffffffu;
  if (a > 0x7f800000u) {  // NaN: quiet (bit 9), sign and the top 9 payload bits kept
    return static_cast<std::uint16_t>(sign | 0x7e00u | ((a >> 13) & 0x1ffu));
  }
  if (a >= 0x477ff000u) {  // |f| >= 65520 = 65504 + half an ulp: rounds to inf (ties go up to even inf)
    return static_cast<std::uint16_t>(sign | 0x7c00u);
  }
  if (a >= 0x38800000u) {  // |f| >= 2^-14: normal in binary16. Rebias the exponent (127 -> 15), then
    // round the 13 dropped bits: add 0xfff plus the lowest kept bit, so exact halves go to even. A
    // carry out of the fraction correctly bumps the exponent.
    const std::uint32_t m = a - (112u << 23);
    return static_cast<std::uint16_t>(sign | ((m + 0xfffu + ((m >> 13) & 1u)) >> 13));
  }
  if (a <= 0x33000000u) {  // |f| <= 2^-25 = half the smallest subnormal: to +-0 (2^-25 ties to even 0)
    return static_cast<std::uint16_t>(sign);
  }
  // Subnormal result, 2^-25 < |f| < 2^-14: the value in units of 2^-24 is mant * 2^(e - 126) with the
  // implicit bit restored; shift = 126 - e is 14..24 here. Round the shifted-out bits to nearest even.
  const std::uint32_t e = a >> 23;
  const std::uint32_t mant = (a & 0x7fffffu) | 0x800000u;
  const std::uint32_t shift = 126u - e;
  const std::uint32_t q = mant >> shift;
  const std::uint32_t rest = mant & ((1u << shift) - 1u);
  const std::uint32_t halfway = 1u << (shift - 1u);
  const std::uint32_t up = (rest > halfway || (rest == halfway && (q & 1u))) ? 1u : 0u;
  return static_cast<std::uint16_t>(sign | (q + up));  // q + up = 0x400 is the smallest normal: right
}

// float -> bfloat16 (the top 16 bits of a float), round to nearest even. Adding 0x7fff plus the lowest
// kept bit rounds exactly, including into the exponent and up to inf; subnormals need nothing special.
GPURNG_HD GPURNG_FORCEINLINE std::uint16_t float_to_bfloat16_bits_by_integers(float f) {
  const std::uint32_t x = ieee::to_bits(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) {  // NaN: quiet (bit 6), sign and top payload bits kept
    return static_cast<std::uint16_t>((x >> 16) | 0x0040u);
  }
  return static_cast<std::uint16_t>((x + 0x7fffu + ((x >> 16) & 1u)) >> 16);
}

// The conversions the library uses. On the GPU a non-NaN float goes through the conversion instruction
// (PTX cvt.rn.f16.f32, and cvt.rn.bf16.f32 from sm_80): IEEE round to nearest even with the same
// overflow and gradual underflow, so the same bits as the integer rule for every non-NaN float (test:
// CudaHalfOutputs.HardwareRoundingEqualsTheIntegerRule, all 2^32 floats), in one instruction instead of
// about fifteen: float16 uniforms of Philox4x32-10 at 2^28 went 475 -> 692 G values/s on an H100
// (docs/PERFORMANCE.md). NaNs keep the integer rule (the instruction makes one canonical NaN).
GPURNG_HD GPURNG_FORCEINLINE std::uint16_t float_to_binary16_bits(float f) {
#if GPURNG_DEVICE_PASS
  if (f == f) {
    unsigned short h;
    asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
    return h;
  }
#endif
  return float_to_binary16_bits_by_integers(f);
}

GPURNG_HD GPURNG_FORCEINLINE std::uint16_t float_to_bfloat16_bits(float f) {
#if GPURNG_DEVICE_PASS && __CUDA_ARCH__ >= 800
  if (f == f) {
    unsigned short h;
    asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(f));
    return h;
  }
#endif
  return float_to_bfloat16_bits_by_integers(f);
}

// The exact float of a half bit pattern (every binary16 and bfloat16 value is a float).
GPURNG_HD GPURNG_FORCEINLINE float binary16_bits_to_float(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t e = (h >> 10) & 0x1fu;
  const std::uint32_t m = h & 0x3ffu;
  if (e == 0x1fu) return ieee::from_bits(sign | 0x7f800000u | (m << 13));
  if (e != 0) return ieee::from_bits(sign | ((e + 112u) << 23) | (m << 13));
  // subnormal or zero: m * 2^-24, exact in float
  const float v = ieee::mul(static_cast<float>(m), 0x1p-24f);
  return ieee::from_bits(sign | ieee::to_bits(v));
}
GPURNG_HD GPURNG_FORCEINLINE float bfloat16_bits_to_float(std::uint16_t h) {
  return ieee::from_bits(static_cast<std::uint32_t>(h) << 16);
}

template <HalfFormat F>
GPURNG_HD GPURNG_FORCEINLINE std::uint16_t float_to_half_bits(float f) {
  if constexpr (F == HalfFormat::binary16) {
    return float_to_binary16_bits(f);
  } else {
    return float_to_bfloat16_bits(f);
  }
}

// Any float transform Tr (Uniform<E, float>, Normal<E, float>, NormalInverseCdf<C, float>, ...) with
// its values rounded to format F. Same arity and positions as Tr; parameters are Tr's (`inner`).
template <class Tr, HalfFormat F>
struct ToHalf {
  static_assert(sizeof(typename Tr::value_type) == sizeof(float), "a float transform");
  using value_type = std::uint16_t;
  static constexpr int arity = Tr::arity;
  static constexpr HalfFormat format = F;
  Tr inner;
  template <class Raw>
  GPURNG_HD GPURNG_FORCEINLINE void operator()(const Raw* r, std::uint16_t* out) const {
    float v[Tr::arity];
    inner(r, v);
    for (int j = 0; j < Tr::arity; ++j) out[j] = float_to_half_bits<F>(v[j]);
  }
};

}  // namespace gpurng::core::dist
