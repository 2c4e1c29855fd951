// The list of distributions through the public API, on the CPU backend and every engine: one call
// equals many, offsets are slices, values lie in the support, sample means match the exact means,
// and every bad parameter is refused with a message naming it. The samplers' own goodness of fit is
// tested on the core transforms (test_dist_*.cpp); CPU == GPU in test_cuda_distribution_list.cu.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "dist_kinds.hpp"
#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"

using gpurng::Backend;
using gpurng::Distribution;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;
using gpurng::ValueType;
using gpurng::test::dist_kinds;
using gpurng::test::DistKind;
using gpurng::test::value_at;
using gpurng::test::value_bytes;

namespace {

bool offered(const gpurng::DistributionInfo& d, ValueType t) { return (d.value_types >> static_cast<int>(t) & 1u) != 0; }

std::vector<unsigned char> run(Generator& g, const DistKind& k, std::uint64_t offset, std::size_t n) {
  g.offset(offset);
  std::vector<unsigned char> out(n * value_bytes(k.type));
  gpurng::test::generate_kind(g, k, out.data(), n);
  return out;
}

void expect_in_support(const DistKind& k, const std::vector<unsigned char>& v, const std::string& where) {
  const std::size_t n = v.size() / value_bytes(k.type);
  for (std::size_t i = 0; i < n; ++i) {
    const double x = value_at(k, v.data(), i);
    ASSERT_FALSE(std::isnan(x)) << where << " value " << i;
    if (k.type == ValueType::f32 || k.type == ValueType::f64) ASSERT_TRUE(std::isfinite(x)) << where << " value " << i;
    switch (k.dist) {
      case Distribution::uniform_int: ASSERT_TRUE(x >= k.params[0] && x <= k.params[1]) << where << " " << x; break;
      case Distribution::bernoulli: ASSERT_TRUE(x == 0 || x == 1) << where << " " << x; break;
      case Distribution::geometric: ASSERT_GE(x, 1) << where; break;
      case Distribution::binomial: ASSERT_LE(x, k.params[0]) << where; break;
      case Distribution::hypergeometric:
        ASSERT_TRUE(x >= std::max(0.0, k.params[2] - k.params[1]) && x <= std::min(k.params[0], k.params[2])) << where << " " << x;
        break;
      case Distribution::beta: ASSERT_TRUE(x >= 0 && x <= 1) << where << " " << x; break;
      case Distribution::gamma:
      case Distribution::chi_square:
      case Distribution::rayleigh:
      case Distribution::weibull: ASSERT_GE(x, 0) << where; break;
      case Distribution::truncated_normal:
        ASSERT_TRUE(x >= k.params[2] && x <= k.params[3]) << where << " " << x;
        break;
      default: break;
    }
  }
}

}  // namespace

TEST(DistributionList, InfoMatchesTheEnumAndTheNamesParse) {
  const auto all = gpurng::distributions();
  ASSERT_EQ(all.size(), static_cast<std::size_t>(Distribution::hypergeometric) + 1);
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(static_cast<std::size_t>(all[i].distribution), i);
    EXPECT_EQ(gpurng::parse_distribution(all[i].name), all[i].distribution);
    EXPECT_STREQ(gpurng::distribution_name(all[i].distribution), all[i].name);
    EXPECT_STREQ(gpurng_distribution_name(static_cast<gpurng_distribution_t>(i)), all[i].name);
    EXPECT_LE(all[i].param_count, gpurng::kMaxDistributionParams);
    EXPECT_NE(all[i].value_types, 0u);
  }
  EXPECT_STREQ(gpurng::distribution_name(static_cast<Distribution>(99)), "unknown");
  try {
    gpurng::parse_distribution("poison");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("poisson"), std::string::npos) << e.what();  // lists the valid names
  }
}

TEST(DistributionList, EveryDistributionHasAKindInTheTests) {
  for (const auto& d : gpurng::distributions()) {
    if (d.distribution == Distribution::bits) continue;
    bool has = false;
    for (const DistKind& k : dist_kinds()) has = has || k.dist == d.distribution;
    EXPECT_TRUE(has) << d.name << " has no line in tests/dist_kinds.hpp";
  }
  for (const DistKind& k : dist_kinds()) EXPECT_TRUE(offered(gpurng::distribution_info(k.dist), k.type)) << k.name;
}

