// MT19937 / MT19937-64 jump-ahead: the characteristic polynomial and jump polynomials against the
// reference tables, outputs after jumps against the known answers and against std::mt19937 /
// std::mt19937_64 stepped directly, and composition of jumps.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "gpurng/core/engines/mt19937.hpp"
#include "gpurng/gpurng.hpp"
#include "families/mt19937/mt_jump.hpp"
#include "test_support.hpp"

namespace core_mt = gpurng::core::mt19937;
namespace mtj = gpurng::detail::mt;
using gpurng::test::read_csv;
using gpurng::test::to_u64;
using M32 = core_mt::Mt32;
using M64 = core_mt::Mt64;

namespace {

// A big hexadecimal integer (bit i = coefficient of x^i) as little-endian 32-bit words.
std::vector<std::uint32_t> hex_to_words(const std::string& hex, std::size_t words) {
  std::vector<std::uint32_t> out(words, 0);
  std::size_t bit = 0;
  for (auto it = hex.rbegin(); it != hex.rend(); ++it, bit += 4) {
    const unsigned v = static_cast<unsigned>(std::stoul(std::string(1, *it), nullptr, 16));
    if (v == 0) continue;
    out.at(bit / 32) |= v << (bit % 32);
  }
  return out;
}

// The polynomial for a table row: its decimal form when given, else "2^e".
template <class P>
mtj::Poly poly_for(const std::map<std::string, std::string>& row) {
  if (!row.at("steps_decimal").empty()) return mtj::jump_polynomial_decimal<P>(row.at("steps_decimal"));
  const std::string& e = row.at("steps_expr");
  if (e.rfind("2^", 0) != 0) throw std::runtime_error("unexpected steps_expr " + e);
  return mtj::jump_polynomial_power_of_two<P>(static_cast<unsigned>(std::stoul(e.substr(2))));
}

template <class P>
std::vector<typename P::word> outputs_after_window(const typename P::word* window, std::size_t count) {
  std::vector<typename P::word> s(window, window + P::n), out;
  while (out.size() < count) {
    core_mt::regenerate<P>(s.data());
    for (int i = 0; i < P::n && out.size() < count; ++i) out.push_back(P::temper(s[i]));
  }
  return out;
}

// Window of std engine state after `k` steps is not accessible, so compare outputs instead: jump the
// seeded window by k with the polynomial and compare `count` outputs with std stepped k times.
template <class P, class Std>
void expect_jump_matches_std(typename P::word seed, std::uint64_t k, std::size_t count) {
  std::vector<typename P::word> w(P::n);
  core_mt::init_genrand<P>(w.data(), seed);
  mtj::jump_window<P>(w.data(), k);
  const auto got = outputs_after_window<P>(w.data(), count);
  Std ref(seed);
  ref.discard(k);
  for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(got[i], ref()) << "k=" << k << " output " << i;
}

bool same_state(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  if (((a[0] ^ b[0]) & 0x80000000u) != 0) return false;
  return std::equal(a.begin() + 1, a.end(), b.begin() + 1);
}

}  // namespace

TEST(Mt19937Jump, CharacteristicPolynomialMatchesTheTable) {
  const auto csv = read_csv("mt19937_jump/mt19937_charpoly.csv");
  ASSERT_EQ(csv.rows.size(), 1u);
  const auto& row = csv.rows[0];
  EXPECT_EQ(row.at("degree"), "19937");
  EXPECT_EQ(row.at("weight"), "135");
  const mtj::Poly p = mtj::characteristic_polynomial<M32>();
  EXPECT_EQ(p, hex_to_words(row.at("coeff_hex"), p.size()));
}

TEST(Mt19937Jump, JumpPolynomialsMatchTheTable) {
  const auto csv = read_csv("mt19937_jump/mt19937_jump_polynomials.csv");
  ASSERT_GE(csv.rows.size(), 30u);
  for (const auto& row : csv.rows) {
    const mtj::Poly g = poly_for<M32>(row);
    ASSERT_EQ(g, hex_to_words(row.at("coeff_hex"), g.size())) << row.at("steps_expr");
  }
}

TEST(Mt19937Jump, OutputsAfterJumpsMatchKnownAnswers) {
  const auto csv = read_csv("mt19937_jump/mt19937_jump_kat.csv");
  const std::uint32_t key[] = {0x123, 0x234, 0x345, 0x456};
  int checked = 0;
  for (const auto& row : csv.rows) {
    std::vector<std::uint32_t> w(624);
    if (row.at("seeding") == "init_genrand(5489)") {
      core_mt::init_genrand<M32>(w.data(), 5489);
    } else {
      ASSERT_EQ(row.at("seeding"), "init_by_array(0x123 0x234 0x345 0x456)");
      core_mt::init_by_array<M32>(w.data(), key, 4);
    }
    mtj::apply_polynomial<M32>(w.data(), poly_for<M32>(row));
    const auto out = outputs_after_window<M32>(w.data(), 8);
    for (int i = 0; i < 8; ++i) {
      ASSERT_EQ(out[i], to_u64(row.at("out_" + std::to_string(i)))) << row.at("steps_expr") << " " << row.at("seeding");
    }
    ++checked;
  }
  EXPECT_EQ(checked, 62);
}

