// The discrete distribution with user weights (DiscreteTable, Generator::generate_discrete; issue 23):
// the table by hand for small cases, the table's own pmf against the weights, chi-square and
// per-category tests of generated values against the pmf (small probabilities included) with
// deliberately broken lookups and tables that the same tests reject, the contract (value i is the
// lookup of the uniform double at position i, on every engine; offsets; one call or many; the four
// value types) and the argument errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "discrete_table.hpp"
#include "generator_impl.hpp"
#include "gpurng/core/dist/alias_table.hpp"
#include "gpurng/device/distributions.hpp"
#include "gpurng/device/kiss99.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/gpurng.hpp"
#include "stats.hpp"

namespace cd = gpurng::core::dist;
using gpurng::Backend;
using gpurng::DiscreteTable;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;
using gpurng::ValueType;

namespace {

constexpr double kAlpha = 1e-4;  // reject below this p-value (fixed seeds: deterministic)

cd::AliasTableView view(const DiscreteTable& t) { return cd::AliasTableView{t.thresholds(), t.aliases(), t.size()}; }

// The probability of each category that the table encodes: its own column's kept part plus the
// given-away parts of the columns that alias it, over K.
std::vector<double> table_pmf(const double* threshold, const std::uint32_t* alias, std::size_t k) {
  std::vector<long double> p(k, 0.0L);
  for (std::size_t j = 0; j < k; ++j) {
    p[j] += threshold[j];
    p[alias[j]] += 1.0L - threshold[j];
  }
  std::vector<double> out(k);
  for (std::size_t j = 0; j < k; ++j) out[j] = static_cast<double>(p[j] / static_cast<long double>(k));
  return out;
}

std::vector<double> normalized(const std::vector<double>& w) {
  long double sum = 0.0L;
  for (double v : w) sum += v;
  std::vector<double> p(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) p[i] = static_cast<double>(w[i] / sum);
  return p;
}

// ---- the table ------------------------------------------------------------------------------------

TEST(DiscreteTable, ByHand) {
  // One category: its column keeps it always.
  const DiscreteTable one(std::vector<double>{5.0});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one.thresholds()[0], 1.0);
  EXPECT_EQ(one.aliases()[0], 0u);
  // Weights 1, 3: q = (0.5, 1.5). Column 0 keeps 0 with 0.5 and gives the rest to 1, whose q drops
  // to 1.5 + 0.5 - 1 = 1: it keeps its own column.
  const DiscreteTable two(std::vector<double>{1.0, 3.0});
  EXPECT_EQ(two.thresholds()[0], 0.5);
  EXPECT_EQ(two.aliases()[0], 1u);
  EXPECT_EQ(two.thresholds()[1], 1.0);
  EXPECT_EQ(two.aliases()[1], 1u);
  // The lookup on that table: x = 2u, column ceil(x) - 1, f = x - column, kept if f <= threshold.
  const cd::AliasTableView v = view(two);
  EXPECT_EQ(cd::alias_pick(v, 0.25), 0u);   // x = 0.5: column 0, f = 0.5 <= 0.5
  EXPECT_EQ(cd::alias_pick(v, 0.3), 1u);    // x = 0.6: f > 0.5, alias 1
  EXPECT_EQ(cd::alias_pick(v, 0.5), 1u);    // x = 1: the top of column 0, f = 1 > 0.5
  EXPECT_EQ(cd::alias_pick(v, 0.5000000000000001), 1u);  // just into column 1
  EXPECT_EQ(cd::alias_pick(v, 1.0), 1u);    // u = 1: the top of the last column
  EXPECT_EQ(cd::alias_pick(v, 0x1p-53), 0u);  // the smallest uniforms land in column 0
  // Weights 0, 2, 0, 1, 1: q = (0, 2, 0, 1, 1). The zero columns keep nothing and alias large
  // columns; no column aliases a zero weight, so its probability is exactly 0.
  const DiscreteTable zeros(std::vector<double>{0.0, 2.0, 0.0, 1.0, 1.0});
  for (std::size_t j = 0; j < 5; ++j) {
    EXPECT_NE(zeros.aliases()[j], 0u) << j;
    EXPECT_NE(zeros.aliases()[j], 2u) << j;
  }
  EXPECT_EQ(zeros.thresholds()[0], 0.0);
  EXPECT_EQ(zeros.thresholds()[2], 0.0);
  const std::vector<double> pmf = table_pmf(zeros.thresholds(), zeros.aliases(), 5);
  EXPECT_EQ(pmf[0], 0.0);
  EXPECT_EQ(pmf[1], 0.5);
  EXPECT_EQ(pmf[2], 0.0);
  EXPECT_EQ(pmf[3], 0.25);
  EXPECT_EQ(pmf[4], 0.25);
}

