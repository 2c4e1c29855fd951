// Philox4x32, Philox4x64, Threefry4x64 and Threefry2x32 (core/engines/philox.hpp, threefry.hpp):
// Random123's known answers at every round count it publishes for them, the canonical sequences
// against real cuRAND (philox4x32-10 = curand_init(seed, stream, offset)) and real NumPy
// (philox4x64-10 = numpy.random.Philox(seed).jumped(stream)), positions, and a quick chi-square.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <string>
#include <tuple>

#include "gpurng/core/engines/philox.hpp"
#include "gpurng/core/engines/threefry.hpp"
#include "kat_support.hpp"
#include "test_support.hpp"

using namespace gpurng::core;
using gpurng::test::read_csv;
using gpurng::test::to_u64;
using gpurng::test::words;

namespace {

template <class W, int N>
Words<W, N> to_words(const std::vector<std::uint64_t>& v) {
  Words<W, N> r{};
  for (int i = 0; i < N; ++i) r.v[i] = static_cast<W>(v.at(static_cast<std::size_t>(i)));
  return r;
}

template <class W, int N>
std::vector<std::uint64_t> to_vector(const Words<W, N>& w) {
  return std::vector<std::uint64_t>(w.v, w.v + N);
}

using Kat = std::function<std::vector<std::uint64_t>(const std::vector<std::uint64_t>&, const std::vector<std::uint64_t>&)>;

template <class W, int N, int K, Words<W, N> (*F)(Words<W, N>, const Words<W, K>&)>
Kat kat_by_value() {
  return [](const std::vector<std::uint64_t>& c, const std::vector<std::uint64_t>& k) {
    return to_vector(F(to_words<W, N>(c), to_words<W, K>(k)));
  };
}

template <class W, int N, int K, Words<W, N> (*F)(const Words<W, N>&, const Words<W, K>&)>
Kat kat_by_ref() {
  return [](const std::vector<std::uint64_t>& c, const std::vector<std::uint64_t>& k) {
    return to_vector(F(to_words<W, N>(c), to_words<W, K>(k)));
  };
}

}  // namespace

// ----- Random123 known answers --------------------------------------------------------------------

TEST(CounterEngines, Random123KnownAnswersAtEveryPublishedRoundCount) {
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  // (generator, words, bits, rounds) -> the block function of that instance.
  const std::map<std::tuple<std::string, int, int, int>, Kat> blocks = {
      {{"philox", 4, 32, 7}, kat_by_ref<u32, 4, 2, philox::philox4x32<7>>()},
      {{"philox", 4, 32, 10}, kat_by_ref<u32, 4, 2, philox::philox4x32<10>>()},
      {{"philox", 4, 64, 7}, kat_by_ref<u64, 4, 2, philox::philox4x64<7>>()},
      {{"philox", 4, 64, 10}, kat_by_ref<u64, 4, 2, philox::philox4x64<10>>()},
      {{"threefry", 4, 64, 13}, kat_by_value<u64, 4, 4, threefry::threefry4x64<13>>()},
      {{"threefry", 4, 64, 20}, kat_by_value<u64, 4, 4, threefry::threefry4x64<20>>()},
      {{"threefry", 4, 64, 72}, kat_by_value<u64, 4, 4, threefry::threefry4x64<72>>()},
      {{"threefry", 2, 32, 13}, kat_by_value<u32, 2, 2, threefry::threefry2x32<13>>()},
      {{"threefry", 2, 32, 20}, kat_by_value<u32, 2, 2, threefry::threefry2x32<20>>()},
      {{"threefry", 2, 32, 32}, kat_by_value<u32, 2, 2, threefry::threefry2x32<32>>()},
  };
  std::map<std::tuple<std::string, int, int, int>, int> checked;
  for (const auto& row : read_csv("random123/random123_kat_philox_threefry.csv").rows) {
    const auto id = std::make_tuple(row.at("generator"), std::stoi(row.at("words_N")), std::stoi(row.at("word_bits")),
                                    std::stoi(row.at("rounds")));
    const auto expected = words(row.at("expected_hex"), true);
    EXPECT_EQ(blocks.at(id)(words(row.at("counter_hex"), true), words(row.at("key_hex"), true)), expected)
        << std::get<0>(id) << std::get<1>(id) << "x" << std::get<2>(id) << "-" << std::get<3>(id) << " counter "
        << row.at("counter_hex");
    ++checked[id];
  }
  ASSERT_EQ(checked.size(), blocks.size());
  for (const auto& [id, n] : checked) EXPECT_EQ(n, 3) << std::get<0>(id);
}

