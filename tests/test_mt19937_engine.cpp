// MT19937 / MT19937-64 core math and the <random>-style engines against the reference outputs
// (mt19937ar.out, mt19937-64.out, the standard's 10000th values) and against std::mt19937 /
// std::mt19937_64 themselves over long runs and discards.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <type_traits>
#include <vector>

#include "gpurng/core/engines/mt19937.hpp"
#include "gpurng/gpurng.hpp"
#include "gpurng/std_engines.hpp"
#include "test_support.hpp"

namespace core_mt = gpurng::core::mt19937;
using gpurng::test::read_csv;
using gpurng::test::to_double;
using gpurng::test::to_u64;

namespace {

// The reference's .out file: the integers after the first heading, the %10.8f reals after the second.
struct RefOut {
  std::vector<std::uint64_t> ints;
  std::vector<std::string> reals;
};

RefOut read_reference_out(const std::string& relative) {
  std::ifstream f(gpurng::test::data_path(relative));
  if (!f) throw std::runtime_error("cannot open " + relative);
  RefOut r;
  std::string line;
  int section = -1;
  while (std::getline(f, line)) {
    if (line.find("outputs of") != std::string::npos) {
      ++section;
      continue;
    }
    std::istringstream in(line);
    std::string tok;
    while (in >> tok) {
      if (section == 0) r.ints.push_back(std::stoull(tok));
      if (section == 1) r.reals.push_back(tok);
    }
  }
  return r;
}

template <class P>
std::vector<typename P::word> core_outputs(const typename P::word* window, std::size_t count) {
  std::vector<typename P::word> s(window, window + P::n), out;
  while (out.size() < count) {
    core_mt::regenerate<P>(s.data());
    for (int i = 0; i < P::n && out.size() < count; ++i) out.push_back(P::temper(s[i]));
  }
  return out;
}

std::string fixed8(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%10.8f", v);
  std::string s(buf);
  s.erase(0, s.find_first_not_of(' '));
  return s;
}

}  // namespace

TEST(Mt19937Core, InitGenrand5489MatchesStdMt19937Table) {
  const auto csv = read_csv("mt19937/mt19937_init_genrand_5489.csv");
  std::uint32_t w[624];
  core_mt::init_genrand<core_mt::Mt32>(w, 5489);
  const auto out = core_outputs<core_mt::Mt32>(w, 10000);
  int checked = 0;
  for (const auto& row : csv.rows) {
    ASSERT_EQ(out[to_u64(row.at("n"))], to_u64(row.at("uint32"))) << "n=" << row.at("n");
    ++checked;
  }
  EXPECT_EQ(checked, 1001);
  EXPECT_EQ(out[9999], 4123659995u);  // the C++ standard's required 10000th value
}

TEST(Mt19937Core, InitByArrayMatchesMt19937arOut) {
  const RefOut ref = read_reference_out("mt19937/mt19937ar.out");
  ASSERT_EQ(ref.ints.size(), 1000u);
  ASSERT_EQ(ref.reals.size(), 1000u);
  const std::uint32_t key[] = {0x123, 0x234, 0x345, 0x456};
  std::uint32_t w[624];
  core_mt::init_by_array<core_mt::Mt32>(w, key, 4);
  const auto out = core_outputs<core_mt::Mt32>(w, 2000);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(out[i], ref.ints[i]) << "int " << i;
  // genrand_real2 = r / 2^32, printed %10.8f.
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(fixed8(out[1000 + i] * 0x1p-32), ref.reals[i]) << "real " << i;
  const auto csv = read_csv("mt19937/mt19937ar_init_by_array_0x123_0x234_0x345_0x456.csv");
  ASSERT_EQ(csv.rows.size(), 2000u);
  for (const auto& row : csv.rows) {
    const std::uint64_t n = to_u64(row.at("n"));
    ASSERT_EQ(out[n], to_u64(row.at("uint32")));
    // The library's double uniform is real2 + 2^-32, in (0, 1].
    ASSERT_EQ(core_mt::to_uniform_double<core_mt::Mt32>(out[n]), to_double(row.at("real2_exact_hex")) + 0x1p-32);
  }
}

TEST(Mt19937Core, Mt64InitGenrand5489MatchesStdMt19937_64Table) {
  const auto csv = read_csv("mt19937/mt19937_64_init_genrand64_5489.csv");
  std::uint64_t w[312];
  core_mt::init_genrand<core_mt::Mt64>(w, 5489);
  const auto out = core_outputs<core_mt::Mt64>(w, 10000);
  for (const auto& row : csv.rows) ASSERT_EQ(out[to_u64(row.at("n"))], to_u64(row.at("uint64"))) << "n=" << row.at("n");
  EXPECT_EQ(out[9999], 9981545732273789042ull);
}