// The table's pmf is the weights' to within a few roundings per column, on weights spanning many
// orders of magnitude, zeros among them; the thresholds lie in [0, 1] and the aliases in range.
TEST(DiscreteTable, EncodesTheWeights) {
  std::mt19937_64 rng(7);
  for (std::size_t k : {2u, 3u, 17u, 1000u, 65537u}) {
    std::vector<double> w(k);
    for (std::size_t i = 0; i < k; ++i) {
      const std::uint64_t r = rng();
      w[i] = (r % 11 == 0) ? 0.0 : std::ldexp(static_cast<double>(r >> 11), -static_cast<int>(r % 60));
    }
    w[k / 2] = 1.0;  // at least one positive
    const DiscreteTable t(w);
    const std::vector<double> p = normalized(w);
    const std::vector<double> q = table_pmf(t.thresholds(), t.aliases(), k);
    double worst = 0.0;
    for (std::size_t i = 0; i < k; ++i) {
      ASSERT_GE(t.thresholds()[i], 0.0);
      ASSERT_LE(t.thresholds()[i], 1.0);
      ASSERT_LT(t.aliases()[i], k);
      if (w[i] == 0.0) {
        EXPECT_EQ(q[i], 0.0) << "k " << k << " category " << i;
      }
      worst = std::max(worst, std::fabs(q[i] - p[i]));
    }
    // Each column's threshold carries a few roundings of numbers up to K; over K that is a few
    // 2^-53 of probability.
    EXPECT_LT(worst, 64 * 0x1p-53) << "k " << k;
  }
}

TEST(DiscreteTable, SameWeightsSameTable) {
  std::vector<double> w(10007);
  std::mt19937_64 rng(11);
  for (double& v : w) v = static_cast<double>(rng() >> 11) * 0x1p-53;
  const DiscreteTable a(w);
  const DiscreteTable b(w);
  for (std::size_t i = 0; i < w.size(); ++i) {
    ASSERT_EQ(a.thresholds()[i], b.thresholds()[i]);
    ASSERT_EQ(a.aliases()[i], b.aliases()[i]);
  }
  // Scaling every weight by a power of two changes nothing (the builder scales them itself).
  std::vector<double> scaled(w);
  for (double& v : scaled) v = std::ldexp(v, 700);
  const DiscreteTable c(scaled);
  for (std::size_t i = 0; i < w.size(); ++i) {
    ASSERT_EQ(a.thresholds()[i], c.thresholds()[i]);
    ASSERT_EQ(a.aliases()[i], c.aliases()[i]);
  }
}

// Weights whose plain sum overflows, and weights that are all subnormal, still give their pmf.
TEST(DiscreteTable, ExtremeWeights) {
  const double big = std::numeric_limits<double>::max();
  const DiscreteTable huge(std::vector<double>{big, big, big / 2});
  std::vector<double> q = table_pmf(huge.thresholds(), huge.aliases(), 3);
  EXPECT_NEAR(q[0], 0.4, 1e-15);
  EXPECT_NEAR(q[1], 0.4, 1e-15);
  EXPECT_NEAR(q[2], 0.2, 1e-15);
  const double tiny = std::numeric_limits<double>::denorm_min();
  const DiscreteTable sub(std::vector<double>{tiny, 3 * tiny});
  q = table_pmf(sub.thresholds(), sub.aliases(), 2);
  EXPECT_EQ(q[0], 0.25);
  EXPECT_EQ(q[1], 0.75);
}

