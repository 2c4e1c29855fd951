// Half-precision outputs (core/dist/half.hpp): float -> IEEE binary16 and bfloat16 by round to nearest
// even, checked against a reference written another way (the nearest of a table of every half value,
// decoded by its own formula, with ties to the even bit pattern and overflow as IEEE's unbounded-
// exponent rule), on every half value, every midpoint between two of them and their float
// neighbours, a sweep and random samples of all float bit patterns; against the compiler's _Float16
// conversion where it has one; hand-derived edge cases; and the ToHalf transforms.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "dist_sampling.hpp"
#include "gpurng/core/dist/half.hpp"
#include "gpurng/core/dist/transforms.hpp"

namespace cd = gpurng::core::dist;
namespace t = gpurng::test;
using t::P32;

namespace {

float f_of(std::uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
std::uint32_t bits_of(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// Every finite non-negative value of the format in bit-pattern order (which is value order), then
// the value the next pattern would have with an unbounded exponent (2^16, 2^128): reaching or passing
// half-way to it rounds to infinity, which is what that pattern encodes.
struct Format {
  std::vector<double> value;  // value[h] for h = 0 .. inf pattern
  std::uint16_t inf;
};

Format binary16_table() {
  Format f{{}, 0x7c00};
  for (std::uint32_t h = 0; h <= 0x7c00; ++h) {
    const int e = static_cast<int>(h >> 10), m = static_cast<int>(h & 0x3ff);
    f.value.push_back(e == 0 ? std::ldexp(static_cast<double>(m), -24) : std::ldexp(1024.0 + m, e - 25));
  }
  return f;
}
Format bfloat16_table() {
  Format f{{}, 0x7f80};
  for (std::uint32_t h = 0; h <= 0x7f80; ++h) {
    const int e = static_cast<int>(h >> 7), m = static_cast<int>(h & 0x7f);
    f.value.push_back(e == 0 ? std::ldexp(static_cast<double>(m), -133) : std::ldexp(128.0 + m, e - 134));
  }
  return f;
}

// The reference rounding of a non-NaN float: nearest table entry, ties to the even pattern.
std::uint16_t reference(const Format& fm, float x) {
  const std::uint16_t sign = std::signbit(x) ? 0x8000 : 0;  // the sign bit of both formats
  const double a = std::fabs(static_cast<double>(x));
  const auto it = std::lower_bound(fm.value.begin(), fm.value.end(), a);
  if (it == fm.value.end()) return static_cast<std::uint16_t>(sign | fm.inf);
  const std::size_t i = static_cast<std::size_t>(it - fm.value.begin());
  if (*it == a || i == 0) return static_cast<std::uint16_t>(sign | i);
  const double below = a - fm.value[i - 1], above = fm.value[i] - a;  // exact in double
  const std::size_t pick = below < above ? i - 1 : above < below ? i : (i % 2 == 0 ? i : i - 1);
  return static_cast<std::uint16_t>(sign | pick);
}

// Float bit patterns to test: every half value and every midpoint (both signs), each with its float
// neighbours +-1, +-2 ulp; a sweep of all patterns with stride 65537; 2^20 random patterns.
std::vector<std::uint32_t> test_patterns(const Format& fm) {
  std::vector<std::uint32_t> p;
  for (std::size_t h = 0; h < fm.value.size(); ++h) {
    std::vector<double> centres{fm.value[h]};
    if (h + 1 < fm.value.size()) centres.push_back((fm.value[h] + fm.value[h + 1]) / 2);
    for (double c : centres) {
      const float f = static_cast<float>(c);
      if (static_cast<double>(f) != c) continue;  // every centre is a float except 2^128 (inf's)
      for (std::uint32_t sign : {0u, 0x80000000u}) {
        for (int d = -2; d <= 2; ++d) {
          const std::int64_t b = static_cast<std::int64_t>(bits_of(f)) + d;
          if (b >= 0 && b <= 0x7f800000) p.push_back(static_cast<std::uint32_t>(b) | sign);
        }
      }
    }
  }
  for (std::uint64_t b = 0; b <= 0xffffffffu; b += 65537) p.push_back(static_cast<std::uint32_t>(b));
  std::mt19937 g(11);
  for (int i = 0; i < (1 << 20); ++i) p.push_back(g());
  return p;
}

void check_against_reference(const Format& fm, std::uint16_t (*convert)(float)) {
  std::size_t checked = 0;
  for (std::uint32_t b : test_patterns(fm)) {
    const float x = f_of(b);
    if (std::isnan(x)) continue;
    ASSERT_EQ(convert(x), reference(fm, x)) << std::hex << "float bits 0x" << b;
    ++checked;
  }
  EXPECT_GT(checked, std::size_t{1} << 20);
}

TEST(Half, Binary16MatchesReference) { check_against_reference(binary16_table(), cd::float_to_binary16_bits); }
TEST(Half, Bfloat16MatchesReference) { check_against_reference(bfloat16_table(), cd::float_to_bfloat16_bits); }

#if defined(__FLT16_MAX__)
// GCC's and Clang's _Float16 conversion (IEEE round to nearest even): a third implementation, over
// every float pattern with stride 1021 (4.2 million) and the midpoint patterns.
TEST(Half, Binary16MatchesCompilerFloat16) {
  auto check = [](std::uint32_t b) {
    const float x = f_of(b);
    if (std::isnan(x)) return;
    const _Float16 h = static_cast<_Float16>(x);
    std::uint16_t hb;
    std::memcpy(&hb, &h, 2);
    ASSERT_EQ(cd::float_to_binary16_bits(x), hb) << std::hex << "float bits 0x" << b;
  };
  for (std::uint64_t b = 0; b <= 0xffffffffu; b += 1021) check(static_cast<std::uint32_t>(b));
  for (std::uint32_t b : test_patterns(binary16_table())) check(b);
}
#endif

// Edge cases derived by hand (binary16: bias 15, 10 fraction bits; bfloat16: a float's top 16 bits).
TEST(Half, Binary16Edges) {
  const auto h = cd::float_to_binary16_bits;
  EXPECT_EQ(h(1.0f), 0x3c00);
  EXPECT_EQ(h(-2.0f), 0xc000);
  EXPECT_EQ(h(0.1f), 0x2e66);              // 0x3dcccccd: fraction 0x266 + (rest 0x1999 < 0x1000? no: > half) -> 0x2e66
  EXPECT_EQ(h(1.0f / 3.0f), 0x3555);
  EXPECT_EQ(h(1.0f + 0x1p-11f), 0x3c00);   // tie: even 0x3c00
  EXPECT_EQ(h(1.0f + 3 * 0x1p-11f), 0x3c02);  // tie between 0x3c01 and 0x3c02: even
  EXPECT_EQ(h(65504.0f), 0x7bff);          // largest finite
  EXPECT_EQ(h(65519.996f), 0x7bff);        // just below the overflow threshold
  EXPECT_EQ(h(65520.0f), 0x7c00);          // 65504 + half an ulp: tie, to even = inf
  EXPECT_EQ(h(-1e6f), 0xfc00);
  EXPECT_EQ(h(std::numeric_limits<float>::infinity()), 0x7c00);
  EXPECT_EQ(h(0x1p-14f), 0x0400);          // smallest normal
  EXPECT_EQ(h(0x1p-14f - 0x1p-25f), 0x0400);  // largest subnormal + half: tie, to even (0x400)
  EXPECT_EQ(h(1023 * 0x1p-24f), 0x03ff);   // largest subnormal
  EXPECT_EQ(h(0x1p-24f), 0x0001);          // smallest subnormal
  EXPECT_EQ(h(0x1p-25f), 0x0000);          // tie between 0 and 2^-24: even 0
  EXPECT_EQ(h(0x1.000002p-25f), 0x0001);   // just above the tie
  EXPECT_EQ(h(-0x1p-25f), 0x8000);         // -0
  EXPECT_EQ(h(3 * 0x1p-25f), 0x0002);      // tie 1 / 2: even 2
  EXPECT_EQ(h(5 * 0x1p-25f), 0x0002);      // tie 2 / 3: even 2
  EXPECT_EQ(h(1e-40f), 0x0000);            // float subnormal
  EXPECT_EQ(h(-0.0f), 0x8000);
  // NaN: quiet, sign kept, top payload bits kept
  EXPECT_EQ(h(f_of(0x7fc00000u)), 0x7e00);
  EXPECT_EQ(h(f_of(0xffc00000u)), 0xfe00);
  EXPECT_EQ(h(f_of(0x7f800001u)), 0x7e00);  // signalling, payload below the kept bits: quiet NaN
  EXPECT_EQ(h(f_of(0x7fa02000u)), 0x7f01);  // payload 0x202000 >> 13 = 0x101, quiet bit set
}

TEST(Half, Bfloat16Edges) {
  const auto b = cd::float_to_bfloat16_bits;
  EXPECT_EQ(b(1.0f), 0x3f80);
  EXPECT_EQ(b(0.1f), 0x3dcd);                 // 0x3dcccccd: low half 0xcccd > 0x8000: up
  EXPECT_EQ(b(1.0f / 3.0f), 0x3eab);          // 0x3eaaaaab: up
  EXPECT_EQ(b(f_of(0x3f808000u)), 0x3f80);    // tie: even
  EXPECT_EQ(b(f_of(0x3f818000u)), 0x3f82);    // tie: even
  EXPECT_EQ(b(f_of(0x3f807fffu)), 0x3f80);
  EXPECT_EQ(b(f_of(0x7f7f7fffu)), 0x7f7f);
  EXPECT_EQ(b(f_of(0x7f7f8000u)), 0x7f80);    // tie above the largest finite (odd): inf
  EXPECT_EQ(b(std::numeric_limits<float>::max()), 0x7f80);
  EXPECT_EQ(b(-std::numeric_limits<float>::infinity()), 0xff80);
  EXPECT_EQ(b(f_of(0x00008000u)), 0x0000);    // subnormal tie: even 0
  EXPECT_EQ(b(f_of(0x00018000u)), 0x0002);    // subnormal tie: even
  EXPECT_EQ(b(f_of(0x007fffffu)), 0x0080);    // largest float subnormal rounds up to the smallest normal
  EXPECT_EQ(b(-0.0f), 0x8000);
  EXPECT_EQ(b(f_of(0x7f800001u)), 0x7fc0);    // signalling NaN: quiet
  EXPECT_EQ(b(f_of(0xffc00000u)), 0xffc0);
  EXPECT_EQ(b(f_of(0x7fff0000u)), 0x7fff);
}

TEST(Half, DecodeRoundTrips) {
  const Format f16 = binary16_table();
  for (std::uint32_t h = 0; h <= 0xffff; ++h) {
    const std::uint16_t hb = static_cast<std::uint16_t>(h);
    const float a = cd::binary16_bits_to_float(hb), b = cd::bfloat16_bits_to_float(hb);
    if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff) != 0) {
      EXPECT_TRUE(std::isnan(a));
    } else {
      ASSERT_EQ(cd::float_to_binary16_bits(a), hb) << h;
      const std::size_t idx = h & 0x7fff;
      if (idx < 0x7c00) ASSERT_EQ(std::fabs(static_cast<double>(a)), f16.value[idx]) << h;  // the two decoders agree
    }
    if ((h & 0x7f80) == 0x7f80 && (h & 0x7f) != 0) {
      EXPECT_TRUE(std::isnan(b));
    } else {
      ASSERT_EQ(cd::float_to_bfloat16_bits(b), hb) << h;
    }
  }
}

// ToHalf: the same positions as the float transform, each value its rounding.
template <cd::HalfFormat F, class Tr>
void expect_rounded(const Tr& tr, std::size_t n, std::uint64_t seed) {
  const auto f = t::sample<P32>(tr, n, seed);
  const auto h = t::sample<P32>(cd::ToHalf<Tr, F>{tr}, n, seed);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i], cd::float_to_half_bits<F>(f[i])) << i;
}

