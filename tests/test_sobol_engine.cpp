// Sobol' (CPU backend): known answers from Joe-Kuo/scipy/cuRAND-checked tables and from an
// independent slow implementation, the net properties of the points (plain and scrambled), the
// layout, offsets and successive calls, conversions, state files, and every bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "gpurng/core/engines/sobol.hpp"
#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"
#include "sobol_reference.hpp"
#include "test_support.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Scramble;
using gpurng::Status;
using gpurng::test::read_csv;
using gpurng::test::SlowSobol;
using gpurng::test::to_u64;

namespace {

constexpr std::uint32_t kAllDims = 21201;

Generator sobol(Engine e, std::uint32_t dims, Scramble s = Scramble::none, std::uint64_t seed = 0) {
  Generator g(e, Backend::cpu);
  g.seed(seed);
  g.dimensions(dims);
  g.scramble(s);
  return g;
}

// Raw words of points [offset, offset + points) of `dims` dimensions, dimension-major.
template <class U>
std::vector<U> words(std::uint32_t dims, std::uint64_t offset, std::uint64_t points, Scramble s = Scramble::none,
                     std::uint64_t seed = 0, unsigned threads = 0) {
  Generator g = sobol(sizeof(U) == 4 ? Engine::sobol32 : Engine::sobol64, dims, s, seed);
  g.cpu_threads(threads);
  g.offset(offset);
  std::vector<U> out(points * dims);
  g.generate_bits(out.data(), out.size());
  EXPECT_EQ(g.offset(), offset + points);
  return out;
}

Status status_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.status();
  }
  return Status::success;
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

// ----- known answers ----------------------------------------------------------------------------

TEST(SobolKnownAnswers, DirectionNumbersMatchTheJoeKuoSample) {
  // 32-bit direction integers of dimensions 1-256, every 97th after that and the last (reference
  // data; equal to cuRAND's CURAND_DIRECTION_VECTORS_32_JOEKUO6).
  const auto csv = read_csv("sobol/sobol_joekuo6_direction_integers_32bit_sample.csv");
  ASSERT_EQ(csv.rows.size(), 473u);
  const SlowSobol slow(kAllDims);
  for (const auto& row : csv.rows) {
    const std::uint32_t dim = static_cast<std::uint32_t>(to_u64(row.at("dim"))) - 1;
    for (unsigned k = 1; k <= 32; ++k) {
      const std::uint64_t want = to_u64(row.at("v" + std::to_string(k)));
      ASSERT_EQ(slow.m(dim, k) << (32 - k), want) << "slow reference, dim " << dim << " v" << k;
    }
  }
}

TEST(SobolKnownAnswers, First1024PointsOf32Dimensions) {
  const auto csv = read_csv("sobol/sobol_joekuo6_points_gray_32dims_1024pts.csv");
  ASSERT_EQ(csv.rows.size(), 1024u);
  const auto got = words<std::uint32_t>(32, 0, 1024);
  for (std::size_t n = 0; n < 1024; ++n) {
    for (std::uint32_t d = 0; d < 32; ++d) {
      ASSERT_EQ(got[d * 1024 + n], to_u64(csv.rows[n].at("dim" + std::to_string(d + 1)))) << "point " << n << " dim " << d;
    }
  }
}

TEST(SobolKnownAnswers, Points1To15OfAll21201Dimensions) {
  const auto csv = read_csv("sobol/sobol_joekuo6_points_gray_alldims_pts1to15.csv");
  ASSERT_EQ(csv.rows.size(), kAllDims);
  const auto got32 = words<std::uint32_t>(kAllDims, 1, 15);
  const auto got64 = words<std::uint64_t>(kAllDims, 1, 15);
  for (std::uint32_t d = 0; d < kAllDims; ++d) {
    for (unsigned p = 1; p <= 15; ++p) {
      const std::uint64_t want = to_u64(csv.rows[d].at("p" + std::to_string(p)));
      ASSERT_EQ(got32[d * 15 + (p - 1)], want) << "sobol32 dim " << d << " point " << p;
      ASSERT_EQ(got64[d * 15 + (p - 1)], want << 32) << "sobol64 dim " << d << " point " << p;
    }
  }
}

