// Sets made by this branch's creators (gpurng dc, gpurng mtgpdc), stored in tests/data/gf2/ because
// a search takes minutes, checked by means independent of the search: NTL's own irreducibility test
// on the Berlekamp-Massey polynomial of the output (full period), the file's SHA-1 and Delta
// recomputed, the embedded ID, and the library's engines (mtgp11213, dcmt2203) loading the file
// (--param-file / Generator::param_file) and producing the adapter's recursion stream. The live
// searches run in test_gf2_dc.cpp (MT521) and test_gf2_long.cpp (the rest).
#include <gtest/gtest.h>

#include <NTL/GF2XFactoring.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <string>

#include "gf2/dc_csv.hpp"
#include "gf2/dc_search.hpp"
#include "gf2/engine_adapters.hpp"
#include "gf2/equidistribution.hpp"
#include "gf2/mtgpdc_search.hpp"
#include "gf2/polynomial.hpp"
#include "gpurng/gpurng.hpp"
#include "test_support.hpp"

namespace {

using namespace gpurng::gf2;
using gpurng::test::data_path;
using gpurng::test::read_csv;
using gpurng::test::to_u64;

// gpurng dc --mexp 2203 --ids 0-2 (docs/PERFORMANCE.md, "GF(2) tools").
TEST(Gf2CreatedSets, Dc2203SetsHaveFullPeriodAndTheirIds) {
  const std::string file = "gf2/dc2203_ids0-2.csv";
  const std::vector<DcParams> sets = read_dc_sets(data_path(file));
  const auto rows = read_csv(file).rows;
  ASSERT_EQ(sets.size(), 3u);
  std::set<std::string> sha1s;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const DcParams& d = sets[i];
    EXPECT_EQ(d.exponent(), 2203u);
    EXPECT_EQ(d.aaa & 0xffffu, to_u64(rows[i].at("id")));
    const NTL::GF2X f = characteristic_polynomial(DcMtAdapter{d});
    EXPECT_EQ(NTL::deg(f), 2203);
    EXPECT_TRUE(NTL::IterIrredTest(f)) << i;  // degree 2203 prime, irreducible: period 2^2203 - 1
    EXPECT_EQ(coefficient_sha1(f), rows[i].at("sha1")) << i;
    EXPECT_EQ(NTL::weight(f), static_cast<long>(to_u64(rows[i].at("weight")))) << i;
    EXPECT_EQ(defects(2203, equidistribution(DcMtAdapter{d})).total, static_cast<long>(to_u64(rows[i].at("delta")))) << i;
    EXPECT_TRUE(dc_has_full_period(d));
    sha1s.insert(rows[i].at("sha1"));
  }
  EXPECT_EQ(sha1s.size(), sets.size());
}

// The dcmt2203 engine (issue 8) loads each created set (a one-row file, so its one stream runs that
// set) and, seeded with seed_array({s}) (the reference library's sgenrand_mt(s)), gives the MT of
// those parameters as the toolkit's model steps it from that seeding.
TEST(Gf2CreatedSets, Dc2203SetsLoadIntoTheDcmtEngine) {
  const std::string file = "gf2/dc2203_ids0-2.csv";
  const auto csv = read_csv(file);
  const std::vector<DcParams> sets = read_dc_sets(data_path(file));
  for (std::size_t i = 0; i < sets.size(); ++i) {
    std::string text;
    for (std::size_t c = 0; c < csv.columns.size(); ++c) text += (c ? "," : "") + csv.columns[c];
    text += "\n";
    for (std::size_t c = 0; c < csv.columns.size(); ++c) text += (c ? "," : "") + csv.rows[i].at(csv.columns[c]);
    text += "\n";
    const std::string path = ::testing::TempDir() + "gf2_created_dc2203_" + std::to_string(i) + ".csv";
    {
      std::ofstream out(path);
      out << text;
    }
    const std::uint32_t seed = 4357u + static_cast<std::uint32_t>(i);
    gpurng::Generator g(gpurng::Engine::dcmt2203, gpurng::Backend::cpu);
    g.param_file(path);
    g.streams(1);
    g.seed_array({seed});
    std::vector<std::uint32_t> got(1000);
    g.generate_bits(got.data(), got.size());
    std::remove(path.c_str());

    const DcMtAdapter a{sets[i]};
    StateWindow<DcMtAdapter> s(a);
    std::uint32_t x = seed;  // sgenrand_mt: Knuth's multiplier, each word masked by wmask
    for (std::uint32_t k = 0; k < a.d.n; ++k) {
      s.window()[k] = x & a.d.wmask;
      x = 1812433253u * (x ^ (x >> 30)) + k + 1;
    }
    s.refresh(a);
    for (std::size_t k = 0; k < got.size(); ++k) {
      ASSERT_EQ(got[k], s.output(a)) << "set " << i << " value " << k;
      s.step(a);
    }
  }
}

