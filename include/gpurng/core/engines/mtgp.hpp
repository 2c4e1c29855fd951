// MTGP, the Mersenne Twister for Graphic Processors (Saito & Matsumoto, "Variants of Mersenne Twister
// suitable for graphic processors", ACM TOMS 39(2), 2013): the single source of its math for the CPU
// backend, the CUDA kernels and the tests. 32-bit (W = uint32_t) and 64-bit (W = uint64_t) words.
//
// The sequence. A parameter set fixes the Mersenne exponent p, N = p / w + 1 state words, the
// pick-up position `pos`, the shifts sh1, sh2, the state mask (the w - r top bits, r = wN - p), the
// 16-entry recursion table `tbl` (u4 R of Definition 3.3) and the 16-entry tempering table `tmp_tbl`
// (t4 T of Definition 3.4). Words x_0 .. x_{N-1} are the seeded state (x_0 oldest; only its masked
// top bits belong to the state) and, for n >= 0,
//
//   x_{n+N} = rec(x_n, x_{n+1}, x_{n+pos})                       (Definition 3.3)
//   o_n     = x_{n+N} ^ tmp_tbl[fold(x_{n+pos-1})]                 (Definition 3.4)
//
// o_0, o_1, ... is the reference generator's output (mtgp32_genrand_uint32 / mtgp64_genrand_uint64).
// "Position k" means the state x_k .. x_{k+N-1}, whose next output is o_k.
//
// The 64-bit recursion works on 32-bit halves as the reference does: each half of x is shifted by
// sh1, the halves cross over when y is folded in, and the table is indexed by the low half.
//
// Floats come straight from the bits (section 6 of the paper): the float in [1,2) has the exponent
// of 1 and the top 23 bits of o_n as its fraction (the reference's flt_tmp_tbl is exactly
// (tmp_tbl >> 9) | 0x3f800000, so (x >> 9) ^ flt_tmp_tbl[k] == (o >> 9) | 0x3f800000); the 64-bit
// generator's double in [1,2) likewise takes the top 52 bits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "gpurng/core/config.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::core::mtgp {

template <class W>
inline constexpr int kWordBits = static_cast<int>(sizeof(W) * 8);

// One parameter set, as the reference's mtgp32_params_fast_t / mtgp64_params_fast_t without the
// derived tables. Plain data: copied by value into kernel parameters.
template <class W>
struct Params {
  static_assert(std::is_same_v<W, std::uint32_t> || std::is_same_v<W, std::uint64_t>, "32- or 64-bit words");
  std::uint32_t mexp;  // Mersenne exponent p
  std::uint32_t pos;   // pick-up position (2 < pos, N - pos >= the round size)
  std::uint32_t sh1;
  std::uint32_t sh2;
  W mask;          // the top w - r bits of the oldest word
  W tbl[16];       // recursion table: row vectors (k)R, k = 0..15
  W tmp_tbl[16];   // tempering table: (k)T
};

// N: words of state, the least that hold p bits plus one (the reference's "size").
GPURNG_HD constexpr std::uint32_t state_words(std::uint32_t mexp, int word_bits) {
  return mexp / static_cast<std::uint32_t>(word_bits) + 1;
}
template <class W>
GPURNG_HD constexpr std::uint32_t state_words(const Params<W>& p) {
  return state_words(p.mexp, kWordBits<W>);
}

// ----- the recursion and the tempering ---------------------------------------------------------

// x_{n+N} from x_n (oldest), x_{n+1} and x_{n+pos}.
GPURNG_HD GPURNG_FORCEINLINE std::uint32_t recursion(std::uint32_t oldest, std::uint32_t next, std::uint32_t at_pos,
                                                     std::uint32_t mask, std::uint32_t sh1, std::uint32_t sh2,
                                                     const std::uint32_t* tbl) {
  std::uint32_t x = (oldest & mask) ^ next;
  x ^= x << sh1;
  const std::uint32_t y = x ^ (at_pos >> sh2);
  return y ^ tbl[y & 0x0f];
}

