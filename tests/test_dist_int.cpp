// Uniform integers, Bernoulli and geometric (core/dist/uniform_int.hpp, bernoulli_geometric.hpp):
// known values for hand-picked raw words, the wide multiply against a 128-bit reference, chi-square
// on the exact pmf (tails included) at parameters covering every branch and edge, driven by the
// core Philox and MRG32k3a engines, and deliberately wrong variants that the same tests reject.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "dist_sampling.hpp"
#include "gpurng/core/dist/bernoulli_geometric.hpp"
#include "gpurng/core/dist/uniform_int.hpp"

namespace cd = gpurng::core::dist;
namespace t = gpurng::test;
using t::Mrg;
using t::P32;
using t::P64;

namespace {

constexpr double kAlpha = 1e-4;  // reject below this p-value (fixed seeds: deterministic)
constexpr std::size_t kN = std::size_t{1} << 20;

using F32 = t::FakeBits<std::uint32_t>;
using F64 = t::FakeBits<std::uint64_t>;

// ---- uniform integers: known values ---------------------------------------------------------------

template <class E, class T>
T ui(T lo, T hi, typename E::raw_type x) {
  T v;
  cd::UniformInt<E, T>{lo, hi}(&x, &v);
  return v;
}

template <class E, class T, int K>
T uiw(T lo, T hi, std::vector<typename E::raw_type> x) {
  T v;
  cd::UniformIntWide<E, T, K>{lo, hi}(x.data(), &v);
  return v;
}

TEST(UniformInt, KnownValues32) {
  // lo + floor(x * 10 / 2^32)
  EXPECT_EQ((ui<F32, std::int32_t>(0, 9, 0u)), 0);
  EXPECT_EQ((ui<F32, std::int32_t>(0, 9, 0xffffffffu)), 9);
  EXPECT_EQ((ui<F32, std::int32_t>(0, 9, 0x80000000u)), 5);
  EXPECT_EQ((ui<F32, std::int32_t>(0, 9, 0x19999999u)), 0);  // 0x19999999 * 10 = 2^32 - 6
  EXPECT_EQ((ui<F32, std::int32_t>(0, 9, 0x1999999au)), 1);  // 0x1999999a * 10 = 2^32 + 4
  EXPECT_EQ((ui<F32, std::int32_t>(-5, -3, 0xffffffffu)), -3);
  EXPECT_EQ((ui<F32, std::int32_t>(-5, -3, 0u)), -5);
  // lo == hi
  EXPECT_EQ((ui<F32, std::int32_t>(7, 7, 0u)), 7);
  EXPECT_EQ((ui<F32, std::int32_t>(7, 7, 0xffffffffu)), 7);
  // the full ranges: the word itself, offset by lo modulo 2^32
  const std::int32_t mn = std::numeric_limits<std::int32_t>::min(), mx = std::numeric_limits<std::int32_t>::max();
  EXPECT_EQ((ui<F32, std::int32_t>(mn, mx, 0u)), mn);
  EXPECT_EQ((ui<F32, std::int32_t>(mn, mx, 0xffffffffu)), mx);
  EXPECT_EQ((ui<F32, std::int32_t>(mn, mx, 0x80000000u)), 0);
  EXPECT_EQ((ui<F32, std::uint32_t>(0, 0xffffffffu, 0x12345678u)), 0x12345678u);
  // uint32 range from a 64-bit word: the top 32 bits for the full range
  EXPECT_EQ((ui<F64, std::uint32_t>(0, 0xffffffffu, 0x89abcdef01234567u)), 0x89abcdefu);
  EXPECT_EQ((ui<F64, std::uint32_t>(10, 12, 0xffffffffffffffffu)), 12u);
}

TEST(UniformInt, KnownValues64) {
  const std::int64_t mn = std::numeric_limits<std::int64_t>::min(), mx = std::numeric_limits<std::int64_t>::max();
  const std::uint64_t umx = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ((ui<F64, std::uint64_t>(0, umx, 0x0123456789abcdefu)), 0x0123456789abcdefu);
  EXPECT_EQ((ui<F64, std::int64_t>(mn, mx, 0u)), mn);
  EXPECT_EQ((ui<F64, std::int64_t>(mn, mx, umx)), mx);
  EXPECT_EQ((ui<F64, std::int64_t>(-1, 1, umx)), 1);
  EXPECT_EQ((ui<F64, std::int64_t>(-1, 1, 0x5555555555555555u)), -1);  // 3x = 2^64 - 1: floor 0
  EXPECT_EQ((ui<F64, std::int64_t>(-1, 1, 0x5555555555555556u)), 0);
  EXPECT_EQ((ui<F64, std::int64_t>(mx, mx, 12345u)), mx);
  // 2^64 - 1 values (span = 2^64 - 2): x = 2^64 - 1 gives floor((2^64-1)^2 / 2^64) = 2^64 - 2
  EXPECT_EQ((ui<F64, std::uint64_t>(0, umx - 1, umx)), umx - 1);
  EXPECT_EQ((ui<F64, std::uint64_t>(1, umx, 1u)), 1u);
  // wide: K raws, the first most significant
  EXPECT_EQ((uiw<F32, std::uint64_t, 2>(0, umx, {0x01234567u, 0x89abcdefu})), 0x0123456789abcdefu);
  EXPECT_EQ((uiw<F32, std::int64_t, 3>(mn, mx, {0x80000000u, 0u, 0xffffffffu})), 0);
  EXPECT_EQ((uiw<F32, std::uint32_t, 2>(0, 9, {0x80000000u, 0u})), 5u);
  EXPECT_EQ((uiw<F32, std::uint32_t, 2>(0, 9, {0xffffffffu, 0xffffffffu})), 9u);
  EXPECT_EQ((uiw<F64, std::uint64_t, 2>(0, 2, {0x5555555555555555u, 0x5555555555555555u})), 0u);
  EXPECT_EQ((uiw<F64, std::uint64_t, 2>(0, 2, {0x5555555555555555u, 0x5555555555555556u})), 1u);
  EXPECT_EQ((uiw<F64, std::int64_t, 2>(-4, -4, {umx, umx})), -4);
}

// The limb multiply against unsigned __int128, composed differently: floor(X s / 2^(64 m)) for X in
// 64-bit words Xh, Xl is floor((Xh s + floor(Xl s / 2^64)) / 2^64).
TEST(UniformInt, WideScaleMatchesInt128) {
  using U128 = unsigned __int128;
  std::mt19937_64 g(7);
  const std::uint64_t spans[] = {0, 1, 2, 6, 0xffffffffu, 0x100000000u, 0xbfffffffffffffffu, ~std::uint64_t{0},
                                 ~std::uint64_t{0} - 1};
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t span = i < 9 * 100 ? spans[i % 9] : g() >> (g() % 64);
    const U128 s = static_cast<U128>(span) + 1;
    const std::uint64_t a = i % 5 == 0 ? ~std::uint64_t{0} : g(), b = i % 7 == 0 ? ~std::uint64_t{0} : g(),
                        c = g();
    const std::uint32_t x2[2] = {static_cast<std::uint32_t>(a >> 32), static_cast<std::uint32_t>(a)};
    ASSERT_EQ(cd::uniform_int_detail::scale_limbs<2>(x2, span), static_cast<std::uint64_t>((a * s) >> 64));
    const std::uint32_t x4[4] = {static_cast<std::uint32_t>(a >> 32), static_cast<std::uint32_t>(a),
                                 static_cast<std::uint32_t>(b >> 32), static_cast<std::uint32_t>(b)};
    ASSERT_EQ(cd::uniform_int_detail::scale_limbs<4>(x4, span),
              static_cast<std::uint64_t>((a * s + ((b * s) >> 64)) >> 64));
    // 96 bits: X = a 2^32 + (c >> 32) = (a 2^32 + c_hi) -> floor(X s / 2^96) = floor((a s + floor(c_hi 2^32 s / 2^64)) / 2^64)
    const std::uint64_t chi = c >> 32;
    const std::uint32_t x3[3] = {static_cast<std::uint32_t>(a >> 32), static_cast<std::uint32_t>(a),
                                 static_cast<std::uint32_t>(chi)};
    ASSERT_EQ(cd::uniform_int_detail::scale_limbs<3>(x3, span),
              static_cast<std::uint64_t>((a * s + (((chi << 32) * s) >> 64)) >> 64));
    ASSERT_EQ(cd::uniform_int_detail::scale64(a, span), static_cast<std::uint64_t>((a * s) >> 64));
  }
}