// K = 2^24 categories, the size the issue asks for: built, in range, and its pmf right.
TEST(DiscreteTable, LargeK) {
  const std::size_t k = std::size_t{1} << 24;
  std::vector<double> w(k);
  std::mt19937_64 rng(3);
  for (double& v : w) v = static_cast<double>(rng() >> 40);  // 0 .. 2^24 - 1, zeros included
  const DiscreteTable t(w);
  ASSERT_EQ(t.size(), k);
  const std::vector<double> p = normalized(w);
  const std::vector<double> q = table_pmf(t.thresholds(), t.aliases(), k);
  double worst = 0.0;
  for (std::size_t i = 0; i < k; ++i) {
    ASSERT_LT(t.aliases()[i], k);
    worst = std::max(worst, std::fabs(q[i] - p[i]));
  }
  // The columns left at the end take up the rounding of all the others: measured 2.9e-13 of one
  // column here (1.7e-20 of probability), far below the lookup's resolution (2^-53 per column).
  EXPECT_LT(worst * static_cast<double>(k), 1e-11);
}

// ---- goodness of fit ------------------------------------------------------------------------------

// 48 categories with weights 2^(-i/3): probabilities from 0.21 down to 4.0e-6, plus two zero weights.
std::vector<double> gof_weights() {
  std::vector<double> w;
  for (int i = 0; i < 48; ++i) w.push_back(std::exp2(-i / 3.0));
  w.insert(w.begin() + 5, 0.0);
  w.push_back(0.0);
  return w;
}

using Lookup = std::function<std::uint32_t(double u)>;

struct Fit {
  double chi2_p;      // chi-square over the categories of positive probability
  double worst_z;     // the largest |count - n p| / sqrt(n p (1 - p)) of any category
  std::uint64_t zero_hits;  // draws of zero-probability categories
};

Fit fit_counts(const std::vector<double>& count, double n, const std::vector<double>& p) {
  Fit f{0.0, 0.0, 0};
  double chi2 = 0.0;
  int dof = -1;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] == 0.0) {
      f.zero_hits += static_cast<std::uint64_t>(count[i]);
      continue;
    }
    const double e = n * p[i];
    chi2 += (count[i] - e) * (count[i] - e) / e;
    f.worst_z = std::max(f.worst_z, std::fabs(count[i] - e) / std::sqrt(e * (1.0 - p[i])));
    ++dof;
  }
  f.chi2_p = gpurng::test::chi2_p_value(chi2, dof);
  return f;
}

Fit fit(const std::vector<double>& uniforms, const std::vector<double>& p, const Lookup& pick) {
  std::vector<double> count(p.size(), 0.0);
  for (double u : uniforms) count[pick(u)] += 1.0;
  return fit_counts(count, static_cast<double>(uniforms.size()), p);
}

// Prints the statistics, so that a run shows how far each variant is from the cut-offs.
bool fails(const Fit& f, const char* what) {
  std::printf("  %-28s chi-square p %.3g, worst |z| %.2f, zero-weight draws %llu\n", what, f.chi2_p, f.worst_z,
              static_cast<unsigned long long>(f.zero_hits));
  return f.chi2_p < kAlpha || f.worst_z >= 5.0 || f.zero_hits > 0;
}

void expect_fits(const Fit& f, const std::string& what) {
  EXPECT_FALSE(fails(f, what.c_str()));
  EXPECT_GT(f.chi2_p, kAlpha) << what;
  EXPECT_LT(f.worst_z, 5.0) << what;  // 5 sigma: the smallest category expects 33 draws
  EXPECT_EQ(f.zero_hits, 0u) << what;
}