TEST(DistributionList, EveryEngineOneCallEqualsManyOffsetsAreSlicesValuesInSupport) {
  constexpr std::size_t kN = 1001;
  constexpr std::uint64_t kOffset = 7;
  for (const auto& e : gpurng::engines()) {
    Generator g(e.engine, Backend::cpu);
    for (const DistKind& k : dist_kinds()) {
      const std::string where = std::string(e.name) + " " + k.name;
      if (gpurng::test::is_sobol(e.engine) && gpurng::test::uses_pairs(k.dist)) {
        try {
          run(g, k, 0, 4);
          ADD_FAILURE() << where << ": expected Status::unsupported";
        } catch (const Error& err) {
          EXPECT_EQ(err.status(), Status::unsupported) << where << ": " << err.what();
        }
        continue;
      }
      const auto whole = run(g, k, kOffset, kN);
      EXPECT_EQ(g.offset(), kOffset + kN) << where;
      expect_in_support(k, whole, where);
      // The same values in two calls, split at an odd position (inside a pair of values).
      g.offset(kOffset);
      const std::size_t b = value_bytes(k.type);
      std::vector<unsigned char> split(kN * b);
      gpurng::test::generate_kind(g, k, split.data(), 501);
      gpurng::test::generate_kind(g, k, split.data() + 501 * b, kN - 501);
      EXPECT_EQ(whole, split) << where;
      // An offset is a slice: values from offset + 333 are those of the whole run from 333.
      const auto tail = run(g, k, kOffset + 333, kN - 333);
      EXPECT_EQ(0, std::memcmp(tail.data(), whole.data() + 333 * b, tail.size())) << where;
    }
  }
}

TEST(DistributionList, SampleMeansMatchTheExactMeans) {
  constexpr std::size_t kN = std::size_t{1} << 17;
  for (Engine engine : {Engine::philox4x32_10, Engine::mrg32k3a, Engine::pcg64}) {
    Generator g(engine, Backend::cpu);
    g.seed(20261126);
    for (const DistKind& k : dist_kinds()) {
      if (std::isnan(k.mean)) continue;
      const auto v = run(g, k, 0, kN);
      double sum = 0, sum2 = 0;
      for (std::size_t i = 0; i < kN; ++i) {
        const double x = value_at(k, v.data(), i) - k.mean;
        sum += x;
        sum2 += x * x;
      }
      const double mean_error = sum / kN;
      const double sd = std::sqrt(sum2 / kN);
      EXPECT_LT(std::fabs(mean_error), 6 * sd / std::sqrt(double(kN)) + 1e-12 * std::fabs(k.mean))
          << gpurng::engine_info(engine).name << " " << k.name << ": mean " << k.mean + mean_error << ", exact "
          << k.mean;
    }
  }
}

TEST(DistributionList, BadParametersAreRefusedNamingTheParameter) {
  Generator g(Engine::philox4x32_10, Backend::cpu);
  std::vector<unsigned char> out(64);
  for (const auto& d : gpurng::distributions()) {
    ValueType t = ValueType::f64;
    for (ValueType c : {ValueType::f64, ValueType::u32, ValueType::u64, ValueType::i64}) {
      if (offered(d, c)) {
        t = c;
        break;
      }
    }
    // NaN in each parameter (the others valid: a kind's parameters).
    for (const DistKind& k : dist_kinds()) {
      if (k.dist != d.distribution || k.type != t) continue;
      for (unsigned i = 0; i < d.param_count; ++i) {
        std::vector<double> p = k.params;
        p[i] = std::nan("");
        try {
          g.generate(d.distribution, t, p.data(), p.size(), out.data(), 2);
          ADD_FAILURE() << d.name << " accepted NaN " << d.params[i].name;
        } catch (const Error& e) {
          EXPECT_EQ(e.status(), Status::invalid_argument);
          EXPECT_NE(std::string(e.what()).find(d.params[i].name), std::string::npos) << e.what();
        }
      }
      break;
    }
    // A required parameter left out.
    for (unsigned i = 0; i < d.param_count; ++i) {
      if (!std::isnan(d.params[i].default_value)) continue;
      try {
        g.generate(d.distribution, t, nullptr, 0, out.data(), 2);
        ADD_FAILURE() << d.name << " without its required " << d.params[i].name;
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("required"), std::string::npos) << e.what();
      }
      break;
    }
    // Too many parameters.
    const std::vector<double> many(d.param_count + 1, 1.0);
    EXPECT_THROW(g.generate(d.distribution, t, many.data(), many.size(), out.data(), 2), Error) << d.name;
  }
  // A value type the distribution is not offered in, and an unknown distribution.
  const double lambda = 3;
  float f[4];
  try {
    g.generate(Distribution::poisson, &lambda, 1, f, 4);
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("not offered in float"), std::string::npos) << e.what();
  }
  EXPECT_THROW(g.generate(static_cast<Distribution>(99), nullptr, 0, f, 4), Error);
  EXPECT_THROW(g.generate(Distribution::uniform, static_cast<ValueType>(9), nullptr, 0, f, 4), Error);
  // Specific ranges: p outside [0, 1], a negative lambda, lower >= upper, lo > hi, a fractional n.
  const double bad_p[] = {1.5};
  EXPECT_THROW(g.generate(Distribution::bernoulli, bad_p, 1, reinterpret_cast<std::uint32_t*>(f), 4), Error);
  const double neg[] = {-1.0};
  EXPECT_THROW(g.generate(Distribution::poisson, neg, 1, reinterpret_cast<std::uint32_t*>(f), 4), Error);
  const double tn[] = {0, 1, 2, 2};
  EXPECT_THROW(g.generate(Distribution::truncated_normal, tn, 4, reinterpret_cast<double*>(out.data()), 4), Error);
  const double lohi[] = {5, 4};
  EXPECT_THROW(g.generate(Distribution::uniform_int, lohi, 2, reinterpret_cast<std::int64_t*>(out.data()), 4), Error);
  const double binom[] = {10.5, 0.5};
  EXPECT_THROW(g.generate(Distribution::binomial, binom, 2, reinterpret_cast<std::uint32_t*>(f), 4), Error);
  const double hyper[] = {5, 10, 16};
  EXPECT_THROW(g.generate(Distribution::hypergeometric, hyper, 3, reinterpret_cast<std::uint32_t*>(f), 4), Error);
  const double beyond[] = {0, 1e300};
  EXPECT_THROW(g.generate(Distribution::cauchy, beyond, 2, f, 4), Error);  // gamma overflows float
  EXPECT_EQ(g.offset(), 0u);  // nothing refused moved the offset
}

