// The per-thread engines' core math (core/engines/mwc.hpp, xorshift256.hpp, kiss.hpp) against
// published known answers (Marsaglia's postings and papers, Panneton & L'Ecuyer's xorshift), the
// MWC multiplier table against trial division, and every skip-ahead against plain stepping.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <set>
#include <sstream>
#include <vector>

#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/engines/kiss99_short_jump.hpp"
#include "gpurng/core/engines/mwc.hpp"
#include "gpurng/core/engines/xorshift256.hpp"
#include "gpurng/core/splitmix64.hpp"
#include "gpurng/core/stream_produce.hpp"
#include "test_support.hpp"

using namespace gpurng::core;
using gpurng::test::read_csv;
using gpurng::test::to_u64;

namespace {

bool prime_by_trial_division(std::uint64_t n) {
  if (n < 2) return false;
  if (n % 2 == 0) return n == 2;
  for (std::uint64_t d = 3; d * d <= n; d += 2) {
    if (n % d == 0) return false;
  }
  return true;
}

std::vector<std::uint32_t> column(const std::string& file, const std::string& key_col, const std::string& key,
                                  const std::string& value_col) {
  std::vector<std::uint32_t> out;
  for (const auto& row : read_csv(file).rows) {
    if (row.at(key_col) == key) out.push_back(static_cast<std::uint32_t>(to_u64(row.at(value_col))));
  }
  return out;
}

}  // namespace

// ----- MWC ----------------------------------------------------------------------------------------

TEST(MwcMultipliers, ExactlyTheSafePrimeMultipliersInDecreasingOrder) {
  // Independent of the generating tool (Miller-Rabin): trial division of every candidate.
  std::vector<std::uint32_t> expected;
  for (std::uint32_t a = 65535; a >= 1; --a) {
    const std::uint64_t p = std::uint64_t{a} * 65536u - 1u;
    if (prime_by_trial_division(p) && prime_by_trial_division((p - 1) / 2)) expected.push_back(a);
  }
  ASSERT_EQ(expected.size(), 392u);  // the count in Hissoiny, Ozell & Despres
  const mwc16::MultiplierTable t = mwc16::multiplier_table();
  ASSERT_EQ(mwc16::kMultiplierCount, 392);
  for (int i = 0; i < mwc16::kMultiplierCount; ++i) EXPECT_EQ(t.a[i], expected[static_cast<std::size_t>(i)]) << i;
  // Marsaglia's own choices are among them.
  const std::set<std::uint32_t> all(expected.begin(), expected.end());
  for (std::uint32_t a : {36969u, 18000u, 30903u}) EXPECT_EQ(all.count(a), 1u) << a;
}

TEST(MwcMultipliers, PairsAreDistinctAndUseTheLargestMultipliersFirst) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
  const mwc16::MultiplierTable t = mwc16::multiplier_table();
  for (std::uint32_t q = 0; q < mwc16::kPairCount; ++q) {
    const mwc16::Pair ij = mwc16::pair_indices(q);  // {j, i}
    ASSERT_LT(ij.low, ij.high) << q;
    ASSERT_EQ(ij.high * (ij.high - 1) / 2 + ij.low, q);
    const mwc16::Pair m = mwc16::pair(q);
    ASSERT_LT(m.high, m.low) << "the larger multiplier drives the low half";
    ASSERT_TRUE(seen.insert({m.high, m.low}).second) << "pair " << q << " repeats";
  }
  EXPECT_EQ(seen.size(), 76636u);
  EXPECT_EQ(mwc16::pair(0).low, t.a[0]);
  EXPECT_EQ(mwc16::pair(0).high, t.a[1]);
  // The first m(m-1)/2 pairs use only the m largest multipliers.
  for (std::uint32_t q = 0; q < 16384; ++q) EXPECT_GE(mwc16::pair(q).high, t.a[181]);
}