std::vector<double> uniforms(Engine e, std::size_t n) {
  Generator g(e, Backend::cpu);
  g.seed(20240523);
  std::vector<double> u(n);
  g.generate_uniform(u.data(), n);
  return u;
}

// A deliberately wrong construction: Walker's residual update with the wrong sign.
struct BrokenTable {
  std::vector<double> threshold;
  std::vector<std::uint32_t> alias;
};
BrokenTable broken_vose(const std::vector<double>& w) {
  const std::size_t k = w.size();
  double sum = 0.0;
  for (double v : w) sum += v;
  BrokenTable t{std::vector<double>(k), std::vector<std::uint32_t>(k)};
  std::vector<std::uint32_t> small, large;
  for (std::size_t i = 0; i < k; ++i) {
    t.threshold[i] = w[i] / sum * static_cast<double>(k);
    (t.threshold[i] < 1.0 ? small : large).push_back(static_cast<std::uint32_t>(i));
  }
  while (!small.empty() && !large.empty()) {
    const std::uint32_t s = small.back();
    small.pop_back();
    const std::uint32_t l = large.back();
    t.alias[s] = l;
    t.threshold[l] = t.threshold[l] - t.threshold[s];  // wrong: should lose 1 - q[s]
    if (t.threshold[l] < 1.0) {
      large.pop_back();
      small.push_back(l);
    }
  }
  for (std::uint32_t i : large) t.threshold[i] = 1.0, t.alias[i] = i;
  for (std::uint32_t i : small) t.threshold[i] = 1.0, t.alias[i] = i;
  return t;
}

TEST(DiscreteGoodnessOfFit, ChiSquareAndSmallCategories) {
  const std::vector<double> w = gof_weights();
  const std::vector<double> p = normalized(w);
  const DiscreteTable table(w);
  const cd::AliasTableView v = view(table);
  const std::size_t n = std::size_t{1} << 23;
  // A 64-bit engine (2^-53 grid) and a 32-bit one (2^-32), through the library call itself.
  for (Engine e : {Engine::philox4x64_10, Engine::mrg32k3a}) {
    Generator g(e, Backend::cpu);
    g.seed(20240523);
    std::vector<std::int64_t> x(n);
    g.generate_discrete(table, x.data(), n);
    std::vector<double> count(w.size(), 0.0);
    for (std::int64_t c : x) {
      ASSERT_GE(c, 0);
      ASSERT_LT(c, static_cast<std::int64_t>(w.size()));
      count[static_cast<std::size_t>(c)] += 1.0;
    }
    const Fit f = fit_counts(count, static_cast<double>(n), p);
    expect_fits(f, gpurng::engine_info(e).name);
  }
  // The broken variants on the same uniforms as the right lookup.
  const std::vector<double> u = uniforms(Engine::philox4x64_10, n);
  expect_fits(fit(u, p, [&](double x) { return cd::alias_pick(v, x); }), "alias_pick");
  const std::size_t k = w.size();
  // Off by one in the alias lookup: the next column's alias.
  EXPECT_TRUE(fails(fit(u, p, [&](double x) {
    const double xs = x * static_cast<double>(k);
    const std::size_t j = std::min<std::size_t>(static_cast<std::size_t>(std::ceil(xs)) - 1, k - 1);
    return xs - static_cast<double>(j) <= v.threshold[j] ? static_cast<std::uint32_t>(j) : v.alias[(j + 1) % k];
  }), "broken: alias off by one"));
  // The wrong threshold: the column keeps its category with 1 - threshold instead.
  EXPECT_TRUE(fails(fit(u, p, [&](double x) {
    const double xs = x * static_cast<double>(k);
    const std::size_t j = std::min<std::size_t>(static_cast<std::size_t>(std::ceil(xs)) - 1, k - 1);
    return xs - static_cast<double>(j) <= 1.0 - v.threshold[j] ? static_cast<std::uint32_t>(j) : v.alias[j];
  }), "broken: threshold reversed"));
  // A table whose residual update has the wrong sign.
  const BrokenTable bt = broken_vose(w);
  const cd::AliasTableView bv{bt.threshold.data(), bt.alias.data(), k};
  EXPECT_TRUE(fails(fit(u, p, [&](double x) { return cd::alias_pick(bv, x); }), "broken: residual sign"));
  // A table that rounds thresholds below 2^-12 down to 0, which drops the rarest category's own
  // column (probability 4.0e-6, 33 draws expected): the chi-square alone passes it (p = 4e-4), the
  // per-category test rejects it.
  std::vector<double> th(table.thresholds(), table.thresholds() + k);
  for (double& t : th) t = t < 0x1p-12 ? 0.0 : t;
  const cd::AliasTableView tv{th.data(), v.alias, k};
  EXPECT_TRUE(fails(fit(u, p, [&](double x) { return cd::alias_pick(tv, x); }), "broken: rare columns dropped"));
}

