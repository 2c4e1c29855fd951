// MRG32k3a core math against RngStreams' published numbers, and skip-ahead properties.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "gpurng/core/engines/mrg32k3a.hpp"
#include "test_support.hpp"

namespace mrg = gpurng::core::mrg32k3a;
using gpurng::core::Mat3;
using gpurng::test::read_csv;
using gpurng::test::to_double;
using gpurng::test::to_u64;

namespace {

mrg::State state_of(const std::map<std::string, std::string>& row, const char* prefix) {
  mrg::State st{};
  for (int i = 0; i < 6; ++i) st.s[i] = static_cast<std::uint32_t>(to_u64(row.at(prefix + std::to_string(i))));
  return st;
}

bool same(const mrg::State& a, const mrg::State& b) {
  for (int i = 0; i < 6; ++i) {
    if (a.s[i] != b.s[i]) return false;
  }
  return true;
}

// A^k by binary exponentiation: an independent route to the base-8 tables.
template <class Mod>
Mat3 power(Mat3 a, std::uint64_t k) {
  Mat3 r = gpurng::core::mat3_identity<Mod>();
  for (; k != 0; k >>= 1) {
    if (k & 1) r = gpurng::core::mat3_mul<Mod>(r, a);
    a = gpurng::core::mat3_mul<Mod>(a, a);
  }
  return r;
}

mrg::State skip_by_binary_powers(mrg::State st, std::uint64_t k) {
  const Mat3 a1 = power<mrg::Mod1>(mrg::one_step_matrix(0), k);
  const Mat3 a2 = power<mrg::Mod2>(mrg::one_step_matrix(1), k);
  const auto v1 = gpurng::core::mat3_apply<mrg::Mod1>(a1, {{st.s[0], st.s[1], st.s[2]}});
  const auto v2 = gpurng::core::mat3_apply<mrg::Mod2>(a2, {{st.s[3], st.s[4], st.s[5]}});
  return mrg::State{{v1.v[0], v1.v[1], v1.v[2], v2.v[0], v2.v[1], v2.v[2]}};
}

Mat3 matrix_from_csv(const gpurng::test::Csv& csv, const std::string& name) {
  Mat3 m{};
  int rows = 0;
  for (const auto& row : csv.rows) {
    if (row.at("matrix") != name) continue;
    const int r = std::stoi(row.at("row"));
    for (int c = 0; c < 3; ++c) m.a[3 * r + c] = static_cast<std::uint32_t>(to_u64(row.at("c" + std::to_string(c))));
    ++rows;
  }
  if (rows != 3) throw std::runtime_error("matrix " + name + " not found in the CSV");
  return m;
}

void expect_matrix_eq(const Mat3& a, const Mat3& b, const std::string& what) {
  for (int i = 0; i < 9; ++i) EXPECT_EQ(a.a[i], b.a[i]) << what << " entry " << i;
}

}  // namespace

TEST(Mrg32k3aConstants, MatchPublishedValues) {
  const auto csv = read_csv("mrg32k3a/mrg32k3a_constants.csv");
  std::map<std::string, std::string> v;
  for (const auto& row : csv.rows) v[row.at("name")] = row.at("value");
  EXPECT_EQ(mrg::m1, to_u64(v.at("m1")));
  EXPECT_EQ(mrg::m2, to_u64(v.at("m2")));
  EXPECT_EQ(mrg::a12, to_u64(v.at("a12")));
  EXPECT_EQ(mrg::a13n, to_u64(v.at("a13n")));
  EXPECT_EQ(mrg::a21, to_u64(v.at("a21")));
  EXPECT_EQ(mrg::a23n, to_u64(v.at("a23n")));
  EXPECT_EQ(mrg::norm, to_double(v.at("norm_rngstreams")));
}