TEST(MwcEngine, MarsagliaMwcKnownAnswers) {
  // Marsaglia's MWC (36969, 18000) from z = 362436069, w = 521288629: the mwc engine's step with
  // that multiplier pair.
  const std::vector<std::uint32_t> want =
      column("marsaglia/marsaglia_components_default_seeds_kat.csv", "generator", "MWC", "output");
  ASSERT_EQ(want.size(), 20u);
  mwc::State st{362436069u, 521288629u, 36969u, 18000u};
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(mwc::next(st), want[i]) << i;
}

TEST(MwcEngine, StepIsMultiplicationModuloAB1) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::uint32_t a = mwc16::multiplier_table().a[rng() % 392];
    const std::uint64_t p = mwc16::modulus(a);
    const std::uint32_t z = static_cast<std::uint32_t>(1 + rng() % (p - 1));
    ASSERT_EQ(mwc16::step(z, a), static_cast<std::uint32_t>(std::uint64_t{z} * a % p)) << a << " " << z;
  }
}

TEST(Mont32, ProductsAndPowersMatchPlainModularArithmetic) {
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 300; ++trial) {
    std::uint32_t p = static_cast<std::uint32_t>(rng()) | 1u;
    if (trial < 20) p = 0xffffffffu - 2u * static_cast<std::uint32_t>(trial);  // near 2^32
    if (p < 3) continue;
    const mont32::Modulus m = mont32::make_modulus(p);
    const std::uint32_t x = static_cast<std::uint32_t>(rng() % p), a = static_cast<std::uint32_t>(rng() % p);
    std::uint64_t k = rng() >> (rng() % 64);
    std::uint64_t want = x, base = a;
    for (std::uint64_t e = k; e != 0; e >>= 1) {
      if (e & 1u) want = want * base % p;
      base = base * base % p;
    }
    ASSERT_EQ(mont32::mul_pow(x, a, k, m), want) << "p=" << p << " k=" << k;
  }
}

// ----- KISS99 and its components --------------------------------------------------------------------

TEST(Kiss99, MarsagliaComponentKnownAnswers) {
  const std::string f = "marsaglia/marsaglia_components_default_seeds_kat.csv";
  const std::vector<std::uint32_t> shr3 = column(f, "generator", "SHR3", "output");
  const std::vector<std::uint32_t> cong = column(f, "generator", "CONG", "output");
  ASSERT_EQ(shr3.size(), 20u);
  ASSERT_EQ(cong.size(), 20u);
  std::uint32_t jsr = 123456789u, jcong = 380116160u;
  for (std::size_t i = 0; i < 20; ++i) {
    jsr = kiss::xorshift32<17, 13, 5>(jsr);
    jcong = kiss::cong(jcong);
    EXPECT_EQ(jsr, shr3[i]) << i;
    EXPECT_EQ(jcong, cong[i]) << i;
  }
}

TEST(Kiss99, DefaultSeedKnownAnswers) {
  std::map<std::uint64_t, std::uint32_t> want;
  for (const auto& row : read_csv("marsaglia/kiss99_default_seeds_kat.csv").rows) {
    want[to_u64(row.at("n"))] = static_cast<std::uint32_t>(to_u64(row.at("kiss_output")));
  }
  ASSERT_EQ(want.size(), 101u);
  kiss99::State st = kiss99::default_state();
  for (std::uint64_t n = 0; n <= 999999; ++n) {
    const std::uint32_t v = kiss99::next(st);
    auto it = want.find(n);
    if (it != want.end()) ASSERT_EQ(v, it->second) << "output " << n;
  }
}