// ---- uniform integers: goodness of fit --------------------------------------------------------------

// p-value of chi-square of (v - lo) over s equiprobable categories.
template <class T>
double chi2_equiprobable(const std::vector<T>& v, T lo, std::size_t s) {
  std::vector<double> count(s, 0.0);
  for (T x : v) count.at(static_cast<std::size_t>(static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(lo))) += 1;
  return t::chi2_counts(count, std::vector<double>(s, 1.0 / static_cast<double>(s)));
}

// p-value for s = 3 * 2^(w-2) values (w = 32 or 64): the 9 cells (offset mod 3, offset >> (w - 2)) are
// equiprobable exactly, and a multiply-shift with too few bits (B = w) puts twice the mass on a third
// of the residues.
template <class T>
double chi2_three_quarter(const std::vector<T>& v, T lo) {
  using U = typename std::make_unsigned<T>::type;
  constexpr int w = sizeof(T) * 8;
  std::vector<double> count(9, 0.0);
  for (T x : v) {
    const U off = static_cast<U>(static_cast<U>(x) - static_cast<U>(lo));
    count[static_cast<std::size_t>((off % 3) * 3 + (off >> (w - 2)))] += 1;
  }
  return t::chi2_counts(count, std::vector<double>(9, 1.0 / 9));
}