// gpurng mtgpdc --mexp 11213 --ids 0-1 (docs/PERFORMANCE.md, "GF(2) tools"): the section-5 shape,
// full period, the file's identity, and the engine loads each set.
TEST(Gf2CreatedSets, Mtgpdc11213SetsLoadIntoTheEngineWithFullPeriod) {
  const std::string file = "gf2/mtgpdc11213_ids0-1.csv";
  const std::string path = data_path(file);
  const auto rows = read_csv(file).rows;
  ASSERT_EQ(rows.size(), 2u);
  const MtgpCreator creator(11213);
  const std::vector<MtgpCheck> checks = verify_mtgp_file(path, 11213, 2);
  ASSERT_EQ(checks.size(), 2u);
  std::set<std::string> sha1s;
  for (std::uint32_t row = 0; row < 2; ++row) {
    const MtgpCheck& c = checks[row];
    EXPECT_TRUE(c.ok) << row;
    EXPECT_EQ(c.sha1, rows[row].at("poly_sha1"));
    EXPECT_EQ(c.delta, static_cast<long>(to_u64(rows[row].at("delta"))));
    sha1s.insert(c.sha1);

    gpurng::Generator g(gpurng::Engine::mtgp11213, gpurng::Backend::cpu);
    g.param_file(path);
    g.param_set(row);
    g.streams(1);
    g.seed(1);
    std::vector<std::uint32_t> got(4000);
    g.generate_bits(got.data(), got.size());

    // The set read back independently of the engine's reader: the first 2p output bits give the
    // characteristic polynomial; NTL's test says irreducible (11213 is a Mersenne exponent: full period).
    gpurng::core::mtgp::Params<std::uint32_t> p{};
    p.mexp = 11213;
    p.pos = static_cast<std::uint32_t>(to_u64(rows[row].at("pos")));
    p.sh1 = static_cast<std::uint32_t>(to_u64(rows[row].at("sh1")));
    p.sh2 = static_cast<std::uint32_t>(to_u64(rows[row].at("sh2")));
    p.mask = static_cast<std::uint32_t>(to_u64(rows[row].at("mask")));
    for (int k = 0; k < 16; ++k) {
      p.tbl[k] = static_cast<std::uint32_t>(to_u64(rows[row].at("tbl_" + std::to_string(k))));
      p.tmp_tbl[k] = static_cast<std::uint32_t>(to_u64(rows[row].at("tmp_tbl_" + std::to_string(k))));
    }
    EXPECT_EQ(mtgp_id_of(p), to_u64(rows[row].at("label_no")));
    EXPECT_EQ(p.sh1, 13u);
    EXPECT_EQ(p.sh2, 4u);
    EXPECT_GT(p.pos, 2u);
    EXPECT_LE(p.pos, creator.max_pos());
    const MtgpAdapter<std::uint32_t> a{p};
    const NTL::GF2X f = characteristic_polynomial(a);
    EXPECT_EQ(NTL::deg(f), 11213);
    EXPECT_TRUE(NTL::IterIrredTest(f)) << row;

    // The engine's stream (one stream, seed 1) is the recursion stepped from the reference seeding.
    StateWindow<MtgpAdapter<std::uint32_t>> s(a);
    gpurng::core::mtgp::seed_state<std::uint32_t>(p, 1u, s.window());
    s.refresh(a);
    for (std::size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(got[i], s.output(a)) << "row " << row << " value " << i;
      s.step(a);
    }
  }
  EXPECT_EQ(sha1s.size(), 2u);
}

}  // namespace
