// The Dynamic-Creator Mersenne Twisters (Matsumoto & Nishimura, "Dynamic creation of pseudorandom
// number generators", Monte Carlo and Quasi-Monte Carlo Methods 1998): Mersenne Twisters of word size
// w = 32 whose twist word `a` and tempering masks come from a parameter set, one set per stream.
//
//   X_{k+n} = X_{k+m} ^ ((upper_r(X_k) | lower_r(X_{k+1})) >> 1) ^ (X_{k+1} odd ? a : 0)
//   output  = temper(X_{k+n}):  y ^= y >> u;  y ^= (y << s) & b;  y ^= (y << t) & c;  y ^= y >> l
//
// upper_r keeps the w - r high bits, lower_r the r low bits; the state is p = 32 n - r bits (the top
// w - r bits of X_k and all of X_{k+1} .. X_{k+n-1}); for a set of the Dynamic Creator the
// characteristic polynomial is irreducible of degree p, a Mersenne exponent, so the period is 2^p - 1.
//
// Positions. Seeding gives X_0 .. X_{n-1} (the reference sgenrand_mt: init_genrand of a 32-bit seed,
// each word masked by wmask); value j of the stream is temper(X_{n+j}), the (j+1)-th number the
// reference genrand_mt returns. The "window at q" is X_q .. X_{q+n-1}; its next value is value q.
//
// Two forms of the same math live here:
//   * a serial reference for any (n, m, r) read at run time (Params; seed_words / twist / temper),
//     exactly the reference library's loops, for tests and for the host-side polynomial search;
//   * the fast form for a compile-time shape (Shape<N, M, R>: the family of one Mersenne exponent,
//     whose sets differ only in `a` and the tempering, Set), with the window in registers and the
//     regeneration of N words at a time unrolled; used by the CPU backend, the CUDA kernel and the
//     device API. tests/test_dcmt_core.cpp holds the two against each other and against the
//     reference library's outputs.
#pragma once

#include "gpurng/core/bits.hpp"
#include "gpurng/core/engines/mt_forms.hpp"
#include "gpurng/core/engines/u32_conversions.hpp"
#include "gpurng/core/splitmix64.hpp"

namespace gpurng::core::dcmt {

// ----- a parameter set as the Dynamic Creator writes it ------------------------------------------

// The fields of the reference mt_struct (w = 32). Names follow the CSV columns of the creator:
// shift0 = u, shift1 = l, shiftB = s, shiftC = t, maskB = b, maskC = c.
struct Params {
  std::uint32_t n, m, r;
  std::uint32_t aaa;
  std::uint32_t wmask, umask, lmask;
  std::uint32_t shift_u, shift_l, shift_s, shift_t;
  std::uint32_t mask_b, mask_c;

