// The host API on the CPU backend: the sequence contract (offsets, one call or many, threads),
// seeding and streams, and every bad-input path.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/gpurng.hpp"
#include "value_kinds.hpp"
#include "test_support.hpp"

using gpurng::Backend;
using gpurng::Distribution;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::test::all_kinds;
using gpurng::test::Kind;
using gpurng::Status;
namespace mrg = gpurng::core::mrg32k3a;

namespace {

std::vector<unsigned char> values(const Kind& k, std::uint64_t seed, std::uint64_t offset, std::size_t n,
                                  unsigned threads = 0) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.seed(seed);
  g.offset(offset);
  g.cpu_threads(threads);
  std::vector<unsigned char> out(n * k.size);
  k.gen(g, out.data(), n);
  EXPECT_EQ(g.offset(), offset + n);
  return out;
}

std::vector<unsigned char> slice(const std::vector<unsigned char>& v, std::size_t from, std::size_t n, std::size_t size) {
  return std::vector<unsigned char>(v.begin() + static_cast<long>(from * size), v.begin() + static_cast<long>((from + n) * size));
}

template <class F>
void expect_error(Status status, F&& f, const char* must_mention) {
  try {
    f();
    ADD_FAILURE() << "no error thrown; expected " << gpurng::status_name(status);
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), status) << e.what();
    EXPECT_NE(std::string(e.what()).find(must_mention), std::string::npos) << e.what();
  }
}

}  // namespace

TEST(GeneratorContract, OffsetKThenNEqualsNPlusKFromStart) {
  for (const Kind& kind : all_kinds()) {
    const std::size_t total = 5000;
    const auto whole = values(kind, 9, 0, total);
    for (std::uint64_t k : {0ull, 1ull, 7ull, 8ull, 31ull, 32ull, 33ull, 1000ull, 4001ull}) {
      const std::size_t n = total - static_cast<std::size_t>(k);
      EXPECT_EQ(values(kind, 9, k, n), slice(whole, k, n, kind.size)) << kind.name << " k=" << k;
    }
  }
}

TEST(GeneratorContract, LargeOffsetsAgreeWithNearbyOffsets) {
  std::mt19937_64 rng(3);
  std::vector<std::uint64_t> ks = {(1ull << 32) - 1, (1ull << 40) + 7, (1ull << 63) + 1, ~0ull - 101};
  for (int i = 0; i < 4; ++i) ks.push_back(rng() >> 1);
  for (const Kind& kind : all_kinds()) {
    for (std::uint64_t k : ks) {
      const auto from_k = values(kind, 1, k, 100);
      const auto from_before = values(kind, 1, k - 37, 137);
      EXPECT_EQ(from_k, slice(from_before, 37, 100, kind.size)) << kind.name << " k=" << k;
    }
  }
}

TEST(GeneratorContract, BitsAtOffsetEqualTheEngineStepped) {
  // Independent of the fill machinery: the core engine skipped and stepped by hand.
  for (std::uint64_t k : {0ull, 1ull, 33ull, (1ull << 40) + 7}) {
    Generator g(Engine::mrg32k3a, Backend::cpu);
    g.seed(123);
    g.offset(k);
    std::vector<std::uint32_t> got(77);
    g.generate_bits(got.data(), got.size());
    mrg::State st = mrg::state_from_seed(123);
    mrg::skip(st, k);
    for (std::uint32_t v : got) ASSERT_EQ(v, mrg::to_bits(mrg::next(st))) << "k=" << k;
  }
}

TEST(GeneratorContract, OneCallOrManyGiveTheSameValues) {
  std::mt19937_64 rng(11);
  for (const Kind& kind : all_kinds()) {
    const std::size_t total = 300001;  // odd
    const auto whole = values(kind, 4, 3, total);
    Generator g(Engine::mrg32k3a, Backend::cpu);
    g.seed(4);
    g.offset(3);
    std::vector<unsigned char> pieces(total * kind.size);
    for (std::size_t done = 0; done < total;) {
      const std::size_t n = std::min<std::size_t>(total - done, 1 + rng() % 70000);
      kind.gen(g, pieces.data() + done * kind.size, n);
      done += n;
    }
    EXPECT_EQ(pieces, whole) << kind.name;
  }
}

TEST(GeneratorContract, ThreadCountNeverChangesValues) {
  for (const Kind& kind : all_kinds()) {
    const std::size_t n = 1000003;
    const auto one = values(kind, 8, 5, n, 1);
    EXPECT_EQ(values(kind, 8, 5, n, 2), one) << kind.name;
    EXPECT_EQ(values(kind, 8, 5, n, 7), one) << kind.name;
  }
}

