// The pieces of `gpurng test`: dieharder's report parser (on lines as dieharder 3.31.1 prints
// them), the p-values of the quick battery against mpmath's values (tests/data notes none: the
// references are computed in the comments' formulas), the quick checks on good and deliberately
// wrong samples, the pipe to a battery program (a shell stands in for dieharder), and the linear
// battery: GF(2) rank and linear complexity against plain statements of them and exact enumerations,
// passed by random-looking streams and failed by GF(2)-linear ones where their state size says.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "gpurng/gpurng.hpp"
#include "quality/dieharder_parse.hpp"
#include "quality/dieharder_run.hpp"
#include "quality/gf2_rank.hpp"
#include "quality/linear_battery.hpp"
#include "quality/linear_complexity.hpp"
#include "quality/quick_checks.hpp"
#include "quality/statistics.hpp"

using namespace gpurng::cli::quality;

TEST(DieharderParse, ReadsResultLines) {
  auto r = parse_dieharder_line("   diehard_birthdays|   0|       100|     100|0.83448560|  PASSED  ");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->test, "diehard_birthdays");
  EXPECT_EQ(r->ntup, 0);
  EXPECT_EQ(r->tsamples, 100);
  EXPECT_EQ(r->psamples, 100);
  EXPECT_DOUBLE_EQ(r->p_value, 0.83448560);
  EXPECT_EQ(r->assessment, "PASSED");
  r = parse_dieharder_line("         sts_serial|   2|    100000|     100|0.99999000|   WEAK   ");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->ntup, 2);
  EXPECT_EQ(r->assessment, "WEAK");
  r = parse_dieharder_line("  rgb_lagged_sum|  31|   1000000|     100|0.00000000|  FAILED  ");
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->ntup, 31);
  EXPECT_EQ(r->tsamples, 1000000);
  EXPECT_EQ(r->p_value, 0.0);
  EXPECT_EQ(r->assessment, "FAILED");
}

TEST(DieharderParse, IgnoresEverythingElse) {
  for (const char* line : {
           "#=============================================================================#",
           "#            dieharder version 3.31.1 Copyright 2003 Robert G. Brown          #",
           "   rng_name    |rands/second|   Seed   |",
           "stdin_input_raw|  4.25e+07  |2737857253|",
           "        test_name   |ntup| tsamples |psamples|  p-value |Assessment",
           "",
           "# The file file_input_raw was rewound 1 times",
           "   diehard_birthdays|   0|       100|     100|1.50000000|  PASSED  ",   // p out of [0, 1]
           "   diehard_birthdays|   0|       100|     100|0.5x|  PASSED  ",         // not a number
           "   diehard_birthdays|   0|       100|     100|0.50000000|  MAYBE  ",    // not an assessment
           "   diehard_birthdays|    |       100|     100|0.50000000|  PASSED  ",   // empty ntup
           "   diehard_birthdays|   0|       100|     100|0.50000000|  PASSED  |",  // seven fields
       }) {
    EXPECT_FALSE(parse_dieharder_line(line).has_value()) << line;
  }
}

TEST(DieharderParse, Tallies) {
  std::vector<DieharderResult> rs(6);
  const char* a[] = {"PASSED", "PASSED", "WEAK", "FAILED", "PASSED", "FAILED"};
  for (int i = 0; i < 6; ++i) rs[i].assessment = a[i];
  const DieharderTally t = tally(rs);
  EXPECT_EQ(t.passed, 3);
  EXPECT_EQ(t.weak, 1);
  EXPECT_EQ(t.failed, 2);
}

// References: mpmath 1.3 at 30 digits, gammainc(a, x, inf, regularized=True) and the Kolmogorov
// series 2 sum (-1)^(j-1) exp(-2 j^2 lambda^2).
TEST(QuickStatistics, PValuesMatchReferenceValues) {
  EXPECT_NEAR(chi_square_upper(3.841458820694124, 1), 0.05, 1e-12);
  EXPECT_NEAR(chi_square_upper(18.307038053275146, 10), 0.05, 1e-12);
  EXPECT_NEAR(chi_square_upper(2.0, 2), std::exp(-1.0), 1e-14);
  EXPECT_NEAR(chi_square_upper(1000, 999), 0.485131489274901473540473305303, 1e-10);
  EXPECT_NEAR(gamma_q(5, 3.5), 0.725444953309604607615959757954, 1e-13);
  EXPECT_NEAR(gamma_q(0.5, 40) / 3.74409738420289876356380449515e-19, 1.0, 1e-9);
  EXPECT_EQ(gamma_q(3, 0), 1.0);
  // lambda = (sqrt(n) + 0.12 + 0.11/sqrt(n)) d = 1 exactly.
  const double n = 1e12, sn = 1e6;
  EXPECT_NEAR(ks_upper(1.0 / (sn + 0.12 + 0.11 / sn), n), 0.269999671677354521204900645585, 1e-12);
  EXPECT_EQ(ks_upper(0.0, n), 1.0);
  EXPECT_NEAR(normal_two_sided(1.959963984540054), 0.05, 1e-12);
}

