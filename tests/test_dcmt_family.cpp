// The default Dynamic-Creator families and the parameter-file reader: the generated header equals its
// data files (4096 MT521 and 1024 MT2203 sets made by `gpurng dc`), every shipped set has full period,
// its own ID and its own characteristic polynomial, proved here from an independent implementation with
// NTL (as are the reference library's sets the library shipped before, now a parameter file, and the
// reference data's), the seed paper's 32 MT521 sets are transcribed exactly, jump polynomials are made
// only for the sets a call uses, and the reader accepts the creator's CSV and rejects every malformed
// file with a message naming it.
#include <NTL/GF2X.h>
#include <NTL/GF2XFactoring.h>
#include <NTL/vec_GF2.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "families/dcmt/dcmt_plan.hpp"
#include "dcmt_reference.hpp"
#include "families/dcmt/dcmt_family.hpp"
#include "gpurng/core/engines/dcmt_sets.hpp"
#include "gpurng/gpurng.hpp"
#include "test_support.hpp"

namespace dcmt = gpurng::core::dcmt;
namespace detail = gpurng::detail::dcmt;
using gpurng::test::DcSet;
using gpurng::test::SlowDcmt;

namespace {

const detail::ShapeInfo kMt521{"dcmt521", 17, 8, 23};
const detail::ShapeInfo kMt2203{"dcmt2203", 69, 34, 5};

// The shipped data files: data/ at the repository root, beside tests/data.
std::string shipped(const std::string& name) { return gpurng::test::data_path("../../data/dcmt/" + name); }

DcSet dc_set(const dcmt::Params& p) {
  return DcSet{p.n, p.m, p.r, p.aaa, p.wmask, p.umask, p.lmask, p.shift_u, p.shift_l, p.shift_s, p.shift_t, p.mask_b, p.mask_c};
}

// The characteristic polynomial by Berlekamp-Massey on 2p bits of the slow reference's words.
NTL::GF2X charpoly(const DcSet& s) {
  const long p = 32L * s.n - s.r;
  SlowDcmt g(s, 5489u);
  NTL::vec_GF2 seq;
  seq.SetLength(2 * p);
  for (long t = 0; t < 2 * p; ++t) seq[t] = static_cast<long>(g.word(s.n + t) >> 31);
  NTL::GF2X f;
  NTL::MinPolySeq(f, seq, p);
  return f;
}

// Irreducible of degree p = 32 n - r, a Mersenne exponent: primitive, period 2^p - 1.
void expect_full_period(const DcSet& s, const std::string& what) {
  const long p = 32L * s.n - s.r;
  const NTL::GF2X f = charpoly(s);
  EXPECT_EQ(NTL::deg(f), p) << what;
  EXPECT_EQ(NTL::IterIrredTest(f), 1) << what << ": characteristic polynomial not irreducible";
}

std::string temp_file(const std::string& text) {
  static int counter = 0;
  const std::string path = ::testing::TempDir() + "dcmt_params_" + std::to_string(::getpid()) + "_" +
                           std::to_string(counter++) + ".csv";
  std::ofstream(path) << text;
  return path;
}

const char* kHeader = "n,m,r,aaa,wmask,umask,lmask,shift0_u,shift1_l,shiftB_s,shiftC_t,maskB_b,maskC_c\n";
const char* kGoodRow = "17,8,23,0xcef725c0,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000\n";

// The files `gpurng dc` wrote (data/PROVENANCE.md); the header is generated from them.
const char* const kMt521File = "dcmt521_gpurng_dc_seed4172.csv";
const char* const kMt2203File = "dcmt2203_gpurng_dc_seed4172.csv";

void expect_header_equals_file(const detail::ShapeInfo& shape, const char* file, const dcmt::Set* sets, int count,
                               std::size_t at_least) {
  const auto params = detail::read_param_file(shipped(file), shape);
  EXPECT_GE(params.size(), at_least) << file;  // what the issue asks for
  ASSERT_EQ(params.size(), std::size_t(count)) << file;
  for (std::size_t i = 0; i < params.size(); ++i) {
    const dcmt::Set a = dcmt::set_of(params[i]), &b = sets[i];
    EXPECT_TRUE(a.aaa == b.aaa && a.mask_b == b.mask_b && a.mask_c == b.mask_c && a.shift_u == b.shift_u &&
                a.shift_s == b.shift_s && a.shift_t == b.shift_t && a.shift_l == b.shift_l && b.reserved == 0)
        << file << " set " << i;
  }
}

// Every set of a default family has the creator's ID k in the low 16 bits of set k's twist word (so
// the IDs are distinct), a characteristic polynomial of degree p, and one no other set of the family
// has (Berlekamp-Massey is cheap; the irreducibility tests below are what costs).
void expect_ids_and_distinct_polynomials(const detail::ShapeInfo& shape, const dcmt::Set* sets, int count) {
  std::set<std::uint32_t> twists;
  std::set<std::string> polys;
  for (int i = 0; i < count; ++i) {
    const std::string what = std::string(shape.engine) + " set " + std::to_string(i);
    EXPECT_EQ(sets[i].aaa & 0xffffu, static_cast<std::uint32_t>(i)) << what;
    twists.insert(sets[i].aaa);
    const NTL::GF2X f = charpoly(dc_set(detail::params_of(shape, sets[i])));
    EXPECT_EQ(NTL::deg(f), static_cast<long>(shape.exponent())) << what;
    std::ostringstream text;
    text << f;
    polys.insert(text.str());
  }
  EXPECT_EQ(twists.size(), std::size_t(count)) << shape.engine;
  EXPECT_EQ(polys.size(), std::size_t(count)) << shape.engine;
}

// Sets [begin, end) of a default family have full period (about 2 ms per MT521 set and 35 ms per
// MT2203 set, hence shards that ctest runs side by side).
void expect_full_period_sets(const detail::ShapeInfo& shape, const dcmt::Set* sets, int count, int begin, int end) {
  ASSERT_LE(end, count);
  for (int i = begin; i < end; ++i) {
    expect_full_period(dc_set(detail::params_of(shape, sets[i])), std::string(shape.engine) + " set " + std::to_string(i));
  }
}

}  // namespace