TEST(GeneratorContract, DefaultStateIsRngStreams) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  double u[2];
  g.generate_uniform(u, 2);
  EXPECT_EQ(u[0], 0.12701112204657714);
  EXPECT_EQ(u[1], 0.3185275653967945);
}

TEST(GeneratorStreams, SelectStreamMatchesRngStreamsStarts) {
  const auto csv = gpurng::test::read_csv("mrg32k3a/rngstreams_stream_and_substream_starts.csv");
  for (const auto& row : csv.rows) {
    std::vector<std::uint64_t> words;
    for (int i = 0; i < 6; ++i) words.push_back(gpurng::test::to_u64(row.at("s" + std::to_string(i))));
    Generator from_state(Engine::mrg32k3a, Backend::cpu);
    from_state.seed_array(words);
    Generator selected(Engine::mrg32k3a, Backend::cpu);
    const std::uint64_t index = gpurng::test::to_u64(row.at("index"));
    if (row.at("kind") == "stream") selected.select_stream(index, 0);
    else selected.select_stream(0, index);
    std::uint32_t a[8], b[8];
    from_state.generate_bits(a, 8);
    selected.generate_bits(b, 8);
    EXPECT_EQ(0, std::memcmp(a, b, sizeof a)) << row.at("kind") << " " << index;
  }
}

TEST(GeneratorSeeding, SeedIsDeterministicAndResetsOffset) {
  Generator a(Engine::mrg32k3a, Backend::cpu), b(Engine::mrg32k3a, Backend::cpu);
  a.seed(42);
  a.offset(1000);
  a.seed(42);
  EXPECT_EQ(a.offset(), 0u);
  b.seed(42);
  std::uint32_t x[4], y[4];
  a.generate_bits(x, 4);
  b.generate_bits(y, 4);
  EXPECT_EQ(0, std::memcmp(x, y, sizeof x));
  b.seed(43);
  b.generate_bits(y, 4);
  EXPECT_NE(0, std::memcmp(x, y, sizeof x));
}

TEST(GeneratorBadInput, NullOutputZeroCountAndParameters) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.generate_uniform(static_cast<float*>(nullptr), 0);  // n = 0: no-op, null allowed
  EXPECT_EQ(g.offset(), 0u);
  expect_error(Status::invalid_argument, [&] { g.generate_uniform(static_cast<float*>(nullptr), 5); }, "out");
  float f[4];
  double d[4];
  const float fnan = std::numeric_limits<float>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  expect_error(Status::invalid_argument, [&] { g.generate_normal(f, 4, 0.0f, 0.0f); }, "normal stddev");
  expect_error(Status::invalid_argument, [&] { g.generate_normal(f, 4, 0.0f, -1.0f); }, "normal stddev");
  expect_error(Status::invalid_argument, [&] { g.generate_normal(d, 4, 0.0, std::nan("")); }, "normal stddev");
  expect_error(Status::invalid_argument, [&] { g.generate_normal(f, 4, fnan, 1.0f); }, "normal mean");
  expect_error(Status::invalid_argument, [&] { g.generate_normal(d, 4, inf, 1.0); }, "normal mean");
  expect_error(Status::invalid_argument, [&] { g.generate_exponential(f, 4, 0.0f); }, "exponential lambda");
  expect_error(Status::invalid_argument, [&] { g.generate_exponential(d, 4, -2.0); }, "exponential lambda");
  expect_error(Status::invalid_argument, [&] { g.generate_exponential(d, 4, inf); }, "exponential lambda");
  expect_error(Status::invalid_argument, [&] { g.generate_lognormal(f, 4, 0.0f, 0.0f); }, "lognormal stddev");
  expect_error(Status::invalid_argument, [&] { g.generate_lognormal(d, 4, -inf, 1.0); }, "lognormal mean");
  std::uint64_t wide[4];
  expect_error(Status::unsupported, [&] { g.generate_bits(wide, 4); }, "32-bit");
  EXPECT_EQ(g.offset(), 0u) << "failed calls must not move the offset";
}

