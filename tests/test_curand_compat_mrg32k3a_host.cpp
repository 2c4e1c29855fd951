// curandStateMRG32k3a_t of gpurng/device/curand_compat.hpp on the CPU. Known answers: L'Ecuyer's
// RngStreams (tests/data/mrg32k3a: the first 1000 steps from the all-12345 state, which is cuRAND's
// seed 0, and the starting states of substreams and streams, which are cuRAND's subsequences of 2^76
// and sequences of 2^127 steps) with cuRAND's output conversions applied, and cuRAND's first value for
// seed 0 (545508615, shared/data/curand-seeding.md). The seeding of other seeds is checked against
// the formula in 64-bit arithmetic (x 12345 < 2^46, reduced with %); skips against stepping.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>

#include "gpurng/device/curand_compat.hpp"
#include "test_support.hpp"

namespace {

using namespace gpurng::curand_compat;
namespace core = gpurng::core;
using gpurng::test::read_csv;
using gpurng::test::to_u64;

constexpr std::uint64_t kM1 = 4294967087u, kM2 = 4294944443u;

bool same_state(const curandStateMRG32k3a_t& a, const core::mrg32k3a::State& b) {
  for (int i = 0; i < 6; ++i) {
    if (a.st.s[i] != b.s[i]) return false;
  }
  return true;
}

core::mrg32k3a::State row_state(const std::map<std::string, std::string>& row) {
  core::mrg32k3a::State st{};
  for (int i = 0; i < 6; ++i) st.s[i] = static_cast<std::uint32_t>(to_u64(row.at("s" + std::to_string(i))));
  return st;
}

TEST(CurandCompatMrg32k3a, SeedZeroIsRngStreamsDefaultWithCurandsConversions) {
  curandStateMRG32k3a_t bits, uni, dbl;
  curand_init(0, 0, 0, &bits);
  uni = bits;
  dbl = bits;
  EXPECT_EQ(curand(&bits), 545508615u);  // curand-seeding.md: cuRAND's first value for seed 0
  curand_init(0, 0, 0, &bits);
  int n = 0;
  for (const auto& row : read_csv("mrg32k3a/mrg32k3a_seed12345x6_first1000.csv").rows) {
    const std::uint64_t p1 = to_u64(row.at("p1")), p2 = to_u64(row.at("p2"));
    const std::uint64_t r = p1 > p2 ? p1 - p2 : p1 + kM1 - p2;  // in [1, m1]
    const double rd = static_cast<double>(r);
    EXPECT_EQ(curand(&bits), static_cast<std::uint32_t>(rd * 1.000000048662)) << "step " << n;
    EXPECT_EQ(curand_uniform(&uni), static_cast<float>(rd * 2.3283065498378288e-10)) << "step " << n;
    EXPECT_EQ(curand_uniform_double(&dbl), rd * 2.3283065498378288e-10) << "step " << n;
    ++n;
  }
  EXPECT_EQ(n, 1000);
}

TEST(CurandCompatMrg32k3a, SeedingFollowsCurandsFormula) {
  for (std::uint64_t seed : {1ull, 1234ull, 0x0123456789abcdefull, 0xffffffff00000000ull, ~0ull}) {
    const std::uint64_t x1 = static_cast<std::uint32_t>(seed) ^ 0x55555555u;
    const std::uint64_t x2 = static_cast<std::uint32_t>(seed >> 32) ^ 0xAAAAAAAAu;
    const core::mrg32k3a::State expected{
        {static_cast<std::uint32_t>(x1 * 12345 % kM1), static_cast<std::uint32_t>(x2 * 12345 % kM1),
         static_cast<std::uint32_t>(x1 * 12345 % kM1), static_cast<std::uint32_t>(x2 * 12345 % kM2),
         static_cast<std::uint32_t>(x1 * 12345 % kM2), static_cast<std::uint32_t>(x2 * 12345 % kM2)}};
    curandStateMRG32k3a_t s;
    curand_init(seed, 0, 0, &s);
    EXPECT_TRUE(same_state(s, expected)) << seed;
  }
}

TEST(CurandCompatMrg32k3a, SubsequencesAndSequencesAreRngStreamsSubstreamsAndStreams) {
  int substreams = 0, streams = 0;
  for (const auto& row : read_csv("mrg32k3a/rngstreams_stream_and_substream_starts.csv").rows) {
    const std::uint64_t j = to_u64(row.at("index"));
    curandStateMRG32k3a_t s;
    if (row.at("kind") == "substream_of_stream0") {
      curand_init(0, j, 0, &s);
      EXPECT_TRUE(same_state(s, row_state(row))) << "subsequence " << j;
      curand_init(0, 0, 0, &s);
      skipahead_subsequence(j, &s);
      EXPECT_TRUE(same_state(s, row_state(row))) << "skipahead_subsequence " << j;
      ++substreams;
    } else {
      curand_init(0, 0, 0, &s);
      skipahead_sequence(j, &s);
      EXPECT_TRUE(same_state(s, row_state(row))) << "sequence " << j;
      ++streams;
    }
  }
  EXPECT_EQ(substreams, 16);
  EXPECT_EQ(streams, 16);
}

TEST(CurandCompatMrg32k3a, OffsetsAndSkipsEqualDrawing) {
  for (unsigned long long n : {0ull, 1ull, 2ull, 3ull, 100ull, 1001ull}) {
    curandStateMRG32k3a_t a, b, c;
    curand_init(42, 7, 0, &a);
    b = a;
    for (unsigned long long i = 0; i < n; ++i) (void)curand(&a);
    skipahead(n, &b);
    curand_init(42, 7, n, &c);
    EXPECT_TRUE(same_state(b, a.st)) << n;
    EXPECT_TRUE(same_state(c, a.st)) << n;
  }
  // Large offsets compose; a subsequence is 2^76 steps (2^12 skips of 2^64 - 1 plus 2^12 single steps).
  curandStateMRG32k3a_t a, b;
  curand_init(42, 0, 0, &a);
  for (int i = 0; i < 4096; ++i) {
    skipahead(~0ull, &a);
    skipahead(1, &a);
  }
  curand_init(42, 1, 0, &b);
  EXPECT_TRUE(same_state(a, b.st));
}

// r = m1 (the two components' new words equal) is the one value whose scaled double exceeds
// 2^32 - 1; curand() gives 2^32 - 1 for it, as the device's saturating conversion does. Component 1
// is (1, 2, 3), so its next word is p1 = 1403580 * 2 - 810728 * 1; component 2 is (0, 1, w) with
// 527612 w = p1 (mod m2).
TEST(CurandCompatMrg32k3a, TheLargestOutputSaturates) {
  const std::uint64_t p1 = 1403580u * 2u - 810728u;
  std::uint64_t inv = 1, base = 527612, e = kM2 - 2;  // 527612^(m2 - 2) = 527612^-1 (mod m2)
  for (; e != 0; e >>= 1, base = base * base % kM2) {
    if (e & 1) inv = inv * base % kM2;
  }
  curandStateMRG32k3a_t s;
  curand_init(0, 0, 0, &s);
  s.st = core::mrg32k3a::State{{1, 2, 3, 0, 1, static_cast<std::uint32_t>(p1 * inv % kM2)}};
  curandStateMRG32k3a_t u = s;
  EXPECT_EQ(curand(&s), 0xffffffffu);
  EXPECT_EQ(s.st.s[2], s.st.s[5]);  // the step did give p1 = p2
  EXPECT_EQ(curand_uniform_double(&u), static_cast<double>(kM1) * 2.3283065498378288e-10);
}

}  // namespace