TEST(SobolKnownAnswers, SlowReferenceAgreesAtScatteredIndicesAndDimensions) {
  const SlowSobol slow(kAllDims);
  std::mt19937_64 rng(11);
  const std::uint32_t dims_list[] = {1, 2, 3, 7, 40, 1111, 21201};
  for (std::uint32_t dims : dims_list) {
    for (int trial = 0; trial < 3; ++trial) {
      const std::uint64_t points = 1 + rng() % 37;
      const std::uint64_t off32 = rng() % ((1ull << 32) - points + 1);
      const std::uint64_t off64 = trial == 0 ? ~0ull - 1 - points : rng() >> (rng() % 64);
      const auto g32 = words<std::uint32_t>(dims, off32, points);
      const auto g64 = words<std::uint64_t>(dims, off64, points);
      for (std::uint32_t d = 0; d < dims; d += 1 + dims / 50) {
        for (std::uint64_t i = 0; i < points; ++i) {
          ASSERT_EQ(g32[d * points + i], slow.point(d, off32 + i, 32)) << "sobol32 dims " << dims << " d " << d << " n " << off32 + i;
          ASSERT_EQ(g64[d * points + i], slow.point(d, off64 + i, 64)) << "sobol64 dims " << dims << " d " << d << " n " << off64 + i;
        }
      }
    }
  }
}

TEST(SobolKnownAnswers, LastPointsOfTheSequence) {
  const SlowSobol slow(5);
  const auto last32 = words<std::uint32_t>(5, (1ull << 32) - 3, 3);
  for (std::uint32_t d = 0; d < 5; ++d) {
    for (unsigned i = 0; i < 3; ++i) EXPECT_EQ(last32[d * 3 + i], slow.point(d, (1ull << 32) - 3 + i, 32));
  }
  const auto last64 = words<std::uint64_t>(5, ~0ull - 3, 3);  // points 2^64-4 .. 2^64-2
  for (std::uint32_t d = 0; d < 5; ++d) {
    for (unsigned i = 0; i < 3; ++i) EXPECT_EQ(last64[d * 3 + i], slow.point(d, ~0ull - 3 + i, 64));
  }
}

// ----- core formulas --------------------------------------------------------------------------------

TEST(SobolCore, JumpsStepsAndStridesAgree) {
  namespace cs = gpurng::core::sobol;
  const SlowSobol slow(300);
  std::mt19937_64 rng(3);
  for (std::uint32_t d : {0u, 1u, 2u, 17u, 299u}) {
    std::uint64_t v[64];
    // The library's table entry for d, checked against the slow m_k.
    std::vector<std::uint64_t> ref(64);
    for (unsigned k = 0; k < 64; ++k) ref[k] = slow.m(d, k + 1) << (63 - k);
    Generator g = sobol(Engine::sobol64, 1);  // (the table is internal; rebuild v from the slow m_k)
    for (unsigned k = 0; k < 64; ++k) v[k] = ref[k];
    for (int trial = 0; trial < 200; ++trial) {
      const std::uint64_t n = rng() >> (rng() % 64);
      const std::uint64_t y = cs::point(v, n);
      ASSERT_EQ(y, slow.point(d, n, 64));
      if (n + 1 <= cs::kLastIndex<std::uint64_t>) ASSERT_EQ(cs::next(v, y, n), slow.point(d, n + 1, 64));
      for (unsigned q = 1; q < 40; ++q) {
        const std::uint64_t step = std::uint64_t{1} << q;
        if (n > cs::kLastIndex<std::uint64_t> - step) break;
        ASSERT_EQ(cs::stride(v, v[q - 1], y, n, step - 1), slow.point(d, n + step, 64)) << "q " << q << " n " << n;
      }
    }
  }
}

