// curandStatePhilox4_32_10_t of gpurng/device/curand_compat.hpp on the CPU (its functions are
// __host__ __device__): cuRAND's documented first Philox block and its device-API streams
// (tests/data/curand/curand_device_api_kat.csv, made on an H100), the same values as the host engine
// philox4x32-10, whose stream s is curand_init(seed, s, 0), at offsets, after skipahead and
// skipahead_sequence; curand4 and the functions built on it. XORWOW, MRG32k3a and the normals have
// their own files (test_curand_compat_*_host.cpp) in this executable. The device test
// (test_cuda_curand_compat.cu) compares every function with cuRAND itself.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "gpurng/device/curand_compat.hpp"
#include "gpurng/gpurng.hpp"
#include "kat_support.hpp"
#include "test_support.hpp"

namespace {

using namespace gpurng::curand_compat;
using gpurng::test::read_csv;
using gpurng::test::to_u64;
using gpurng::test::words;

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

TEST(CurandCompat, CurandDeviceApiKnownAnswers) {
  int rows = 0;
  for (const auto& row : read_csv("curand/curand_device_api_kat.csv").rows) {
    if (row.at("generator") != "philox4_32_10") continue;
    curandStatePhilox4_32_10_t s;
    curand_init(to_u64(row.at("seed")), to_u64(row.at("subsequence")), to_u64(row.at("offset")), &s);
    std::vector<std::uint32_t> expected;
    for (std::uint64_t w : words(row.at("outputs"))) expected.push_back(static_cast<std::uint32_t>(w));
    EXPECT_EQ(compat_bits(s, 8), expected) << "seed " << row.at("seed") << " subsequence " << row.at("subsequence")
                                           << " offset " << row.at("offset");
    ++rows;
  }
  EXPECT_EQ(rows, 44);
}

// curand4 from every position in the block: the next four words and the same state as four curand().
TEST(CurandCompat, Curand4IsFourCurandCalls) {
  for (unsigned long long offset : {0ull, 1ull, 2ull, 3ull, 4ull, (1ull << 34) + 2}) {
    curandStatePhilox4_32_10_t a, b;
    curand_init(77, 5, offset, &a);
    b = a;
    for (int round = 0; round < 3; ++round) {
      const uint4 q = curand4(&a);
      const std::vector<std::uint32_t> four = {curand(&b), curand(&b), curand(&b), curand(&b)};
      EXPECT_EQ((std::vector<std::uint32_t>{q.x, q.y, q.z, q.w}), four) << "offset " << offset;
      EXPECT_EQ(a.state, b.state);
    }
    EXPECT_EQ(compat_bits(a, 9), compat_bits(b, 9)) << "offset " << offset;
  }
}

TEST(CurandCompat, FourWideUniformsUseCurand4sWords) {
  curandStatePhilox4_32_10_t a, b;
  curand_init(3, 1, 2, &a);
  b = a;
  for (int i = 0; i < 100; ++i) {
    const float4 f = curand_uniform4(&a);
    const uint4 q = curand4(&b);
    EXPECT_EQ(f.x, static_cast<float>(q.x) * 0x1p-32f + 0x1p-33f);
    EXPECT_EQ(f.y, static_cast<float>(q.y) * 0x1p-32f + 0x1p-33f);
    EXPECT_EQ(f.z, static_cast<float>(q.z) * 0x1p-32f + 0x1p-33f);
    EXPECT_EQ(f.w, static_cast<float>(q.w) * 0x1p-32f + 0x1p-33f);
  }
  for (int i = 0; i < 100; ++i) {
    const double2 d = curand_uniform2_double(&a);
    const uint4 q = curand4(&b);
    EXPECT_EQ(d.x, static_cast<double>(q.x ^ (static_cast<std::uint64_t>(q.y) << 21)) * 0x1p-53 + 0x1p-54);
    EXPECT_EQ(d.y, static_cast<double>(q.z ^ (static_cast<std::uint64_t>(q.w) << 21)) * 0x1p-53 + 0x1p-54);
  }
  EXPECT_EQ(compat_bits(a, 5), compat_bits(b, 5));
}

// curand_normal4 is the two pairs (x, y), (z, w) of one curand4: the same as two curand_normal2;
// curand_log_normal4 likewise.
TEST(CurandCompat, NormalFourIsTwoPairsOfCurand4) {
  curandStatePhilox4_32_10_t a, b, c, d;
  curand_init(8, 0, 1, &a);
  b = c = d = a;
  for (int i = 0; i < 100; ++i) {
    const float4 z = curand_normal4(&a);
    const float2 p = curand_normal2(&b), q = curand_normal2(&b);
    EXPECT_EQ(z.x, p.x);
    EXPECT_EQ(z.y, p.y);
    EXPECT_EQ(z.z, q.x);
    EXPECT_EQ(z.w, q.y);
    const float4 ln = curand_log_normal4(&c, 1.0f, 0.5f);
    const float2 r = curand_log_normal2(&d, 1.0f, 0.5f), t = curand_log_normal2(&d, 1.0f, 0.5f);
    EXPECT_EQ(ln.x, r.x);
    EXPECT_EQ(ln.y, r.y);
    EXPECT_EQ(ln.z, t.x);
    EXPECT_EQ(ln.w, t.y);
  }
  EXPECT_EQ(compat_bits(a, 5), compat_bits(b, 5));
  EXPECT_EQ(compat_bits(c, 5), compat_bits(d, 5));
}

}  // namespace
