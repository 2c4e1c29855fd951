// MTGP core math against the reference's known answers (tests/data/mtgp: all exponents, parameter
// sets 0, 1 and 127, integer and all four float forms), the shipped parameter tables against the
// published ones (every set's characteristic polynomial against its published SHA-1), and the
// GF(2) jump against plain stepping.
#include <gtest/gtest.h>
#include <openssl/sha.h>

#include <random>

#include "families/mtgp/mtgp_param_tables.hpp"
#include "families/mtgp/mtgp_polynomials.hpp"
#include "families/mtgp/mtgp_start_polys.hpp"
#include "mtgp_test_support.hpp"

namespace m = gpurng::core::mtgp;
namespace tables = gpurng::detail::mtgp_tables;
using gpurng::test::mtgp::Kat;
using gpurng::test::mtgp::printed;
using gpurng::test::mtgp::read_kat;
using gpurng::test::mtgp::Reference;

namespace {

template <class W>
const tables::Table<W>& table_for(unsigned mexp);
template <>
const tables::Table<std::uint32_t>& table_for<std::uint32_t>(unsigned mexp) {
  return mexp == 11213 ? tables::k32_fast_11213 : mexp == 23209 ? tables::k32_fast_23209 : tables::k32_fast_44497;
}
template <>
const tables::Table<std::uint64_t>& table_for<std::uint64_t>(unsigned mexp) {
  return mexp == 23209 ? tables::k64_fast_23209 : mexp == 44497 ? tables::k64_fast_44497 : tables::k64_fast_110503;
}

// Every section of one KAT file through the core serial generator.
template <class W>
void check_kat(unsigned mexp, unsigned index) {
  SCOPED_TRACE("mexp " + std::to_string(mexp) + " set " + std::to_string(index));
  const m::Params<W>& p = table_for<W>(mexp).params[index];
  const Kat kat = read_kat(m::kWordBits<W>, mexp, index);
  const std::uint32_t n = m::state_words(p);
  std::vector<W> ring(m::ceil_pow2(n + 1));
  m::Serial<W> g{&p, ring.data(), ring.size() - 1, n};
  int compared = 0;
  auto run = [&](const std::string& section, auto next) {
    const auto& want = kat.sections.at(section);
    for (int i = 0; i < 1000; ++i) {
      const std::string got = next();
      auto it = want.find(i);
      if (it == want.end()) continue;
      ASSERT_EQ(got, it->second) << section << " n=" << i;
      ++compared;
    }
  };
  auto uint = [&] { return std::to_string(static_cast<unsigned long long>(g.step())); };
  m::seed_state<W>(p, 1, ring.data());
  g.next = n;
  run("seed_1_uint", uint);
  const W key[4] = {1, 2, 3, 4};
  m::seed_state_by_array<W>(p, key, 4, ring.data());
  g.next = n;
  run("array_1_2_3_4_uint", uint);
  // The string form: the key bytes 01 02 03 04 as C chars, i.e. the same array.
  const char str[] = "\x01\x02\x03\x04";
  W skey[4];
  for (int i = 0; i < 4; ++i) skey[i] = static_cast<W>(static_cast<std::make_signed_t<W>>(str[i]));
  m::seed_state_by_array<W>(p, skey, 4, ring.data());
  g.next = n;
  run("string_01_02_03_04_uint", uint);
  run("string_01_02_03_04_then_close1_open2", [&] { return printed(m::close1_open2(g.step())); });
  run("string_01_02_03_04_then_close_open", [&] { return printed(m::close_open(g.step())); });
  run("string_01_02_03_04_then_open_close", [&] { return printed(m::open_close(g.step())); });
  if constexpr (sizeof(W) == 4) {
    run("string_01_02_03_04_then_open_open", [&] { return printed(m::open_open(g.step())); });
  } else {
    run("string_01_02_03_04_then_open_open", [&] {
      W fresh, entry;
      g.step_parts(&fresh, &entry);
      return printed(m::open_open(fresh, entry));
    });
  }
  EXPECT_EQ(compared, 7 * 150);
}

}  // namespace

TEST(MtgpCore, KnownAnswers32BitAllExponentsAndSets) {
  for (unsigned mexp : {11213u, 23209u, 44497u}) {
    for (unsigned idx : {0u, 1u, 127u}) check_kat<std::uint32_t>(mexp, idx);
  }
}

TEST(MtgpCore, KnownAnswers64BitAllExponentsAndSets) {
  for (unsigned mexp : {23209u, 44497u, 110503u}) {
    for (unsigned idx : {0u, 1u, 127u}) check_kat<std::uint64_t>(mexp, idx);
  }
}

