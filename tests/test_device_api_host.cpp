// The device API compiled for the host: the per-thread generator reproduces the host API's
// sequence for (seed, subsequence, offset), so kernels built on it agree with the CPU backend.
#include <gtest/gtest.h>

#include <vector>

#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/gpurng.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;

namespace {

Generator host_generator(std::uint64_t seed, std::uint64_t subsequence, std::uint64_t offset) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.seed(seed);
  g.select_stream(0, subsequence);
  g.offset(offset);
  return g;
}

}  // namespace

TEST(DeviceApiOnHost, BitsAndUniformsMatchTheHostApi) {
  for (std::uint64_t sub : {0ull, 1ull, 12345ull}) {
    for (std::uint64_t off : {0ull, 3ull, 1ull << 40}) {
      gpurng::device::Mrg32k3a d;
      d.init(77, sub, off);
      Generator g = host_generator(77, sub, off);
      std::vector<std::uint32_t> bits(10);
      std::vector<float> uf(10);
      std::vector<double> ud(10);
      g.generate_bits(bits.data(), 10);
      g.generate_uniform(uf.data(), 10);
      g.generate_uniform(ud.data(), 10);
      for (int i = 0; i < 10; ++i) ASSERT_EQ(d.bits(), bits[i]);
      for (int i = 0; i < 10; ++i) ASSERT_EQ(d.uniform(), uf[i]);
      for (int i = 0; i < 10; ++i) ASSERT_EQ(d.uniform_double(), ud[i]);
    }
  }
}

TEST(DeviceApiOnHost, NormalsMatchTheHostApiAtEvenPositions) {
  gpurng::device::Mrg32k3a d;
  d.init(5, 9, 100);
  Generator g = host_generator(5, 9, 100);
  std::vector<float> f(8);
  std::vector<double> dd(8);
  g.generate_normal(f.data(), 8, 1.0f, 3.0f);
  g.generate_normal(dd.data(), 8);
  for (int i = 0; i < 8; i += 2) {
    const gpurng::device::Float2 p = d.normal2(1.0f, 3.0f);
    EXPECT_EQ(p.x, f[i]);
    EXPECT_EQ(p.y, f[i + 1]);
  }
  for (int i = 0; i < 8; i += 2) {
    const gpurng::device::Double2 p = d.normal2_double();
    EXPECT_EQ(p.x, dd[i]);
    EXPECT_EQ(p.y, dd[i + 1]);
  }
  // One at a time gives the same values.
  gpurng::device::Mrg32k3a e;
  e.init(5, 9, 100);
  Generator h = host_generator(5, 9, 100);
  std::vector<float> s(6);
  h.generate_normal(s.data(), 6);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(e.normal(), s[i]);
}

TEST(DeviceApiOnHost, SkipaheadAndExponential) {
  gpurng::device::Mrg32k3a d;
  d.init(1, 0, 0);
  d.skipahead(1000);
  Generator g = host_generator(1, 0, 1000);
  float x[3];
  g.generate_exponential(x, 3, 2.0f);
  for (float v : x) EXPECT_EQ(d.exponential(2.0f), v);
}
