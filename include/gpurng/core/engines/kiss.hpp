// KISS ("keep it simple stupid", Marsaglia): a multiply-with-carry pair, a 3-shift xorshift and a
// linear congruential generator, combined as (MWC ^ CONG) + SHR3 (his 1999 posting "Random numbers
// for C: End, at last?"; Hissoiny, Ozell & Despres: "xoring the MWC and LCG intermediate values to
// which the XorShift value is added"). Two engines:
//
// * kiss (many streams): MWC with a multiplier pair per stream (as the mwc engine), the xorshift
//   y ^= y << 13; y ^= y >> 17; y ^= y << 5 (Marsaglia 2003, full period 2^32 - 1), and
//   CONG = 69069 x + 1234567 mod 2^32. Stream s: multipliers mwc16::pair(s mod 76,636); z, w, jsr
//   (non-zero), jcong drawn in that order from StreamSeeder(seed, s).
// * kiss99 (one stream): Marsaglia's KISS exactly as posted in 1999: multipliers 36969 (z) and
//   18000 (w), SHR3 with shifts 17, 13, 5, the same CONG.
//
// Every component is a one-word state, so skip-ahead is: modular powers for the MWCs
// (mwc16.hpp), an affine power for CONG (lcg32.hpp), 32 x 32 matrix powers over GF(2) for the
// xorshift (gf2_matrix32.hpp; 17, 13, 5 is not of full period, so its polynomial is not primitive
// and the matrix itself is used for both).
#pragma once

#include "gpurng/core/engines/mwc16.hpp"
#include "gpurng/core/engines/stream_seed.hpp"
#include "gpurng/core/engines/u32_conversions.hpp"
#include "gpurng/core/jump/gf2_matrix32.hpp"
#include "gpurng/core/jump/lcg32.hpp"

namespace gpurng::core::kiss {

inline constexpr std::uint32_t kCongMult = 69069u;
inline constexpr std::uint32_t kCongAdd = 1234567u;

template <int A, int B, int C>
GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t xorshift32(std::uint32_t y) {
  y ^= y << A;
  y ^= y >> B;
  y ^= y << C;
  return y;
}

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t cong(std::uint32_t x) { return kCongMult * x + kCongAdd; }

template <int A, int B, int C>
GPURNG_HD constexpr gf2::Matrix32PowerTable make_xorshift_table() {
  struct Step {
    GPURNG_HD constexpr std::uint32_t operator()(std::uint32_t v) const { return xorshift32<A, B, C>(v); }
  };
  return gf2::make_power_table(gf2::matrix_of(Step{}));
}

struct XorshiftTables {
  gf2::Matrix32PowerTable xs13_17_5;  // the kiss engine's
  gf2::Matrix32PowerTable xs17_13_5;  // KISS99's SHR3
};

GPURNG_HD constexpr XorshiftTables make_xorshift_tables() {
  return XorshiftTables{make_xorshift_table<13, 17, 5>(), make_xorshift_table<17, 13, 5>()};
}

inline constexpr XorshiftTables kXorshiftTablesHost = make_xorshift_tables();
#if GPURNG_CUDA_COMPILER
static __device__ const XorshiftTables kXorshiftTablesDevice = make_xorshift_tables();
#endif

GPURNG_HD inline const XorshiftTables& xorshift_tables() {
#if GPURNG_DEVICE_PASS
  return kXorshiftTablesDevice;
#else
  return kXorshiftTablesHost;
#endif
}

// ----- kiss: many streams --------------------------------------------------------------------------

struct State {
  std::uint32_t z, w, jsr, jcong;
  std::uint32_t az, aw;  // the stream's MWC multipliers
};

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t next(State& st) {
  st.z = mwc16::step(st.z, st.az);
  st.w = mwc16::step(st.w, st.aw);
  st.jsr = xorshift32<13, 17, 5>(st.jsr);
  st.jcong = cong(st.jcong);
  return (((st.z << 16) + st.w) ^ st.jcong) + st.jsr;
}

GPURNG_HD inline State stream_state(std::uint64_t seed, std::uint64_t stream) {
  const mwc16::Pair m = mwc16::pair(static_cast<std::uint32_t>(stream % mwc16::kPairCount));
  StreamSeeder src(seed, stream);
  State st{};
  st.az = m.high;
  st.aw = m.low;
  st.z = src.draw_in(1u, mwc16::modulus(st.az) - 1u);
  st.w = src.draw_in(1u, mwc16::modulus(st.aw) - 1u);
  st.jsr = src.draw_nonzero();
  st.jcong = src.draw();
  return st;
}

// A skip of k steps, prepared once for all streams: the stream-independent parts.
struct Jump {
  std::uint64_t k;
  Affine32 cong;
  gf2::Matrix32 xs;
};

GPURNG_HD inline Jump make_jump(std::uint64_t k) {
  return Jump{k, lcg32_power(kCongMult, kCongAdd, k), gf2::power(xorshift_tables().xs13_17_5, k)};
}

GPURNG_HD inline void apply_jump(State& st, const Jump& j) {
  st.z = mwc16::jump(st.z, st.az, j.k);
  st.w = mwc16::jump(st.w, st.aw, j.k);
  st.jsr = gf2::apply(j.xs, st.jsr);
  st.jcong = j.cong(st.jcong);
}

GPURNG_HD inline void skip(State& st, std::uint64_t k) {
  st.z = mwc16::jump(st.z, st.az, k);
  st.w = mwc16::jump(st.w, st.aw, k);
  st.jsr = gf2::apply_power(xorshift_tables().xs13_17_5, k, st.jsr);
  st.jcong = lcg32_power(kCongMult, kCongAdd, k)(st.jcong);
}

struct StreamEngine {
  using state_type = State;
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
  using jump_type = Jump;
  static constexpr const char* name = "kiss";
  static constexpr std::uint64_t kMinValuesPerChunk = 512;
  GPURNG_HD static State stream_state(std::uint64_t seed, std::uint64_t s) { return kiss::stream_state(seed, s); }
  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(State& st) { return kiss::next(st); }
#if !defined(__CUDACC_RTC__)  // host only: NVRTC refuses unannotated (host) functions
  static jump_type make_jump(std::uint64_t k) { return kiss::make_jump(k); }
#endif
  GPURNG_HD static void jump(State& st, const jump_type& j) { apply_jump(st, j); }
  GPURNG_HD static void skip(State& st, std::uint64_t k) { kiss::skip(st, k); }
  GPURNG_HD static bits_type bits(raw_type r) { return r; }
  GPURNG_HD static float uniform_float(raw_type r) { return u32_to_uniform_float(r); }
  GPURNG_HD static double uniform_double(raw_type r) { return u32_to_uniform_double(r); }
};

}  // namespace gpurng::core::kiss

