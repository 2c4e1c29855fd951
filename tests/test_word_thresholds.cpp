// The thresholds of 32-bit words (core/dist/word_thresholds.hpp): S(d) is the last word whose double
// uniform is at most d, for each kind of conversion the engines of 32-bit words use; the conversions
// never decrease (what makes the thresholds' search the doubles' search); the guide over thresholds
// finds the first threshold not below a word.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "gpurng/core/dist/word_thresholds.hpp"
#include "gpurng/core/engines/curand_host.hpp"
#include "gpurng/core/engines/mrg32k3a.hpp"
#include "gpurng/core/engines/mt19937.hpp"
#include "gpurng/core/engines/philox.hpp"

namespace core = gpurng::core;
namespace dist = gpurng::core::dist;

namespace {

constexpr std::int64_t kMaxWord = 0xffffffffLL;

template <class E>
double u_of(std::int64_t x) {
  return E::uniform_double(static_cast<std::uint32_t>(x));
}

// S is the answer for d: u(S) <= d < u(S + 1), or u(0) > d for S = -1 (also for NaN).
template <class E>
void expect_threshold(double d) {
  const std::int64_t s = dist::word_threshold<E>(d);
  ASSERT_GE(s, -1);
  ASSERT_LE(s, kMaxWord);
  if (s >= 0) ASSERT_LE(u_of<E>(s), d) << "d " << d << ", S " << s;
  if (s < kMaxWord) ASSERT_FALSE(u_of<E>(s + 1) <= d) << "d " << d << ", S " << s;
}

template <class E>
void check_conversion(const char* name) {
  SCOPED_TRACE(name);
  static_assert(dist::kWordKeyed<E>, "an engine of 32-bit words");
  std::mt19937_64 rng(11);
  // Never decreasing: random pairs, neighbours, both ends.
  for (int i = 0; i < 1 << 18; ++i) {
    const std::int64_t a = static_cast<std::int64_t>(rng() >> 32), b = static_cast<std::int64_t>(rng() >> 32);
    ASSERT_LE(u_of<E>(std::min(a, b)), u_of<E>(std::max(a, b)));
    if (a < kMaxWord) ASSERT_LE(u_of<E>(a), u_of<E>(a + 1));
  }
  ASSERT_LE(u_of<E>(0), u_of<E>(1));
  ASSERT_LE(u_of<E>(kMaxWord - 1), u_of<E>(kMaxWord));
  // Thresholds: at every kind of d.
  std::vector<double> ds = {0.0, -1.0, 1.0, 2.0, std::numeric_limits<double>::quiet_NaN(), 1e-300, 0.5,
                            u_of<E>(0), u_of<E>(kMaxWord), std::nextafter(u_of<E>(0), 0.0),
                            std::nextafter(u_of<E>(kMaxWord), 0.0), std::nextafter(u_of<E>(kMaxWord), 2.0)};
  for (int i = 0; i < 20000; ++i) {
    const double u = u_of<E>(static_cast<std::int64_t>(rng() >> 32));
    ds.insert(ds.end(), {u, std::nextafter(u, 0.0), std::nextafter(u, 2.0), std::ldexp(static_cast<double>(rng() >> 11), -53)});
  }
  for (double d : ds) expect_threshold<E>(d);
  EXPECT_EQ(dist::word_threshold<E>(std::numeric_limits<double>::quiet_NaN()), -1);
  EXPECT_EQ(dist::word_threshold<E>(2.0), kMaxWord);
  EXPECT_EQ(dist::word_threshold<E>(-1.0), -1);
}

TEST(WordThresholds, AreTheLastWordAtMostTheSum) {
  check_conversion<core::philox::Traits4x32_10>("(x + 1/2) 2^-32: philox4x32-10 and the other 32-bit engines");
  check_conversion<core::mt19937::Engine32>("(x + 1) 2^-32: mt19937");
  check_conversion<core::curand_host::PhiloxTraits>("(x + 1) 2^-32, rounded product: philox4x32-10-curand");
  check_conversion<core::mrg32k3a::Engine>("x times 1/(m1 + 1), rounded: mrg32k3a");
}

// The engines of 64-bit words or of word pairs keep the doubles' search.
TEST(WordThresholds, OnlyEnginesOfOneThirtyTwoBitWord) {
  EXPECT_FALSE(dist::kWordKeyed<core::philox::Traits4x64_10>);
  EXPECT_TRUE(dist::kWordKeyed<core::philox::Traits4x32_10>);
  EXPECT_TRUE(dist::kWordKeyed<core::mrg32k3a::Engine>);
}

// The guide over thresholds: the first i with x <= s[i], for runs of equal thresholds, crowded and
// empty buckets, leading -1 entries (`from`), any split between threads, and x at every threshold,
// its neighbours and the buckets' edges.
TEST(WordThresholds, GuideFindsTheFirstThresholdNotBelowTheWord) {
  std::mt19937_64 rng(29);
  for (int trial = 0; trial < 40; ++trial) {
    const int n = 1 + static_cast<int>(rng() % 3000);
    const int log2 = 4 + static_cast<int>(rng() % 8);
    const int from = trial % 4 == 0 ? static_cast<int>(rng() % std::min(n, 5)) : 0;
    std::vector<std::uint32_t> s(n, 0u);
    std::uint64_t c = 0;
    for (int i = from; i < n; ++i) {
      const int kind = static_cast<int>(rng() % 8);
      if (kind == 0) c += (rng() >> 40);                     // a jump
      if (kind >= 2) c += (rng() >> 32) / (4u * n);          // kind 1: a tie
      s[i] = static_cast<std::uint32_t>(std::min<std::uint64_t>(c, 0xfffffffeu));
    }
    s[n - 1] = trial % 2 == 0 ? 0xffffffffu : s[n - 1];  // above every word, or not
    for (int threads : {1, 7, 128, 5000}) {
      std::vector<std::uint32_t> guide(std::size_t{1} << log2, 0xdeadbeefu);
      for (int th = 0; th < threads; ++th) dist::threshold_guide_build(s.data(), from, n, log2, guide.data(), th, threads);
      for (std::uint32_t g : guide) {
        ASSERT_LE(g & 0xffffu, g >> 16) << "a guide word left unbuilt or crossed";
        ASSERT_LT(g >> 16, static_cast<std::uint32_t>(n));
        ASSERT_GE(static_cast<int>(g & 0xffffu), std::min(from, n - 1));
      }
      std::vector<std::int64_t> xs = {0, kMaxWord};
      for (int i = from; i < n; ++i) xs.insert(xs.end(), {std::int64_t{s[i]} - 1, std::int64_t{s[i]}, std::int64_t{s[i]} + 1});
      for (std::int64_t j = 0; j <= (std::int64_t{1} << log2); ++j) {
        const std::int64_t e = j << (32 - log2);
        xs.insert(xs.end(), {e - 1, e, e + 1});
      }
      for (int i = 0; i < 200; ++i) xs.push_back(static_cast<std::int64_t>(rng() >> 32));
      for (std::int64_t x : xs) {
        if (x < 0 || x > kMaxWord || x > s[n - 1]) continue;
        const auto w = static_cast<std::uint32_t>(x);
        const int want = static_cast<int>(std::lower_bound(s.begin() + from, s.end(), w) - s.begin());
        ASSERT_EQ(dist::threshold_search(s.data(), guide.data(), log2, w), want)
            << "n " << n << ", from " << from << ", 2^" << log2 << " buckets, " << threads << " threads, x " << x;
      }
    }
  }
}

}  // namespace