TEST(SobolCore, UniformConversionsAreExactMidpointsInsideTheUnitInterval) {
  namespace cs = gpurng::core::sobol;
  for (std::uint32_t y : {0u, 1u, 511u, 512u, 0x80000000u, 0xfffffdffu, 0xfffffe00u, 0xffffffffu}) {
    const float f = cs::to_uniform_float(y);
    EXPECT_EQ(static_cast<double>(f), (2.0 * (y >> 9) + 1) * 0x1p-24);
    EXPECT_GT(f, 0.0f);
    EXPECT_LT(f, 1.0f);
    EXPECT_EQ(1.0f - (1.0f - f), f) << "1 - u is exact";
    const double d = cs::to_uniform_double(y);
    EXPECT_EQ(d, (2.0 * y + 1) * 0x1p-33);
    EXPECT_LT(d, 1.0);
  }
  for (std::uint64_t y : {0ull, 4095ull, 4096ull, ~0ull - 4095, ~0ull}) {
    const double d = cs::to_uniform_double(y);
    EXPECT_EQ(d, (2.0 * static_cast<double>(y >> 12) + 1) * 0x1p-53);
    EXPECT_GT(d, 0.0);
    EXPECT_LT(d, 1.0);
    EXPECT_EQ(1.0 - (1.0 - d), d);
    EXPECT_EQ(cs::to_uniform_float(y), cs::to_uniform_float(static_cast<std::uint32_t>(y >> 32)));
  }
  EXPECT_EQ(cs::to_uniform_float(0u), 0x1p-24f);
  EXPECT_EQ(cs::to_uniform_float(0xffffffffu), 1.0f - 0x1p-24f);
  EXPECT_EQ(cs::to_uniform_double(std::uint64_t{~0ull}), 1.0 - 0x1p-53);
}

TEST(SobolCore, OwenScrambleIsNested) {
  // Two words that agree in their top b bits still agree there after the scramble, and the
  // scramble is a bijection on each level: checked on all 2^16 prefixes of 16 bits.
  namespace cs = gpurng::core::sobol;
  std::mt19937_64 rng(5);
  for (int key = 0; key < 4; ++key) {
    const std::uint32_t k0 = static_cast<std::uint32_t>(rng()), k1 = static_cast<std::uint32_t>(rng());
    std::vector<bool> seen(1u << 16);
    for (std::uint32_t p = 0; p < (1u << 16); ++p) {
      const std::uint32_t a = cs::owen_scramble(p << 16, k0, k1);
      const std::uint32_t b = cs::owen_scramble((p << 16) | static_cast<std::uint32_t>(rng() & 0xffffu), k0, k1);
      ASSERT_EQ(a >> 16, b >> 16);
      ASSERT_FALSE(seen[a >> 16]);
      seen[a >> 16] = true;
    }
    const std::uint64_t K0 = rng(), K1 = rng();
    for (int i = 0; i < 10000; ++i) {
      const std::uint64_t x = rng();
      const unsigned keep = static_cast<unsigned>(rng() % 64);
      const std::uint64_t noise = keep == 0 ? rng() : rng() >> keep;  // changes the low 64-keep bits
      const std::uint64_t a = cs::owen_scramble(x, K0, K1), b = cs::owen_scramble(x ^ noise, K0, K1);
      if (keep > 0) ASSERT_EQ(a >> (64 - keep), b >> (64 - keep));
    }
  }
}

// ----- layout, offsets, successive calls ---------------------------------------------------------

TEST(SobolLayout, DimensionMajorOffsetInPointsAndSuccessiveCalls) {
  const SlowSobol slow(5);
  Generator g = sobol(Engine::sobol32, 5);
  g.offset(7);
  std::vector<std::uint32_t> a(5 * 3), b(5 * 4);
  g.generate_bits(a.data(), a.size());  // points 7..9
  EXPECT_EQ(g.offset(), 10u);
  g.generate_bits(b.data(), b.size());  // points 10..13
  EXPECT_EQ(g.offset(), 14u);
  for (std::uint32_t d = 0; d < 5; ++d) {
    for (unsigned i = 0; i < 3; ++i) EXPECT_EQ(a[d * 3 + i], slow.point(d, 7 + i, 32));
    for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(b[d * 4 + i], slow.point(d, 10 + i, 32));
  }
  // One call of 7 points holds the same coordinates, in one dimension-major block.
  const auto whole = words<std::uint32_t>(5, 7, 7);
  for (std::uint32_t d = 0; d < 5; ++d) {
    for (unsigned i = 0; i < 3; ++i) EXPECT_EQ(whole[d * 7 + i], a[d * 3 + i]);
    for (unsigned i = 0; i < 4; ++i) EXPECT_EQ(whole[d * 7 + 3 + i], b[d * 4 + i]);
  }
}