TEST(UniformInt, FitSmallRanges) {
  EXPECT_GT(chi2_equiprobable<std::int64_t>(t::sample<P64>(cd::UniformInt<P64, std::int64_t>{-3, 3}, kN, 1), -3, 7),
            kAlpha);
  EXPECT_GT(chi2_equiprobable<std::uint32_t>(t::sample<P64>(cd::UniformInt<P64, std::uint32_t>{0, 999}, kN, 2), 0, 1000),
            kAlpha);
  EXPECT_GT(chi2_equiprobable<std::int32_t>(t::sample<P32>(cd::UniformInt<P32, std::int32_t>{1, 6}, kN, 3), 1, 6), kAlpha);
  EXPECT_GT(chi2_equiprobable<std::int32_t>(t::sample<Mrg>(cd::UniformInt<Mrg, std::int32_t>{-50, 49}, kN, 4), -50, 100),
            kAlpha);
  // lo == hi
  for (auto v : t::sample<P32>(cd::UniformInt<P32, std::int32_t>{-9, -9}, 1000, 5)) ASSERT_EQ(v, -9);
}

TEST(UniformInt, FitFullRanges) {
  // Full 64-bit range (exact: the word itself shifted by lo): top and bottom bytes equiprobable.
  const auto v = t::sample<P64>(
      cd::UniformInt<P64, std::int64_t>{std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()},
      kN, 6);
  std::vector<double> top(256, 0.0), low(256, 0.0);
  for (auto x : v) {
    top[static_cast<std::uint64_t>(x) >> 56] += 1;
    low[static_cast<std::uint64_t>(x) & 255u] += 1;
  }
  EXPECT_GT(t::chi2_counts(top, std::vector<double>(256, 1.0 / 256)), kAlpha);
  EXPECT_GT(t::chi2_counts(low, std::vector<double>(256, 1.0 / 256)), kAlpha);
  // Full 64-bit range from a 32-bit engine (two raws per value).
  const auto w = t::sample_wide<P32>(cd::UniformIntWide<P32, std::uint64_t, 2>{0, ~std::uint64_t{0}}, kN, 7);
  std::fill(top.begin(), top.end(), 0.0);
  std::fill(low.begin(), low.end(), 0.0);
  for (auto x : w) {
    top[x >> 56] += 1;
    low[(x >> 28) & 255u] += 1;  // across the join of the two words
  }
  EXPECT_GT(t::chi2_counts(top, std::vector<double>(256, 1.0 / 256)), kAlpha);
  EXPECT_GT(t::chi2_counts(low, std::vector<double>(256, 1.0 / 256)), kAlpha);
}

