// Which words does cuRAND's host Philox4_32_10 generator (CURAND_ORDERING_PSEUDO_DEFAULT) read for
// curandGenerateUniformDouble? Bits follow shared/data/curand-seeding.md §6 (word n mod 4 of block
// j div 65536 of subsequence j mod 65536, j = n div 4); one word per double (curand_uniform_double)
// does not match on the H100. This compares 2^20 + 6 doubles with two word-pair hypotheses, both
// with curand_uniform2_double's conversion (x ^ y << 21) 2^-53 + 2^-54 of a word pair:
//   H1: double n is words (2n, 2n + 1) of the bits order (a thread writes a double2 per block);
//   H2: thread t = n mod 65536, call i = n div 65536: its words 2i, 2i + 1 of subsequence t;
//   H3: a thread writes a double4 per call (curand_uniform4_double: two blocks): with j = n div 4,
//       double n is words 8 (j div 65536) + 2 (n mod 4) and the next of subsequence j mod 65536.
// An experiment, not a test: it decides core/engines/curand_host.hpp's Philox doubles.
//   nvcc -O2 -arch=sm_90 -Iinclude scripts/exp/philox-double-probe.cu -lcurand -o philox-double-probe
#include <cuda_runtime.h>
#include <curand.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "gpurng/core/engines/curand_conversions.hpp"
#include "gpurng/core/engines/philox.hpp"

namespace {

using Block = gpurng::core::Words<std::uint32_t, 4>;

// Word m of subsequence s (its blocks are counters (b, 0, s, 0)... as §6: block b of subsequence s).
std::uint32_t word(std::uint64_t seed, std::uint64_t s, std::uint64_t m) {
  const std::uint64_t b = m / 4;
  const Block blk = gpurng::core::philox::philox4x32<10>(
      Block{{static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(b >> 32), static_cast<std::uint32_t>(s), 0u}},
      gpurng::core::Words<std::uint32_t, 2>{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}});
  return blk.v[m % 4];
}

// Word m of the bits order.
std::uint32_t bits_word(std::uint64_t seed, std::uint64_t m) {
  const std::uint64_t j = m / 4;
  return word(seed, j % 65536, 4 * (j / 65536) + m % 4);
}

}  // namespace

int main() {
  const std::uint64_t seeds[] = {0, 1234, 5489};
  const std::size_t n = (std::size_t{1} << 20) + 6;
  double* d = nullptr;
  cudaMalloc(&d, n * sizeof(double));
  std::vector<double> got(n);
  unsigned* b = nullptr;
  cudaMalloc(&b, n * sizeof(unsigned));
  std::vector<unsigned> bits(n);
  for (std::uint64_t seed : seeds) {
    curandGenerator_t g;
    curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10);
    curandSetPseudoRandomGeneratorSeed(g, seed);
    curandGenerateUniformDouble(g, d, n);
    curandDestroyGenerator(g);
    curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10);
    curandSetPseudoRandomGeneratorSeed(g, seed);
    curandGenerate(g, b, n);
    curandDestroyGenerator(g);
    cudaMemcpy(got.data(), d, n * sizeof(double), cudaMemcpyDeviceToHost);
    cudaMemcpy(bits.data(), b, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    std::size_t bits_bad = 0, h1_bad = 0, h2_bad = 0, h3_bad = 0, h1_first = n, h2_first = n, h3_first = n;
    for (std::size_t i = 0; i < n; ++i) {
      if (bits[i] != bits_word(seed, i)) ++bits_bad;
      const double h1 = gpurng::core::curand_host::uniform_double_two_words(bits_word(seed, 2 * i), bits_word(seed, 2 * i + 1));
      const std::uint64_t t = i % 65536, c = i / 65536;
      const double h2 = gpurng::core::curand_host::uniform_double_two_words(word(seed, t, 2 * c), word(seed, t, 2 * c + 1));
      if (got[i] != h1) { ++h1_bad; if (h1_first == n) h1_first = i; }
      if (got[i] != h2) { ++h2_bad; if (h2_first == n) h2_first = i; }
      const std::uint64_t j = i / 4, w = 8 * (j / 65536) + 2 * (i % 4);
      const double h3 = gpurng::core::curand_host::uniform_double_two_words(word(seed, j % 65536, w), word(seed, j % 65536, w + 1));
      if (got[i] != h3) { ++h3_bad; if (h3_first == n) h3_first = i; }
    }
    std::printf("seed %llu: bits order differs at %zu of %zu; H1 differs at %zu (first %zu); H2 at %zu (first %zu); "
                "H3 at %zu (first %zu)\n",
                static_cast<unsigned long long>(seed), bits_bad, n, h1_bad, h1_first, h2_bad, h2_first, h3_bad, h3_first);
    std::printf("  cuRAND doubles 0..3: %.17g %.17g %.17g %.17g\n", got[0], got[1], got[2], got[3]);
  }
  return 0;
}
