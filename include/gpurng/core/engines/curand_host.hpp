// cuRAND's host API as engines: what curandGenerate, curandGenerateUniform and
// curandGenerateUniformDouble return for CURAND_RNG_PSEUDO_XORWOW, _MRG32K3A and _PHILOX4_32_10
// with CURAND_ORDERING_PSEUDO_DEFAULT (shared/data/curand-seeding.md section 6, measured on an H100
// with CUDA 13.0). The engine math is core::xorwow, core::mrg32k3a and core::philox; this header adds
// cuRAND's seeding where it differs from gpurng's, cuRAND's output conversions, and the order in
// which cuRAND's host generator lays its device-API streams into the output buffer:
//
//   XORWOW    element n is output n div 4096 of curand_init(seed, n mod 4096, 0)
//   MRG32K3A  element n is output n div 81920 of curand_init(seed, n mod 81920, 0)
//   PHILOX    with j = n div 4: word n mod 4 of block j div 65536 of subsequence j mod 65536
//
// XORWOW and MRG32K3A are therefore gpurng's interleaved many-stream layout (core/stream_produce.hpp)
// with a fixed number of streams, and run on its fill; Philox is one counter-based sequence whose
// block b has the counter (b div 65536, subsequence b mod 65536) and runs on the generic fill.
//
// Doubles follow each generator's curand_uniform_double: XORWOW's takes two consecutive outputs of
// its stream (x, then y: (x ^ (y << 21)) 2^-53 + 2^-54, 53 bits), so f64 values of xorwow-curand come
// from XorwowPairStreams, whose output q is the pair (2q, 2q + 1) of each stream; MRG32k3a's take one
// output. Philox's host doubles are two words each in a layout of their own (PhiloxDoubleScheme,
// measured on the H100 by scripts/exp/philox-double-probe.cu). tests/test_cuda_curand_host.cu checks
// all of them against curandGenerateUniformDouble.
#pragma once

#include "gpurng/core/config.hpp"
#include "gpurng/core/engines/counter_engine.hpp"
#include "gpurng/core/engines/curand_conversions.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/core/engines/philox.hpp"
#include "gpurng/core/engines/xorwow.hpp"
#if !GPURNG_DEVICE_PASS
#include "gpurng/core/engines/xorwow_host.hpp"
#endif