// The hardest ranges, s = 3 * 2^30 and 3 * 2^62: a budget of B = log2(s) + 32 bits passes, one raw per
// value (B = 32 resp. 64) fails, as uniform_int.hpp states. This is also the test's power shown.
TEST(UniformInt, FitLargeRanges) {
  const std::uint32_t hi32 = 3u * (1u << 30) - 1u;
  EXPECT_GT(chi2_three_quarter<std::uint32_t>(t::sample_wide<P32>(cd::UniformIntWide<P32, std::uint32_t, 2>{0, hi32}, kN, 8), 0),
            kAlpha);
  EXPECT_GT(chi2_three_quarter<std::uint32_t>(t::sample<P64>(cd::UniformInt<P64, std::uint32_t>{0, hi32}, kN, 9), 0), kAlpha);
  EXPECT_LT(chi2_three_quarter<std::uint32_t>(t::sample<P32>(cd::UniformInt<P32, std::uint32_t>{0, hi32}, kN, 10), 0), 1e-12);

  const std::int64_t lo64 = std::numeric_limits<std::int64_t>::min();
  const std::int64_t hi64 = 0x3fffffffffffffff;  // lo64 + 3 * 2^62 - 1
  EXPECT_GT(chi2_three_quarter<std::int64_t>(t::sample_wide<P64>(cd::UniformIntWide<P64, std::int64_t, 2>{lo64, hi64}, kN, 11), lo64),
            kAlpha);
  EXPECT_GT(chi2_three_quarter<std::int64_t>(t::sample_wide<Mrg>(cd::UniformIntWide<Mrg, std::int64_t, 3>{lo64, hi64}, kN, 12), lo64),
            kAlpha);
  EXPECT_LT(chi2_three_quarter<std::int64_t>(t::sample<P64>(cd::UniformInt<P64, std::int64_t>{lo64, hi64}, kN, 13), lo64), 1e-12);
}

// An off-by-one (span one short: hi never drawn) fails the same chi-square.
struct OffByOne {
  using value_type = std::int32_t;
  static constexpr int arity = 1;
  std::int32_t lo, hi;
  void operator()(const std::uint32_t* r, std::int32_t* out) const {
    out[0] = lo + static_cast<std::int32_t>(
                      cd::uniform_int_detail::scale32(P32::bits(r[0]), static_cast<std::uint32_t>(hi - lo - 1)));
  }
};

TEST(UniformInt, OffByOneIsRejected) {
  const auto v = t::sample<P32>(OffByOne{0, 9}, kN, 14);
  EXPECT_LT(chi2_equiprobable<std::int32_t>(v, 0, 10), 1e-12);
}

TEST(UniformInt, Check) {
  EXPECT_EQ(cd::uniform_int_check<std::int32_t>(3, 3), nullptr);
  EXPECT_EQ(cd::uniform_int_check<std::int64_t>(std::numeric_limits<std::int64_t>::min(), 0), nullptr);
  const char* m = cd::UniformInt<P32, std::int32_t>::check(4, 3);
  ASSERT_NE(m, nullptr);
  EXPECT_NE(std::string(m).find("lo must be <= hi"), std::string::npos) << m;
  EXPECT_NE((cd::UniformIntWide<P32, std::uint64_t, 2>::check(1, 0)), nullptr);
}

// ---- Bernoulli ------------------------------------------------------------------------------------

template <class E>
std::uint64_t ones(double p, std::size_t n, std::uint64_t seed) {
  std::uint64_t c = 0;
  for (auto v : t::sample<E>(cd::Bernoulli<E, std::uint8_t>{p}, n, seed)) c += v;
  return c;
}

// |count - n p| in standard deviations.
double z_binomial(double count, double n, double p) { return std::fabs(count - n * p) / std::sqrt(n * p * (1 - p)); }

TEST(Bernoulli, KnownValuesAndEdges) {
  auto b = [](double p, double u) {
    std::uint32_t v;
    cd::Bernoulli<t::FakeUniform, std::uint32_t>{p}(&u, &v);
    return v;
  };
  EXPECT_EQ(b(0.3, 0.3), 1u);  // u <= p
  EXPECT_EQ(b(0.3, std::nextafter(0.3, 1.0)), 0u);
  EXPECT_EQ(b(1.0, 1.0), 1u);  // p = 1 is always 1, also at u = 1
  EXPECT_EQ(b(0.0, 0x1p-53), 0u);
  EXPECT_EQ(ones<P64>(0.0, 1 << 16, 20), 0u);
  EXPECT_EQ(ones<Mrg>(1.0, 1 << 16, 21), std::uint64_t{1} << 16);
}