// ---- the contract ---------------------------------------------------------------------------------

// Value i is alias_pick of the uniform double at position i, on every engine (its own families and
// layouts included), in every value type, at an odd offset.
TEST(DiscreteContract, ValueIsTheLookupOfTheUniform) {
  const DiscreteTable table(std::vector<double>{0.5, 0.0, 3.0, 1.0, 0.25, 7.0, 2.0});
  const cd::AliasTableView v = view(table);
  const std::size_t n = 1001;
  for (const gpurng::EngineInfo& info : gpurng::engines()) {
    SCOPED_TRACE(info.name);
    Generator gu(info.engine, Backend::cpu);
    gu.offset(13);
    std::vector<double> u(n);
    gu.generate_uniform(u.data(), n);
    std::vector<std::uint64_t> expect(n);
    for (std::size_t i = 0; i < n; ++i) expect[i] = cd::alias_pick(v, u[i]);

    Generator g(info.engine, Backend::cpu);
    g.offset(13);
    std::vector<std::int32_t> a(n);
    g.generate_discrete(table, a.data(), n);
    EXPECT_EQ(g.offset(), 13 + n);
    g.offset(13);
    std::vector<std::uint32_t> b(n);
    g.generate_discrete(table, b.data(), n);
    g.offset(13);
    std::vector<std::int64_t> c(n);
    g.generate_discrete(table, c.data(), n);
    g.offset(13);
    std::vector<std::uint64_t> d(n);
    g.generate_discrete(table, ValueType::u64, d.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(static_cast<std::uint64_t>(a[i]), expect[i]) << i;
      ASSERT_EQ(static_cast<std::uint64_t>(b[i]), expect[i]) << i;
      ASSERT_EQ(static_cast<std::uint64_t>(c[i]), expect[i]) << i;
      ASSERT_EQ(d[i], expect[i]) << i;
    }
  }
}

// A quasi-random engine with D dimensions: the call's dimension-major layout is the uniform call's.
TEST(DiscreteContract, SobolDimensions) {
  const DiscreteTable table(std::vector<double>{1.0, 2.0, 3.0, 4.0});
  const std::size_t n = 3 * 333;
  Generator gu(Engine::sobol32, Backend::cpu);
  gu.dimensions(3);
  std::vector<double> u(n);
  gu.generate_uniform(u.data(), n);
  Generator g(Engine::sobol32, Backend::cpu);
  g.dimensions(3);
  std::vector<std::uint32_t> x(n);
  g.generate_discrete(table, x.data(), n);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(x[i], cd::alias_pick(view(table), u[i])) << i;
}

