// MT19937 and MT19937-64 (Matsumoto & Nishimura 1998; Nishimura 2000), the single source of their
// math for the CPU backend, the CUDA kernels and the <random>-style engines.
//
// Both are the linear recurrence over words X_0, X_1, ... of w bits
//
//   X_{k+n} = X_{k+m} ^ ((upper(X_k) | lower(X_{k+1})) >> 1) ^ (lowest bit of X_{k+1} ? a : 0)
//
// with (w, n, m, a) = (32, 624, 397, 0x9908b0df) and (64, 312, 156, 0xb5026f5aa96619e9); "upper" keeps
// the w - 31 high bits, "lower" the 31 low bits. The state is 19937 bits: the top bit of X_k and all of
// X_{k+1} .. X_{k+n-1}; the period is the Mersenne prime 2^19937 - 1.
//
// Positions. Seeding (init_genrand / init_by_array, exactly as the reference codes and std::mt19937)
// gives X_0 .. X_{n-1}. Output number p (p = 0 is the first value a freshly seeded reference generator
// returns) is temper(X_{p+n}). The "window at position q" is the array X_q .. X_{q+n-1}: it determines
// every output from position q on, and output q - 1 is temper(window[n-1]). "Jump by J" maps the
// window at q to the window at q + J.
//
// Jump-ahead (Haramoto, Matsumoto, Nishimura, Panneton, L'Ecuyer 2008): with A the one-word transition
// of the 19937-bit state and P(x) its characteristic polynomial, A^J = g(A) for g(x) = x^J mod P(x),
// g(x) = sum_i g_i x^i, deg g < 19937. Applied to the window at q this reads
//   window(q + J)[j] = XOR over { i : g_i = 1 } of X_{q+i+j},   j = 0 .. n-1,
// the same sum Haramoto et al. evaluate by Horner's rule, here taken from the forward sequence (a
// correlation, which parallelises over j and i). Only the polynomial needs big-number arithmetic; it is
// computed on the host (src/families/mt19937/mt_jump.cpp) and handed to apply_jump() below or to the CUDA jump kernel.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gpurng/core/config.hpp"
#include "gpurng/core/engines/mt_forms.hpp"

namespace gpurng::core::mt19937 {

// Degree of the characteristic polynomial (the state size in bits) of both engines.
inline constexpr int kDegree = 19937;

// The 32-bit engine: std::mt19937, mt19937ar.c.
struct Mt32 {
  using word = std::uint32_t;
  static constexpr int w = 32;
  static constexpr int n = 624;
  static constexpr int m = 397;
  static constexpr word matrix_a = 0x9908b0dfu;
  static constexpr word upper_mask = 0x80000000u;
  static constexpr word lower_mask = 0x7fffffffu;
  static constexpr word default_seed = 5489u;
  // init_genrand: X_i = f (X_{i-1} ^ (X_{i-1} >> (w-2))) + i
  static constexpr word init_mult = 1812433253u;
  // init_by_array
  static constexpr word array_base_seed = 19650218u;
  static constexpr word array_mult1 = 1664525u;
  static constexpr word array_mult2 = 1566083941u;

  GPURNG_HD static constexpr word temper(word y) {
    return mt_forms::temper<word>(y, 11, 7, 0x9d2c5680u, 15, 0xefc60000u, 18);
  }
};

// The 64-bit engine: std::mt19937_64, mt19937-64.c.
struct Mt64 {
  using word = std::uint64_t;
  static constexpr int w = 64;
  static constexpr int n = 312;
  static constexpr int m = 156;
  static constexpr word matrix_a = 0xb5026f5aa96619e9ull;
  static constexpr word upper_mask = 0xffffffff80000000ull;
  static constexpr word lower_mask = 0x000000007fffffffull;
  static constexpr word default_seed = 5489u;
  static constexpr word init_mult = 6364136223846793005ull;
  static constexpr word array_base_seed = 19650218u;
  static constexpr word array_mult1 = 3935559000370003845ull;
  static constexpr word array_mult2 = 2862933555777941757ull;

  GPURNG_HD static constexpr word temper(word y) {
    y ^= (y >> 29) & 0x5555555555555555ull;
    y ^= (y << 17) & 0x71d67fffeda60000ull;
    y ^= (y << 37) & 0xfff7eee000000000ull;
    return y ^ (y >> 43);
  }
};

// One word of the recurrence: X_{k+n} from X_k, X_{k+1}, X_{k+m} (the form every MT shares,
// core/engines/mt_forms.hpp: branch-free, a multiply-add on the GPU, a mask that vectorises on the CPU).
template <class P>
GPURNG_HD GPURNG_FORCEINLINE constexpr typename P::word recur(typename P::word x0, typename P::word x1,
                                                             typename P::word xm) {
  return mt_forms::twist_word<typename P::word>(x0, x1, xm, P::upper_mask, P::lower_mask, P::matrix_a);
}

// ----- seeding: the window at position 0 -----------------------------------------------------------

// init_genrand(seed) of the reference codes, = std::mt19937(seed) / std::mt19937_64(seed).
template <class P>
GPURNG_HD constexpr void init_genrand(typename P::word* s, typename P::word seed) {
  using W = typename P::word;
  s[0] = seed;
  for (int i = 1; i < P::n; ++i) s[i] = mt_forms::init_next<W, P::w>(s[i - 1], P::init_mult, W(i));
}

// init_by_array(key, len) of the reference codes (len >= 1; the reference reads key[0] even for
// len = 0, so callers must reject it).
template <class P>
GPURNG_HD constexpr void init_by_array(typename P::word* s, const typename P::word* key, std::size_t len) {
  using W = typename P::word;
  constexpr int n = P::n;
  init_genrand<P>(s, P::array_base_seed);
  int i = 1;
  std::size_t j = 0;
  for (std::size_t k = (static_cast<std::size_t>(n) > len ? static_cast<std::size_t>(n) : len); k != 0; --k) {
    s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> (P::w - 2))) * P::array_mult1)) + key[j] + W(j);
    ++i;
    ++j;
    if (i >= n) {
      s[0] = s[n - 1];
      i = 1;
    }
    if (j >= len) j = 0;
  }
  for (int k = n - 1; k != 0; --k) {
    s[i] = (s[i] ^ ((s[i - 1] ^ (s[i - 1] >> (P::w - 2))) * P::array_mult2)) - W(i);
    ++i;
    if (i >= n) {
      s[0] = s[n - 1];
      i = 1;
    }
  }
  s[0] = W(1) << (P::w - 1);  // the top bit set: the state is never zero
}

