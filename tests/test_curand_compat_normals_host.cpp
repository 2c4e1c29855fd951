// The normals and log-normals of gpurng/device/curand_compat.hpp on the CPU, for the three states:
// which draws each function consumes, cuRAND's kept-second-value bookkeeping (curand_normal.h,
// curand_lognormal.h), and the values against cuRAND's Box-Muller formulas evaluated in long double
// (curand_compat_reference.hpp). On the device the values are cuRAND's own bits
// (test_cuda_curand_compat.cu); here they come from gpurng's portable functions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "curand_compat_reference.hpp"
#include "gpurng/device/curand_compat.hpp"

namespace {

using namespace gpurng::curand_compat;
namespace ref = gpurng::test::curand_ref;

// Each state: its type, and the reference pair from the draws cuRAND's Box-Muller takes (two words
// or four words for XORWOW and Philox; two uniforms for MRG32k3a), drawn from a copy of the state.
struct Xorwow {
  using State = curandStateXORWOW_t;
  static ref::Pair float_pair(State* c) {
    const std::uint32_t x = curand(c), y = curand(c);
    return ref::float_pair(x, y);
  }
  static ref::Pair double_pair(State* c) {
    const std::uint32_t x0 = curand(c), x1 = curand(c), y0 = curand(c), y1 = curand(c);
    return ref::double_pair(x0, x1, y0, y1);
  }
};

struct Philox {
  using State = curandStatePhilox4_32_10_t;
  static ref::Pair float_pair(State* c) {
    const std::uint32_t x = curand(c), y = curand(c);
    return ref::float_pair(x, y);
  }
  static ref::Pair double_pair(State* c) {
    const std::uint32_t x0 = curand(c), x1 = curand(c), y0 = curand(c), y1 = curand(c);
    return ref::double_pair(x0, x1, y0, y1);
  }
};

struct Mrg32k3a {
  using State = curandStateMRG32k3a_t;
  static ref::Pair float_pair(State* c) {
    const float x = curand_uniform(c), y = curand_uniform(c);
    return ref::box_muller_turns(x, y);
  }
  static ref::Pair double_pair(State* c) {
    const double x = curand_uniform_double(c), y = curand_uniform_double(c);
    return ref::box_muller_turns(x, y);
  }
};

template <class G>
class CurandCompatNormals : public ::testing::Test {
 protected:
  using State = typename G::State;
  static State fresh(unsigned long long seed = 2026, unsigned long long sub = 3, unsigned long long off = 1) {
    State s;
    curand_init(seed, sub, off, &s);
    return s;
  }
  // The same number of draws was consumed: the next raw outputs agree.
  static void expect_in_step(State a, State b) {
    for (int i = 0; i < 6; ++i) EXPECT_EQ(curand(&a), curand(&b)) << "output " << i;
  }
};

using States = ::testing::Types<Xorwow, Philox, Mrg32k3a>;
TYPED_TEST_SUITE(CurandCompatNormals, States);

TYPED_TEST(CurandCompatNormals, NormalReturnsSinThenKeptCosOfEachPair) {
  auto s = this->fresh(), c = s, p = s;
  for (int i = 0; i < 500; ++i) {
    const ref::Pair r = TypeParam::float_pair(&c);
    const float2 pair = curand_normal2(&p);
    const float a = curand_normal(&s);
    EXPECT_EQ(s.boxmuller_flag, 1);
    const float b = curand_normal(&s);
    EXPECT_EQ(s.boxmuller_flag, 0);
    EXPECT_EQ(a, pair.x);  // the same transform: the same bits
    EXPECT_EQ(b, pair.y);
    EXPECT_NEAR(a, static_cast<double>(r.sin_part), ref::kFloatNormalTolerance) << "pair " << i;
    EXPECT_NEAR(b, static_cast<double>(r.cos_part), ref::kFloatNormalTolerance) << "pair " << i;
  }
  this->expect_in_step(s, c);
  this->expect_in_step(p, c);
}

TYPED_TEST(CurandCompatNormals, NormalDoubleReturnsSinThenKeptCosOfEachPair) {
  auto s = this->fresh(), c = s, p = s;
  for (int i = 0; i < 500; ++i) {
    const ref::Pair r = TypeParam::double_pair(&c);
    const double2 pair = curand_normal2_double(&p);
    const double a = curand_normal_double(&s);
    const double b = curand_normal_double(&s);
    EXPECT_EQ(a, pair.x);
    EXPECT_EQ(b, pair.y);
    EXPECT_NEAR(a, static_cast<double>(r.sin_part), ref::kDoubleNormalTolerance) << "pair " << i;
    EXPECT_NEAR(b, static_cast<double>(r.cos_part), ref::kDoubleNormalTolerance) << "pair " << i;
  }
  this->expect_in_step(s, c);
  this->expect_in_step(p, c);
}

TYPED_TEST(CurandCompatNormals, LogNormalsAreExpOfMeanPlusStddevTimesTheNormals) {
  const float m = 0.5f, sd = 0.75f;
  auto s = this->fresh(), n = s, p = s;
  for (int i = 0; i < 300; ++i) {
    const float2 z = curand_normal2(&n);
    const float2 pair = curand_log_normal2(&p, m, sd);
    const float a = curand_log_normal(&s, m, sd);
    EXPECT_EQ(s.boxmuller_flag, 2);
    const float b = curand_log_normal(&s, -3.0f, 9.0f);  // the kept value ignores the new parameters
    EXPECT_EQ(a, pair.x);
    EXPECT_EQ(b, pair.y);
    EXPECT_NEAR(a, std::exp(m + sd * static_cast<double>(z.x)), 1e-6 * a);
    EXPECT_NEAR(b, std::exp(m + sd * static_cast<double>(z.y)), 1e-6 * b);
  }
  const double md = -1.25, sdd = 0.5;
  for (int i = 0; i < 300; ++i) {
    const double2 z = curand_normal2_double(&n);
    const double2 pair = curand_log_normal2_double(&p, md, sdd);
    const double a = curand_log_normal_double(&s, md, sdd);
    const double b = curand_log_normal_double(&s, 7.0, 7.0);
    EXPECT_EQ(a, pair.x);
    EXPECT_EQ(b, pair.y);
    EXPECT_NEAR(a, std::exp(md + sdd * z.x), 2e-15 * a);
    EXPECT_NEAR(b, std::exp(md + sdd * z.y), 2e-15 * b);
  }
  this->expect_in_step(s, n);
  this->expect_in_step(p, n);
}

// cuRAND keeps one value per precision, tagged normal or log-normal: switching function draws a new
// pair and loses the kept value; float and double keep theirs apart.
TYPED_TEST(CurandCompatNormals, KeptValuesFollowCurandsFlags) {
  const float m = 0.25f, sd = 2.0f;
  auto s = this->fresh(7, 0, 0), c = s;
  const float2 first = curand_normal2(&c);
  const float2 second = curand_log_normal2(&c, m, sd);
  const float2 third = curand_normal2(&c);
  const double2 fourth = curand_normal2_double(&c);
  EXPECT_EQ(curand_normal(&s), first.x);
  EXPECT_EQ(curand_log_normal(&s, m, sd), second.x);  // not first.y: a log-normal never takes a kept normal
  EXPECT_EQ(curand_normal(&s), third.x);              // nor the reverse
  EXPECT_EQ(curand_normal_double(&s), fourth.x);      // the double side draws its own pair
  EXPECT_EQ(curand_normal(&s), third.y);              // and leaves the float's kept value
  EXPECT_EQ(curand_normal_double(&s), fourth.y);
  this->expect_in_step(s, c);
}

// skipahead and skipahead_sequence move the generator but not the kept value; curand_init clears it.
TYPED_TEST(CurandCompatNormals, SkipsKeepTheKeptValueAndInitClearsIt) {
  auto s = this->fresh(), c = s;
  const float2 pair = curand_normal2(&c);
  const double2 pair_d = curand_normal2_double(&c);
  EXPECT_EQ(curand_normal(&s), pair.x);
  EXPECT_EQ(curand_normal_double(&s), pair_d.x);
  skipahead(10ull, &s);
  skipahead_sequence(2ull, &s);
  EXPECT_EQ(curand_normal(&s), pair.y);
  EXPECT_EQ(curand_normal_double(&s), pair_d.y);
  auto t = this->fresh(9, 9, 9), u = t;
  (void)curand_normal(&t);
  (void)curand_normal_double(&t);
  curand_init(9, 9, 9, &t);
  EXPECT_EQ(t.boxmuller_flag, 0);
  EXPECT_EQ(t.boxmuller_flag_double, 0);
  EXPECT_EQ(curand_normal(&t), curand_normal(&u));
}

// Moments of 40000 normals of each precision: a wrong formula (u and v swapped, a missing factor 2)
// moves them far beyond these bounds (4.5 standard errors).
TYPED_TEST(CurandCompatNormals, MomentsAreStandardNormal) {
  auto s = this->fresh(12345, 1, 0);
  const int n = 40000;
  double sum = 0, sum2 = 0, sum_d = 0, sum2_d = 0;
  for (int i = 0; i < n; ++i) {
    const double z = curand_normal(&s), zd = curand_normal_double(&s);
    sum += z;
    sum2 += z * z;
    sum_d += zd;
    sum2_d += zd * zd;
  }
  EXPECT_NEAR(sum / n, 0.0, 4.5 / std::sqrt(n));
  EXPECT_NEAR(sum2 / n, 1.0, 4.5 * std::sqrt(2.0 / n));
  EXPECT_NEAR(sum_d / n, 0.0, 4.5 / std::sqrt(n));
  EXPECT_NEAR(sum2_d / n, 1.0, 4.5 * std::sqrt(2.0 / n));
}

}  // namespace