TEST(QuickStatistics, MomentsOfASmallSet) {
  const Moments m = sample_moments({1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(m.mean, 2.5);
  EXPECT_DOUBLE_EQ(m.variance, 5.0 / 3.0);
  EXPECT_DOUBLE_EQ(m.skewness, 0.0);
  EXPECT_NEAR(m.excess_kurtosis, 2.5625 / 1.5625 - 3.0, 1e-15);
}

// Uniform samples from an independent generator pass; the same samples bent by u^1.02 fail.
TEST(QuickStatistics, ChiSquareAndKsTellAWrongDistribution) {
  std::mt19937_64 rng(20261121);
  std::vector<double> good(1 << 20), bent(1 << 20);
  for (std::size_t i = 0; i < good.size(); ++i) {
    good[i] = (static_cast<double>(rng() >> 11) + 0.5) * 0x1p-53;
    bent[i] = std::pow(good[i], 1.02);
  }
  EXPECT_GT(binned_chi_square(good, 1000).p_value, 1e-3);
  EXPECT_GT(kolmogorov_smirnov(good).p_value, 1e-3);
  EXPECT_LT(binned_chi_square(bent, 1000).p_value, 1e-6);
  EXPECT_LT(kolmogorov_smirnov(bent).p_value, 1e-6);
  // Too even to be random: a grid fits far better than chance and is flagged as such.
  std::vector<double> grid(1 << 16);
  for (std::size_t i = 0; i < grid.size(); ++i) grid[i] = (static_cast<double>(i) + 0.5) / static_cast<double>(grid.size());
  EXPECT_EQ(assess(binned_chi_square(grid, 1000).p_value), "FAILED");
  EXPECT_EQ(assess(kolmogorov_smirnov(grid).p_value), "FAILED");
}

TEST(QuickStatistics, Assessment) {
  EXPECT_EQ(assess(0.5), "PASSED");
  EXPECT_EQ(assess(0.0005), "WEAK");
  EXPECT_EQ(assess(0.9995), "WEAK");
  EXPECT_EQ(assess(1e-7), "FAILED");
  EXPECT_EQ(assess(1.0), "FAILED");
}

TEST(QuickChecks, EveryOutputOfAGoodEnginePasses) {
  gpurng::Generator g(gpurng::Engine::mrg32k3a, gpurng::Backend::cpu);
  g.seed(7);
  const auto rs = run_quick_checks(g, 1 << 16, stderr);
  int assessed = 0, failed = 0;
  for (const QuickResult& r : rs) {
    if (r.assessment == "info") continue;
    ++assessed;
    failed += r.assessment == "FAILED";
  }
  EXPECT_EQ(rs.size(), 9u * 6u);  // 9 outputs x (chi-square, ks, mean, variance, skewness, kurtosis)
  EXPECT_EQ(assessed, 36);
  EXPECT_EQ(failed, 0);
}

TEST(DieharderRun, FeedsTheProgramAndReadsItsReport) {
  const std::string sh = find_program("sh");
  ASSERT_FALSE(sh.empty());
  std::size_t calls = 0;
  auto source = [&](unsigned char* buf, std::size_t cap) -> std::size_t {
    ++calls;
    std::fill(buf, buf + cap, 0xab);
    return cap;  // endless: the program's exit ends the stream
  };
  const DieharderRun run = run_dieharder(
      sh,
      {"-c", "head -c 1000000 >/dev/null; echo '#  dieharder version 3.31.1 Copyright'; "
             "echo '   diehard_birthdays|   0|       100|     100|0.83448560|  PASSED  '; exit 3"},
      source, stderr);
  ASSERT_EQ(run.results.size(), 1u);
  EXPECT_EQ(run.results[0].test, "diehard_birthdays");
  EXPECT_EQ(run.version, "3.31.1");
  EXPECT_EQ(run.exit_status, 3);
  EXPECT_GE(run.bytes_fed, 1000000u);
  EXPECT_GE(calls, 1u);
}

TEST(DieharderRun, AProgramThatReadsNothingEndsTheRun) {
  const std::string sh = find_program("sh");
  std::size_t left = std::size_t{1} << 26;
  auto source = [&](unsigned char* buf, std::size_t cap) -> std::size_t {
    const std::size_t n = std::min(cap, left);
    std::fill(buf, buf + n, 0);
    left -= n;
    return n;
  };
  const DieharderRun run = run_dieharder(sh, {"-c", "exit 0"}, source, stderr);
  EXPECT_TRUE(run.results.empty());
  EXPECT_EQ(run.exit_status, 0);
}

TEST(DieharderRun, AFailingSourceStopsTheProgramAndIsRethrown) {
  const std::string sh = find_program("sh");
  auto source = [](unsigned char*, std::size_t) -> std::size_t {
    throw gpurng::Error(gpurng::Status::cuda_error, "generation failed");
  };
  // The program waits for input that never comes (sleep), so only being stopped ends it.
  EXPECT_THROW(run_dieharder(sh, {"-c", "exec sleep 60"}, source, stderr), gpurng::Error);
}

TEST(DieharderRun, FindsProgramsOnThePathOnly) {
  EXPECT_FALSE(find_program("sh").empty());
  EXPECT_EQ(find_program("gpurng-no-such-program-xyz"), "");
  EXPECT_EQ(find_program("/nonexistent/dieharder"), "");
}

// ---- linear battery ----

namespace {

// Rank over GF(2) one bit at a time, rows as vectors of bools: the plain statement gf2_rank is held to.
std::size_t naive_rank(std::vector<std::vector<bool>> m) {
  std::size_t rank = 0;
  const std::size_t rows = m.size(), cols = rows == 0 ? 0 : m[0].size();
  for (std::size_t c = 0; c < cols && rank < rows; ++c) {
    std::size_t p = rank;
    while (p < rows && !m[p][c]) ++p;
    if (p == rows) continue;
    std::swap(m[p], m[rank]);
    for (std::size_t r = 0; r < rows; ++r) {
      if (r != rank && m[r][c]) {
        for (std::size_t k = 0; k < cols; ++k) m[r][k] = m[r][k] != m[rank][k];
      }
    }
    ++rank;
  }
  return rank;
}

// Packs an L x L matrix of bools as gf2_rank reads it and returns its rank.
std::size_t packed_rank(const std::vector<std::vector<bool>>& m) {
  const std::size_t L = m.size(), W = gf2_row_words(L);
  std::vector<std::uint64_t> rows(W * L, 0);
  for (std::size_t i = 0; i < L; ++i) {
    for (std::size_t j = 0; j < L; ++j) rows[i * W + j / 64] |= static_cast<std::uint64_t>(m[i][j]) << (j % 64);
  }
  return gf2_rank(rows.data(), L);
}

// Berlekamp-Massey one bit at a time, the textbook loop.
std::size_t naive_complexity(const std::vector<bool>& s) {
  const std::size_t n = s.size();
  std::vector<bool> c(n + 1, false), b(n + 1, false);
  c[0] = b[0] = true;
  std::size_t L = 0, m = 1;
  for (std::size_t i = 0; i < n; ++i) {
    bool d = s[i];
    for (std::size_t j = 1; j <= L; ++j) d = d != (c[j] && s[i - j]);
    if (!d) {
      ++m;
      continue;
    }
    const std::vector<bool> t = c;
    for (std::size_t j = 0; j + m <= n; ++j) c[j + m] = c[j + m] != b[j];
    if (2 * L <= i) {
      L = i + 1 - L;
      b = t;
      m = 1;
    } else {
      ++m;
    }
  }
  return L;
}

std::vector<std::uint64_t> pack_bits(const std::vector<bool>& s) {
  std::vector<std::uint64_t> w(s.size() / 64 + 1, 0);
  for (std::size_t i = 0; i < s.size(); ++i) w[i / 64] |= static_cast<std::uint64_t>(s[i]) << (i % 64);
  return w;
}

// Marsaglia's xorshift64 (13, 7, 17), each 64-bit state written out as two words, low half
// first: GF(2)-linear with k = 64 state bits, the deliberately tiny generator of the tests below.
WordSource xorshift64_words() {
  struct State {
    std::uint64_t x = 88172645463325252ull;
    bool high_next = false;
  };
  auto st = std::make_shared<State>();
  return [st](std::uint32_t* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      if (!st->high_next) {
        st->x ^= st->x << 13;
        st->x ^= st->x >> 7;
        st->x ^= st->x << 17;
      }
      out[i] = static_cast<std::uint32_t>(st->x >> (st->high_next ? 32 : 0));
      st->high_next = !st->high_next;
    }
  };
}

std::vector<std::uint64_t> sizes(const std::vector<LinearStage>& stages) {
  std::vector<std::uint64_t> out;
  for (const LinearStage& s : stages) out.push_back(s.size);
  return out;
}

}  // namespace

TEST(Gf2Rank, KnownMatrices) {
  for (std::size_t L : {32u, 64u, 96u, 160u}) {
    std::vector<std::vector<bool>> id(L, std::vector<bool>(L, false));
    for (std::size_t i = 0; i < L; ++i) id[i][i] = true;
    EXPECT_EQ(packed_rank(id), L);
    id[L - 1] = id[0];  // a repeated row
    EXPECT_EQ(packed_rank(id), L - 1);
    EXPECT_EQ(packed_rank(std::vector<std::vector<bool>>(L, std::vector<bool>(L, true))), 1u);
    EXPECT_EQ(packed_rank(std::vector<std::vector<bool>>(L, std::vector<bool>(L, false))), 0u);
  }
}

TEST(Gf2Rank, MatchesThePlainEliminationOnRandomAndLowRankMatrices) {
  std::mt19937_64 rng(20261125);
  for (std::size_t L : {32u, 64u, 96u, 192u}) {
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<std::vector<bool>> m(L, std::vector<bool>(L));
      for (auto& row : m) {
        for (std::size_t j = 0; j < L; ++j) row[j] = (rng() & 1) != 0;
      }
      EXPECT_EQ(packed_rank(m), naive_rank(m)) << "L = " << L;
      // A product of L x k and k x L random matrices: rank <= k.
      const std::size_t k = 1 + rng() % (L / 2);
      std::vector<std::vector<bool>> a(L, std::vector<bool>(k)), b(k, std::vector<bool>(L));
      for (auto& row : a) {
        for (std::size_t j = 0; j < k; ++j) row[j] = (rng() & 1) != 0;
      }
      for (auto& row : b) {
        for (std::size_t j = 0; j < L; ++j) row[j] = (rng() & 1) != 0;
      }
      for (std::size_t i = 0; i < L; ++i) {
        for (std::size_t j = 0; j < L; ++j) {
          bool v = false;
          for (std::size_t t = 0; t < k; ++t) v = v != (a[i][t] && b[t][j]);
          m[i][j] = v;
        }
      }
      const std::size_t r = packed_rank(m);
      EXPECT_EQ(r, naive_rank(m));
      EXPECT_LE(r, k);
    }
  }
}