TEST(Bernoulli, Fit) {
  for (double p : {0.5, 0.3, 1e-3, 0.999}) {
    EXPECT_LT(z_binomial(static_cast<double>(ones<P32>(p, kN, 22)), kN, p), 5.0) << "p = " << p;
    EXPECT_LT(z_binomial(static_cast<double>(ones<Mrg>(p, kN, 23)), kN, p), 5.0) << "p = " << p;
  }
  // p = 1e-6 on 2^22 draws: Poisson(4.19) count, within 5 sd
  EXPECT_LT(z_binomial(static_cast<double>(ones<P64>(1e-6, std::size_t{1} << 22, 24)), double(1 << 22), 1e-6), 5.0);
}

TEST(Bernoulli, WrongConstantIsRejected) {
  // p + 0.002 at p = 0.3: a 6.3 sd shift at 2^20 draws.
  EXPECT_GT(z_binomial(static_cast<double>(ones<P32>(0.302, kN, 22)), kN, 0.3), 5.0);
}

TEST(Bernoulli, Check) {
  EXPECT_EQ((cd::Bernoulli<P32, int>::check(0.0)), nullptr);
  EXPECT_EQ((cd::Bernoulli<P32, int>::check(1.0)), nullptr);
  for (double bad : {-1e-300, 1.0000000000000002, std::nan(""), std::numeric_limits<double>::infinity()}) {
    const char* m = cd::Bernoulli<P32, int>::check(bad);
    ASSERT_NE(m, nullptr) << bad;
    EXPECT_NE(std::string(m).find("p must be in [0, 1]"), std::string::npos);
  }
}

// ---- geometric -------------------------------------------------------------------------------------

template <class I>
I geo(double p, double u) {
  I v;
  cd::Geometric<t::FakeUniform, I>::make(p)(&u, &v);
  return v;
}

TEST(Geometric, KnownValues) {
  EXPECT_EQ(geo<std::uint64_t>(0.5, 0.5), 1u);   // log 0.5 / log 0.5 = 1
  EXPECT_EQ(geo<std::uint64_t>(0.5, 0.25), 2u);  // exactly 2
  EXPECT_EQ(geo<std::uint64_t>(0.5, 0.2), 3u);   // 2.32 -> 3
  EXPECT_EQ(geo<std::uint64_t>(0.5, 1.0), 1u);   // u = 1: X = 1
  EXPECT_EQ(geo<std::uint64_t>(1.0, 0x1p-53), 1u);
  EXPECT_EQ(geo<std::uint64_t>(1.0, 1.0), 1u);
  // tiny p: the log ratio in long double, ceil; and saturation of uint32
  const double p = 1e-12, u = 0x1p-53;
  const long double q = std::log(static_cast<long double>(u)) / std::log1p(-static_cast<long double>(p));
  EXPECT_EQ(geo<std::uint64_t>(p, u), static_cast<std::uint64_t>(std::ceil(q)));
  EXPECT_EQ(geo<std::uint32_t>(p, u), 0xffffffffu);
  EXPECT_EQ(geo<std::uint64_t>(4.9e-324, u), ~std::uint64_t{0});  // subnormal p: saturates
  // log1p itself: relative accuracy where 1 - p loses digits
  for (double x : {-1e-12, -1e-17, -0.3, -0.999999, -1e-300}) {
    const long double want = std::log1p(static_cast<long double>(x));
    EXPECT_LE(std::fabs((gpurng::core::elementary::log1p(x) - want) / want), 4 * 0x1p-53) << x;
  }
}

// S(k) = P(X > k) = (1 - p)^k, in long double.
long double geo_tail(double p, long double k) { return std::exp(k * std::log1p(-static_cast<long double>(p))); }

