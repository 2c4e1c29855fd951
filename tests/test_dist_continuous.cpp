// Cauchy, Weibull, Laplace, logistic, Gumbel, Rayleigh by inversion (core/dist/inversion_transforms.hpp):
// goodness of fit (Kolmogorov-Smirnov, chi-square of the probability integral transform in 1000 bins,
// and the counts beyond the 1e-4 quantiles) in float and double from the core Philox engines over
// centred uniforms (and MRG32k3a's own (0, 1) uniforms), accuracy against long double on hand-picked
// uniforms including the extremes, parameter checks, and wrong variants that the same tests reject.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "dist_sampling.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/inversion_transforms.hpp"

namespace cd = gpurng::core::dist;
namespace t = gpurng::test;
using t::Mrg;
using t::P32;
using t::P64;
using C32 = cd::CenteredUniforms<P32>;
using C64 = cd::CenteredUniforms<P64>;
using LD = long double;

namespace {

constexpr double kAlpha = 1e-4;
constexpr std::size_t kN = std::size_t{1} << 18;
const LD kPi = 3.141592653589793238462643383279502884L;

// Each distribution's CDF and quantile in long double, standard parameters a (location or shape) and
// b (scale).
struct Dist {
  const char* name;
  std::function<LD(LD)> cdf;
  std::function<LD(LD)> quantile;
};

Dist cauchy(LD x0, LD g) {
  return {"cauchy", [=](LD x) { return 0.5L + std::atan((x - x0) / g) / kPi; },
          [=](LD u) {  // tan of the exact u - 1/2 in the middle, 1/tan(pi v) of the exact v near the ends
            if (std::fabs(u - 0.5L) < 0.25L) return x0 + g * std::tan(kPi * (u - 0.5L));
            const LD v = u < 0.5L ? u : 1 - u, r = 1 / std::tan(kPi * v);
            return x0 + g * (u < 0.5L ? -r : r);
          }};
}
Dist weibull(LD k, LD l) {
  return {"weibull", [=](LD x) { return x <= 0 ? 0.0L : -std::expm1(-std::pow(x / l, k)); },
          [=](LD u) { return l * std::pow(-std::log(u), 1 / k); }};
}
Dist laplace(LD m, LD b) {
  return {"laplace",
          [=](LD x) { return x < m ? 0.5L * std::exp((x - m) / b) : 1 - 0.5L * std::exp(-(x - m) / b); },
          [=](LD u) { return u < 0.5L ? m + b * std::log(2 * u) : m - b * std::log(2 * (1 - u)); }};
}
Dist logistic(LD m, LD s) {
  return {"logistic", [=](LD x) { return 1 / (1 + std::exp(-(x - m) / s)); },
          [=](LD u) { return m + s * (u < 0.25L ? std::log(u / (1 - u)) : std::log1p((2 * u - 1) / (1 - u))); }};
}
Dist gumbel(LD m, LD b) {
  return {"gumbel", [=](LD x) { return std::exp(-std::exp(-(x - m) / b)); },
          [=](LD u) { return m - b * std::log(-std::log(u)); }};
}
Dist rayleigh(LD s) {
  return {"rayleigh", [=](LD x) { return x <= 0 ? 0.0L : -std::expm1(-x * x / (2 * s * s)); },
          [=](LD u) { return s * std::sqrt(-2 * std::log(u)); }};
}

struct Fit {
  double ks, chi2, low, high;  // p-value, p-value, |z| of the counts below 1e-4 and above 1 - 1e-4
  bool accepted() const { return ks > kAlpha && chi2 > kAlpha && low < 5 && high < 5; }
};

template <class T>
Fit fit(const std::vector<T>& v, const Dist& d) {
  std::vector<double> x(v.begin(), v.end()), p(v.size());
  double lo = 0, hi = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    p[i] = std::clamp(static_cast<double>(d.cdf(static_cast<LD>(v[i]))), 0.0, 1.0);
    lo += p[i] < 1e-4;
    hi += p[i] > 1 - 1e-4;
  }
  const double n = static_cast<double>(v.size()), e = n * 1e-4, sd = std::sqrt(e);
  return Fit{t::ks_test(x, [&](double y) { return static_cast<double>(d.cdf(y)); }), t::chi2_uniform(p, 1000),
             std::fabs(lo - e) / sd, std::fabs(hi - e) / sd};
}

