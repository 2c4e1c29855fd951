// The Dynamic Creator (tools/gf2/dc_search): the MT model against the reference library's outputs,
// its characteristic-polynomial formula against Berlekamp-Massey, the full-period test on the
// reference sets (the seed's 32 MT521 sets and the shared dcmt data), and created sets: full period,
// distinct polynomials for distinct IDs, a total defect comparable to the reference creator's.
#include <gtest/gtest.h>

#include <NTL/GF2XFactoring.h>

#include <map>
#include <random>
#include <set>

#include "gf2/dc_search.hpp"
#include "gf2/equidistribution.hpp"
#include "gf2_reference.hpp"
#include "test_support.hpp"

namespace {

using namespace gpurng::gf2;
using gpurng::test::read_csv;
using gpurng::test::to_u64;

DcParams params_of(const std::map<std::string, std::string>& row) {
  DcParams d;
  auto u = [&](const char* k) { return static_cast<std::uint32_t>(to_u64(row.at(k))); };
  d.n = u("n");
  d.m = u("m");
  d.r = u("r");
  d.aaa = u("aaa");
  d.wmask = u("wmask");
  d.umask = u("umask");
  d.lmask = u("lmask");
  d.shift0_u = u("shift0_u");
  d.shift1_l = u("shift1_l");
  d.shiftB_s = u("shiftB_s");
  d.shiftC_t = u("shiftC_t");
  d.maskB_b = u("maskB_b");
  d.maskC_c = u("maskC_c");
  return d;
}

TEST(Gf2Dc, ModelReproducesTheReferenceLibrary) {
  const auto sets = read_csv("dcmt/dcmt_w32_parameter_sets.csv");
  const auto outputs = read_csv("dcmt/dcmt_w32_outputs.csv");
  int checked = 0;
  for (const auto& row : sets.rows) {
    const DcMtAdapter g{params_of(row)};
    // The reference seeding: init_genrand of init_seed, masked by wmask; the first output is
    // temper(X_n).
    StateWindow<DcMtAdapter> s(g);
    std::uint32_t seed = static_cast<std::uint32_t>(to_u64(row.at("init_seed")));
    for (std::uint32_t i = 0; i < g.d.n; ++i) {
      s.window()[i] = seed & g.d.wmask;
      seed = 1812433253u * (seed ^ (seed >> 30)) + i + 1;
    }
    s.refresh(g);
    for (const auto& out : outputs.rows) {
      if (out.at("case") != row.at("case")) continue;
      ASSERT_EQ(s.output(g), to_u64(out.at("output"))) << row.at("case") << " n = " << out.at("n");
      s.step(g);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 1900);
}

TEST(Gf2Dc, ReferenceSetsHaveFullPeriod) {
  for (const char* file : {"dcmt/dcmt_w32_parameter_sets.csv", "dcmt/seed002_mt521_parameter_sets.csv"}) {
    for (const auto& row : read_csv(file).rows) {
      const DcParams d = params_of(row);
      EXPECT_TRUE(dc_has_full_period(d)) << file << " aaa " << row.at("aaa");
      DcParams broken = d;
      broken.aaa ^= 1u << 20;  // almost surely reducible
      const NTL::GF2X f = characteristic_polynomial(DcMtAdapter{broken});
      EXPECT_EQ(dc_has_full_period(broken), NTL::deg(f) == d.exponent() && NTL::IterIrredTest(f) != 0);
    }
  }
}

TEST(Gf2Dc, FormulaEqualsBerlekampMassey) {
  std::mt19937 rng(7);
  for (std::uint32_t p : {521u, 607u, 2203u}) {
    const DynamicCreator dc(p);
    for (int i = 0; i < 10; ++i) {
      DcParams d = dc.shape();
      d.aaa = static_cast<std::uint32_t>(rng()) | 0x80000000u;
      const NTL::GF2X formula = dc.characteristic_polynomial_of(d.aaa);
      const NTL::GF2X seq = characteristic_polynomial(DcMtAdapter{d});  // the output's minimal polynomial
      ASSERT_EQ(NTL::deg(formula), p);
      EXPECT_TRUE(NTL::IsZero(formula % seq)) << p << " " << d.aaa;
      if (NTL::deg(seq) == p) EXPECT_EQ(formula, seq);
    }
  }
}

// The seed's 32 MT521 sets, made by the reference creator: their mean total defect.
double seed_mean_delta() {
  double sum = 0;
  const auto rows = read_csv("dcmt/seed002_mt521_parameter_sets.csv").rows;
  for (const auto& row : rows) sum += static_cast<double>(defects(521, equidistribution(DcMtAdapter{params_of(row)})).total);
  return sum / static_cast<double>(rows.size());
}

TEST(Gf2Dc, CreatedMt521SetsHaveFullPeriodDistinctPolynomialsAndComparableDelta) {
  const DynamicCreator dc(521);
  std::set<std::string> sha1s;
  std::set<std::uint32_t> twists;
  double sum = 0;
  const int ids = 16;
  for (std::uint32_t id = 0; id < ids; ++id) {
    const DcSet s = dc.create(id, 4172);
    EXPECT_EQ(s.params.aaa & 0xffffu, id);
    EXPECT_NE(s.params.aaa & 0x80000000u, 0u);
    EXPECT_EQ(s.params.n, 17u);
    EXPECT_EQ(s.params.m, 8u);
    EXPECT_EQ(s.params.r, 23u);
    EXPECT_TRUE(dc_has_full_period(s.params)) << id;  // Berlekamp-Massey on the output, not the formula
    const NTL::GF2X f = characteristic_polynomial(DcMtAdapter{s.params});
    EXPECT_EQ(coefficient_sha1(f), s.sha1);
    EXPECT_EQ(NTL::weight(f), s.weight);
    EXPECT_EQ(s.k, equidistribution(DcMtAdapter{s.params}));
    EXPECT_EQ(s.delta, defects(521, s.k).total);
    sha1s.insert(s.sha1);
    twists.insert(s.params.aaa);
    sum += static_cast<double>(s.delta);
  }
  EXPECT_EQ(sha1s.size(), static_cast<std::size_t>(ids));
  EXPECT_EQ(twists.size(), static_cast<std::size_t>(ids));
  const double ours = sum / ids, reference = seed_mean_delta();
  EXPECT_NEAR(reference, 110.0, 0.5);  // measured: 110.0
  EXPECT_LE(ours, reference * 1.05) << "mean Delta of the created sets " << ours << " vs the seed's " << reference;
}

TEST(Gf2Dc, SameSeedSameSetOtherSeedOtherOrder) {
  const DynamicCreator dc(607);
  const DcSet a = dc.create(3, 1), b = dc.create(3, 1), c = dc.create(3, 2);
  EXPECT_EQ(a.params.aaa, b.params.aaa);
  EXPECT_EQ(a.params.maskB_b, b.params.maskB_b);
  EXPECT_EQ(a.params.maskC_c, b.params.maskC_c);
  EXPECT_EQ(a.sha1, b.sha1);
  EXPECT_TRUE(dc_has_full_period(c.params));
}

TEST(Gf2Dc, DistinctTwistWordsGiveDistinctPolynomials) {
  // The formula's summands have distinct degrees, so a -> phi is injective; spot-check it.
  const DynamicCreator dc(521);
  std::set<std::string> seen;
  for (std::uint32_t id = 0; id < 64; ++id) seen.insert(coefficient_sha1(dc.characteristic_polynomial_of(0x80000000u | id)));
  EXPECT_EQ(seen.size(), 64u);
}

TEST(Gf2Dc, LatticeEqualsGaussianEliminationOnMt521) {
  const auto row = read_csv("dcmt/seed002_mt521_parameter_sets.csv").rows.at(5);
  const DcMtAdapter g{params_of(row)};
  auto unit = [&](int i) {
    // State bit i: the top 9 bits of X_0 (i < 9), then the 16 words X_1 .. X_16.
    std::vector<std::uint32_t> x(g.d.n, 0);
    if (i < 9) x[0] = 1u << (31 - i);
    else x[static_cast<std::size_t>(1 + (i - 9) / 32)] = 1u << ((i - 9) % 32);
    return x;
  };
  auto run = [&](const std::vector<std::uint32_t>& window, int count) {
    StateWindow<DcMtAdapter> s(g);
    std::copy(window.begin(), window.end(), s.window());
    s.refresh(g);
    std::vector<std::uint32_t> out;
    for (int i = 0; i < count; ++i) {
      out.push_back(s.output(g));
      s.step(g);
    }
    return out;
  };
  EXPECT_EQ(equidistribution(g), gpurng::test::equidistribution_by_elimination<std::uint32_t>(521, 32, 522, unit, run));
}

TEST(Gf2Dc, BadArguments) {
  EXPECT_THROW(DynamicCreator(1000), std::invalid_argument);
  EXPECT_THROW(DynamicCreator(89), std::invalid_argument);
  const DynamicCreator dc(521);
  EXPECT_THROW(dc.create(65536, 0), std::invalid_argument);
}

}  // namespace