// True when the 19937 state bits of a window are all zero (a fixed point of the recurrence, never
// produced by the seeding functions; rejected when a raw state is loaded).
template <class P>
GPURNG_HD constexpr bool is_zero_state(const typename P::word* s) {
  if ((s[0] & P::upper_mask) != 0) return false;
  for (int i = 1; i < P::n; ++i) {
    if (s[i] != 0) return false;
  }
  return true;
}

// ----- sequential generation -----------------------------------------------------------------------

// In place: the window at q becomes the window at q + n (the reference "generate n words at one time").
// Written as three loops with constant bounds and no wrap-around so that compilers vectorise them; the
// second loop reads words written by the first, m - n words back, which is more than a vector.
template <class P>
GPURNG_HD GPURNG_FORCEINLINE void regenerate(typename P::word* s) {
  constexpr int n = P::n;
  constexpr int m = P::m;
  for (int k = 0; k < n - m; ++k) s[k] = recur<P>(s[k], s[k + 1], s[k + m]);
  for (int k = n - m; k < n - 1; ++k) s[k] = recur<P>(s[k], s[k + 1], s[k + m - n]);
  s[n - 1] = recur<P>(s[n - 1], s[0], s[m - 1]);
}

// Extends a linear array of the sequence: given x[0 .. n-1] (any window), writes x[n .. n+count-1].
template <class P>
GPURNG_HD void extend(typename P::word* x, std::size_t count) {
  for (std::size_t t = P::n; t < P::n + count; ++t) x[t] = recur<P>(x[t - P::n], x[t - P::n + 1], x[t - P::n + P::m]);
}

// ----- jump-ahead ----------------------------------------------------------------------------------

// Coefficients of a jump polynomial: bit i of word i/32 is the coefficient of x^i, i < kDegree. The
// array is padded with zeros to kPolyWords words (a multiple of 5 * 32 bits, which the CUDA jump kernel
// walks in steps of 160 coefficients).
inline constexpr int kPolyWords = 640;  // 20480 bits

// Words of the forward sequence a jump reads: X_q .. X_{q + kDegree - 1 + n - 1}.
template <class P>
inline constexpr int kJumpWindowWords = kDegree - 1 + P::n;

// window_out = window at q + J, from x = X_q .. X_{q + kJumpWindowWords - 1} and the coefficients of
// x^J mod P(x). (For the 32-bit engine the low 31 bits of window_out[0] are not part of the state and
// may differ from the words the recurrence itself would give; no output depends on them.)
template <class P>
GPURNG_HD void apply_jump(const typename P::word* x, const std::uint32_t* coeff, typename P::word* window_out) {
  using W = typename P::word;
  for (int j = 0; j < P::n; ++j) window_out[j] = 0;
  for (int i = 0; i < kDegree; ++i) {
    if (((coeff[i >> 5] >> (i & 31)) & 1u) == 0) continue;
    const W* row = x + i;
    for (int j = 0; j < P::n; ++j) window_out[j] ^= row[j];
  }
}

// ----- outputs -------------------------------------------------------------------------------------

// Uniforms are (top b bits of the output + 1) / 2^b, in (0, 1], exact, all 2^b values equally likely:
//   float: b = 24 (both engines);  double: b = 32 for MT19937, b = 53 for MT19937-64.
// This is the reference genrand_real2 ([0,1), b bits) plus 2^-b, so that log() in the transforms is
// always finite.
template <class P>
GPURNG_HD GPURNG_FORCEINLINE float to_uniform_float(typename P::word r) {
  return static_cast<float>(static_cast<std::uint32_t>(r >> (P::w - 24)) + 1u) * 0x1p-24f;
}

template <class P>
GPURNG_HD GPURNG_FORCEINLINE double to_uniform_double(typename P::word r) {
  if constexpr (P::w == 32) {
    return static_cast<double>(static_cast<std::uint64_t>(r) + 1u) * 0x1p-32;
  } else {
    return static_cast<double>((r >> 11) + 1u) * 0x1p-53;
  }
}

// The engine as the distribution transforms (core/dist/transforms.hpp) see it: raw = tempered output.
template <class P>
struct Engine {
  using params = P;
  using raw_type = typename P::word;
  using bits_type = typename P::word;
  GPURNG_HD static GPURNG_FORCEINLINE bits_type bits(raw_type r) { return r; }
  GPURNG_HD static GPURNG_FORCEINLINE float uniform_float(raw_type r) { return to_uniform_float<P>(r); }
  GPURNG_HD static GPURNG_FORCEINLINE double uniform_double(raw_type r) { return to_uniform_double<P>(r); }
};

using Engine32 = Engine<Mt32>;
using Engine64 = Engine<Mt64>;

}  // namespace gpurng::core::mt19937
