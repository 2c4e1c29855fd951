// Full-width products and 128-bit unsigned integers (arithmetic modulo 2^128), for the Philox
// rounds (the high halves of 32 x 32 and 64 x 64 products) and PCG64 (a 128-bit LCG).
//
// One struct of two 64-bit words on host and device, so both sides run the same arithmetic; only the
// high half of a product has two paths, which give the same bits: the device's __umulhi and
// __umul64hi (one instruction each), and on the host a 64-bit product, or unsigned __int128 (GCC and
// Clang, the host compilers this project builds with; nvcc's host pass uses them too). OpenCL (no
// __int128): PTX's mul.hi for NVIDIA; in SPIR the 64 x 64 high half from 32-bit halves.
#pragma once

#include "gpurng/core/config.hpp"

#if !GPURNG_DEVICE_PASS && !GPURNG_OPENCL_PASS && !defined(__SIZEOF_INT128__)
#error "gpurng/core/uint128.hpp needs unsigned __int128 on the host (GCC or Clang)"
#endif

namespace gpurng::core {

#if !GPURNG_DEVICE_PASS && !GPURNG_OPENCL_PASS
__extension__ typedef unsigned __int128 HostU128;  // __extension__: not ISO C++, -Wpedantic would say
#endif

// The high 32 bits of the 64-bit product a * b.
GPURNG_HD GPURNG_FORCEINLINE std::uint32_t mulhi32(std::uint32_t a, std::uint32_t b) {
#if GPURNG_DEVICE_PASS
  return __umulhi(a, b);
#elif GPURNG_OPENCL_PASS && defined(__NVPTX__)
  return __nvvm_mulhi_ui(a, b);  // PTX's mul.hi.u32, as __umulhi
#else
  return static_cast<std::uint32_t>((static_cast<std::uint64_t>(a) * b) >> 32);
#endif
}

// The high 64 bits of the 128-bit product a * b.
GPURNG_HD GPURNG_FORCEINLINE std::uint64_t mulhi64(std::uint64_t a, std::uint64_t b) {
#if GPURNG_DEVICE_PASS
  return __umul64hi(a, b);
#elif GPURNG_OPENCL_PASS && defined(__NVPTX__)
  return __nvvm_mulhi_ull(a, b);  // PTX's mul.hi.u64, as __umul64hi
#elif GPURNG_OPENCL_PASS
  // OpenCL targets have no 128-bit integer: the schoolbook product of 32-bit halves, exact.
  const std::uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);  // < 3 * 2^32
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#else
  return static_cast<std::uint64_t>((static_cast<HostU128>(a) * b) >> 64);
#endif
}

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint64_t rotr64(std::uint64_t x, unsigned r) {
  return (x >> (r & 63u)) | (x << ((64u - r) & 63u));
}

// An unsigned 128-bit integer, hi * 2^64 + lo. Arithmetic wraps modulo 2^128.
struct U128 {
  std::uint64_t lo;
  std::uint64_t hi;
};

GPURNG_HD GPURNG_FORCEINLINE constexpr bool operator==(U128 a, U128 b) { return a.lo == b.lo && a.hi == b.hi; }
GPURNG_HD GPURNG_FORCEINLINE constexpr bool operator!=(U128 a, U128 b) { return !(a == b); }

GPURNG_HD GPURNG_FORCEINLINE constexpr U128 operator+(U128 a, U128 b) {
  const std::uint64_t lo = a.lo + b.lo;
  return U128{lo, a.hi + b.hi + (lo < a.lo ? 1u : 0u)};
}

// a * b mod 2^128: the full low product plus the two cross products in the high word.
GPURNG_HD GPURNG_FORCEINLINE U128 operator*(U128 a, U128 b) {
  return U128{a.lo * b.lo, mulhi64(a.lo, b.lo) + a.lo * b.hi + a.hi * b.lo};
}

// a * b for a 64-bit b (PCG64DXSM's "cheap multiplier"): one cross product fewer.
GPURNG_HD GPURNG_FORCEINLINE U128 mul_u64(U128 a, std::uint64_t b) {
  return U128{a.lo * b, mulhi64(a.lo, b) + a.hi * b};
}

GPURNG_HD GPURNG_FORCEINLINE constexpr U128 shl1(U128 a) { return U128{a.lo << 1, (a.hi << 1) | (a.lo >> 63)}; }

GPURNG_HD GPURNG_FORCEINLINE constexpr bool is_zero(U128 a) { return (a.lo | a.hi) == 0; }

GPURNG_HD GPURNG_FORCEINLINE constexpr U128 shr1(U128 a) { return U128{(a.lo >> 1) | (a.hi << 63), a.hi >> 1}; }

}  // namespace gpurng::core