namespace {

// The published CSVs beside the generated tables: same numbers, and the float/double tempering
// tables the library derives instead of storing.
template <class W>
void check_table_against_csv(const tables::Table<W>& t, const std::string& csv_name) {
  SCOPED_TRACE(csv_name);
  // The library's shipped tables (data/): GPURNG_LIBRARY_DATA overrides the compiled-in path, and a
  // GPURNG_TEST_DATA of <checkout>/tests/data implies <checkout>/data (a build run elsewhere).
  std::string dir = GPURNG_LIBRARY_DATA_DIR;
  if (const char* env = std::getenv("GPURNG_LIBRARY_DATA")) {
    dir = env;
  } else if (const char* tests = std::getenv("GPURNG_TEST_DATA")) {
    dir = std::string(tests) + "/../../data";
  }
  const std::string path = dir + "/mtgp/" + csv_name;
  std::ifstream f(path);
  ASSERT_TRUE(f) << path;
  std::string line;
  std::getline(f, line);
  const std::vector<std::string> cols = gpurng::test::split_csv_line(line);
  std::uint32_t rows = 0;
  for (; std::getline(f, line); ++rows) {
    const std::vector<std::string> v = gpurng::test::split_csv_line(line);
    std::map<std::string, std::string> r;
    for (std::size_t i = 0; i < cols.size(); ++i) r[cols[i]] = v.at(i);
    ASSERT_LT(rows, t.count);
    const m::Params<W>& p = t.params[rows];
    const tables::Identity& id = t.ids[rows];
    auto u = [&](const std::string& c) { return static_cast<W>(std::stoull(r.at(c), nullptr, 0)); };
    EXPECT_EQ(p.mexp, u("mexp"));
    EXPECT_EQ(p.pos, u("pos"));
    EXPECT_EQ(p.sh1, u("sh1"));
    EXPECT_EQ(p.sh2, u("sh2"));
    EXPECT_EQ(p.mask, u("mask"));
    EXPECT_EQ(id.delta, u("delta"));
    EXPECT_EQ(id.weight, u("weight"));
    EXPECT_EQ(std::string(id.poly_sha1), r.at("poly_sha1"));
    for (int k = 0; k < 16; ++k) {
      EXPECT_EQ(p.tbl[k], u("tbl_" + std::to_string(k)));
      EXPECT_EQ(p.tmp_tbl[k], u("tmp_tbl_" + std::to_string(k)));
      if constexpr (sizeof(W) == 4) {
        EXPECT_EQ((p.tmp_tbl[k] >> 9) | 0x3f800000u, u("flt_tmp_tbl_" + std::to_string(k)));
      } else {
        EXPECT_EQ((p.tmp_tbl[k] >> 12) | m::kDoubleOne, u("dbl_tmp_tbl_" + std::to_string(k)));
      }
      // The 16-entry tables are linear in the index: XORs of the four basis rows.
      W x = 0;
      for (int b = 0; b < 4; ++b) x ^= (k >> b & 1) ? p.tbl[1 << b] : W{0};
      EXPECT_EQ(p.tbl[k], x);
    }
    // The GPU round size R must fit: N - pos >= R (the reference guarantees it per exponent).
    EXPECT_GE(m::state_words(p) - p.pos, m::kWordBits<W> == 32 ? (p.mexp == 11213 ? 256u : p.mexp == 23209 ? 512u : 1024u)
                                                             : (p.mexp == 23209 ? 256u : p.mexp == 44497 ? 512u : 1024u));
    EXPECT_GE(p.pos, 3u);
  }
  EXPECT_EQ(rows, t.count);
}

}  // namespace

TEST(MtgpCore, ShippedTablesEqualThePublishedOnes) {
  check_table_against_csv(tables::k32_fast_11213, "mtgp32_fast_params_11213.csv");
  check_table_against_csv(tables::k32_fast_23209, "mtgp32_fast_params_23209.csv");
  check_table_against_csv(tables::k32_fast_44497, "mtgp32_fast_params_44497.csv");
  check_table_against_csv(tables::k64_fast_23209, "mtgp64_fast_params_23209.csv");
  check_table_against_csv(tables::k64_fast_44497, "mtgp64_fast_params_44497.csv");
  check_table_against_csv(tables::k64_fast_110503, "mtgp64_fast_params_110503.csv");
  check_table_against_csv(tables::k32dc_fast_11213, "mtgp32dc_fast_params_11213.csv");
}

