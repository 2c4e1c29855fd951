// The xorshift256 engine: Panneton & L'Ecuyer's xorshift generator with r = 8 words of 32 bits and
// s = 7 xorshifts ("On the xorshift random number generators", ACM TOMACS 15(4), 2005, the
// generator of period 2^256 - 1; recurrence (5) of Hissoiny, Ozell & Despres):
//
//   v_n = (I + L^9)(I + L^13) v_{n-1} + (I + L^7) v_{n-4} + (I + R^3) v_{n-5}
//       + (I + R^10) v_{n-7} + (I + L^24)(I + R^7) v_{n-8}
//
// (L^a, R^a: shifts left, right by a bits; + is XOR.) The output is v_n. The state is the last eight
// words, oldest first: x[0] = v_{n-8} .. x[7] = v_{n-1}. Stepping shifts the array by one word; in an
// unrolled loop (8 steps, or any multiple) the compiler only renames registers, which is the
// "circular buffer unrolled into registers" of the paper's fastest variant.
//
// Streams: stream s starts from eight words drawn from StreamSeeder(seed, s) (all-zero is drawn
// again; chance 2^-256). All streams run the same recurrence; they are distinct starting points of
// one period of 2^256 - 1, so overlaps are practically impossible.
#pragma once

#include "gpurng/core/engines/stream_seed.hpp"
#include "gpurng/core/engines/u32_conversions.hpp"
#include "gpurng/core/jump/gf2_poly.hpp"

namespace gpurng::core::xorshift256 {

struct State {
  std::uint32_t x[8];  // oldest first
};

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t next(State& st) {
  std::uint32_t t = st.x[7];
  t ^= t << 13;
  const std::uint32_t a = t ^ (t << 9);
  const std::uint32_t b = st.x[4] ^ (st.x[4] << 7);
  const std::uint32_t c = st.x[3] ^ (st.x[3] >> 3);
  const std::uint32_t d = st.x[1] ^ (st.x[1] >> 10);
  std::uint32_t e = st.x[0];
  e ^= e >> 7;
  e ^= e << 24;
  const std::uint32_t v = a ^ b ^ c ^ d ^ e;
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
  for (int i = 0; i < 7; ++i) st.x[i] = st.x[i + 1];
  st.x[7] = v;
  return v;
}

GPURNG_HD constexpr bool is_valid(const State& st) {
  std::uint32_t any = 0;
  for (std::uint32_t v : st.x) any |= v;
  return any != 0;
}

GPURNG_HD constexpr State stream_state(std::uint64_t seed, std::uint64_t stream) {
  StreamSeeder src(seed, stream);
  State st{};
  do {
    for (std::uint32_t& v : st.x) v = src.draw();
  } while (!is_valid(st));
  return st;
}

// ----- skip-ahead --------------------------------------------------------------------------------

using JumpPoly = gf2::Poly<256>;

// The characteristic polynomial P(x) = x^256 + low(x) of the recurrence, computed from it by
// Berlekamp-Massey. tests/test_xorshift256_period.cpp recomputes it with NTL from an independent
// implementation and proves it primitive, which is the proof of the period 2^256 - 1.
GPURNG_HD constexpr JumpPoly charpoly_low() {
  return JumpPoly{{0x9a256ce5u, 0x16182bd8u, 0xe3c7d29eu, 0x560d777au, 0x5755bbeau, 0x5ea62deau, 0x7ad437aau,
                   0x00145113u}};
}

// x^k mod P: on the host from a table of x^(2^i) mod P (popcount(k) products); the device API's
// skipahead computes it by squaring (2 log2 k products of 256 x 256 bits: slow, once per thread).
#if !defined(__CUDACC_RTC__)  // host only: NVRTC refuses unannotated (host) functions
inline JumpPoly jump_poly_host(std::uint64_t k) {
  static const gf2::PowerTable<256> table = gf2::make_power_table(charpoly_low());
  return gf2::x_pow_mod(k, table, charpoly_low());
}
#endif

GPURNG_HD inline JumpPoly jump_poly(std::uint64_t k) {
#if GPURNG_DEVICE_PASS
  return gf2::x_pow_mod(k, charpoly_low());
#else
  return jump_poly_host(k);
#endif
}

// The state g(A) st = XOR of A^i st over the coefficients g_i = 1 (A^i st: the state i steps on).
// At most 256 steps and conditional XORs, read a word of g at a time and stepped in groups of 8:
// within a group the 8-word shift only renames registers (as in the generation loop), where a
// generic loop (gf2::apply_jump) moves all eight words every step. The GPU bulk kernel pays one
// jump per (stream, chunk), so this is a share of every bulk call.
GPURNG_HD inline void apply_jump(State& st, const JumpPoly& g) {
  int words = JumpPoly::kWords;  // up to the word of the top coefficient
  while (words > 0 && g.w[words - 1] == 0) --words;
  State r{};
  State v = st;
  for (int word = 0; word < words; ++word) {
    std::uint32_t bits = g.w[word];
    const bool last = word + 1 == words;
    for (int group = 0; group < 4 && !(last && bits == 0); ++group) {
#if GPURNG_DEVICE_PASS
#pragma unroll
#endif
      for (int j = 0; j < 8; ++j) {
        if (bits & 1u) {
          for (int i = 0; i < 8; ++i) r.x[i] ^= v.x[i];
        }
        bits >>= 1;
        next(v);
      }
    }
  }
  st = r;
}

GPURNG_HD inline void skip(State& st, std::uint64_t k) { apply_jump(st, jump_poly(k)); }

struct StreamEngine {
  using state_type = State;
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
  using jump_type = JumpPoly;
  static constexpr const char* name = "xorshift256";
  // A thread's skip is ~256 steps: chunks of at least this many values keep it under ~10%.
  static constexpr std::uint64_t kMinValuesPerChunk = 2048;
  GPURNG_HD static State stream_state(std::uint64_t seed, std::uint64_t s) { return xorshift256::stream_state(seed, s); }
  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(State& st) { return xorshift256::next(st); }
#if !defined(__CUDACC_RTC__)  // host only: NVRTC refuses unannotated (host) functions
  static jump_type make_jump(std::uint64_t k) { return jump_poly_host(k); }
  // x^(a+b) = x^a x^b mod P: chunk jumps one product apart (make_chunk_jumps in stream_produce.hpp).
  static jump_type compose_jumps(const jump_type& a, const jump_type& b) { return gf2::mulmod(a, b, charpoly_low()); }
#endif
  GPURNG_HD static void jump(State& st, const jump_type& j) { apply_jump(st, j); }
  GPURNG_HD static void skip(State& st, std::uint64_t k) { xorshift256::skip(st, k); }
  GPURNG_HD static bits_type bits(raw_type r) { return r; }
  GPURNG_HD static float uniform_float(raw_type r) { return u32_to_uniform_float(r); }
  GPURNG_HD static double uniform_double(raw_type r) { return u32_to_uniform_double(r); }
};

}  // namespace gpurng::core::xorshift256