TEST(Mrg32k3aJumpTables, MatchPublishedMatrixPowers) {
  const auto csv = read_csv("mrg32k3a/mrg32k3a_matrices.csv");
  const auto& t = mrg::jump_tables();
  expect_matrix_eq(mrg::one_step_matrix(0), matrix_from_csv(csv, "A1"), "A1");
  expect_matrix_eq(mrg::one_step_matrix(1), matrix_from_csv(csv, "A2"), "A2");
  // 2^64 = 2 * 8^21: digit 21, g = 2.
  expect_matrix_eq(t.step[0].m[21][1], matrix_from_csv(csv, "A1^(2^64)"), "A1^(2^64)");
  expect_matrix_eq(t.step[1].m[21][1], matrix_from_csv(csv, "A2^(2^64)"), "A2^(2^64)");
  expect_matrix_eq(t.substream[0].m[0][0], matrix_from_csv(csv, "A1^(2^76)"), "A1^(2^76)");
  expect_matrix_eq(t.substream[1].m[0][0], matrix_from_csv(csv, "A2^(2^76)"), "A2^(2^76)");
  expect_matrix_eq(t.stream[0].m[0][0], matrix_from_csv(csv, "A1^(2^127)"), "A1^(2^127)");
  expect_matrix_eq(t.stream[1].m[0][0], matrix_from_csv(csv, "A2^(2^127)"), "A2^(2^127)");
  expect_matrix_eq(gpurng::core::mat3_pow2<mrg::Mod1>(mrg::one_step_matrix(0), 67), matrix_from_csv(csv, "A1^(2^67)"),
                   "A1^(2^67)");
  expect_matrix_eq(gpurng::core::mat3_pow2<mrg::Mod2>(mrg::one_step_matrix(1), 67), matrix_from_csv(csv, "A2^(2^67)"),
                   "A2^(2^67)");
  // A * A^-1 = I proves the published inverses against our multiplication.
  expect_matrix_eq(gpurng::core::mat3_mul<mrg::Mod1>(mrg::one_step_matrix(0), matrix_from_csv(csv, "A1_inv")),
                   gpurng::core::mat3_identity<mrg::Mod1>(), "A1*A1^-1");
}

TEST(Mrg32k3aJumpTables, EveryEntryIsTheBinaryPower) {
  const auto& t = mrg::jump_tables();
  for (int k = 0; k < mrg::kJumpDigits; ++k) {
    for (int g = 1; g <= 7; ++g) {
      const std::uint64_t e = static_cast<std::uint64_t>(g) << (3 * k);
      if (k == 21 && g > 1) continue;  // g * 2^63 does not fit 64 bits; 2 * 8^21 is checked against A^(2^64)
      expect_matrix_eq(t.step[0].m[k][g - 1], power<mrg::Mod1>(mrg::one_step_matrix(0), e), "step table 1");
      expect_matrix_eq(t.step[1].m[k][g - 1], power<mrg::Mod2>(mrg::one_step_matrix(1), e), "step table 2");
    }
  }
}

// The short table the CUDA fill kernels' threads skip with (three base-512 digits): its entries are
// the binary powers, and a short skip lands where the octal skip does, for distances with every
// digit pattern below the limit (zero digits, the largest digit, single digits, random ones).
TEST(Mrg32k3aJumpTables, ShortTableEntriesAndSkipsAgreeWithTheOctalTable) {
  static const mrg::ShortJumpTables t = mrg::make_short_jump_tables();
  for (int k = 0; k < mrg::kShortJumpDigits; ++k) {
    for (int g : {1, 2, 7, 64, 255, 511}) {
      const std::uint64_t e = static_cast<std::uint64_t>(g) << (mrg::kShortJumpBits * k);
      expect_matrix_eq(t.step[0].m[k][g - 1], power<mrg::Mod1>(mrg::one_step_matrix(0), e), "short table 1");
      expect_matrix_eq(t.step[1].m[k][g - 1], power<mrg::Mod2>(mrg::one_step_matrix(1), e), "short table 2");
    }
  }
  std::vector<std::uint64_t> ks = {0, 1, 511, 512, 513, 262143, 262144, 1u << 26, mrg::kShortJumpLimit - 1};
  std::uint64_t x = 12345;
  for (int i = 0; i < 200; ++i) ks.push_back(gpurng::core::splitmix64_step(x) % mrg::kShortJumpLimit);
  const mrg::State start = mrg::state_from_seed(2026);
  for (const std::uint64_t k : ks) {
    mrg::State a = start, b = start;
    mrg::skip(a, k);
    mrg::skip_short(b, k, t);
    for (int w = 0; w < 6; ++w) ASSERT_EQ(a.s[w], b.s[w]) << "k=" << k << " word " << w;
  }
  // And a short skip against stepping.
  mrg::State a = start, b = start;
  mrg::skip_short(a, 1000, t);
  for (int i = 0; i < 1000; ++i) mrg::next(b);
  for (int w = 0; w < 6; ++w) EXPECT_EQ(a.s[w], b.s[w]);
}