namespace gpurng::core::curand_host {

// Streams (device-API subsequences) of cuRAND's host generators; fixed inside cuRAND (section 6).
inline constexpr std::uint64_t kXorwowStreams = 4096;
inline constexpr std::uint64_t kMrg32k3aStreams = 81920;
inline constexpr std::uint64_t kPhiloxSubsequences = 65536;

// ----- the many-stream engines (core/stream_produce.hpp) ------------------------------------------

// MRG32K3A: stream s is curand_init(seed, s, 0), i.e. cuRAND's seeding moved s substreams of 2^76
// steps; a chunk's jump is a plain skip (the exact base-8 tables of core::mrg32k3a, in device
// memory of every translation unit).
struct Mrg32k3aStreams {
  using state_type = mrg32k3a::State;
  using raw_type = std::uint32_t;  // the step's r in [1, m1]
  using bits_type = std::uint32_t;
  struct jump_type {
    std::uint64_t k;
  };
  static constexpr const char* name = "mrg32k3a-curand";
  // A jump is at most 22 modular 3x3 matrix-vector products per component: a few hundred steps.
  static constexpr std::uint64_t kMinValuesPerChunk = 1024;
  GPURNG_HD static state_type stream_state(std::uint64_t seed, std::uint64_t s) {
    state_type st = mrg_seed_state(seed);
    mrg32k3a::skip_substreams(st, s);
    return st;
  }
  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(state_type& st) { return mrg32k3a::next(st); }
  static jump_type make_jump(std::uint64_t k) { return jump_type{k}; }
  GPURNG_HD static void jump(state_type& st, const jump_type& j) { mrg32k3a::skip(st, j.k); }
  GPURNG_HD static void skip(state_type& st, std::uint64_t k) { mrg32k3a::skip(st, k); }
  GPURNG_HD static bits_type bits(raw_type r) { return mrg_bits(r); }
  GPURNG_HD static float uniform_float(raw_type r) { return mrg_uniform_float(r); }
  GPURNG_HD static double uniform_double(raw_type r) { return mrg_uniform_double(r); }
};

// XORWOW's skips read the 410 KiB table of GF(2) matrix powers (core/engines/xorwow.hpp). On the host
// that is jump_table_host(); a kernel reads a device copy through this pointer, one per translation
// unit, which the unit that instantiates the kernels sets on each device before its first launch
// (src/cuda/curand_host_xorwow.cu). A kernel of another unit would find it null.
// The OpenCL kernel bodies (src/opencl/kernel_bodies.cpp) point xorwow_table_opencl at their table
// buffer before any use (a program-scope variable of internal linkage: PoCL links no other kind).
#if GPURNG_CUDA_COMPILER
static __device__ const xorwow::JumpTable* xorwow_table_device = nullptr;
#elif GPURNG_OPENCL_PASS
static const xorwow::JumpTable* xorwow_table_opencl = nullptr;
#endif

GPURNG_HD GPURNG_FORCEINLINE const xorwow::JumpTable& xorwow_table() {
#if GPURNG_DEVICE_PASS
  return *xorwow_table_device;
#elif GPURNG_OPENCL_PASS
  return *xorwow_table_opencl;
#else
  return xorwow::jump_table_host();
#endif
}

// XORWOW, one 32-bit output per value: stream s is curand_init(seed, s, 0).
struct XorwowStreams {
  using state_type = xorwow::State;
  using raw_type = std::uint32_t;
  using bits_type = std::uint32_t;
  struct jump_type {
    std::uint64_t k;  // steps
  };
  static constexpr const char* name = "xorwow-curand";
  // A skip reads up to 64 matrices of 3200 bytes (and the stream's start up to 12 more).
  static constexpr std::uint64_t kMinValuesPerChunk = 4096;
  GPURNG_HD static state_type stream_state(std::uint64_t seed, std::uint64_t s) {
    return xorwow::stream_state(xorwow_table(), seed, s, 0);
  }
  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(state_type& st) { return xorwow::next(st); }
  static jump_type make_jump(std::uint64_t k) { return jump_type{k}; }
  GPURNG_HD static void jump(state_type& st, const jump_type& j) { xorwow::skip(st, xorwow_table(), j.k); }
  GPURNG_HD static void skip(state_type& st, std::uint64_t k) { xorwow::skip(st, xorwow_table(), k); }
  GPURNG_HD static bits_type bits(raw_type r) { return r; }
  GPURNG_HD static float uniform_float(raw_type r) { return curand_host::uniform_float(r); }
  // Not cuRAND's (its doubles take two outputs): f64 requests run on XorwowPairStreams instead.
  GPURNG_HD static double uniform_double(raw_type r) { return uniform_double_one_word(r); }
};

// XORWOW for f64 values: output q of a stream is its outputs (2q, 2q + 1), as curand_uniform_double
// consumes them; jumps and skips count pairs.
struct XorwowPairStreams {
  using state_type = xorwow::State;
  struct raw_type {  // a then b, as in the library's other pair outputs (core/dist reads a and b)
    std::uint32_t a, b;
  };
  using bits_type = std::uint32_t;
  struct jump_type {
    std::uint64_t k;  // pairs
  };
  static constexpr const char* name = "xorwow-curand";
  static constexpr std::uint64_t kMinValuesPerChunk = 2048;
  GPURNG_HD static state_type stream_state(std::uint64_t seed, std::uint64_t s) {
    return XorwowStreams::stream_state(seed, s);
  }
  GPURNG_HD static GPURNG_FORCEINLINE raw_type next(state_type& st) {
    const std::uint32_t a = xorwow::next(st);
    return raw_type{a, xorwow::next(st)};
  }
  static jump_type make_jump(std::uint64_t k) { return jump_type{k}; }
  // 2k < 2^64 always: a stream's pair index is below 2^64 / 4096.
  GPURNG_HD static void jump(state_type& st, const jump_type& j) { xorwow::skip(st, xorwow_table(), 2 * j.k); }
  GPURNG_HD static void skip(state_type& st, std::uint64_t k) { xorwow::skip(st, xorwow_table(), 2 * k); }
  GPURNG_HD static bits_type bits(raw_type r) { return r.a; }
  GPURNG_HD static float uniform_float(raw_type r) { return curand_host::uniform_float(r.a); }
  GPURNG_HD static double uniform_double(raw_type r) { return uniform_double_two_words(r.a, r.b); }
};

// ----- Philox4_32_10: one counter-based sequence (core/engines/counter_engine.hpp) ----------------

// Block b of the host order is block b div 65536 of subsequence b mod 65536: counter
// (lo(b div 65536), hi(b div 65536), b mod 65536, 0), key (lo(seed), hi(seed)).
struct PhiloxScheme {
  using word_type = std::uint32_t;
  using Block = Words<std::uint32_t, 4>;
  static constexpr int kWords = 4;
  struct Stream {
    Words<std::uint32_t, 2> key;
  };
  GPURNG_HD static constexpr Stream stream(std::uint64_t seed) {
    return Stream{{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}}};
  }
  GPURNG_HD static GPURNG_FORCEINLINE Block block(const Stream& st, std::uint64_t b) {
    const std::uint64_t c = b >> 16;  // kPhiloxSubsequences = 2^16
    return philox::philox4x32<10>(Block{{static_cast<std::uint32_t>(c), static_cast<std::uint32_t>(c >> 32),
                                         static_cast<std::uint32_t>(b & 0xffffu), 0u}},
                                  st.key);
  }
};

