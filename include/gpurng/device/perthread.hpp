// Device API: per-thread generators of the many-stream engines (mwc, xorshift256, kiss), for use
// inside your own kernels (header-only; the functions are __host__ __device__, so the same code
// also runs, and is tested, on the CPU). The state lives in registers: 4 words for mwc, 6 for kiss,
// 8 for xorshift256.
//
//   __global__ void k(float* out, unsigned long long seed) {
//     const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
//     gpurng::device::Xorshift256 rng;
//     rng.init(seed, /*stream=*/t, /*offset=*/0);
//     out[t] = rng.uniform();
//   }
//
// init(seed, stream, offset) gives exactly stream `stream` of the host generator seeded with `seed`:
// its k-th bits()/uniform()/uniform_double() after init is value offset + k of that stream, i.e.
// out[(offset + k) * S + stream] of the host's interleaved output for any S > stream (streams do not
// depend on S). normal2() returns the stream's next Box-Muller pair; it matches the host's normals
// when called at an even position of the stream (after init with an even offset, and an even
// number of single draws).
//
// Streams of mwc and kiss beyond 76,635 reuse multiplier pairs (stream s uses pair s mod 76,636)
// with their own seeds. Skips: mwc and kiss cost O(log n) 32-bit products; xorshift256's skipahead
// builds its jump polynomial on the device (about 2 log2 n products of 256-bit polynomials: do it
// once per thread, or start threads at offset 0).
//
// Quality of one stream: a thread owns one stream, and a stream read alone is weaker at the bit level
// than the host's interleaved output. Xorshift256 is GF(2)-linear with 256 state bits: from 512
// values on, Berlekamp-Massey recovers the recurrence of each bit position, and `gpurng test
// --battery linear --streams 1` rejects one stream after 0.44 MB (docs/QUALITY.md, "One stream
// alone"). One Mwc and one Kiss stream passed those tests to their cap. Usually harmless for numbers
// used as reals; where one thread's raw bits feed a bit-level consumer (hashing, GF(2) matrices,
// bit-sliced sampling) beyond 512 values, use Kiss rather than Xorshift256.
//
// Bit-identical to the CPU as long as the kernel is compiled without -ftz=true/--use_fast_math.
#pragma once

#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/engines/mwc.hpp"
#include "gpurng/core/engines/xorshift256.hpp"
#include "gpurng/device/types.hpp"

namespace gpurng::device {

template <class E>
class PerThread {
 public:
  using Engine = E;
  using state_type = typename E::state_type;

  GPURNG_HD void init(std::uint64_t seed, std::uint64_t stream, std::uint64_t offset) {
    state_ = E::stream_state(seed, stream);
    if (offset != 0) E::skip(state_, offset);
    has_cached_ = false;
  }
  // Start from a raw state (e.g. a published test state); see core/engines/<engine>.hpp.
  GPURNG_HD void init_state(const state_type& st) {
    state_ = st;
    has_cached_ = false;
  }

  GPURNG_HD void skipahead(std::uint64_t n) {
    E::skip(state_, n);
    has_cached_ = false;
  }

  // The engine's next raw output: what gpurng/device/distributions.hpp's draw() feeds a sampler.
  GPURNG_HD GPURNG_FORCEINLINE typename E::raw_type next_raw() { return E::next(state_); }
  GPURNG_HD GPURNG_FORCEINLINE std::uint32_t bits() { return E::bits(E::next(state_)); }
  GPURNG_HD GPURNG_FORCEINLINE float uniform() { return E::uniform_float(E::next(state_)); }
  GPURNG_HD GPURNG_FORCEINLINE double uniform_double() { return E::uniform_double(E::next(state_)); }

  GPURNG_HD Float2 normal2(float mean = 0.0f, float stddev = 1.0f) {
    const std::uint32_t raw[2] = {E::next(state_), E::next(state_)};
    float out[2];
    core::dist::Normal<E, float>{mean, stddev}(raw, out);
    return Float2{out[0], out[1]};
  }
  GPURNG_HD Double2 normal2_double(double mean = 0.0, double stddev = 1.0) {
    const std::uint32_t raw[2] = {E::next(state_), E::next(state_)};
    double out[2];
    core::dist::Normal<E, double>{mean, stddev}(raw, out);
    return Double2{out[0], out[1]};
  }
  // One standard normal at a time: the first call of a pair computes both and keeps the second.
  GPURNG_HD float normal() {
    if (has_cached_) {
      has_cached_ = false;
      return cached_;
    }
    const Float2 p = normal2();
    cached_ = p.y;
    has_cached_ = true;
    return p.x;
  }
  GPURNG_HD float exponential(float lambda = 1.0f) {
    const std::uint32_t raw = E::next(state_);
    float out;
    core::dist::Exponential<E, float>{lambda}(&raw, &out);
    return out;
  }

  GPURNG_HD const state_type& state() const { return state_; }

 private:
  state_type state_;
  float cached_ = 0.0f;
  bool has_cached_ = false;
};

using Mwc = PerThread<core::mwc::StreamEngine>;
using Xorshift256 = PerThread<core::xorshift256::StreamEngine>;
using Kiss = PerThread<core::kiss::StreamEngine>;

}  // namespace gpurng::device
