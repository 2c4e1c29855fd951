// Device API: Marsaglia's KISS99 as a per-thread generator. Every thread runs the one kiss99
// sequence; give threads disjoint parts of it by offsets (O(log n) skip: two modular powers, a
// 32 x 32 GF(2) matrix power, an affine power).
//
// init(seed, offset) = host seed(seed), offset(offset); init_state(z, w, jsr, jcong, offset) =
// host seed_array({z, w, jsr, jcong}), offset(offset) (the words must be valid: see docs/ENGINES.md).
#pragma once

#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/kiss.hpp"

namespace gpurng::device {

class Kiss99 {
 public:
  using Engine = core::kiss99::Engine;

  GPURNG_HD void init(std::uint64_t seed, std::uint64_t offset) {
    state_ = core::kiss99::state_from_seed(seed);
    core::kiss99::skip(state_, offset);
  }
  GPURNG_HD void init_state(std::uint32_t z, std::uint32_t w, std::uint32_t jsr, std::uint32_t jcong,
                            std::uint64_t offset) {
    state_ = core::kiss99::State{z, w, jsr, jcong};
    core::kiss99::skip(state_, offset);
  }
  GPURNG_HD void skipahead(std::uint64_t n) { core::kiss99::skip(state_, n); }

  // The engine's next raw output: what gpurng/device/distributions.hpp's draw() feeds a sampler.
  GPURNG_HD GPURNG_FORCEINLINE typename Engine::raw_type next_raw() { return Engine::next(state_); }
  GPURNG_HD GPURNG_FORCEINLINE std::uint32_t bits() { return Engine::next(state_); }
  GPURNG_HD GPURNG_FORCEINLINE float uniform() { return Engine::uniform_float(Engine::next(state_)); }
  GPURNG_HD GPURNG_FORCEINLINE double uniform_double() { return Engine::uniform_double(Engine::next(state_)); }

  GPURNG_HD const core::kiss99::State& state() const { return state_; }

 private:
  core::kiss99::State state_;
};

}  // namespace gpurng::device