TEST(Gf2Rank, RandomMatrixProbabilitiesAreExact) {
  // Every 4 x 4 matrix, counted by rank: the probabilities times 2^16 are these counts exactly
  // (|GL(4, 2)| = 20160 of them are invertible).
  std::vector<double> count(5, 0.0);
  for (std::uint32_t bits = 0; bits < (1u << 16); ++bits) {
    std::uint64_t rows[4];
    for (int i = 0; i < 4; ++i) rows[i] = (bits >> (4 * i)) & 0xf;
    count[gf2_rank(rows, 4)] += 1.0;
  }
  EXPECT_EQ(count[4], 20160.0);
  for (std::size_t r = 0; r <= 4; ++r) EXPECT_NEAR(random_rank_probability(4, r) * 65536.0, count[r], 1e-9) << r;
  // dieharder's (and DIEHARD's) 32 x 32 rank probabilities.
  EXPECT_NEAR(random_rank_probability(32, 32), 0.2887880952, 1e-10);
  EXPECT_NEAR(random_rank_probability(32, 31), 0.5775761902, 1e-10);
  EXPECT_NEAR(random_rank_probability(32, 30), 0.1283502644, 1e-10);
  double low = 0;
  for (std::size_t r = 0; r <= 29; ++r) low += random_rank_probability(32, r);
  EXPECT_NEAR(low, 0.0052854502, 1e-10);
  for (std::size_t L : {64u, 4096u}) {
    double sum = 0;
    for (std::size_t r = 0; r <= L; ++r) sum += random_rank_probability(L, r);
    EXPECT_NEAR(sum, 1.0, 1e-12) << L;
  }
  EXPECT_EQ(random_rank_probability(8, 9), 0.0);
}