TEST(DistributionList, IntegersWithExactBounds) {
  Generator g(Engine::pcg64, Backend::cpu);
  std::vector<std::int64_t> a(4096);
  g.generate_integers(a.data(), a.size(), std::numeric_limits<std::int64_t>::min(),
                      std::numeric_limits<std::int64_t>::max());
  std::size_t negative = 0;
  for (auto v : a) negative += v < 0;
  EXPECT_GT(negative, 1800u);
  EXPECT_LT(negative, 2300u);
  std::vector<std::uint64_t> b(1000);
  g.generate_integers(b.data(), b.size(), ~std::uint64_t{0} - 2, ~std::uint64_t{0});
  for (auto v : b) EXPECT_GE(v, ~std::uint64_t{0} - 2);
  std::vector<std::int32_t> c(1000);
  g.generate_integers(c.data(), c.size(), -3, -3);
  for (auto v : c) EXPECT_EQ(v, -3);
  EXPECT_THROW(g.generate_integers(c.data(), c.size(), 1, 0), Error);
  // The double form and the exact form agree where doubles are exact.
  std::vector<std::int64_t> d1(100), d2(100);
  g.offset(0);
  g.generate_integers(d1.data(), d1.size(), -1000, 1000);
  g.offset(0);
  const double p[] = {-1000, 1000};
  g.generate(Distribution::uniform_int, p, 2, d2.data(), d2.size());
  EXPECT_EQ(d1, d2);
  // Non-integral or out-of-range double bounds are refused.
  const double frac[] = {0.5, 10};
  EXPECT_THROW(g.generate(Distribution::uniform_int, frac, 2, d2.data(), 4), Error);
  const double big[] = {0, 3e9};
  EXPECT_THROW(g.generate(Distribution::uniform_int, big, 2, c.data(), 4), Error);
}

TEST(DistributionList, CApiGenericCall) {
  gpurng_generator_t h = nullptr;
  ASSERT_EQ(gpurng_create(&h, GPURNG_ENGINE_PHILOX4X32_10, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  std::uint32_t v[8];
  const double lambda = 2.5;
  EXPECT_EQ(gpurng_generate(h, GPURNG_DIST_POISSON, GPURNG_VALUE_U32, &lambda, 1, v, 8), GPURNG_STATUS_SUCCESS);
  Generator g(Engine::philox4x32_10, Backend::cpu);
  std::uint32_t w[8];
  g.generate(Distribution::poisson, &lambda, 1, w, 8);
  EXPECT_EQ(0, std::memcmp(v, w, sizeof v));
  EXPECT_EQ(gpurng_generate(h, GPURNG_DIST_POISSON, GPURNG_VALUE_F32, &lambda, 1, v, 8), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("not offered"), std::string::npos);
  const char* name = nullptr;
  double def = 0;
  EXPECT_EQ(gpurng_distribution_param(GPURNG_DIST_GAMMA, 1, &name, &def), GPURNG_STATUS_SUCCESS);
  EXPECT_STREQ(name, "theta");
  EXPECT_EQ(def, 1.0);
  EXPECT_EQ(gpurng_distribution_param(GPURNG_DIST_GAMMA, 2, &name, &def), GPURNG_STATUS_INVALID_ARGUMENT);
  std::int64_t i64[4];
  EXPECT_EQ(gpurng_generate_integers64(h, i64, 4, 5, 4), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_generate_integers64(h, i64, 4, -1, 1), GPURNG_STATUS_SUCCESS);
  gpurng_destroy(h);
}