TEST(Kiss99, Marsaglia1999CheckValues) {
  // settable(12345, 65435, 34221, 12345): 256 KISS outputs fill his table, then 10^6 calls each of
  // LFIB4 and SWB (which leave z, w, jsr, jcong alone), KISS, CONG, SHR3, MWC on the shared state.
  std::map<std::string, std::string> rows;
  for (const auto& row : read_csv("marsaglia/kiss99_marsaglia1999_checks.csv").rows) rows[row.at("step")] = row.at("value");
  const kiss99::State seeded{12345u, 65435u, 34221u, 12345u};
  kiss99::State st = seeded;
  for (int i = 0; i < 256; ++i) kiss99::next(st);
  std::istringstream after(rows.at("kiss_state_after_table_fill"));
  std::uint32_t z, w, jsr, jcong;
  after >> z >> w >> jsr >> jcong;
  EXPECT_EQ(st.z, z);
  EXPECT_EQ(st.w, w);
  EXPECT_EQ(st.jsr, jsr);
  EXPECT_EQ(st.jcong, jcong);
  std::uint32_t v = 0;
  for (int i = 0; i < 1000000; ++i) v = kiss99::next(st);
  EXPECT_EQ(v, to_u64(rows.at("KISS")));  // the 1,000,256th output
  // By skip-ahead from the seeds: CONG, SHR3 and MWC each ran 256 + 10^6 + 10^6 steps.
  kiss99::State k = seeded;
  kiss99::skip(k, 1000255);
  EXPECT_EQ(kiss99::next(k), to_u64(rows.at("KISS")));
  kiss99::State s = seeded;
  kiss99::skip(s, 2000256);
  EXPECT_EQ(s.jcong, to_u64(rows.at("CONG")));
  EXPECT_EQ(s.jsr, to_u64(rows.at("SHR3")));
  EXPECT_EQ((s.z << 16) + s.w, to_u64(rows.at("MWC")));
}

TEST(Kiss99, SkipEqualsStepping) {
  kiss99::State a = kiss99::default_state();
  std::uint64_t done = 0;
  for (std::uint64_t k : {0ull, 1ull, 2ull, 31ull, 32ull, 1000ull, 65537ull}) {
    while (done < k) {
      kiss99::next(a);
      ++done;
    }
    kiss99::State b = kiss99::default_state();
    kiss99::skip(b, k);
    EXPECT_TRUE(a.z == b.z && a.w == b.w && a.jsr == b.jsr && a.jcong == b.jcong) << k;
  }
  // Composition for large distances: skip(x) then skip(y) == skip(x + y).
  for (std::uint64_t x : {(1ull << 40) + 7, (1ull << 63) + 1, 123456789123ull}) {
    kiss99::State c = kiss99::default_state(), d = c;
    kiss99::skip(c, x);
    kiss99::skip(c, 999);
    kiss99::skip(d, x + 999);
    EXPECT_TRUE(c.z == d.z && c.w == d.w && c.jsr == d.jsr && c.jcong == d.jcong) << x;
  }
}

// The short jumps of the CUDA fill kernels' threads (kiss99_short_jump.hpp) land where skip does,
// for distances with every digit pattern below the limit, and one of them against the published
// checks' states.
TEST(Kiss99, ShortJumpEqualsSkip) {
  static const kiss99::ShortJumpTables t = kiss99::make_short_jump_tables();
  std::vector<std::uint64_t> ks = {0, 1, 2, 511, 512, 513, 262143, 262144, 1000255, kiss99::kShortJumpLimit - 1};
  std::uint64_t x = 99;
  for (int i = 0; i < 300; ++i) ks.push_back(gpurng::core::splitmix64_step(x) % kiss99::kShortJumpLimit);
  const kiss99::State start{12345u, 65435u, 34221u, 12345u};
  for (const std::uint64_t k : ks) {
    kiss99::State a = start, b = start;
    kiss99::skip(a, k);
    kiss99::skip_short(b, k, t);
    ASSERT_TRUE(a.z == b.z && a.w == b.w && a.jsr == b.jsr && a.jcong == b.jcong) << k;
  }
}

TEST(KissEngine, XorshiftComponentIsMarsaglias2003Xor32) {
  const std::vector<std::uint32_t> want =
      column("marsaglia/xorshift_marsaglia2003_kat.csv", "generator", "xor32_13_17_5_seed2463534242", "output");
  ASSERT_EQ(want.size(), 101u);  // outputs 0..99 and 999
  std::uint32_t y = 2463534242u;
  for (int n = 0; n <= 999; ++n) {
    y = kiss::xorshift32<13, 17, 5>(y);
    if (n < 100) ASSERT_EQ(y, want[static_cast<std::size_t>(n)]) << n;
  }
  EXPECT_EQ(y, want[100]);
}