TEST(LinearComplexity, KnownSequences) {
  EXPECT_EQ(linear_complexity(pack_bits(std::vector<bool>(100, false)), 100), 0u);
  std::vector<bool> last(130, false);
  last.back() = true;  // 0...01: only a register as long as the sequence makes it
  EXPECT_EQ(linear_complexity(pack_bits(last), 130), 130u);
  std::vector<bool> first(130, false);
  first.front() = true;  // 10...0: s_i = 0 * s_{i-1}
  EXPECT_EQ(linear_complexity(pack_bits(first), 130), 1u);
  std::vector<bool> alternating(200);
  for (std::size_t i = 0; i < alternating.size(); ++i) alternating[i] = i % 2 == 0;
  EXPECT_EQ(linear_complexity(pack_bits(alternating), 200), 2u);
  // An LFSR of degree 89 (x^89 + x^38 + 1, a primitive trinomial): complexity 89 from 2 * 89 bits on,
  // for any non-zero start.
  std::mt19937_64 rng(7);
  std::vector<bool> s(1000);
  for (std::size_t i = 0; i < 89; ++i) s[i] = (rng() & 1) != 0;
  s[0] = true;
  for (std::size_t i = 89; i < s.size(); ++i) s[i] = s[i - 89] != s[i - 51];
  EXPECT_EQ(linear_complexity(pack_bits(s), 1000), 89u);
  EXPECT_EQ(linear_complexity(pack_bits(s), 178), 89u);
}