namespace {

std::string sha1_hex(const std::string& s) {
  unsigned char d[SHA_DIGEST_LENGTH];
  SHA1(reinterpret_cast<const unsigned char*>(s.data()), s.size(), d);
  char hex[2 * SHA_DIGEST_LENGTH + 1];
  for (int i = 0; i < SHA_DIGEST_LENGTH; ++i) std::snprintf(hex + 2 * i, 3, "%02x", d[i]);
  return hex;
}

// The characteristic polynomial the library computes (Berlekamp-Massey over our recursion) has the
// published SHA-1: the recursion and every table entry it uses are those of the published set.
template <class W>
void check_identities(const tables::Table<W>& t, unsigned stride) {
  for (std::uint32_t i = 0; i < t.count; i += stride) {
    const auto c = gpurng::detail::mtgp::characteristic(t.params[i], t.ids[i].weight);
    ASSERT_EQ(c->degree(), t.params[i].mexp);
    ASSERT_EQ(sha1_hex(c->coefficient_string()), t.ids[i].poly_sha1) << t.source << " set " << i;
  }
}

}  // namespace

// The slot-start polynomials compiled in at build time are x^(2^e) mod P computed here, for the
// first set of every jumped engine and e = 64 .. 75; other sets and exponents are not precomputed.
template <class W>
void check_precomputed_starts(const tables::Table<W>& t) {
  const auto c = gpurng::detail::mtgp::characteristic(t.params[0], t.ids[0].weight);
  gpurng::detail::mtgp::PolyWords w;
  for (unsigned e = 64; e < 76; ++e) {
    ASSERT_TRUE(gpurng::detail::mtgp::precomputed_power_of_x_pow2(&t.params[0], e, w)) << t.source << " e=" << e;
    ASSERT_EQ(w, c->power_of_x_pow2(e)) << t.source << " e=" << e;
  }
  EXPECT_FALSE(gpurng::detail::mtgp::precomputed_power_of_x_pow2(&t.params[0], 63, w));
  EXPECT_FALSE(gpurng::detail::mtgp::precomputed_power_of_x_pow2(&t.params[0], 76, w));
  EXPECT_FALSE(gpurng::detail::mtgp::precomputed_power_of_x_pow2(&t.params[1], 64, w));
}

TEST(MtgpCore, PrecomputedSlotStartsEqualTheComputedOnes) {
  check_precomputed_starts(tables::k32_fast_11213);
  check_precomputed_starts(tables::k32_fast_23209);
  check_precomputed_starts(tables::k32_fast_44497);
  check_precomputed_starts(tables::k64_fast_23209);
  check_precomputed_starts(tables::k64_fast_44497);
  check_precomputed_starts(tables::k64_fast_110503);
  gpurng::detail::mtgp::PolyWords w;  // the cuRAND-compatible sets are seeded per slot, never jumped
  EXPECT_FALSE(gpurng::detail::mtgp::precomputed_power_of_x_pow2(&tables::k32dc_fast_11213.params[0], 64, w));
}

TEST(MtgpCore, CharacteristicPolynomialsHaveThePublishedSha1) {
  check_identities(tables::k32_fast_11213, 1);
  check_identities(tables::k32dc_fast_11213, 1);
  check_identities(tables::k32_fast_23209, 3);
  check_identities(tables::k64_fast_23209, 3);
  check_identities(tables::k32_fast_44497, 16);
  check_identities(tables::k64_fast_44497, 16);
  check_identities(tables::k64_fast_110503, 32);
  check_identities(tables::k64_fast_110503, 127);
}

namespace {

// Jumping the state by J equals stepping it J times (for the words that matter: word 0 only
// through its masked bits).
template <class W>
void check_jump_equals_stepping(const m::Params<W>& p, std::uint64_t J) {
  SCOPED_TRACE("mexp " + std::to_string(p.mexp) + " J " + std::to_string(J));
  const std::uint32_t n = m::state_words(p);
  Reference<W> ref(p);
  ref.seed(4711);
  const std::vector<W> walked = ref.words(J + n);
  const std::vector<W> seq = ref.words(p.mexp + n - 1);
  const auto c = gpurng::detail::mtgp::characteristic(p, 0)->power_of_x(J);
  std::vector<W> by_loops(n), by_words(n);
  m::jumped_state(c.data(), static_cast<std::uint32_t>(c.size()), seq.data(), n, by_loops.data());
  for (std::uint32_t j = 0; j < n; ++j) {
    by_words[j] = m::jumped_word<W>(c.data(), static_cast<std::uint32_t>(c.size()), seq.data(), j);
  }
  EXPECT_EQ(by_loops, by_words);
  EXPECT_EQ(by_loops[0] & p.mask, walked[J] & p.mask);
  for (std::uint32_t j = 1; j < n; ++j) ASSERT_EQ(by_loops[j], walked[J + j]) << "word " << j;
}

}  // namespace

