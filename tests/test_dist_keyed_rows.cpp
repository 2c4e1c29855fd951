// The tabulated inversion of Poisson and binomial (core/dist/inversion_table.hpp) gives the values of
// the sequential search it replaces, for every u: at the sums themselves and their neighbours, at the
// ends of (0, 1], for NaN, and at random points, over a sweep of parameters that ends next to each
// branch's boundary; its states fit (the table is complete wherever the inversion branch is taken);
// and the transforms' whole-row path equals their per-pair path and the old per-value sampler. The
// whole-row path of every other keyed sampler (core/dist/keyed_row.hpp) equals its per-pair path.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#include "dist_b_support.hpp"
#include "gpurng/core/dist/beta.hpp"
#include "gpurng/core/dist/binomial.hpp"
#include "gpurng/core/dist/gamma.hpp"
#include "gpurng/core/dist/hypergeometric.hpp"
#include "gpurng/core/dist/negative_binomial.hpp"
#include "gpurng/core/dist/poisson.hpp"
#include "gpurng/core/dist/student_t.hpp"
#include "gpurng/core/dist/truncated_normal.hpp"
#include "gpurng/core/produce.hpp"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;
namespace t = gpurng::test;
using Tr = core::philox::Traits4x32_10;

namespace {

// The u worth checking for a walk whose sums are cdf: each sum, the doubles next to it, the ends of
// the uniforms' range, NaN, and random points.
std::vector<double> probes(const std::vector<double>& cdf, std::mt19937_64& rng) {
  std::vector<double> u = {1.0, 0x1p-53, 0x1p-32, std::nextafter(1.0, 0.0), 0.5,
                           std::numeric_limits<double>::quiet_NaN()};
  for (double c : cdf) {
    if (c > 0 && c <= 1) u.push_back(c);
    u.push_back(std::nextafter(c, 0.0));
    if (std::nextafter(c, 2.0) <= 1.0) u.push_back(std::nextafter(c, 2.0));
  }
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 2000; ++i) u.push_back(1.0 - unit(rng));  // (0, 1]
  return u;
}

// The sums the Poisson walk compares with (as poisson_inversion forms them).
std::vector<double> poisson_sums(const dist::PoissonParams& p) {
  std::vector<double> s;
  double k = 0, pk = p.exp_minus_lambda, cdf = pk;
  for (int i = 0; i < 1000; ++i) {
    s.push_back(cdf);
    k += 1;
    pk = pk * p.lambda / k;
    if (cdf + pk == cdf) break;
    cdf += pk;
  }
  return s;
}

std::vector<double> binomial_sums(const dist::BinomialParams& bp) {
  std::vector<double> s;
  double k = 0, pk = bp.q_pow_n, cdf = pk;
  while (k < bp.n && k < 1000) {
    s.push_back(cdf);
    k += 1;
    pk = pk * ((bp.n + 1 - k) * bp.r) / k;
    if (cdf + pk == cdf) break;
    cdf += pk;
  }
  return s;
}

// The searches as first written (before the walk and the table), an independent oracle: the loop of
// poisson_inversion and binomial_inversion in plain double arithmetic (no contraction here either).
double reference_poisson(const dist::PoissonParams& p, double u) {
  double k = 0.0, pk = p.exp_minus_lambda, cdf = pk;
  while (u > cdf && k < 1000.0) {
    k = k + 1.0;
    pk = pk * p.lambda / k;
    const double next = cdf + pk;
    if (next == cdf) break;
    cdf = next;
  }
  return k;
}
double reference_binomial(const dist::BinomialParams& bp, double u) {
  double k = 0.0, pk = bp.q_pow_n, cdf = pk;
  while (u > cdf && k < bp.n && k < 1000.0) {
    k = k + 1.0;
    pk = pk * (((bp.n + 1.0) - k) * bp.r) / k;
    const double next = cdf + pk;
    if (next == cdf) break;
    cdf = next;
  }
  return k;
}

// Parameters of the inversion branch, log-spaced, with its boundary's neighbours.
std::vector<double> inversion_lambdas() {
  std::vector<double> l = {1e-300, 1e-6, 0.5, 1.0, 4.5, 9.9, std::nextafter(dist::kPoissonInversionMax, 0.0)};
  for (int i = 0; i <= 300; ++i) l.push_back(1e-6 * std::pow(1e7, i / 300.0) * (i == 300 ? 0.999999 : 1.0));
  return l;
}

}  // namespace

