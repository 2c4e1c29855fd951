// The tabulated inversion of Poisson and binomial (core/dist/inversion_table.hpp) gives the values of
// the sequential search it replaces, for every u: at the sums themselves and their neighbours, at the
// ends of (0, 1], for NaN, and at random points, over a sweep of parameters that ends next to each
// branch's boundary; its states fit (the table is complete wherever the inversion branch is taken);
// and the transforms' whole-row path equals their per-pair path and the old per-value sampler. The
// whole-row path of every other keyed sampler (core/dist/keyed_row.hpp) equals its per-pair path.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
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
#include "gpurng/core/engines/mrg32k3a.hpp"
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

// The transform's words as a block of `threads` threads stages them (one more word of slack).
template <class Transform>
std::vector<double> staged_words(const Transform& tr, int threads = 128) {
  std::vector<double> words(tr.staged_bytes() / 8 + 1);
  for (int phase = 0; phase < Transform::kStagePhases; ++phase) {
    for (int thread = 0; thread < threads; ++thread) tr.stage(words.data(), phase, thread, threads);
  }
  return words;
}

// The path of the kernels that transform a pair at a time from the staged words, three ways by turns:
// MTGP's (core::apply_group), MT19937's kernel of the transform's row mode (apply_group<Mode>), DCMT's
// and the per-stream engines' (core::StagedTransform).
template <class Engine, class Transform>
std::vector<std::uint32_t> staged_pair_path(const Transform& tr, typename Engine::state_type st, std::size_t n,
                                            const double* words) {
  std::vector<std::uint32_t> out(n);
  const core::StagedTransform<Transform> seen{&tr, words};
  for (std::size_t i = 0; i < n; i += 2) {
    const typename Engine::raw_type r[2] = {Engine::next(st), Engine::next(st)};
    if (i % 6 == 0) {
      core::apply_group(tr, r, &out[i], words);
    } else if (i % 6 == 2) {
      seen(r, &out[i]);
    } else {
      switch (tr.row_mode()) {
        case dist::kModeTable: core::apply_group<dist::kModeTable>(tr, r, &out[i], words); break;
        case dist::kModeAnchored: core::apply_group<dist::kModeAnchored>(tr, r, &out[i], words); break;
        default: core::apply_group<dist::kModeOther>(tr, r, &out[i], words);
      }
    }
  }
  return out;
}

// The GPU fill kernel's path: the transform's staged words (as a block of 128 threads stages them) and
// its row mode's row_in_mode.
template <class Engine, class Transform>
std::vector<std::uint32_t> mode_path(const Transform& tr, typename Engine::state_type st, std::size_t n) {
  const std::vector<double> words = staged_words(tr);
  std::vector<std::uint32_t> out(n);
  for (std::size_t i = 0; i < n; i += core::kRowLength) {
    switch (tr.row_mode()) {
      case dist::kModeTable: core::produce_row<Engine, Transform, dist::kModeTable>(st, tr, &out[i], words.data()); break;
      case dist::kModeAnchored: core::produce_row<Engine, Transform, dist::kModeAnchored>(st, tr, &out[i], words.data()); break;
      default: core::produce_row<Engine, Transform, dist::kModeOther>(st, tr, &out[i], words.data());
    }
  }
  return out;
}

// A kernel of the transform's own row mode stages the same bytes through stage_in_mode (core::stage_words)
// as stage() does for every mode.
template <class Transform>
void expect_mode_staging_is_stage(const Transform& tr, const std::string& what) {
  const std::size_t bytes = tr.staged_bytes() + 8;
  std::vector<unsigned char> all(bytes, 0xa5), mine(bytes, 0xa5);
  for (int phase = 0; phase < Transform::kStagePhases; ++phase) {
    for (int thread = 0; thread < 128; ++thread) {
      tr.stage(reinterpret_cast<double*>(all.data()), phase, thread, 128);
      auto* w = reinterpret_cast<double*>(mine.data());
      switch (tr.row_mode()) {
        case dist::kModeTable: core::stage_words<dist::kModeTable>(tr, w, phase, thread, 128); break;
        case dist::kModeAnchored: core::stage_words<dist::kModeAnchored>(tr, w, phase, thread, 128); break;
        default: core::stage_words<dist::kModeOther>(tr, w, phase, thread, 128);
      }
    }
  }
  EXPECT_EQ(all, mine) << what;
}