  GPURNG_HD constexpr std::uint32_t exponent() const { return 32u * n - r; }
};

// ----- the serial reference (any n, m, r) ----------------------------------------------------------

// sgenrand_mt: st[0] = seed, st[i] = init_genrand's recurrence; then every word masked by wmask.
GPURNG_HD constexpr void seed_words(const Params& p, std::uint32_t seed, std::uint32_t* st) {
  st[0] = seed;
  for (std::uint32_t i = 1; i < p.n; ++i) {
    st[i] = mt_forms::init_next<std::uint32_t, 32>(st[i - 1], mt_forms::kInitMult32, i);
  }
  for (std::uint32_t i = 0; i < p.n; ++i) st[i] &= p.wmask;
}

// The reference update of all n words in place (window at q becomes the window at q + n), with the
// reference's own test of the joined word's lowest bit.
GPURNG_HD constexpr void twist(const Params& p, std::uint32_t* st) {
  const std::uint32_t n = p.n, m = p.m;
  auto word = [&p](std::uint32_t x0, std::uint32_t x1, std::uint32_t xm) {
    const std::uint32_t y = (x0 & p.umask) | (x1 & p.lmask);
    return xm ^ (y >> 1) ^ ((y & 1u) != 0 ? p.aaa : 0u);
  };
  std::uint32_t k = 0;
  for (; k < n - m; ++k) st[k] = word(st[k], st[k + 1], st[k + m]);
  for (; k < n - 1; ++k) st[k] = word(st[k], st[k + 1], st[k + m - n]);
  st[n - 1] = word(st[n - 1], st[0], st[m - 1]);
}

GPURNG_HD constexpr std::uint32_t temper(const Params& p, std::uint32_t y) {
  return mt_forms::temper<std::uint32_t>(y, p.shift_u, p.shift_s, p.mask_b, p.shift_t, p.mask_c, p.shift_l);
}

// genrand_mt over a caller's buffer of n words: `index` counts the words of the current block already
// returned (n right after seed_words, so the first call twists, as the reference does).
GPURNG_HD constexpr std::uint32_t serial_next(const Params& p, std::uint32_t* st, std::uint32_t& index) {
  if (index >= p.n) {
    twist(p, st);
    index = 0;
  }
  return temper(p, st[index++]);
}

// ----- streams and their 32-bit seeds --------------------------------------------------------------

// The generator's 64-bit seed becomes one 32-bit base (the upper half of SplitMix64's output at
// seed + gamma, so that nearby seeds give unrelated bases); stream s is seeded, as the reference
// samples seed their generators, with the 32-bit value base + s (mod 2^32): distinct for the 2^32
// stream ids of one seed, so two streams that share a parameter set never share a start.
GPURNG_HD constexpr std::uint32_t base_from_seed(std::uint64_t seed) {
  return static_cast<std::uint32_t>(splitmix64_mix(seed + kSplitMix64Gamma) >> 32);
}
GPURNG_HD constexpr std::uint32_t stream_seed(std::uint32_t base, std::uint64_t stream) {
  return base + static_cast<std::uint32_t>(stream);
}

// ----- the fast form: one Mersenne exponent ---------------------------------------------------------

// The shape shared by every Dynamic-Creator set of one exponent p = 32 N - R (the creator fixes
// n = ceil(p / 32), m = n / 2, r = 32 n - p; only `a` and the tempering vary).
template <int N_, int M_, int R_>
struct Shape {
  static constexpr int N = N_;
  static constexpr int M = M_;
  static constexpr int R = R_;
  static_assert(N >= 2 && M >= 1 && M < N && R >= 1 && R <= 31, "a w = 32 Mersenne Twister shape");
  static constexpr int exponent = 32 * N - R;
  static constexpr std::uint32_t upper_mask = 0xffffffffu << R;
  static constexpr std::uint32_t lower_mask = ~upper_mask;
  // Values per block of the generation loop: whole regenerations of N words, and an even count so that
  // a Box-Muller pair (values 2i, 2i+1 of a stream) never straddles two blocks.
  static constexpr int block = N % 2 == 0 ? N : 2 * N;
  // Coefficient words of a jump polynomial (degree < exponent <= 32 N).
  static constexpr int poly_words = N;
};

using Mt521 = Shape<17, 8, 23>;
using Mt2203 = Shape<69, 34, 5>;

// What varies between the sets of one shape (wmask is all ones for w = 32, the masks follow from R).
struct Set {
  std::uint32_t aaa;
  std::uint32_t mask_b, mask_c;
  std::uint32_t shift_u, shift_s, shift_t, shift_l;
  std::uint32_t reserved;  // zero; keeps the struct 32 bytes for two 16-byte loads
};

GPURNG_HD constexpr Set set_of(const Params& p) {
  return Set{p.aaa, p.mask_b, p.mask_c, p.shift_u, p.shift_s, p.shift_t, p.shift_l, 0u};
}

// The full parameter set of a shape's set, for the serial reference.
template <class S>
GPURNG_HD constexpr Params params_of(const Set& s) {
  return Params{std::uint32_t(S::N), std::uint32_t(S::M), std::uint32_t(S::R), s.aaa, 0xffffffffu,
                S::upper_mask,       S::lower_mask,       s.shift_u,           s.shift_l, s.shift_s,
                s.shift_t,           s.mask_b,            s.mask_c};
}

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t temper(const Set& s, std::uint32_t y) {
  return mt_forms::temper<std::uint32_t>(y, s.shift_u, s.shift_s, s.mask_b, s.shift_t, s.mask_c, s.shift_l);
}

template <class S>
GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t recur(std::uint32_t x0, std::uint32_t x1, std::uint32_t xm,
                                                           std::uint32_t aaa) {
  return mt_forms::twist_word<std::uint32_t>(x0, x1, xm, S::upper_mask, S::lower_mask, aaa);
}

// The window at q, oldest word first: x[i] = X_{q+i}.
template <class S>
struct Window {
  std::uint32_t x[S::N];
};

// The window at 0 of a stream seeded with `seed` (sgenrand_mt; wmask is all ones).
template <class S>
GPURNG_HD constexpr Window<S> seed_window(std::uint32_t seed) {
  Window<S> w{};
  w.x[0] = seed;
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int i = 1; i < S::N; ++i) {
    w.x[i] = mt_forms::init_next<std::uint32_t, 32>(w.x[i - 1], mt_forms::kInitMult32, std::uint32_t(i));
  }
  return w;
}

// In place: the window at q becomes the window at q + N (the reference twist, with constant bounds
// and no wrap-around: unrolled on the GPU, the words stay in registers; vectorised on the CPU).
template <class S>
GPURNG_HD GPURNG_FORCEINLINE void regenerate(std::uint32_t* x, std::uint32_t aaa) {
  constexpr int N = S::N, M = S::M;
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int k = 0; k < N - M; ++k) x[k] = recur<S>(x[k], x[k + 1], x[k + M], aaa);
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int k = N - M; k < N - 1; ++k) x[k] = recur<S>(x[k], x[k + 1], x[k + M - N], aaa);
  x[N - 1] = recur<S>(x[N - 1], x[0], x[M - 1], aaa);
}