GPURNG_HD GPURNG_FORCEINLINE std::uint64_t recursion(std::uint64_t oldest, std::uint64_t next, std::uint64_t at_pos,
                                                     std::uint64_t mask, std::uint32_t sh1, std::uint32_t sh2,
                                                     const std::uint64_t* tbl) {
  const std::uint64_t x = (oldest & mask) ^ next;
  std::uint32_t xh = static_cast<std::uint32_t>(x >> 32);
  std::uint32_t xl = static_cast<std::uint32_t>(x);
  xh ^= xh << sh1;
  xl ^= xl << sh1;
  const std::uint32_t yh = xl ^ (static_cast<std::uint32_t>(at_pos >> 32) >> sh2);
  const std::uint32_t yl = xh ^ (static_cast<std::uint32_t>(at_pos) >> sh2);
  return ((static_cast<std::uint64_t>(yh) << 32) | yl) ^ tbl[yl & 0x0f];
}

// The tempering table index taken from x_{n+pos-1}: t ^= t >> 16; t ^= t >> 8; t & 15. The four
// bits depend only on the low 32 bits of the word, also for 64-bit words.
template <class W>
GPURNG_HD GPURNG_FORCEINLINE unsigned temper_index(W t) {
  std::uint32_t u = static_cast<std::uint32_t>(t);
  u ^= u >> 16;
  u ^= u >> 8;
  return u & 0x0f;
}

template <class W>
GPURNG_HD GPURNG_FORCEINLINE W temper(W fresh, W t, const W* tmp_tbl) {
  return fresh ^ tmp_tbl[temper_index(t)];
}

// ----- floats straight from the bits (section 6) -------------------------------------------------

inline constexpr std::uint64_t kDoubleOne = 0x3ff0000000000000u;  // the bits of 1.0

// [1, 2): exponent of 1, fraction = the top 23 (float) or 52 (double) bits of the tempered output.
GPURNG_HD GPURNG_FORCEINLINE float close1_open2(std::uint32_t o) { return ieee::from_bits((o >> 9) | 0x3f800000u); }
GPURNG_HD GPURNG_FORCEINLINE float close1_open2_float(std::uint64_t o) {
  return ieee::from_bits(static_cast<std::uint32_t>(o >> 41) | 0x3f800000u);
}
GPURNG_HD GPURNG_FORCEINLINE double close1_open2(std::uint64_t o) {
  return ieee::from_bits(static_cast<std::uint64_t>((o >> 12) | kDoubleOne));
}
// [0, 1) and (0, 1]: exact differences, as the reference computes them.
GPURNG_HD GPURNG_FORCEINLINE float close_open(std::uint32_t o) { return ieee::sub(close1_open2(o), 1.0f); }
GPURNG_HD GPURNG_FORCEINLINE float open_close(std::uint32_t o) { return ieee::sub(2.0f, close1_open2(o)); }
GPURNG_HD GPURNG_FORCEINLINE double close_open(std::uint64_t o) { return ieee::sub(close1_open2(o), 1.0); }
GPURNG_HD GPURNG_FORCEINLINE double open_close(std::uint64_t o) { return ieee::sub(2.0, close1_open2(o)); }

// The reference's (0, 1) sets the lowest fraction bit. The 32-bit reference sets it after the
// tempering table is applied, so it is a function of the tempered output; the 64-bit reference
// sets it in the untempered word before the table is applied (the table entry's bit 12 can then
// clear it again), so that one needs x_{n+N} and the table entry separately. Both as published.
GPURNG_HD GPURNG_FORCEINLINE float open_open(std::uint32_t o) {
  return ieee::sub(ieee::from_bits((o >> 9) | 0x3f800001u), 1.0f);
}
GPURNG_HD GPURNG_FORCEINLINE double open_open(std::uint64_t fresh, std::uint64_t tmp_entry) {
  const std::uint64_t dbl_entry = (tmp_entry >> 12) | kDoubleOne;
  return ieee::sub(ieee::from_bits(static_cast<std::uint64_t>(((fresh >> 12) | 1u) ^ dbl_entry)), 1.0);
}

// ----- seeding (the reference's mtgp32_init_state / init_by_array, and their 64-bit versions) ----