TEST(LinearComplexity, MatchesThePlainBerlekampMassey) {
  std::mt19937_64 rng(20261125);
  for (std::size_t n : {1u, 2u, 63u, 64u, 65u, 127u, 128u, 129u, 300u, 1000u, 3001u}) {
    for (int trial = 0; trial < 10; ++trial) {
      std::vector<bool> s(n);
      for (std::size_t i = 0; i < n; ++i) s[i] = (rng() & 1) != 0;
      EXPECT_EQ(linear_complexity(pack_bits(s), n), naive_complexity(s)) << "n = " << n;
    }
  }
}

TEST(LinearComplexity, RandomSequenceProbabilitiesAreExact) {
  // Every sequence of 14 bits, counted by linear complexity.
  constexpr std::size_t n = 14;
  std::vector<double> count(n + 1, 0.0);
  for (std::uint64_t v = 0; v < (1u << n); ++v) count[linear_complexity({v}, n)] += 1.0;
  for (std::size_t c = 0; c <= n; ++c) {
    EXPECT_EQ(random_complexity_probability(n, c) * 16384.0, count[c]) << c;
  }
  EXPECT_EQ(random_complexity_probability(n, n + 1), 0.0);
}

TEST(LinearBattery, ATinyLinearGeneratorFailsWhereItsStateSaysAndNotBefore) {
  // k = 64 state bits. Rank: a row of L = 64 bits is a whole state and the rows are the states
  // x, T^1 x, T^2 x, ...: always full rank, where a random matrix has it with probability 0.289; from
  // L = 128 on, every rank is <= 64. Complexity: the top bits of the words are bits 31 and 63 of
  // the states in turn, each satisfying the degree-64 characteristic polynomial P(x), so together
  // they satisfy P(x^2): complexity <= 128, and at n = 256 no deviation can be positive.
  const std::vector<LinearStage> rank = run_rank_test(xorshift64_words(), std::uint64_t{1} << 30, nullptr);
  ASSERT_EQ(sizes(rank), (std::vector<std::uint64_t>{32, 64}));
  EXPECT_NE(rank[0].assessment, "FAILED");
  EXPECT_EQ(rank[1].assessment, "FAILED");
  EXPECT_EQ(rank[1].observed[0], kRankMatrices);
  EXPECT_EQ(rank[1].words_end, rank_stage_words(32) + rank_stage_words(64));
  const LinearStage beyond = rank_stage(xorshift64_words(), 128);
  EXPECT_EQ(beyond.assessment, "FAILED");
  EXPECT_EQ(beyond.high, 64u);
  EXPECT_EQ(beyond.observed[2], kRankMatrices);  // every matrix 64 short of full rank

  const std::vector<LinearStage> lc = run_complexity_test(xorshift64_words(), std::uint64_t{1} << 30, nullptr);
  ASSERT_EQ(sizes(lc), (std::vector<std::uint64_t>{64, 128, 256}));
  EXPECT_NE(lc[1].assessment, "FAILED");
  EXPECT_EQ(lc[2].assessment, "FAILED");
  EXPECT_EQ(lc[2].high, 128u);
  EXPECT_EQ(lc[2].observed[3] + lc[2].observed[4], 0u);
  EXPECT_EQ(lc[2].words_end, complexity_stage_words(64) + complexity_stage_words(128) + complexity_stage_words(256));
}

