// The portable inverse normal CDF (core/dist/inverse_normal.hpp): accuracy against 30-digit mpmath
// values (tests/data/inverse_normal, see PROVENANCE.md) and against a long-double Newton
// refinement with glibc's erfcl, exact symmetry, monotonicity, and the NormalInverseCdf /
// LogNormalInverseCdf transforms.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/inverse_normal.hpp"
#include "test_support.hpp"

using gpurng::core::dist::inverse_normal_cdf;

namespace {

// The stated accuracy (docs/ENGINES.md): the largest error in units in the last place of the
// exact value, and the largest relative error, over the whole domain.
constexpr double kMaxUlpFloat = 2.5;
constexpr double kMaxUlpDouble = 2.75;
constexpr double kMaxRelFloat = 2.5e-7;  // 2.1 * 2^-23
constexpr double kMaxRelDouble = 4.5e-16;  // 2.03 * 2^-52

// Units in the last place of z in type T (z != 0).
template <class T>
long double ulp_of(long double z) {
  const int digits = std::numeric_limits<T>::digits;
  int e = 0;
  std::frexp(static_cast<double>(std::fabs(z)), &e);  // |z| = f 2^e, f in [0.5, 1)
  return std::ldexp(1.0L, e - digits);
}

template <class T>
long double ulp_error(T got, long double want) {
  return std::fabs(static_cast<long double>(got) - want) / ulp_of<T>(want);
}

long double rel_error(long double got, long double want) { return std::fabs(got - want) / std::fabs(want); }

// Largest errors seen, in ulps and relative.
struct Worst {
  long double ulp = 0, rel = 0;
  double at_ulp = 0, at_rel = 0;
  template <class T>
  void add(double u, T got, long double want) {
    const long double e = ulp_error(got, want), r = want == 0 ? 0 : rel_error(got, want);
    if (e > ulp) ulp = e, at_ulp = u;
    if (r > rel) rel = r, at_rel = u;
  }
};

// Phi^-1(u) in long double: one Newton step from the double result, on the lower tail (u and 1-u
// exact), with glibc's erfcl. The double result is within a few 1e-16, so one step leaves an error
// far below a double ulp.
long double reference(double u) {
  const bool upper = u > 0.5;
  const long double p = upper ? 1.0L - u : static_cast<long double>(u);
  long double z = inverse_normal_cdf(static_cast<double>(p));
  const long double sqrt2 = std::sqrt(2.0L);
  const long double inv_sqrt_2pi = 0.398942280401432677939946059934381868L;
  for (int i = 0; i < 2; ++i) {
    const long double cdf = 0.5L * std::erfc(-z / sqrt2);
    const long double pdf = inv_sqrt_2pi * std::exp(-0.5L * z * z);
    z -= (cdf - p) / pdf;
  }
  return upper ? -z : z;
}

struct Row {
  double u;
  bool is_float;
  long double z;
};

std::vector<Row> mpmath_rows() {
  const auto csv = gpurng::test::read_csv("inverse_normal/phi_inverse_reference.csv");
  std::vector<Row> rows;
  for (const auto& r : csv.rows) {
    rows.push_back(Row{gpurng::test::to_double(r.at("u")), r.at("precision") == "float", std::strtold(r.at("z").c_str(), nullptr)});
  }
  return rows;
}

}  // namespace

TEST(InverseNormal, MatchesMpmathWithinTheStatedUlps) {
  const auto rows = mpmath_rows();
  ASSERT_GT(rows.size(), 2000u);
  Worst wf, wd;
  std::size_t floats = 0;
  for (const Row& r : rows) {
    if (r.is_float) {
      ++floats;
      const float uf = static_cast<float>(r.u);
      ASSERT_EQ(static_cast<double>(uf), r.u);
      wf.add(r.u, inverse_normal_cdf(uf), r.z);
    }
    wd.add(r.u, inverse_normal_cdf(r.u), r.z);
  }
  std::printf("inverse normal vs mpmath (%zu float / %zu rows): float %.3Lf ulp (u = %a), rel %.3Lg (u = %a); "
              "double %.3Lf ulp (u = %a), rel %.3Lg (u = %a)\n",
              floats, rows.size(), wf.ulp, wf.at_ulp, wf.rel, wf.at_rel, wd.ulp, wd.at_ulp, wd.rel, wd.at_rel);
  EXPECT_GT(floats, 800u);
  EXPECT_LE(wf.ulp, kMaxUlpFloat) << "at u = " << wf.at_ulp;
  EXPECT_LE(wd.ulp, kMaxUlpDouble) << "at u = " << wd.at_ulp;
  EXPECT_LE(wf.rel, kMaxRelFloat) << "at u = " << wf.at_rel;
  EXPECT_LE(wd.rel, kMaxRelDouble) << "at u = " << wd.at_rel;
}

TEST(InverseNormal, TheLongDoubleReferenceAgreesWithMpmath) {
  // The in-test reference below is only trusted because it matches mpmath to far below a double ulp.
  for (const Row& r : mpmath_rows()) {
    ASSERT_LE(ulp_error(static_cast<double>(reference(r.u)), r.z), 0.501L) << "u = " << r.u;
  }
}