// The list: jump k then n values == the reference stepped k + n times.
TEST(Mt19937Jump, JumpThenNEqualsStdSteppedKPlusN) {
  std::mt19937_64 pick(2024);
  const std::uint64_t random_k = 100'000'000 + pick() % 400'000'000;
  for (std::uint64_t k : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{623}, std::uint64_t{624}, std::uint64_t{625},
                          std::uint64_t{1000003}, std::uint64_t{1} << 31, random_k}) {
    expect_jump_matches_std<M32, std::mt19937>(5489, k, 3000);
    expect_jump_matches_std<M64, std::mt19937_64>(5489, k, 3000);
  }
  expect_jump_matches_std<M32, std::mt19937>(0xdeadbeefu, 12345678, 1000);
  expect_jump_matches_std<M64, std::mt19937_64>(0xdeadbeefcafef00dull, 12345678, 1000);
}

TEST(Mt19937Jump, JumpsCompose) {
  // As polynomials: x^a * x^b = x^(a+b), for large a, b (and beyond 2^64).
  const std::uint64_t a = (1ull << 40) + 7, b = 3ull * (1ull << 50) + 11;
  EXPECT_EQ(mtj::multiply<M32>(mtj::jump_polynomial<M32>(a), mtj::jump_polynomial<M32>(b)),
            mtj::jump_polynomial<M32>(a + b));
  EXPECT_EQ(mtj::multiply<M64>(mtj::jump_polynomial<M64>(a), mtj::jump_polynomial<M64>(b)),
            mtj::jump_polynomial<M64>(a + b));
  EXPECT_EQ(mtj::multiply<M32>(mtj::jump_polynomial_power_of_two<M32>(100), mtj::jump_polynomial_power_of_two<M32>(100)),
            mtj::jump_polynomial_power_of_two<M32>(101));
  EXPECT_EQ(mtj::jump_polynomial_decimal<M32>("18446744073709551616"), mtj::jump_polynomial_power_of_two<M32>(64));
  EXPECT_EQ(mtj::jump_polynomial_decimal<M32>("1000"), mtj::jump_polynomial<M32>(1000));
  // As states: jump a then b == jump a+b (19937 state bits equal).
  std::vector<std::uint32_t> x(624), y(624);
  core_mt::init_genrand<M32>(x.data(), 77);
  y = x;
  mtj::jump_window<M32>(x.data(), a);
  mtj::jump_window<M32>(x.data(), b);
  mtj::jump_window<M32>(y.data(), a + b);
  EXPECT_TRUE(same_state(x, y));
}

TEST(Mt19937Jump, BlockPolynomialsArePowers) {
  const std::uint64_t L = 1'234'567;
  const mtj::Poly set = mtj::block_polynomials<M32>(L, 5);
  ASSERT_EQ(set.size(), 5u * core_mt::kPolyWords);
  for (unsigned b = 1; b <= 5; ++b) {
    const mtj::Poly one(set.begin() + (b - 1) * core_mt::kPolyWords, set.begin() + b * core_mt::kPolyWords);
    EXPECT_EQ(one, mtj::jump_polynomial<M32>(b * L)) << "b=" << b;
  }
  EXPECT_TRUE(mtj::block_polynomials<M64>(5, 0).empty());
}

// The CUDA backend's speculative jumps: x^(shift + b L), from the cache as well.
TEST(Mt19937Jump, ShiftedBlockPolynomialsArePowers) {
  const std::uint64_t L = 65'536, shift = 3 * L + 12'345;
  const mtj::Poly set = mtj::block_polynomials<M64>(L, 3, shift);
  const auto cached = mtj::cached_block_polynomials<M64>(L, 3, shift);
  ASSERT_EQ(set.size(), 3u * core_mt::kPolyWords);
  EXPECT_EQ(*cached, set);
  EXPECT_NE(*mtj::cached_block_polynomials<M64>(L, 3), set);  // the unshifted set is cached apart
  for (unsigned b = 1; b <= 3; ++b) {
    const mtj::Poly one(set.begin() + (b - 1) * core_mt::kPolyWords, set.begin() + b * core_mt::kPolyWords);
    EXPECT_EQ(one, mtj::jump_polynomial<M64>(shift + b * L)) << "b=" << b;
  }
}

TEST(Mt19937Jump, SmallJumpsAreMonomials) {
  // x^k mod P = x^k for k < 19937: a jump by k is the window shifted by k.
  const mtj::Poly g = mtj::jump_polynomial<M32>(1000);
  for (int i = 0; i < core_mt::kPolyWords; ++i) EXPECT_EQ(g[i], i == 1000 / 32 ? 1u << (1000 % 32) : 0u);
}

TEST(Mt19937Jump, Mt64PolynomialIsPrimitiveDegree19937) {
  // x^(2^19937) = x mod P (with 2^19937 - 1 prime, P of degree 19937 is primitive), and the period
  // is not smaller: x^(2^1) != x.
  const mtj::Poly x = mtj::jump_polynomial<M64>(1);
  EXPECT_EQ(mtj::jump_polynomial_power_of_two<M64>(19937), x);
  EXPECT_NE(mtj::jump_polynomial_power_of_two<M64>(1), x);
  const mtj::Poly p = mtj::characteristic_polynomial<M64>();
  EXPECT_EQ(p[19937 / 32] >> (19937 % 32), 1u);  // degree 19937
  EXPECT_EQ(p[0] & 1u, 1u);
}

TEST(Mt19937Jump, BadDecimalIsRejected) {
  EXPECT_THROW(mtj::jump_polynomial_decimal<M32>("12x"), gpurng::Error);
  EXPECT_THROW(mtj::jump_polynomial_decimal<M32>(""), gpurng::Error);
}
