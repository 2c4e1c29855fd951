// MTGP through the GF(2) toolkit: the paper's Table 1 and statements (section 3.8), the identities
// (SHA-1, weight, Delta) the shipped tables print, the reference creator's ID layout, and the
// tempering search of MTGPDC (tools/gf2/mtgpdc_search). The recursion search itself takes a minute
// or more per set: tests/test_gf2_long.cpp.
#include <gtest/gtest.h>

#include "families/mtgp/mtgp_param_tables.hpp"
#include "gf2/engine_adapters.hpp"
#include "gf2/equidistribution.hpp"
#include "gf2/mtgpdc_search.hpp"

namespace {

using namespace gpurng::gf2;
namespace tables = gpurng::detail::mtgp_tables;

// Saito and Matsumoto, Table 1: k(v) of MTGP23209 with the first parameter set (the best of the 128
// by Delta, which is set 8 of the shipped table, label 9), v = 1 .. 32; Delta = 1141.
TEST(Gf2Mtgp, PaperTable1) {
  const int table1[32] = {23209, 11604, 7736, 5802, 4641, 3868, 3315, 2900, 2578, 2320, 2109, 1934, 1785, 1657, 1547, 1450,
                          1362,  1266,  1181, 1137, 1043, 931,  930,  930,  727,  726,  725,  725,  725,  725,  725,  725};
  const Defects r = defects(23209, equidistribution(MtgpAdapter<std::uint32_t>{tables::k32_fast_23209.params[8]}));
  EXPECT_EQ(r.k, std::vector<int>(table1, table1 + 32));
  EXPECT_EQ(r.total, 1141);
  EXPECT_EQ(r.d[7], 1);    // d(8)
  EXPECT_EQ(r.d[24], 201); // d(25)
  // "The last (and worst) among the 128 parameter sets for MTGP23209 has Delta = 2100."
  EXPECT_EQ(defects(23209, equidistribution(MtgpAdapter<std::uint32_t>{tables::k32_fast_23209.params[127]})).total, 2100);
}

// The identities the reference printed beside each set: SHA-1 of the characteristic polynomial,
// its weight, and the total dimension defect (a sample here; every set in test_gf2_long.cpp).
TEST(Gf2Mtgp, ShippedSetsIdentitiesRecomputed) {
  const struct {
    const tables::Table<std::uint32_t>* t;
    std::vector<std::uint32_t> sets;
  } cases[] = {{&tables::k32_fast_11213, {0, 17, 127}}, {&tables::k32dc_fast_11213, {0, 1, 199}}, {&tables::k32_fast_23209, {8}}};
  for (const auto& c : cases) {
    for (std::uint32_t i : c.sets) {
      const MtgpIdentity id = mtgp_identity(c.t->params[i]);
      EXPECT_TRUE(id.irreducible) << c.t->source << " " << i;
      EXPECT_EQ(id.sha1, c.t->ids[i].poly_sha1) << c.t->source << " " << i;
      EXPECT_EQ(id.weight, static_cast<long>(c.t->ids[i].weight)) << c.t->source << " " << i;
      EXPECT_EQ(id.delta, static_cast<long>(c.t->ids[i].delta)) << c.t->source << " " << i;
    }
  }
}

TEST(Gf2Mtgp, EveryShipped11213DeltaRecomputed) {
  for (const auto* t : {&tables::k32_fast_11213, &tables::k32dc_fast_11213}) {
    for (std::uint32_t i = 0; i < t->count; ++i) {
      const MtgpAdapter<std::uint32_t> g{t->params[i]};
      EXPECT_EQ(defects(11213, equidistribution(g)).total, static_cast<long>(t->ids[i].delta)) << t->source << " " << i;
    }
  }
}

// The reference creator's 200 sets (cuRAND's mtgp32dc table) carry their label as the ID in the
// layout MtgpCreator uses.
TEST(Gf2Mtgp, ReferenceCreatorIdLayout) {
  const auto& t = tables::k32dc_fast_11213;
  for (std::uint32_t i = 0; i < t.count; ++i) EXPECT_EQ(mtgp_id_of(t.params[i]), t.ids[i].label) << i;
}

TEST(Gf2Mtgp, TemperingSearchOnAReferenceRecursion) {
  // The reference creator's recursion of set 1 with the tempering searched again (the paper's
  // search, sh1/sh2 as they were): a linear table and a Delta no worse than the reference's 1185.
  gpurng::core::mtgp::Params<std::uint32_t> p = tables::k32dc_fast_11213.params[1];
  const MtgpCreator creator(11213);
  creator.search_tempering(p);
  EXPECT_EQ(p.tmp_tbl[0], 0u);
  for (int k = 0; k < 16; ++k) {
    std::uint32_t x = 0;
    for (int b = 0; b < 4; ++b) x ^= ((k >> b) & 1) ? p.tmp_tbl[1 << b] : 0u;
    EXPECT_EQ(p.tmp_tbl[k], x);
  }
  const Defects r = defects(11213, equidistribution(MtgpAdapter<std::uint32_t>{p}));
  EXPECT_LE(r.total, 1185);
  // The 9 LSBs were searched too: the least significant bits are close to optimal.
  const Defects lsb = defects(11213, equidistribution(LsbFirst<MtgpAdapter<std::uint32_t>>{MtgpAdapter<std::uint32_t>{p}}, 9));
  EXPECT_LE(lsb.total, 20) << "d'(1..9) sum";
}

TEST(Gf2Mtgp, FillTableAndBadExponents) {
  const std::uint32_t rows[4] = {1, 2, 4, 8};
  std::uint32_t table[16];
  fill_table(rows, table);
  for (std::uint32_t k = 0; k < 16; ++k) EXPECT_EQ(table[k], k);
  EXPECT_THROW(MtgpCreator(19937), std::invalid_argument);
  EXPECT_THROW(MtgpCreator(0), std::invalid_argument);
  EXPECT_EQ(MtgpCreator(11213).max_pos(), 351u - 256u - 1u);
  EXPECT_EQ(MtgpCreator(23209).max_pos(), 726u - 512u - 1u);
  EXPECT_EQ(MtgpCreator(44497).max_pos(), 1391u - 1024u - 1u);
}

}  // namespace