namespace gpurng::core::kiss99 {

inline constexpr std::uint32_t kAz = 36969u;
inline constexpr std::uint32_t kAw = 18000u;
inline constexpr std::uint32_t kPz = 36969u * 65536u - 1u;  // 2422800383
inline constexpr std::uint32_t kPw = 18000u * 65536u - 1u;  // 1179647999

struct State {
  std::uint32_t z, w, jsr, jcong;
};

// The defaults of Marsaglia's posting.
GPURNG_HD constexpr State default_state() { return State{362436069u, 521288629u, 123456789u, 380116160u}; }

// z in [1, pz - 1], w in [1, pw - 1] (so that the MWCs are the congruential generators of
// mwc16.hpp), jsr non-zero (0 is a fixed point of SHR3); jcong anything.
GPURNG_HD constexpr bool is_valid(const State& st) {
  return mwc16::is_valid(st.z, kAz) && mwc16::is_valid(st.w, kAw) && st.jsr != 0u;
}

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t next(State& st) {
  st.z = mwc16::step(st.z, kAz);
  st.w = mwc16::step(st.w, kAw);
  st.jsr = kiss::xorshift32<17, 13, 5>(st.jsr);
  st.jcong = kiss::cong(st.jcong);
  return (((st.z << 16) + st.w) ^ st.jcong) + st.jsr;
}

// seed(s): z, w, jsr, jcong drawn as for the kiss engine's stream 0 of seed s (StreamSeeder(s, 0)).
GPURNG_HD constexpr State state_from_seed(std::uint64_t seed) {
  StreamSeeder src(seed, 0);
  State st{};
  st.z = src.draw_in(1u, kPz - 1u);
  st.w = src.draw_in(1u, kPw - 1u);
  st.jsr = src.draw_nonzero();
  st.jcong = src.draw();
  return st;
}

GPURNG_HD inline void skip(State& st, std::uint64_t k) {
  constexpr mont32::Modulus mod_z = mont32::make_modulus(kPz);  // constants: no division at run time
  constexpr mont32::Modulus mod_w = mont32::make_modulus(kPw);
  st.z = mont32::mul_pow(st.z, kAz, k, mod_z);
  st.w = mont32::mul_pow(st.w, kAw, k, mod_w);
  st.jsr = gf2::apply_power(kiss::xorshift_tables().xs17_13_5, k, st.jsr);
  st.jcong = lcg32_power(kiss::kCongMult, kiss::kCongAdd, k)(st.jcong);
}

// The engine as the generic single-sequence layers see it (produce.hpp, fill_kernel.cuh).
struct Engine {
  using state_type = State;
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(State& st) { return kiss99::next(st); }
  GPURNG_HD static void skip(State& st, std::uint64_t k) { kiss99::skip(st, k); }
  GPURNG_HD static bits_type bits(raw_type r) { return r; }
  GPURNG_HD static float uniform_float(raw_type r) { return u32_to_uniform_float(r); }
  GPURNG_HD static double uniform_double(raw_type r) { return u32_to_uniform_double(r); }
};

}  // namespace gpurng::core::kiss99