TEST(DcmtFamily, GeneratedHeaderEqualsTheShippedFiles) {
  expect_header_equals_file(kMt521, kMt521File, dcmt::kMt521DefaultSets, dcmt::kMt521DefaultSetCount, 4096);
  expect_header_equals_file(kMt2203, kMt2203File, dcmt::kMt2203DefaultSets, dcmt::kMt2203DefaultSetCount, 1024);
}

// The library's earlier default family, now the parameter file data/dcmt/dcmt521_reference_dc_sets.csv:
// the seed paper's sets first, in printed order.
TEST(DcmtFamily, TheSeedPapersSetsAreTranscribedExactly) {
  const auto sets = detail::read_param_file(shipped("dcmt521_reference_dc_sets.csv"), kMt521);
  ASSERT_EQ(sets.size(), 39u);
  // List 6.17 prints the mt_struct fields as signed ints: {aaa, mm, nn, rr, ww, wmask, umask, lmask,
  // shift0, shift1, shiftB, shiftC, maskB, maskC}. Its first, second and last rows:
  const long long printed[3][14] = {
      {-822663744, 8, 17, 23, 32, -1, -8388608, 8388607, 12, 18, 7, 15, -1514742400, -2785280},
      {-189104639, 8, 17, 23, 32, -1, -8388608, 8388607, 12, 18, 7, 15, -1263215232, -2785280},
      {-746112289, 8, 17, 23, 32, -1, -8388608, 8388607, 12, 18, 7, 15, 2000509824, -2785280},
  };
  const int index[3] = {0, 1, 31};
  for (int i = 0; i < 3; ++i) {
    const auto u = [](long long v) { return static_cast<std::uint32_t>(v); };
    const dcmt::Set s = dcmt::set_of(sets[index[i]]);
    EXPECT_EQ(s.aaa, u(printed[i][0]));
    EXPECT_EQ(s.shift_u, u(printed[i][8]));
    EXPECT_EQ(s.shift_l, u(printed[i][9]));
    EXPECT_EQ(s.shift_s, u(printed[i][10]));
    EXPECT_EQ(s.shift_t, u(printed[i][11]));
    EXPECT_EQ(s.mask_b, u(printed[i][12]));
    EXPECT_EQ(s.mask_c, u(printed[i][13]));
    EXPECT_EQ(u(printed[i][6]), dcmt::Mt521::upper_mask);
    EXPECT_EQ(u(printed[i][7]), dcmt::Mt521::lower_mask);
  }
}

