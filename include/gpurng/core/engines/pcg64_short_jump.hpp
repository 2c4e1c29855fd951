// PCG64 and PCG64DXSM jumps of fewer than 2^27 steps from tables of base-512 digits: the skips of
// the CUDA fill kernels' threads, each a short way from its launch's first position. advance()
// composes the LCG's map over the bits of k, squaring the map of 2^i steps as it goes: about four
// dependent 128-bit products per bit. With a table, a jump is at most three compositions with
// stored maps (two 128-bit products each).
//
// k steps of x -> a x + c are x -> A x + c S with A = a^k and S = 1 + a + ... + a^(k-1) (mod
// 2^128); (A, S) does not depend on the increment c, so one table serves every stream. Apart from
// pcg64.hpp so that only the users of the tables compile them (src/cuda/pcg64.cu keeps the device
// copies, 48 KiB per variant).
#pragma once

#include "gpurng/core/engines/pcg64.hpp"
#include "gpurng/core/jump/short_jump.hpp"

namespace gpurng::core::pcg64 {

inline constexpr int kShortJumpBits = short_jump::kBits;
inline constexpr int kShortJumpDigits = short_jump::kDigits;
inline constexpr int kShortJumpEntries = short_jump::kEntries;
inline constexpr std::uint64_t kShortJumpLimit = short_jump::kLimit;

// The map of k steps, without the increment: x -> mult x + c sum.
struct StepMap {
  U128 mult;
  U128 sum;
};

// Entry [d][g-1]: the map of g * 512^d steps.
struct ShortJumpTable {
  StepMap m[kShortJumpDigits][kShortJumpEntries];
};

namespace short_jump_detail {

// a * b mod 2^128 for the compiler's constant evaluation (U128's operator* takes the device's
// __umul64hi): the high half of lo * lo from 32-bit halves, exact, the same bits.
GPURNG_HD constexpr U128 mul(U128 a, U128 b) {
  const std::uint64_t a0 = a.lo & 0xffffffffu, a1 = a.lo >> 32, b0 = b.lo & 0xffffffffu, b1 = b.lo >> 32;
  const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  const std::uint64_t hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
  return U128{a.lo * b.lo, hi + a.lo * b.hi + a.hi * b.lo};
}

// First x, then y (maps of the same LCG commute, so the order is only for the formula).
GPURNG_HD constexpr StepMap then(const StepMap& x, const StepMap& y) {
  return StepMap{mul(y.mult, x.mult), mul(y.mult, x.sum) + y.sum};
}

}  // namespace short_jump_detail

template <class V>
GPURNG_HD constexpr ShortJumpTable make_short_jump_table() {
  ShortJumpTable t{};
  StepMap base{V::multiplier(), U128{1, 0}};  // one step: x -> a x + c
  for (int d = 0; d < kShortJumpDigits; ++d) {
    StepMap p = base;
    for (int g = 0; g < kShortJumpEntries; ++g) {
      t.m[d][g] = p;
      p = short_jump_detail::then(p, base);
    }
    base = p;  // 512 * 512^d steps: the next digit's base
  }
  return t;
}

// The state k < kShortJumpLimit steps ahead: the same state as advance<V>(st, k).
GPURNG_HD inline void skip_short(State& st, std::uint64_t k, const ShortJumpTable& t) {
  for (int d = 0, shift = 0; d < kShortJumpDigits; ++d, shift += kShortJumpBits) {
    const unsigned g = static_cast<unsigned>(k >> shift) & kShortJumpEntries;
    if (g != 0) st.state = t.m[d][g - 1].mult * st.state + t.m[d][g - 1].sum * st.inc;
  }
}

}  // namespace gpurng::core::pcg64
