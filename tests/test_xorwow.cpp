// XORWOW as cuRAND has it (core/engines/xorwow.hpp): Marsaglia's published xorwow outputs, cuRAND's
// seeding, and real cuRAND device-API streams after curand_init(seed, subsequence, offset) (made on an
// H100 by tools/make_curand_reference.cu); skip-ahead against stepping; the period; a chi-square.
#include <gtest/gtest.h>

#include "gpurng/core/engines/xorwow_host.hpp"
#include "kat_support.hpp"
#include "test_support.hpp"

using namespace gpurng::core;
using namespace gpurng::core::xorwow;
using gpurng::test::read_csv;
using gpurng::test::to_u64;
using gpurng::test::words;

namespace {

bool same(const State& a, const State& b) {
  for (int i = 0; i < 5; ++i) {
    if (a.v[i] != b.v[i]) return false;
  }
  return a.d == b.d;
}

}  // namespace

TEST(Xorwow, MarsagliasPublishedOutputs) {
  State st{{123456789u, 362436069u, 521288629u, 88675123u, 5783321u}, 6615241u};
  std::uint64_t n = 0;
  int checked = 0;
  for (const auto& row : read_csv("marsaglia/xorshift_marsaglia2003_kat.csv").rows) {
    if (row.at("generator") != "xorwow_paper_seeds") continue;
    for (; n < to_u64(row.at("n")); ++n) next(st);
    EXPECT_EQ(next(st), to_u64(row.at("output"))) << "n " << n;
    ++n;
    ++checked;
  }
  EXPECT_EQ(checked, 101);
}

// curand-seeding.md's worked example: seed 0 gives this state (not Marsaglia's published one).
TEST(Xorwow, CurandSeedingOfSeedZero) {
  const State st = seed_state(0);
  EXPECT_TRUE(same(st, State{{1478573778u, 1163863128u, 4171507460u, 3705206908u, 1360900310u}, 716983765u}));
}

TEST(Xorwow, CurandDeviceApiStreams) {
  int rows = 0;
  for (const auto& row : read_csv("curand/curand_device_api_kat.csv").rows) {
    if (row.at("generator") != "xorwow") continue;
    const std::uint64_t seed = to_u64(row.at("seed"));
    const std::uint64_t stream = to_u64(row.at("subsequence"));
    const std::uint64_t offset = to_u64(row.at("offset"));
    State st = stream_state(jump_table_host(), seed, stream, offset);
    Engine g(seed, stream, jump_table_host());
    g.discard(offset);
    for (std::uint64_t expected : words(row.at("outputs"))) {
      EXPECT_EQ(next(st), expected) << "seed " << seed << " stream " << stream << " offset " << offset;
      EXPECT_EQ(g(), expected);
    }
    ++rows;
  }
  EXPECT_EQ(rows, 44);
}

TEST(Xorwow, SkipIsStepping) {
  const JumpTable& t = jump_table_host();
  const State start = stream_state(t, 5489, 3, 0);
  for (std::uint64_t k : {0ull, 1ull, 7ull, 1000ull}) {
    State stepped = start;
    for (std::uint64_t i = 0; i < k; ++i) next(stepped);
    State skipped = start;
    skip(skipped, t, k);
    EXPECT_TRUE(same(skipped, stepped)) << k;
  }
  // skip(a) then skip(b) == skip(a + b) for large a, b; streams compose the same way.
  const std::uint64_t a = 0x0123456789abcdefull, b = 0x7edcba9876543210ull;
  State ab = start, sum = start;
  skip(ab, t, a);
  skip(ab, t, b);
  skip(sum, t, a + b);
  EXPECT_TRUE(same(ab, sum));
  State s1 = start, s2 = start;
  skip_streams(s1, t, 0x123456789ull);
  skip_streams(s1, t, 0x0fedcba987654321ull);
  skip_streams(s2, t, 0x123456789ull + 0x0fedcba987654321ull);
  EXPECT_TRUE(same(s1, s2));
  // One stream is 2^67 steps: sixteen skips of 2^63 (the Weyl counter too returns, 2^67 * 362437 = 0
  // mod 2^32).
  State by_steps = start, by_stream = start;
  for (int i = 0; i < 16; ++i) skip(by_steps, t, 1ull << 63);
  skip_streams(by_stream, t, 1);
  EXPECT_TRUE(same(by_steps, by_stream));
}

// The xorshift part has period 2^160 - 1 (Marsaglia): M^(2^160) = M, so M^(2^160) v = M v for every
// v; the table's M^(2^130) squared 30 more times shows it on the basis vectors.
TEST(Xorwow, XorshiftPartHasPeriodDividing2To160Minus1) {
  Matrix m = jump_table_host().pow2[kTablePowers - 1];
  for (int i = kTablePowers - 1; i < 160; ++i) m = gf2::multiply(m, m);
  const Matrix& one_step = jump_table_host().pow2[0];
  for (int j = 0; j < 160; ++j) {
    for (int w = 0; w < 5; ++w) EXPECT_EQ(m.col[j].w[w], one_step.col[j].w[w]) << "column " << j;
  }
}

TEST(Xorwow, TopBytesAreUniform) {
  Engine g(1234, 0, jump_table_host());
  EXPECT_GT(gpurng::test::top_byte_p_value(g, gpurng::test::kStatValues, 32), gpurng::test::kMinPValue);
}
