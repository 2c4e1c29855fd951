// The pieces of `gpurng test`: dieharder's report parser (on lines as dieharder 3.31.1 prints
// them), the p-values of the quick battery against mpmath's values (tests/data notes none: the
// references are computed in the comments' formulas), the quick checks on good and deliberately
// wrong samples, and the pipe to a battery program (a shell stands in for dieharder).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "gpurng/gpurng.hpp"
#include "quality/dieharder_parse.hpp"
#include "quality/dieharder_run.hpp"
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
