// k(v), d(v) and Delta by the lattice method (tools/gf2/equidistribution.hpp): the published values
// for MT19937 and the definition (Gaussian elimination, tests/gf2_reference.hpp) for xorshift256.
#include <gtest/gtest.h>

#include <chrono>
#include <cstring>

#include "gf2/engine_adapters.hpp"
#include "gf2/equidistribution.hpp"
#include "gf2_reference.hpp"

namespace {

using namespace gpurng::gf2;
namespace core_xs = gpurng::core::xorshift256;

// Saito and Matsumoto (MTGP paper, section 3.8): MT19937 has Delta = 6750 with d(1) = d(2) = d(4) =
// d(8) = 0, d(3) = 405, d(5) = 249, d(6) = 207, d(7) = 355. It is also 623-distributed to 32 bits.
TEST(Gf2Equidistribution, Mt19937PublishedDefects) {
  const auto start = std::chrono::steady_clock::now();
  const Defects r = defects(19937, equidistribution(Mt19937Adapter{}));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_EQ(r.k.size(), 32u);
  EXPECT_EQ(r.total, 6750);
  const int expected[8] = {0, 0, 405, 0, 249, 207, 355, 0};
  for (int v = 1; v <= 8; ++v) EXPECT_EQ(r.d[static_cast<std::size_t>(v - 1)], expected[v - 1]) << "v = " << v;
  EXPECT_EQ(r.k[0], 19937);
  EXPECT_EQ(r.k[31], 623);
  EXPECT_LT(seconds, 60.0);  // the target on a 2-core machine
}

TEST(Gf2Equidistribution, Mt19937_64Bounds) {
  const Defects r = defects(19937, equidistribution(Mt19937_64Adapter{}));
  ASSERT_EQ(r.k.size(), 64u);
  EXPECT_EQ(r.k[0], 19937);
  EXPECT_EQ(r.k[63], 311);  // 311-distributed to 64 bits, as published
  for (std::size_t i = 0; i < r.k.size(); ++i) {
    EXPECT_GE(r.d[i], 0);
    if (i > 0) EXPECT_LE(r.k[i], r.k[i - 1]);
  }
}

std::vector<std::uint32_t> run_xorshift(const std::vector<std::uint32_t>& window, int count) {
  core_xs::State st{};
  std::memcpy(st.x, window.data(), sizeof st.x);
  std::vector<std::uint32_t> out;
  for (int i = 0; i < count; ++i) out.push_back(core_xs::next(st));
  return out;
}

std::vector<std::uint32_t> unit_xorshift(int i) {
  std::vector<std::uint32_t> x(8, 0);
  x[static_cast<std::size_t>(i / 32)] = 1u << (i % 32);
  return x;
}

std::vector<std::uint32_t> reversed(std::vector<std::uint32_t> v) {
  for (auto& x : v) x = LsbFirst<Xorshift256Adapter>::reverse(x, 32);
  return v;
}

TEST(Gf2Equidistribution, Xorshift256EqualsGaussianElimination) {
  const std::vector<int> lattice = equidistribution(Xorshift256Adapter{});
  const std::vector<int> reference =
      gpurng::test::equidistribution_by_elimination<std::uint32_t>(256, 32, 257, unit_xorshift, run_xorshift);
  EXPECT_EQ(lattice, reference);
}

TEST(Gf2Equidistribution, LeastSignificantBitsEqualGaussianElimination) {
  const std::vector<int> lattice = equidistribution(LsbFirst<Xorshift256Adapter>{});
  const std::vector<int> reference = gpurng::test::equidistribution_by_elimination<std::uint32_t>(
      256, 32, 257, unit_xorshift, [](const std::vector<std::uint32_t>& w, int n) { return reversed(run_xorshift(w, n)); });
  EXPECT_EQ(lattice, reference);
}

TEST(Gf2Equidistribution, PartialRangeEqualsTheFullOne) {
  const std::vector<int> all = equidistribution(Mt19937Adapter{});
  const std::vector<int> first10 = equidistribution(Mt19937Adapter{}, 10);
  EXPECT_EQ(first10, std::vector<int>(all.begin(), all.begin() + 10));
}

TEST(Gf2Equidistribution, DefectsSumToDelta) {
  const Defects r = defects(100, {100, 49, 30});
  EXPECT_EQ(r.d, (std::vector<int>{0, 1, 3}));
  EXPECT_EQ(r.total, 4);
}

// A generator whose output misses state bits (a reducible characteristic polynomial for the
// output): the lattice cannot be reduced to full rank and says so.
struct HalfBlind {
  using word = std::uint32_t;
  int word_bits() const { return 32; }
  int state_words() const { return 2; }
  int degree() const { return 64; }
  word first_word_mask() const { return ~word{0}; }
  word next(const word* x) const { return x[0]; }  // two independent period-2 words
  word output(const word* x) const { return x[2]; }
  void seed(word* x) const {
    x[0] = 1;
    x[1] = 2;
  }
};

TEST(Gf2Equidistribution, ReducibleGeneratorIsReported) {
  EXPECT_THROW(equidistribution(HalfBlind{}), NotIrreducible);
  EXPECT_THROW(equidistribution(Mt19937Adapter{}, 33), std::invalid_argument);
}

}  // namespace