TEST(SobolLayout, ThreadCountNeverChangesValues) {
  for (Scramble s : {Scramble::none, Scramble::owen}) {
    const auto one = words<std::uint32_t>(3, 12345, 300001, s, 9, 1);
    for (unsigned threads : {2u, 3u, 8u, 0u}) EXPECT_EQ(words<std::uint32_t>(3, 12345, 300001, s, 9, threads), one);
    const auto one64 = words<std::uint64_t>(2, 99, 100003, s, 9, 1);
    EXPECT_EQ(words<std::uint64_t>(2, 99, 100003, s, 9, 5), one64);
  }
}

TEST(SobolLayout, EveryDistributionUsesTheCoordinateAtItsPosition) {
  // Uniform, normal, exponential, log-normal of (d, i) are functions of coordinate (d, i) alone.
  namespace cs = gpurng::core::sobol;
  Generator g = sobol(Engine::sobol32, 4, Scramble::digital_shift, 77);
  g.offset(1000);
  std::vector<std::uint32_t> y(4 * 50);
  g.generate_bits(y.data(), y.size());
  auto fresh = [] {
    Generator h = sobol(Engine::sobol32, 4, Scramble::digital_shift, 77);
    h.offset(1000);
    return h;
  };
  std::vector<float> uf(200), nf(200);
  std::vector<double> ud(200), ed(200), ld(200);
  Generator h1 = fresh();
  h1.generate_uniform(uf.data(), 200);
  Generator h2 = fresh();
  h2.generate_uniform(ud.data(), 200);
  Generator h3 = fresh();
  h3.generate_normal(nf.data(), 200, 1.0f, 2.0f);
  Generator h4 = fresh();
  h4.generate_exponential(ed.data(), 200, 2.0);
  Generator h5 = fresh();
  h5.generate_lognormal(ld.data(), 200, 0.0, 0.5);
  for (std::size_t k = 0; k < 200; ++k) {
    EXPECT_EQ(uf[k], cs::to_uniform_float(y[k]));
    EXPECT_EQ(ud[k], cs::to_uniform_double(y[k]));
    const double u = ud[k];
    // Each value inverts the CDF at its own coordinate (accuracy: test_inverse_normal.cpp).
    EXPECT_NEAR(0.5 * std::erfc(-(static_cast<double>(nf[k]) - 1.0) / (2.0 * std::sqrt(2.0))), static_cast<double>(uf[k]),
                2e-6 * std::max(1.0, std::fabs(static_cast<double>(nf[k]))));
    EXPECT_NEAR(ed[k], -std::log(u) / 2.0, 1e-14 * (1 + ed[k]));
    EXPECT_NEAR(0.5 * std::erfc(-std::log(ld[k]) / (0.5 * std::sqrt(2.0))), u, 1e-12);
  }
}

// ----- net properties -------------------------------------------------------------------------------