// The staged anchored middle (what the GPU kernels search) is the walk's next to every sum: for an
// engine of 32-bit words (dist::kWordKeyed) each threshold is word_threshold's, and the search equals
// the walk at each threshold, the words beside it, both ends of the words and 4096 random words; for
// other engines the guided search over the doubles equals it at each sum and the doubles beside it.
template <class Engine, class Transform>
void expect_staged_middle_is_walk(const Transform& tr, const double* words, const std::string& what) {
  const int n = tr.staged_sums();
  const dist::AnchorScalars& s = tr.params.anchor;
  const auto law = tr.law();
  if constexpr (dist::kWordKeyed<Engine>) {
    // The sums themselves (phase 0 alone: phase 2 writes the guide over them).
    std::vector<double> sums(tr.staged_bytes() / 8 + 1);
    for (int thread = 0; thread < 128; ++thread) tr.stage(sums.data(), 0, thread, 128);
    const std::uint32_t* thresholds = dist::anchored_thresholds(words, n);
    std::vector<std::int64_t> xs = {0, 0xffffffffLL};
    std::mt19937_64 rng(7);
    for (int i = 0; i < 4096; ++i) xs.push_back(static_cast<std::int64_t>(rng() >> 32));
    for (int i = 0; i < n; ++i) {
      const std::int64_t t = dist::word_threshold<Engine>(sums[i]);
      ASSERT_EQ(thresholds[i], t < 0 ? 0u : static_cast<std::uint32_t>(t)) << what << ", sum " << i;
      xs.insert(xs.end(), {t - 1, t, t + 1});
    }
    for (std::int64_t x : xs) {
      if (x < 0 || x > 0xffffffffLL) continue;
      const auto w = static_cast<std::uint32_t>(x);
      ASSERT_EQ(dist::anchored_keyed(s, words, n, w), dist::anchored_middle(law, s, tr.anchors.data(), Engine::uniform_double(w)))
          << what << ", word " << x;
    }
  } else {
    const auto* guide = reinterpret_cast<const std::uint32_t*>(words + n);
    for (int i = 0; i < n; ++i) {
      const double d = words[i];
      for (double u : {d, std::nextafter(d, 0.0), std::nextafter(d, 2.0)}) {
        if (!(u > 0.0 && u <= 1.0)) continue;
        ASSERT_EQ(dist::anchored_guided(s, words, n, guide, dist::anchored_guide_log2(n), u),
                  dist::anchored_middle(law, s, tr.anchors.data(), u))
            << what << ", u " << u;
      }
    }
  }
}

