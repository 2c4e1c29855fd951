// XORWOW as cuRAND has it (curandStateXORWOW): Marsaglia's xorwow ("Xorshift RNGs", J. Stat. Softw.
// 8(14), 2003), five words of xorshift and a Weyl counter d,
//
//   t = v0 ^ (v0 >> 2);  (v0, v1, v2, v3) = (v1, v2, v3, v4);  v4 = (v4 ^ (v4 << 4)) ^ (t ^ (t << 1))
//   d += 362437;  output v4 + d
//
// with cuRAND's seeding from a 64-bit seed (shared/data/curand-seeding.md, checked there against
// cuRAND on an H100): s0 = lo(seed) ^ 0xAAD26B49, s1 = hi(seed) ^ 0xF7DCEFDD, t0 = 1099087573 s0,
// t1 = 2591861531 s1; d = 6615241 + t1 + t0; v = (123456789 + t0, 362436069 ^ t0, 521288629 + t1,
// 88675123 ^ t1, 5783321 + t0).
//
// Canonical sequence (docs/ENGINES.md): element i of stream s is the (i+1)-th curand() after
// curand_init(seed, s, 0): stream s starts s * 2^67 steps of the xorshift part on (d unchanged, as
// 362437 * 2^67 = 0 mod 2^32).
//
// Skip-ahead: the xorshift part is linear over GF(2), v -> M v with M 160 x 160; k steps are M^k v,
// taken from a table of M^(2^i), i = 0..130 (offsets use i < 64, stream jumps i = 67..130), one
// matrix-vector product (160 masked XORs of 5 words) per set bit of k; the Weyl counter moves by
// 362437 k mod 2^32. The table is 131 x 3200 bytes = 410 KiB, built on the host at first use by 130
// squarings (each 160 products of a matrix with a column): once per process on the host
// (xorwow_host.hpp); device code is handed a copy of it.
#pragma once

#include "gpurng/core/engines/word_conversions.hpp"
#include "gpurng/core/jump/gf2_matrix_wide.hpp"

