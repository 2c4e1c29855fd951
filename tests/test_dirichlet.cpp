// The Dirichlet distribution through the library (DirichletAlpha, Generator::generate_dirichlet;
// issue 23): the contract (sample j is core::dist::dirichlet_sample of the uniform doubles at
// positions jK .. jK + K - 1, on every pseudo-random engine; float is the double rounded), random
// access (offsets, one call or many, calls crossing the float path's scratch chunk), the device API
// (draws after init at offset jK are the host's samples), several devices, and the argument errors
// (each names alpha, count or offset and the valid range). OpenCL: tests/test_opencl.cpp.
// The distribution itself is tested in test_dist_dirichlet.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "dirichlet_alpha.hpp"
#include "generator_impl.hpp"
#include "gpurng/core/dist/dirichlet.hpp"
#include "gpurng/device/distributions.hpp"
#include "gpurng/device/kiss99.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/gpurng.hpp"

namespace cd = gpurng::core::dist;
using gpurng::Backend;
using gpurng::DirichletAlpha;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;
using gpurng::ValueType;

namespace {

bool quasi(Engine e) { return e == Engine::sobol32 || e == Engine::sobol64; }

std::vector<cd::GammaShape> shapes_of(const std::vector<double>& alpha) {
  std::vector<cd::GammaShape> s;
  for (double a : alpha) s.push_back(cd::gamma_shape_setup(a));
  return s;
}

// The definition: the uniform call's doubles, then dirichlet_sample per sample.
template <class T>
std::vector<T> expected(Generator& gu, const std::vector<double>& alpha, std::size_t n) {
  const std::size_t k = alpha.size();
  std::vector<double> u(n);
  gu.generate_uniform(u.data(), n);
  const auto shapes = shapes_of(alpha);
  std::vector<T> x(n);
  for (std::size_t s = 0; s < n / k; ++s) {
    cd::dirichlet_sample<T>(shapes.data(), static_cast<std::uint32_t>(k), u.data() + s * k, x.data() + s * k);
  }
  return x;
}

const std::vector<double> kAlpha = {0.5, 2.0, 1e-3, 30.0, 1.0};

}  // namespace

TEST(DirichletContract, SampleOfTheUniformsOnEveryEngine) {
  const std::size_t n = 5 * 201;
  for (const gpurng::EngineInfo& info : gpurng::engines()) {
    if (quasi(info.engine)) continue;
    SCOPED_TRACE(info.name);
    Generator gu(info.engine, Backend::cpu);
    gu.offset(15);
    const auto want = expected<double>(gu, kAlpha, n);
    Generator g(info.engine, Backend::cpu);
    g.offset(15);
    std::vector<double> d(n);
    g.generate_dirichlet(DirichletAlpha(kAlpha), d.data(), n);
    EXPECT_EQ(g.offset(), 15 + n);
    g.offset(15);
    std::vector<float> f(n);
    g.generate_dirichlet(DirichletAlpha(kAlpha), ValueType::f32, f.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(d[i], want[i]) << i;
      ASSERT_EQ(f[i], static_cast<float>(want[i])) << i;
    }
  }
}

// Offsets and call splits: whole samples in any split, float calls crossing the scratch chunk
// (2^20 uniforms, rounded down to whole samples of K = 3).
TEST(DirichletContract, OffsetsAndSplits) {
  const std::vector<double> alpha = {0.3, 1.0, 4.0};
  const DirichletAlpha a(alpha);
  const std::size_t n = 3 * ((std::size_t{1} << 20) / 3 + 1500);
  for (Engine e : {Engine::philox4x32_10, Engine::mt19937, Engine::mwc}) {
    SCOPED_TRACE(gpurng::engine_info(e).name);
    Generator whole(e, Backend::cpu);
    std::vector<double> all(n);
    whole.generate_dirichlet(a, all.data(), n);
    Generator parts(e, Backend::cpu);
    std::vector<float> got(n);
    std::size_t done = 0;
    for (std::size_t len : {std::size_t{3}, std::size_t{6}, std::size_t{999}, std::size_t{3} << 18}) {
      parts.generate_dirichlet(a, got.data() + done, len);
      done += len;
    }
    parts.generate_dirichlet(a, got.data() + done, n - done);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], static_cast<float>(all[i])) << i;
    Generator at(e, Backend::cpu);
    at.offset(123456);
    std::vector<double> tail(600);
    at.generate_dirichlet(a, tail.data(), tail.size());
    for (std::size_t i = 0; i < tail.size(); ++i) ASSERT_EQ(tail[i], all[123456 + i]) << i;
  }
}