TEST(InversionTable, PoissonSearchIsTheWalk) {
  std::mt19937_64 rng(7);
  int most = 0;
  for (double lambda : inversion_lambdas()) {
    ASSERT_LT(lambda, dist::kPoissonInversionMax);
    const dist::PoissonParams p = dist::poisson_setup(lambda);
    const dist::Poisson<Tr> tr{p};
    ASSERT_TRUE(tr.table.complete()) << "lambda " << lambda;
    const std::vector<double> sums = poisson_sums(p);
    most = std::max(most, static_cast<int>(sums.size()));
    for (double u : probes(sums, rng)) {
      const double k = static_cast<double>(tr.table.search(u));
      ASSERT_EQ(k, dist::poisson_inversion(p, u)) << "lambda " << lambda << ", u " << u;
      ASSERT_EQ(k, reference_poisson(p, u)) << "lambda " << lambda << ", u " << u;
    }
  }
  std::printf("most states of a Poisson walk below lambda = 10: %d (table: %d)\n", most, dist::InversionTable::kSize);
  EXPECT_LT(most, dist::InversionTable::kSize);
  // lambda = 0 tabulates (every value 0); PTRS does not.
  EXPECT_TRUE(dist::Poisson<Tr>{dist::poisson_setup(0.0)}.table.complete());
  EXPECT_EQ(dist::Poisson<Tr>{dist::poisson_setup(0.0)}.table.search(1.0), 0);
  EXPECT_FALSE(dist::Poisson<Tr>{dist::poisson_setup(10.0)}.tabulated());  // anchored
  EXPECT_FALSE((dist::Poisson<Tr>{dist::poisson_setup(10.0), false}.tabulated()));  // PTRS
}

TEST(InversionTable, BinomialSearchIsTheWalk) {
  std::mt19937_64 rng(11);
  int most = 0, cases = 0;
  for (double n : {1.0, 2.0, 5.0, 20.0, 21.0, 100.0, 1000.0, 1e6, 4294967295.0}) {
    for (double target : {1e-9, 1e-3, 0.3, 1.0, 4.0, 9.0, 9.999999}) {
      const double s = target / n;
      if (!(s > 0 && s <= 0.5)) continue;
      for (double p : {s, 1.0 - s}) {  // and the flipped side
        const dist::BinomialParams bp = dist::binomial_setup(static_cast<std::uint32_t>(n), p);
        if (bp.method != dist::BinomialParams::inversion) continue;
        const dist::Binomial<Tr> tr{bp};
        ASSERT_TRUE(tr.table.complete()) << "n " << n << ", p " << p;
        ++cases;
        const std::vector<double> sums = binomial_sums(bp);
        most = std::max(most, static_cast<int>(sums.size()));
        for (double u : probes(sums, rng)) {
          const double y = dist::binomial_inversion(bp, u);
          ASSERT_EQ(y, reference_binomial(bp, u)) << "n " << n << ", p " << p << ", u " << u;
          ASSERT_EQ(static_cast<double>(tr.tabulated_value(u)), bp.flip ? n - y : y) << "n " << n << ", p " << p << ", u " << u;
        }
      }
    }
  }
  std::printf("binomial inversion: %d parameter sets, most states %d\n", cases, most);
  EXPECT_GT(cases, 60);
  EXPECT_LT(most, dist::InversionTable::kSize);
  // The constant branch: n = 0, p = 0 and p = 1.
  EXPECT_EQ(dist::Binomial<Tr>{dist::binomial_setup(0, 0.3)}.tabulated_value(0.7), 0u);
  EXPECT_EQ(dist::Binomial<Tr>{dist::binomial_setup(17, 0.0)}.tabulated_value(0.7), 0u);
  EXPECT_EQ(dist::Binomial<Tr>{dist::binomial_setup(17, 1.0)}.tabulated_value(0.7), 17u);
}

