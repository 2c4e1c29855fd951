// Correctly rounded IEEE-754 operations that no compiler may fuse or reorder.
//
// CPU == GPU bit for bit needs every floating-point operation to happen exactly as written. nvcc
// contracts a*b+c into one FMA by default (a different rounding), and so does g++ when FMA
// instructions are enabled with -ffp-contract=fast. On the device the __f*_rn / __d*_rn intrinsics
// are never contracted; on the host the library is compiled with -ffp-contract=off, and code that
// includes these headers itself must not enable contraction either (see docs/ARCHITECTURE.md).
//
// fma() is the exactly rounded fused multiply-add on both sides: the hardware instruction on the
// GPU; on the host __builtin_fma, which is the FMA instruction in code compiled for it (the CPU
// backend has such a clone, chosen at run time) and otherwise C's fma(), equally exact.
#pragma once

#include <cmath>
#include <cstring>

#include "gpurng/core/config.hpp"

namespace gpurng::core::ieee {

GPURNG_HD GPURNG_FORCEINLINE float add(float a, float b) {
#if GPURNG_DEVICE_PASS
  return __fadd_rn(a, b);
#else
  return a + b;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE float sub(float a, float b) {
#if GPURNG_DEVICE_PASS
  return __fsub_rn(a, b);
#else
  return a - b;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE float mul(float a, float b) {
#if GPURNG_DEVICE_PASS
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE float div(float a, float b) {
#if GPURNG_DEVICE_PASS
  return __fdiv_rn(a, b);
#else
  return a / b;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE float fma(float a, float b, float c) {
#if GPURNG_DEVICE_PASS
  return __fmaf_rn(a, b, c);
#else
  return __builtin_fmaf(a, b, c);
#endif
}
GPURNG_HD GPURNG_FORCEINLINE float sqrt(float a) {
#if GPURNG_DEVICE_PASS
  return __fsqrt_rn(a);
#else
  return std::sqrt(a);
#endif
}

GPURNG_HD GPURNG_FORCEINLINE double add(double a, double b) {
#if GPURNG_DEVICE_PASS
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE double sub(double a, double b) {
#if GPURNG_DEVICE_PASS
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE double mul(double a, double b) {
#if GPURNG_DEVICE_PASS
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE double div(double a, double b) {
#if GPURNG_DEVICE_PASS
  return __ddiv_rn(a, b);
#else
  return a / b;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE double fma(double a, double b, double c) {
#if GPURNG_DEVICE_PASS
  return __fma_rn(a, b, c);
#else
  return __builtin_fma(a, b, c);
#endif
}
GPURNG_HD GPURNG_FORCEINLINE double sqrt(double a) {
#if GPURNG_DEVICE_PASS
  return __dsqrt_rn(a);
#else
  return std::sqrt(a);
#endif
}

// Bit casts (memcpy on the host, the intrinsics on the device).
GPURNG_HD GPURNG_FORCEINLINE std::uint32_t to_bits(float x) {
#if GPURNG_DEVICE_PASS
  return __float_as_uint(x);
#else
  std::uint32_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE float from_bits(std::uint32_t u) {
#if GPURNG_DEVICE_PASS
  return __uint_as_float(u);
#else
  float x;
  std::memcpy(&x, &u, sizeof x);
  return x;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE std::uint64_t to_bits(double x) {
#if GPURNG_DEVICE_PASS
  return static_cast<std::uint64_t>(__double_as_longlong(x));
#else
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return u;
#endif
}
GPURNG_HD GPURNG_FORCEINLINE double from_bits(std::uint64_t u) {
#if GPURNG_DEVICE_PASS
  return __longlong_as_double(static_cast<long long>(u));
#else
  double x;
  std::memcpy(&x, &u, sizeof x);
  return x;
#endif
}

}  // namespace gpurng::core::ieee
