// curandStateXORWOW_t of gpurng/device/curand_compat.hpp on the CPU: real cuRAND device-API streams
// (tests/data/curand/curand_device_api_kat.csv, made on an H100 by tools/make_curand_reference.cu),
// its jump polynomial against the core engine's matrix table (an independent skip: core::xorwow's
// M^(2^i) built by squaring the step's matrix), skips against stepping, and cuRAND's two-word double.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "gpurng/core/engines/xorwow_host.hpp"
#include "gpurng/device/curand_compat.hpp"
#include "kat_support.hpp"
#include "test_support.hpp"

namespace {

using namespace gpurng::curand_compat;
namespace core = gpurng::core;
using gpurng::test::read_csv;
using gpurng::test::to_u64;
using gpurng::test::words;

std::vector<std::uint32_t> draws(curandStateXORWOW_t s, int n) {
  std::vector<std::uint32_t> v(static_cast<std::size_t>(n));
  for (auto& x : v) x = curand(&s);
  return v;
}

bool same_state(const core::xorwow::State& a, const core::xorwow::State& b) {
  for (int i = 0; i < 5; ++i) {
    if (a.v[i] != b.v[i]) return false;
  }
  return a.d == b.d;
}

TEST(CurandCompatXorwow, CurandDeviceApiKnownAnswers) {
  int rows = 0;
  for (const auto& row : read_csv("curand/curand_device_api_kat.csv").rows) {
    if (row.at("generator") != "xorwow") continue;
    curandState_t s;
    curand_init(to_u64(row.at("seed")), to_u64(row.at("subsequence")), to_u64(row.at("offset")), &s);
    std::vector<std::uint32_t> expected;
    for (std::uint64_t w : words(row.at("outputs"))) expected.push_back(static_cast<std::uint32_t>(w));
    EXPECT_EQ(draws(s, 8), expected) << "seed " << row.at("seed") << " subsequence " << row.at("subsequence")
                                     << " offset " << row.at("offset");
    ++rows;
  }
  EXPECT_EQ(rows, 44);
}

// P(M) = 0: for every unit vector e_j, M^160 e_j = sum of low_i M^i e_j. With the basis this proves
// the polynomial annihilates M, so x^k mod P gives M^k for every k (Cayley-Hamilton's consequence).
TEST(CurandCompatXorwow, CharacteristicPolynomialAnnihilatesTheStep) {
  namespace jump = compat_detail::xorwow_jump;
  for (int j = 0; j < 160; ++j) {
    core::xorwow::State e{{0, 0, 0, 0, 0}, 0};
    e.v[j / 32] = 1u << (j % 32);
    core::xorwow::State by_poly = e;
    jump::apply(by_poly, jump::charpoly_low());  // x^160 = low (mod P)
    core::xorwow::Vec stepped{{e.v[0], e.v[1], e.v[2], e.v[3], e.v[4]}};
    for (int i = 0; i < 160; ++i) stepped = core::xorwow::xorshift_step(stepped);
    for (int w = 0; w < 5; ++w) EXPECT_EQ(by_poly.v[w], stepped.w[w]) << "unit vector " << j;
  }
}

TEST(CurandCompatXorwow, CurandInitEqualsTheCoreMatrixJumps) {
  const core::xorwow::JumpTable& t = core::xorwow::jump_table_host();
  for (std::uint64_t seed : {0ull, 1ull, 0x0123456789abcdefull, ~0ull}) {
    for (std::uint64_t sub : {0ull, 1ull, 2ull, 4095ull, 1ull << 32, 0x8000000000000005ull, ~0ull}) {
      for (std::uint64_t off : {0ull, 1ull, 3ull, 160ull, 1000ull, (1ull << 40) + 3, 0x8000000000003039ull, ~0ull}) {
        curandStateXORWOW_t s;
        curand_init(seed, sub, off, &s);
        EXPECT_TRUE(same_state(s.st, core::xorwow::stream_state(t, seed, sub, off)))
            << "seed " << seed << " subsequence " << sub << " offset " << off;
        EXPECT_EQ(s.boxmuller_flag, 0);
        EXPECT_EQ(s.boxmuller_flag_double, 0);
      }
    }
  }
}

TEST(CurandCompatXorwow, SkipaheadEqualsDrawing) {
  for (unsigned long long n : {0ull, 1ull, 2ull, 5ull, 159ull, 160ull, 161ull, 1000ull}) {
    curandStateXORWOW_t a, b;
    curand_init(7, 3, 11, &a);
    b = a;
    for (unsigned long long i = 0; i < n; ++i) (void)curand(&a);
    skipahead(n, &b);
    EXPECT_TRUE(same_state(a.st, b.st)) << n;
  }
  // Large skips compose, and agree with curand_init's offset (the Weyl counter moves mod 2^32).
  curandStateXORWOW_t a, b;
  curand_init(99, 5, 0, &a);
  skipahead(0xfedcba9876543210ull, &a);
  skipahead((1ull << 32) + 17, &a);
  curand_init(99, 5, 0xfedcba9876543210ull + (1ull << 32) + 17, &b);
  EXPECT_TRUE(same_state(a.st, b.st));
}

TEST(CurandCompatXorwow, SkipaheadSequenceMovesWholeSubsequences) {
  const core::xorwow::JumpTable& t = core::xorwow::jump_table_host();
  curandStateXORWOW_t a, b;
  curand_init(11, 5, 6, &a);
  skipahead_sequence(1000, &a);
  curand_init(11, 1005, 6, &b);
  EXPECT_TRUE(same_state(a.st, b.st));
  // n * 2^67 steps for any 64-bit n: the core's matrix table says where that is.
  for (std::uint64_t n : {1ull, 3ull, 1ull << 40, 0x8000000000000001ull, ~0ull}) {
    curand_init(11, 0, 6, &a);
    skipahead_sequence(n, &a);
    core::xorwow::State expected = core::xorwow::stream_state(t, 11, 0, 6);
    core::xorwow::skip_streams(expected, t, n);
    EXPECT_TRUE(same_state(a.st, expected)) << n;
  }
  // A subsequence jump leaves the Weyl counter alone.
  curand_init(11, 0, 6, &b);
  EXPECT_EQ(a.st.d, b.st.d);
}

TEST(CurandCompatXorwow, UniformsAreCurandsConversions) {
  curandStateXORWOW_t a, b;
  curand_init(1234, 2, 3, &a);
  b = a;
  for (int i = 0; i < 1000; ++i) {
    const std::uint32_t x = curand(&b);
    EXPECT_EQ(curand_uniform(&a), static_cast<float>(x) * 0x1p-32f + 0x1p-33f);
  }
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t x = curand(&b);
    const std::uint64_t y = curand(&b);
    const double u = curand_uniform_double(&a);
    // (x ^ y << 21) has 53 bits; the sum rounds once (ties to even).
    EXPECT_EQ(u, static_cast<double>(x ^ (y << 21)) * 0x1p-53 + 0x1p-54);
    EXPECT_GT(u, 0.0);
    EXPECT_LE(u, 1.0);
  }
  EXPECT_EQ(draws(a, 5), draws(b, 5));  // the same number of words consumed
}

}  // namespace