// The anchored rows with values in their tails: the row path, the pair path and the GPU's mode path
// (tails made after the row from its start state) agree over 2^20 values; `min_side(value)` is the
// variate the anchors invert. Returns how many values were in the tails.
template <class Transform, class MinSide>
std::size_t anchored_rows_agree(const Transform& tr, const MinSide& min_side, const char* what) {
  constexpr std::size_t kN = std::size_t{1} << 20;
  const auto st = Tr::start(core::philox::Scheme4x32<10>::stream(5, 1));
  const auto rows = row_path<Tr>(tr, st, kN);
  EXPECT_EQ(rows, pair_path<Tr>(tr, st, kN)) << what;
  EXPECT_EQ(rows, mode_path<Tr>(tr, st, kN)) << what;
  EXPECT_EQ(rows, staged_pair_path<Tr>(tr, st, kN, staged_words(tr).data())) << what << ", staged pairs";
  const double top = dist::anchored_last(tr.params.anchor);
  std::size_t tails = 0;
  for (auto k : rows) {
    const double y = min_side(static_cast<double>(k));
    tails += y <= tr.params.anchor.a0 || y > top;
  }
  std::printf("%s: %zu of 2^20 values in the anchored inversion's tails\n", what, tails);
  return tails;
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
  // The anchored inversion's rows with values in its tails: 2^20 values at lambda = 100 hold about 11.
  {
    const dist::Poisson<Tr> tr{dist::poisson_setup(100.0)};
    ASSERT_EQ(tr.params.method, dist::PoissonParams::anchored);
    EXPECT_GT(anchored_rows_agree(tr, [](double k) { return k; }, "poisson(100)"), 0u);
    using Tr64 = core::philox::Traits4x64_10;
    const auto st64 = Tr64::start(core::philox::Scheme4x64<10>::stream(core::U128{5, 0}, 1));
    const dist::Poisson<Tr64> tr64{dist::poisson_setup(100.0)};
    EXPECT_EQ(row_path<Tr64>(tr64, st64, 1 << 18), mode_path<Tr64>(tr64, st64, 1 << 18)) << "poisson(100) on philox4x64-10";
    EXPECT_EQ(row_path<Tr64>(tr64, st64, 1 << 18), staged_pair_path<Tr64>(tr64, st64, 1 << 18, staged_words(tr64).data()))
        << "poisson(100) on philox4x64-10, staged pairs";
    // An engine of 32-bit words with another conversion (x times 1/(m1 + 1), rounded): the staged
    // thresholds give the CPU's values in the fill kernel's rows and in the pair kernels.
    using Mrg = core::mrg32k3a::Engine;
    const auto st_mrg = core::mrg32k3a::state_from_seed(77);
    for (double lambda : {10.0, 100.0, 3e4}) {
      const dist::Poisson<Mrg> tr_mrg{dist::poisson_setup(lambda)};
      const std::string what = "poisson(" + std::to_string(lambda) + ") on mrg32k3a";
      const auto rows = row_path<Mrg>(tr_mrg, st_mrg, 1 << 17);
      EXPECT_EQ(rows, mode_path<Mrg>(tr_mrg, st_mrg, 1 << 17)) << what;
      EXPECT_EQ(rows, staged_pair_path<Mrg>(tr_mrg, st_mrg, 1 << 17, staged_words(tr_mrg).data())) << what << ", staged pairs";
      expect_staged_middle_is_walk<Mrg>(tr_mrg, staged_words(tr_mrg).data(), what);
    }
  }
  struct B {
    std::uint32_t n;
    double p;
  };
  for (B b : {B{0, 0.3}, B{17, 1.0}, B{100, 0.03}, B{20, 0.45}, B{100, 0.97}, B{100, 0.5}, B{1000000, 0.6}, B{21, 0.5}}) {
    const dist::BinomialParams bp = dist::binomial_setup(b.n, b.p);
    const dist::Binomial<Tr> tr{bp};
    rows_equal_pairs(tr, "binomial");
    rows_equal_pairs64(dist::Binomial<core::philox::Traits4x64_10>{bp}, "binomial");
    // BTRS as the transform runs it (where the anchors do not apply; elsewhere the tests' BTRS-only
    // transform) is the sampler.
    const dist::Binomial<Tr> btrs{bp, false};
    rows_equal_pairs(btrs, "binomial btrs");
    pairs_equal_old_sampler(nullptr, &btrs, bp, dist::binomial_variate, dist::DrawTag::binomial, "binomial");
  }
  // The binomial's anchored rows with values in its tails (flipped too).
  for (double p : {0.3, 0.7}) {
    const dist::Binomial<Tr> tr{dist::binomial_setup(100, p)};
    ASSERT_EQ(tr.params.method, dist::BinomialParams::anchored);
    const char* what = p > 0.5 ? "binomial(100, 0.7)" : "binomial(100, 0.3)";
    EXPECT_GT(anchored_rows_agree(tr, [&](double k) { return p > 0.5 ? 100.0 - k : k; }, what), 0u);
  }
}