TEST(DcmtFamily, EveryDefaultSetHasItsIdAndItsOwnCharacteristicPolynomial) {
  expect_ids_and_distinct_polynomials(kMt521, dcmt::kMt521DefaultSets, dcmt::kMt521DefaultSetCount);
  expect_ids_and_distinct_polynomials(kMt2203, dcmt::kMt2203DefaultSets, dcmt::kMt2203DefaultSetCount);
}

// Every default set has full period: 4096 MT521 sets and 1024 MT2203 sets, in shards (separate test
// cases, so that CTest runs them in parallel).
struct FullPeriodShard {
  bool mt2203;
  int begin, end;
};

class DcmtDefaultSets : public ::testing::TestWithParam<FullPeriodShard> {};

TEST_P(DcmtDefaultSets, HaveFullPeriod) {
  const FullPeriodShard& s = GetParam();
  if (s.mt2203) {
    expect_full_period_sets(kMt2203, dcmt::kMt2203DefaultSets, dcmt::kMt2203DefaultSetCount, s.begin, s.end);
  } else {
    expect_full_period_sets(kMt521, dcmt::kMt521DefaultSets, dcmt::kMt521DefaultSetCount, s.begin, s.end);
  }
}

INSTANTIATE_TEST_SUITE_P(Shards, DcmtDefaultSets,
                         ::testing::Values(FullPeriodShard{false, 0, 2048}, FullPeriodShard{false, 2048, 4096},
                                           FullPeriodShard{true, 0, 256}, FullPeriodShard{true, 256, 512},
                                           FullPeriodShard{true, 512, 768}, FullPeriodShard{true, 768, 1024}),
                         [](const ::testing::TestParamInfo<FullPeriodShard>& info) {
                           return std::string(info.param.mt2203 ? "Mt2203Sets" : "Mt521Sets") +
                                  std::to_string(info.param.begin) + "To" + std::to_string(info.param.end - 1);
                         });

TEST(DcmtFamily, EveryReferenceDcSetShippedAsAParameterFileHasFullPeriod) {
  const auto p521 = detail::read_param_file(shipped("dcmt521_reference_dc_sets.csv"), kMt521);
  ASSERT_EQ(p521.size(), 39u);
  for (std::size_t i = 0; i < p521.size(); ++i) expect_full_period(dc_set(p521[i]), "MT521 reference set " + std::to_string(i));
  const auto p2203 = detail::read_param_file(shipped("dcmt2203_reference_dc_sets.csv"), kMt2203);
  ASSERT_EQ(p2203.size(), 3u);
  for (std::size_t i = 0; i < p2203.size(); ++i) expect_full_period(dc_set(p2203[i]), "MT2203 reference set " + std::to_string(i));
}

TEST(DcmtFamily, EverySetOfTheReferenceDataHasFullPeriod) {
  const gpurng::test::Csv sets = gpurng::test::read_csv("dcmt/dcmt_w32_parameter_sets.csv");
  for (const auto& row : sets.rows) expect_full_period(gpurng::test::dc_set_from_row(row), row.at("case"));
}

TEST(DcmtFamily, HostCharacteristicPolynomialsEqualTheIndependentOnes) {
  std::vector<dcmt::Params> params;
  for (int i = 0; i < 5; ++i) params.push_back(detail::params_of(kMt521, dcmt::kMt521DefaultSets[i]));
  const detail::FamilyPolys polys(params, 17);
  for (int i = 0; i < 5; ++i) {
    const NTL::GF2X f = charpoly(dc_set(params[i]));
    const std::vector<std::uint32_t> words = polys.characteristic(static_cast<std::size_t>(i));
    for (long e = 0; e <= 521; ++e) {
      EXPECT_EQ(NTL::IsOne(NTL::coeff(f, e)) ? 1u : 0u, (words[e / 32] >> (e % 32)) & 1u) << "set " << i << " x^" << e;
    }
  }
}

TEST(DcmtFamily, NotFullPeriodSetsAreRefusedWhenAJumpNeedsThem) {
  dcmt::Params p = detail::params_of(kMt521, dcmt::kMt521DefaultSets[0]);
  p.aaa = 0;  // no twist: the top bits repeat with period dividing 2^17 - 1
  const detail::FamilyPolys polys({p}, 17);
  try {
    polys.power(0, 1000);
    FAIL() << "no error";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), gpurng::Status::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("not a full-period"), std::string::npos) << e.what();
  }
}

