// Arithmetic modulo an odd p < 2^32 in Montgomery form (R = 2^32), for skip-ahead by modular
// powers: x * a^k mod p in O(log k) multiplications of 32-bit numbers, without 64-bit division in
// the loop (a 64-bit % is a long subroutine on the GPU). Exact integer arithmetic, so any correct
// method gives the same result; tests compare with plain (x * y) % p.
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core::mont32 {

struct Modulus {
  std::uint32_t p;         // odd, > 1
  std::uint32_t neg_pinv;  // -p^-1 mod 2^32
  std::uint32_t r2;        // R^2 mod p
};

GPURNG_HD constexpr Modulus make_modulus(std::uint32_t p) {
  // Newton's iteration for p^-1 mod 2^32: p*p = 1 (mod 8) starts with 3 correct bits, each step
  // doubles them (3, 6, 12, 24, 48).
  std::uint32_t inv = p;
  for (int i = 0; i < 4; ++i) inv *= 2u - p * inv;
  const std::uint64_t r = (std::uint64_t{1} << 32) % p;
  return Modulus{p, 0u - inv, static_cast<std::uint32_t>((r * r) % p)};
}

// t * R^-1 mod p for t < p * 2^32. t + m*p is a multiple of 2^32 but may need 65 bits, so the sum
// is formed from the high halves plus the carry out of the low halves (1 exactly when t's low half
// is non-zero, since the low halves add up to 0 or 2^32). The result is < 2p before the subtraction.
GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t redc(std::uint64_t t, const Modulus& m) {
  const std::uint32_t q = static_cast<std::uint32_t>(t) * m.neg_pinv;
  const std::uint64_t qp = static_cast<std::uint64_t>(q) * m.p;
  const std::uint64_t u = (t >> 32) + (qp >> 32) + (static_cast<std::uint32_t>(t) != 0u ? 1u : 0u);
  return static_cast<std::uint32_t>(u >= m.p ? u - m.p : u);
}

// Montgomery product: a * b * R^-1 mod p, for a, b < p.
GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t mul(std::uint32_t a, std::uint32_t b, const Modulus& m) {
  return redc(static_cast<std::uint64_t>(a) * b, m);
}

// x * a^k mod p, for x, a < p, any k >= 0: square-and-multiply in Montgomery form.
GPURNG_HD constexpr std::uint32_t mul_pow(std::uint32_t x, std::uint32_t a, std::uint64_t k, const Modulus& m) {
  std::uint32_t acc = redc(m.r2, m);  // 1 in Montgomery form (R mod p)
  std::uint32_t base = mul(a, m.r2, m);  // a * R mod p
  for (; k != 0; k >>= 1) {
    if (k & 1u) acc = mul(acc, base, m);
    base = mul(base, base, m);
  }
  return mul(acc, x, m);  // a^k R * x * R^-1
}

}  // namespace gpurng::core::mont32