namespace {

// Streams points in order and checks, for every m <= max_m and every dimension, that the leading
// m bits of points 0 .. 2^m - 1 are all different: each dyadic interval [j/2^m, (j+1)/2^m) holds
// exactly one of the first 2^m points. One bitmap per (dimension, m).
template <class U>
class NetChecker {
 public:
  NetChecker(std::uint32_t dims, unsigned max_m) : max_m_(max_m), seen_(dims) {
    for (auto& levels : seen_) {
      levels.resize(max_m + 1);
      for (unsigned m = 1; m <= max_m; ++m) levels[m].assign(((std::size_t{1} << m) + 63) / 64, 0);
    }
  }
  // A dimension-major block of points n0 .. n0+count-1 of every dimension.
  void feed(const std::vector<U>& block, std::uint64_t n0, std::uint64_t count) {
    constexpr unsigned W = sizeof(U) * 8;
    for (std::size_t d = 0; d < seen_.size() && failure_.empty(); ++d) {
      for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint64_t n = n0 + i;
        unsigned m = 1;
        while (m <= max_m_ && n >= (std::uint64_t{1} << m)) ++m;  // n is among the first 2^m points
        const U y = block[d * count + i];
        for (; m <= max_m_; ++m) {
          const std::size_t cell = static_cast<std::size_t>(y >> (W - m));
          std::uint64_t& word = seen_[d][m][cell / 64];
          const std::uint64_t bit = std::uint64_t{1} << (cell % 64);
          if (word & bit) {
            failure_ = "dimension " + std::to_string(d) + ": two of the first 2^" + std::to_string(m) +
                       " points in interval " + std::to_string(cell);
            return;
          }
          word |= bit;
        }
      }
    }
  }
  const std::string& failure() const { return failure_; }

 private:
  unsigned max_m_;
  std::vector<std::vector<std::vector<std::uint64_t>>> seen_;
  std::string failure_;
};

// The first 2^max_m points of `dims` dimensions through a NetChecker, in calls of `chunk` points.
template <class U>
std::string net_failure(std::uint32_t dims, unsigned max_m, Scramble s, std::uint64_t seed, std::uint64_t chunk) {
  Generator g = sobol(sizeof(U) == 4 ? Engine::sobol32 : Engine::sobol64, dims, s, seed);
  NetChecker<U> check(dims, max_m);
  std::vector<U> block(chunk * dims);
  for (std::uint64_t n0 = 0; n0 < (std::uint64_t{1} << max_m); n0 += chunk) {
    g.generate_bits(block.data(), block.size());
    check.feed(block, n0, chunk);
  }
  return check.failure();
}

}  // namespace

TEST(SobolNets, EachOfTheFirst300DimensionsIsA0m1NetForEveryMUpTo20) {
  EXPECT_EQ(net_failure<std::uint32_t>(300, 20, Scramble::none, 0, 1u << 14), "");
}

TEST(SobolNets, All21201DimensionsAreNetsForEveryMUpTo12) {
  EXPECT_EQ(net_failure<std::uint32_t>(kAllDims, 12, Scramble::none, 0, 256), "");
}

TEST(SobolNets, SixtyFourBitAndScrambledPointsAreNetsToo) {
  for (Scramble s : {Scramble::none, Scramble::digital_shift, Scramble::owen}) {
    EXPECT_EQ(net_failure<std::uint32_t>(24, 20, s, 1234, 1u << 16), "") << "sobol32 scramble " << int(s);
    EXPECT_EQ(net_failure<std::uint64_t>(24, 20, s, 1234, 1u << 16), "") << "sobol64 scramble " << int(s);
  }
}

