// The canonical output order of the MTGP engines and how their outputs become distribution values.
// Shared by the CPU backend and the CUDA kernels, so both place every value identically.
//
// Layout. S streams (substreams of one parameter set, or cuRAND's parameter sets) are interleaved
// in chunks of R consecutive values (R = the GPU round size, a power of two):
//
//   canonical element e  ->  chunk c = e / R,  stream s = c mod S,  stream position (c / S) R + e mod R.
//
// With S = 1 the canonical sequence is the reference generator's own output. The layout depends on
// (S, R) only, never on the launch configuration; a GPU block produces one chunk per round.
#pragma once

#include <cstdint>

#include "gpurng/core/config.hpp"
#include "gpurng/core/dist/ieee_ops.hpp"
#include "gpurng/core/engines/mtgp.hpp"

namespace gpurng::core::mtgp {

struct Layout {
  std::uint64_t streams;  // S >= 1
  std::uint32_t chunk;    // R, a power of two

  // How many elements of stream s lie at canonical positions < e (the stream position of the first
  // element of s at or after e). S * R < 2^32, so nothing overflows.
  GPURNG_HD constexpr std::uint64_t count_before(std::uint64_t e, std::uint64_t s) const {
    const std::uint64_t period = streams * chunk;
    const std::uint64_t rem = e % period;
    const std::uint64_t lo = s * chunk;
    std::uint64_t part = rem > lo ? rem - lo : 0;
    if (part > chunk) part = chunk;
    return (e / period) * chunk + part;
  }
  // Canonical position of stream s's element at stream position k.
  GPURNG_HD constexpr std::uint64_t canonical(std::uint64_t s, std::uint64_t k) const {
    return ((k / chunk) * streams + s) * chunk + k % chunk;
  }
};

// What a call for canonical elements [first, first + n) asks of stream s: the elements [a, b) of
// its stream positions, and the raw outputs [g0, g1) that make them (widened to whole groups of
// `arity`, e.g. Box-Muller pairs; chunks have even length, so groups never straddle chunks).
struct StreamRange {
  std::uint64_t a, b;
  std::uint64_t g0, g1;
};
GPURNG_HD constexpr StreamRange stream_range(const Layout& L, std::uint64_t first, std::uint64_t n, std::uint64_t s,
                                             unsigned arity) {
  const std::uint64_t a = L.count_before(first, s);
  const std::uint64_t b = L.count_before(first + n, s);
  return StreamRange{a, b, a - a % arity, b + (arity - b % arity) % arity};
}

// ----- conversions: the engine traits the distribution transforms (core/dist) take ---------------

inline constexpr double kTwoPow53Inv = 1.0 / 9007199254740992.0;  // 2^-53
inline constexpr double kTwoPow32Inv = 1.0 / 4294967296.0;        // 2^-32
inline constexpr float kTwoPow32InvF = 1.0f / 4294967296.0f;
inline constexpr float kTwoPow33InvF = 1.0f / 8589934592.0f;

// 53-bit double in (0, 1] from 53 random bits v: (v + 1) 2^-53, exact.
GPURNG_HD GPURNG_FORCEINLINE double open_close_53(std::uint64_t v) {
  return ieee::mul(static_cast<double>(v + 1), kTwoPow53Inv);
}

// 32-bit MTGP, bits and floats: o_n itself; uniform float = the reference's (0, 1] (2 minus the
// float in [1, 2)): multiples of 2^-23, never 0. (A double from one output, (o + 1) 2^-32, is kept
// for the device API; the host API's doubles come from Pair32.)
struct Word32 {
  using word_type = std::uint32_t;
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
  static constexpr bool kPair = false;
  GPURNG_HD static bits_type bits(raw_type r) { return r; }
  GPURNG_HD static float uniform_float(raw_type r) { return open_close(r); }
  GPURNG_HD static double uniform_double(raw_type r) {
    return ieee::mul(static_cast<double>(static_cast<std::uint64_t>(r) + 1), kTwoPow32Inv);
  }
};

// 32-bit MTGP, doubles: output position i contributes o_i of the main streams (a) and o_i of the
// companion streams (b); the double has the 53 bits a:b[31..11], (v + 1) 2^-53 in (0, 1].
struct Pair32 {
  using word_type = std::uint32_t;
  struct raw_type {
    std::uint32_t a;
    std::uint32_t b;
  };
  using bits_type = std::uint32_t;
  static constexpr bool kPair = true;
  GPURNG_HD static bits_type bits(raw_type r) { return r.a; }
  GPURNG_HD static float uniform_float(raw_type r) { return open_close(r.a); }
  GPURNG_HD static double uniform_double(raw_type r) {
    return open_close_53((static_cast<std::uint64_t>(r.a) << 21) | (r.b >> 11));
  }
};

// 64-bit MTGP: bits are o_n; uniform double = the top 53 bits, (v + 1) 2^-53 in (0, 1]; uniform
// float = 2 minus the float in [1, 2) made from the top 23 bits (as Word32).
struct Word64 {
  using word_type = std::uint64_t;
  using raw_type = std::uint64_t;
  using bits_type = std::uint64_t;
  static constexpr bool kPair = false;
  GPURNG_HD static bits_type bits(raw_type r) { return r; }
  GPURNG_HD static float uniform_float(raw_type r) { return ieee::sub(2.0f, close1_open2_float(r)); }
  GPURNG_HD static double uniform_double(raw_type r) { return open_close_53(r >> 11); }
};

// cuRAND-compatible 32-bit MTGP: cuRAND's conversions of one output x (curand_uniform.h):
// float(x) 2^-32 + 2^-33 (the product is exact, so the sum has one rounding, fused or not) and
// x 2^-32 + 2^-32 (exact).
struct Curand32 {
  using word_type = std::uint32_t;
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
  static constexpr bool kPair = false;
  GPURNG_HD static bits_type bits(raw_type r) { return r; }
  GPURNG_HD static float uniform_float(raw_type r) {
    return ieee::add(ieee::mul(static_cast<float>(r), kTwoPow32InvF), kTwoPow33InvF);
  }
  GPURNG_HD static double uniform_double(raw_type r) {
    return ieee::mul(static_cast<double>(static_cast<std::uint64_t>(r) + 1), kTwoPow32Inv);
  }
};

}  // namespace gpurng::core::mtgp
