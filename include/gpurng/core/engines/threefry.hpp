// Threefry4x64-R and Threefry2x32-R (Salmon et al., SC'11): Threefish (the Skein block cipher)
// without its tweak, as a counter-based generator. The key gets one extra word, the XOR of its words
// and the Skein parity constant; the counter is added to the key, then each round is a MIX of word
// pairs (a += b; b = rotl(b, rot); b ^= a), the pairs alternating between (0,1),(2,3) and
// (0,3),(2,1) for 4 words; after every fourth round the key words, rotated by the injection count s,
// are added again, and s to the last word. The rotation constants (eight rounds' worth, repeating)
// are Skein's R_256 (4x64) and Random123's 2x32 set. 20 rounds is the recommended count (R is a
// template parameter so that the published 13- and 72/32-round vectors are checked too).
//
// Canonical sequences (docs/ENGINES.md):
//  * threefry4x64-20: key = (seed, 0, 0, 0); block b of stream s has counter (b, 0, s, 0).
//  * threefry2x32-20: 2 x 32 bits of key and of counter leave no room for a 64-bit seed and a 64-bit
//    stream beside a 64-bit position: key = (seed, stream) with both below 2^32, and block b has
//    counter (lo(b), hi(b)).
#pragma once

#include "gpurng/core/engines/counter_engine.hpp"

namespace gpurng::core::threefry {

inline constexpr std::uint64_t kParity64 = 0x1BD11BDAA9FC1A22ull;
inline constexpr std::uint32_t kParity32 = 0x1BD11BDAu;

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint64_t rotl64(std::uint64_t x, unsigned r) {
  return (x << (r & 63u)) | (x >> ((64u - r) & 63u));
}
GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t rotl32(std::uint32_t x, unsigned r) {
  return (x << (r & 31u)) | (x >> ((32u - r) & 31u));
}

template <int R>
GPURNG_HD GPURNG_FORCEINLINE Words<std::uint64_t, 4> threefry4x64(Words<std::uint64_t, 4> x,
                                                                   const Words<std::uint64_t, 4>& key) {
  // After full unrolling (R is a constant) the table is folded into the rotate instructions.
  const unsigned rot[8][2] = {{14, 16}, {52, 57}, {23, 40}, {5, 37}, {25, 33}, {46, 12}, {58, 22}, {32, 32}};
  const std::uint64_t ks[5] = {key.v[0], key.v[1], key.v[2], key.v[3],
                               kParity64 ^ key.v[0] ^ key.v[1] ^ key.v[2] ^ key.v[3]};
  for (int i = 0; i < 4; ++i) x.v[i] += ks[i];
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
  for (int r = 0; r < R; ++r) {
    const int a = r % 2 == 0 ? 1 : 3;  // partner of word 0; word 2's is the other odd word
    const int b = 4 - a;
    x.v[0] += x.v[a];
    x.v[a] = rotl64(x.v[a], rot[r % 8][0]) ^ x.v[0];
    x.v[2] += x.v[b];
    x.v[b] = rotl64(x.v[b], rot[r % 8][1]) ^ x.v[2];
    if (r % 4 == 3) {
      const int s = r / 4 + 1;
      for (int i = 0; i < 4; ++i) x.v[i] += ks[(s + i) % 5];
      x.v[3] += static_cast<std::uint64_t>(s);
    }
  }
  return x;
}

template <int R>
GPURNG_HD GPURNG_FORCEINLINE Words<std::uint32_t, 2> threefry2x32(Words<std::uint32_t, 2> x,
                                                                   const Words<std::uint32_t, 2>& key) {
  const unsigned rot[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  const std::uint32_t ks[3] = {key.v[0], key.v[1], kParity32 ^ key.v[0] ^ key.v[1]};
  x.v[0] += ks[0];
  x.v[1] += ks[1];
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
  for (int r = 0; r < R; ++r) {
    x.v[0] += x.v[1];
    x.v[1] = rotl32(x.v[1], rot[r % 8]) ^ x.v[0];
    if (r % 4 == 3) {
      const int s = r / 4 + 1;
      x.v[0] += ks[s % 3];
      x.v[1] += ks[(s + 1) % 3] + static_cast<std::uint32_t>(s);
    }
  }
  return x;
}

// ----- canonical sequences ------------------------------------------------------------------------

template <int R>
struct Scheme4x64 {
  using word_type = std::uint64_t;
  using Block = Words<std::uint64_t, 4>;
  static constexpr int kWords = 4;
  struct Stream {
    Words<std::uint64_t, 4> key;
    std::uint64_t counter_2;  // counter word 2: the stream number
  };
  GPURNG_HD static constexpr Stream stream(std::uint64_t seed, std::uint64_t s) { return Stream{{{seed, 0, 0, 0}}, s}; }
  GPURNG_HD static GPURNG_FORCEINLINE Block block(const Stream& st, std::uint64_t b) {
    return threefry4x64<R>(Block{{b, 0, st.counter_2, 0}}, st.key);
  }
};

template <int R>
struct Scheme2x32 {
  using word_type = std::uint32_t;
  using Block = Words<std::uint32_t, 2>;
  static constexpr int kWords = 2;
  struct Stream {
    Words<std::uint32_t, 2> key;  // (seed, stream)
  };
  GPURNG_HD static constexpr Stream stream(std::uint32_t seed, std::uint32_t s) { return Stream{{{seed, s}}}; }
  GPURNG_HD static GPURNG_FORCEINLINE Block block(const Stream& st, std::uint64_t b) {
    return threefry2x32<R>(Block{{static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(b >> 32)}}, st.key);
  }
};

using Engine4x64_20 = CounterEngine<Scheme4x64<20>>;
using Engine2x32_20 = CounterEngine<Scheme2x32<20>>;
// The engines as the generic fill sees them (gpurng::Engine::threefry4x64_20, threefry2x32_20).
using Traits4x64_20 = CounterTraits<Scheme4x64<20>>;
using Traits2x32_20 = CounterTraits<Scheme2x32<20>>;

}  // namespace gpurng::core::threefry
