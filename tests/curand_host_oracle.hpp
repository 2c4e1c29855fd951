// Element n of cuRAND's host-API output (CURAND_ORDERING_PSEUDO_DEFAULT) for XORWOW, Philox4_32_10 and
// MRG32k3a, computed one element at a time from gpurng's cuRAND device API (gpurng/device/
// curand_compat.hpp, checked bit for bit against cuRAND on an H100 by test_cuda_curand_compat) and the
// layouts measured on an H100 (shared/data/curand-seeding.md section 6):
//
//   XORWOW    element n: output n div 4096 of curand_init(seed, n mod 4096, 0)
//   MRG32K3A  element n: output n div 81920 of curand_init(seed, n mod 81920, 0)
//   PHILOX    j = n div 4: word n mod 4 of block j div 65536 of subsequence j mod 65536
//
// Doubles: XORWOW's and MRG32k3a's are the generator's own curand_uniform_double at the same place of
// the same stream, which for XORWOW consumes two outputs, so double n is made of outputs 2 (n div 4096)
// and the next. Philox's are curand_uniform4_double's (pairs of words, four doubles from two blocks
// per round of 65536 threads), measured on the H100 (scripts/exp/philox-double-probe.cu).
// Shared by the CPU tests (test_curand_host_engines.cpp) and the GPU test (test_cuda_curand_host.cu).
#pragma once

#include <cstdint>
#include <type_traits>

#include "gpurng/device/curand_compat.hpp"

namespace gpurng::test::curand_host_oracle {

namespace cc = gpurng::curand_compat;

enum class Kind { bits, uniform, uniform_double };

// The value of type T that the generator's own call gives next: curand_uniform_double, curand_uniform
// or curand.
template <class T, class State>
T draw(State& s) {
  if constexpr (sizeof(T) == 8) {
    return cc::curand_uniform_double(&s);
  } else if constexpr (std::is_same_v<T, float>) {
    return cc::curand_uniform(&s);
  } else {
    return cc::curand(&s);
  }
}

struct Xorwow {
  static constexpr std::uint64_t kStreams = 4096;
  template <class T>
  static T at(std::uint64_t seed, std::uint64_t n) {
    cc::curandStateXORWOW_t s;
    const std::uint64_t per_value = sizeof(T) == 8 ? 2 : 1;  // curand_uniform_double takes two outputs
    cc::curand_init(seed, n % kStreams, per_value * (n / kStreams), &s);
    return draw<T>(s);
  }
};

struct Mrg32k3a {
  static constexpr std::uint64_t kStreams = 81920;
  template <class T>
  static T at(std::uint64_t seed, std::uint64_t n) {
    cc::curandStateMRG32k3a_t s;
    cc::curand_init(seed, n % kStreams, n / kStreams, &s);
    return draw<T>(s);
  }
};

struct Philox {
  template <class T>
  static T at(std::uint64_t seed, std::uint64_t n) {
    cc::curandStatePhilox4_32_10_t s;
    const std::uint64_t j = n / 4;
    if constexpr (sizeof(T) == 8) {
      // A round of four doubles per thread from two blocks (curand_uniform2_double twice): double n is
      // pair n mod 4 of blocks 2 (j div 65536) and the next of subsequence j mod 65536.
      cc::curand_init(seed, j % 65536, 8 * (j / 65536) + 4 * ((n % 4) / 2), &s);
      const auto d = cc::curand_uniform2_double(&s);
      return n % 2 == 0 ? d.x : d.y;
    }
    // Subsequence j mod 65536, then the block j div 65536 and the word n mod 4 as a word offset.
    cc::curand_init(seed, j % 65536, 4 * (j / 65536) + n % 4, &s);
    return draw<T>(s);
  }
};

}  // namespace gpurng::test::curand_host_oracle