// Chi-square of geometric samples on bins (e_{j-1}, e_j] at quantile edges, including far-tail edges
// (probabilities 1e-4 and 1e-5 beyond), with exact probabilities.
double chi2_geometric(const std::vector<std::uint64_t>& v, double p) {
  std::vector<long double> edges{0};
  const long double l = std::log1p(-static_cast<long double>(p));
  for (double tail : {0.99, 0.95, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1, 0.05, 0.02, 0.01, 1e-3, 1e-4, 1e-5}) {
    const long double k = std::ceil(std::log(static_cast<long double>(tail)) / l);  // S(k) <= tail
    if (k > edges.back()) edges.push_back(k);
  }
  std::vector<double> prob, count(edges.size(), 0.0);
  for (std::size_t j = 1; j < edges.size(); ++j) prob.push_back(static_cast<double>(geo_tail(p, edges[j - 1]) - geo_tail(p, edges[j])));
  prob.push_back(static_cast<double>(geo_tail(p, edges.back())));
  for (auto x : v) {
    const auto it = std::lower_bound(edges.begin(), edges.end(), static_cast<long double>(x));  // first edge >= x
    count[static_cast<std::size_t>(it - edges.begin()) - 1] += 1;
  }
  // Merge bins expected below 5 draws into their left neighbour, so the chi-square approximation holds.
  const double n = static_cast<double>(v.size());
  for (std::size_t j = prob.size() - 1; j > 0; --j) {
    if (prob[j] * n < 5) {
      prob[j - 1] += prob[j];
      count[j - 1] += count[j];
      prob.erase(prob.begin() + static_cast<std::ptrdiff_t>(j));
      count.erase(count.begin() + static_cast<std::ptrdiff_t>(j));
    }
  }
  return t::chi2_counts(count, prob);
}

TEST(Geometric, Fit) {
  // p = 1/2 and 0.3 (few values: near-exact bins), small and tiny p (the log1p path), p near 1.
  for (double p : {0.5, 0.3, 0.01, 1e-4, 1e-9, 1e-15, 0.9999}) {
    EXPECT_GT(chi2_geometric(t::sample<P64>(cd::Geometric<P64, std::uint64_t>::make(p), kN / 2, 30), p), kAlpha) << p;
    EXPECT_GT(chi2_geometric(t::sample<P32>(cd::Geometric<P32, std::uint64_t>::make(p), kN / 2, 31), p), kAlpha) << p;
  }
  for (auto x : t::sample<P32>(cd::Geometric<P32, std::uint32_t>::make(1.0), 4096, 32)) ASSERT_EQ(x, 1u);
  // uint32 saturation: P(X > 2^32 - 1) = (1 - p)^(2^32 - 1)
  const double p = 0x1p-34;
  std::uint64_t sat = 0;
  for (auto x : t::sample<P64>(cd::Geometric<P64, std::uint32_t>::make(p), 1 << 16, 33)) sat += x == 0xffffffffu;
  const double q = static_cast<double>(geo_tail(p, 4294967295.0L));
  EXPECT_LT(z_binomial(static_cast<double>(sat), 1 << 16, q), 5.0);
}

// Failures instead of trials (off by one) and a 1% wrong log(1 - p) both fail the chi-square.
TEST(Geometric, WrongVariantsAreRejected) {
  const auto v = t::sample<P64>(cd::Geometric<P64, std::uint64_t>::make(0.3), kN / 2, 34);
  std::vector<std::uint64_t> off(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) off[i] = v[i] + 1;
  EXPECT_GT(chi2_geometric(v, 0.3), kAlpha);
  EXPECT_LT(chi2_geometric(off, 0.3), 1e-12);
  auto g = cd::Geometric<P64, std::uint64_t>::make(0.01);
  g.log1m_p *= 1.01;
  EXPECT_LT(chi2_geometric(t::sample<P64>(g, kN / 2, 35), 0.01), kAlpha);
}

TEST(Geometric, Check) {
  EXPECT_EQ((cd::Geometric<P32, std::uint64_t>::check(1.0)), nullptr);
  EXPECT_EQ((cd::Geometric<P32, std::uint64_t>::check(4.9e-324)), nullptr);
  for (double bad : {0.0, -0.5, 1.5, std::nan("")}) {
    const char* m = cd::Geometric<P32, std::uint64_t>::check(bad);
    ASSERT_NE(m, nullptr) << bad;
    EXPECT_NE(std::string(m).find("p must be in (0, 1]"), std::string::npos);
  }
}

}  // namespace
