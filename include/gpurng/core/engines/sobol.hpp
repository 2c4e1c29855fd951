// Sobol' quasi-random sequences (32- and 64-bit), the single source of their math for every backend.
//
// Direction numbers. Dimension 0 is van der Corput's sequence; dimension j >= 1 uses row j of Joe and
// Kuo's new-joe-kuo-6.21201 (the file's d = j + 1): a primitive polynomial of degree s,
// x^s + a_1 x^(s-1) + ... + a_(s-1) x + 1, and odd initial numbers m_1..m_s (m_i < 2^i). For k > s,
//   m_k = 2 a_1 m_(k-1) ^ 4 a_2 m_(k-2) ^ ... ^ 2^(s-1) a_(s-1) m_(k-s+1) ^ 2^s m_(k-s) ^ m_(k-s)
// (Bratley and Fox; Joe and Kuo). With W-bit words the direction numbers are v_k = m_k 2^(W-k); this
// code indexes them from 0: v[k] = v_(k+1), the number that bit k of an index selects.
//
// Points (Antonov and Saleev's Gray-code order, which is the canonical order): the point with
// index n in dimension j is
//   y(n) = XOR of v[k] over the set bits k of gray(n) = n ^ (n >> 1),
// so y(0) = 0, y(n+1) = y(n) ^ v[ctz(~n)] (the lowest zero bit of n), and any index can be reached
// directly. A stride of 2^q (q >= 1) changes gray(n) in exactly two bits, q - 1 and the lowest zero
// bit z of n at or above q:
//   y(n + 2^q) = y(n) ^ v[q-1] ^ v[z],   z = ctz(~(n | (2^q - 1)))
// (Bradley et al., the GPU chapter in the seeds), which lets a GPU thread step over its
// neighbours' points. 32-bit Sobol' has points 0 .. 2^32 - 1; the first 32 numbers of the 64-bit
// variant are the 32-bit ones times 2^32, so its points 0 .. 2^32 - 1 extend the 32-bit ones.
//
// Scrambling (seeded, per dimension; docs/ENGINES.md):
//   digital shift  y ^ key                      (cuRAND's "scrambled Sobol'" randomises this way,
//                                                with its own tables)
//   Owen           a hash-based nested uniform scramble (Laine and Karras 2011; Burley, "Practical
//                  hash-based Owen scrambling", JCGT 2020): reverse the bits, apply steps of the
//                  form "bit i ^= f(bits below i)", reverse back. Each output bit is the input bit
//                  flipped by a function of the seed and the input's more significant bits only,
//                  which is what makes it a nested scramble that keeps every (t, m, s)-net property.
//
// Uniforms never reach 0 or 1: the value is the midpoint of the dyadic cell of the word's leading
// bits, (2k + 1) 2^-(b+1) with k the leading b bits (b = 23 for float, 32 or 52 for double), so
// every conversion is exact and inverse-CDF normals are finite. 1 - u is exact too, so normals are
// symmetric.
#pragma once

#include "gpurng/core/config.hpp"
#include "gpurng/core/splitmix64.hpp"
#include "gpurng/core/dist/centered_uniform.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"

