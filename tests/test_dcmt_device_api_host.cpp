// The dcmt device API (gpurng/device/dcmt.hpp) run on the host: stream t of the device generators is
// stream t of the host generator (out[j*S + t]) for blocks, single values, skips and normals.
#include <gtest/gtest.h>

#include <vector>

#include "gpurng/core/engines/dcmt_sets.hpp"
#include "gpurng/device/dcmt.hpp"
#include "gpurng/gpurng.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
namespace dcmt = gpurng::core::dcmt;

namespace {

template <class S>
struct Traits;
template <>
struct Traits<dcmt::Mt521> {
  static constexpr Engine engine = Engine::dcmt521;
};
template <>
struct Traits<dcmt::Mt2203> {
  static constexpr Engine engine = Engine::dcmt2203;
};

template <class S>
std::vector<std::uint32_t> host_bits(std::uint64_t seed, std::uint64_t streams, std::uint64_t first, std::size_t n) {
  Generator g(Traits<S>::engine, Backend::cpu);
  g.seed(seed);
  g.streams(streams);
  g.offset(first);
  std::vector<std::uint32_t> v(n);
  g.generate_bits(v.data(), n);
  return v;
}

template <class S>
void check() {
  using D = dcmt::DefaultFamily<S>;
  const std::uint64_t streams = 45, seed = 1234;
  const int per = 3 * S::N + 5;
  const std::vector<std::uint32_t> host = host_bits<S>(seed, streams, 0, streams * per);
  for (std::uint64_t t = 0; t < streams; ++t) {
    gpurng::device::Dcmt<S> one;
    one.init(D::sets, D::count, seed, t);
    for (int i = 0; i < per; ++i) ASSERT_EQ(one.bits(), host[i * streams + t]) << "stream " << t << " value " << i;
    gpurng::device::DcmtBlocks<S> blocks;
    blocks.init(D::sets, D::count, seed, t);
    std::vector<std::uint32_t> got;
    for (int b = 0; b < 3; ++b) blocks.next_block([&](std::uint32_t v) { got.push_back(v); });
    for (int i = 0; i < 3 * S::N; ++i) ASSERT_EQ(got[i], host[i * streams + t]) << "stream " << t << " value " << i;
    // Skips, from the start and from inside a block.
    for (std::uint64_t skip : {std::uint64_t{1}, std::uint64_t(S::N) - 1, std::uint64_t(S::N), std::uint64_t(S::N) + 4}) {
      gpurng::device::Dcmt<S> g;
      g.init(D::sets, D::count, seed, t, skip);
      ASSERT_EQ(g.bits(), host[skip * streams + t]) << "stream " << t << " skip " << skip;
      g.skipahead(3);
      ASSERT_EQ(g.bits(), host[(skip + 4) * streams + t]) << "stream " << t << " skip " << skip << " + 3";
    }
    gpurng::device::DcmtBlocks<S> skipped;
    skipped.init(D::sets, D::count, seed, t);
    skipped.skip_blocks(2);
    std::uint32_t first = 0;
    int k = 0;
    skipped.next_block([&](std::uint32_t v) {
      if (k++ == 0) first = v;
    });
    ASSERT_EQ(first, host[2 * S::N * streams + t]);
  }
  // Normals at even positions equal the host's.
  Generator g(Traits<S>::engine, Backend::cpu);
  g.seed(seed);
  g.streams(streams);
  std::vector<float> hn(streams * 6);
  g.generate_normal(hn.data(), hn.size(), 0.5f, 2.0f);
  for (std::uint64_t t = 0; t < streams; ++t) {
    gpurng::device::Dcmt<S> d;
    d.init(D::sets, D::count, seed, t);
    for (int i = 0; i < 6; i += 2) {
      const gpurng::device::Float2 p = d.normal2(0.5f, 2.0f);
      ASSERT_EQ(p.x, hn[i * streams + t]);
      ASSERT_EQ(p.y, hn[(i + 1) * streams + t]);
    }
  }
}

}  // namespace

TEST(DcmtDeviceApiOnHost, Mt521StreamsEqualTheHostGenerator) { check<dcmt::Mt521>(); }
TEST(DcmtDeviceApiOnHost, Mt2203StreamsEqualTheHostGenerator) { check<dcmt::Mt2203>(); }

TEST(DcmtDeviceApiOnHost, InitRawIsTheReferenceSeeding) {
  // Set 0 of the default MT521 family, seeded directly: equals the host generator with seed_array.
  gpurng::device::Dcmt521 d;
  d.init_raw(dcmt::kMt521DefaultSets[0], 3241u);
  Generator g(Engine::dcmt521, Backend::cpu);
  g.streams(1);
  g.seed_array({3241});
  std::vector<std::uint32_t> v(100);
  g.generate_bits(v.data(), v.size());
  for (std::uint32_t x : v) ASSERT_EQ(d.bits(), x);
}