// A file whose set 1 has twist word 0 (characteristic polynomial of degree 8, not 521) is refused when
// it is read, naming the file and the set: it used to generate at offset 0 and fail only at a jump.
TEST(DcmtFamily, NotFullPeriodSetsAreRefusedWhenTheFileIsRead) {
  const std::string path = temp_file(std::string(kHeader) + kGoodRow +
                                     "17,8,23,0x00000000,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000\n");
  try {
    detail::read_param_file(path, kMt521);
    ADD_FAILURE() << "accepted";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), gpurng::Status::invalid_argument);
    const std::string msg = e.what();
    for (const std::string& m : {path, std::string("parameter set 1 (aaa = 0x00000000)"), std::string("degree 8, not 521"),
                                 std::string("not a full-period")}) {
      EXPECT_NE(msg.find(m), std::string::npos) << msg;
    }
  }
  gpurng::Generator g(gpurng::Engine::dcmt521, gpurng::Backend::cpu);
  EXPECT_THROW(g.param_file(path), gpurng::Error);
  std::remove(path.c_str());
  // first_short_period finds the lowest such set whichever thread checks it.
  std::vector<dcmt::Params> params(40, detail::params_of(kMt521, dcmt::kMt521DefaultSets[0]));
  params[7].aaa = params[31].aaa = 0;
  const auto s = detail::first_short_period(params, 4);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->set, 7u);
  EXPECT_EQ(s->degree, 8);
  params[7].aaa = params[31].aaa = dcmt::kMt521DefaultSets[0].aaa;
  EXPECT_FALSE(detail::first_short_period(params, 4).has_value());
}

