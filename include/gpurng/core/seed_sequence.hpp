// NumPy's SeedSequence (numpy.random.SeedSequence, after O'Neill's seed_seq alternative), for integer
// seeds 0 .. 2^128 - 1 without spawn keys: the seeding of NumPy's PCG64, PCG64DXSM and Philox, so that
// the same integer seed gives NumPy's streams.
//
// The algorithm, with NumPy's constants (all arithmetic on 32-bit words, wrapping):
//  * entropy: the seed as 32-bit words, least significant first. NumPy passes as many words as the
//    seed needs (at least one), and hashes missing pool words as 0, so up to four words this is the
//    same as the seed zero-padded to four words - the form used here.
//  * hashmix(v): v ^= h; h *= MULT_A; v *= h; v ^= v >> 16, with h starting at INIT_A and running
//    on through every call of the mixing phase.
//  * mix(x, y) = r ^ (r >> 16), r = MIX_MULT_L x - MIX_MULT_R y.
//  * pool[i] = hashmix(entropy[i]) for i = 0..3; then for every ordered pair src != dst (src outer,
//    dst inner): pool[dst] = mix(pool[dst], hashmix(pool[src])).
//  * generate_state: word i = f(pool[i mod 4]) with f(v): v ^= g; g *= MULT_B; v *= g; v ^= v >> 16,
//    g starting at INIT_B. 64-bit words are pairs of 32-bit words, the first the low half.
#pragma once

#include "gpurng/core/uint128.hpp"

namespace gpurng::core::seed_sequence {

inline constexpr std::uint32_t kInitA = 0x43b0d7e5u;
inline constexpr std::uint32_t kMultA = 0x931e8875u;
inline constexpr std::uint32_t kInitB = 0x8b51f9ddu;
inline constexpr std::uint32_t kMultB = 0x58f38dedu;
inline constexpr std::uint32_t kMixMultL = 0xca01f9ddu;
inline constexpr std::uint32_t kMixMultR = 0x4973f715u;
inline constexpr int kPoolSize = 4;

struct Pool {
  std::uint32_t w[kPoolSize];
};

GPURNG_HD constexpr std::uint32_t hashmix(std::uint32_t v, std::uint32_t& h) {
  v ^= h;
  h *= kMultA;
  v *= h;
  return v ^ (v >> 16);
}

GPURNG_HD constexpr std::uint32_t mix(std::uint32_t x, std::uint32_t y) {
  const std::uint32_t r = kMixMultL * x - kMixMultR * y;
  return r ^ (r >> 16);
}

// The mixed pool of SeedSequence(seed).
GPURNG_HD constexpr Pool pool(U128 seed) {
  const std::uint32_t entropy[kPoolSize] = {static_cast<std::uint32_t>(seed.lo), static_cast<std::uint32_t>(seed.lo >> 32),
                                            static_cast<std::uint32_t>(seed.hi), static_cast<std::uint32_t>(seed.hi >> 32)};
  std::uint32_t h = kInitA;
  Pool p{};
  for (int i = 0; i < kPoolSize; ++i) p.w[i] = hashmix(entropy[i], h);
  for (int src = 0; src < kPoolSize; ++src) {
    for (int dst = 0; dst < kPoolSize; ++dst) {
      if (src != dst) p.w[dst] = mix(p.w[dst], hashmix(p.w[src], h));
    }
  }
  return p;
}

// generate_state's words, one at a time: word i of generate_state(n, uint32) for any n > i.
class StateWords {
 public:
  GPURNG_HD constexpr explicit StateWords(const Pool& p) : pool_(p) {}
  GPURNG_HD constexpr std::uint32_t next32() {
    std::uint32_t v = pool_.w[i_++ % kPoolSize] ^ g_;
    g_ *= kMultB;
    v *= g_;
    return v ^ (v >> 16);
  }
  // Word i of generate_state(n, uint64) when called for the i-th time.
  GPURNG_HD constexpr std::uint64_t next64() {
    const std::uint64_t lo = next32();
    return lo | (static_cast<std::uint64_t>(next32()) << 32);
  }

 private:
  Pool pool_;
  std::uint32_t g_ = kInitB;
  int i_ = 0;
};

}  // namespace gpurng::core::seed_sequence