TEST(Mrg32k3aSequence, First1000FromDefaultStateMatchRngStreams) {
  const auto csv = read_csv("mrg32k3a/mrg32k3a_seed12345x6_first1000.csv");
  ASSERT_EQ(csv.rows.size(), 1000u);
  mrg::State st = mrg::default_state();
  for (const auto& row : csv.rows) {
    const std::uint32_t r = mrg::next(st);
    const std::uint64_t p1 = to_u64(row.at("p1")), p2 = to_u64(row.at("p2"));
    ASSERT_EQ(st.s[2], p1) << "n=" << row.at("n");
    ASSERT_EQ(st.s[5], p2) << "n=" << row.at("n");
    // The published output is the difference mod m1 (zero represented by m1).
    const std::uint64_t z = (p1 + mrg::m1 - p2) % mrg::m1;
    ASSERT_EQ(mrg::to_bits(r), z);
    ASSERT_EQ(r, z == 0 ? mrg::m1 : z);
    ASSERT_EQ(mrg::to_uniform_double(r), to_double(row.at("u01_hex"))) << "n=" << row.at("n");
    ASSERT_EQ(mrg::to_uniform_float(r), static_cast<float>(to_double(row.at("u01_hex"))));
  }
}

TEST(Mrg32k3aStreams, StreamAndSubstreamStartsMatchRngStreams) {
  const auto csv = read_csv("mrg32k3a/rngstreams_stream_and_substream_starts.csv");
  int checked = 0;
  for (const auto& row : csv.rows) {
    mrg::State st = mrg::default_state();
    const std::uint64_t index = to_u64(row.at("index"));
    if (row.at("kind") == "stream") {
      mrg::skip_streams(st, index);
    } else {
      mrg::skip_substreams(st, index);
    }
    EXPECT_TRUE(same(st, state_of(row, "s"))) << row.at("kind") << " " << index;
    ++checked;
  }
  EXPECT_EQ(checked, 32);
}