TEST(MtgpCore, JumpEqualsStepping) {
  for (std::uint64_t J : {0ull, 1ull, 2ull, 350ull, 351ull, 352ull, 1000ull, 11213ull, 54321ull, 300001ull}) {
    check_jump_equals_stepping(tables::k32_fast_11213.params[5], J);
  }
  for (std::uint64_t J : {1ull, 777ull, 44497ull, 100003ull}) check_jump_equals_stepping(tables::k32_fast_44497.params[9], J);
  for (std::uint64_t J : {3ull, 363ull, 70001ull}) check_jump_equals_stepping(tables::k64_fast_23209.params[2], J);
  for (std::uint64_t J : {5ull, 120000ull}) check_jump_equals_stepping(tables::k64_fast_110503.params[0], J);
}

TEST(MtgpCore, JumpsCompose) {
  // x^(2^64) twice is x^(2^65); x^a x^b is x^(a+b) for a far jump (beyond stepping's reach).
  const m::Params<std::uint32_t>& p = tables::k32_fast_23209.params[77];
  const auto c = gpurng::detail::mtgp::characteristic(p, 0);
  const std::uint32_t n = m::state_words(p);
  Reference<std::uint32_t> ref(p);
  ref.seed(99);
  auto jump = [&](const std::vector<std::uint32_t>& state, const std::vector<std::uint32_t>& poly) {
    Reference<std::uint32_t> r(p);
    r.set_state(state);
    const std::vector<std::uint32_t> seq = r.words(p.mexp + n - 1);
    std::vector<std::uint32_t> out(n);
    m::jumped_state(poly.data(), static_cast<std::uint32_t>(poly.size()), seq.data(), n, out.data());
    out[0] &= p.mask;
    return out;
  };
  const auto twice = jump(jump(ref.state(), c->power_of_x_pow2(64)), c->power_of_x_pow2(64));
  EXPECT_EQ(twice, jump(ref.state(), c->power_of_x_pow2(65)));
  const std::uint64_t a = (1ull << 40) + 7, b = 0xfedcba987654321ull;
  EXPECT_EQ(jump(jump(ref.state(), c->power_of_x(a)), c->power_of_x(b)), jump(ref.state(), c->power_of_x(a + b)));
  EXPECT_EQ(c->power_of_x(1ull << 20), c->power_of_x_pow2(20));
}

TEST(MtgpCore, FloatConversionsFromTheBits) {
  // [1,2) is (o >> 9) | 0x3f800000; [0,1), (0,1] are exact differences; the engine's uniform is
  // the (0,1] form and is never 0.
  for (std::uint32_t o : {0u, 1u, 511u, 512u, 0x80000000u, 0xffffffffu, 0x12345678u}) {
    const float f = m::close1_open2(o);
    EXPECT_GE(f, 1.0f);
    EXPECT_LT(f, 2.0f);
    EXPECT_EQ(f - 1.0f, m::close_open(o));
    EXPECT_EQ(2.0f - f, m::open_close(o));
    EXPECT_GT(m::open_close(o), 0.0f);
    EXPECT_LE(m::open_close(o), 1.0f);
    EXPECT_GT(m::open_open(o), 0.0f);
    EXPECT_LT(m::open_open(o), 1.0f);
  }
  EXPECT_EQ(m::open_close(0xffffffffu), 0x1p-23f);
  EXPECT_EQ(m::open_close(0u), 1.0f);
  EXPECT_EQ(m::open_close_53(0), 0x1p-53);
  EXPECT_EQ(m::open_close_53((1ull << 53) - 1), 1.0);
  EXPECT_EQ(m::Pair32::uniform_double({0xffffffffu, 0xffffffffu}), 1.0);
  EXPECT_EQ(m::Pair32::uniform_double({0u, 0u}), 0x1p-53);
  EXPECT_EQ(m::Pair32::uniform_double({0u, 0x800u}), 0x1p-52);
  EXPECT_EQ(m::Word64::uniform_double(0x7ffull), 0x1p-53);
  EXPECT_EQ(m::Word64::uniform_double(0x800ull), 0x1p-52);
  EXPECT_EQ(m::Curand32::uniform_float(0u), 0x1p-33f);
  EXPECT_EQ(m::Curand32::uniform_float(0xffffffffu), 1.0f);
  EXPECT_EQ(m::Curand32::uniform_double(0u), 0x1p-32);
}

TEST(MtgpCore, LayoutCountsAndPlaces) {
  // count_before and canonical are inverse: every element is placed exactly once.
  for (std::uint64_t S : {1ull, 2ull, 3ull, 7ull, 192ull}) {
    const m::Layout L{S, 8};
    std::vector<int> seen(5000, 0);
    for (std::uint64_t s = 0; s < S; ++s) {
      const std::uint64_t count = L.count_before(5000, s);
      for (std::uint64_t k = 0; k < count; ++k) {
        const std::uint64_t e = L.canonical(s, k);
        ASSERT_LT(e, 5000u);
        ++seen[e];
        ASSERT_EQ(L.count_before(e, s), k);
      }
    }
    for (int v : seen) ASSERT_EQ(v, 1);
  }
}