// ----- philox4x32-10: cuRAND's device-API streams ---------------------------------------------------

TEST(CounterEngines, Philox4x32IsCurandsDeviceApiStream) {
  using S = philox::Scheme4x32<10>;
  int rows = 0;
  for (const auto& row : read_csv("curand/curand_device_api_kat.csv").rows) {
    if (row.at("generator") != "philox4_32_10") continue;
    const std::uint64_t seed = to_u64(row.at("seed"));
    const std::uint64_t stream = to_u64(row.at("subsequence"));
    const std::uint64_t offset = to_u64(row.at("offset"));
    const auto expected = words(row.at("outputs"));
    philox::Engine4x32_10 g(S::stream(seed, stream), offset);
    philox::Engine4x32_10 skipped(S::stream(seed, stream));
    skipped.discard(offset);
    for (std::size_t j = 0; j < expected.size(); ++j) {
      EXPECT_EQ(g.next(), expected[j]) << "seed " << seed << " stream " << stream << " offset " << offset << " j " << j;
      EXPECT_EQ(skipped(), expected[j]);
      EXPECT_EQ(philox::Engine4x32_10::element(S::stream(seed, stream), offset + j), expected[j]);
    }
    ++rows;
  }
  EXPECT_EQ(rows, 44);
}

// ----- philox4x64-10: NumPy's Philox ------------------------------------------------------------

TEST(CounterEngines, Philox4x64KeyIsNumpysSeedSequenceKey) {
  int rows = 0;
  for (const auto& row : read_csv("numpy/philox.csv").rows) {
    const auto key = philox::Scheme4x64<10>::numpy_key(gpurng::test::u128_from_hex(row.at("seed")));
    EXPECT_EQ(to_vector(key), words(row.at("key"))) << row.at("seed");
    ++rows;
  }
  EXPECT_EQ(rows, 99);
}

// Every row through the block function, with NumPy's 256-bit counter (jumps * 2^128 + advance + 1 +
// j / 4) built here, including advances past 2^64 blocks and the carry out of the low 128 bits.
TEST(CounterEngines, Philox4x64BlocksAreNumpysPhiloxAtAnyCounter) {
  for (const auto& row : read_csv("numpy/philox.csv").rows) {
    const auto key = to_words<std::uint64_t, 2>(words(row.at("key")));
    const U128 advance = gpurng::test::u128_from_hex(row.at("advance"));
    const std::uint64_t jumps = to_u64(row.at("jumps"));
    const auto expected = words(row.at("outputs"));
    for (std::size_t j = 0; j < expected.size(); ++j) {
      const U128 low = advance + U128{1 + j / 4, 0};
      const std::uint64_t carry = low.hi < advance.hi ? 1 : 0;  // out of the low 128 bits
      const Words<std::uint64_t, 4> counter{{low.lo, low.hi, jumps + carry, 0}};
      EXPECT_EQ(philox::philox4x64<10>(counter, key).v[j % 4], expected[j])
          << "seed " << row.at("seed") << " jumps " << jumps << " advance " << row.at("advance") << " j " << j;
    }
  }
}

// The canonical sequence: stream s at position p is NumPy's Philox(seed).jumped(s) after advance(p / 4)
// (NumPy's advance counts blocks of four values).
TEST(CounterEngines, Philox4x64CanonicalSequenceIsNumpysJumpedStream) {
  using S = philox::Scheme4x64<10>;
  int rows = 0;
  for (const auto& row : read_csv("numpy/philox.csv").rows) {
    const U128 advance = gpurng::test::u128_from_hex(row.at("advance"));
    if (advance.hi != 0 || advance.lo >= (std::uint64_t{1} << 62)) continue;  // beyond 64-bit positions
    const auto stream = S::stream(gpurng::test::u128_from_hex(row.at("seed")), to_u64(row.at("jumps")));
    philox::Engine4x64_10 g(stream, 4 * advance.lo);
    for (std::uint64_t expected : words(row.at("outputs"))) EXPECT_EQ(g.next(), expected) << row.at("seed");
    ++rows;
  }
  EXPECT_EQ(rows, 9 * 7);
}

// ----- positions ----------------------------------------------------------------------------------

