// PCG64 and PCG64DXSM (core/engines/pcg64.hpp) and NumPy's SeedSequence (core/seed_sequence.hpp)
// against real NumPy (tests/data/numpy, made by tools/make_numpy_reference.py): seeding, outputs,
// advance() and jumped(); advance(k) against k steps; the 128-bit arithmetic against the compiler's
// unsigned __int128; a quick chi-square.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gpurng/core/engines/pcg64.hpp"
#include "gpurng/core/engines/pcg64_short_jump.hpp"
#include "gpurng/core/splitmix64.hpp"
#include "kat_support.hpp"
#include "test_support.hpp"

using namespace gpurng::core;
using namespace gpurng::core::pcg64;
using gpurng::test::read_csv;
using gpurng::test::to_u64;
using gpurng::test::u128_from_hex;
using gpurng::test::words;

namespace {

__extension__ typedef unsigned __int128 Wide;  // the independent reference for U128

Wide wide(U128 x) { return (static_cast<Wide>(x.hi) << 64) | x.lo; }

template <class V>
std::vector<std::uint64_t> outputs(State st, std::size_t n) {
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(V::next(st));
  return out;
}

}  // namespace

// ----- 128-bit arithmetic -------------------------------------------------------------------------

TEST(Uint128, MatchesTheCompilersUnsignedInt128) {
  std::mt19937_64 src(20261125);
  for (int i = 0; i < 100000; ++i) {
    const U128 a{src(), src()};
    const U128 b{src(), i % 3 == 0 ? ~0ull : src()};
    EXPECT_EQ(wide(a + b), wide(a) + wide(b));
    EXPECT_EQ(wide(a * b), wide(a) * wide(b));
    EXPECT_EQ(wide(mul_u64(a, b.lo)), wide(a) * b.lo);
    EXPECT_EQ(wide(shl1(a)), wide(a) << 1);
    EXPECT_EQ(wide(shr1(a)), wide(a) >> 1);
    EXPECT_EQ(mulhi64(a.lo, b.lo), static_cast<std::uint64_t>((static_cast<Wide>(a.lo) * b.lo) >> 64));
    const auto x = static_cast<std::uint32_t>(a.hi), y = static_cast<std::uint32_t>(b.hi);
    EXPECT_EQ(mulhi32(x, y), static_cast<std::uint32_t>((static_cast<std::uint64_t>(x) * y) >> 32));
  }
}

// ----- SeedSequence -------------------------------------------------------------------------------