TEST(InverseNormal, EveryFloatSobolUniformAndManyDoublesWithinTheStatedUlps) {
  // All 2^23 float uniforms the Sobol' engines make, (2k+1) 2^-24 ...
  Worst wf;
  for (std::uint32_t k = 0; k < (1u << 23); ++k) {
    const float u = static_cast<float>((2.0 * k + 1) * 0x1p-24);
    wf.add(u, inverse_normal_cdf(u), reference(u));
  }
  std::printf("float, all (2k+1)2^-24: %.3Lf ulp (u = %a), rel %.3Lg (u = %a)\n", wf.ulp, wf.at_ulp, wf.rel, wf.at_rel);
  EXPECT_LE(wf.ulp, kMaxUlpFloat) << "u = " << wf.at_ulp;
  EXPECT_LE(wf.rel, kMaxRelFloat) << "u = " << wf.at_rel;
  // ... and double uniforms: random, log-uniform tails down to 2^-1022, and (2k+1) 2^-53 ends.
  std::mt19937_64 rng(7);
  Worst wd;
  for (int i = 0; i < 400000; ++i) {
    double u;
    if (i % 4 == 0) {
      u = std::ldexp(1.0 + static_cast<double>(rng() >> 12) * 0x1p-52, -2 - static_cast<int>(rng() % 1020));
    } else if (i % 4 == 1) {
      u = (2.0 * static_cast<double>(rng() >> 40) + 1) * 0x1p-53;
    } else {
      u = (2.0 * static_cast<double>(rng() >> 12) + 1) * 0x1p-53;
    }
    if (i % 8 == 7) u = 1.0 - u;
    wd.add(u, inverse_normal_cdf(u), reference(u));
  }
  std::printf("double, 400000 points: %.3Lf ulp (u = %a), rel %.3Lg (u = %a)\n", wd.ulp, wd.at_ulp, wd.rel, wd.at_rel);
  EXPECT_LE(wd.ulp, kMaxUlpDouble) << "u = " << wd.at_ulp;
  EXPECT_LE(wd.rel, kMaxRelDouble) << "u = " << wd.at_rel;
}

TEST(InverseNormal, ExactlyAntisymmetricAndMonotone) {
  float prev = -INFINITY;
  for (std::uint32_t k = 0; k < (1u << 23); ++k) {
    const float u = static_cast<float>((2.0 * k + 1) * 0x1p-24);
    const float z = inverse_normal_cdf(u);
    ASSERT_EQ(inverse_normal_cdf(1.0f - u), -z) << "u = " << u;
    ASSERT_GE(z, prev) << "u = " << u;
    prev = z;
  }
  EXPECT_EQ(inverse_normal_cdf(0.5f), 0.0f);
  EXPECT_EQ(inverse_normal_cdf(0.5), 0.0);
  std::mt19937_64 rng(8);
  std::vector<double> us;
  for (int i = 0; i < 200000; ++i) us.push_back((2.0 * static_cast<double>(rng() >> 12) + 1) * 0x1p-53);
  for (int e = 1; e < 1022; ++e) us.push_back(std::ldexp(1.0, -e));
  std::sort(us.begin(), us.end());
  double prev_d = -INFINITY;
  for (double u : us) {
    const double z = inverse_normal_cdf(u);
    if (1.0 - (1.0 - u) == u) ASSERT_EQ(inverse_normal_cdf(1.0 - u), -z) << "u = " << u;  // where 1-u is exact
    ASSERT_GE(z, prev_d) << "u = " << u;
    ASSERT_TRUE(std::isfinite(z));
    prev_d = z;
  }
  // The ends of the domains are finite.
  EXPECT_TRUE(std::isfinite(inverse_normal_cdf(0x1p-126f)));
  EXPECT_TRUE(std::isfinite(inverse_normal_cdf(0x1p-1022)));
  EXPECT_NEAR(inverse_normal_cdf(0x1p-1022), -37.5193793471445, 1e-11);
}

TEST(InverseNormal, TransformsScaleShiftAndExponentiate) {
  struct E {  // a test engine whose raw value is the uniform itself
    using raw_type = double;
    static float uniform_float(double r) { return static_cast<float>(r); }
    static double uniform_double(double r) { return r; }
  };
  const double u[] = {0.025, 0.5, 0.9};
  for (double r : u) {
    double out;
    gpurng::core::dist::NormalInverseCdf<E, double>{3.0, 2.0}(&r, &out);
    EXPECT_EQ(out, std::fma(2.0, inverse_normal_cdf(r), 3.0));
    gpurng::core::dist::LogNormalInverseCdf<E, double>{0.5, 0.25}(&r, &out);
    EXPECT_NEAR(out, std::exp(0.5 + 0.25 * static_cast<double>(reference(r))), 1e-15 * out);
    float of;
    gpurng::core::dist::NormalInverseCdf<E, float>{-1.0f, 0.5f}(&r, &of);
    EXPECT_EQ(of, std::fma(0.5f, inverse_normal_cdf(static_cast<float>(r)), -1.0f));
  }
  EXPECT_EQ((gpurng::core::dist::NormalInverseCdf<E, float>::arity), 1);
}