// The guide's search (core/dist/guided_search.hpp) is the first sum not below u, for sums with runs of
// equal values, empty and crowded buckets, any split of the build between threads, and u at every sum,
// its neighbours and every bucket's edges.
TEST(GuidedSearch, IsTheFirstSumNotBelowU) {
  std::mt19937_64 rng(23);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 3000);
    const int log2 = 4 + static_cast<int>(rng() % 8);
    std::vector<double> d(n);
    double c = 0.0;
    for (int i = 0; i < n; ++i) {
      const int kind = static_cast<int>(rng() % 8);
      if (kind == 0) c += 0.2 * std::ldexp(static_cast<double>(rng() >> 11), -53) / std::sqrt(n);  // a jump
      if (kind >= 2) c += std::ldexp(static_cast<double>(rng() >> 11), -53) / (4.0 * n);  // kind 1: a tie
      d[i] = std::min(c, 1.0);
    }
    d[n - 1] = trial % 2 == 0 ? 2.0 : d[n - 1];  // a sentinel, or the sums' own last
    for (int threads : {1, 7, 128, 5000}) {
      std::vector<std::uint32_t> guide(std::size_t{1} << log2, 0xdeadbeefu);
      for (int th = 0; th < threads; ++th) dist::guide_build(d.data(), n, log2, guide.data(), th, threads);
      for (std::uint32_t g : guide) {
        ASSERT_LE(g & 0xffffu, g >> 16) << "a guide word left unbuilt or crossed";
        ASSERT_LT(g >> 16, static_cast<std::uint32_t>(n));
      }
      std::vector<double> us;
      for (double x : d) us.insert(us.end(), {x, std::nextafter(x, 0.0), std::nextafter(x, 2.0)});
      for (int j = 0; j <= (1 << log2); ++j) {
        const double e = std::ldexp(static_cast<double>(j), -log2);
        us.insert(us.end(), {e, std::nextafter(e, 0.0), std::nextafter(e, 2.0)});
      }
      for (int i = 0; i < 200; ++i) us.push_back(std::ldexp(static_cast<double>((rng() >> 11) + 1), -53));
      for (double u : us) {
        if (!(u > 0.0 && u <= 1.0 && u <= d[n - 1])) continue;
        const int want = static_cast<int>(std::lower_bound(d.begin(), d.end(), u) - d.begin());
        ASSERT_EQ(dist::guided_search(d.data(), guide.data(), log2, u), want)
            << "n " << n << ", 2^" << log2 << " buckets, " << threads << " threads, u " << u;
      }
      ASSERT_EQ(dist::guided_search(d.data(), guide.data(), log2, std::numeric_limits<double>::quiet_NaN()), 0);
    }
  }
}

// The GPU's staged words (Poisson::stage as the fill kernel's 128 threads run it, phase by phase):
// the sums and their guide give the values of the CPU's paths, for the tabulated inversion, the
// anchored inversion at strides from 1 to 75 (its dense table is the walk at every sum and next to
// it), and nothing staged for PTRS.
TEST(InversionTable, PoissonStagedGuideIsTheWalk) {
  using P = dist::Poisson<Tr>;
  int dense = 0;
  for (double lambda : {0.0, 1e-6, 0.5, 4.0, 9.99, 10.0, 11.0, 30.0, 100.0, 500.0, 1e3, 5e3, 1e4, 12000.0, 13000.0, 2e4,
                        65535.0, 65536.0}) {
    const P tr{dist::poisson_setup(lambda)};
    const bool anchored = tr.params.method == dist::PoissonParams::anchored;
    const int n = tr.staged_sums();
    ASSERT_LT(n, dist::kGuideMaxSums) << "the guide's 16-bit halves hold every sum's index";
    if (lambda >= 65536.0) {
      ASSERT_EQ(tr.params.method, dist::PoissonParams::ptrs);
      ASSERT_EQ(n, 0);
      ASSERT_EQ(tr.staged_bytes(), 0u);
    } else {
      ASSERT_EQ(anchored, lambda >= 10.0) << lambda;
      ASSERT_EQ(n, anchored ? 31 * static_cast<int>(tr.params.anchor.stride) + 1 : 64);
      ASSERT_EQ(tr.staged_bytes(), anchored ? std::max(8u * n, 4u << dist::anchored_guide_log2(n)) + 4u * n + 4u : 8u * n)
          << "the sums or the thresholds' guide, then the thresholds and `from` (philox4x32-10: 32-bit words)";
      ASSERT_LE(tr.staged_bytes(), 28000u) << "beside the fill kernel's row tiles within 48 KB";
    }
    for (int threads : {32, 128}) {
      std::vector<unsigned char> bytes(tr.staged_bytes() + 8, 0xff);
      double* words = reinterpret_cast<double*>(bytes.data());
      for (int phase = 0; phase < P::kStagePhases; ++phase) {
        for (int thread = 0; thread < threads; ++thread) tr.stage(words, phase, thread, threads);
      }
      if (n == 0) {
        for (unsigned char b : bytes) ASSERT_EQ(b, 0xff) << "PTRS stages nothing";
      }
      if (!anchored) {
        for (int i = 0; i < n; ++i) ASSERT_GE(words[i], 0.0) << "a sum left unstaged, lambda " << lambda;
      } else {  // the thresholds (the guide has replaced the sums): the first anchor's, and `from`
        const std::uint32_t* thresholds = dist::anchored_thresholds(words, n);
        ASSERT_EQ(thresholds[0], static_cast<std::uint32_t>(dist::word_threshold<Tr>(tr.anchors.entry(0))));
        ASSERT_EQ(thresholds[n], 0u) << "no sum below philox4x32-10's smallest uniform";
      }
      if (!anchored && n > 0) ASSERT_EQ(words[n - 1], tr.table.entry(63));
      dense += anchored && threads == 128;
      constexpr std::size_t kN = std::size_t{1} << 16;
      const auto st = Tr::start(core::philox::Scheme4x32<10>::stream(8, 2));
      std::vector<std::uint32_t> staged(kN), own(kN), moded(kN);
      auto a = st, b = st, c = st;
      for (std::size_t i = 0; i < kN; i += core::kRowLength) {
        core::produce_row<Tr>(a, tr, &staged[i], words);
        core::produce_row<Tr>(b, tr, &own[i]);
        // The fill kernel's mode instantiation (core/produce.hpp: kRowModes).
        switch (tr.row_mode()) {
          case dist::kModeTable: core::produce_row<Tr, P, dist::kModeTable>(c, tr, &moded[i], words); break;
          case dist::kModeAnchored: core::produce_row<Tr, P, dist::kModeAnchored>(c, tr, &moded[i], words); break;
          default: core::produce_row<Tr, P, dist::kModeOther>(c, tr, &moded[i], words);
        }
      }
      ASSERT_EQ(staged, own) << "lambda " << lambda << ", " << threads << " threads";
      ASSERT_EQ(moded, own) << "lambda " << lambda << ", " << threads << " threads";
      ASSERT_EQ(staged_pair_path<Tr>(tr, st, kN, words), own) << "lambda " << lambda << ", " << threads << " threads";
      ASSERT_EQ(tr.row_mode(), n == 0 ? dist::kModeOther : anchored ? dist::kModeAnchored : dist::kModeTable);
      if (!anchored) {
        expect_mode_staging_is_stage(tr, "poisson(" + std::to_string(lambda) + ")");
        continue;
      }
      expect_staged_middle_is_walk<Tr>(tr, words, "poisson(" + std::to_string(lambda) + "), " + std::to_string(threads) + " threads");
      expect_mode_staging_is_stage(tr, "poisson(" + std::to_string(lambda) + ")");
      if (threads == 128) {
        // The doubles' guided search (the engines of 64-bit words) over the same law.
        using Tr64 = core::philox::Traits4x64_10;
        const dist::Poisson<Tr64> tr64{dist::poisson_setup(lambda)};
        ASSERT_EQ(tr64.staged_bytes(), 8u * n + (4u << dist::anchored_guide_log2(n)));
        const std::vector<double> words64 = staged_words(tr64);
        expect_staged_middle_is_walk<Tr64>(tr64, words64.data(), "poisson(" + std::to_string(lambda) + ") on philox4x64-10");
      }
    }
  }
  EXPECT_EQ(dense, 12);  // every anchored lambda (strides up to 75)
}

