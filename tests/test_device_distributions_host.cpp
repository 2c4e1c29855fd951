// gpurng/device/distributions.hpp compiled for the host: for every device-API generator and every
// distribution, draw() after init(seed, stream, offset) gives the host API's values of that stream from
// `offset` on, bit for bit; the factories refuse what the host API refuses, with its message.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "gpurng/device/distributions.hpp"
#include "gpurng/device/kiss99.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/device/perthread.hpp"
#include "gpurng/gpurng.hpp"
#include "interleaved_stream.hpp"

namespace dev = gpurng::device;
using gpurng::Backend;
using gpurng::Distribution;
using gpurng::Engine;
using gpurng::Generator;

namespace {

constexpr std::uint64_t kSeed = 20261126;
constexpr std::size_t kCount = 24;  // values per case: a multiple of every draw's width

// How each device generator and the host API reach the same stream from the same offset.
template <class G>
struct Source;
template <>
struct Source<dev::Mrg32k3a> {
  static constexpr Engine engine = Engine::mrg32k3a;
  static void init(dev::Mrg32k3a& g, std::uint64_t s, std::uint64_t off) { g.init(kSeed, s, off); }
  template <class T>
  static std::vector<T> host(std::uint64_t s, std::uint64_t off, const std::function<void(Generator&, T*, std::size_t)>& gen) {
    Generator g(engine, Backend::cpu);
    g.seed(kSeed);
    g.select_stream(0, s);
    g.offset(off);
    std::vector<T> v(kCount);
    gen(g, v.data(), v.size());
    return v;
  }
};
template <>
struct Source<dev::Kiss99> {  // one sequence: the stream number is not used
  static constexpr Engine engine = Engine::kiss99;
  static void init(dev::Kiss99& g, std::uint64_t, std::uint64_t off) { g.init(kSeed, off); }
  template <class T>
  static std::vector<T> host(std::uint64_t, std::uint64_t off, const std::function<void(Generator&, T*, std::size_t)>& gen) {
    Generator g(engine, Backend::cpu);
    g.seed(kSeed);
    g.offset(off);
    std::vector<T> v(kCount);
    gen(g, v.data(), v.size());
    return v;
  }
};
// The many-stream engines: stream s of the host's interleaved output (value j at j * S + s).
template <class E, Engine kEngine>
struct StreamSource {
  static constexpr Engine engine = kEngine;
  static void init(dev::PerThread<E>& g, std::uint64_t s, std::uint64_t off) { g.init(kSeed, s, off); }
  template <class T>
  static std::vector<T> host(std::uint64_t s, std::uint64_t off, const std::function<void(Generator&, T*, std::size_t)>& gen) {
    return gpurng::test::host_stream<T>(engine, kSeed, s, off, kCount, gen);
  }
};
template <>
struct Source<dev::Mwc> : StreamSource<dev::Mwc::Engine, Engine::mwc> {};
template <>
struct Source<dev::Xorshift256> : StreamSource<dev::Xorshift256::Engine, Engine::xorshift256> {};
template <>
struct Source<dev::Kiss> : StreamSource<dev::Kiss::Engine, Engine::kiss> {};

// Device draws of sampler tr == the host's values of distribution d with params, on streams 0 and 7,
// from offsets 0, 6 and 1000 (even: the pair samplers start a pair there, as on the host).
template <class G, class Tr>
void expect_same(const char* what, const Tr& tr, const std::function<void(Generator&, typename Tr::value_type*, std::size_t)>& gen) {
  using T = typename Tr::value_type;
  constexpr int w = dev::values_per_draw<Tr>;
  for (std::uint64_t s : {0ull, 7ull}) {
    for (std::uint64_t off : {0ull, 6ull, 1000ull}) {
      const std::vector<T> want = Source<G>::template host<T>(s, off, gen);
      G g;
      Source<G>::init(g, s, off);
      std::vector<T> got(kCount);
      for (std::size_t k = 0; k < kCount; k += w) dev::draw(g, tr, got.data() + k);
      ASSERT_EQ(0, std::memcmp(want.data(), got.data(), kCount * sizeof(T)))
          << what << " on " << gpurng::engine_info(Source<G>::engine).name << ", stream " << s << ", offset " << off
          << ": first values " << want[0] << " (host) and " << got[0] << " (device API)";
    }
  }
}

template <class T>
std::function<void(Generator&, T*, std::size_t)> dist(Distribution d, std::vector<double> params) {
  return [d, params](Generator& g, T* out, std::size_t n) { g.generate(d, params.data(), params.size(), out, n); };
}

template <class G>
void every_distribution() {
  using D = Distribution;
  expect_same<G>("bits", dev::bits<G>(), dist<std::uint32_t>(D::bits, {}));
  expect_same<G>("uniform f32", dev::uniform<G, float>(), dist<float>(D::uniform, {}));
  expect_same<G>("uniform f64", dev::uniform<G, double>(), dist<double>(D::uniform, {}));
  expect_same<G>("normal f32", dev::normal<G, float>(1, 3), dist<float>(D::normal, {1, 3}));
  expect_same<G>("normal f64", dev::normal<G, double>(), dist<double>(D::normal, {}));
  expect_same<G>("lognormal f32", dev::lognormal<G, float>(0.5, 0.25), dist<float>(D::lognormal, {0.5, 0.25}));
  expect_same<G>("lognormal f64", dev::lognormal<G, double>(), dist<double>(D::lognormal, {}));
  expect_same<G>("exponential f32", dev::exponential<G, float>(2), dist<float>(D::exponential, {2}));
  expect_same<G>("exponential f64", dev::exponential<G, double>(), dist<double>(D::exponential, {}));
  expect_same<G>("cauchy f32", dev::cauchy<G, float>(1, 2), dist<float>(D::cauchy, {1, 2}));
  expect_same<G>("weibull f64", dev::weibull<G, double>(1.5, 2), dist<double>(D::weibull, {1.5, 2}));
  expect_same<G>("laplace f32", dev::laplace<G, float>(-1, 0.5), dist<float>(D::laplace, {-1, 0.5}));
  expect_same<G>("logistic f64", dev::logistic<G, double>(3, 2), dist<double>(D::logistic, {3, 2}));
  expect_same<G>("gumbel f32", dev::gumbel<G, float>(0, 4), dist<float>(D::gumbel, {0, 4}));
  expect_same<G>("rayleigh f64", dev::rayleigh<G, double>(2), dist<double>(D::rayleigh, {2}));
  expect_same<G>("gamma(0.5, 2) f64", dev::gamma<G, double>(0.5, 2), dist<double>(D::gamma, {0.5, 2}));
  expect_same<G>("gamma(3) f32", dev::gamma<G, float>(3), dist<float>(D::gamma, {3, 1}));
  expect_same<G>("chi_square f64", dev::chi_square<G, double>(3), dist<double>(D::chi_square, {3}));
  expect_same<G>("beta f32", dev::beta<G, float>(2, 5), dist<float>(D::beta, {2, 5}));
  expect_same<G>("student_t f64", dev::student_t<G, double>(4), dist<double>(D::student_t, {4}));
  expect_same<G>("truncated_normal [-1, 2] f64", dev::truncated_normal<G, double>(0, 1, -1, 2),
                 dist<double>(D::truncated_normal, {0, 1, -1, 2}));
  expect_same<G>("truncated_normal [8, 9] f32", dev::truncated_normal<G, float>(0, 1, 8, 9),
                 dist<float>(D::truncated_normal, {0, 1, 8, 9}));
  expect_same<G>("uniform_int i32", dev::uniform_int<G, std::int32_t>(-5, 7),
                 std::function<void(Generator&, std::int32_t*, std::size_t)>(
                     [](Generator& g, std::int32_t* p, std::size_t n) { g.generate_integers(p, n, -5, 7); }));
  expect_same<G>("uniform_int u64", dev::uniform_int<G, std::uint64_t>(0, 1ull << 40),
                 std::function<void(Generator&, std::uint64_t*, std::size_t)>([](Generator& g, std::uint64_t* p, std::size_t n) {
                   g.generate_integers(p, n, std::uint64_t{0}, std::uint64_t{1} << 40);
                 }));
  expect_same<G>("bernoulli", dev::bernoulli<G>(0.3), dist<std::uint32_t>(D::bernoulli, {0.3}));
  expect_same<G>("geometric u64", dev::geometric<G, std::uint64_t>(0.01), dist<std::uint64_t>(D::geometric, {0.01}));
  expect_same<G>("geometric u32", dev::geometric<G, std::uint32_t>(0.5), dist<std::uint32_t>(D::geometric, {0.5}));
  for (double lambda : {0.5, 4.0, 100.0, 1e4}) {
    expect_same<G>("poisson", dev::poisson<G>(lambda), dist<std::uint32_t>(D::poisson, {lambda}));
  }
  expect_same<G>("binomial(100, 0.03)", dev::binomial<G>(100, 0.03), dist<std::uint32_t>(D::binomial, {100, 0.03}));
  expect_same<G>("binomial(1e6, 0.6)", dev::binomial<G>(1000000, 0.6), dist<std::uint32_t>(D::binomial, {1e6, 0.6}));
  expect_same<G>("hypergeometric(5, 10, 4)", dev::hypergeometric<G>(5, 10, 4),
                 dist<std::uint32_t>(D::hypergeometric, {5, 10, 4}));
  expect_same<G>("hypergeometric(700, 300, 600)", dev::hypergeometric<G>(700, 300, 600),
                 dist<std::uint32_t>(D::hypergeometric, {700, 300, 600}));
  expect_same<G>("negative_binomial", dev::negative_binomial<G>(5, 0.3),
                 dist<std::uint64_t>(D::negative_binomial, {5, 0.3}));
}

TEST(DeviceDistributionsOnHost, Mrg32k3aDrawsTheHostValuesOfEveryDistribution) { every_distribution<dev::Mrg32k3a>(); }
TEST(DeviceDistributionsOnHost, Kiss99DrawsTheHostValuesOfEveryDistribution) { every_distribution<dev::Kiss99>(); }
TEST(DeviceDistributionsOnHost, MwcDrawsTheHostValuesOfEveryDistribution) { every_distribution<dev::Mwc>(); }
TEST(DeviceDistributionsOnHost, Xorshift256DrawsTheHostValuesOfEveryDistribution) {
  every_distribution<dev::Xorshift256>();
}
TEST(DeviceDistributionsOnHost, KissDrawsTheHostValuesOfEveryDistribution) { every_distribution<dev::Kiss>(); }

// The factories refuse what the host API refuses, with the host API's message.
template <class F>
std::string refusal(F make) {
  try {
    make();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "(accepted)";
}
std::string host_refusal(Distribution d, std::vector<double> params, gpurng::ValueType t) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  std::vector<std::uint64_t> out(4);
  try {
    g.generate(d, t, params.data(), params.size(), out.data(), 2);
  } catch (const gpurng::Error& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(DeviceDistributionsOnHost, BadParametersAreRefusedWithTheHostApisMessage) {
  using G = dev::Mrg32k3a;
  using D = Distribution;
  using V = gpurng::ValueType;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(refusal([&] { dev::poisson<G>(-1); }), host_refusal(D::poisson, {-1}, V::u32));
  EXPECT_EQ(refusal([&] { dev::poisson<G>(nan); }), host_refusal(D::poisson, {nan}, V::u32));
  EXPECT_EQ(refusal([&] { dev::binomial<G>(10, 1.5); }), host_refusal(D::binomial, {10, 1.5}, V::u32));
  EXPECT_EQ(refusal([&] { dev::hypergeometric<G>(5, 10, 16); }), host_refusal(D::hypergeometric, {5, 10, 16}, V::u32));
  EXPECT_EQ(refusal([&] { dev::hypergeometric<G>(4294967295u, 1, 0); }),
            host_refusal(D::hypergeometric, {4294967295.0, 1, 0}, V::u32));
  EXPECT_EQ(refusal([&] { dev::gamma<G, double>(0, 1); }), host_refusal(D::gamma, {0, 1}, V::f64));
  EXPECT_EQ(refusal([&] { dev::beta<G, double>(1, -2); }), host_refusal(D::beta, {1, -2}, V::f64));
  EXPECT_EQ(refusal([&] { dev::student_t<G, double>(0); }), host_refusal(D::student_t, {0}, V::f64));
  EXPECT_EQ(refusal([&] { dev::negative_binomial<G>(5, 0); }), host_refusal(D::negative_binomial, {5, 0}, V::u64));
  EXPECT_EQ(refusal([&] { dev::truncated_normal<G, double>(0, 1, 2, 1); }),
            host_refusal(D::truncated_normal, {0, 1, 2, 1}, V::f64));
  EXPECT_EQ(refusal([&] { dev::cauchy<G, double>(0, -1); }), host_refusal(D::cauchy, {0, -1}, V::f64));
  EXPECT_EQ(refusal([&] { dev::weibull<G, float>(1, 1e300); }), host_refusal(D::weibull, {1, 1e300}, V::f32));
  EXPECT_EQ(refusal([&] { dev::rayleigh<G, double>(nan); }), host_refusal(D::rayleigh, {nan}, V::f64));
  EXPECT_EQ(refusal([&] { dev::bernoulli<G>(2); }), host_refusal(D::bernoulli, {2}, V::u32));
  EXPECT_EQ(refusal([&] { dev::geometric<G>(0); }), host_refusal(D::geometric, {0}, V::u64));
  EXPECT_EQ(refusal([&] { dev::normal<G>(0, 0); }), host_refusal(D::normal, {0, 0}, V::f32));
  EXPECT_EQ(refusal([&] { dev::exponential<G, double>(-2); }), host_refusal(D::exponential, {-2}, V::f64));
  EXPECT_NE(refusal([&] { dev::uniform_int<G, std::int32_t>(3, 2); }), "(accepted)");
}

}  // namespace