template <class T>
void expect_fit(const std::vector<T>& v, const Dist& d, const char* what) {
  const Fit f = fit(v, d);
  EXPECT_TRUE(f.accepted()) << d.name << " " << what << (sizeof(T) == 4 ? " float" : " double") << ": KS p " << f.ks
                            << ", chi2 p " << f.chi2 << ", tail z " << f.low << " / " << f.high;
}

// float from 32-bit Philox, double from 64-bit Philox, both over centred uniforms; `what` names the
// parameters.
template <template <class, class> class Tr, class... A>
void fit_both(const Dist& d, const char* what, std::uint64_t seed, A... a) {
  expect_fit(t::sample<P32>(Tr<C32, float>{static_cast<float>(a)...}, kN, seed), d, what);
  expect_fit(t::sample<P64>(Tr<C64, double>{static_cast<double>(a)...}, kN, seed + 1), d, what);
}

TEST(Inversion, Fit) {
  fit_both<cd::Cauchy>(cauchy(1.5L, 0.5L), "x0 1.5 gamma 0.5", 100, 1.5, 0.5);
  fit_both<cd::Weibull>(weibull(0.5L, 2.0L), "k 0.5 lambda 2", 110, 0.5, 2.0);
  fit_both<cd::Weibull>(weibull(1.0L, 1.0L), "k 1 lambda 1", 120, 1.0, 1.0);
  fit_both<cd::Weibull>(weibull(3.7L, 0.8L), "k 3.7 lambda 0.8", 130, 3.7, 0.8);
  fit_both<cd::Laplace>(laplace(-1.0L, 2.0L), "mu -1 b 2", 140, -1.0, 2.0);
  fit_both<cd::Logistic>(logistic(0.3L, 1.7L), "mu 0.3 s 1.7", 150, 0.3, 1.7);
  fit_both<cd::Gumbel>(gumbel(-2.0L, 0.7L), "mu -2 beta 0.7", 160, -2.0, 0.7);
  fit_both<cd::Rayleigh>(rayleigh(2.5L), "sigma 2.5", 170, 2.5);
  // Weibull and Rayleigh also take the (0, 1] uniforms of an engine directly (u = 1 gives 0).
  expect_fit(t::sample<Mrg>(cd::Weibull<Mrg, double>{1.3, 1.0}, kN, 180), weibull(1.3L, 1.0L), "mrg32k3a");
  expect_fit(t::sample<P32>(cd::Rayleigh<P32, float>{1.0f}, kN, 181), rayleigh(1.0L), "philox uniforms");
}

// A wrong constant in each of three places: pi u replaced by 0.99 pi u in Cauchy (a shift of u
// would not do: tan is periodic), a 3% wrong Gumbel scale, -2.1 for -2 in Rayleigh. All rejected.
template <class E, class T>
struct CauchyWrongPi {
  using value_type = T;
  static constexpr int arity = 1;
  cd::Cauchy<E, T> inner;
  void operator()(const typename E::raw_type* r, T* out) const {
    T s, c;
    gpurng::core::elementary::sincos_2pi(T(0.495) * cd::uniform_of<E, T>(r[0]), &s, &c);
    out[0] = inner.x0 - inner.gamma * c / s;
  }
};

template <class E, class T>
struct RayleighWrongConstant {  // sqrt(-2.1 log u)
  using value_type = T;
  static constexpr int arity = 1;
  T sigma;
  void operator()(const typename E::raw_type* r, T* out) const {
    out[0] = sigma * std::sqrt(T(-2.1) * gpurng::core::elementary::log(cd::uniform_of<E, T>(r[0])));
  }
};

TEST(Inversion, WrongVariantsAreRejected) {
  EXPECT_FALSE(fit(t::sample<P64>(CauchyWrongPi<C64, double>{{1.5, 0.5}}, kN, 190), cauchy(1.5L, 0.5L)).accepted());
  EXPECT_FALSE(fit(t::sample<P64>(cd::Gumbel<C64, double>{-2.0, 0.7 * 1.03}, kN, 191), gumbel(-2.0L, 0.7L)).accepted());
  EXPECT_FALSE(fit(t::sample<P32>(RayleighWrongConstant<C32, float>{2.5f}, kN, 192), rayleigh(2.5L)).accepted());
  // and the unshifted controls at the same seeds pass
  EXPECT_TRUE(fit(t::sample<P64>(cd::Cauchy<C64, double>{1.5, 0.5}, kN, 190), cauchy(1.5L, 0.5L)).accepted());
  EXPECT_TRUE(fit(t::sample<P64>(cd::Gumbel<C64, double>{-2.0, 0.7}, kN, 191), gumbel(-2.0L, 0.7L)).accepted());
}