TEST(Mt19937Core, Mt64InitByArrayMatchesMt19937_64Out) {
  const RefOut ref = read_reference_out("mt19937/mt19937-64.out");
  ASSERT_EQ(ref.ints.size(), 1000u);
  ASSERT_EQ(ref.reals.size(), 1000u);
  const std::uint64_t key[] = {0x12345, 0x23456, 0x34567, 0x45678};
  std::uint64_t w[312];
  core_mt::init_by_array<core_mt::Mt64>(w, key, 4);
  const auto out = core_outputs<core_mt::Mt64>(w, 2000);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(out[i], ref.ints[i]) << "int " << i;
  EXPECT_EQ(out[999], 994412663058993407ull);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(fixed8((out[1000 + i] >> 11) * 0x1p-53), ref.reals[i]) << "real " << i;
  const auto csv = read_csv("mt19937/mt19937_64_init_by_array_0x12345_0x23456_0x34567_0x45678.csv");
  for (const auto& row : csv.rows) {
    const std::uint64_t n = to_u64(row.at("n"));
    ASSERT_EQ(out[n], to_u64(row.at("uint64")));
    // 53-bit double: real2 + 2^-53, in (0, 1].
    ASSERT_EQ(core_mt::to_uniform_double<core_mt::Mt64>(out[n]), to_double(row.at("real2_exact_hex")) + 0x1p-53);
  }
}

TEST(Mt19937Core, UniformsAreExactAndInTheHalfOpenInterval) {
  using M32 = core_mt::Mt32;
  using M64 = core_mt::Mt64;
  EXPECT_EQ(core_mt::to_uniform_float<M32>(0u), 0x1p-24f);
  EXPECT_EQ(core_mt::to_uniform_float<M32>(0xffffffffu), 1.0f);
  EXPECT_EQ(core_mt::to_uniform_float<M32>(0x000000ffu), 0x1p-24f);  // only the top 24 bits count
  EXPECT_EQ(core_mt::to_uniform_float<M32>(0x00000100u), 0x1p-23f);
  EXPECT_EQ(core_mt::to_uniform_double<M32>(0u), 0x1p-32);
  EXPECT_EQ(core_mt::to_uniform_double<M32>(0xffffffffu), 1.0);
  EXPECT_EQ(core_mt::to_uniform_double<M32>(0x80000000u), 0.5 + 0x1p-32);
  EXPECT_EQ(core_mt::to_uniform_float<M64>(0ull), 0x1p-24f);
  EXPECT_EQ(core_mt::to_uniform_float<M64>(~0ull), 1.0f);
  EXPECT_EQ(core_mt::to_uniform_double<M64>(0ull), 0x1p-53);
  EXPECT_EQ(core_mt::to_uniform_double<M64>(0x7ffull), 0x1p-53);  // the low 11 bits do not count
  EXPECT_EQ(core_mt::to_uniform_double<M64>(0x800ull), 0x1p-52);
  EXPECT_EQ(core_mt::to_uniform_double<M64>(~0ull), 1.0);
}

TEST(Mt19937Core, ZeroStateIsRecognised) {
  std::uint32_t w[624] = {};
  EXPECT_TRUE(core_mt::is_zero_state<core_mt::Mt32>(w));
  w[0] = 0x7fffffffu;  // low bits of the oldest word are not state
  EXPECT_TRUE(core_mt::is_zero_state<core_mt::Mt32>(w));
  w[0] = 0x80000000u;
  EXPECT_FALSE(core_mt::is_zero_state<core_mt::Mt32>(w));
  w[0] = 0;
  w[623] = 1;
  EXPECT_FALSE(core_mt::is_zero_state<core_mt::Mt32>(w));
}

// ----- the <random>-style engines --------------------------------------------------------------

static_assert(std::is_same_v<gpurng::Mt19937::result_type, std::uint32_t>);
static_assert(std::is_same_v<gpurng::Mt19937_64::result_type, std::uint64_t>);
static_assert(gpurng::Mt19937::min() == 0 && gpurng::Mt19937::max() == 0xffffffffu);
static_assert(gpurng::Mt19937_64::max() == ~0ull);

template <class Ours, class Std>
void expect_same_stream(Ours& a, Std& b, std::size_t count, const char* what) {
  for (std::size_t i = 0; i < count; ++i) {
    const auto x = a();
    const auto y = b();
    if (x != y) {
      ADD_FAILURE() << what << ": output " << i << " is " << x << ", std gives " << y;
      return;
    }
  }
}