// The whole-row path (core::produce_row, as the generic fills of every backend run it) equals the
// per-pair operator() (the device API and the per-lane producers), on each branch and on a 32-bit and a
// 64-bit engine; for Poisson and binomial also the per-value sampler as it was before the table.
template <class Engine, class Transform>
std::vector<typename Transform::value_type> row_path(const Transform& tr, typename Engine::state_type st, std::size_t n) {
  std::vector<typename Transform::value_type> out(n);
  for (std::size_t i = 0; i < n; i += core::kRowLength) core::produce_row<Engine>(st, tr, &out[i]);
  return out;
}
template <class Engine, class Transform>
std::vector<typename Transform::value_type> pair_path(const Transform& tr, typename Engine::state_type st, std::size_t n) {
  std::vector<typename Transform::value_type> out(n);
  for (std::size_t i = 0; i < n; i += 2) {
    const typename Engine::raw_type r[2] = {Engine::next(st), Engine::next(st)};
    tr(r, &out[i]);
  }
  return out;
}

template <class Transform>
void rows_equal_pairs(const Transform& tr, const char* what) {
  static_assert(core::produce_detail::whole_row<Transform>::value, "a whole-row transform");
  constexpr std::size_t kN = 4096;
  const auto st = Tr::start(core::philox::Scheme4x32<10>::stream(99, 3));
  const auto rows = row_path<Tr>(tr, st, kN);
  const auto pairs = pair_path<Tr>(tr, st, kN);
  for (std::size_t i = 0; i < kN; ++i) {
    if (!(rows[i] == pairs[i]) && !(rows[i] != rows[i] && pairs[i] != pairs[i])) {  // NaN == NaN here
      FAIL() << what << ": value " << i << " row " << rows[i] << ", pair " << pairs[i];
    }
  }
}

template <class Transform>
void rows_equal_pairs64(const Transform& tr, const char* what) {
  using Tr64 = core::philox::Traits4x64_10;
  constexpr std::size_t kN = 2048;
  const auto st = Tr64::start(core::philox::Scheme4x64<10>::stream(core::U128{77, 0}, 0));
  EXPECT_EQ(row_path<Tr64>(tr, st, kN), pair_path<Tr64>(tr, st, kN)) << what << " on philox4x64-10";
}

template <class Params, class Variate>
void pairs_equal_old_sampler(const dist::Poisson<Tr>* pois, const dist::Binomial<Tr>* bin, const Params& params,
                             Variate variate, dist::DrawTag tag, const char* what) {
  constexpr std::size_t kN = 4096;
  const auto st = Tr::start(core::philox::Scheme4x32<10>::stream(99, 3));
  const auto pairs = pois ? pair_path<Tr>(*pois, st, kN) : pair_path<Tr>(*bin, st, kN);
  auto s = st;
  for (std::size_t k = 0; k < kN / 2; ++k) {
    const std::uint32_t r[2] = {Tr::next(s), Tr::next(s)};
    for (unsigned j = 0; j < 2; ++j) {
      dist::KeyedDraws d(r[0], r[1], Tr::uniform_double(r[j]), tag, j);
      const double v = variate(params, d.first(), d);
      ASSERT_EQ(pairs[2 * k + j], v == v ? static_cast<std::uint32_t>(v) : 0xffffffffu) << what << ", value " << 2 * k + j;
    }
  }
}