// ---- accuracy -----------------------------------------------------------------------------------------

template <class T>
LD ulp_of(LD z) {
  int e = 0;
  std::frexp(static_cast<double>(std::fabs(z)), &e);
  return std::max(std::ldexp(1.0L, e - std::numeric_limits<T>::digits),
                  static_cast<LD>(std::numeric_limits<T>::denorm_min()));
}

// Uniforms as the engines make them, spread on a log scale towards both ends: u and 1 - u for
// u = m 2^-e, plus the extreme centred uniforms.
template <class T>
std::vector<T> test_uniforms() {
  std::mt19937_64 g(5);
  std::vector<T> u;
  const int bits = std::numeric_limits<T>::digits;
  for (int i = 0; i < 200000; ++i) {
    const LD m = static_cast<LD>((g() >> 11) | 1) * 0x1p-53L;
    const T a = static_cast<T>(std::ldexp(m, -static_cast<int>(g() % (bits - 1))));
    if (!(a > 0 && a < 1)) continue;
    u.push_back(a);
    const T b = static_cast<T>(1 - static_cast<LD>(a));  // exact: a is a multiple of 2^-bits here or rounds
    if (b > 0 && b < 1) u.push_back(b);
  }
  for (T e : {std::ldexp(T(1), -bits), std::ldexp(T(1), -bits + 1), T(0.5), T(0.25), T(0.75)}) {
    u.push_back(e);
    u.push_back(T(1) - e);
  }
  return u;
}

// Largest error in ulps of the value (of max(|value|, floor)) over the test uniforms, for the
// transform with standard parameters, against the long-double quantile at the same (exact) u.
template <class T, class Tr>
double max_ulp(const Tr& tr, const Dist& d, LD floor = 0) {
  double worst = 0;
  for (T u : test_uniforms<T>()) {
    const double raw = static_cast<double>(u);
    T got;
    tr(&raw, &got);
    const LD want = d.quantile(static_cast<LD>(u));
    const double err = static_cast<double>(std::fabs(static_cast<LD>(got) - want) / ulp_of<T>(std::max(std::fabs(want), floor)));
    worst = std::max(worst, err);
  }
  return worst;
}

// The figures docs/ENGINES.md ("Distributions") quotes (standard location 0 / scale 1; a location
// adds at most one rounding of the final fma).
TEST(Inversion, Accuracy) {
  using F = t::FakeUniform;
  struct Row {
    const char* name;
    double f, d, bound_f, bound_d;
  };
  std::vector<Row> rows{
      {"cauchy", max_ulp<float>(cd::Cauchy<F, float>{0, 1}, cauchy(0, 1)),
       max_ulp<double>(cd::Cauchy<F, double>{0, 1}, cauchy(0, 1)), 3.5, 3.5},
      {"laplace", max_ulp<float>(cd::Laplace<F, float>{0, 1}, laplace(0, 1)),
       max_ulp<double>(cd::Laplace<F, double>{0, 1}, laplace(0, 1)), 1.5, 1.5},
      {"logistic", max_ulp<float>(cd::Logistic<F, float>{0, 1}, logistic(0, 1)),
       max_ulp<double>(cd::Logistic<F, double>{0, 1}, logistic(0, 1)), 4, 4},
      // Gumbel's zero (u = 1/e) is not a zero of -log u, whose rounding (< 1 ulp) becomes an absolute
      // error there: measured in ulps of max(|x|, 1).
      {"gumbel", max_ulp<float>(cd::Gumbel<F, float>{0, 1}, gumbel(0, 1), 1),
       max_ulp<double>(cd::Gumbel<F, double>{0, 1}, gumbel(0, 1), 1), 1.5, 1.5},
      {"rayleigh", max_ulp<float>(cd::Rayleigh<F, float>{1}, rayleigh(1)),
       max_ulp<double>(cd::Rayleigh<F, double>{1}, rayleigh(1)), 1.5, 1.5},
      {"weibull k=1", max_ulp<float>(cd::Weibull<F, float>{1, 1}, weibull(1, 1)),
       max_ulp<double>(cd::Weibull<F, double>{1, 1}, weibull(1, 1)), 12, 35},
      {"weibull k=0.5", max_ulp<float>(cd::Weibull<F, float>{0.5f, 1}, weibull(0.5L, 1)),
       max_ulp<double>(cd::Weibull<F, double>{0.5, 1}, weibull(0.5L, 1)), 24, 80},
      {"weibull k=3.7", max_ulp<float>(cd::Weibull<F, float>{3.7f, 1}, weibull(static_cast<float>(3.7), 1)),
       max_ulp<double>(cd::Weibull<F, double>{3.7, 1}, weibull(3.7L, 1)), 6, 24},
  };
  for (const Row& r : rows) {
    std::printf("%-14s max error float %6.2f ulp, double %6.2f ulp\n", r.name, r.f, r.d);
    EXPECT_LE(r.f, r.bound_f) << r.name << " float";
    EXPECT_LE(r.d, r.bound_d) << r.name << " double";
  }
}