TEST(Mrg32k3aStreams, SecondTestOfRngStreams) {
  const auto csv = read_csv("mrg32k3a/rngstreams_test2_checks.csv");
  std::map<std::string, std::map<std::string, std::string>> c;
  for (const auto& row : csv.rows) c[row.at("check_id")] = row;
  auto values = [&](const std::string& id) {
    std::vector<double> v;
    for (int i = 1; i <= 6; ++i) {
      const std::string& s = c.at(id).at("v" + std::to_string(i));
      if (!s.empty()) v.push_back(to_double(s));
    }
    return v;
  };
  auto state_row = [&](const std::string& id) {
    const auto v = values(id);
    mrg::State st{};
    for (int i = 0; i < 6; ++i) st.s[i] = static_cast<std::uint32_t>(v.at(i));
    return st;
  };
  auto u01 = [](mrg::State& st) { return mrg::to_uniform_double(mrg::next(st)); };
  // RngStreams' increased-precision uniform: u + u' * 2^-24, wrapped into [0, 1).
  auto u01d = [&](mrg::State& st) {
    double u = u01(st);
    u += u01(st) * 5.9604644775390625e-08;
    return u < 1.0 ? u : u - 1.0;
  };
  auto near13 = [](double got, double printed) { return std::fabs(got - printed) <= 5e-13 * std::max(1.0, std::fabs(printed)); };

  const mrg::State g1 = mrg::default_state();
  mrg::State g2 = g1, g3 = g1;
  mrg::skip_streams(g2, 1);
  mrg::skip_streams(g3, 2);
  EXPECT_TRUE(same(g2, state_row("t2_g2_initial_state")));
  EXPECT_TRUE(same(g3, state_row("t2_g3_initial_state")));

  // 35 steps by the matrix jump and one by one.
  mrg::State a = g1, b = g1;
  mrg::skip(a, 35);
  for (int i = 0; i < 35; ++i) mrg::next(b);
  EXPECT_TRUE(same(a, state_row("t2_g1_state_after_advance_2^5+3")));
  EXPECT_TRUE(same(b, state_row("t2_g1_state_after_35_single_steps")));
  EXPECT_TRUE(near13(u01(a), values("t2_g1_next_u01")[0]));

  // 35 integers in [1, 10]: 1 + floor(10 u).
  mrg::State r = g1;
  int sum = 0;
  for (int i = 0; i < 35; ++i) sum += 1 + static_cast<int>(10.0 * u01(r));
  EXPECT_EQ(sum, static_cast<int>(values("t2_g1_sum_35_randint_1_10")[0]));

  // Outputs 2..101 of stream 3.
  mrg::State s3 = g3;
  u01(s3);
  double sum100 = 0;
  for (int i = 0; i < 100; ++i) sum100 += u01(s3);
  EXPECT_TRUE(near13(sum100, values("t2_g3_sum_of_outputs_2_to_101")[0])) << sum100;

  mrg::State s3b = g3;
  const auto first5 = values("t2_g3_first5_after_reset");
  for (double want : first5) EXPECT_TRUE(near13(u01(s3b), want));

  mrg::State s3c = g3;
  mrg::skip_substreams(s3c, 4);
  const auto sub4 = values("t2_g3_first5_of_substream4");
  for (double want : sub4) EXPECT_TRUE(near13(u01(s3c), want));
  u01(s3c);  // sixth value, drawn before the antithetic sum
  double anti = 0;
  for (int i = 0; i < 100000; ++i) anti += 1.0 - u01(s3c);
  EXPECT_TRUE(std::fabs(anti - values("t2_g3_sum_100000_antithetic")[0]) < 1e-7) << anti;

  mrg::State s2 = g2;
  double sumd = 0;
  for (int i = 0; i < 100000; ++i) sumd += u01d(s2);
  EXPECT_TRUE(std::fabs(sumd - values("t2_g2_sum_100000_incprec_from_stream_start")[0]) < 1e-7) << sumd;

  // Package seed 1 x6: stream starts.
  const mrg::State p = {{1, 1, 1, 1, 1, 1}};
  for (int i = 1; i <= 3; ++i) {
    mrg::State st = p;
    mrg::skip_streams(st, static_cast<std::uint64_t>(i));
    const char* ids[] = {"", "t2_packageseed1_stream1_initial_state", "t2_packageseed1_stream2_initial_state",
                         "t2_packageseed1_stream3_initial_state"};
    EXPECT_TRUE(same(st, state_row(ids[i]))) << i;
  }
}

TEST(Mrg32k3aSkip, SkipThenNEqualsSteppingForSmallK) {
  for (std::uint64_t k : {0ull, 1ull, 2ull, 7ull, 8ull, 9ull, 31ull, 32ull, 63ull, 64ull, 511ull, 512ull, 1000ull,
                          123457ull, (1ull << 20) + 3}) {
    mrg::State jumped = mrg::default_state(), stepped = mrg::default_state();
    mrg::skip(jumped, k);
    for (std::uint64_t i = 0; i < k; ++i) mrg::next(stepped);
    for (int i = 0; i < 16; ++i) ASSERT_EQ(mrg::next(jumped), mrg::next(stepped)) << "k=" << k << " i=" << i;
  }
}

TEST(Mrg32k3aSkip, LargeSkipsEqualBinaryMatrixPowers) {
  std::mt19937_64 rng(2024);
  std::vector<std::uint64_t> ks = {(1ull << 32) - 1, (1ull << 40) + 7, 1ull << 63, ~0ull, ~0ull - 1, 0x5555555555555555ull};
  for (int i = 0; i < 50; ++i) ks.push_back(rng());
  const mrg::State start = mrg::state_from_seed(77);
  for (std::uint64_t k : ks) {
    mrg::State st = start;
    mrg::skip(st, k);
    EXPECT_TRUE(same(st, skip_by_binary_powers(start, k))) << "k=" << k;
  }
}