TEST(InversionTable, RowPairAndValuePathsAgree) {
  for (double lambda : {0.0, 1e-6, 0.5, 9.9, 10.0, 42.0, 1e4, 65535.0, 65536.0, 1e9}) {
    const dist::PoissonParams p = dist::poisson_setup(lambda);
    const dist::Poisson<Tr> tr{p};
    rows_equal_pairs(tr, "poisson");
    rows_equal_pairs64(dist::Poisson<core::philox::Traits4x64_10>{p}, "poisson");
    // PTRS as the transform runs it (from 2^16; below, the tests' PTRS-only transform) is the sampler.
    const dist::Poisson<Tr> ptrs{p, false};
    rows_equal_pairs(ptrs, "poisson ptrs");
    pairs_equal_old_sampler(&ptrs, nullptr, p, dist::poisson_variate, dist::DrawTag::poisson, "poisson");
  }
  // The anchored inversion's rows with values in its tails (made again by one out-of-line call):
  // 2^20 values at lambda = 100 hold about 11 of them.
  {
    const dist::Poisson<Tr> tr{dist::poisson_setup(100.0)};
    ASSERT_EQ(tr.params.method, dist::PoissonParams::anchored);
    constexpr std::size_t kN = std::size_t{1} << 20;
    const auto st = Tr::start(core::philox::Scheme4x32<10>::stream(5, 1));
    const auto rows = row_path<Tr>(tr, st, kN);
    EXPECT_EQ(rows, pair_path<Tr>(tr, st, kN));
    const double top = tr.params.anchor.a0 + 31 * tr.params.anchor.stride;
    std::size_t tails = 0;
    for (auto k : rows) tails += k <= tr.params.anchor.a0 || k > top;
    std::printf("poisson(100): %zu of 2^20 values in the anchored inversion's tails\n", tails);
    EXPECT_GT(tails, 0u);
  }
  struct B {
    std::uint32_t n;
    double p;
  };
  for (B b : {B{0, 0.3}, B{17, 1.0}, B{100, 0.03}, B{20, 0.45}, B{100, 0.97}, B{100, 0.5}, B{1000000, 0.6}}) {
    const dist::BinomialParams bp = dist::binomial_setup(b.n, b.p);
    const dist::Binomial<Tr> tr{bp};
    rows_equal_pairs(tr, "binomial");
    pairs_equal_old_sampler(nullptr, &tr, bp, dist::binomial_variate, dist::DrawTag::binomial, "binomial");
    rows_equal_pairs64(dist::Binomial<core::philox::Traits4x64_10>{bp}, "binomial");
  }
}

// The GPU's staged words (Poisson::stage as the fill kernel's 128 threads run it): the dense table of
// the anchored walks gives the walk's values, at strides from 1 to 75.
TEST(InversionTable, PoissonDenseTableIsTheWalk) {
  using P = dist::Poisson<Tr>;
  int dense = 0;
  for (double lambda : {10.0, 11.0, 30.0, 100.0, 500.0, 1e3, 5e3, 1e4, 12000.0, 13000.0, 2e4, 65535.0}) {
    const P tr{dist::poisson_setup(lambda)};
    ASSERT_EQ(tr.params.method, dist::PoissonParams::anchored);
    ASSERT_EQ(tr.staged_bytes(), 8 * (64 + 31 * static_cast<std::size_t>(tr.params.anchor.stride)));
    std::vector<double> words(tr.staged_bytes() / 8, -1.0);
    for (int thread = 0; thread < 128; ++thread) tr.stage(words.data(), thread, 128);
    for (int i = 0; i < 64; ++i) ASSERT_EQ(words[i], tr.anchors.entry(i));
    dense += tr.dense();
    constexpr std::size_t kN = std::size_t{1} << 16;
    const auto st = Tr::start(core::philox::Scheme4x32<10>::stream(8, 2));
    std::vector<std::uint32_t> staged(kN), own(kN);
    auto a = st, b = st;
    for (std::size_t i = 0; i < kN; i += core::kRowLength) {
      core::produce_row<Tr>(a, tr, &staged[i], words.data());
      core::produce_row<Tr>(b, tr, &own[i]);
    }
    ASSERT_EQ(staged, own) << "lambda " << lambda << ", stride " << tr.params.anchor.stride;
    for (double w : words) ASSERT_GE(w, 0.0) << "a word left unstaged, lambda " << lambda;
    // Every sum of the table and its neighbours: the search equals the walk.
    const int m = static_cast<int>(tr.params.anchor.stride);
    for (int i = 0; i < 31 * m; ++i) {
      const double d = words[64 + i];
      for (double u : {d, std::nextafter(d, 0.0), std::nextafter(d, 2.0)}) {
        ASSERT_EQ(dist::poisson_anchored_dense(tr.params.anchor, words.data(), words.data() + 64, u),
                  dist::poisson_anchored_middle(tr.params.anchor, words.data(), u))
            << "lambda " << lambda << ", u " << u;
      }
    }
  }
  EXPECT_EQ(dense, 12);  // every anchored lambda (strides up to 75)
}