struct PhiloxTraits : CounterTraits<PhiloxScheme> {
  GPURNG_HD static GPURNG_FORCEINLINE float uniform_float(raw_type r) { return curand_host::uniform_float(r); }
  // Not the host API's doubles (they take two words): f64 requests run on PhiloxDoubleTraits.
  GPURNG_HD static GPURNG_FORCEINLINE double uniform_double(raw_type r) { return uniform_double_one_word(r); }
};

// Doubles (curandGenerateUniformDouble): each of cuRAND's 65536 threads writes four doubles per round
// from two consecutive blocks of its subsequence, curand_uniform4_double's word pairs (x, y) -> (x ^
// (y << 21)) 2^-53 + 2^-54. With j = n div 4, double n is words 8 (j div 65536) + 2 (n mod 4) and the
// next of subsequence j mod 65536 (all 2^20 + 6 doubles of three seeds on the H100, CUDA 13.0). As a
// counter sequence of 64-bit words x | y << 32: block b is the four pairs of blocks 2 (b div 65536)
// and 2 (b div 65536) + 1 of subsequence b mod 65536.
struct PhiloxDoubleScheme {
  using word_type = std::uint64_t;
  using Block = Words<std::uint64_t, 4>;
  static constexpr int kWords = 4;
  using Stream = PhiloxScheme::Stream;
  GPURNG_HD static constexpr Stream stream(std::uint64_t seed) { return PhiloxScheme::stream(seed); }
  GPURNG_HD static GPURNG_FORCEINLINE Block block(const Stream& st, std::uint64_t b) {
    const std::uint64_t c = 2 * (b >> 16);  // b < 2^62 (positions < 2^64, four per block): no overflow
    const std::uint32_t s = static_cast<std::uint32_t>(b & 0xffffu);
    const PhiloxScheme::Block x = philox::philox4x32<10>(
        PhiloxScheme::Block{{static_cast<std::uint32_t>(c), static_cast<std::uint32_t>(c >> 32), s, 0u}}, st.key);
    const PhiloxScheme::Block y = philox::philox4x32<10>(
        PhiloxScheme::Block{{static_cast<std::uint32_t>(c + 1), static_cast<std::uint32_t>((c + 1) >> 32), s, 0u}},
        st.key);
    return Block{{pair(x.v[0], x.v[1]), pair(x.v[2], x.v[3]), pair(y.v[0], y.v[1]), pair(y.v[2], y.v[3])}};
  }
  GPURNG_HD static constexpr std::uint64_t pair(std::uint32_t x, std::uint32_t y) {
    return std::uint64_t{x} | (std::uint64_t{y} << 32);
  }
};

struct PhiloxDoubleTraits : CounterTraits<PhiloxDoubleScheme> {
  GPURNG_HD static GPURNG_FORCEINLINE float uniform_float(raw_type r) {
    return curand_host::uniform_float(static_cast<std::uint32_t>(r));
  }
  GPURNG_HD static GPURNG_FORCEINLINE double uniform_double(raw_type r) {
    return uniform_double_two_words(static_cast<std::uint32_t>(r), static_cast<std::uint32_t>(r >> 32));
  }
};

}  // namespace gpurng::core::curand_host