// Offsets and call splits: any split of a range, 32-bit values crossing the scratch chunk (2^20).
TEST(DiscreteContract, OffsetsAndSplits) {
  std::vector<double> w(1000);
  for (std::size_t i = 0; i < w.size(); ++i) w[i] = 1.0 + static_cast<double>(i % 37);
  const DiscreteTable table(w);
  const std::size_t n = (std::size_t{1} << 20) + 4099;  // the splits below leave 3092
  for (Engine e : {Engine::philox4x32_10, Engine::mt19937, Engine::mwc}) {
    SCOPED_TRACE(gpurng::engine_info(e).name);
    Generator whole(e, Backend::cpu);
    std::vector<std::int64_t> all(n);
    whole.generate_discrete(table, all.data(), n);
    Generator parts(e, Backend::cpu);
    std::vector<std::int32_t> got(n);
    std::size_t done = 0;
    for (std::size_t len : {std::size_t{1}, std::size_t{6}, std::size_t{1000}, std::size_t{1} << 20}) {
      parts.generate_discrete(table, got.data() + done, len);
      done += len;
    }
    parts.generate_discrete(table, got.data() + done, n - done);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], all[i]) << i;
    Generator at(e, Backend::cpu);
    at.offset(123457);
    std::vector<std::uint32_t> tail(500);
    at.generate_discrete(table, tail.data(), tail.size());
    for (std::size_t i = 0; i < tail.size(); ++i) ASSERT_EQ(tail[i], static_cast<std::uint32_t>(all[123457 + i])) << i;
  }
}

// The device API (gpurng/device/distributions.hpp, compiled for the host here): draws after
// init(seed, stream, offset) are the host's generate_discrete values of that stream from offset on.
TEST(DiscreteContract, DeviceApiDrawsAreTheHostValues) {
  const DiscreteTable table(std::vector<double>{0.5, 0.0, 3.0, 1e-3, 2.0, 7.0});
  const auto sampler = gpurng::device::discrete<gpurng::device::Mrg32k3a, std::int32_t>(table.thresholds(),
                                                                                        table.aliases(), table.size());
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.seed(77);
  g.select_stream(0, 5);
  g.offset(1001);
  std::vector<std::int32_t> host(300);
  g.generate_discrete(table, host.data(), host.size());
  gpurng::device::Mrg32k3a rng;
  rng.init(77, 5, 1001);
  for (std::size_t i = 0; i < host.size(); ++i) {
    std::int32_t v;
    gpurng::device::draw(rng, sampler, &v);
    ASSERT_EQ(v, host[i]) << i;
  }
  Generator k(Engine::kiss99, Backend::cpu);
  k.seed(77);
  k.offset(9);
  std::vector<std::uint64_t> kh(300);
  k.generate_discrete(table, kh.data(), kh.size());
  const auto ks = gpurng::device::discrete<gpurng::device::Kiss99, std::uint64_t>(table.thresholds(), table.aliases(),
                                                                                  table.size());
  gpurng::device::Kiss99 kr;
  kr.init(77, 9);
  for (std::size_t i = 0; i < kh.size(); ++i) {
    std::uint64_t v;
    gpurng::device::draw(kr, ks, &v);
    ASSERT_EQ(v, kh[i]) << i;
  }
  EXPECT_THROW((gpurng::device::discrete<gpurng::device::Mrg32k3a>(nullptr, table.aliases(), 6)), std::invalid_argument);
  EXPECT_THROW((gpurng::device::discrete<gpurng::device::Mrg32k3a>(table.thresholds(), table.aliases(), 0)),
               std::invalid_argument);
}