TEST(SobolNets, TwoDimensionalProjectionsHaveTheTValueOfTheirGeneratorMatrices) {
  // For each pair of the first 12 dimensions: t from the generator matrices (slow reference, GF(2)
  // ranks); then every elementary box [a/2^k1, (a+1)/2^k1) x [b/2^k2, (b+1)/2^k2) with
  // k1 + k2 = m - t holds exactly 2^t of the first 2^m points, and t is the smallest such value
  // (some box at k1 + k2 = m - t + 1 does not hold 2^(t-1)). Owen scrambling keeps every count.
  constexpr unsigned kM = 12;
  constexpr std::uint32_t kDims = 12;
  const SlowSobol slow(kDims);
  for (Scramble s : {Scramble::none, Scramble::owen}) {
    const auto pts = words<std::uint32_t>(kDims, 0, 1u << kM, s, 31);
    for (std::uint32_t d1 = 0; d1 < kDims; ++d1) {
      for (std::uint32_t d2 = d1 + 1; d2 < kDims; ++d2) {
        const unsigned t = gpurng::test::t_value_2d(slow, d1, d2, kM);
        if (d1 == 0 && d2 == 1) EXPECT_EQ(t, 0u) << "the first two dimensions form a (0, m, 2)-net";
        auto boxes_all_equal = [&](unsigned strength, unsigned expect) {
          for (unsigned k1 = 0; k1 <= strength; ++k1) {
            const unsigned k2 = strength - k1;
            std::vector<unsigned> count(std::size_t{1} << strength, 0);
            for (std::size_t n = 0; n < (1u << kM); ++n) {
              const std::uint32_t a = k1 == 0 ? 0 : pts[d1 * (1u << kM) + n] >> (32 - k1);
              const std::uint32_t b = k2 == 0 ? 0 : pts[d2 * (1u << kM) + n] >> (32 - k2);
              ++count[(std::size_t{a} << k2) | b];
            }
            for (unsigned c : count) {
              if (c != expect) return false;
            }
          }
          return true;
        };
        EXPECT_TRUE(boxes_all_equal(kM - t, 1u << t)) << "dims " << d1 << "," << d2 << " t " << t << " scramble " << int(s);
        if (t > 0) EXPECT_FALSE(boxes_all_equal(kM - t + 1, 1u << (t - 1))) << "dims " << d1 << "," << d2 << " t " << t;
      }
    }
  }
}

// ----- scrambling ----------------------------------------------------------------------------------

TEST(SobolScramble, ShiftIsAnXorWithAPerDimensionKeyAndSeedsMatter) {
  const auto plain = words<std::uint32_t>(8, 5, 100);
  const auto shifted = words<std::uint32_t>(8, 5, 100, Scramble::digital_shift, 42);
  for (std::uint32_t d = 0; d < 8; ++d) {
    const std::uint32_t key = plain[d * 100] ^ shifted[d * 100];
    for (unsigned i = 0; i < 100; ++i) EXPECT_EQ(plain[d * 100 + i] ^ key, shifted[d * 100 + i]);
    if (d > 0) EXPECT_NE(key, plain[(d - 1) * 100] ^ shifted[(d - 1) * 100]) << "keys differ per dimension";
    EXPECT_EQ(key, gpurng::core::sobol::narrow_key<std::uint32_t>(gpurng::core::sobol::dimension_key(42, d, 1)));
  }
  EXPECT_NE(words<std::uint32_t>(8, 5, 100, Scramble::digital_shift, 43), shifted);
  EXPECT_NE(words<std::uint32_t>(8, 5, 100, Scramble::owen, 42), words<std::uint32_t>(8, 5, 100, Scramble::owen, 43));
  // The unscrambled sequence ignores the seed.
  EXPECT_EQ(words<std::uint32_t>(8, 5, 100, Scramble::none, 43), plain);
  // 64-bit shift: the same structure with 64-bit keys.
  const auto p64 = words<std::uint64_t>(3, 0, 10), s64 = words<std::uint64_t>(3, 0, 10, Scramble::digital_shift, 42);
  for (std::uint32_t d = 0; d < 3; ++d) {
    EXPECT_EQ(p64[d * 10] ^ s64[d * 10], gpurng::core::sobol::dimension_key(42, d, 1));
  }
}

TEST(SobolScramble, ScrambledCoordinatesAreUniformOverSeeds) {
  // A fixed point's scrambled coordinate, over 4000 seeds, is uniform on (0, 1) (KS, alpha 0.001),
  // for both scrambles; so is the Owen-scrambled point 0, which the shift maps to its key.
  for (Scramble s : {Scramble::digital_shift, Scramble::owen}) {
    for (std::uint64_t n : {0ull, 1ull, 12345ull}) {
      std::vector<double> u;
      for (std::uint64_t seed = 0; seed < 4000; ++seed) {
        Generator g = sobol(Engine::sobol64, 3, s, seed);
        g.offset(n);
        double x[3];
        g.generate_uniform(x, 3);
        u.push_back(x[2]);
      }
      std::sort(u.begin(), u.end());
      double dmax = 0;
      for (std::size_t i = 0; i < u.size(); ++i) {
        dmax = std::max({dmax, u[i] - double(i) / u.size(), double(i + 1) / u.size() - u[i]});
      }
      EXPECT_LT(dmax * std::sqrt(double(u.size())), 1.95) << "scramble " << int(s) << " point " << n;
    }
  }
}