// The binomial's staged words give the CPU's values in each row mode: the table's search (flipped or
// not), the anchored inversion's walk (its dense sums at every sum and next to it), nothing staged
// for BTRS.
TEST(InversionTable, BinomialStagedWordsAreTheCpusValues) {
  using B = dist::Binomial<Tr>;
  struct P {
    std::uint32_t n;
    double p;
    int mode;
  };
  constexpr int kT = dist::kModeTable, kA = dist::kModeAnchored, kO = dist::kModeOther;
  for (P bp : {P{0, 0.3, kT}, P{17, 1.0, kT}, P{100, 0.03, kT}, P{20, 0.45, kT}, P{100, 0.97, kT}, P{60, 0.16, kT},
               P{1000000, 0.6, kO}, P{21, 0.5, kO}, P{100, 0.3, kA}, P{100, 0.7, kA}, P{5000, 0.5, kA},
               P{262000, 0.5, kA}, P{4294967295u, 1e-5, kA}}) {
    const B tr{dist::binomial_setup(bp.n, bp.p)};
    ASSERT_EQ(tr.row_mode(), bp.mode) << "n " << bp.n << ", p " << bp.p;
    const int n = tr.staged_sums();
    ASSERT_LT(n, dist::kGuideMaxSums) << "the guide's 16-bit halves hold every sum's index";
    ASSERT_EQ(tr.staged_bytes(), bp.mode == kA   ? std::max(8u * n, 4u << dist::anchored_guide_log2(n)) + 4u * n + 4u
                                 : bp.mode == kT ? dist::InversionTable::kStagedBytes
                                                 : 0u);
    std::vector<unsigned char> bytes(tr.staged_bytes() + 8, 0xff);
    double* words = reinterpret_cast<double*>(bytes.data());
    for (int phase = 0; phase < B::kStagePhases; ++phase) {
      for (int thread = 0; thread < 128; ++thread) tr.stage(words, phase, thread, 128);
    }
    if (bp.mode == kO) {
      for (unsigned char b : bytes) ASSERT_EQ(b, 0xff) << "BTRS stages nothing";
    }
    if (bp.mode == kT) {
      for (int i = 0; i < n; ++i) ASSERT_GE(words[i], 0.0) << "a sum left unstaged, n " << bp.n << ", p " << bp.p;
    }
    constexpr std::size_t kN = std::size_t{1} << 15;
    const auto st = Tr::start(core::philox::Scheme4x32<10>::stream(3, 9));
    std::vector<std::uint32_t> staged(kN), own(kN), moded(kN);
    auto a = st, b = st, c = st;
    const double* w = bp.mode == kO ? nullptr : words;
    for (std::size_t i = 0; i < kN; i += core::kRowLength) {
      core::produce_row<Tr>(a, tr, &staged[i], w);
      core::produce_row<Tr>(b, tr, &own[i]);
      if (bp.mode == kT) core::produce_row<Tr, B, kT>(c, tr, &moded[i], w);
      if (bp.mode == kA) core::produce_row<Tr, B, kA>(c, tr, &moded[i], w);
      if (bp.mode == kO) core::produce_row<Tr, B, kO>(c, tr, &moded[i], w);
    }
    ASSERT_EQ(staged, own) << "n " << bp.n << ", p " << bp.p;
    ASSERT_EQ(moded, own) << "n " << bp.n << ", p " << bp.p;
    ASSERT_EQ(staged_pair_path<Tr>(tr, st, kN, w), own) << "n " << bp.n << ", p " << bp.p << ", staged pairs";
    for (int i = 0; i < n; ++i) {
      const double d = words[i];
      for (double u : {d, std::nextafter(d, 0.0), std::nextafter(d, 2.0)}) {
        if (!(u > 0.0 && u <= 1.0)) continue;
        if (bp.mode == kT) {
          ASSERT_EQ(dist::InversionTable::search(words, u), tr.table.search(u)) << "n " << bp.n << ", u " << u;
        }
      }
    }
    expect_mode_staging_is_stage(tr, "binomial(" + std::to_string(bp.n) + ", " + std::to_string(bp.p) + ")");
    if (bp.mode == kA) {
      const std::string what = "binomial(" + std::to_string(bp.n) + ", " + std::to_string(bp.p) + ")";
      expect_staged_middle_is_walk<Tr>(tr, words, what);
      using Tr64 = core::philox::Traits4x64_10;
      const dist::Binomial<Tr64> tr64{dist::binomial_setup(bp.n, bp.p)};
      expect_staged_middle_is_walk<Tr64>(tr64, staged_words(tr64).data(), what + " on philox4x64-10");
    }
  }
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
  // Every method of the truncated normal (the rows try each value's first attempt before the rest):
  // the uniform proposal in the centre and in a tail, the exponential one reflected, normal rejection.
  int methods = 0;
  for (const auto& bounds : {std::array<double, 2>{-0.5, 1.0}, std::array<double, 2>{1.0, 1.2},
                             std::array<double, 2>{-1e300, -3.0}, std::array<double, 2>{-5.0, 5.0}}) {
    const auto tn = dist::truncated_normal_setup(0.5, 2.0, 0.5 + 2.0 * bounds[0], 0.5 + 2.0 * bounds[1]);
    methods |= 1 << tn.method;
    rows_equal_pairs(dist::TruncatedNormal<Tr, double>{tn}, "truncated normal");
    rows_equal_pairs64(dist::TruncatedNormal<core::philox::Traits4x64_10, float>{tn}, "truncated normal");
  }
  EXPECT_EQ(methods, 15) << "each of the four methods";
  rows_equal_pairs(dist::Beta<Tr, double>{dist::beta_setup(0.3, 40.0)}, "beta");
  rows_equal_pairs64(dist::StudentT<core::philox::Traits4x64_10, double>{2.5}, "student t");
  rows_equal_pairs64(dist::ChiSquare<core::philox::Traits4x64_10, float>{dist::gamma_shape_setup(0.7)}, "chi-square");
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
