// The uniforms of one value of a rejection sampler, as a pure function of the value's raw group.
//
// The transform model (transforms.hpp) hands an arity-2 transform the engine's raw outputs at
// positions 2k and 2k + 1 and asks for values 2k and 2k + 1. A sampler that needs more uniforms
// than that (rejection, Poisson, binomial, gamma, ...) takes them from here:
//
//   draw "first":  the engine's own uniform_double of raw 2k + j, for value 2k + j (j = slot 0 or 1);
//   keyed draw d (d = 0, 1, 2, ...): 64 bits of Philox4x32-10 (core/engines/philox.hpp) with
//       key     = (lo(raw 2k), hi(raw 2k))                       raw bits as 64-bit words
//       counter = (d / 2, tag << 16 | j, lo(raw 2k+1), hi(raw 2k+1))
//     the low half of the block (words 0, 1) for even d, the high half (words 2, 3) for odd d,
//     as the 64-bit x = w_lo | w_hi << 32.
//
// So value 2k + j is a function of (raws 2k, 2k + 1, tag, j, parameters) alone: never of the launch,
// of other values, or of how many draws other values needed; any number of attempts is allowed, and
// CPU == GPU follows from the core Philox and the core math. The two values of a group use disjoint
// counters (slot j), and each distribution has its own tag, so two distributions at the same
// position do not share their extra draws. Distinct groups differ in their raws (2 x 32 or 2 x 64
// bits); as for every transform, equal raws give equal values.
//
// Conversions of a keyed 64-bit x:
//   uniform()   ((x >> 11) + 1) 2^-53       in [2^-53, 1]        (log is finite)
//   centered()  (2 (x >> 12) + 1) 2^-53     in [2^-53, 1 - 2^-53] (the inverse normal CDF is finite)
// The first uniform has the engine's interval (0, 1] and resolution (2^-32 for 32-bit engines).
//
// Philox runs only when a keyed draw is asked for: a sampler whose fast path decides from the
// first uniform (Poisson and binomial inversion) costs no block.
#pragma once

#include <cstdint>
#include <type_traits>

#include "gpurng/core/engines/philox.hpp"

namespace gpurng::core::dist {

// Per-distribution tags (counter word 1's high half). Fixed forever: they are part of each
// distribution's definition.
enum class DrawTag : std::uint32_t {
  poisson = 1,
  binomial = 2,
  gamma = 3,
  chi_square = 4,
  beta = 5,
  student_t = 6,
  truncated_normal = 7,
  negative_binomial = 8,
  uniform_int = 9,
  hypergeometric = 10,
  dirichlet = 11,
};

// The bits of a raw output as a 64-bit word: the integer itself, or for a raw output that is a pair
// of 32-bit words (MTGP's two-stream doubles, core/engines/mtgp_layout.hpp: Pair32) a | b << 32.
template <class Raw>
GPURNG_HD GPURNG_FORCEINLINE std::uint64_t raw_key_bits(const Raw& r) {
  if constexpr (std::is_integral<Raw>::value) {
    return static_cast<std::uint64_t>(r);
  } else {
    return static_cast<std::uint64_t>(r.a) | (static_cast<std::uint64_t>(r.b) << 32);
  }
}

class KeyedDraws {
 public:
  template <class Raw>
  GPURNG_HD KeyedDraws(const Raw& r0, const Raw& r1, double first, DrawTag tag, unsigned slot)
      : key_{{static_cast<std::uint32_t>(raw_key_bits(r0)), static_cast<std::uint32_t>(raw_key_bits(r0) >> 32)}},
        word1_((static_cast<std::uint32_t>(tag) << 16) | slot),
        r1_lo_(static_cast<std::uint32_t>(raw_key_bits(r1))),
        r1_hi_(static_cast<std::uint32_t>(raw_key_bits(r1) >> 32)),
        first_(first) {}

  // The engine's uniform of the value's own raw output, in (0, 1].
  GPURNG_HD double first() const { return first_; }

  // The next keyed 64 bits.
  GPURNG_HD std::uint64_t next_bits() {
    if ((d_ & 1u) == 0) {
      block_ = philox::philox4x32<10>(Words<std::uint32_t, 4>{{d_ >> 1, word1_, r1_lo_, r1_hi_}}, key_);
    }
    const bool high = (d_ & 1u) != 0;
    ++d_;
    const std::uint32_t lo = high ? block_.v[2] : block_.v[0];
    const std::uint32_t hi = high ? block_.v[3] : block_.v[1];
    return static_cast<std::uint64_t>(lo) | (static_cast<std::uint64_t>(hi) << 32);
  }

  // Uniform in [2^-53, 1].
  GPURNG_HD double uniform() { return static_cast<double>((next_bits() >> 11) + 1) * 0x1p-53; }
  // Uniform in [2^-53, 1 - 2^-53], symmetric about 1/2.
  GPURNG_HD double centered() {
    return static_cast<double>(((next_bits() >> 12) << 1) | 1u) * 0x1p-53;
  }
  // Keyed draws used so far.
  GPURNG_HD std::uint32_t used() const { return d_; }

 private:
  Words<std::uint32_t, 2> key_;
  std::uint32_t word1_;
  std::uint32_t r1_lo_, r1_hi_;
  double first_;
  std::uint32_t d_ = 0;
  Words<std::uint32_t, 4> block_{};
};

// Attempt cap of every rejection loop: with the acceptance rates of these samplers (all above 0.4)
// the chance of reaching it is below 0.6^65536, so it never changes a value with valid parameters;
// it only stops a loop that invalid parameters (NaN, unchecked on the device) would make endless.
inline constexpr int kMaxAttempts = 1 << 16;

}  // namespace gpurng::core::dist
