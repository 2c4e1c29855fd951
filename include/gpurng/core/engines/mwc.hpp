// The mwc engine: Marsaglia's two 16-bit multiply-with-carry generators combined into 32 bits
// (sci.math.num-analysis, 1997; the "MWC" of his 1999 KISS posting), parallelised by
// parametrisation as in Hissoiny, Ozell & Despres: every stream has its own pair of multipliers
// and its own seeds.
//
//   z <- az (z mod 2^16) + z / 2^16,   w <- aw (w mod 2^16) + w / 2^16,   output (z << 16) + w
//
// Stream s: multipliers mwc16::pair(s mod 76,636) (az the smaller, aw the larger of the pair), and
// seeds drawn from StreamSeeder(seed, s): z = 1 + draw mod (pz - 1), then w likewise, so both are
// always valid (never 0 or p). Period of a stream: (az 2^15 - 1)(aw 2^15 - 1), between 2^44 and 2^62.
#pragma once

#include "gpurng/core/engines/mwc16.hpp"
#include "gpurng/core/engines/stream_seed.hpp"
#include "gpurng/core/engines/u32_conversions.hpp"

namespace gpurng::core::mwc {

struct State {
  std::uint32_t z;
  std::uint32_t w;
  std::uint32_t az;
  std::uint32_t aw;
};

GPURNG_HD GPURNG_FORCEINLINE constexpr std::uint32_t next(State& st) {
  st.z = mwc16::step(st.z, st.az);
  st.w = mwc16::step(st.w, st.aw);
  return (st.z << 16) + st.w;
}

GPURNG_HD inline State stream_state(std::uint64_t seed, std::uint64_t stream) {
  const mwc16::Pair m = mwc16::pair(static_cast<std::uint32_t>(stream % mwc16::kPairCount));
  StreamSeeder src(seed, stream);
  State st{};
  st.az = m.high;
  st.aw = m.low;
  st.z = src.draw_in(1u, mwc16::modulus(st.az) - 1u);
  st.w = src.draw_in(1u, mwc16::modulus(st.aw) - 1u);
  return st;
}

GPURNG_HD inline void skip(State& st, std::uint64_t k) {
  st.z = mwc16::jump(st.z, st.az, k);
  st.w = mwc16::jump(st.w, st.aw, k);
}

// The engine as the stream layers see it (core/stream_produce.hpp, the CPU and CUDA stream fills,
// the device API). A jump is prepared once per distance (on the host) and applied per stream; for
// the MWC each stream has its own moduli, so the distance itself is all there is to prepare.
struct StreamEngine {
  using state_type = State;
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
  struct jump_type {
    std::uint64_t k;
  };
  static constexpr const char* name = "mwc";
  // Values per thread below which a GPU thread's skip costs more than its generation saves.
  static constexpr std::uint64_t kMinValuesPerChunk = 512;
  GPURNG_HD static State stream_state(std::uint64_t seed, std::uint64_t s) { return mwc::stream_state(seed, s); }
  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(State& st) { return mwc::next(st); }
#if !defined(__CUDACC_RTC__)  // host only: NVRTC refuses unannotated (host) functions
  static jump_type make_jump(std::uint64_t k) { return jump_type{k}; }
#endif
  GPURNG_HD static void jump(State& st, const jump_type& j) { skip(st, j.k); }
  GPURNG_HD static void skip(State& st, std::uint64_t k) { mwc::skip(st, k); }
  GPURNG_HD static bits_type bits(raw_type r) { return r; }
  GPURNG_HD static float uniform_float(raw_type r) { return u32_to_uniform_float(r); }
  GPURNG_HD static double uniform_double(raw_type r) { return u32_to_uniform_double(r); }
};

}  // namespace gpurng::core::mwc