TEST(SeedSequence, GenerateStateIsNumpys) {
  int rows = 0;
  for (const auto& row : read_csv("numpy/seed_sequence.csv").rows) {
    seed_sequence::StateWords g(seed_sequence::pool(u128_from_hex(row.at("seed"))));
    const auto expected = words(row.at("words"));
    ASSERT_EQ(expected.size(), to_u64(row.at("n_words")));
    const bool wide64 = row.at("dtype") == "uint64";
    for (std::size_t i = 0; i < expected.size(); ++i) {
      EXPECT_EQ(wide64 ? g.next64() : g.next32(), expected[i]) << row.at("seed") << " " << row.at("dtype") << " word " << i;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 18);
}

// ----- NumPy's streams ----------------------------------------------------------------------------

template <class V>
void expect_numpy_rows(const std::string& generator) {
  int rows = 0;
  for (const auto& row : read_csv("numpy/pcg64.csv").rows) {
    if (row.at("generator") != generator) continue;
    const U128 seed = u128_from_hex(row.at("seed"));
    const State seeded = state_from_seed(seed);
    EXPECT_EQ(seeded.state, u128_from_hex(row.at("state"))) << generator << " seed " << row.at("seed");
    EXPECT_EQ(seeded.inc, u128_from_hex(row.at("inc"))) << generator << " seed " << row.at("seed");
    const std::uint64_t jumps = to_u64(row.at("jumps"));
    const U128 advance = u128_from_hex(row.at("advance"));
    const State st = pcg64::advance<V>(jumps > 0 ? jumped<V>(seeded, U128{jumps, 0}) : seeded, advance);
    EXPECT_EQ(outputs<V>(st, 10), words(row.at("outputs")))
        << generator << " seed " << row.at("seed") << " jumps " << jumps << " advance " << row.at("advance");
    // The canonical sequence: stream = jumps, position = advance.
    if (advance.hi == 0) {
      Engine<V> g(seed, jumps);
      g.discard(advance.lo);
      for (std::uint64_t expected : words(row.at("outputs"))) EXPECT_EQ(g(), expected);
    }
    ++rows;
  }
  EXPECT_EQ(rows, 9 * 11);
}

TEST(Pcg64, SeedingOutputsAdvanceAndJumpedAreNumpys) { expect_numpy_rows<pcg64::XslRr>("pcg64"); }
TEST(Pcg64Dxsm, SeedingOutputsAdvanceAndJumpedAreNumpys) { expect_numpy_rows<pcg64::Dxsm>("pcg64dxsm"); }

// ----- advance ------------------------------------------------------------------------------------

template <class V>
void expect_advance_is_stepping() {
  const State start = state_from_seed(U128{12345, 0});
  for (std::uint64_t k : {0ull, 1ull, 7ull, 1000ull}) {
    State stepped = start;
    for (std::uint64_t i = 0; i < k; ++i) V::next(stepped);
    const State skipped = pcg64::advance<V>(start, U128{k, 0});
    EXPECT_EQ(skipped.state, stepped.state) << k;
    EXPECT_EQ(outputs<V>(skipped, 5), outputs<V>(stepped, 5)) << k;
  }
  // advance(a) then advance(b) == advance(a + b), for large a, b and across 2^128 (the period).
  const U128 pairs[][2] = {{{0x0123456789abcdefull, 0x2}, {0xfedcba9876543210ull, 0x7fffffffull}},
                           {{~0ull, ~0ull}, {2, 0}},
                           {{0x9e3779b97f4a7c15ull, 0xf39cc0605cedc835ull}, {0x1ull, 0xc000000000000000ull}}};
  for (const auto& p : pairs) {
    EXPECT_EQ(pcg64::advance<V>(pcg64::advance<V>(start, p[0]), p[1]).state, pcg64::advance<V>(start, p[0] + p[1]).state);
  }
  // The period is 2^128: advance(2^127) twice is the identity.
  const U128 half{0, 1ull << 63};
  EXPECT_EQ(pcg64::advance<V>(pcg64::advance<V>(start, half), half).state, start.state);
  EXPECT_NE(pcg64::advance<V>(start, half).state, start.state);
}

// The CUDA fill threads' short jumps (pcg64_short_jump.hpp): the table built by the compiler's
// constant evaluation lands where advance does, for distances with every digit pattern below the
// limit, on a stream whose increment is not 1.
template <class V>
void expect_short_jumps_are_advance() {
  static constexpr pcg64::ShortJumpTable t = pcg64::make_short_jump_table<V>();
  std::vector<std::uint64_t> ks = {0, 1, 2, 511, 512, 513, 262143, 262144, pcg64::kShortJumpLimit - 1};
  std::uint64_t x = 7;
  for (int i = 0; i < 300; ++i) ks.push_back(gpurng::core::splitmix64_step(x) % pcg64::kShortJumpLimit);
  const State start = pcg64::stream_state<V>(U128{12345, 0}, 77);
  for (const std::uint64_t k : ks) {
    State a = start;
    pcg64::skip_short(a, k, t);
    ASSERT_EQ(a.state, pcg64::advance<V>(start, U128{k, 0}).state) << k;
    ASSERT_EQ(a.inc, start.inc);
  }
}

TEST(Pcg64, ShortJumpsAreAdvance) { expect_short_jumps_are_advance<pcg64::XslRr>(); }
TEST(Pcg64Dxsm, ShortJumpsAreAdvance) { expect_short_jumps_are_advance<pcg64::Dxsm>(); }

TEST(Pcg64, AdvanceIsStepping) { expect_advance_is_stepping<pcg64::XslRr>(); }
TEST(Pcg64Dxsm, AdvanceIsStepping) { expect_advance_is_stepping<pcg64::Dxsm>(); }

// ----- quick statistics ---------------------------------------------------------------------------

// PCG64 with its multiplier's last bit lost (an even multiplier): the state falls into a fixed point
// within 128 steps. What the cut-off must reject.
struct EvenMultiplier {
  static constexpr U128 multiplier() { return U128{kMultiplier.lo - 1, kMultiplier.hi}; }
  static U128 step(U128 s, U128 inc) { return s * multiplier() + inc; }
  static std::uint64_t next(State& st) {
    st.state = step(st.state, st.inc);
    return output_xsl_rr(st.state);
  }
};

template <class V>
double p_value() {
  Engine<V> g(U128{1, 0}, 0);
  return gpurng::test::top_byte_p_value(g, gpurng::test::kStatValues, 64);
}

TEST(Pcg64, TopBytesAreUniform) {
  EXPECT_GT(p_value<pcg64::XslRr>(), gpurng::test::kMinPValue);
  EXPECT_GT(p_value<pcg64::Dxsm>(), gpurng::test::kMinPValue);
  EXPECT_LT(p_value<EvenMultiplier>(), gpurng::test::kMinPValue);
}