template <class W>
struct SeedConstants;
template <>
struct SeedConstants<std::uint32_t> {
  static constexpr std::uint32_t kLinear = 1812433253u;  // init_genrand's multiplier
  static constexpr int kLinearShift = 30;
  static constexpr std::uint32_t kMix1 = 1664525u;
  static constexpr std::uint32_t kMix2 = 1566083941u;
  static constexpr int kMixShift = 27;
  static constexpr int kHiddenShift = 0;  // the fill byte comes from the whole 32-bit hidden seed
};
template <>
struct SeedConstants<std::uint64_t> {
  static constexpr std::uint64_t kLinear = 6364136223846793005ull;
  static constexpr int kLinearShift = 62;
  static constexpr std::uint64_t kMix1 = 2173292883993ull;
  static constexpr std::uint64_t kMix2 = 58885565329898161ull;
  static constexpr int kMixShift = 59;
  static constexpr int kHiddenShift = 32;  // ... from its high half
};

// The parameter-dependent "hidden seed" and the byte every state word is first filled with.
template <class W>
GPURNG_HD constexpr W hidden_seed(const Params<W>& p) {
  return p.tbl[4] ^ (p.tbl[8] << 16);
}
template <class W>
GPURNG_HD constexpr W fill_word(const Params<W>& p) {
  W h = hidden_seed(p) >> SeedConstants<W>::kHiddenShift;
  h += h >> 16;
  h += h >> 8;
  W fill = h & 0xff;
  for (int b = 8; b < kWordBits<W>; b += 8) fill |= fill << b;  // the same byte everywhere (memset)
  return fill;
}

// By a seed word (a 32-bit seed for 32-bit MTGP, 64-bit for 64-bit MTGP): x_0 .. x_{N-1} into x.
template <class W>
GPURNG_HD void seed_state(const Params<W>& p, W seed, W* x) {
  using C = SeedConstants<W>;
  const std::uint32_t n = state_words(p);
  const W fill = fill_word(p);
  for (std::uint32_t i = 0; i < n; ++i) x[i] = fill;
  x[0] = seed;
  x[1] = hidden_seed(p);
  for (std::uint32_t i = 1; i < n; ++i) {
    x[i] ^= C::kLinear * (x[i - 1] ^ (x[i - 1] >> C::kLinearShift)) + static_cast<W>(i);
  }
}

// By a key of `length` words (init_by_array). The reference's string form is this with the key
// bytes read as C chars (sign-extended to W): seed_state_by_string below.
template <class W>
GPURNG_HD void seed_state_by_array(const Params<W>& p, const W* key, std::size_t length, W* x) {
  using C = SeedConstants<W>;
  const std::uint32_t n = state_words(p);
  const std::uint32_t lag = n >= 623 ? 11 : n >= 68 ? 7 : n >= 39 ? 5 : 3;
  const std::uint32_t mid = (n - lag) / 2;
  auto mix1 = [](W v) { return (v ^ (v >> C::kMixShift)) * C::kMix1; };
  auto mix2 = [](W v) { return (v ^ (v >> C::kMixShift)) * C::kMix2; };
  const W fill = fill_word(p);
  for (std::uint32_t i = 0; i < n; ++i) x[i] = fill;
  x[0] = hidden_seed(p);

  std::size_t count = length + 1 > n ? length + 1 : n;
  W r = mix1(x[0] ^ x[mid] ^ x[n - 1]);
  x[mid] += r;
  r += static_cast<W>(length);
  x[(mid + lag) % n] += r;
  x[0] = r;
  --count;
  std::uint32_t i = 1;
  for (std::size_t j = 0; j < count; ++j) {
    r = mix1(x[i] ^ x[(i + mid) % n] ^ x[(i + n - 1) % n]);
    x[(i + mid) % n] += r;
    r += (j < length ? key[j] : W{0}) + static_cast<W>(i);
    x[(i + mid + lag) % n] += r;
    x[i] = r;
    i = (i + 1) % n;
  }
  for (std::uint32_t j = 0; j < n; ++j) {
    r = mix2(x[i] + x[(i + mid) % n] + x[(i + n - 1) % n]);
    x[(i + mid) % n] ^= r;
    r -= static_cast<W>(i);
    x[(i + mid + lag) % n] ^= r;
    x[i] = r;
    i = (i + 1) % n;
  }
  if (x[n - 1] == 0) x[n - 1] = 0x4d544750;  // "MTGP": the state must not be all zero
}

// ----- the serial reference: one word at a time over a caller-provided ring ---------------------

// Holds the last `ring_size` words (a power of two >= N + 1) of x; `next` is the index of the
// word to be computed next, so the state is at position next - N. Used by the CPU backend (in
// rows), by the tests as the plain reference, and to make the jump sequences.
template <class W>
struct Serial {
  const Params<W>* params;
  W* ring;
  std::uint64_t ring_mask;
  std::uint64_t next;  // index of the next word x_next; the state is at position next - N