// One step: the window at q becomes the window at q + 1 (the words move down by one; in a loop
// unrolled by a multiple of N the compiler only renames registers).
template <class S>
GPURNG_HD GPURNG_FORCEINLINE void step(Window<S>& w, std::uint32_t aaa) {
  const std::uint32_t v = recur<S>(w.x[0], w.x[1], w.x[S::M], aaa);
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int i = 0; i < S::N - 1; ++i) w.x[i] = w.x[i + 1];
  w.x[S::N - 1] = v;
}

// ----- jump-ahead ------------------------------------------------------------------------------------
//
// With A the one-step map of the window and P(x) the set's characteristic polynomial (degree p), a
// jump by J is g(A) for g(x) = x^J mod P(x) = sum_i g_i x^i (Haramoto, Matsumoto, Nishimura, Panneton,
// L'Ecuyer, INFORMS J. Computing 20(3), 2008):
//   window(q + J)[j] = XOR over { i : g_i = 1 } of X_{q+i+j}.
// (The low R bits of window[0] are not part of the state: no output depends on them, and a jump may
// leave them different from the words the recurrence would give.) The polynomials are computed on the
// host (src/families/dcmt/dcmt_jump.cpp). Coefficient word k (bits 32k .. 32k + 31) is read at coeff[k * stride],
// so that the polynomials of many sets can be stored word-major, one column per set.

// In registers: at most 32 N steps of the window with a masked XOR of it into the sum (the CUDA form;
// also correct on the host).
template <class S>
GPURNG_HD void jump_by_steps(Window<S>& w, std::uint32_t aaa, const std::uint32_t* coeff, std::uint64_t stride) {
  Window<S> acc{};
  for (int k = 0; k < S::poly_words; ++k) {
    const std::uint32_t bits = coeff[static_cast<std::uint64_t>(k) * stride];
    if (bits == 0u && k * 32 + 32 > S::exponent) break;  // nothing above: the sum is complete
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
    for (int b = 0; b < 32; ++b) {
      const std::uint32_t mask = 0u - ((bits >> b) & 1u);
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
      for (int j = 0; j < S::N; ++j) acc.x[j] ^= w.x[j] & mask;
      step(w, aaa);
    }
  }
  w = acc;
}

// Words of the forward sequence the sequence form of a jump reads.
template <class S>
inline constexpr int kJumpSequenceWords = 32 * S::poly_words + S::N;

// From the forward sequence in a caller's buffer (the host form: regenerations fill the buffer, the
// sum is a correlation of rows; same bits as jump_by_steps).
template <class S>
GPURNG_HD void jump_by_sequence(Window<S>& w, std::uint32_t aaa, const std::uint32_t* coeff, std::uint64_t stride,
                                std::uint32_t* seq /* kJumpSequenceWords<S> words */) {
  constexpr int N = S::N;
  constexpr int total = kJumpSequenceWords<S>;
  for (int i = 0; i < N; ++i) seq[i] = w.x[i];
  for (int t = N; t < total; ++t) seq[t] = recur<S>(seq[t - N], seq[t - N + 1], seq[t - N + S::M], aaa);
  for (int j = 0; j < N; ++j) w.x[j] = 0u;
  for (int k = 0; k < S::poly_words; ++k) {
    std::uint32_t bits = coeff[static_cast<std::uint64_t>(k) * stride];
    while (bits != 0u) {
      const int b = lowest_set_bit(bits);
      bits &= bits - 1u;
      const std::uint32_t* row = seq + 32 * k + b;
      for (int j = 0; j < N; ++j) w.x[j] ^= row[j];
    }
  }
}

template <class S>
GPURNG_HD GPURNG_FORCEINLINE void jump(Window<S>& w, std::uint32_t aaa, const std::uint32_t* coeff,
                                       std::uint64_t stride) {
#if GPURNG_DEVICE_PASS
  jump_by_steps<S>(w, aaa, coeff, stride);
#else
  std::uint32_t seq[kJumpSequenceWords<S>];
  jump_by_sequence<S>(w, aaa, coeff, stride, seq);
#endif
}

// ----- outputs ---------------------------------------------------------------------------------------

// The engine as the distribution transforms see it: raw = tempered word. Uniforms use all 32 bits, as
// for the other many-stream engines (core/engines/u32_conversions.hpp): float in [2^-33, 1], double in
// (0, 1).
struct Engine {
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
  GPURNG_HD static GPURNG_FORCEINLINE bits_type bits(raw_type r) { return r; }
  GPURNG_HD static GPURNG_FORCEINLINE float uniform_float(raw_type r) { return u32_to_uniform_float(r); }
  GPURNG_HD static GPURNG_FORCEINLINE double uniform_double(raw_type r) { return u32_to_uniform_double(r); }
};

}  // namespace gpurng::core::dcmt