TEST(Inversion, SpecialValues) {
  using F = t::FakeUniform;
  float v;
  double one = 1.0;
  cd::Rayleigh<F, float>{2.0f}(&one, &v);
  EXPECT_EQ(std::signbit(v), false);
  EXPECT_EQ(v, 0.0f);
  cd::Weibull<F, float>{0.7f, 2.0f}(&one, &v);
  EXPECT_EQ(v, 0.0f);
  double half = 0.5, d;
  cd::Laplace<F, double>{3.0, 2.0}(&half, &d);
  EXPECT_EQ(d, 3.0);
  cd::Logistic<F, double>{3.0, 2.0}(&half, &d);
  EXPECT_EQ(d, 3.0);
  cd::Cauchy<F, double>{3.0, 2.0}(&half, &d);
  EXPECT_EQ(d, 3.0);
  // the extreme centred uniform 2^-53 gives finite tails
  double tiny = 0x1p-53;
  cd::Cauchy<F, double>{0, 1}(&tiny, &d);
  EXPECT_TRUE(std::isfinite(d));
  EXPECT_LT(d, -1e15);
  cd::Gumbel<F, double>{0, 1}(&tiny, &d);
  EXPECT_NEAR(d, -std::log(-std::log(0x1p-53)), 1e-14);
}

TEST(Inversion, Check) {
  const double nan = std::nan(""), inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ((cd::Cauchy<P64, double>::check(0, 1)), nullptr);
  EXPECT_NE(std::string(cd::Cauchy<P64, double>::check(nan, 1)).find("x0 must be finite"), std::string::npos);
  EXPECT_NE(std::string(cd::Cauchy<P64, double>::check(0, 0)).find("gamma must be > 0"), std::string::npos);
  EXPECT_NE(std::string(cd::Weibull<P64, double>::check(nan, 1)).find("shape k must be > 0"), std::string::npos);
  EXPECT_NE(std::string(cd::Weibull<P64, double>::check(1, -1)).find("scale lambda"), std::string::npos);
  EXPECT_NE(std::string(cd::Laplace<P64, double>::check(inf, 1)).find("mu must be finite"), std::string::npos);
  EXPECT_NE(std::string(cd::Laplace<P64, double>::check(0, inf)).find("b must be > 0 and finite"), std::string::npos);
  EXPECT_NE(std::string(cd::Logistic<P64, float>::check(0, nan)).find("s must be > 0"), std::string::npos);
  EXPECT_NE(std::string(cd::Gumbel<P64, float>::check(0, -0.0f)).find("beta must be > 0"), std::string::npos);
  EXPECT_NE(std::string(cd::Rayleigh<P64, float>::check(nan)).find("sigma must be > 0"), std::string::npos);
  EXPECT_EQ((cd::Rayleigh<P64, float>::check(1e-30f)), nullptr);
  // a double parameter that overflows float is refused by the float check
  EXPECT_NE((cd::Rayleigh<P64, float>::check(static_cast<float>(1e300))), nullptr);
}

}  // namespace
