// Uniform integers, Bernoulli and geometric (core/dist/uniform_int.hpp, bernoulli_geometric.hpp):
// known values for hand-picked raw words (UniformIntKeyed's keyed words from a Philox written out
// here, apart from the core's), the wide multiply against a 128-bit reference, chi-square on the
// exact pmf (tails included) at parameters covering every branch and edge, the independence of the
// two values of a UniformIntKeyed pair, driven by the core Philox and MRG32k3a engines, and
// deliberately wrong variants that the same tests reject.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
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
__extension__ typedef unsigned __int128 U128;  // the 128-bit references (GCC and Clang)

// ---- uniform integers: known values ---------------------------------------------------------------

template <class E, class T>
T ui(T lo, T hi, typename E::raw_type x) {
  T v;
  cd::UniformInt<E, T>{lo, hi}(&x, &v);
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
}

// The limb multiply against unsigned __int128, composed differently: floor(X s / 2^(64 m)) for X in
// 64-bit words Xh, Xl is floor((Xh s + floor(Xl s / 2^64)) / 2^64).
TEST(UniformInt, WideScaleMatchesInt128) {
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

// ---- UniformIntKeyed: known values from the documented construction ----------------------------------

// Philox4x32-10 as Salmon et al. (SC'11) define it, written out here apart from
// core/engines/philox.hpp, so that the keyed words below check keyed_draws.hpp's documented
// construction and not the core against itself. Anchored to Random123's known answers.
std::array<std::uint32_t, 4> ref_philox(std::array<std::uint32_t, 4> c, std::array<std::uint32_t, 2> k) {
  for (int round = 0; round < 10; ++round) {
    if (round > 0) {
      k[0] += 0x9E3779B9u;
      k[1] += 0xBB67AE85u;
    }
    const std::uint64_t p0 = std::uint64_t{0xD2511F53u} * c[0];
    const std::uint64_t p1 = std::uint64_t{0xCD9E8D57u} * c[2];
    c = {static_cast<std::uint32_t>(p1 >> 32) ^ c[1] ^ k[0], static_cast<std::uint32_t>(p1),
         static_cast<std::uint32_t>(p0 >> 32) ^ c[3] ^ k[1], static_cast<std::uint32_t>(p0)};
  }
  return c;
}

std::uint32_t lo32(std::uint64_t x) { return static_cast<std::uint32_t>(x); }
std::uint32_t hi32(std::uint64_t x) { return static_cast<std::uint32_t>(x >> 32); }

// Keyed draw d of slot j for the raw pair (r0, r1): key = raw 2k's bits, counter = (d / 2,
// 9 << 16 | j, lo(r1), hi(r1)), words (0, 1) for even d and (2, 3) for odd d, x = lo | hi << 32.
std::uint64_t ref_keyed(std::uint64_t r0, std::uint64_t r1, unsigned j, unsigned d) {
  const auto b = ref_philox({d / 2, (9u << 16) | j, lo32(r1), hi32(r1)}, {lo32(r0), hi32(r0)});
  const std::uint32_t lo = d % 2 ? b[2] : b[0], hi = d % 2 ? b[3] : b[1];
  return static_cast<std::uint64_t>(lo) | static_cast<std::uint64_t>(hi) << 32;
}

// Value j of UniformIntKeyed<E, T>{lo, hi} for the raws (r0, r1), from uniform_int.hpp's words:
// X = bits(raw j) on top, then keyed draw 0 of slot j, high 32 bits first, B = width(T) + 32 bits
// (or X = bits(raw j) alone, B = 64, when the engine has 64 bits and T 32). X is held as
// xh 2^64 + xl with B = 64 + width(xh), and floor(X s / 2^B) = floor((xh s + floor(xl s / 2^64)) / 2^(B - 64)).
template <class E, class T>
T ref_keyed_value(T lo, T hi, typename E::raw_type r0, typename E::raw_type r1, unsigned j) {
  using U = typename std::make_unsigned<T>::type;
  constexpr int w = 8 * sizeof(typename E::bits_type), tw = 8 * sizeof(T);
  const U128 s = static_cast<U128>(static_cast<U>(static_cast<U>(hi) - static_cast<U>(lo))) + 1;
  const std::uint64_t x = E::bits(j == 0 ? r0 : r1);
  const std::uint64_t k = ref_keyed(r0, r1, j, 0);
  std::uint64_t xh = 0, xl = 0;
  int b = 64;
  if (w == 64 && tw == 32) {
    xl = x;
  } else if (w == 32 && tw == 32) {
    xl = x << 32 | (k >> 32);
  } else if (w == 32 && tw == 64) {
    xh = x, xl = k, b = 96;
  } else {  // 64-bit engine, 64-bit T
    xh = x >> 32, xl = x << 32 | (k >> 32), b = 96;
  }
  const U128 top = static_cast<U128>(xh) * s + ((static_cast<U128>(xl) * s) >> 64);
  const U off = static_cast<U>(top >> (b - 64));
  return static_cast<T>(static_cast<U>(static_cast<U>(lo) + off));
}

template <class E, class T>
std::array<T, 2> uik(T lo, T hi, typename E::raw_type r0, typename E::raw_type r1) {
  const typename E::raw_type r[2] = {r0, r1};
  std::array<T, 2> v{};
  cd::UniformIntKeyed<E, T>{lo, hi}(r, v.data());
  return v;
}

TEST(UniformIntKeyed, ReferencePhiloxMatchesRandom123) {
  // Random123 kat_vectors (also tests/data/random123), philox4x32-10.
  EXPECT_EQ(ref_philox({0, 0, 0, 0}, {0, 0}), (std::array<std::uint32_t, 4>{0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}));
  EXPECT_EQ(ref_philox({~0u, ~0u, ~0u, ~0u}, {~0u, ~0u}),
            (std::array<std::uint32_t, 4>{0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}));
  EXPECT_EQ(ref_philox({0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}, {0xa4093822u, 0x299f31d0u}),
            (std::array<std::uint32_t, 4>{0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}));
  // Keyed words from a separate Python transcription of the same construction.
  EXPECT_EQ(ref_keyed(0x01234567u, 0x89abcdefu, 0, 0), 0x41de985e51524d69u);
  EXPECT_EQ(ref_keyed(0x01234567u, 0x89abcdefu, 1, 1), 0xf94610456789be35u);
  EXPECT_EQ(ref_keyed(0x0123456789abcdefu, 0xfedcba9876543210u, 1, 0), 0x34af3e0e5d857d2du);
}

TEST(UniformIntKeyed, KnownValues) {
  const std::uint64_t umx = ~std::uint64_t{0};
  const std::int64_t mn = std::numeric_limits<std::int64_t>::min(), mx = std::numeric_limits<std::int64_t>::max();
  // Literal values (the separate Python transcription): the engine's word on top, keyed words below.
  EXPECT_EQ((uik<F32, std::uint64_t>(0, umx, 0x01234567u, 0x89abcdefu)),
            (std::array<std::uint64_t, 2>{0x0123456741de985eu, 0x89abcdefdecb49aeu}));
  EXPECT_EQ((uik<F32, std::uint32_t>(0, 999, 0x01234567u, 0x89abcdefu)), (std::array<std::uint32_t, 2>{4, 537}));
  EXPECT_EQ((uik<F32, std::uint32_t>(0, 999, 0xffffffffu, 0u)), (std::array<std::uint32_t, 2>{999, 0}));
  EXPECT_EQ((uik<F64, std::uint64_t>(5, 3 * (std::uint64_t{1} << 62) + 4, 0x0123456789abcdefu, 0xfedcba9876543210u)),
            (std::array<std::uint64_t, 2>{0x00da740da740da78u, 0xbf258bf258bf2591u}));
  // Full ranges where B - width(T) = 32 bits of X fall below the value: the engine's word itself.
  EXPECT_EQ((uik<F32, std::uint32_t>(0, 0xffffffffu, 0x12345678u, 0x9abcdef0u)),
            (std::array<std::uint32_t, 2>{0x12345678u, 0x9abcdef0u}));
  EXPECT_EQ((uik<F32, std::int32_t>(std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max(),
                                    0x80000000u, 0xffffffffu)),
            (std::array<std::int32_t, 2>{0, std::numeric_limits<std::int32_t>::max()}));
  EXPECT_EQ((uik<F64, std::int64_t>(mn, mx, 0u, umx)), (std::array<std::int64_t, 2>{mn, mx}));
  EXPECT_EQ((uik<F64, std::uint64_t>(0, umx, 0x0123456789abcdefu, 7u)), (std::array<std::uint64_t, 2>{0x0123456789abcdefu, 7u}));
  // Two values: the top bit of the engine's word.
  EXPECT_EQ((uik<F32, std::int64_t>(-1, 0, 0x7fffffffu, 0x80000000u)), (std::array<std::int64_t, 2>{-1, 0}));
  // lo == hi
  EXPECT_EQ((uik<F32, std::int64_t>(-4, -4, 0xffffffffu, 0xffffffffu)), (std::array<std::int64_t, 2>{-4, -4}));
  // 64-bit engine, 32-bit T: UniformInt on each raw, no keyed draw.
  EXPECT_EQ((uik<F64, std::uint32_t>(0, 0xffffffffu, 0x89abcdef01234567u, 0x0123456789abcdefu)),
            (std::array<std::uint32_t, 2>{0x89abcdefu, 0x01234567u}));
  EXPECT_EQ((uik<F64, std::int32_t>(-1, 1, 0x5555555555555555u, 0x5555555555555556u)), (std::array<std::int32_t, 2>{-1, 0}));
}

// Every (engine width, T) against the reference, on hand-picked raw pairs (zeros, ones, extremes;
// for MRG32k3a the raw m1, whose bits are 0 while its key word is m1) and random ones, over ranges
// from one value to the full width.
template <class E, class T>
void check_against_reference(const std::vector<typename E::raw_type>& words, const char* what) {
  using U = typename std::make_unsigned<T>::type;
  const T mn = std::numeric_limits<T>::min(), mx = std::numeric_limits<T>::max();
  const U third = static_cast<U>(std::numeric_limits<U>::max() / 4);  // 2^(w-2) - 1: 3 * 2^(w-2) values below
  const std::vector<std::array<T, 2>> ranges = {
      {0, 0}, {0, 1}, {2, 8}, {0, 999}, {mn, mx}, {static_cast<T>(mn + 1), mx}, {mn, static_cast<T>(mn + 3 * third + 2)},
      {static_cast<T>(5), static_cast<T>(mx / 3 * 2)}, {mx, mx}};
  for (const auto& rg : ranges) {
    for (std::size_t a = 0; a < words.size(); ++a) {
      for (std::size_t b = 0; b < words.size(); ++b) {
        const auto v = uik<E, T>(rg[0], rg[1], words[a], words[b]);
        for (unsigned j = 0; j < 2; ++j) {
          ASSERT_EQ(v[j], (ref_keyed_value<E, T>(rg[0], rg[1], words[a], words[b], j)))
              << what << " [" << +rg[0] << ", " << +rg[1] << "] raws " << +words[a] << ", " << +words[b] << " slot " << j;
        }
      }
    }
  }
}

TEST(UniformIntKeyed, MatchesTheDocumentedConstruction) {
  std::mt19937_64 g(42);
  std::vector<std::uint32_t> w32 = {0u, 1u, 0x80000000u, 0x7fffffffu, 0xffffffffu, 0x01234567u};
  std::vector<std::uint64_t> w64 = {0u, 1u, 0x8000000000000000u, 0xffffffffu, ~std::uint64_t{0}, 0x0123456789abcdefu};
  std::vector<std::uint32_t> wm = {1u, 2u, 0x80000000u, 4294967086u, 4294967087u /* m1 */};
  for (int i = 0; i < 10; ++i) {
    w32.push_back(static_cast<std::uint32_t>(g()));
    w64.push_back(g());
    wm.push_back(static_cast<std::uint32_t>(g() % 4294967087u) + 1u);
  }
  check_against_reference<F32, std::int32_t>(w32, "32-bit engine, int32");
  check_against_reference<F32, std::uint32_t>(w32, "32-bit engine, uint32");
  check_against_reference<F32, std::int64_t>(w32, "32-bit engine, int64");
  check_against_reference<F32, std::uint64_t>(w32, "32-bit engine, uint64");
  check_against_reference<F64, std::int32_t>(w64, "64-bit engine, int32");
  check_against_reference<F64, std::uint32_t>(w64, "64-bit engine, uint32");
  check_against_reference<F64, std::int64_t>(w64, "64-bit engine, int64");
  check_against_reference<F64, std::uint64_t>(w64, "64-bit engine, uint64");
  check_against_reference<Mrg, std::int32_t>(wm, "mrg32k3a, int32");
  check_against_reference<Mrg, std::int64_t>(wm, "mrg32k3a, int64");
  check_against_reference<Mrg, std::uint64_t>(wm, "mrg32k3a, uint64");
}

// The engine's bits alone decide a value unless x s mod 2^w lies in (2^w - s, 2^w)
// (uniform_int_detail::decided_by_raw): on both sides of that edge, for odd and even s, and on random
// words over ranges of every magnitude, the transform's values are the reference's (all B bits), and
// the words the edge leaves undecided are exactly those.
template <class E, class T>
void check_decision_edge(const char* what) {
  using W = typename E::raw_type;
  using U = typename std::make_unsigned<T>::type;
  constexpr int w = sizeof(W) * 8;
  const U128 two_w = U128{1} << w;
  const std::vector<std::uint64_t> spans = {1,           2,           6,           998,         999,
                                            0x7ffffffeu, 0x80000000u, 0xbfffffffu, 0xfffffffeu, 0xffffffffu,
                                            std::uint64_t{1} << 32,   0xbfffffffffffffffu,      ~std::uint64_t{0}};
  for (std::uint64_t span : spans) {
    if (span > static_cast<std::uint64_t>(std::numeric_limits<U>::max())) continue;
    const U128 s = U128{span} + 1;
    // Words x whose L = x s mod 2^w is 2^w - s (decided: the largest such L) and 2^w - s + g (not: the
    // smallest L above it that x s can reach, g = 2^a the power of two in s): x = (L / g) (s / g)^-1
    // mod 2^(w - a), and the same plus 2^(w - a).
    int a = 0;
    while ((s >> a & 1u) == 0) ++a;
    const std::uint64_t odd = static_cast<std::uint64_t>(s >> a);
    std::uint64_t inverse = odd;  // Newton's iteration doubles the correct low bits: 3, 6, ... 96
    for (int k = 0; k < 6; ++k) inverse *= 2 - odd * inverse;
    std::vector<W> words;
    for (const U128 target : {two_w - s, two_w - s + (U128{1} << a)}) {
      if (s > two_w) break;  // a range wider than the engine's bits: never decided by them
      const U128 modulus = two_w >> a;
      const U128 x = ((target >> a) % modulus) * inverse % modulus;
      words.push_back(static_cast<W>(x));
      words.push_back(static_cast<W>(x + modulus));
    }
    words.push_back(~W{0});
    std::mt19937_64 g(span);
    for (int k = 0; k < 64; ++k) words.push_back(static_cast<W>(g()));
    const T lo = static_cast<T>(-3), hi = static_cast<T>(static_cast<U>(static_cast<U>(lo) + static_cast<U>(span)));
    for (W x : words) {
      const U128 low = (U128{x} * s) % two_w;
      std::uint64_t offset = 0;
      const bool decided = cd::uniform_int_detail::decided_by_raw(E::bits(x), span, offset);
      ASSERT_EQ(decided, low + s <= two_w) << what << " span " << span << " word " << +x;
      for (W other : {W{0}, static_cast<W>(0x5bd1e995u)}) {
        const auto v = uik<E, T>(lo, hi, x, other);
        ASSERT_EQ(v[0], (ref_keyed_value<E, T>(lo, hi, x, other, 0))) << what << " span " << span << " word " << +x;
        const auto v1 = uik<E, T>(lo, hi, other, x);
        ASSERT_EQ(v1[1], (ref_keyed_value<E, T>(lo, hi, other, x, 1))) << what << " span " << span << " word " << +x;
        if (decided) ASSERT_EQ(static_cast<U>(static_cast<U>(v[0]) - static_cast<U>(lo)), static_cast<U>(offset));
      }
    }
  }
}

TEST(UniformIntKeyed, EngineBitsDecideAllButTheEdge) {
  check_decision_edge<F32, std::int32_t>("32-bit engine, int32");
  check_decision_edge<F32, std::uint64_t>("32-bit engine, uint64");
  check_decision_edge<F64, std::int64_t>("64-bit engine, int64");
  // A range wider than the engine's bits is never decided by them alone.
  std::uint64_t offset = 0;
  EXPECT_FALSE(cd::uniform_int_detail::decided_by_raw(std::uint32_t{0}, std::uint64_t{1} << 32, offset));
  // The full 64-bit range on a 64-bit engine: the engine's word itself.
  EXPECT_TRUE(cd::uniform_int_detail::decided_by_raw(std::uint64_t{0x0123456789abcdefu}, ~std::uint64_t{0}, offset));
  EXPECT_EQ(offset, 0x0123456789abcdefu);
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

TEST(UniformIntKeyed, FitSmallRanges) {
  EXPECT_GT(chi2_equiprobable<std::int32_t>(t::sample<P32>(cd::UniformIntKeyed<P32, std::int32_t>{1, 6}, kN, 40), 1, 6),
            kAlpha);
  EXPECT_GT(chi2_equiprobable<std::uint64_t>(t::sample<P32>(cd::UniformIntKeyed<P32, std::uint64_t>{0, 999}, kN, 41), 0,
                                             1000),
            kAlpha);
  EXPECT_GT(chi2_equiprobable<std::int64_t>(t::sample<Mrg>(cd::UniformIntKeyed<Mrg, std::int64_t>{-50, 49}, kN, 42), -50,
                                            100),
            kAlpha);
  EXPECT_GT(chi2_equiprobable<std::int64_t>(t::sample<P64>(cd::UniformIntKeyed<P64, std::int64_t>{-3, 3}, kN, 43), -3, 7),
            kAlpha);
  for (auto v : t::sample<Mrg>(cd::UniformIntKeyed<Mrg, std::int64_t>{-9, -9}, 1000, 44)) ASSERT_EQ(v, -9);
}

// p-values of the top byte, the byte across bits 28..35 and the low byte of full-range 64-bit values
// (all equiprobable exactly when the values are uniform): the smallest of the three.
template <class T>
double min_p_bytes(const std::vector<T>& v) {
  std::vector<double> top(256, 0.0), mid(256, 0.0), low(256, 0.0);
  for (auto x : v) {
    const auto u = static_cast<std::uint64_t>(x);
    top[u >> 56] += 1;
    mid[(u >> 28) & 255u] += 1;  // across the join of the engine's word and the keyed word on 32-bit engines
    low[u & 255u] += 1;
  }
  const std::vector<double> p(256, 1.0 / 256);
  return std::min({t::chi2_counts(top, p), t::chi2_counts(mid, p), t::chi2_counts(low, p)});
}

TEST(UniformInt, FitFullRanges) {
  // Full 64-bit range on a 64-bit engine (exact: the word itself shifted by lo).
  const std::int64_t mn = std::numeric_limits<std::int64_t>::min(), mx = std::numeric_limits<std::int64_t>::max();
  EXPECT_GT(min_p_bytes(t::sample<P64>(cd::UniformInt<P64, std::int64_t>{mn, mx}, kN, 6)), kAlpha);
}

TEST(UniformIntKeyed, FitFullRanges) {
  // Full 64-bit range from 32-bit engines: the engine's word on top, a keyed word below.
  const std::int64_t mn = std::numeric_limits<std::int64_t>::min(), mx = std::numeric_limits<std::int64_t>::max();
  EXPECT_GT(min_p_bytes(t::sample<P32>(cd::UniformIntKeyed<P32, std::uint64_t>{0, ~std::uint64_t{0}}, kN, 7)), kAlpha);
  EXPECT_GT(min_p_bytes(t::sample<Mrg>(cd::UniformIntKeyed<Mrg, std::int64_t>{mn, mx}, kN, 45)), kAlpha);
  EXPECT_GT(min_p_bytes(t::sample<P64>(cd::UniformIntKeyed<P64, std::int64_t>{mn, mx}, kN, 46)), kAlpha);
}

// The hardest ranges, s = 3 * 2^30 and 3 * 2^62: one raw per value (B = 32 resp. 64) fails, as
// uniform_int.hpp states, and UniformIntKeyed's B = width(T) + 32 passes on every engine. The
// failures are also the test's power shown.
TEST(UniformIntKeyed, FitLargeRanges) {
  const std::uint32_t hi32 = 3u * (1u << 30) - 1u;
  EXPECT_GT(chi2_three_quarter<std::uint32_t>(t::sample<P32>(cd::UniformIntKeyed<P32, std::uint32_t>{0, hi32}, kN, 8), 0),
            kAlpha);
  EXPECT_GT(chi2_three_quarter<std::uint32_t>(t::sample<Mrg>(cd::UniformIntKeyed<Mrg, std::uint32_t>{0, hi32}, kN, 47), 0),
            kAlpha);
  EXPECT_GT(chi2_three_quarter<std::uint32_t>(t::sample<P64>(cd::UniformIntKeyed<P64, std::uint32_t>{0, hi32}, kN, 9), 0),
            kAlpha);
  EXPECT_LT(chi2_three_quarter<std::uint32_t>(t::sample<P32>(cd::UniformInt<P32, std::uint32_t>{0, hi32}, kN, 10), 0), 1e-12);
  EXPECT_LT(chi2_three_quarter<std::uint32_t>(t::sample<Mrg>(cd::UniformInt<Mrg, std::uint32_t>{0, hi32}, kN, 48), 0), 1e-12);

  const std::int64_t lo64 = std::numeric_limits<std::int64_t>::min();
  const std::int64_t hi64 = 0x3fffffffffffffff;  // lo64 + 3 * 2^62 - 1
  EXPECT_GT(chi2_three_quarter<std::int64_t>(t::sample<P64>(cd::UniformIntKeyed<P64, std::int64_t>{lo64, hi64}, kN, 11), lo64),
            kAlpha);
  EXPECT_GT(chi2_three_quarter<std::int64_t>(t::sample<Mrg>(cd::UniformIntKeyed<Mrg, std::int64_t>{lo64, hi64}, kN, 12), lo64),
            kAlpha);
  EXPECT_GT(chi2_three_quarter<std::int64_t>(t::sample<P32>(cd::UniformIntKeyed<P32, std::int64_t>{lo64, hi64}, kN, 49), lo64),
            kAlpha);
  EXPECT_LT(chi2_three_quarter<std::int64_t>(t::sample<P64>(cd::UniformInt<P64, std::int64_t>{lo64, hi64}, kN, 13), lo64), 1e-12);
}

// p-value of the 2D chi-square of (offset of value 2k mod 6, offset of value 2k+1 mod 6) over the
// pairs of v: 36 cells, equiprobable when the two values of a pair are independent and uniform
// (up to s mod 6 / s, at most 2^-29 for the ranges used).
template <class T>
double chi2_pair_mod6(const std::vector<T>& v, T lo) {
  std::vector<double> count(36, 0.0);
  auto off = [lo](T x) { return (static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(lo)) % 6; };
  for (std::size_t i = 0; i + 1 < v.size(); i += 2) count[static_cast<std::size_t>(off(v[i]) * 6 + off(v[i + 1]))] += 1;
  return t::chi2_counts(count, std::vector<double>(36, 1.0 / 36));
}

// The full uint64 range on a 32-bit engine with slot 0 for both values of the pair: the two share
// their keyed words, so their low 32 bits are equal.
struct SharedSlot {
  using value_type = std::uint64_t;
  static constexpr int arity = 2;
  void operator()(const std::uint32_t* r, std::uint64_t* out) const {
    for (unsigned j = 0; j < 2; ++j) {
      cd::KeyedDraws draws(r[0], r[1], 0.0, cd::DrawTag::uniform_int, 0);
      out[j] = (static_cast<std::uint64_t>(P32::bits(r[j])) << 32) | (draws.next_bits() >> 32);
    }
  }
};

TEST(UniformIntKeyed, PairValuesAreIndependent) {
  const std::uint64_t umx = ~std::uint64_t{0};
  const std::int64_t lo64 = std::numeric_limits<std::int64_t>::min(), hi64 = 0x3fffffffffffffff;
  EXPECT_GT(chi2_pair_mod6<std::int32_t>(t::sample<P32>(cd::UniformIntKeyed<P32, std::int32_t>{1, 6}, kN, 50), 1), kAlpha);
  EXPECT_GT(chi2_pair_mod6<std::uint32_t>(
                t::sample<P32>(cd::UniformIntKeyed<P32, std::uint32_t>{0, 3u * (1u << 30) - 1u}, kN, 51), 0),
            kAlpha);
  EXPECT_GT(chi2_pair_mod6<std::uint64_t>(t::sample<P32>(cd::UniformIntKeyed<P32, std::uint64_t>{0, umx}, kN, 52), 0),
            kAlpha);
  EXPECT_GT(chi2_pair_mod6<std::int64_t>(t::sample<Mrg>(cd::UniformIntKeyed<Mrg, std::int64_t>{lo64, hi64}, kN, 53), lo64),
            kAlpha);
  EXPECT_GT(chi2_pair_mod6<std::int64_t>(t::sample<P64>(cd::UniformIntKeyed<P64, std::int64_t>{lo64, hi64}, kN, 54), lo64),
            kAlpha);
  // Power: a shared slot makes the two values' parities equal, half the cells empty.
  const auto shared = t::sample<P32>(SharedSlot{}, kN, 55);
  EXPECT_LT(chi2_pair_mod6<std::uint64_t>(shared, 0), 1e-12);
  // ... while each value alone is still uniform mod 6.
  std::vector<double> alone(6, 0.0);
  for (auto x : shared) alone[x % 6] += 1;
  EXPECT_GT(t::chi2_counts(alone, std::vector<double>(6, 1.0 / 6)), kAlpha);
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
  EXPECT_NE((cd::UniformIntKeyed<P32, std::uint64_t>::check(1, 0)), nullptr);
  EXPECT_EQ((cd::UniformIntKeyed<Mrg, std::int64_t>::check(-1, -1)), nullptr);
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
  g.inv_log1m_p = 1.0 / g.log1m_p;
  EXPECT_LT(chi2_geometric(t::sample<P64>(g, kN / 2, 35), 0.01), kAlpha);
}

// The definition's value: the correctly rounded division, then ceil, then max(1, .).
template <class I>
I geo_by_division(double p, double u) {
  const auto g = cd::Geometric<t::FakeUniform, I>::make(p);
  const I k = cd::ceil_saturated<I>(gpurng::core::ieee::div(gpurng::core::elementary::log(u), g.log1m_p));
  return k == I(0) ? I(1) : k;
}

// The value comes from a product with 1 / log(1 - p) wherever that decides it, from the division
// elsewhere: the same values as the division everywhere. Random uniforms over every p range (p = 1,
// subnormal log(1 - p), a reciprocal that overflows), and uniforms whose ratio lies within a few ulp
// of an integer, where the product alone is wrong (counted: the test must meet such cases).
template <class I>
void product_agrees_with_division() {
  std::mt19937_64 g64(12345);
  const auto next_u = [&g64] { return (static_cast<double>(g64() >> 11) + 1.0) * 0x1p-53; };  // (0, 1]
  const double ps[] = {1.0, 0.5, 0.3, 0.999999, 1e-3, 1e-9, 1e-15, 0x1p-34, 1e-300, 2.2e-308, 1e-309, 4.9e-324};
  for (double p : ps) {
    for (int i = 0; i < 100000; ++i) {
      const double u = next_u();
      ASSERT_EQ(geo<I>(p, u), geo_by_division<I>(p, u)) << "p=" << p << " u=" << u;
    }
    ASSERT_EQ(geo<I>(p, 1.0), geo_by_division<I>(p, 1.0)) << p;
    ASSERT_EQ(geo<I>(p, 0x1p-53), geo_by_division<I>(p, 0x1p-53)) << p;
  }
  int product_alone_wrong = 0;
  for (double p : {0.5, 0.3, 0.01, 1e-6, 1e-12}) {
    const auto g = cd::Geometric<t::FakeUniform, I>::make(p);
    const long double l = std::log1p(-static_cast<long double>(p));
    for (long double m : {1.0L, 2.0L, 3.0L, 7.0L, 100.0L, 12345.0L, 1048576.0L, 4294967295.0L, 4294967296.0L, 1e12L}) {
      const double u0 = static_cast<double>(std::exp(m * l));  // log(u0) / log(1 - p) near m
      if (!(u0 >= 0x1p-53)) continue;
      double u = u0;
      for (int k = 0; k < 64; ++k) u = std::nextafter(u, 0.0);
      for (int k = 0; k < 128; ++k, u = std::nextafter(u, 2.0)) {
        ASSERT_EQ(geo<I>(p, u), geo_by_division<I>(p, u)) << "p=" << p << " m=" << static_cast<double>(m) << " u=" << u;
        const double q1 = gpurng::core::elementary::log(u) * g.inv_log1m_p;
        const I naive = cd::ceil_saturated<I>(q1);
        product_alone_wrong += (naive == I(0) ? I(1) : naive) != geo_by_division<I>(p, u);
      }
    }
  }
  EXPECT_GT(product_alone_wrong, 0);
}

TEST(Geometric, ProductDecidesOnlyWhatTheDivisionWould) {
  product_agrees_with_division<std::uint64_t>();
  product_agrees_with_division<std::uint32_t>();
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