TEST(KeyedRows, RowsEqualPairsForEveryKeyedSampler) {
  for (double alpha : {1e-3, 0.5, 1.0, 3.0, 1e6}) {
    rows_equal_pairs(dist::Gamma<Tr, float>{dist::gamma_shape_setup(alpha), 2.5}, "gamma float");
    rows_equal_pairs(dist::Gamma<Tr, double>{dist::gamma_shape_setup(alpha), 2.5}, "gamma double");
    rows_equal_pairs64(dist::Gamma<core::philox::Traits4x64_10, double>{dist::gamma_shape_setup(alpha), 1.0}, "gamma");
  }
  rows_equal_pairs(dist::ChiSquare<Tr, float>{dist::gamma_shape_setup(1.5)}, "chi-square");
  rows_equal_pairs(dist::ChiSquare<Tr, double>{dist::gamma_shape_setup(0.25)}, "chi-square");
  rows_equal_pairs(dist::Beta<Tr, double>{dist::beta_setup(2.0, 5.0)}, "beta");
  rows_equal_pairs(dist::Beta<Tr, float>{dist::beta_setup(1e-3, 0.5)}, "beta");
  rows_equal_pairs(dist::StudentT<Tr, double>{4.0}, "student t");
  rows_equal_pairs(dist::StudentT<Tr, float>{0.01}, "student t");
  rows_equal_pairs(dist::TruncatedNormal<Tr, double>{dist::truncated_normal_setup(0.0, 1.0, -1.0, 2.0)}, "truncated normal");
  rows_equal_pairs(dist::TruncatedNormal<Tr, float>{dist::truncated_normal_setup(0.0, 1.0, 8.0, 9.0)}, "truncated normal");
  rows_equal_pairs(dist::NegativeBinomial<Tr>{dist::negative_binomial_setup(5.0, 0.3)}, "negative binomial");
  rows_equal_pairs(dist::Hypergeometric<Tr>{dist::hypergeometric_setup(5, 10, 4)}, "hypergeometric");
  rows_equal_pairs(dist::Hypergeometric<Tr>{dist::hypergeometric_setup(1000, 1000, 1000)}, "hypergeometric");
  rows_equal_pairs64(dist::NegativeBinomial<core::philox::Traits4x64_10>{dist::negative_binomial_setup(0.5, 0.01)},
                     "negative binomial");
}

// The squeeze the whole-row samplers try first (poisson_keyed_row, binomial_keyed_row) accepts only
// what the whole attempt accepts, with the same k; how often it decides a first attempt alone.
TEST(InversionTable, SqueezeIsTheAttemptsFirstTest) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  constexpr int kTrials = 1 << 18;
  for (double lambda : {10.0, 30.0, 100.0, 1e4, 1e9}) {
    const dist::PoissonParams p = dist::poisson_setup(lambda);
    int decided = 0;
    for (int i = 0; i < kTrials; ++i) {
      const double u = 1.0 - unit(rng), v = 1.0 - unit(rng);
      const double k = dist::poisson_ptrs_squeeze(p, u, v);
      if (k >= 0.0) {
        ++decided;
        ASSERT_EQ(k, dist::poisson_ptrs_attempt(p, u, v)) << "lambda " << lambda << ", u " << u << ", v " << v;
      }
    }
    std::printf("poisson(%g): the squeeze decides %.1f %% of first attempts\n", lambda, 100.0 * decided / kTrials);
    EXPECT_GT(decided, kTrials / 4);
  }
  struct B {
    std::uint32_t n;
    double p;
  };
  for (B b : {B{100, 0.1}, B{100, 0.5}, B{100, 0.85}, B{1000000, 0.6}, B{4294967295u, 0.5}}) {
    const dist::BinomialParams bp = dist::binomial_setup(b.n, b.p);
    ASSERT_EQ(bp.method, dist::BinomialParams::btrs);
    int decided = 0;
    for (int i = 0; i < kTrials; ++i) {
      const double u = 1.0 - unit(rng), v = 1.0 - unit(rng);
      const double y = dist::binomial_btrs_squeeze(bp, u, v);
      if (y >= 0.0) {
        ++decided;
        ASSERT_EQ(y, dist::binomial_btrs_attempt(bp, u, v)) << "n " << b.n << ", p " << b.p << ", u " << u;
      }
    }
    std::printf("binomial(%u, %g): the squeeze decides %.1f %% of first attempts\n", b.n, b.p, 100.0 * decided / kTrials);
    EXPECT_GT(decided, kTrials / 4);
  }
}