// Threads never change a value.
TEST(DirichletContract, Threads) {
  const DirichletAlpha a(std::vector<double>{0.7, 0.7, 0.7, 0.7});
  const std::size_t n = 4 * 50000;
  std::vector<double> one(n), many(n);
  Generator g1(Engine::philox4x32_10, Backend::cpu);
  g1.cpu_threads(1);
  g1.generate_dirichlet(a, one.data(), n);
  Generator g8(Engine::philox4x32_10, Backend::cpu);
  g8.cpu_threads(8);
  g8.generate_dirichlet(a, many.data(), n);
  EXPECT_EQ(std::memcmp(one.data(), many.data(), n * sizeof(double)), 0);
}

// The device API (compiled for the host here): after init(seed, stream, offset = jK), each
// draw_dirichlet is the host's next sample, in float (streamed form) and double (in place).
TEST(DirichletContract, DeviceApiDrawsAreTheHostSamples) {
  const std::size_t k = kAlpha.size();
  const auto shapes = gpurng::device::dirichlet_shapes(kAlpha.data(), k);
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.seed(77);
  g.select_stream(0, 5);
  g.offset(1000);
  std::vector<double> host(k * 60);
  g.generate_dirichlet(DirichletAlpha(kAlpha), host.data(), host.size());
  gpurng::device::Mrg32k3a rng;
  rng.init(77, 5, 1000);
  gpurng::device::Mrg32k3a rng_f = rng;
  const auto dd = gpurng::device::dirichlet<gpurng::device::Mrg32k3a, double>(shapes.data(), k);
  const auto df = gpurng::device::dirichlet<gpurng::device::Mrg32k3a, float>(shapes.data(), k);
  for (std::size_t s = 0; s < 60; ++s) {
    double v[5];
    float f[5];
    gpurng::device::draw_dirichlet(rng, dd, v);
    gpurng::device::draw_dirichlet(rng_f, df, f);
    for (std::size_t i = 0; i < k; ++i) {
      ASSERT_EQ(v[i], host[s * k + i]) << s << " " << i;
      ASSERT_EQ(f[i], static_cast<float>(host[s * k + i])) << s << " " << i;
    }
  }
  Generator kiss(Engine::kiss99, Backend::cpu);
  kiss.seed(5);
  kiss.offset(10);
  std::vector<float> kh(k * 40);
  kiss.generate_dirichlet(DirichletAlpha(kAlpha), kh.data(), kh.size());
  gpurng::device::Kiss99 kr;
  kr.init(5, 10);
  const auto kd = gpurng::device::dirichlet<gpurng::device::Kiss99, float>(shapes.data(), k);
  for (std::size_t s = 0; s < 40; ++s) {
    float f[5];
    gpurng::device::draw_dirichlet(kr, kd, f);
    for (std::size_t i = 0; i < k; ++i) ASSERT_EQ(f[i], kh[s * k + i]) << s << " " << i;
  }
  const double bad[] = {1.0, -2.0};
  EXPECT_THROW(gpurng::device::dirichlet_shapes(bad, 2), std::invalid_argument);
  EXPECT_THROW(gpurng::device::dirichlet_shapes(bad, 0), std::invalid_argument);
  EXPECT_THROW((gpurng::device::dirichlet<gpurng::device::Kiss99, float>(nullptr, 3)), std::invalid_argument);
  EXPECT_THROW((gpurng::device::dirichlet<gpurng::device::Kiss99, float>(shapes.data(), 65537)), std::invalid_argument);
}

// Over several devices (the multi-device layer, with CPU part generators standing in for devices as
// in test_multi_device): one generator's values, and the offset moves by n.
TEST(DirichletContract, SeveralDevices) {
  const gpurng::detail::DirichletAlphaImpl alpha(kAlpha.data(), kAlpha.size());
  for (Engine e : {Engine::mrg32k3a, Engine::mt19937, Engine::mwc}) {
    SCOPED_TRACE(gpurng::engine_info(e).name);
    for (ValueType t : {ValueType::f32, ValueType::f64}) {
      const std::size_t n = 5 * 2001;
      const std::size_t size = t == ValueType::f32 ? 4 : 8;
      Generator one(e, Backend::cpu);
      one.offset(10);
      std::vector<unsigned char> want(n * size);
      one.generate_dirichlet(DirichletAlpha(kAlpha), t, want.data(), n);
      gpurng::detail::GeneratorImpl parts(e, Backend::cpu);
      parts.set_devices({0, 1, 2});
      parts.engine_->set_offset(10);
      std::vector<unsigned char> got(n * size);
      gpurng::detail::generate_dirichlet(parts, alpha, t, got.data(), n);
      EXPECT_EQ(got, want);
      EXPECT_EQ(parts.engine_->offset(), 10 + n);
    }
  }
}