TEST(Mrg32k3aSkip, SkipsCompose) {
  std::mt19937_64 rng(7);
  for (int i = 0; i < 100; ++i) {
    const std::uint64_t a = rng() >> 1, b = rng() >> 1;  // a + b < 2^64
    mrg::State x = mrg::default_state(), y = mrg::default_state();
    mrg::skip(x, a);
    mrg::skip(x, b);
    mrg::skip(y, a + b);
    EXPECT_TRUE(same(x, y)) << a << " + " << b;
  }
  // 2^51 substreams of 2^76 steps are one stream of 2^127 steps.
  mrg::State s = mrg::default_state(), t = mrg::default_state();
  mrg::skip_substreams(s, 1ull << 51);
  mrg::skip_streams(t, 1);
  EXPECT_TRUE(same(s, t));
  // 2^12 skips of 2^64 steps are one substream of 2^76.
  mrg::State u = mrg::default_state(), v = mrg::default_state();
  for (int i = 0; i < 4096; ++i) {
    mrg::skip(u, 1ull << 63);
    mrg::skip(u, 1ull << 63);
  }
  mrg::skip_substreams(v, 1);
  EXPECT_TRUE(same(u, v));
}

TEST(Mrg32k3aSeeding, SeedMappingIsTheDocumentedSplitMix64) {
  // SplitMix64 from state 0: first outputs 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f
  // (Vigna's reference splitmix64.c), reduced mod m1 for words 0..2.
  const mrg::State st = mrg::state_from_seed(0);
  EXPECT_EQ(st.s[0], 0xe220a8397b1dcdafull % mrg::m1);
  EXPECT_EQ(st.s[1], 0x6e789e6aa1b965f4ull % mrg::m1);
  EXPECT_EQ(st.s[2], 0x06c45d188009454full % mrg::m1);
  for (std::uint64_t seed : {0ull, 1ull, 12345ull, ~0ull}) EXPECT_TRUE(mrg::is_valid(mrg::state_from_seed(seed)));
  EXPECT_FALSE(same(mrg::state_from_seed(1), mrg::state_from_seed(2)));
}

TEST(Mrg32k3aSeeding, ValidityRules) {
  EXPECT_TRUE(mrg::is_valid(mrg::default_state()));
  EXPECT_FALSE(mrg::is_valid(mrg::State{{0, 0, 0, 1, 2, 3}}));
  EXPECT_FALSE(mrg::is_valid(mrg::State{{1, 2, 3, 0, 0, 0}}));
  EXPECT_FALSE(mrg::is_valid(mrg::State{{mrg::m1, 2, 3, 4, 5, 6}}));
  EXPECT_FALSE(mrg::is_valid(mrg::State{{1, 2, 3, 4, 5, mrg::m2}}));
  EXPECT_TRUE(mrg::is_valid(mrg::State{{mrg::m1 - 1, 0, 0, 0, 0, mrg::m2 - 1}}));
}

TEST(Mrg32k3aReduction, StepReductionsEqualTheRemainderForEvery54BitInput) {
  // The step's 32-bit reductions take branches that occur about once in 2^32 steps, so they are
  // checked directly: random inputs, the edges of every branch, and the largest input.
  std::mt19937_64 rng(54);
  std::vector<std::uint64_t> t = {0, 1, mrg::m1 - 1, mrg::m1, mrg::m1 + 1, mrg::m2 - 1, mrg::m2, mrg::m2 + 1,
                                  (1ull << 32) - 1, 1ull << 32, (1ull << 54) - 1};
  for (std::uint64_t hi = 0; hi < (1ull << 22); hi += 997) {
    for (std::uint64_t lo : {0ull, 1ull, 208ull, 209ull, 22852ull, 22853ull, 0xFFFFFF2Full, 0xFFFFFF30ull, 0xFFFFA6BBull,
                             0xFFFFFFFFull, 0xFFFFFFFFull - (hi * 209 & 0xFFFFFFFFull)}) {
      t.push_back(hi << 32 | (lo & 0xFFFFFFFFull));
    }
  }
  for (int i = 0; i < 1000000; ++i) t.push_back(rng() >> 10);
  for (std::uint64_t v : t) {
    ASSERT_EQ(mrg::reduce_m1(v), v % mrg::m1) << v;
    ASSERT_EQ(mrg::reduce_m2(v), v % mrg::m2) << v;
  }
}
