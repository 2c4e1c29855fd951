// MRG32k3a (L'Ecuyer 1999, "Good parameters and implementations for combined multiple recursive
// generators", Operations Research 47(1)), the single source of its math for every backend.
//
//   x1,n = (1403580 x1,n-2 - 810728 x1,n-3)  mod m1,   m1 = 2^32 - 209
//   x2,n = (527612  x2,n-1 - 1370589 x2,n-3) mod m2,   m2 = 2^32 - 22853
//   z_n  = (x1,n - x2,n) mod m1
//
// The combination is a *difference*, as published and as in L'Ecuyer's RngStreams (the CUDA book
// chapter by Bradley et al. prints a sum; the published definition and RngStreams' known answers
// decide). RngStreams returns u_n = z_n / (m1 + 1), with z_n = 0 mapped to m1. This engine keeps
// that representative: next() returns r_n in [1, m1], where r_n = z_n except that z_n = 0 gives m1.
//
// State layout is RngStreams' Cg[0..5]: words 0..2 are component 1 (oldest, middle, newest) and
// words 3..5 component 2. The one-step matrices A1, A2 act on the column (oldest, middle, newest).
#pragma once

#include "gpurng/core/config.hpp"
#include "gpurng/core/jump/mod_matrix3.hpp"
#include "gpurng/core/jump/pseudo_mersenne.hpp"
#include "gpurng/core/splitmix64.hpp"