// ----- state ----------------------------------------------------------------------------------------

TEST(SobolState, SaveAndRestoreContinueBitForBit) {
  Generator g = sobol(Engine::sobol64, 9, Scramble::owen, 555);
  g.offset(31);
  std::vector<double> skip(9 * 4);
  g.generate_uniform(skip.data(), skip.size());
  const auto bytes = g.state_bytes();
  std::vector<double> want(9 * 10), got(9 * 10);
  g.generate_uniform(want.data(), want.size());
  Generator h(Engine::sobol64, Backend::cpu);
  h.restore_state_bytes(bytes.data(), bytes.size());
  EXPECT_EQ(h.offset(), 35u);
  h.generate_uniform(got.data(), got.size());
  EXPECT_EQ(got, want);
  // A state of the other variant is refused.
  Generator wrong(Engine::sobol32, Backend::cpu);
  EXPECT_EQ(status_of([&] { wrong.restore_state_bytes(bytes.data(), bytes.size()); }), Status::corrupt_state);
}

// ----- bad input ------------------------------------------------------------------------------------

TEST(SobolBadInput, DimensionsOutOfRange) {
  for (Engine e : {Engine::sobol32, Engine::sobol64}) {
    Generator g(e, Backend::cpu);
    EXPECT_EQ(status_of([&] { g.dimensions(0); }), Status::invalid_argument);
    EXPECT_EQ(status_of([&] { g.dimensions(21202); }), Status::invalid_argument);
    EXPECT_NE(message_of([&] { g.dimensions(21202); }).find("[1, 21201]"), std::string::npos);
    g.dimensions(21201);  // the largest is fine
    std::vector<float> x(21201);
    g.generate_uniform(x.data(), x.size());
    EXPECT_EQ(g.offset(), 1u);
  }
}

TEST(SobolBadInput, CountNotAMultipleOfTheDimensions) {
  Generator g = sobol(Engine::sobol32, 3);
  g.offset(4);
  std::vector<float> x(10, -1.0f);
  EXPECT_EQ(status_of([&] { g.generate_uniform(x.data(), 10); }), Status::invalid_argument);
  EXPECT_NE(message_of([&] { g.generate_uniform(x.data(), 10); }).find("multiple of the 3 dimensions"), std::string::npos);
  EXPECT_EQ(g.offset(), 4u) << "a failed call leaves the generator unchanged";
}

TEST(SobolBadInput, OffsetPastTheEndOfTheSequence) {
  Generator g = sobol(Engine::sobol32, 2);
  EXPECT_EQ(status_of([&] { g.offset((1ull << 32) + 1); }), Status::invalid_argument);
  EXPECT_NE(message_of([&] { g.offset((1ull << 32) + 1); }).find("2^32"), std::string::npos);
  g.offset(1ull << 32);  // just past the last point: nothing left
  EXPECT_EQ(g.remaining(), 0u);
  std::uint32_t x[2];
  EXPECT_EQ(status_of([&] { g.generate_bits(x, 2); }), Status::invalid_argument);
  g.offset((1ull << 32) - 1);  // the last point
  EXPECT_EQ(g.remaining(), 2u);
  g.generate_bits(x, 2);
  EXPECT_EQ(status_of([&] { g.generate_bits(x, 2); }), Status::invalid_argument);
  EXPECT_EQ(g.offset(), 1ull << 32);

  Generator h = sobol(Engine::sobol64, 1);
  h.offset(~0ull);  // 2^64 - 1: past the last point 2^64 - 2
  EXPECT_EQ(h.remaining(), 0u);
  std::uint64_t y;
  EXPECT_EQ(status_of([&] { h.generate_bits(&y, 1); }), Status::invalid_argument);
}