namespace gpurng::core::xorwow {

inline constexpr std::uint32_t kWeyl = 362437u;
inline constexpr int kStreamShift = 67;                // a stream is 2^67 steps
inline constexpr int kTablePowers = kStreamShift + 64;  // M^(2^i) for i = 0..130

struct State {
  std::uint32_t v[5];
  std::uint32_t d;
};

using Vec = gf2::WideVec<5>;
using Matrix = gf2::WideMatrix<5>;

GPURNG_HD GPURNG_FORCEINLINE constexpr Vec xorshift_step(const Vec& x) {
  const std::uint32_t t = x.w[0] ^ (x.w[0] >> 2);
  const std::uint32_t v4 = (x.w[4] ^ (x.w[4] << 4)) ^ (t ^ (t << 1));
  return Vec{{x.w[1], x.w[2], x.w[3], x.w[4], v4}};
}

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t next(State& st) {
  const std::uint32_t t = st.v[0] ^ (st.v[0] >> 2);
  st.v[0] = st.v[1];
  st.v[1] = st.v[2];
  st.v[2] = st.v[3];
  st.v[3] = st.v[4];
  st.v[4] = (st.v[4] ^ (st.v[4] << 4)) ^ (t ^ (t << 1));
  st.d += kWeyl;
  return st.v[4] + st.d;
}

// cuRAND's curand_init seeding, before any skip.
GPURNG_HD constexpr State seed_state(std::uint64_t seed) {
  const std::uint32_t s0 = static_cast<std::uint32_t>(seed) ^ 0xAAD26B49u;
  const std::uint32_t s1 = static_cast<std::uint32_t>(seed >> 32) ^ 0xF7DCEFDDu;
  const std::uint32_t t0 = 1099087573u * s0;
  const std::uint32_t t1 = 2591861531u * s1;
  return State{{123456789u + t0, 362436069u ^ t0, 521288629u + t1, 88675123u ^ t1, 5783321u + t0}, 6615241u + t1 + t0};
}

// M^(2^i) for i = 0..kTablePowers-1.
struct JumpTable {
  Matrix pow2[kTablePowers];
};

// M^(k 2^shift) v: one table product per set bit of k (shift + bit index < kTablePowers).
GPURNG_HD inline Vec apply_power(const JumpTable& t, std::uint64_t k, int shift, Vec v) {
  for (int i = shift; k != 0; ++i, k >>= 1) {
    if (k & 1u) v = gf2::apply(t.pow2[i], v);
  }
  return v;
}

struct XorshiftStep {
  GPURNG_HD constexpr Vec operator()(const Vec& x) const { return xorshift_step(x); }
};

// The table: M from the step, then 130 squarings (about 17 million masked word XORs, some 70 ms on
// one host core at -O2; xorwow_host.hpp keeps one built copy).
GPURNG_HD inline void fill_jump_table(JumpTable& t) {
  t.pow2[0] = gf2::wide_matrix_of<5>(XorshiftStep{});
  for (int i = 1; i < kTablePowers; ++i) t.pow2[i] = gf2::multiply(t.pow2[i - 1], t.pow2[i - 1]);
}

GPURNG_HD inline void set_linear_part(State& st, const Vec& v) {
  for (int i = 0; i < 5; ++i) st.v[i] = v.w[i];
}

// k steps on (cuRAND's skipahead).
GPURNG_HD inline void skip(State& st, const JumpTable& t, std::uint64_t k) {
  set_linear_part(st, apply_power(t, k, 0, Vec{{st.v[0], st.v[1], st.v[2], st.v[3], st.v[4]}}));
  st.d += kWeyl * static_cast<std::uint32_t>(k);
}

// s streams on: s * 2^67 steps (cuRAND's skipahead_sequence).
GPURNG_HD inline void skip_streams(State& st, const JumpTable& t, std::uint64_t s) {
  set_linear_part(st, apply_power(t, s, kStreamShift, Vec{{st.v[0], st.v[1], st.v[2], st.v[3], st.v[4]}}));
}

// curand_init(seed, s, offset).
GPURNG_HD inline State stream_state(const JumpTable& t, std::uint64_t seed, std::uint64_t s, std::uint64_t offset) {
  State st = seed_state(seed);
  skip_streams(st, t, s);
  skip(st, t, offset);
  return st;
}

// XORWOW's skip-ahead done by a whole warp (CUDA device code), for a kernel whose 32 lanes start at
// evenly spaced positions: lane l at warp_start + l * 2^lane_shift.
//
// Why: xorwow::skip, run by each lane on its own, multiplies its vector by the table matrices of its
// own offset's set bits. The lanes' offsets differ, so a warp reads up to 32 different 3200-byte
// matrices per product, and each lane walks 160 columns one after another; a 2^20 call spent about
// 180 us in those skips (docs/PERFORMANCE.md, issue 24). Here the warp shares the work instead:
//
// - One product M v with v the same in every lane: lane j takes the columns j, 32 + j, ..., 128 + j
//   (the coordinates j of the five words of v), ANDs each with its bit of v and XORs them; the warp
//   then XOR-reduces the five words across its lanes. Every lane reads consecutive columns of the
//   same matrix (coalesced), and the product is some 60 instructions instead of 160 iterations.
// - The warp's start: one such product per set bit of warp_start.
// - The lanes' starts, by doubling: after the warp start, lane 0 holds v_0; in round b = 0..4 every
//   lane l in [2^b, 2^(b+1)) gets M^(2^(lane_shift + b)) v_(l - 2^b), one warp product per source lane,
//   all with the same table matrix (31 products in all).
//
// The result is exactly xorwow::skip(st, t, warp_start + lane * 2^lane_shift) in every lane (the same
// linear map, the same table): CPU == GPU is untouched. Every lane of the warp must call it (it
// shuffles and reduces over the full warp), with the same st, warp_start and lane_shift.
#if GPURNG_CUDA_COMPILER
namespace warp_detail {

inline constexpr unsigned kFullWarp = 0xffffffffu;

// The five columns of m this lane takes: columns 32 k + lane, k = 0..4.
__device__ GPURNG_FORCEINLINE void load_lane_columns(const Matrix& m, unsigned lane, Vec (&cols)[5]) {
#pragma unroll
  for (int k = 0; k < 5; ++k) cols[k] = m.col[32 * k + lane];
}

__device__ GPURNG_FORCEINLINE std::uint32_t warp_xor(std::uint32_t x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_xor_sync(kFullWarp, x);
#else
#pragma unroll
  for (int d = 16; d > 0; d >>= 1) x ^= __shfl_xor_sync(kFullWarp, x, d);
  return x;
#endif
}

// M v, v the same in every lane; the result in every lane.
__device__ GPURNG_FORCEINLINE Vec warp_apply(const Vec (&cols)[5], const Vec& v, unsigned lane) {
  std::uint32_t part[5] = {0u, 0u, 0u, 0u, 0u};
#pragma unroll
  for (int k = 0; k < 5; ++k) {
    const std::uint32_t mask = 0u - ((v.w[k] >> lane) & 1u);
#pragma unroll
    for (int i = 0; i < 5; ++i) part[i] ^= cols[k].w[i] & mask;
  }
  Vec r;
#pragma unroll
  for (int i = 0; i < 5; ++i) r.w[i] = warp_xor(part[i]);
  return r;
}

}  // namespace warp_detail

// st (the same in every lane) moved to warp_start + lane * 2^lane_shift in lane `lane`; lane_shift
// + 4 < kTablePowers.
__device__ inline void warp_skip(State& st, const JumpTable& t, std::uint64_t warp_start, unsigned lane,
                                 int lane_shift) {
  using namespace warp_detail;
  Vec cols[5];
  Vec v{{st.v[0], st.v[1], st.v[2], st.v[3], st.v[4]}};
  int bit = 0;
  for (std::uint64_t k = warp_start; k != 0; k >>= 1, ++bit) {  // the same trip count in every lane
    if (k & 1u) {
      load_lane_columns(t.pow2[bit], lane, cols);
      v = warp_apply(cols, v, lane);
    }
  }
#pragma unroll
  for (int b = 0; b < 5; ++b) {
    load_lane_columns(t.pow2[lane_shift + b], lane, cols);
    // The round's products are independent: their results go to `next`, not v, so that no product
    // waits for the one before it.
    Vec next = v;
#pragma unroll
    for (unsigned src = 0; src < (1u << b); ++src) {
      Vec s;
#pragma unroll
      for (int i = 0; i < 5; ++i) s.w[i] = __shfl_sync(kFullWarp, v.w[i], static_cast<int>(src));
      const Vec r = warp_apply(cols, s, lane);
      if (lane == src + (1u << b)) next = r;
    }
    v = next;
  }
  set_linear_part(st, v);
  st.d += kWeyl * static_cast<std::uint32_t>(warp_start + (std::uint64_t{lane} << lane_shift));
}

#endif  // GPURNG_CUDA_COMPILER

// One stream as a small generator (C++'s UniformRandomBitGenerator shape).
class Engine {
 public:
  using result_type = std::uint32_t;
  GPURNG_HD Engine(std::uint64_t seed, std::uint64_t s, const JumpTable& t) : st_(stream_state(t, seed, s, 0)), t_(&t) {}
  GPURNG_HD static constexpr result_type min() { return 0; }
  GPURNG_HD static constexpr result_type max() { return ~result_type{0}; }
  GPURNG_HD result_type next() { return xorwow::next(st_); }
  GPURNG_HD result_type operator()() { return next(); }
  GPURNG_HD void discard(std::uint64_t k) { skip(st_, *t_, k); }
  GPURNG_HD const State& state() const { return st_; }