TEST(KissEngine, CombinationIsMwcXorCongPlusXorshift) {
  // An independent statement of one step with explicit components.
  kiss::State st{362436069u, 521288629u, 2463534242u, 380116160u, 36969u, 18000u};
  mwc::State m{362436069u, 521288629u, 36969u, 18000u};
  std::uint32_t y = 2463534242u, c = 380116160u;
  for (int i = 0; i < 100; ++i) {
    const std::uint32_t mw = mwc::next(m);
    y = kiss::xorshift32<13, 17, 5>(y);
    c = 69069u * c + 1234567u;
    ASSERT_EQ(kiss::next(st), (mw ^ c) + y) << i;
  }
}

// ----- xorshift256 ------------------------------------------------------------------------------------

TEST(Xorshift256, PannetonLecuyerKnownAnswers) {
  const auto states = read_csv("marsaglia/xorshift7_panneton_lecuyer_states.csv");
  const auto kat = read_csv("marsaglia/xorshift7_panneton_lecuyer_kat.csv");
  ASSERT_EQ(states.rows.size(), 2u);
  for (const auto& srow : states.rows) {
    xorshift256::State st{};
    for (int i = 0; i < 8; ++i) st.x[i] = static_cast<std::uint32_t>(to_u64(srow.at("w" + std::to_string(i))));
    std::map<std::uint64_t, std::uint32_t> want;
    for (const auto& row : kat.rows) {
      if (row.at("case") == srow.at("case")) want[to_u64(row.at("n"))] = static_cast<std::uint32_t>(to_u64(row.at("output")));
    }
    ASSERT_EQ(want.size(), 101u);
    for (std::uint64_t n = 0; n <= 999; ++n) {
      const std::uint32_t v = xorshift256::next(st);
      auto it = want.find(n);
      if (it != want.end()) ASSERT_EQ(v, it->second) << srow.at("case") << " output " << n;
    }
  }
}

TEST(Xorshift256, JumpPolynomialSkipEqualsStepping) {
  xorshift256::State a = xorshift256::stream_state(7, 3);
  const xorshift256::State start = a;
  std::uint64_t done = 0;
  for (std::uint64_t k : {0ull, 1ull, 2ull, 7ull, 8ull, 9ull, 255ull, 256ull, 257ull, 1000ull, 4097ull}) {
    while (done < k) {
      xorshift256::next(a);
      ++done;
    }
    xorshift256::State b = start;
    xorshift256::skip(b, k);
    for (int i = 0; i < 8; ++i) ASSERT_EQ(a.x[i], b.x[i]) << "k=" << k;
    // The device path builds x^k mod P by squaring; it must agree with the host's table.
    EXPECT_EQ(gf2::x_pow_mod(k, xorshift256::charpoly_low()), xorshift256::jump_poly_host(k)) << k;
  }
  for (std::uint64_t x : {(1ull << 40) + 7, (1ull << 63) + 1, ~0ull - 100}) {
    xorshift256::State c = start, d = start;
    xorshift256::skip(c, x);
    xorshift256::skip(c, 77);
    xorshift256::skip(d, x + 77);
    for (int i = 0; i < 8; ++i) ASSERT_EQ(c.x[i], d.x[i]) << x;
    EXPECT_EQ(gf2::x_pow_mod(x, xorshift256::charpoly_low()), xorshift256::jump_poly_host(x)) << x;
  }
}

// ----- skip-ahead of the many-stream engines -----------------------------------------------------------