TEST(GeneratorBadInput, OffsetPastTheEnd) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  std::uint32_t v[11];
  g.offset(~0ull - 10);  // positions 2^64-11 .. 2^64-2 remain; 2^64-1 is the end
  EXPECT_EQ(g.remaining(), 10u);
  expect_error(Status::invalid_argument, [&] { g.generate_bits(v, 11); }, "2^64");
  EXPECT_EQ(g.offset(), ~0ull - 10);
  g.generate_bits(v, 10);
  EXPECT_EQ(g.remaining(), 0u);
  expect_error(Status::invalid_argument, [&] { g.generate_bits(v, 1); }, "2^64");
}

TEST(GeneratorBadInput, SeedArray) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  const std::uint64_t ok[6] = {1, 2, 3, 4, 5, 6};
  g.offset(50);
  g.seed_array(ok, 6);
  EXPECT_EQ(g.offset(), 0u);
  expect_error(Status::invalid_argument, [&] { g.seed_array(ok, 5); }, "expected 6 words");
  expect_error(Status::invalid_argument, [&] { g.seed_array(nullptr, 6); }, "null");
  const std::uint64_t big1[6] = {4294967087ull, 1, 1, 1, 1, 1};
  expect_error(Status::invalid_argument, [&] { g.seed_array(big1, 6); }, "s0");
  const std::uint64_t big2[6] = {1, 1, 1, 1, 1, 4294944443ull};
  expect_error(Status::invalid_argument, [&] { g.seed_array(big2, 6); }, "s5");
  const std::uint64_t huge[6] = {1, 1, 1ull << 40, 1, 1, 1};
  expect_error(Status::invalid_argument, [&] { g.seed_array(huge, 6); }, "s2");
  const std::uint64_t zero1[6] = {0, 0, 0, 1, 1, 1};
  expect_error(Status::invalid_argument, [&] { g.seed_array(zero1, 6); }, "all zero");
  const std::uint64_t zero2[6] = {1, 1, 1, 0, 0, 0};
  expect_error(Status::invalid_argument, [&] { g.seed_array(zero2, 6); }, "all zero");
  // The failed calls left the good state in place.
  Generator h(Engine::mrg32k3a, Backend::cpu);
  h.seed_array(ok, 6);
  std::uint32_t a[3], b[3];
  g.generate_bits(a, 3);
  h.generate_bits(b, 3);
  EXPECT_EQ(0, std::memcmp(a, b, sizeof a));
}

TEST(GeneratorBadInput, EnginesAndBackends) {
  expect_error(Status::invalid_argument, [] { gpurng::parse_engine("mt"); }, "valid engines: mrg32k3a");
  expect_error(Status::invalid_argument, [] { Generator g(static_cast<Engine>(999)); }, "unknown engine");
  expect_error(Status::invalid_argument, [] { Generator g(Engine::mrg32k3a, static_cast<Backend>(7)); }, "backend");
  if (gpurng::cuda_devices().empty()) {
    expect_error(Status::no_device, [] { Generator g(Engine::mrg32k3a, Backend::cuda); }, "cuda");
    EXPECT_EQ(Generator(Engine::mrg32k3a).backend(), Backend::cpu);
  } else {
    EXPECT_EQ(Generator(Engine::mrg32k3a).backend(), Backend::cuda);
  }
  EXPECT_EQ(gpurng::parse_engine("mrg32k3a"), Engine::mrg32k3a);
}

// The generator models a movable value.
TEST(GeneratorObject, MoveKeepsTheSequence) {
  Generator a(Engine::mrg32k3a, Backend::cpu);
  a.seed(3);
  std::uint32_t x[2];
  a.generate_bits(x, 1);
  Generator b = std::move(a);
  b.generate_bits(x + 1, 1);
  Generator c(Engine::mrg32k3a, Backend::cpu);
  c.seed(3);
  std::uint32_t y[2];
  c.generate_bits(y, 2);
  EXPECT_EQ(0, std::memcmp(x, y, sizeof x));
}

TEST(GeneratorBadInput, OptionsAnEngineDoesNotHave) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  expect_error(Status::unsupported, [&] { g.dimensions(3); }, "mrg32k3a has no dimensions");
  expect_error(Status::unsupported, [&] { g.scramble(gpurng::Scramble::owen); }, "scramble");
  expect_error(Status::unsupported, [&] { g.streams(64); }, "streams");
  expect_error(Status::unsupported, [&] { g.normal_method(gpurng::NormalMethod::inverse_cdf); }, "normal method");
  expect_error(Status::unsupported, [&] { g.param_set(1); }, "parameter sets");
  expect_error(Status::unsupported, [&] { g.param_file("x.csv"); }, "parameter files");
}