template <cd::HalfFormat F>
std::vector<double> decoded(const std::vector<std::uint16_t>& h) {
  std::vector<double> x;
  for (auto v : h) x.push_back(F == cd::HalfFormat::binary16 ? cd::binary16_bits_to_float(v) : cd::bfloat16_bits_to_float(v));
  return x;
}

TEST(Half, Transforms) {
  using U = cd::Uniform<P32, float>;
  using N = cd::Normal<P32, float>;
  static_assert(cd::ToHalf<N, cd::HalfFormat::binary16>::arity == 2, "Box-Muller pairs kept");
  expect_rounded<cd::HalfFormat::binary16>(U{}, 1 << 16, 40);
  expect_rounded<cd::HalfFormat::bfloat16>(U{}, 1 << 16, 41);
  expect_rounded<cd::HalfFormat::binary16>(N{3.0f, 2.0f}, 1 << 16, 42);
  expect_rounded<cd::HalfFormat::bfloat16>(N{3.0f, 2.0f}, 1 << 16, 43);
  // The distributions survive the rounding: KS at 2^16 values (half steps are far below its resolution).
  const auto normal_cdf = [](double x) { return t::normal_cdf((x - 3.0) / 2.0); };
  const std::size_t n = 1 << 16;
  EXPECT_GT(t::ks_test(decoded<cd::HalfFormat::binary16>(t::sample<P32>(cd::ToHalf<N, cd::HalfFormat::binary16>{{3.0f, 2.0f}}, n, 44)), normal_cdf), 1e-4);
  EXPECT_GT(t::ks_test(decoded<cd::HalfFormat::bfloat16>(t::sample<P32>(cd::ToHalf<N, cd::HalfFormat::bfloat16>{{3.0f, 2.0f}}, n, 45)), normal_cdf), 1e-4);
  // ... and a 5% wrong stddev does not
  EXPECT_LT(t::ks_test(decoded<cd::HalfFormat::bfloat16>(t::sample<P32>(cd::ToHalf<N, cd::HalfFormat::bfloat16>{{3.0f, 2.1f}}, n, 45)), normal_cdf), 1e-4);
  const auto u16 = decoded<cd::HalfFormat::binary16>(t::sample<P32>(cd::ToHalf<U, cd::HalfFormat::binary16>{}, n, 46));
  for (double v : u16) ASSERT_TRUE(v >= 0.0 && v <= 1.0);
  EXPECT_GT(t::ks_test(u16, [](double x) { return x; }), 1e-4);
}

}  // namespace