template <class E>
void expect_jump_equals_stepping(std::uint64_t seed) {
  for (std::uint64_t s : {0ull, 1ull, 76635ull, 76636ull, 1000003ull}) {
    typename E::state_type a = E::stream_state(seed, s);
    const typename E::state_type start = a;
    std::uint64_t done = 0;
    for (std::uint64_t k : {0ull, 1ull, 2ull, 3ull, 100ull, 4096ull, 70001ull}) {
      while (done < k) {
        E::next(a);
        ++done;
      }
      typename E::state_type b = start, c = start;
      E::jump(b, E::make_jump(k));
      E::skip(c, k);
      typename E::state_type a2 = a;
      for (int i = 0; i < 20; ++i) {
        const auto want = E::next(a2);
        ASSERT_EQ(E::next(b), want) << E::name << " stream " << s << " k=" << k;
        ASSERT_EQ(E::next(c), want) << E::name << " stream " << s << " k=" << k;
      }
    }
  }
}

TEST(PerThreadSkip, JumpEqualsSteppingForEveryEngine) {
  expect_jump_equals_stepping<mwc::StreamEngine>(11);
  expect_jump_equals_stepping<kiss::StreamEngine>(12);
  expect_jump_equals_stepping<xorshift256::StreamEngine>(13);
}

// make_chunk_jumps builds xorshift256's chunk jumps by composition (one product per chunk); they must
// be exactly the jumps make_jump gives for each chunk's base, also past 2^32 and near 2^64.
template <class E>
void expect_chunk_jumps_are_make_jump() {
  for (const ChunkPlan plan : {ChunkPlan{0, 2048, 1}, ChunkPlan{0, 2048, 64}, ChunkPlan{1000, 4098, 37},
                               ChunkPlan{(1ull << 33) + 6, 123456, 64}, ChunkPlan{~0ull - 64 * 4096, 4096, 64}}) {
    std::vector<typename E::jump_type> got(plan.chunks);
    make_chunk_jumps<E>(plan, got.data());
    for (std::uint64_t c = 0; c < plan.chunks; ++c) {
      const typename E::jump_type want = E::make_jump(plan.chunk_base(c));
      ASSERT_EQ(0, std::memcmp(&got[c], &want, sizeof want)) << E::name << " base " << plan.base_index << " chunk " << c;
    }
  }
}

// With a memo (one per generator), across calls: steady steps, a repeated base, steps back, a step
// that changes, and a new chunk length, past 2^32 too.
template <class E>
void expect_memo_chunk_jumps_are_make_jump() {
  ChunkJumpMemo<typename E::jump_type> memo;
  std::uint64_t base = 6;
  const std::uint64_t steps[] = {0, 8192, 8192, 8192, 0, 8192, 2, 8192, 8192, 4096, 4096, (1ull << 33), 8192, 8192};
  std::uint64_t chunk = 2048;
  for (int call = 0; call < 40; ++call) {
    if (call == 20) chunk = 4098;
    if (call == 30) base -= 100000;  // backwards: a fresh jump
    base += steps[call % (sizeof steps / sizeof steps[0])];
    const ChunkPlan plan{base, chunk, 1 + static_cast<std::uint64_t>(call % 5)};
    std::vector<typename E::jump_type> got(plan.chunks);
    make_chunk_jumps<E>(plan, got.data(), &memo);
    for (std::uint64_t c = 0; c < plan.chunks; ++c) {
      const typename E::jump_type want = E::make_jump(plan.chunk_base(c));
      ASSERT_EQ(0, std::memcmp(&got[c], &want, sizeof want)) << E::name << " call " << call << " chunk " << c;
    }
  }
}

TEST(PerThreadSkip, ChunkJumpsAreTheJumpsToEachChunksBase) {
  static_assert(stream_detail::ComposesJumps<xorshift256::StreamEngine>::value, "xorshift256 composes its jumps");
  static_assert(!stream_detail::ComposesJumps<mwc::StreamEngine>::value, "mwc's jump is its step count");
  expect_chunk_jumps_are_make_jump<xorshift256::StreamEngine>();
  expect_chunk_jumps_are_make_jump<mwc::StreamEngine>();
  expect_chunk_jumps_are_make_jump<kiss::StreamEngine>();
  expect_memo_chunk_jumps_are_make_jump<xorshift256::StreamEngine>();
  expect_memo_chunk_jumps_are_make_jump<mwc::StreamEngine>();
}