namespace gpurng::core::mrg32k3a {

using Mod1 = PseudoMersenne<209>;
using Mod2 = PseudoMersenne<22853>;

inline constexpr std::uint32_t m1 = static_cast<std::uint32_t>(Mod1::m);  // 4294967087
inline constexpr std::uint32_t m2 = static_cast<std::uint32_t>(Mod2::m);  // 4294944443
inline constexpr std::uint32_t a12 = 1403580;
inline constexpr std::uint32_t a13n = 810728;
inline constexpr std::uint32_t a21 = 527612;
inline constexpr std::uint32_t a23n = 1370589;
// RngStreams' normalisation 1/(m1+1); the double nearest to it, 0x1.000000d00000bp-32.
inline constexpr double norm = 2.328306549295727688e-10;

struct State {
  std::uint32_t s[6];
};

// RngStreams' default package seed: all six words 12345.
GPURNG_HD constexpr State default_state() { return State{{12345, 12345, 12345, 12345, 12345, 12345}}; }

// A raw six-word state is valid when component 1 words are < m1, component 2 words are < m2, and
// neither component is all zero (an all-zero component stays zero forever).
GPURNG_HD constexpr bool is_valid(const State& st) {
  const bool c1_range = st.s[0] < m1 && st.s[1] < m1 && st.s[2] < m1;
  const bool c2_range = st.s[3] < m2 && st.s[4] < m2 && st.s[5] < m2;
  const bool c1_nonzero = (st.s[0] | st.s[1] | st.s[2]) != 0;
  const bool c2_nonzero = (st.s[3] | st.s[4] | st.s[5]) != 0;
  return c1_range && c2_range && c1_nonzero && c2_nonzero;
}

// seed(uint64) -> state: draw SplitMix64 outputs from the seed; words 0..2 are outputs reduced mod
// m1, words 3..5 outputs reduced mod m2; a component that came out all zero is drawn again (chance
// 2^-96). Documented in docs/ENGINES.md; any change here changes every seeded stream.
GPURNG_HD constexpr State state_from_seed(std::uint64_t seed) {
  std::uint64_t x = seed;
  State st{};
  do {
    for (int i = 0; i < 3; ++i) st.s[i] = Mod1::reduce(splitmix64_step(x));
  } while ((st.s[0] | st.s[1] | st.s[2]) == 0);
  do {
    for (int i = 3; i < 6; ++i) st.s[i] = Mod2::reduce(splitmix64_step(x));
  } while ((st.s[3] | st.s[4] | st.s[5]) == 0);
  return st;
}

// t mod m1 for t < 2^54, in 32-bit operations (the hot path of every step). With t = hi*2^32 + lo
// and 2^32 = 209 (mod m1): y = lo + 209*hi (hi < 2^22, so 209*hi < 2^30). If that addition carries,
// the true value is y + 2^32 = y + 209 (mod m1), and y < 2^30 keeps it below m1. Otherwise y is
// reduced once: y - m1 = y + 209 (mod 2^32). Both cases add 209.
GPURNG_HD GPURNG_FORCEINLINE std::uint32_t reduce_m1(std::uint64_t t) {
  const std::uint32_t lo = static_cast<std::uint32_t>(t);
  const std::uint32_t h = static_cast<std::uint32_t>(t >> 32) * 209u;
  std::uint32_t y = lo + h;
  if (y < h || y >= m1) y += 209u;
  return y;
}

// t mod m2 for t < 2^54: 22853*hi needs up to 37 bits, so its high part H (with the carry of the
// first addition, H <= 32) is folded once more; then as in reduce_m1 with 22853.
GPURNG_HD GPURNG_FORCEINLINE std::uint32_t reduce_m2(std::uint64_t t) {
  const std::uint32_t lo = static_cast<std::uint32_t>(t);
  const std::uint64_t h = static_cast<std::uint64_t>(static_cast<std::uint32_t>(t >> 32)) * 22853u;
  const std::uint32_t hl = static_cast<std::uint32_t>(h);
  const std::uint32_t y = lo + hl;
  const std::uint32_t high = static_cast<std::uint32_t>(h >> 32) + (y < hl ? 1u : 0u);
  const std::uint32_t h2 = high * 22853u;  // < 2^20
  std::uint32_t z = y + h2;
  if (z < h2 || z >= m2) z += 22853u;
  return z;
}

// One step; returns r in [1, m1] (see the header comment).
//
// Each component is computed with non-negative terms only: a12*x[1] + a13n*(m1 - x[0]) is congruent
// to a12*x[1] - a13n*x[0] and below 2^54.
GPURNG_HD GPURNG_FORCEINLINE std::uint32_t next(State& st) {
  const std::uint32_t p1 = reduce_m1(static_cast<std::uint64_t>(a12) * st.s[1] +
                                     static_cast<std::uint64_t>(a13n) * (m1 - st.s[0]));
  const std::uint32_t p2 = reduce_m2(static_cast<std::uint64_t>(a21) * st.s[5] +
                                     static_cast<std::uint64_t>(a23n) * (m2 - st.s[3]));
  st.s[0] = st.s[1];
  st.s[1] = st.s[2];
  st.s[2] = p1;
  st.s[3] = st.s[4];
  st.s[4] = st.s[5];
  st.s[5] = p2;
  return p1 > p2 ? p1 - p2 : p1 - p2 + m1;
}

// The published integer output z = (x1 - x2) mod m1, in [0, m1 - 1]; this is the "bits" output.
GPURNG_HD constexpr std::uint32_t to_bits(std::uint32_t r) { return r == m1 ? 0u : r; }

// RngStreams' U01: r / (m1 + 1) in double, in (0, 1). One multiplication, so it is the same on
// every IEEE machine.
GPURNG_HD constexpr double to_uniform_double(std::uint32_t r) { return static_cast<double>(r) * norm; }

// The float nearest to the double uniform (round to nearest even): in (0, 1]; 1.0f occurs when
// r/(m1+1) > 1 - 2^-25, i.e. for the top 64 values of r.
GPURNG_HD constexpr float to_uniform_float(std::uint32_t r) {
  return static_cast<float>(to_uniform_double(r));
}

// ----- skip-ahead ---------------------------------------------------------------------------------

inline constexpr int kJumpDigits = 22;  // 22 octal digits cover every 64-bit jump length
using JumpTable = RadixPowerTable<3, kJumpDigits>;

// For each component: A^(g 8^k) (steps), (A^(2^76))^(g 8^k) (substreams), (A^(2^127))^(g 8^k)
// (streams), g = 1..7, k = 0..21. 3 x 2 x 22 x 7 matrices, 33 KiB, computed by the compiler.
struct JumpTables {
  JumpTable step[2];
  JumpTable substream[2];
  JumpTable stream[2];
};

// Short steps: A^(g 512^k), g = 1..511, k = 0..2, for jumps below 2^27 in at most three products
// per component (the fill kernels' threads, each a short way from its launch's first position:
// on an H100 a thread's skip of up to 2^18 took 1.2-1.3 us less than with the octal table).
// 2 x 3 x 511 matrices, 108 KiB: a backend keeps one copy where it needs it (src/cuda/mrg32k3a.cu).
inline constexpr int kShortJumpBits = 9;
inline constexpr int kShortJumpDigits = 3;
inline constexpr std::uint64_t kShortJumpLimit = std::uint64_t{1} << (kShortJumpBits * kShortJumpDigits);
struct ShortJumpTables {
  RadixPowerTable<kShortJumpBits, kShortJumpDigits> step[2];
};

GPURNG_HD constexpr Mat3 one_step_matrix(int component) {
  return component == 0 ? Mat3{{0, 1, 0, 0, 0, 1, m1 - a13n, a12, 0}}
                        : Mat3{{0, 1, 0, 0, 0, 1, m2 - a23n, 0, a21}};
}

template <class Mod>
GPURNG_HD constexpr void fill_component_tables(JumpTables& t, int c) {
  const Mat3 a = one_step_matrix(c);
  t.step[c] = make_radix_power_table<Mod, 3, kJumpDigits>(a);
  t.substream[c] = make_radix_power_table<Mod, 3, kJumpDigits>(mat3_pow2<Mod>(a, 76));
  t.stream[c] = make_radix_power_table<Mod, 3, kJumpDigits>(mat3_pow2<Mod>(a, 127));
}

GPURNG_HD constexpr JumpTables make_jump_tables() {
  JumpTables t{};
  fill_component_tables<Mod1>(t, 0);
  fill_component_tables<Mod2>(t, 1);
  return t;
}

GPURNG_HD constexpr ShortJumpTables make_short_jump_tables() {
  ShortJumpTables t{};
  t.step[0] = make_radix_power_table<Mod1, kShortJumpBits, kShortJumpDigits>(one_step_matrix(0));
  t.step[1] = make_radix_power_table<Mod2, kShortJumpBits, kShortJumpDigits>(one_step_matrix(1));
  return t;
}

inline constexpr JumpTables kJumpTablesHost = make_jump_tables();
#if GPURNG_CUDA_COMPILER
// One copy per translation unit in device global memory (read through the cache; threads of a warp
// usually index different entries, which constant memory would serialise).
static __device__ const JumpTables kJumpTablesDevice = make_jump_tables();
#endif

GPURNG_HD inline const JumpTables& jump_tables() {
#if GPURNG_DEVICE_PASS
  return kJumpTablesDevice;
#else
  return kJumpTablesHost;
#endif
}

template <class Table>
GPURNG_HD inline void apply_jump(State& st, const Table (&tables)[2], std::uint64_t count) {
  Vec3 v1{{st.s[0], st.s[1], st.s[2]}};
  Vec3 v2{{st.s[3], st.s[4], st.s[5]}};
  apply_radix_power_pair<Mod1, Mod2>(tables[0], tables[1], count, v1, v2);
  st = State{{v1.v[0], v1.v[1], v1.v[2], v2.v[0], v2.v[1], v2.v[2]}};
}

// Advance by k steps, 0 <= k < 2^64: at most 22 matrix-vector products per component.
GPURNG_HD inline void skip(State& st, std::uint64_t k) { apply_jump(st, jump_tables().step, k); }
// Advance by k < kShortJumpLimit steps with the short table (the same state as skip(st, k)).
GPURNG_HD inline void skip_short(State& st, std::uint64_t k, const ShortJumpTables& t) {
  apply_jump(st, t.step, k);
}
// Advance by j substreams of 2^76 steps (RngStreams' ResetNextSubstream; cuRAND's subsequence).
GPURNG_HD inline void skip_substreams(State& st, std::uint64_t j) {
  apply_jump(st, jump_tables().substream, j);
}
// Advance by i streams of 2^127 steps (RngStreams' distance between created streams).
GPURNG_HD inline void skip_streams(State& st, std::uint64_t i) {
  apply_jump(st, jump_tables().stream, i);
}

// The engine as the generic layers see it (produce.hpp, the CPU and CUDA backends, the device API).
struct Engine {
  using state_type = State;
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(State& st) { return mrg32k3a::next(st); }
  GPURNG_HD static void skip(State& st, std::uint64_t k) { mrg32k3a::skip(st, k); }
  GPURNG_HD static bits_type bits(raw_type r) { return to_bits(r); }
  GPURNG_HD static float uniform_float(raw_type r) { return to_uniform_float(r); }
  GPURNG_HD static double uniform_double(raw_type r) { return to_uniform_double(r); }
};

}  // namespace gpurng::core::mrg32k3a