TEST(SobolBadInput, CountsWhoseProductWithDimensionsOverflowAreRefusedNotWrapped) {
  // remaining() saturates at the largest multiple of D below 2^64 instead of wrapping; a count
  // beyond the points left is refused before anything is written.
  Generator g = sobol(Engine::sobol64, 21201);
  EXPECT_EQ(g.remaining(), (~0ull / 21201) * 21201);
  g.offset(~0ull - 2);  // 2 points left: 2^64 - 3 and 2^64 - 2
  EXPECT_EQ(g.remaining(), 2u * 21201);
  std::vector<std::uint64_t> x(3 * 21201);
  EXPECT_EQ(status_of([&] { g.generate_bits(x.data(), x.size()); }), Status::invalid_argument);
  Generator s = sobol(Engine::sobol32, 21201);
  EXPECT_EQ(s.remaining(), (1ull << 32) * 21201);
}

TEST(SobolBadInput, WrongWidthsOptionsAndSeeds) {
  Generator g32 = sobol(Engine::sobol32, 1), g64 = sobol(Engine::sobol64, 1);
  std::uint64_t w64[1];
  std::uint32_t w32[1];
  EXPECT_EQ(status_of([&] { g32.generate_bits(w64, 1); }), Status::unsupported);
  EXPECT_EQ(status_of([&] { g64.generate_bits(w32, 1); }), Status::unsupported);
  EXPECT_EQ(status_of([&] { g32.normal_method(gpurng::NormalMethod::box_muller); }), Status::unsupported);
  g32.normal_method(gpurng::NormalMethod::inverse_cdf);  // the method it uses
  EXPECT_EQ(status_of([&] { g32.scramble(static_cast<Scramble>(7)); }), Status::invalid_argument);
  EXPECT_EQ(status_of([&] { g32.seed_array({1, 2}); }), Status::unsupported);
  EXPECT_EQ(status_of([&] { g32.select_stream(1); }), Status::unsupported);
  EXPECT_EQ(status_of([&] { g32.streams(4); }), Status::unsupported);
  EXPECT_EQ(status_of([&] { g32.param_set(1); }), Status::unsupported);
}

TEST(SobolBadInput, OptionsResetTheOffsetButKeepTheSeed) {
  Generator g = sobol(Engine::sobol32, 2, Scramble::owen, 99);
  g.offset(50);
  g.dimensions(3);
  EXPECT_EQ(g.offset(), 0u);
  g.offset(50);
  g.scramble(Scramble::owen);
  EXPECT_EQ(g.offset(), 0u);
  std::vector<std::uint32_t> a(3 * 4);
  g.generate_bits(a.data(), a.size());
  EXPECT_EQ(a, words<std::uint32_t>(3, 0, 4, Scramble::owen, 99));
}

TEST(SobolCApi, CreateConfigureGenerateAndErrors) {
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_SOBOL32, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_dimensions(g, 0), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_set_dimensions(g, 21202), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("dimensions"), std::string::npos);
  ASSERT_EQ(gpurng_set_dimensions(g, 4), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_set_scramble(g, 2), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_scramble(g, 3), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_set_normal_method(g, 0), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_set_offset(g, (1ull << 32) + 1), GPURNG_STATUS_INVALID_ARGUMENT);
  float x[8];
  EXPECT_EQ(gpurng_generate_uniform(g, x, 7), GPURNG_STATUS_INVALID_ARGUMENT);
  ASSERT_EQ(gpurng_generate_uniform(g, x, 8), GPURNG_STATUS_SUCCESS);
  std::uint64_t off = 0;
  ASSERT_EQ(gpurng_get_offset(g, &off), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(off, 2u);
  gpurng_destroy(g);
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_SOBOL64, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  std::uint64_t b[2];
  ASSERT_EQ(gpurng_generate_bits64(g, b, 2), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(b[0], 0u);
  EXPECT_EQ(b[1], 1ull << 63);
  gpurng_destroy(g);
}