// Polynomials are made for the sets a call uses and no others: in a family whose set 3 is not full
// period, tables and powers that avoid set 3 are made, and each that needs it is refused, naming it.
TEST(DcmtFamily, PolynomialsAreMadeOnlyForTheSetsACallUses) {
  std::vector<dcmt::Params> params;
  for (int i = 0; i < 6; ++i) params.push_back(detail::params_of(kMt521, dcmt::kMt521DefaultSets[i]));
  params[3].aaa = 0;
  const detail::FamilyPolys polys(params, 17);
  const std::uint64_t base[2] = {34 * 5, 0};
  EXPECT_EQ(polys.table(base, 1, 34 * 10, 2, 0, 3, 2).size(), 2u * 17 * 3);  // sets 0, 1, 2
  EXPECT_EQ(polys.table(base, 1, 34 * 10, 2, 4, 5, 2).size(), 2u * 17 * 5);  // sets 4, 5, 0, 1, 2
  EXPECT_EQ(polys.power(5, 1000), polys.power(5, 1000));
  for (int attempt = 0; attempt < 2; ++attempt) {  // and again: a refused set stays refused
    try {
      polys.table(base, 1, 34 * 10, 2, 2, 2, 2);  // sets 2, 3
      ADD_FAILURE() << "no error";
    } catch (const gpurng::Error& e) {
      EXPECT_EQ(e.status(), gpurng::Status::invalid_argument);
      EXPECT_NE(std::string(e.what()).find("parameter set 3 "), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(polys.power(3, 1000), gpurng::Error);
  // The sets made before still work.
  const std::vector<std::uint32_t> t = polys.table(base, 1, 34 * 10, 1, 1, 1, 1);
  EXPECT_EQ(t, polys.power(1, 34 * 5));
}

// A call's jump table holds only the sets its streams use: `count` consecutive sets from first_set,
// wrapping past the last, set first_set + j in column j, each entry x^(base[cls] + c * chunk) mod P_k
// as power() gives it (power() itself is checked against stepping in test_dcmt_core).
TEST(DcmtFamily, PolynomialTableHoldsTheCallsSetsInColumnOrderAndWraps) {
  std::vector<dcmt::Params> params;
  for (int i = 0; i < 5; ++i) params.push_back(detail::params_of(kMt521, dcmt::kMt521DefaultSets[i]));
  const detail::FamilyPolys polys(params, 17);
  const std::uint64_t base[2] = {34 * 7, 34 * 8};
  const std::uint64_t chunk = 34 * 300;
  const std::uint64_t chunks = 3;
  const std::size_t first = 3, count = 4;  // sets 3, 4, 0, 1
  const std::vector<std::uint32_t> t = polys.table(base, 2, chunk, chunks, first, count, 2);
  ASSERT_EQ(t.size(), 2 * chunks * 17 * count);
  for (int cls = 0; cls < 2; ++cls) {
    for (std::uint64_t c = 0; c < chunks; ++c) {
      for (std::size_t j = 0; j < count; ++j) {
        const std::vector<std::uint32_t> want = polys.power((first + j) % 5, base[cls] + c * chunk);
        for (std::size_t i = 0; i < 17; ++i) {
          EXPECT_EQ(t[((cls * chunks + c) * 17 + i) * count + j], want[i]) << "class " << cls << " chunk " << c << " column " << j;
        }
      }
    }
  }
  EXPECT_TRUE(polys.table(base, 1, chunk, chunks, 0, 0, 1).empty());
}

// The plan names the sets of the call's streams (local stream r uses set (stream0 + r) mod K) and cuts
// lanes into no more chunks than keep the table under kMaxPolyTableBytes; one chunk is always allowed.
TEST(DcmtPlan, TableCoversTheCallsSetsAndStaysUnderTheCap) {
  using detail::kMaxPolyTableBytes;
  const std::uint64_t K = 6024;
  auto table_bytes = [](const detail::Plan& p, int N) {
    return std::uint64_t(p.classes) * p.chunks * std::uint64_t(N) * p.sets * 4;
  };
  // Few streams: min(S, K) sets from stream0 mod K, and the chunks wanted.
  gpurng::core::StreamRange r{0, std::uint64_t{1} << 30, 3, 6023};
  detail::Plan p = detail::make_plan<dcmt::Mt2203>(r, K, false, 64, 1);
  EXPECT_EQ(p.set0, 6023u);
  EXPECT_EQ(p.sets, 3u);
  EXPECT_LE(p.chunks, 64u);
  EXPECT_GE(p.chunks, 60u);
  // More streams than sets: every set, from set0.
  r = gpurng::core::StreamRange{137 * 10000 + 5, std::uint64_t{1} << 30, 10000, 2 * K + 17};
  p = detail::make_plan<dcmt::Mt2203>(r, K, false, 1000000, 1);
  EXPECT_EQ(p.set0, 17u);
  EXPECT_EQ(p.sets, K);
  EXPECT_EQ(p.classes, 2);  // lanes start at indices 137 and 138, in windows 0 and 138
  EXPECT_GT(p.chunks, 1u);
  EXPECT_LE(table_bytes(p, 69), kMaxPolyTableBytes);
  EXPECT_GT(table_bytes(p, 69), kMaxPolyTableBytes / 2);  // the cap, not something far below it, limits
  // From kept windows too.
  r = gpurng::core::StreamRange{std::uint64_t{10000} * 4418, std::uint64_t{1} << 34, 10000, 0};
  p = detail::make_plan<dcmt::Mt2203>(r, K, true, 1000000, 1);
  EXPECT_FALSE(p.seeded);
  EXPECT_LE(table_bytes(p, 69), kMaxPolyTableBytes);
  EXPECT_GT(p.chunks, 1u);
  // So many sets that one chunk exceeds the cap: one chunk per lane, never zero.
  r = gpurng::core::StreamRange{0, std::uint64_t{1} << 40, std::uint64_t{1} << 20, 0};
  p = detail::make_plan<dcmt::Mt2203>(r, std::uint64_t{1} << 20, false, 64, 1);
  EXPECT_EQ(p.chunks, 1u);
}

TEST(DcmtFamily, ReaderTakesTheCreatorsCsvAndIgnoresOtherColumns) {
  // The reference data's format (case, w, p, ..., init_seed) restricted to one exponent.
  const gpurng::test::Csv sets = gpurng::test::read_csv("dcmt/dcmt_w32_parameter_sets.csv");
  std::string text;
  for (std::size_t i = 0; i < sets.columns.size(); ++i) text += (i ? "," : "") + sets.columns[i];
  text += ",delta,sha1\n";
  int rows = 0;
  for (const auto& row : sets.rows) {
    if (row.at("p") != "2203") continue;
    for (std::size_t i = 0; i < sets.columns.size(); ++i) text += (i ? "," : "") + row.at(sets.columns[i]);
    text += ",0,\"da39a3ee5e6b4b0d3255bfef95601890afd80709\"\n";
    ++rows;
  }
  const std::string path = temp_file("# a comment line\n\n" + text);
  const auto got = detail::read_param_file(path, kMt2203);
  ASSERT_EQ(got.size(), std::size_t(rows));
  EXPECT_EQ(got[0].aaa, 0x90e70000u);
  EXPECT_EQ(got[2].mask_c, 0xefa58000u);
  // Quoted fields too (the creator's columns and the others alike).
  const auto quoted = detail::read_param_file(
      temp_file(std::string(kHeader) +
                "\"17\",8,23,\"0xcef725c0\",0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,\"0xffd58000\"\n"),
      kMt521);
  EXPECT_EQ(quoted[0].aaa, 0xcef725c0u);
  EXPECT_EQ(quoted[0].mask_c, 0xffd58000u);
  // Decimal values are fine too.
  const auto dec = detail::read_param_file(
      temp_file(std::string(kHeader) + "17,8,23,3472303552,4294967295,4286578688,8388607,12,18,7,15,2780224896,4292182016\n"),
      kMt521);
  EXPECT_EQ(dec[0].aaa, 0xcef725c0u);
  std::remove(path.c_str());
}

TEST(DcmtFamily, ReaderRejectsEveryMalformedFileNamingWhere) {
  struct Bad {
    std::string text;
    const char* mention;
  };
  const std::string h = kHeader;
  const std::vector<Bad> cases = {
      {"", "empty"},
      {h, "no parameter sets"},
      {"n,m,r,aaa,wmask,umask,lmask,shift0_u,shift1_l,shiftB_s,shiftC_t,maskB_b\n", "no column 'maskC_c'"},
      {h + "17,8,23,0xzz,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000\n", "column 'aaa'"},
      {h + "17,8,23,0x1ffffffff,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000\n", "column 'aaa'"},
      {h + "17,8,23,-5,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000\n", "column 'aaa'"},
      {h + "17,8,23,0xcef725c0\n", "line 2: 4 fields, but the header has 13"},
      {h + "17,8,23,\"0xcef725c0,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000\n", "unterminated quote"},
      {h + "17,8,23,0xcef7\"25c0,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000\n", "a quote inside"},
      {"aaa," + h.substr(0, h.size() - 1) + "\n0x1," + kGoodRow, "names column 'aaa' twice"},
      {h + "17,8,23,0xcef725c0,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000,7\n", "14 fields"},
      {h + "69,34,5,0x90e70000,0xffffffff,0xffffffe0,0x0000001f,12,18,7,15,0xbadcef80,0xdf978000\n", "exponent 521"},
      {h + "17,9,23,0xcef725c0,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000\n", "(n, m, r)"},
      {h + "17,8,23,0xcef725c0,0x7fffffff,0xff800000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000\n", "wmask"},
      {h + "17,8,23,0xcef725c0,0xffffffff,0xff000000,0x007fffff,12,18,7,15,0xa5b6dd80,0xffd58000\n", "umask"},
      {h + "17,8,23,0xcef725c0,0xffffffff,0xff800000,0x00ffffff,12,18,7,15,0xa5b6dd80,0xffd58000\n", "lmask"},
      {h + "17,8,23,0xcef725c0,0xffffffff,0xff800000,0x007fffff,32,18,7,15,0xa5b6dd80,0xffd58000\n", "shift0_u"},
      {"w," + h.substr(0, h.size() - 1) + "\n64," + kGoodRow, "only w = 32"},
      {"p," + h.substr(0, h.size() - 1) + "\n607," + kGoodRow, "column 'p'"},
  };
  for (const Bad& b : cases) {
    const std::string path = temp_file(b.text);
    try {
      detail::read_param_file(path, kMt521);
      ADD_FAILURE() << "accepted:\n" << b.text;
    } catch (const gpurng::Error& e) {
      EXPECT_EQ(e.status(), gpurng::Status::invalid_argument) << b.text;
      const std::string msg = e.what();
      EXPECT_NE(msg.find(b.mention), std::string::npos) << msg;
      EXPECT_NE(msg.find(path), std::string::npos) << msg;
    }
    std::remove(path.c_str());
  }
  // /dev/zero is one endless line: refused at the line limit instead of filling memory.
  try {
    detail::read_param_file("/dev/zero", kMt521);
    ADD_FAILURE() << "/dev/zero was accepted";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), gpurng::Status::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("param file '/dev/zero': line 1: longer than 65536 bytes"), std::string::npos)
        << e.what();
  }
  try {
    detail::read_param_file("/nonexistent/dir/sets.csv", kMt521);
    ADD_FAILURE() << "a missing file was accepted";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), gpurng::Status::io_error);
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/sets.csv"), std::string::npos);
  }
}