 private:
  State st_;
  const JumpTable* t_;
};

// The engine as the generic fill (core/produce.hpp) sees it (gpurng::Engine::xorwow): the state
// carries a pointer to a jump table that the code running the fill can read (the host table on the
// CPU, a device copy in a kernel).
struct Position {
  State st;
  const JumpTable* table;
};

struct Traits {
  using state_type = Position;
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(Position& p) { return xorwow::next(p.st); }
  GPURNG_HD static void skip(Position& p, std::uint64_t k) { xorwow::skip(p.st, *p.table, k); }
#if GPURNG_CUDA_COMPILER
  // The fill kernel's skip when a warp's lanes start evenly spaced (see warp_skip above).
  static constexpr bool kWarpSkip = true;
  __device__ static void warp_skip(Position& p, std::uint64_t warp_start, unsigned lane, int lane_shift) {
    xorwow::warp_skip(p.st, *p.table, warp_start, lane, lane_shift);
  }
#endif
  GPURNG_HD static GPURNG_FORCEINLINE bits_type bits(raw_type r) { return r; }
  GPURNG_HD static GPURNG_FORCEINLINE float uniform_float(raw_type r) { return word_to_uniform_float(r); }
  GPURNG_HD static GPURNG_FORCEINLINE double uniform_double(raw_type r) { return word_to_uniform_double(r); }
};

}  // namespace gpurng::core::xorwow
