// gpurng/device/curand_compat.hpp on the CPU (its functions are __host__ __device__): cuRAND's
// documented first Philox block, and the same values as the host engine philox4x32-10, whose stream s
// is curand_init(seed, s, 0), at offsets, after skipahead and skipahead_sequence. The device test
// (test_cuda_curand_compat.cu) compares it with cuRAND itself.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "gpurng/device/curand_compat.hpp"
#include "gpurng/gpurng.hpp"

namespace {

using namespace gpurng::curand_compat;

std::vector<std::uint32_t> engine_bits(std::uint64_t seed, std::uint64_t stream, std::uint64_t offset, std::size_t n) {
  gpurng::Generator g(gpurng::Engine::philox4x32_10, gpurng::Backend::cpu);
  g.seed(seed);
  g.select_stream(stream);
  g.offset(offset);
  std::vector<std::uint32_t> v(n);
  g.generate_bits(v.data(), n);
  return v;
}

std::vector<std::uint32_t> compat_bits(curandStatePhilox4_32_10_t s, std::size_t n) {
  std::vector<std::uint32_t> v(n);
  for (auto& x : v) x = curand(&s);
  return v;
}

TEST(CurandCompat, SeedZeroGivesTheDocumentedFirstBlock) {
  curandStatePhilox4_32_10_t s;
  curand_init(0, 0, 0, &s);
  EXPECT_EQ(compat_bits(s, 4), (std::vector<std::uint32_t>{0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}));
}

TEST(CurandCompat, CurandInitIsTheEngineStreamAtAnOffset) {
  for (std::uint64_t seed : {0ull, 42ull, 0x123456789abcdefull, ~0ull}) {
    for (std::uint64_t stream : {0ull, 1ull, 977ull, 1ull << 40, ~0ull}) {
      for (std::uint64_t offset : {0ull, 1ull, 3ull, 4ull, 5ull, 1001ull, (1ull << 62) + 7}) {
        curandStatePhilox4_32_10_t s;
        curand_init(seed, stream, offset, &s);
        EXPECT_EQ(compat_bits(s, 37), engine_bits(seed, stream, offset, 37))
            << "seed " << seed << " stream " << stream << " offset " << offset;
      }
    }
  }
}

TEST(CurandCompat, SkipaheadEqualsDrawing) {
  for (unsigned long long n : {0ull, 1ull, 2ull, 3ull, 4ull, 7ull, 100ull, 4099ull}) {
    for (unsigned long long pre : {0ull, 1ull, 2ull, 3ull}) {
      curandStatePhilox4_32_10_t a, b;
      curand_init(7, 3, 0, &a);
      for (unsigned long long i = 0; i < pre; ++i) (void)curand(&a);
      b = a;
      for (unsigned long long i = 0; i < n; ++i) (void)curand(&a);
      skipahead(n, &b);
      EXPECT_EQ(compat_bits(a, 9), compat_bits(b, 9)) << "n " << n << " after " << pre;
    }
  }
  // A skip that carries across the counter's words: the engine's offset arithmetic agrees.
  curandStatePhilox4_32_10_t s;
  curand_init(5, 2, 0, &s);
  skipahead((1ull << 34) + 1, &s);
  skipahead((1ull << 34) - 1, &s);
  EXPECT_EQ(compat_bits(s, 8), engine_bits(5, 2, 1ull << 35, 8));
}

TEST(CurandCompat, SkipaheadSequenceMovesWholeSubsequences) {
  curandStatePhilox4_32_10_t a, b;
  curand_init(11, 5, 6, &a);
  skipahead_sequence(1000, &a);
  curand_init(11, 1005, 6, &b);
  EXPECT_EQ(compat_bits(a, 12), compat_bits(b, 12));
  // The subsequence number wraps modulo 2^64, as the counter's upper half does.
  curand_init(11, ~0ull, 0, &a);
  skipahead_sequence(2, &a);
  curand_init(11, 1, 0, &b);
  EXPECT_EQ(compat_bits(a, 4), compat_bits(b, 4));
}

TEST(CurandCompat, UniformsAreCurandsConversions) {
  curandStatePhilox4_32_10_t a, b;
  curand_init(9, 1, 0, &a);
  b = a;
  for (int i = 0; i < 1000; ++i) {
    const std::uint32_t x = curand(&b);
    const float f = curand_uniform(&a);
    EXPECT_EQ(f, static_cast<float>(x) * 0x1p-32f + 0x1p-33f);
    EXPECT_GT(f, 0.0f);
    EXPECT_LE(f, 1.0f);
  }
  for (int i = 0; i < 1000; ++i) {
    const std::uint32_t x = curand(&b);
    EXPECT_EQ(curand_uniform_double(&a), static_cast<double>(x) * 0x1p-32 + 0x1p-32);
  }
}

}  // namespace
