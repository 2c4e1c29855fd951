// The forms every 32-bit Mersenne Twister shares, whatever its parameters: the seeding recurrence of
// init_genrand, one word of the twist, and the four-step tempering. MT19937 (core/engines/mt19937.hpp)
// instantiates them with its constants; the Dynamic-Creator family (core/engines/dcmt.hpp) with the
// values of a parameter set. With constant arguments they compile to exactly the code written out by
// hand, so sharing them costs neither engine anything.
#pragma once

#include "gpurng/core/config.hpp"

namespace gpurng::core::mt_forms {

// init_genrand's multiplier (Knuth, TAOCP vol. 2, 3rd ed., p. 106), used by mt19937ar and by the
// Dynamic Creator's sgenrand_mt alike.
inline constexpr std::uint32_t kInitMult32 = 1812433253u;

// Word i of init_genrand from word i - 1: f * (prev ^ (prev >> (w - 2))) + i.
template <class W, int WBits>
GPURNG_HD GPURNG_FORCEINLINE constexpr W init_next(W prev, W mult, W i) {
  return mult * (prev ^ (prev >> (WBits - 2))) + i;
}

// X_{k+n} from X_k, X_{k+1} and X_{k+m}: the upper bits of X_k joined to the lower bits of X_{k+1},
// shifted right, plus `a` when that join is odd (its lowest bit is X_{k+1}'s, as the lower part is
// never empty), plus X_{k+m}. Branch-free either way: the product is one multiply-add on the GPU,
// the mask vectorises on the CPU.
template <class W>
GPURNG_HD GPURNG_FORCEINLINE constexpr W twist_word(W x0, W x1, W xm, W upper_mask, W lower_mask, W a) {
  const W y = (x0 & upper_mask) | (x1 & lower_mask);
#if GPURNG_DEVICE_PASS
  return xm ^ (y >> 1) ^ ((x1 & W(1)) * a);
#else
  return xm ^ (y >> 1) ^ ((W(0) - (x1 & W(1))) & a);
#endif
}

// Tempering: y ^= y >> u; y ^= (y << s) & b; y ^= (y << t) & c; y ^= y >> l.
template <class W>
GPURNG_HD GPURNG_FORCEINLINE constexpr W temper(W y, unsigned u, unsigned s, W b, unsigned t, W c, unsigned l) {
  y ^= y >> u;
  y ^= (y << s) & b;
  y ^= (y << t) & c;
  return y ^ (y >> l);
}

}  // namespace gpurng::core::mt_forms