namespace gpurng::core::sobol {

inline constexpr std::uint32_t kMaxDimensions = 21201;  // van der Corput + Joe-Kuo's 21200 rows
inline constexpr unsigned kMaxDegree = 18;              // largest polynomial degree in the file

// One dimension's polynomial and initial direction numbers, packed: header = s | a << 5
// (s = 0 marks van der Corput), m_i (i = 1..s) in i bits at bit offset i(i-1)/2 of m[] (171 bits at
// most). 32 bytes per dimension; the table is generated at build time from data/sobol by
// tools/sobol/gen_sobol_table.cpp.
struct PackedPolynomial {
  std::uint32_t header;
  std::uint32_t m[7];
};

GPURNG_HD constexpr unsigned degree_of(const PackedPolynomial& p) { return p.header & 31u; }
GPURNG_HD constexpr std::uint32_t coefficients_of(const PackedPolynomial& p) { return p.header >> 5; }

// m_i, i = 1..s.
GPURNG_HD constexpr std::uint32_t initial_number(const PackedPolynomial& p, unsigned i) {
  const unsigned offset = i * (i - 1) / 2;
  const unsigned word = offset / 32;
  const std::uint64_t pair = std::uint64_t{p.m[word]} | (std::uint64_t{p.m[word + 1]} << 32);  // word <= 4
  return static_cast<std::uint32_t>(pair >> (offset % 32)) & ((1u << i) - 1u);
}

template <class U>
inline constexpr int kWordBits = static_cast<int>(sizeof(U) * 8);

// The W direction numbers of one dimension, v[0..W) (see the header comment). About W * s
// operations; the kernels do this once per block and dimension, the CPU once per tile.
template <class U>
GPURNG_HD void direction_numbers(const PackedPolynomial& p, U* v) {
  constexpr int W = kWordBits<U>;
  const int s = static_cast<int>(degree_of(p));
  if (s == 0) {
    for (int k = 0; k < W; ++k) v[k] = U{1} << (W - 1 - k);
    return;
  }
  const std::uint32_t a = coefficients_of(p);
  for (int k = 0; k < s; ++k) v[k] = static_cast<U>(initial_number(p, static_cast<unsigned>(k + 1))) << (W - 1 - k);
  for (int k = s; k < W; ++k) {
    U x = v[k - s] ^ (v[k - s] >> s);
    for (int j = 1; j < s; ++j) {
      if ((a >> (s - 1 - j)) & 1u) x ^= v[k - j];
    }
    v[k] = x;
  }
}

// ----- index arithmetic ---------------------------------------------------------------------------

GPURNG_HD GPURNG_FORCEINLINE int ctz(std::uint32_t x) {  // x != 0
#if GPURNG_DEVICE_PASS
  return __ffs(static_cast<int>(x)) - 1;
#else
  return __builtin_ctz(x);
#endif
}
GPURNG_HD GPURNG_FORCEINLINE int ctz(std::uint64_t x) {  // x != 0
#if GPURNG_DEVICE_PASS
  return __ffsll(static_cast<long long>(x)) - 1;
#else
  return __builtin_ctzll(x);
#endif
}

// y(n) directly: the XOR of v[k] over the set bits of gray(n). I is the index type (32-bit indices
// are enough for 32-bit Sobol' and cheaper on the GPU).
template <class U, class I>
GPURNG_HD GPURNG_FORCEINLINE U point(const U* v, I n) {
  U y = 0;
  for (I g = n ^ (n >> 1); g != 0; g &= g - 1) y ^= v[ctz(g)];
  return y;
}

// y(n + 1) from y(n); n + 1 must be a valid index (so ~n != 0).
template <class U, class I>
GPURNG_HD GPURNG_FORCEINLINE U next(const U* v, U y, I n) {
  return y ^ v[ctz(static_cast<I>(~n))];
}

// y(n + 2^q) from y(n), 1 <= q; n + 2^q must be a valid index. v_prev = v[q - 1].
template <class U, class I>
GPURNG_HD GPURNG_FORCEINLINE U stride(const U* v, U v_prev, U y, I n, I low_mask /* 2^q - 1 */) {
  return y ^ v_prev ^ v[ctz(static_cast<I>(~(n | low_mask)))];
}

// ----- scrambling ---------------------------------------------------------------------------------

enum class ScrambleKind : std::uint32_t { none = 0, digital_shift = 1, owen = 2 };  // = gpurng::Scramble

// The per-dimension keys of a seed: key(seed, dim, purpose) = mix64(seed ^ mix64(4 dim + purpose)),
// with mix64 SplitMix64's output function (core/splitmix64.hpp),
// purpose 1 = the digital shift, 2 and 3 = Owen's two keys. 32-bit Sobol' uses the high 32 bits.
GPURNG_HD constexpr std::uint64_t dimension_key(std::uint64_t seed, std::uint32_t dim, unsigned purpose) {
  return splitmix64_mix(seed ^ splitmix64_mix((std::uint64_t{dim} << 2) | purpose));
}

template <class U>
GPURNG_HD constexpr U narrow_key(std::uint64_t k) {
  return static_cast<U>(k >> (64 - kWordBits<U>));
}

GPURNG_HD GPURNG_FORCEINLINE std::uint32_t reverse_bits(std::uint32_t x) {
#if GPURNG_DEVICE_PASS
  return __brev(x);
#else
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
  return (x >> 16) | (x << 16);
#endif
}
GPURNG_HD GPURNG_FORCEINLINE std::uint64_t reverse_bits(std::uint64_t x) {
#if GPURNG_DEVICE_PASS
  return __brevll(x);
#else
  const std::uint64_t lo = reverse_bits(static_cast<std::uint32_t>(x));
  const std::uint64_t hi = reverse_bits(static_cast<std::uint32_t>(x >> 32));
  return (lo << 32) | hi;
#endif
}

// The even multipliers of the nested hash. 32-bit: Burley's (JCGT 2020). 64-bit: twice the odd
// constants of SplitMix64 and of the golden ratio (any even multiplier keeps the nesting; these
// are well-mixed bit patterns).
template <class U>
struct OwenConstants;
template <>
struct OwenConstants<std::uint32_t> {  // scalars: usable in device code
  static constexpr std::uint32_t c0 = 0x6c50b47cu, c1 = 0xb82f1e52u, c2 = 0xc7afe638u, c3 = 0x8d22f6e6u;
};
template <>
struct OwenConstants<std::uint64_t> {
  static constexpr std::uint64_t c0 = 0x9E3779B97F4A7C15ull << 1, c1 = 0xBF58476D1CE4E5B9ull << 1,
                                 c2 = 0x94D049BB133111EBull << 1, c3 = 0xD6E8FEB86659FD93ull << 1;
};

// Owen's nested scramble of y with keys (k0, k1), on the bit-reversed word r: r += k0, then
// r ^= r*c (c even: bit i gains a function of bits below i) and r *= k1|1 (odd: likewise). Each is
// a bijection that changes bit i only by a function of lower bits of r = more significant bits
// of y, so the scrambled points of any elementary interval stay a permutation of its points.
template <class U>
GPURNG_HD GPURNG_FORCEINLINE U owen_scramble(U y, U k0, U k1) {
  using C = OwenConstants<U>;
  U r = reverse_bits(y);
  r += k0;
  r ^= r * C::c0;
  r ^= r * C::c1;
  r *= k1 | U{1};
  r ^= r * C::c2;
  r ^= r * C::c3;
  return reverse_bits(r);
}

// One dimension's scramble: kind plus keys.
template <class U>
struct Scrambler {
  ScrambleKind kind;
  U k0;  // the shift, or Owen's additive key
  U k1;  // Owen's multiplicative key

