// The per-thread device API compiled for the host: stream s of Mwc/Xorshift256/Kiss::init(seed, s,
// offset) is the host generator's stream s from value `offset`; Kiss99 matches the kiss99 engine.
#include <gtest/gtest.h>

#include <vector>

#include "gpurng/device/kiss99.hpp"
#include "gpurng/device/perthread.hpp"
#include "gpurng/gpurng.hpp"
#include "interleaved_stream.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;

namespace {

using gpurng::test::host_stream;

template <class D>
void expect_device_equals_host(Engine e) {
  for (std::uint64_t s : {0ull, 5ull, 1000ull}) {
    for (std::uint64_t off : {0ull, 4ull, 1001ull}) {
      D d;
      d.init(31, s, off);
      const auto bits = host_stream<std::uint32_t>(e, 31, s, off, 10, [](Generator& g, std::uint32_t* p, std::size_t n) {
        g.generate_bits(p, n);
      });
      for (std::size_t i = 0; i < bits.size(); ++i) ASSERT_EQ(d.bits(), bits[i]) << gpurng::engine_info(e).name;
      d.init(31, s, off);
      const auto uf = host_stream<float>(e, 31, s, off, 10, [](Generator& g, float* p, std::size_t n) { g.generate_uniform(p, n); });
      for (float v : uf) ASSERT_EQ(d.uniform(), v);
      d.init(31, s, off);
      const auto ud = host_stream<double>(e, 31, s, off, 10, [](Generator& g, double* p, std::size_t n) { g.generate_uniform(p, n); });
      for (double v : ud) ASSERT_EQ(d.uniform_double(), v);
      d.init(31, s, off);
      const auto ex = host_stream<float>(e, 31, s, off, 10,
                                         [](Generator& g, float* p, std::size_t n) { g.generate_exponential(p, n, 2.0f); });
      for (float v : ex) ASSERT_EQ(d.exponential(2.0f), v);
      d.init(31, s, 0);
      d.skipahead(off);
      ASSERT_EQ(d.bits(), bits[0]);
      if (off % 2 != 0) continue;  // normals pair the stream's values 2m, 2m+1: even positions only
      d.init(31, s, off);
      const auto nf = host_stream<float>(e, 31, s, off, 10,
                                         [](Generator& g, float* p, std::size_t n) { g.generate_normal(p, n, 1.0f, 3.0f); });
      for (std::size_t i = 0; i < nf.size(); i += 2) {
        const gpurng::device::Float2 p = d.normal2(1.0f, 3.0f);
        ASSERT_EQ(p.x, nf[i]);
        ASSERT_EQ(p.y, nf[i + 1]);
      }
      d.init(31, s, off);
      const auto nd = host_stream<double>(e, 31, s, off, 10, [](Generator& g, double* p, std::size_t n) { g.generate_normal(p, n); });
      for (std::size_t i = 0; i < nd.size(); i += 2) {
        const gpurng::device::Double2 p = d.normal2_double();
        ASSERT_EQ(p.x, nd[i]);
        ASSERT_EQ(p.y, nd[i + 1]);
      }
      d.init(31, s, off);
      const auto ns = host_stream<float>(e, 31, s, off, 9, [](Generator& g, float* p, std::size_t n) { g.generate_normal(p, n); });
      for (float v : ns) ASSERT_EQ(d.normal(), v);
    }
  }
}

}  // namespace

TEST(PerThreadDeviceApiOnHost, MwcMatchesTheHostStreams) { expect_device_equals_host<gpurng::device::Mwc>(Engine::mwc); }
TEST(PerThreadDeviceApiOnHost, Xorshift256MatchesTheHostStreams) {
  expect_device_equals_host<gpurng::device::Xorshift256>(Engine::xorshift256);
}
TEST(PerThreadDeviceApiOnHost, KissMatchesTheHostStreams) { expect_device_equals_host<gpurng::device::Kiss>(Engine::kiss); }

TEST(PerThreadDeviceApiOnHost, Kiss99MatchesTheEngine) {
  gpurng::device::Kiss99 d;
  d.init_state(12345, 65435, 34221, 12345, 1000255);
  EXPECT_EQ(d.bits(), 1372460312u);
  for (std::uint64_t off : {0ull, 77ull, 1ull << 40}) {
    d.init(9, off);
    Generator g(Engine::kiss99, Backend::cpu);
    g.seed(9);
    g.offset(off);
    std::uint32_t b[5];
    float f[5];
    g.generate_bits(b, 5);
    g.generate_uniform(f, 5);
    for (std::uint32_t v : b) EXPECT_EQ(d.bits(), v);
    for (float v : f) EXPECT_EQ(d.uniform(), v);
  }
}
