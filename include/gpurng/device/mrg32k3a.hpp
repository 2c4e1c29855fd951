// Device API: a per-thread MRG32k3a generator for use inside your own kernels (header-only; the
// functions are __host__ __device__, so the same code also runs, and is tested, on the CPU).
//
//   __global__ void k(float* out, unsigned long long seed) {
//     gpurng::device::Mrg32k3a rng;
//     rng.init(seed, /*subsequence=*/blockIdx.x * blockDim.x + threadIdx.x, /*offset=*/0);
//     out[...] = rng.uniform();
//   }
//
// init(seed, subsequence, offset) gives exactly the host generator's sequence after
// seed(seed), select_stream(0, subsequence), offset(offset): bits(), uniform() and
// uniform_double() return its next element; normal2() returns the next two elements of the normal
// sequence (when the position is even, as it is after init with an even offset). Subsequences are
// 2^76 values apart, so threads never overlap.
//
// Bit-identical to the CPU as long as the kernel is compiled without -ftz=true/--use_fast_math
// (flushing subnormals can change the last bits of log-normal tails).
#pragma once

#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/device/types.hpp"

namespace gpurng::device {

class Mrg32k3a {
 public:
  using Engine = core::mrg32k3a::Engine;

  // Cost: O(log) matrix-vector products (at most 22 per component for each of subsequence and
  // offset); call once per thread, then draw many values.
  GPURNG_HD void init(std::uint64_t seed, std::uint64_t subsequence, std::uint64_t offset) {
    state_ = core::mrg32k3a::state_from_seed(seed);
    core::mrg32k3a::skip_substreams(state_, subsequence);
    core::mrg32k3a::skip(state_, offset);
    has_cached_ = false;
  }

  // Skip ahead by n values.
  GPURNG_HD void skipahead(std::uint64_t n) {
    core::mrg32k3a::skip(state_, n);
    has_cached_ = false;
  }

  // The engine's next raw output: what gpurng/device/distributions.hpp's draw() feeds a sampler.
  GPURNG_HD GPURNG_FORCEINLINE typename Engine::raw_type next_raw() { return Engine::next(state_); }
  GPURNG_HD std::uint32_t bits() { return Engine::bits(Engine::next(state_)); }
  GPURNG_HD float uniform() { return Engine::uniform_float(Engine::next(state_)); }
  GPURNG_HD double uniform_double() { return Engine::uniform_double(Engine::next(state_)); }

  GPURNG_HD Float2 normal2(float mean = 0.0f, float stddev = 1.0f) {
    std::uint32_t raw[2] = {Engine::next(state_), Engine::next(state_)};
    float out[2];
    core::dist::Normal<Engine, float>{mean, stddev}(raw, out);
    return Float2{out[0], out[1]};
  }
  GPURNG_HD Double2 normal2_double(double mean = 0.0, double stddev = 1.0) {
    std::uint32_t raw[2] = {Engine::next(state_), Engine::next(state_)};
    double out[2];
    core::dist::Normal<Engine, double>{mean, stddev}(raw, out);
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
    const std::uint32_t raw = Engine::next(state_);
    float out;
    core::dist::Exponential<Engine, float>{lambda}(&raw, &out);
    return out;
  }

  GPURNG_HD const core::mrg32k3a::State& state() const { return state_; }

 private:
  core::mrg32k3a::State state_;
  float cached_ = 0.0f;
  bool has_cached_ = false;
};

}  // namespace gpurng::device
