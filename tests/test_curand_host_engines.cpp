// The cuRAND host-API engines on the CPU (issue 22): xorwow-curand, philox4x32-10-curand and
// mrg32k3a-curand against element-by-element known answers from gpurng's cuRAND device API and the
// host layouts measured on an H100 (curand_host_oracle.hpp), at the elements curand-seeding.md's
// measurements sampled, at offsets, and the sequence contract: one call == many calls, offsets,
// state round trips, bad input. tests/test_cuda_curand_host.cu holds the same engines against the
// CUDA backend and against cuRAND's own host API.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "curand_host_oracle.hpp"
#include "gpurng/gpurng.hpp"

namespace {

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
namespace oracle = gpurng::test::curand_host_oracle;

const std::uint64_t kSeeds[] = {1234, 0, 5489, 0x0123456789abcdefull};

// The elements curand-seeding.md section 6 checked on the H100, beyond 0..255.
const std::uint64_t kSampled[] = {1000, 4095, 4096, 65535, 65536, 262143, 1048575};

Generator cpu(Engine e, std::uint64_t seed) {
  Generator g(e, Backend::cpu);
  g.seed(seed);
  return g;
}

template <class T>
std::vector<T> values(Generator& g, std::size_t n) {
  std::vector<T> v(n);
  if constexpr (std::is_same_v<T, std::uint32_t>) {
    g.generate_bits(v.data(), n);
  } else {
    g.generate_uniform(v.data(), n);
  }
  return v;
}

template <class T>
std::uint64_t bits_of(T v) {
  if constexpr (sizeof(T) == 8) {
    std::uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  } else {
    std::uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  }
}

struct Case {
  Engine engine;
  const char* name;
  std::uint32_t (*bits)(std::uint64_t, std::uint64_t);
  float (*uniform)(std::uint64_t, std::uint64_t);
  double (*uniform_double)(std::uint64_t, std::uint64_t);
};

template <class O>
Case make_case(Engine e, const char* name) {
  return Case{e, name, &O::template at<std::uint32_t>, &O::template at<float>, &O::template at<double>};
}

const Case kCases[] = {
    make_case<oracle::Xorwow>(Engine::xorwow_curand, "xorwow-curand"),
    make_case<oracle::Philox>(Engine::philox4x32_10_curand, "philox4x32-10-curand"),
    make_case<oracle::Mrg32k3a>(Engine::mrg32k3a_curand, "mrg32k3a-curand"),
};

template <class T>
T expected(const Case& c, std::uint64_t seed, std::uint64_t n) {
  if constexpr (std::is_same_v<T, std::uint32_t>) {
    return c.bits(seed, n);
  } else if constexpr (std::is_same_v<T, float>) {
    return c.uniform(seed, n);
  } else {
    return c.uniform_double(seed, n);
  }
}

// Elements 0..255 and the sampled ones of a 2^20-value call at offset 0.
template <class T>
void check_known_answers(const Case& c) {
  constexpr std::size_t kN = std::size_t{1} << 20;
  for (std::uint64_t seed : kSeeds) {
    Generator g = cpu(c.engine, seed);
    const std::vector<T> v = values<T>(g, kN);
    std::vector<std::uint64_t> elements;
    for (std::uint64_t i = 0; i < 256; ++i) elements.push_back(i);
    for (std::uint64_t i : kSampled) elements.push_back(i);
    for (std::uint64_t n : elements) {
      ASSERT_EQ(bits_of(v[n]), bits_of(expected<T>(c, seed, n)))
          << c.name << " seed " << seed << " element " << n << " value " << v[n];
    }
  }
}

TEST(CurandHostEngines, BitsMatchTheCompatOracle) {
  for (const Case& c : kCases) check_known_answers<std::uint32_t>(c);
}
TEST(CurandHostEngines, UniformFloatsMatchTheCompatOracle) {
  for (const Case& c : kCases) check_known_answers<float>(c);
}
TEST(CurandHostEngines, UniformDoublesMatchTheCompatOracle) {
  for (const Case& c : kCases) check_known_answers<double>(c);
}

// Literal values, so that a change in the oracle itself shows too: XORWOW seed 0, element 0 is the
// first curand() of curand_init(0, 0, 0), 3179217846 (curand-seeding.md section 1, checked on the
// H100); Philox seed 0, elements 0..3 are the block of counter 0 and key 0 (section 3); MRG32k3a
// seed 0, element 0 is 545508615 (section 2).
TEST(CurandHostEngines, PublishedFirstValues) {
  std::uint32_t x[4];
  Generator a = cpu(Engine::xorwow_curand, 0);
  a.generate_bits(x, 1);
  EXPECT_EQ(x[0], 3179217846u);
  Generator p = cpu(Engine::philox4x32_10_curand, 0);
  p.generate_bits(x, 4);
  EXPECT_EQ(x[0], 0x6627e8d5u);
  EXPECT_EQ(x[1], 0xe169c58du);
  EXPECT_EQ(x[2], 0xbc57ac4cu);
  EXPECT_EQ(x[3], 0x9b00dbd8u);
  Generator m = cpu(Engine::mrg32k3a_curand, 0);
  m.generate_bits(x, 1);
  EXPECT_EQ(x[0], 545508615u);
}

// Value i at offset k is value k + i at offset 0, for offsets inside the first row of streams, across
// it, across Philox's 65536-block rounds, and far out.
template <class T>
void check_offsets(const Case& c) {
  const std::uint64_t kOffsets[] = {1,           3,           4095,        4097,         81919,
                                    81921,       262147,      1048575,     (std::uint64_t{1} << 40) + 7,
                                    std::uint64_t{1} << 62,   (std::uint64_t{1} << 63) + 12345};
  for (std::uint64_t k : kOffsets) {
    Generator g = cpu(c.engine, 5489);
    g.offset(k);
    const std::vector<T> v = values<T>(g, 300);
    for (std::uint64_t i = 0; i < v.size(); ++i) {
      ASSERT_EQ(bits_of(v[i]), bits_of(expected<T>(c, 5489, k + i))) << c.name << " offset " << k << " value " << i;
    }
    EXPECT_EQ(g.offset(), k + 300);
  }
}

TEST(CurandHostEngines, OffsetsAreElementIndices) {
  for (const Case& c : kCases) {
    check_offsets<std::uint32_t>(c);
    check_offsets<float>(c);
    check_offsets<double>(c);
  }
}

// The sequence contract: calls of any sizes continue one another.
template <class T>
void check_calls(Engine e, void (*gen)(Generator&, T*, std::size_t)) {
  constexpr std::size_t kN = 200000;
  Generator one = cpu(e, 77);
  std::vector<T> whole(kN);
  gen(one, whole.data(), kN);
  Generator many = cpu(e, 77);
  std::vector<T> parts(kN);
  const std::size_t sizes[] = {1, 7, 4095, 3, 81920, 1000, 4096, 65537};
  std::size_t at = 0;
  for (std::size_t i = 0; at < kN; ++i) {
    const std::size_t n = std::min(sizes[i % 8], kN - at);
    gen(many, parts.data() + at, n);
    at += n;
  }
  for (std::size_t i = 0; i < kN; ++i) {
    ASSERT_EQ(bits_of(whole[i]), bits_of(parts[i])) << gpurng::engine_info(e).name << " value " << i;
  }
}

TEST(CurandHostEngines, OneCallEqualsManyCalls) {
  for (const Case& c : kCases) {
    check_calls<std::uint32_t>(c.engine, [](Generator& g, std::uint32_t* p, std::size_t n) { g.generate_bits(p, n); });
    check_calls<float>(c.engine, [](Generator& g, float* p, std::size_t n) { g.generate_uniform(p, n); });
    check_calls<double>(c.engine, [](Generator& g, double* p, std::size_t n) { g.generate_uniform(p, n); });
    // Box-Muller pairs: a call may start inside one.
    check_calls<float>(c.engine, [](Generator& g, float* p, std::size_t n) { g.generate_normal(p, n); });
    check_calls<double>(c.engine, [](Generator& g, double* p, std::size_t n) { g.generate_normal(p, n); });
  }
}

// The worker-thread split changes nothing.
TEST(CurandHostEngines, ThreadCountChangesNothing) {
  for (const Case& c : kCases) {
    Generator a = cpu(c.engine, 99);
    Generator b = cpu(c.engine, 99);
    a.cpu_threads(1);
    b.cpu_threads(3);
    std::vector<double> x(100000), y(100000);
    a.generate_uniform(x.data(), x.size());
    b.generate_uniform(y.data(), y.size());
    EXPECT_EQ(x, y) << c.name;
  }
}

TEST(CurandHostEngines, StateRoundTrip) {
  for (const Case& c : kCases) {
    Generator g = cpu(c.engine, 0xfeedfacecafebeefull);
    std::vector<std::uint32_t> skip(12345);
    g.generate_bits(skip.data(), skip.size());
    const std::vector<std::uint8_t> state = g.state_bytes();
    std::vector<std::uint32_t> a(5000), b(5000);
    g.generate_bits(a.data(), a.size());
    Generator h(c.engine, Backend::cpu);
    h.restore_state_bytes(state.data(), state.size());
    EXPECT_EQ(h.offset(), 12345u) << c.name;
    h.generate_bits(b.data(), b.size());
    EXPECT_EQ(a, b) << c.name;
    for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(a[i], c.bits(0xfeedfacecafebeefull, 12345 + i)) << c.name;
    // A truncated payload is refused and leaves the generator as it was.
    EXPECT_THROW(h.restore_state_bytes(state.data(), state.size() - 8), gpurng::Error) << c.name;
    EXPECT_EQ(h.offset(), 17345u) << c.name;
  }
}

TEST(CurandHostEngines, DefaultSeedIsCurandsZero) {
  for (const Case& c : kCases) {
    Generator g(c.engine, Backend::cpu);
    std::uint32_t x[3];
    g.generate_bits(x, 3);
    for (std::uint64_t i = 0; i < 3; ++i) EXPECT_EQ(x[i], c.bits(0, i)) << c.name;
  }
}

TEST(CurandHostEngines, BadInputIsRefusedWithTheArgumentNamed) {
  for (const Case& c : kCases) {
    Generator g = cpu(c.engine, 1);
    try {
      g.select_stream(1);
      ADD_FAILURE() << c.name << ": select_stream(1) accepted";
    } catch (const gpurng::Error& e) {
      EXPECT_EQ(e.status(), gpurng::Status::invalid_argument);
      EXPECT_NE(std::string(e.what()).find("stream and substream must be 0"), std::string::npos) << e.what();
    }
    EXPECT_NO_THROW(g.select_stream(0));
    const std::uint64_t two[2] = {1, 2};
    try {
      g.seed_array(two, 2);
      ADD_FAILURE() << c.name << ": a 2-word seed array accepted";
    } catch (const gpurng::Error& e) {
      EXPECT_EQ(e.status(), gpurng::Status::invalid_argument);
      EXPECT_NE(std::string(e.what()).find("expected 1 word"), std::string::npos) << e.what();
    }
    g.seed_array(two, 1);
    std::uint32_t x = 0;
    g.generate_bits(&x, 1);
    EXPECT_EQ(x, c.bits(1, 0)) << c.name;
    EXPECT_THROW(g.streams(4096), gpurng::Error) << c.name;
    EXPECT_THROW(g.dimensions(2), gpurng::Error) << c.name;
    // The end of the addressable sequence.
    g.offset(std::numeric_limits<std::uint64_t>::max() - 2);
    std::uint32_t three[3];
    EXPECT_THROW(g.generate_bits(three, 3), gpurng::Error) << c.name;
    EXPECT_EQ(g.offset(), std::numeric_limits<std::uint64_t>::max() - 2) << c.name;
    EXPECT_NO_THROW(g.generate_bits(three, 2)) << c.name;
    EXPECT_EQ(three[1], c.bits(1, std::numeric_limits<std::uint64_t>::max() - 1)) << c.name;
  }
}

// 64-bit bits would need two outputs per value, which cuRAND's host generators never make: refused
// (the engines are 32-bit), as for the other 32-bit engines.
TEST(CurandHostEngines, SixtyFourBitBitsAreRefused) {
  for (const Case& c : kCases) {
    Generator g = cpu(c.engine, 1);
    std::uint64_t x[2];
    EXPECT_THROW(g.generate_bits(x, 2), gpurng::Error) << c.name;
  }
}

}  // namespace