TEST(Mt19937Urbg, EqualsStdEnginesOverLongRuns) {
  for (std::uint32_t seed : {5489u, 0u, 1u, 0xffffffffu, 20240601u}) {
    gpurng::Mt19937 a(seed);
    std::mt19937 b(seed);
    expect_same_stream(a, b, 3'000'000, "mt19937");
  }
  for (std::uint64_t seed : {5489ull, 0ull, ~0ull, 0x0123456789abcdefull}) {
    gpurng::Mt19937_64 a(seed);
    std::mt19937_64 b(seed);
    expect_same_stream(a, b, 2'000'000, "mt19937_64");
  }
  gpurng::Mt19937 d;
  std::mt19937 e;
  expect_same_stream(d, e, 10000, "default-constructed");
}

TEST(Mt19937Urbg, BulkGenerateEqualsOneAtATime) {
  std::mt19937 ref(77);
  std::vector<std::uint32_t> want(20000);
  for (auto& v : want) v = ref();
  for (std::size_t first : {0u, 1u, 623u, 624u, 700u}) {
    for (std::size_t count : {0u, 1u, 623u, 624u, 625u, 1248u, 5000u}) {
      gpurng::Mt19937 g(77);
      for (std::size_t i = 0; i < first; ++i) g();
      std::vector<std::uint32_t> got(count);
      g.generate(got.data(), count);
      ASSERT_TRUE(std::equal(got.begin(), got.end(), want.begin() + static_cast<long>(first)))
          << "first=" << first << " count=" << count;
      ASSERT_EQ(g(), want[first + count]) << "continuation after first=" << first << " count=" << count;
    }
  }
}

TEST(Mt19937Urbg, DiscardEqualsStepping) {
  // Below and above the jump threshold (2^24): the small ones step, the large ones jump.
  for (unsigned long long k : {0ull, 1ull, 623ull, 624ull, 625ull, 1'000'003ull, (1ull << 24) - 1, (1ull << 24) + 5,
                               (1ull << 25) + 624 * 3 + 17}) {
    for (int pre : {0, 1, 600}) {
      gpurng::Mt19937 a(5489);
      std::mt19937 b(5489);
      for (int i = 0; i < pre; ++i) {
        a();
        b();
      }
      a.discard(k);
      b.discard(k);
      expect_same_stream(a, b, 2000, "mt19937 after discard");
    }
  }
  gpurng::Mt19937_64 a(99);
  std::mt19937_64 b(99);
  a.discard((1ull << 25) + 3);
  b.discard((1ull << 25) + 3);
  expect_same_stream(a, b, 2000, "mt19937_64 after discard");
}

TEST(Mt19937Urbg, PreviousAndPeek) {
  gpurng::Mt19937 g(3);
  std::mt19937 r(3);
  std::vector<std::uint32_t> want(2000);
  for (auto& v : want) v = r();
  for (int i = 0; i < 1500; ++i) {
    ASSERT_EQ(g.peek(), want[i]);
    ASSERT_EQ(g(), want[i]);
    ASSERT_EQ(g.previous(), want[i]);
  }
  g.discard(1ull << 25);  // a jump leaves the engine at a block boundary; previous() still works
  std::mt19937 s(3);
  s.discard(1500 + (1ull << 25) - 1);
  EXPECT_EQ(g.previous(), s());
  EXPECT_EQ(g(), s());
}

TEST(Mt19937Urbg, SeedArrayIsInitByArray) {
  const std::uint32_t key[] = {0x123, 0x234, 0x345, 0x456};
  gpurng::Mt19937 g(key, 4);
  const auto csv = read_csv("mt19937/mt19937ar_init_by_array_0x123_0x234_0x345_0x456.csv");
  for (const auto& row : csv.rows) ASSERT_EQ(g(), to_u64(row.at("uint32")));
  try {
    g.seed_array(key, 0);
    ADD_FAILURE() << "empty key accepted";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), gpurng::Status::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("seed array"), std::string::npos);
  }
}

TEST(Mt19937Urbg, EqualityMeansTheSameFuture) {
  gpurng::Mt19937 a(8), b(8);
  EXPECT_TRUE(a == b);
  a();
  EXPECT_TRUE(a != b);
  b();
  EXPECT_TRUE(a == b);
  a.discard(1ull << 26);
  b.discard(1ull << 26);
  EXPECT_TRUE(a == b);
}

TEST(Mt19937Urbg, WorksWithStandardDistributionsAndAlgorithms) {
  gpurng::Mt19937 a(12);
  std::mt19937 b(12);
  std::uniform_int_distribution<int> die(1, 6);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(die(a), die(b));
  std::vector<int> x(100), y(100);
  for (int i = 0; i < 100; ++i) x[i] = y[i] = i;
  std::shuffle(x.begin(), x.end(), a);
  std::shuffle(y.begin(), y.end(), b);
  EXPECT_EQ(x, y);
  std::normal_distribution<double> nd;
  gpurng::Mt19937_64 c(5);
  double s = 0;
  for (int i = 0; i < 100000; ++i) s += nd(c);
  EXPECT_LT(std::abs(s / 100000), 0.02);
}
