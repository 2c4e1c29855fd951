// The GF(2) toolkit's long runs (CTest label "long", built with -DGPURNG_LONG_TESTS=ON): the
// Dynamic Creator for the larger exponents, MTGPDC's full search for 11213 with the created sets
// loaded into the MTGP engine, and every shipped MTGP set's identity recomputed. Minutes each on a
// 2-core machine; docs/PERFORMANCE.md has the times.
#include <gtest/gtest.h>

#include <NTL/GF2XFactoring.h>

#include <cstdio>
#include <fstream>
#include <set>

#include "families/mtgp/mtgp_param_tables.hpp"
#include "gf2/dc_search.hpp"
#include "gf2/engine_adapters.hpp"
#include "gf2/equidistribution.hpp"
#include "gf2/mtgp_csv.hpp"
#include "gf2/mtgpdc_search.hpp"
#include "gf2/polynomial.hpp"
#include "gpurng/gpurng.hpp"

namespace {

using namespace gpurng::gf2;
namespace tables = gpurng::detail::mtgp_tables;

std::string data_file(const std::string& name) { return std::string(GPURNG_DATA_DIR) + "/mtgp/" + name; }

void check_dc(std::uint32_t p, std::vector<std::uint32_t> ids, double max_delta) {
  const DynamicCreator dc(p);
  std::set<std::string> sha1s;
  for (std::uint32_t id : ids) {
    const DcSet s = dc.create(id, 4172);
    EXPECT_EQ(s.params.aaa & 0xffffu, id);
    const NTL::GF2X f = characteristic_polynomial(DcMtAdapter{s.params});  // from the output
    EXPECT_EQ(NTL::deg(f), static_cast<long>(p));
    EXPECT_TRUE(NTL::IterIrredTest(f)) << p << " id " << id;  // NTL's own test, independent of ours
    EXPECT_EQ(coefficient_sha1(f), s.sha1);
    EXPECT_LE(s.delta, max_delta) << p << " id " << id;
    sha1s.insert(s.sha1);
    std::printf("[ dc p=%u id=%u ] Delta %ld, %ld candidates, %ld irreducibility tests, %.1f s + %.1f s\n", p, id, s.delta,
                s.candidates, s.full_tests, s.recursion_seconds, s.tempering_seconds);
  }
  EXPECT_EQ(sha1s.size(), ids.size());
}

// Bounds: the reference creator's sets of the shared data have Delta 787..1061 (2203), 1395 (4423).
TEST(Gf2Long, DynamicCreator1279And2203) {
  check_dc(1279, {0, 1}, 600);
  check_dc(2203, {0, 1, 2}, 1100);
}

TEST(Gf2Long, DynamicCreator4253And11213) {
  check_dc(4253, {0}, 1800);
  check_dc(11213, {0}, 4000);  // MT19937's masks on this twist word: 5093
}

// MT19937 (the same shape and shifts, masks by Matsumoto and Nishimura) has Delta = 6750.
TEST(Gf2Long, DynamicCreator19937) { check_dc(19937, {0}, 7000); }

TEST(Gf2Long, MtgpdcCreates11213SetsThatTheEngineLoads) {
  const MtgpCreator creator(11213);
  const std::string path = ::testing::TempDir() + "gf2_long_mtgp11213.csv";
  std::vector<MtgpSet> sets;
  {
    std::ofstream out(path);
    write_mtgp_header(out);
    std::uint64_t row = 0;
    for (std::uint32_t id : {0u, 0xfedcba98u}) {
      sets.push_back(creator.create(id, 1));
      const MtgpSet& s = sets.back();
      write_mtgp_row(out, row++, s);
      std::printf("[ mtgpdc 11213 id=%#x ] Delta %ld, %ld candidates, %ld irreducibility tests, %.1f s + %.1f s\n", id,
                  s.delta, s.candidates, s.full_tests, s.recursion_seconds, s.tempering_seconds);
      EXPECT_EQ(mtgp_id_of(s.params), id);
      EXPECT_EQ(s.params.sh1, 13u);
      EXPECT_EQ(s.params.sh2, 4u);
      EXPECT_GE(s.params.pos, 3u);
      EXPECT_LE(s.params.pos, creator.max_pos());
      const NTL::GF2X f = characteristic_polynomial(MtgpAdapter<std::uint32_t>{s.params});
      EXPECT_TRUE(NTL::IterIrredTest(f));  // full period, by NTL's test
      EXPECT_EQ(coefficient_sha1(f), s.sha1);
      EXPECT_LT(s.delta, 3542);  // the paper's worst of 1500 sets
    }
  }
  // The engine loads the file; its reference stream (one stream, seed 1) is the recursion stepped
  // from the reference seeding.
  for (std::uint32_t row = 0; row < 2; ++row) {
    gpurng::Generator g(gpurng::Engine::mtgp11213, gpurng::Backend::cpu);
    g.param_file(path);
    g.param_set(row);
    g.streams(1);
    std::vector<std::uint32_t> got(3000);
    g.generate_bits(got.data(), got.size());
    const MtgpAdapter<std::uint32_t> a{sets[row].params};
    StateWindow<MtgpAdapter<std::uint32_t>> s(a);
    gpurng::core::mtgp::seed_state<std::uint32_t>(sets[row].params, 1u, s.window());
    s.refresh(a);
    for (std::size_t i = 0; i < got.size(); ++i) {
      ASSERT_EQ(got[i], s.output(a)) << "row " << row << " value " << i;
      s.step(a);
    }
  }
  // And --verify's check passes on it.
  for (const MtgpCheck& c : verify_mtgp_file(path, 11213, 2)) EXPECT_TRUE(c.ok) << c.index;
  std::remove(path.c_str());
}

void verify_table(const std::string& file, std::uint32_t p, std::uint32_t stride) {
  const std::vector<MtgpCheck> checks = verify_mtgp_file(data_file(file), p, 2);
  for (std::size_t i = 0; i < checks.size(); i += stride) {
    const MtgpCheck& c = checks[i];
    EXPECT_TRUE(c.irreducible) << file << " " << i;
    EXPECT_EQ(c.sha1, c.file_sha1) << file << " " << i;
    EXPECT_EQ(c.weight, c.file_weight) << file << " " << i;
    EXPECT_EQ(c.delta, c.file_delta) << file << " " << i;
  }
}

TEST(Gf2Long, Every11213ReferenceSetVerified) {
  verify_table("mtgp32_fast_params_11213.csv", 11213, 1);
  verify_table("mtgp32dc_fast_params_11213.csv", 11213, 1);
}

TEST(Gf2Long, Every23209And44497ReferenceSetVerified) {
  verify_table("mtgp32_fast_params_23209.csv", 23209, 1);
  verify_table("mtgp32_fast_params_44497.csv", 44497, 1);
}

}  // namespace