TEST(LinearBattery, OneXorshift256StreamFailsAtItsStateSize) {
  // k = 256 and a row of L = 256 bits is the whole state (eight words): every matrix has full rank
  // at L = 256; complexity <= 256 shows at n = 512.
  gpurng::Generator g(gpurng::Engine::xorshift256, gpurng::Backend::cpu);
  g.streams(1);
  const std::vector<LinearStage> rank = run_rank_test(generator_words(g), std::uint64_t{1} << 30, nullptr);
  ASSERT_EQ(sizes(rank), (std::vector<std::uint64_t>{32, 64, 128, 256}));
  EXPECT_NE(rank[2].assessment, "FAILED");
  EXPECT_EQ(rank[3].assessment, "FAILED");
  EXPECT_EQ(rank[3].observed[0], kRankMatrices);
  EXPECT_EQ(rank_stage(generator_words(g), 512).high, 256u);
  g.offset(0);
  const std::vector<LinearStage> lc = run_complexity_test(generator_words(g), std::uint64_t{1} << 30, nullptr);
  ASSERT_EQ(sizes(lc), (std::vector<std::uint64_t>{64, 128, 256, 512}));
  EXPECT_NE(lc[2].assessment, "FAILED");
  EXPECT_EQ(lc[3].assessment, "FAILED");
  EXPECT_EQ(lc[3].high, 256u);
}

TEST(LinearBattery, RandomLookingStreamsPassEveryStageUpToTheCap) {
  // 2^21 words: rank up to L = 1024, complexity up to n = 8192.
  const std::uint64_t cap = std::uint64_t{1} << 21;
  auto check = [&](gpurng::Engine e, std::uint64_t streams) {
    gpurng::Generator g(e, gpurng::Backend::cpu);
    if (streams != 0) g.streams(streams);
    const std::vector<LinearStage> rank = run_rank_test(generator_words(g), cap, nullptr);
    g.offset(0);
    const std::vector<LinearStage> lc = run_complexity_test(generator_words(g), cap, nullptr);
    EXPECT_EQ(sizes(rank), (std::vector<std::uint64_t>{32, 64, 128, 256, 512, 1024}));
    EXPECT_EQ(sizes(lc), (std::vector<std::uint64_t>{64, 128, 256, 512, 1024, 2048, 4096, 8192}));
    for (const LinearStage& s : rank) EXPECT_NE(s.assessment, "FAILED") << s.test << " " << s.size;
    for (const LinearStage& s : lc) EXPECT_NE(s.assessment, "FAILED") << s.test << " " << s.size;
  };
  check(gpurng::Engine::mrg32k3a, 0);
  check(gpurng::Engine::kiss, 1);
  check(gpurng::Engine::kiss, 0);
}

TEST(LinearBattery, SixtyFourBitValuesAreSplitLowHalfFirst) {
  gpurng::Generator g(gpurng::Engine::mt19937_64, gpurng::Backend::cpu);
  std::vector<std::uint64_t> v(3);
  g.generate_bits(v.data(), v.size());
  g.offset(0);
  const WordSource words = generator_words(g);
  std::uint32_t w[6];
  words(w, 3);  // an odd request keeps value 1's high half for the next one
  words(w + 3, 3);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(w[i], static_cast<std::uint32_t>(v[i / 2] >> (32 * (i % 2)))) << i;
}

TEST(LinearBattery, Assessment) {
  EXPECT_EQ(assess_upper_tail(0.5), "PASSED");
  EXPECT_EQ(assess_upper_tail(0.9999999), "PASSED");  // one-sided: a close fit is no defect here
  EXPECT_EQ(assess_upper_tail(5e-4), "WEAK");
  EXPECT_EQ(assess_upper_tail(1e-7), "FAILED");
}
