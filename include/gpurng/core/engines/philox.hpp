// Philox4x32-R and Philox4x64-R (Salmon, Moraes, Dror, Shaw, "Parallel random numbers: as easy as 1,
// 2, 3", SC'11): a counter of four words is encrypted with a key of two words by R rounds of
//
//   (c0, c1, c2, c3) -> (hi(M1 c2) ^ c1 ^ k0,  lo(M1 c2),  hi(M0 c0) ^ c3 ^ k1,  lo(M0 c0))
//
// with the key bumped by the Weyl constants (W0, W1) before every round after the first. The
// multipliers and Weyl constants are the paper's (Random123's PHILOX_M4xW_i, PHILOX_W_W_i); 10 rounds
// is the recommended count (R is a template parameter so that the published R = 7 vectors are
// checked too).
//
// Canonical sequences (docs/ENGINES.md):
//  * philox4x32-10, cuRAND's layout: key = (lo(seed), hi(seed)); block b of stream s has counter
//    (lo(b), hi(b), lo(s), hi(s)). This is the stream of cuRAND's device API after
//    curand_init(seed, s, 0) (curandStatePhilox4_32_10_t), element i being its (i+1)-th curand().
//  * philox4x64-10, NumPy's layout: key = SeedSequence(seed).generate_state(2, uint64) (seeds up to
//    2^128 - 1); block b of stream s has the 256-bit counter s * 2^128 + b + 1 (NumPy increments its
//    counter before each block). This is numpy.random.Philox(seed).jumped(s).random_raw(), element i
//    being its value i.
#pragma once

#include "gpurng/core/engines/counter_engine.hpp"
#include "gpurng/core/seed_sequence.hpp"
#include "gpurng/core/uint128.hpp"

namespace gpurng::core::philox {

inline constexpr std::uint32_t kM4x32_0 = 0xD2511F53u;
inline constexpr std::uint32_t kM4x32_1 = 0xCD9E8D57u;
inline constexpr std::uint32_t kW32_0 = 0x9E3779B9u;  // golden ratio
inline constexpr std::uint32_t kW32_1 = 0xBB67AE85u;  // sqrt(3) - 1
inline constexpr std::uint64_t kM4x64_0 = 0xD2E7470EE14C6C93ull;
inline constexpr std::uint64_t kM4x64_1 = 0xCA5A826395121157ull;
inline constexpr std::uint64_t kW64_0 = 0x9E3779B97F4A7C15ull;
inline constexpr std::uint64_t kW64_1 = 0xBB67AE8584CAA73Bull;

GPURNG_HD GPURNG_FORCEINLINE std::uint32_t mulhi(std::uint32_t a, std::uint32_t b) { return mulhi32(a, b); }
GPURNG_HD GPURNG_FORCEINLINE std::uint64_t mulhi(std::uint64_t a, std::uint64_t b) { return mulhi64(a, b); }

// R rounds on words W (std::uint32_t or std::uint64_t) with multipliers m0, m1 and Weyl steps w0, w1.
template <int R, class W>
GPURNG_HD GPURNG_FORCEINLINE Words<W, 4> rounds(Words<W, 4> c, Words<W, 2> k, W m0, W m1, W w0, W w1) {
  static_assert(R >= 1, "Philox needs at least one round");
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
  for (int r = 0; r < R; ++r) {
    if (r > 0) {
      k.v[0] += w0;
      k.v[1] += w1;
    }
    const W hi0 = mulhi(m0, c.v[0]);
    const W lo0 = static_cast<W>(m0 * c.v[0]);
    const W hi1 = mulhi(m1, c.v[2]);
    const W lo1 = static_cast<W>(m1 * c.v[2]);
    c = Words<W, 4>{{static_cast<W>(hi1 ^ c.v[1] ^ k.v[0]), lo1, static_cast<W>(hi0 ^ c.v[3] ^ k.v[1]), lo0}};
  }
  return c;
}

template <int R>
GPURNG_HD GPURNG_FORCEINLINE Words<std::uint32_t, 4> philox4x32(const Words<std::uint32_t, 4>& counter,
                                                                 const Words<std::uint32_t, 2>& key) {
  return rounds<R, std::uint32_t>(counter, key, kM4x32_0, kM4x32_1, kW32_0, kW32_1);
}

template <int R>
GPURNG_HD GPURNG_FORCEINLINE Words<std::uint64_t, 4> philox4x64(const Words<std::uint64_t, 4>& counter,
                                                                 const Words<std::uint64_t, 2>& key) {
  return rounds<R, std::uint64_t>(counter, key, kM4x64_0, kM4x64_1, kW64_0, kW64_1);
}

// ----- canonical sequences ------------------------------------------------------------------------

template <int R>
struct Scheme4x32 {
  using word_type = std::uint32_t;
  using Block = Words<std::uint32_t, 4>;
  static constexpr int kWords = 4;
  struct Stream {
    Words<std::uint32_t, 2> key;
    std::uint32_t counter_hi[2];  // counter words 2 and 3: the stream number
  };
  GPURNG_HD static constexpr Stream stream(std::uint64_t seed, std::uint64_t s) {
    return Stream{{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}},
                  {static_cast<std::uint32_t>(s), static_cast<std::uint32_t>(s >> 32)}};
  }
  GPURNG_HD static GPURNG_FORCEINLINE Block block(const Stream& st, std::uint64_t b) {
    return philox4x32<R>(Block{{static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(b >> 32), st.counter_hi[0],
                                st.counter_hi[1]}},
                         st.key);
  }
};

template <int R>
struct Scheme4x64 {
  using word_type = std::uint64_t;
  using Block = Words<std::uint64_t, 4>;
  static constexpr int kWords = 4;
  struct Stream {
    Words<std::uint64_t, 2> key;
    std::uint64_t counter_2;  // counter word 2: the stream number (word 3 is 0)
  };
  // NumPy's key for an integer seed: the first two 64-bit words of SeedSequence(seed).
  GPURNG_HD static constexpr Words<std::uint64_t, 2> numpy_key(U128 seed) {
    seed_sequence::StateWords words(seed_sequence::pool(seed));
    const std::uint64_t k0 = words.next64();
    return Words<std::uint64_t, 2>{{k0, words.next64()}};
  }
  GPURNG_HD static constexpr Stream stream(U128 seed, std::uint64_t s) { return Stream{numpy_key(seed), s}; }
  // Counter b + 1: the carry into word 1 only at b = 2^64 - 1.
  GPURNG_HD static GPURNG_FORCEINLINE Block block(const Stream& st, std::uint64_t b) {
    return philox4x64<R>(Block{{b + 1, b + 1 == 0 ? 1u : 0u, st.counter_2, 0}}, st.key);
  }
};

using Engine4x32_10 = CounterEngine<Scheme4x32<10>>;
using Engine4x64_10 = CounterEngine<Scheme4x64<10>>;
// The engines as the generic fill sees them (gpurng::Engine::philox4x32_10, philox4x64_10).
using Traits4x32_10 = CounterTraits<Scheme4x32<10>>;
using Traits4x64_10 = CounterTraits<Scheme4x64<10>>;

}  // namespace gpurng::core::philox