// ---- errors ---------------------------------------------------------------------------------------

namespace {
void expect_error(const std::function<void()>& f, Status s, const std::string& part) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one containing: " << part;
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), s) << e.what();
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}
}  // namespace

TEST(DirichletErrors, BadAlpha) {
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Status bad = Status::invalid_argument;
  expect_error([] { DirichletAlpha a(std::vector<double>{}); }, bad, "dirichlet alpha: must have 1 to 65536 components, got 0");
  expect_error([] { DirichletAlpha a(std::vector<double>(65537, 1.0)); }, bad, "got 65537");
  expect_error([] { DirichletAlpha a(std::vector<double>{1.0, 2.0, -0.5}); }, bad,
               "dirichlet alpha[2]: must be in [1e-300, 1e300], got -0.5");
  expect_error([&] { DirichletAlpha a(std::vector<double>{nan, 1.0}); }, bad, "alpha[0]: must be in [1e-300, 1e300], got nan");
  expect_error([&] { DirichletAlpha a(std::vector<double>{1.0, inf}); }, bad, "alpha[1]: must be in [1e-300, 1e300], got inf");
  expect_error([] { DirichletAlpha a(std::vector<double>{0.0}); }, bad, "alpha[0]: must be in [1e-300, 1e300], got 0");
  expect_error([] { DirichletAlpha a(std::vector<double>{1e-301}); }, bad, "alpha[0]: must be in [1e-300, 1e300]");
  expect_error([] { DirichletAlpha a(nullptr, 4); }, bad, "dirichlet alpha: null pointer");
  const DirichletAlpha ok(std::vector<double>(65536, 1e-300));
  EXPECT_EQ(ok.size(), 65536u);
}

TEST(DirichletErrors, BadCalls) {
  DirichletAlpha a(std::vector<double>{1.0, 2.0, 3.0});
  Generator g(Engine::mrg32k3a, Backend::cpu);
  double d[6] = {7, 7, 7, 7, 7, 7};
  std::int32_t ints[3];
  expect_error([&] { g.generate_dirichlet(a, ValueType::i32, ints, 3); }, Status::invalid_argument,
               "not one of float, double");
  expect_error([&] { g.generate_dirichlet(a, static_cast<double*>(nullptr), 3); }, Status::invalid_argument,
               "out: null pointer");
  expect_error([&] { g.generate_dirichlet(a, d, 4); }, Status::invalid_argument,
               "count: 4 is not a multiple of K = 3");
  g.offset(5);
  expect_error([&] { g.generate_dirichlet(a, d, 3); }, Status::invalid_argument, "offset: 5 is not a multiple of K = 3");
  EXPECT_EQ(g.offset(), 5u);
  EXPECT_EQ(d[0], 7.0);  // nothing written
  // Past the end of the addressable sequence: refused, the offset unchanged.
  const std::uint64_t end = g.offset() + g.remaining();
  g.offset(end - end % 3 - 3);
  const std::uint64_t before = g.offset();
  expect_error([&] { g.generate_dirichlet(a, d, 6); }, Status::invalid_argument, "pass the end of the addressable");
  EXPECT_EQ(g.offset(), before);
  EXPECT_EQ(d[0], 7.0);
  g.offset(0);
  g.generate_dirichlet(a, d, 0);  // n = 0: nothing
  for (Engine e : {Engine::sobol32, Engine::sobol64}) {
    Generator q(e, Backend::cpu);
    expect_error([&] { q.generate_dirichlet(a, d, 3); }, Status::unsupported, "is quasi-random");
  }
  DirichletAlpha moved(std::move(a));
  expect_error([&] { (void)a.size(); }, Status::invalid_argument, "moved from");
  EXPECT_EQ(moved.size(), 3u);
  EXPECT_EQ(moved.alpha()[2], 3.0);
}

// K = 1: every value is 1, each at its own position.
TEST(DirichletContract, OneComponent) {
  Generator g(Engine::philox4x32_10, Backend::cpu);
  g.offset(7);
  std::vector<float> x(100);
  g.generate_dirichlet(DirichletAlpha(std::vector<double>{0.01}), x.data(), x.size());
  for (float v : x) ASSERT_EQ(v, 1.0f);
  EXPECT_EQ(g.offset(), 107u);
}