  GPURNG_HD static Scrambler make(ScrambleKind kind, std::uint64_t seed, std::uint32_t dim) {
    Scrambler s{kind, 0, 0};
    if (kind == ScrambleKind::digital_shift) {
      s.k0 = narrow_key<U>(dimension_key(seed, dim, 1));
    } else if (kind == ScrambleKind::owen) {
      s.k0 = narrow_key<U>(dimension_key(seed, dim, 2));
      s.k1 = narrow_key<U>(dimension_key(seed, dim, 3));
    }
    return s;
  }
  // Shift and none are one XOR (key 0 for none).
  GPURNG_HD GPURNG_FORCEINLINE U operator()(U y) const {
    return kind == ScrambleKind::owen ? owen_scramble(y, k0, k1) : static_cast<U>(y ^ k0);
  }
};

// ----- conversions --------------------------------------------------------------------------------

// The centred uniforms of core/dist/centered_uniform.hpp: never 0 or 1, so inverse-CDF normals are
// finite. float: (2k + 1) 2^-24 with k the leading 23 bits; double: (2y + 1) 2^-33 from 32 bits,
// (2k + 1) 2^-53 with k the leading 52 bits from 64.
GPURNG_HD GPURNG_FORCEINLINE float to_uniform_float(std::uint32_t y) { return dist::centered_uniform_float(y); }
GPURNG_HD GPURNG_FORCEINLINE float to_uniform_float(std::uint64_t y) { return dist::centered_uniform_float(y); }
GPURNG_HD GPURNG_FORCEINLINE double to_uniform_double(std::uint32_t y) { return dist::centered_uniform_double(y); }
GPURNG_HD GPURNG_FORCEINLINE double to_uniform_double(std::uint64_t y) { return dist::centered_uniform_double(y); }

// The engine as the distribution transforms see it: raw_type is the (scrambled) word y.
template <class U>
struct Engine {
  using raw_type = U;
  using bits_type = U;
  static constexpr int kBits = kWordBits<U>;
  GPURNG_HD static GPURNG_FORCEINLINE bits_type bits(raw_type r) { return r; }
  GPURNG_HD static GPURNG_FORCEINLINE float uniform_float(raw_type r) { return to_uniform_float(r); }
  GPURNG_HD static GPURNG_FORCEINLINE double uniform_double(raw_type r) { return to_uniform_double(r); }
};
using Engine32 = Engine<std::uint32_t>;
using Engine64 = Engine<std::uint64_t>;

// Points per dimension: 2^32 for 32-bit Sobol'; for 64-bit, indices up to 2^64 - 2 (so that the
// offset after the last one is representable).
template <class U>
inline constexpr std::uint64_t kLastIndex = sizeof(U) == 4 ? 0xffffffffull : ~0ull - 1;

}  // namespace gpurng::core::sobol