template <class Engine>
void expect_discard_is_stepping(const typename Engine::Stream& stream) {
  for (std::uint64_t k : {0ull, 1ull, 7ull, 1000ull}) {
    Engine stepped(stream);
    for (std::uint64_t i = 0; i <= k; ++i) stepped.next();
    Engine skipped(stream);
    skipped.next();  // a cached block must not survive the discard
    skipped.discard(k);
    for (int j = 0; j < 9; ++j) EXPECT_EQ(skipped.next(), stepped.next()) << "k " << k << " j " << j;
  }
  // discard(a) then discard(b) is position a + b, for positions far apart.
  const std::uint64_t a = 0x1234567890abcdefull, b = 0x3fedcba987654321ull;
  Engine composed(stream);
  composed.discard(a);
  composed.next();
  composed.discard(b);
  for (int j = 0; j < 9; ++j) EXPECT_EQ(composed.next(), Engine::element(stream, a + 1 + b + j)) << j;
}

TEST(CounterEngines, DiscardIsStepping) {
  expect_discard_is_stepping<philox::Engine4x32_10>(philox::Scheme4x32<10>::stream(42, 3));
  expect_discard_is_stepping<philox::Engine4x64_10>(philox::Scheme4x64<10>::stream(U128{42, 0}, 3));
  expect_discard_is_stepping<threefry::Engine4x64_20>(threefry::Scheme4x64<20>::stream(42, 3));
  expect_discard_is_stepping<threefry::Engine2x32_20>(threefry::Scheme2x32<20>::stream(42, 3));
}

// The documented layouts of the Threefry canonical sequences, word by word.
TEST(CounterEngines, ThreefryCanonicalLayout) {
  const std::uint64_t seed = 0x0123456789abcdefull, s = 77, b = 0x10000000dull;
  const auto block4 = threefry::threefry4x64<20>(Words<std::uint64_t, 4>{{b, 0, s, 0}}, Words<std::uint64_t, 4>{{seed, 0, 0, 0}});
  for (int w = 0; w < 4; ++w) {
    EXPECT_EQ(threefry::Engine4x64_20::element(threefry::Scheme4x64<20>::stream(seed, s), 4 * b + w), block4.v[w]);
  }
  const auto block2 = threefry::threefry2x32<20>(Words<std::uint32_t, 2>{{0xdu, 1u}}, Words<std::uint32_t, 2>{{12345u, 77u}});
  for (int w = 0; w < 2; ++w) {
    EXPECT_EQ(threefry::Engine2x32_20::element(threefry::Scheme2x32<20>::stream(12345u, 77u), 2 * b + w), block2.v[w]);
  }
}

// ----- quick statistics ---------------------------------------------------------------------------

template <class Engine>
double p_value(const typename Engine::Stream& stream) {
  Engine g(stream);
  return gpurng::test::top_byte_p_value([&] { return g.next(); }, gpurng::test::kStatValues,
                                        8 * static_cast<int>(sizeof(typename Engine::result_type)));
}

TEST(CounterEngines, TopBytesAreUniform) {
  using gpurng::test::kMinPValue;
  EXPECT_GT(p_value<philox::Engine4x32_10>(philox::Scheme4x32<10>::stream(1, 0)), kMinPValue);
  EXPECT_GT(p_value<philox::Engine4x64_10>(philox::Scheme4x64<10>::stream(U128{1, 0}, 0)), kMinPValue);
  EXPECT_GT(p_value<threefry::Engine4x64_20>(threefry::Scheme4x64<20>::stream(1, 0)), kMinPValue);
  EXPECT_GT(p_value<threefry::Engine2x32_20>(threefry::Scheme2x32<20>::stream(1, 0)), kMinPValue);
  // The cut-off bites: one round leaves sequential counters visible.
  EXPECT_LT((p_value<CounterEngine<philox::Scheme4x32<1>>>(philox::Scheme4x32<1>::stream(1, 0))), kMinPValue);
  EXPECT_LT((p_value<CounterEngine<philox::Scheme4x64<1>>>(philox::Scheme4x64<1>::stream(U128{1, 0}, 0))), kMinPValue);
  EXPECT_LT((p_value<CounterEngine<threefry::Scheme4x64<1>>>(threefry::Scheme4x64<1>::stream(1, 0))), kMinPValue);
  EXPECT_LT((p_value<CounterEngine<threefry::Scheme2x32<1>>>(threefry::Scheme2x32<1>::stream(1, 0))), kMinPValue);
}