  GPURNG_HD W word(std::uint64_t i) const { return ring[i & ring_mask]; }

  // Computes x_next and returns o_{next - N}.
  GPURNG_HD GPURNG_FORCEINLINE W step() {
    const Params<W>& p = *params;
    const std::uint64_t k = next - state_words(p);  // output index
    const W fresh = recursion(word(k), word(k + 1), word(k + p.pos), p.mask, p.sh1, p.sh2, p.tbl);
    ring[next & ring_mask] = fresh;
    ++next;
    return temper(fresh, word(k + p.pos - 1), p.tmp_tbl);
  }

  // The same, returning the untempered word and the tempering entry (for the reference's (0,1)).
  GPURNG_HD void step_parts(W* fresh, W* tmp_entry) {
    const Params<W>& p = *params;
    const std::uint64_t k = next - state_words(p);
    *fresh = recursion(word(k), word(k + 1), word(k + p.pos), p.mask, p.sh1, p.sh2, p.tbl);
    ring[next & ring_mask] = *fresh;
    ++next;
    *tmp_entry = p.tmp_tbl[temper_index(word(k + p.pos - 1))];
  }

  // Computes x_next without tempering (the raw word sequence the jump uses).
  GPURNG_HD W step_word() {
    const Params<W>& p = *params;
    const std::uint64_t k = next - state_words(p);
    const W fresh = recursion(word(k), word(k + 1), word(k + p.pos), p.mask, p.sh1, p.sh2, p.tbl);
    ring[next & ring_mask] = fresh;
    ++next;
    return fresh;
  }
};

// Smallest power of two >= v (v >= 1).
GPURNG_HD constexpr std::uint64_t ceil_pow2(std::uint64_t v) {
  std::uint64_t r = 1;
  while (r < v) r <<= 1;
  return r;
}

// ----- jump ahead ---------------------------------------------------------------------------------
//
// With P the characteristic polynomial of the transition (degree p) and c = x^J mod P, the state J
// steps ahead is sum_i c_i F^i(state), and since word j of F^i(state) is x_{i+j}:
//
//   x_{J+j} = XOR over { i : c_i = 1 } of x_{i+j},      j = 0 .. N-1,
//
// for every word except the unmasked bits of j = 0, which never reach an output. So a jump needs
// the raw words x_0 .. x_{p+N-2} of the start state and the bits of c, as words (bit i of
// c_words[i / w]... as 32-bit words: bit i is bit i % 32 of c_words[i / 32]).

// Word j of the jumped state. The device kernels call this per thread (j varies across threads).
template <class W>
GPURNG_HD W jumped_word(const std::uint32_t* c_words, std::uint32_t c_word_count, const W* seq, std::uint32_t j) {
  W acc = 0;
  for (std::uint32_t w = 0; w < c_word_count; ++w) {
    std::uint32_t bits = c_words[w];
    while (bits != 0) {
#if GPURNG_DEVICE_PASS
      const std::uint32_t b = static_cast<std::uint32_t>(__ffs(static_cast<int>(bits)) - 1);
#else
      const std::uint32_t b = static_cast<std::uint32_t>(__builtin_ctz(bits));
#endif
      acc ^= seq[w * 32u + b + j];
      bits &= bits - 1;
    }
  }
  return acc;
}

// All N words at once, i outer and j inner: the same sums in another order (XOR is associative
// and commutative, so the bits are identical); the host compiler vectorises the inner loop.
template <class W>
inline void jumped_state(const std::uint32_t* c_words, std::uint32_t c_word_count, const W* seq, std::uint32_t n,
                         W* out) {
  for (std::uint32_t j = 0; j < n; ++j) out[j] = 0;
  for (std::uint32_t w = 0; w < c_word_count; ++w) {
    std::uint32_t bits = c_words[w];
    while (bits != 0) {
      const std::uint32_t b = static_cast<std::uint32_t>(__builtin_ctz(bits));
      const W* src = seq + (w * 32u + b);
      for (std::uint32_t j = 0; j < n; ++j) out[j] ^= src[j];
      bits &= bits - 1;
    }
  }
}

}  // namespace gpurng::core::mtgp