// Over several devices (the multi-device layer, with CPU part generators standing in for devices as
// in test_multi_device): one generator's values, and the offset moves by n.
TEST(DiscreteContract, SeveralDevices) {
  const std::vector<double> w{0.5, 0.0, 3.0, 1e-3, 2.0, 7.0};
  const gpurng::detail::DiscreteTableImpl table(gpurng::detail::dists::build_alias_table(w.data(), w.size()));
  for (Engine e : {Engine::mrg32k3a, Engine::mt19937, Engine::mwc, Engine::sobol32}) {
    SCOPED_TRACE(gpurng::engine_info(e).name);
    for (ValueType t : {ValueType::i32, ValueType::u64}) {
      const std::size_t n = 10007;
      const std::size_t size = t == ValueType::i32 ? 4 : 8;
      Generator one(e, Backend::cpu);
      one.offset(5);
      std::vector<unsigned char> want(n * size);
      one.generate_discrete(DiscreteTable(w), t, want.data(), n);
      gpurng::detail::GeneratorImpl parts(e, Backend::cpu);
      parts.set_devices({0, 1, 2});
      parts.engine_->set_offset(5);
      std::vector<unsigned char> got(n * size);
      gpurng::detail::generate_discrete(parts, table, t, got.data(), n);
      EXPECT_EQ(got, want);
      EXPECT_EQ(parts.engine_->offset(), 5 + n);
    }
  }
}

// ---- errors ---------------------------------------------------------------------------------------

void expect_error(const std::function<void()>& f, Status s, const std::string& part) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one containing: " << part;
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), s) << e.what();
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(DiscreteErrors, BadWeights) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Status bad = Status::invalid_argument;
  expect_error([] { DiscreteTable t(std::vector<double>{}); }, bad, "weights: empty");
  expect_error([] { DiscreteTable t(std::vector<double>{1.0, 2.0, -0.5}); }, bad, "weights[2] = -0.5 is negative");
  expect_error([&] { DiscreteTable t(std::vector<double>{nan, 1.0}); }, bad, "weights[0] = nan is not finite");
  expect_error([&] { DiscreteTable t(std::vector<double>{1.0, inf}); }, bad, "weights[1] = inf is not finite");
  expect_error([] { DiscreteTable t(std::vector<double>{0.0, 0.0, 0.0}); }, bad, "all 3 weights are 0");
  expect_error([] { DiscreteTable t(nullptr, 4); }, bad, "weights: null pointer");
  // The count is checked before anything is read.
  const double one = 1.0;
  expect_error([&] { DiscreteTable t(&one, (std::size_t{1} << 31) + 1); }, bad, "more than 2^31");
}

TEST(DiscreteErrors, BadCalls) {
  DiscreteTable table(std::vector<double>{1.0, 2.0});
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.offset(5);
  double d[4];
  expect_error([&] { g.generate_discrete(table, ValueType::f64, d, 4); }, Status::invalid_argument,
               "not one of int32, int64, uint32, uint64");
  expect_error([&] { g.generate_discrete(table, static_cast<std::int32_t*>(nullptr), 4); }, Status::invalid_argument,
               "out: null pointer");
  // Past the end of the addressable sequence: refused, the offset unchanged.
  g.offset(g.offset() + g.remaining() - 2);
  const std::uint64_t before = g.offset();
  std::int32_t x[4] = {7, 7, 7, 7};
  expect_error([&] { g.generate_discrete(table, x, 4); }, Status::invalid_argument,
               "pass the end of the addressable mrg32k3a sequence (at most 2 from this offset)");
  EXPECT_EQ(g.offset(), before);
  EXPECT_EQ(x[0], 7);  // nothing written
  g.generate_discrete(table, x, 0);  // n = 0: nothing, even with nothing left to check
  DiscreteTable moved(std::move(table));
  expect_error([&] { (void)table.size(); }, Status::invalid_argument, "moved from");
  EXPECT_EQ(moved.size(), 2u);
}

// A copy shares the table; a generator may use a table made long before, by any thread.
TEST(DiscreteTable, CopiesShare) {
  const DiscreteTable a(std::vector<double>{1.0, 2.0, 3.0});
  DiscreteTable b = a;
  EXPECT_EQ(a.thresholds(), b.thresholds());
  b = DiscreteTable(std::vector<double>{4.0});
  EXPECT_EQ(b.size(), 1u);
  EXPECT_EQ(a.size(), 3u);
}

}  // namespace