TEST(PerThreadSkip, LcgPowerAndMatrixPowerMatchStepping) {
  std::uint32_t x = 12345u, y = 1u;
  for (std::uint64_t k = 0; k < 3000; ++k) {
    ASSERT_EQ(lcg32_power(69069u, 1234567u, k)(12345u), x) << k;
    ASSERT_EQ(gf2::apply_power(kiss::xorshift_tables().xs17_13_5, k, 1u), y) << k;
    x = 69069u * x + 1234567u;
    y = kiss::xorshift32<17, 13, 5>(y);
  }
}

// ----- stream seeding ------------------------------------------------------------------------------

namespace {
// The documented derivation, restated independently: SplitMix64 from x(seed, s) =
// mix(mix(seed + gamma) + s), each 32-bit draw the upper half of the next output.
std::uint64_t ref_mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
struct RefDraws {
  std::uint64_t x;
  std::uint32_t next() {
    x += 0x9E3779B97F4A7C15ull;
    return static_cast<std::uint32_t>(ref_mix(x) >> 32);
  }
};
RefDraws ref_source(std::uint64_t seed, std::uint64_t s) { return RefDraws{ref_mix(ref_mix(seed + 0x9E3779B97F4A7C15ull) + s)}; }
}  // namespace

TEST(PerThreadSeeding, StreamsFollowTheDocumentedDerivation) {
  const mwc16::MultiplierTable t = mwc16::multiplier_table();
  for (std::uint64_t seed : {0ull, 1ull, 0xdeadbeefull}) {
    for (std::uint64_t s : {0ull, 1ull, 2ull, 65535ull, 76636ull, 1ull << 40}) {
      // Pair q = s mod 76636 = (i, j), j(j-1)/2 + i = q: found here by counting.
      std::uint32_t q = static_cast<std::uint32_t>(s % 76636), i = 0, j = 1;
      while (q >= j) {
        q -= j;
        ++j;
      }
      i = q;
      RefDraws src = ref_source(seed, s);
      const mwc::State m = mwc::stream_state(seed, s);
      EXPECT_EQ(m.az, t.a[j]);
      EXPECT_EQ(m.aw, t.a[i]);
      EXPECT_EQ(m.z, 1 + src.next() % (t.a[j] * 65536u - 2u));
      EXPECT_EQ(m.w, 1 + src.next() % (t.a[i] * 65536u - 2u));

      RefDraws ks = ref_source(seed, s);
      const kiss::State k = kiss::stream_state(seed, s);
      EXPECT_EQ(k.z, 1 + ks.next() % (t.a[j] * 65536u - 2u));
      EXPECT_EQ(k.w, 1 + ks.next() % (t.a[i] * 65536u - 2u));
      EXPECT_EQ(k.jsr, ks.next());  // non-zero with overwhelming probability
      EXPECT_EQ(k.jcong, ks.next());

      RefDraws xs = ref_source(seed, s);
      const xorshift256::State x = xorshift256::stream_state(seed, s);
      for (int w = 0; w < 8; ++w) EXPECT_EQ(x.x[w], xs.next());
    }
  }
}

TEST(PerThreadSeeding, EveryStreamStateIsValidAndDistinct) {
  std::set<std::uint64_t> firsts;
  for (std::uint64_t s = 0; s < 76636; ++s) {
    const mwc::State m = mwc::stream_state(99, s);
    ASSERT_TRUE(mwc16::is_valid(m.z, m.az) && mwc16::is_valid(m.w, m.aw)) << s;
    const kiss::State k = kiss::stream_state(99, s);
    ASSERT_TRUE(mwc16::is_valid(k.z, k.az) && mwc16::is_valid(k.w, k.aw) && k.jsr != 0) << s;
    xorshift256::State x = xorshift256::stream_state(99, s);
    ASSERT_TRUE(xorshift256::is_valid(x));
    mwc::State m2 = m;
    const std::uint64_t two = (std::uint64_t{mwc::next(m2)} << 32) | mwc::next(m2);
    ASSERT_TRUE(firsts.insert(two).second) << "streams share their first two mwc outputs at " << s;
  }
}
