// MT19937 / MT19937-64 through the host API on the CPU backend: reference streams through every
// entry point, the sequence contract (offsets, one call or many, threads), distributions (definitions
// and goodness of fit), state files, the C API, and every bad-input path.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "cpu/mt19937_fill.hpp"
#include "gpurng/core/dist/inverse_cdf_transforms.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/mt19937.hpp"
#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"
#include "state_codec.hpp"
#include "stats.hpp"
#include "test_support.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;
namespace core_mt = gpurng::core::mt19937;
using gpurng::test::read_csv;
using gpurng::test::to_u64;

namespace {

struct Kind {
  const char* name;
  std::size_t size;
  std::function<void(Generator&, void*, std::size_t)> gen;
};

// Every distribution of an engine whose bits are `bits_width` wide.
std::vector<Kind> all_kinds(unsigned bits_width) {
  std::vector<Kind> k;
  if (bits_width == 32) {
    k.push_back({"bits", 4, [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint32_t*>(p), n); }});
  } else {
    k.push_back({"bits", 8, [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint64_t*>(p), n); }});
  }
  k.push_back({"uniform_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<float*>(p), n); }});
  k.push_back({"uniform_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<double*>(p), n); }});
  k.push_back({"normal_f", 4,
               [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<float*>(p), n, 1.0f, 2.0f); }});
  k.push_back({"normal_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<double*>(p), n); }});
  k.push_back({"exponential_f", 4,
               [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<float*>(p), n, 3.0f); }});
  k.push_back({"exponential_d", 8,
               [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<double*>(p), n); }});
  k.push_back({"lognormal_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<float*>(p), n); }});
  k.push_back({"lognormal_d", 8,
               [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<double*>(p), n, 0.1, 0.2); }});
  return k;
}

const Engine kEngines[] = {Engine::mt19937, Engine::mt19937_64};

unsigned width(Engine e) { return gpurng::engine_info(e).bits_width; }

std::vector<unsigned char> values(Engine e, const Kind& k, std::uint64_t seed, std::uint64_t offset, std::size_t n,
                                  unsigned threads = 0) {
  Generator g(e, Backend::cpu);
  g.seed(seed);
  g.offset(offset);
  g.cpu_threads(threads);
  std::vector<unsigned char> out(n * k.size);
  k.gen(g, out.data(), n);
  EXPECT_EQ(g.offset(), offset + n);
  return out;
}

std::vector<unsigned char> slice(const std::vector<unsigned char>& v, std::size_t from, std::size_t n, std::size_t size) {
  return std::vector<unsigned char>(v.begin() + static_cast<long>(from * size), v.begin() + static_cast<long>((from + n) * size));
}

template <class F>
void expect_error(Status status, F&& f, const char* must_mention) {
  try {
    f();
    ADD_FAILURE() << "no error thrown; expected " << gpurng::status_name(status);
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), status) << e.what();
    EXPECT_NE(std::string(e.what()).find(must_mention), std::string::npos) << e.what();
  }
}

}  // namespace

TEST(Mt19937Generator, ReferenceStreamsThroughTheHostApi) {
  {
    Generator g(Engine::mt19937, Backend::cpu);  // default: init_genrand(5489)
    std::vector<std::uint32_t> v(10000);
    g.generate_bits(v.data(), v.size());
    EXPECT_EQ(v[9999], 4123659995u);
    const auto csv = read_csv("mt19937/mt19937_init_genrand_5489.csv");
    for (const auto& row : csv.rows) ASSERT_EQ(v[to_u64(row.at("n"))], to_u64(row.at("uint32")));
  }
  {
    Generator g(Engine::mt19937, Backend::cpu);
    g.seed_array({0x123, 0x234, 0x345, 0x456});
    std::vector<std::uint32_t> v(2000);
    g.generate_bits(v.data(), v.size());
    const auto csv = read_csv("mt19937/mt19937ar_init_by_array_0x123_0x234_0x345_0x456.csv");
    for (const auto& row : csv.rows) ASSERT_EQ(v[to_u64(row.at("n"))], to_u64(row.at("uint32")));
    g.offset(1000);
    std::vector<double> u(1000);
    g.generate_uniform(u.data(), u.size());
    for (const auto& row : csv.rows) {
      const std::uint64_t n = to_u64(row.at("n"));
      if (n >= 1000) ASSERT_EQ(u[n - 1000], gpurng::test::to_double(row.at("real2_exact_hex")) + 0x1p-32);
    }
  }
  {
    Generator g(Engine::mt19937_64, Backend::cpu);
    std::vector<std::uint64_t> v(10000);
    g.generate_bits(v.data(), v.size());
    EXPECT_EQ(v[9999], 9981545732273789042ull);
    g.seed_array({0x12345, 0x23456, 0x34567, 0x45678});
    g.generate_bits(v.data(), 1000);
    EXPECT_EQ(v[999], 994412663058993407ull);
    std::vector<double> u(1000);
    g.generate_uniform(u.data(), u.size());
    const auto csv = read_csv("mt19937/mt19937_64_init_by_array_0x12345_0x23456_0x34567_0x45678.csv");
    for (const auto& row : csv.rows) {
      const std::uint64_t n = to_u64(row.at("n"));
      if (n < 1000) ASSERT_EQ(v[n], to_u64(row.at("uint64")));
      if (n >= 1000) ASSERT_EQ(u[n - 1000], gpurng::test::to_double(row.at("real2_exact_hex")) + 0x1p-53);
    }
  }
}

TEST(Mt19937Generator, SeedsAreStdSeeds) {
  for (std::uint32_t s : {0u, 1u, 42u, 0xffffffffu}) {
    Generator g(Engine::mt19937, Backend::cpu);
    g.seed(s);
    std::mt19937 r(s);
    std::vector<std::uint32_t> v(3000);
    g.generate_bits(v.data(), v.size());
    for (std::uint32_t x : v) ASSERT_EQ(x, r());
  }
  Generator g(Engine::mt19937_64, Backend::cpu);
  g.seed(~0ull);
  std::mt19937_64 r(~0ull);
  std::vector<std::uint64_t> v(3000);
  g.generate_bits(v.data(), v.size());
  for (std::uint64_t x : v) ASSERT_EQ(x, r());
}

// Every value of every distribution is the documented function of the reference outputs.
TEST(Mt19937Generator, DistributionsAreDefinedOnTheReferenceOutputs) {
  using namespace gpurng::core::dist;
  const std::size_t n = 777;
  std::mt19937 r32(9);
  std::mt19937_64 r64(9);
  std::vector<std::uint32_t> raw32(n);
  std::vector<std::uint64_t> raw64(n);
  for (auto& v : raw32) v = r32();
  for (auto& v : raw64) v = r64();
  auto check = [&](Engine e, auto engine_tag, const auto& raw) {
    using E = decltype(engine_tag);
    Generator g(e, Backend::cpu);
    g.seed(9);
    std::vector<float> f(n), want_f(n);
    std::vector<double> d(n), want_d(n);
    g.generate_uniform(f.data(), n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(f[i], E::uniform_float(raw[i])) << i;
    g.offset(0);
    g.generate_uniform(d.data(), n);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(d[i], E::uniform_double(raw[i])) << i;
    g.offset(0);
    g.generate_normal(d.data(), n, 0.5, 3.0);
    const Normal<E, double> nd{0.5, 3.0};
    for (std::size_t i = 0; i + 1 < n; i += 2) nd(&raw[i], &want_d[i]);
    for (std::size_t i = 0; i + 1 < n; ++i) ASSERT_EQ(d[i], want_d[i]) << i;
    g.offset(0);
    g.generate_exponential(f.data(), n, 2.0f);
    for (std::size_t i = 0; i < n; ++i) Exponential<E, float>{2.0f}(&raw[i], &want_f[i]);
    EXPECT_EQ(f, want_f);
    g.offset(0);
    g.generate_lognormal(f.data(), n, 0.0f, 0.5f);
    for (std::size_t i = 0; i + 1 < n; i += 2) LogNormal<E, float>{0.0f, 0.5f}(&raw[i], &want_f[i]);
    for (std::size_t i = 0; i + 1 < n; ++i) ASSERT_EQ(f[i], want_f[i]) << i;
  };
  check(Engine::mt19937, core_mt::Engine32{}, raw32);
  check(Engine::mt19937_64, core_mt::Engine64{}, raw64);
}

// The icdf method: value i is fma(stddev, Phi^-1(u_i), mean) with u_i the centred uniform of
// reference output i (one output per value, so offsets and splits are trivial); Phi^-1 itself is
// checked against a bisection on std::erfc here, and against mpmath in test_inverse_normal.
TEST(Mt19937Generator, InverseCdfNormalsAreDefinedOnTheReferenceOutputs) {
  using namespace gpurng::core::dist;
  const std::size_t n = 1001;
  std::mt19937 r32(17);
  std::mt19937_64 r64(17);
  std::vector<std::uint32_t> raw32(n);
  std::vector<std::uint64_t> raw64(n);
  for (auto& v : raw32) v = r32();
  for (auto& v : raw64) v = r64();
  auto phi_inv = [](double u) {  // slow and independent: bisection on Phi(x) = erfc(-x / sqrt 2) / 2
    double lo = -40, hi = 40;
    for (int i = 0; i < 200; ++i) {
      const double mid = 0.5 * (lo + hi);
      (0.5 * std::erfc(-mid / std::sqrt(2.0)) < u ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
  };
  auto check = [&](Engine e, auto engine_tag, const auto& raw) {
    using C = CenteredUniforms<decltype(engine_tag)>;
    Generator g(e, Backend::cpu);
    g.seed(17);
    g.normal_method(gpurng::NormalMethod::inverse_cdf);
    std::vector<double> d(n);
    std::vector<float> f(n), lf(n);
    g.generate_normal(d.data(), n, 0.5, 3.0);
    g.offset(0);
    g.generate_normal(f.data(), n);
    g.offset(0);
    g.generate_lognormal(lf.data(), n, 0.0f, 0.5f);
    for (std::size_t i = 0; i < n; ++i) {
      double want = 0;
      NormalInverseCdf<C, double>{0.5, 3.0}(&raw[i], &want);
      ASSERT_EQ(d[i], want) << i;
      float want_f = 0, want_l = 0;
      NormalInverseCdf<C, float>{0.0f, 1.0f}(&raw[i], &want_f);
      LogNormalInverseCdf<C, float>{0.0f, 0.5f}(&raw[i], &want_l);
      ASSERT_EQ(f[i], want_f) << i;
      ASSERT_EQ(lf[i], want_l) << i;
      const double u = C::uniform_double(raw[i]);
      ASSERT_GT(u, 0.0);
      ASSERT_LT(u, 1.0);
      ASSERT_NEAR(d[i], 0.5 + 3.0 * phi_inv(u), 1e-12 * (1 + std::fabs(d[i]))) << i;
      ASSERT_TRUE(std::isfinite(f[i])) << i;
    }
    // Offsets and splits: arity 1, so any k and n.
    std::vector<float> part(300);
    g.offset(123);
    g.generate_normal(part.data(), 300);
    for (std::size_t i = 0; i < 300; ++i) ASSERT_EQ(part[i], f[123 + i]) << i;
    // The method survives a state file; reseeding goes back to Box-Muller.
    g.offset(400);
    const std::vector<std::uint8_t> saved = g.state_bytes();
    Generator h(e, Backend::cpu);
    h.restore_state_bytes(saved.data(), saved.size());
    h.generate_normal(part.data(), 300);
    for (std::size_t i = 0; i < 300; ++i) ASSERT_EQ(part[i], f[400 + i]) << i;
    g.seed(17);
    g.generate_normal(part.data(), 2);
    EXPECT_NE(part[0], f[0]);
  };
  check(Engine::mt19937, core_mt::Engine32{}, raw32);
  check(Engine::mt19937_64, core_mt::Engine64{}, raw64);
}

TEST(Mt19937Generator, OffsetKThenNEqualsNPlusKFromStart) {
  for (Engine e : kEngines) {
    for (const Kind& kind : all_kinds(width(e))) {
      const std::size_t total = 4000;
      const auto all = values(e, kind, 11, 0, total);
      for (std::uint64_t k : {0u, 1u, 2u, 3u, 623u, 624u, 625u, 1247u, 1249u, 2000u}) {
        for (std::size_t n : {1u, 2u, 3u, 624u, 625u, 1001u}) {
          if (k + n > total) continue;
          ASSERT_EQ(values(e, kind, 11, k, n), slice(all, k, n, kind.size))
              << gpurng::engine_info(e).name << " " << kind.name << " k=" << k << " n=" << n;
        }
      }
    }
  }
}

TEST(Mt19937Generator, LargeOffsetsAreStdDiscards) {
  for (std::uint64_t k : {std::uint64_t{1000003}, (std::uint64_t{1} << 31) + 1, std::uint64_t{123456789012}}) {
    Generator g(Engine::mt19937, Backend::cpu);
    g.seed(5489);
    g.offset(k);
    std::vector<std::uint32_t> v(700);
    g.generate_bits(v.data(), v.size());
    if (k < (std::uint64_t{1} << 32)) {
      std::mt19937 r(5489);
      r.discard(k);
      for (std::uint32_t x : v) ASSERT_EQ(x, r()) << "k=" << k;
    }
    // Neighbouring offsets agree with each other, however far out.
    g.offset(k + 5);
    std::vector<std::uint32_t> w(100);
    g.generate_bits(w.data(), w.size());
    for (int i = 0; i < 100; ++i) ASSERT_EQ(w[i], v[5 + i]) << "k=" << k;
  }
  // The known answer after 10^12 steps (jump table): outputs 10^12 .. 10^12 + 7.
  const auto csv = read_csv("mt19937_jump/mt19937_jump_kat.csv");
  for (const auto& row : csv.rows) {
    if (row.at("steps_expr") != "10^12" || row.at("seeding") != "init_genrand(5489)") continue;
    Generator g(Engine::mt19937, Backend::cpu);
    g.offset(1000000000000ull);
    std::uint32_t v[8];
    g.generate_bits(v, 8);
    for (int i = 0; i < 8; ++i) EXPECT_EQ(v[i], to_u64(row.at("out_" + std::to_string(i))));
  }
}

TEST(Mt19937Generator, OneCallOrManyGiveTheSameValues) {
  std::mt19937_64 pick(3);
  for (Engine e : kEngines) {
    for (const Kind& kind : all_kinds(width(e))) {
      const std::size_t total = 20011;
      const auto all = values(e, kind, 5, 0, total);
      Generator g(e, Backend::cpu);
      g.seed(5);
      std::vector<unsigned char> got(total * kind.size);
      for (std::size_t done = 0; done < total;) {
        const std::size_t n = std::min<std::size_t>(total - done, 1 + pick() % 1500);
        kind.gen(g, got.data() + done * kind.size, n);
        done += n;
      }
      EXPECT_EQ(got, all) << gpurng::engine_info(e).name << " " << kind.name;
    }
  }
}

TEST(Mt19937Generator, ThreadSplitNeverChangesValues) {
  // The thread split of the CPU backend, with a small minimum per thread so that it is exercised.
  using namespace gpurng::core::dist;
  using M = core_mt::Mt32;
  const std::size_t n = 3 * 624 * 1000 + 17;
  for (std::uint64_t first : {std::uint64_t{0}, std::uint64_t{5}, std::uint64_t{100001}}) {
    gpurng::Mt19937 base(21);
    base.discard(first);
    std::vector<float> one(n), many(n);
    gpurng::Mt19937 a = base, b = base;
    gpurng::detail::cpu::mt_fill<M>(a, first, n, Normal<core_mt::Engine32, float>{0.0f, 1.0f}, one.data(), 1);
    for (unsigned threads : {2u, 3u, 7u}) {
      b = base;
      gpurng::detail::cpu::mt_fill<M>(b, first, n, Normal<core_mt::Engine32, float>{0.0f, 1.0f}, many.data(), threads,
                                      1000);
      ASSERT_EQ(0, std::memcmp(one.data(), many.data(), n * sizeof(float))) << "threads=" << threads << " first=" << first;
      ASSERT_TRUE(a == b) << "the engine continues from the same place";
    }
  }
  // And through the API (the split only happens for large requests).
  for (Engine e : kEngines) {
    const Kind kind = all_kinds(width(e))[1];
    EXPECT_EQ(values(e, kind, 4, 3, 100000, 1), values(e, kind, 4, 3, 100000, 8));
  }
}

TEST(Mt19937Generator, SeedingResetsTheOffsetAndIsDeterministic) {
  for (Engine e : kEngines) {
    Generator g(e, Backend::cpu);
    g.seed(77);
    g.offset(12345);
    g.seed(77);
    EXPECT_EQ(g.offset(), 0u);
    g.offset(99);
    g.seed_array({1, 2, 3});
    EXPECT_EQ(g.offset(), 0u);
  }
}

TEST(Mt19937Generator, StateFilesContinueBitForBit) {
  for (Engine e : kEngines) {
    Generator g(e, Backend::cpu);
    g.seed_array({7, 8, 9});
    g.offset(1000);
    std::vector<double> a(500), b(500), c(500);
    g.generate_normal(a.data(), 333);
    const std::vector<std::uint8_t> saved = g.state_bytes();
    g.generate_normal(b.data(), 500);
    Generator h(e, Backend::cpu);
    h.restore_state_bytes(saved.data(), saved.size());
    EXPECT_EQ(h.offset(), 1333u);
    h.generate_normal(c.data(), 500);
    EXPECT_EQ(b, c) << gpurng::engine_info(e).name;
    // A zero state is rejected; so is another engine's state.
    std::vector<std::uint8_t> zero = saved;
    const std::size_t words_bytes = e == Engine::mt19937 ? 624 * 4 : 312 * 8;
    std::memset(zero.data() + 24, 0, words_bytes);
    // Re-seal the CRC so that only the content is wrong.
    const std::uint32_t crc = gpurng::detail::crc32(zero.data(), zero.size() - 4);
    std::memcpy(zero.data() + zero.size() - 4, &crc, 4);
    expect_error(Status::corrupt_state, [&] { h.restore_state_bytes(zero.data(), zero.size()); }, "all zero");
    Generator other(Engine::mrg32k3a, Backend::cpu);
    expect_error(Status::corrupt_state, [&] { other.restore_state_bytes(saved.data(), saved.size()); }, "engine");
  }
}

TEST(Mt19937Generator, GoodnessOfFitAtFixedSeeds) {
  namespace t = gpurng::test;
  const std::size_t n = std::size_t{1} << 20;
  const double alpha = 1e-4;
  for (Engine e : kEngines) {
    const char* name = gpurng::engine_info(e).name;
    for (bool f32 : {true, false}) {
      Generator g(e, Backend::cpu);
      g.seed(20241121);
      auto draw = [&](const std::function<void(float*, double*)>& gen) {
        std::vector<float> vf(n);
        std::vector<double> vd(n);
        gen(vf.data(), vd.data());
        return f32 ? std::vector<double>(vf.begin(), vf.end()) : vd;
      };
      const auto u = draw([&](float* pf, double* pd) { f32 ? g.generate_uniform(pf, n) : g.generate_uniform(pd, n); });
      EXPECT_GT(*std::min_element(u.begin(), u.end()), 0.0) << name;
      EXPECT_LE(*std::max_element(u.begin(), u.end()), 1.0) << name;
      EXPECT_GT(t::ks_test(u, [](double x) { return x; }), alpha) << name << " uniform f32=" << f32;
      EXPECT_GT(t::chi2_uniform(u, 1000), alpha) << name << " uniform";
      EXPECT_GT(t::chi2_pairs(u, 32), alpha) << name << " uniform pairs";
      const auto z = draw([&](float* pf, double* pd) { f32 ? g.generate_normal(pf, n) : g.generate_normal(pd, n); });
      EXPECT_GT(t::ks_test(z, t::normal_cdf), alpha) << name << " normal f32=" << f32;
      std::vector<double> pz(n);
      for (std::size_t i = 0; i < n; ++i) pz[i] = t::normal_cdf(z[i]);
      EXPECT_GT(t::chi2_pairs(pz, 32), alpha) << name << " normal pairs";
      const auto x = draw([&](float* pf, double* pd) {
        f32 ? g.generate_exponential(pf, n, 2.0f) : g.generate_exponential(pd, n, 2.0);
      });
      EXPECT_GT(t::ks_test(x, [](double v) { return 1.0 - std::exp(-2.0 * v); }), alpha) << name << " exponential";
      const auto ln = draw([&](float* pf, double* pd) {
        f32 ? g.generate_lognormal(pf, n, 0.5f, 0.25f) : g.generate_lognormal(pd, n, 0.5, 0.25);
      });
      EXPECT_GT(t::ks_test(ln, [](double v) { return t::normal_cdf((std::log(v) - 0.5) / 0.25); }), alpha)
          << name << " lognormal";
    }
  }
}

TEST(Mt19937GeneratorBadInput, Seeds) {
  Generator g(Engine::mt19937, Backend::cpu);
  expect_error(Status::invalid_argument, [&] { g.seed(std::uint64_t{1} << 32); }, "mt19937 seed");
  expect_error(Status::invalid_argument, [&] { g.seed(~0ull); }, "[0, 2^32-1]");
  expect_error(Status::invalid_argument, [&] { g.seed_array(std::vector<std::uint64_t>{}); }, "seed array");
  expect_error(Status::invalid_argument, [&] { g.seed_array({1, std::uint64_t{1} << 32}); }, "word 1");
  expect_error(Status::invalid_argument, [&] { g.seed_array(nullptr, 3); }, "null");
  // A failed seeding leaves the stream as it was.
  g.seed(5);
  g.offset(10);
  EXPECT_THROW(g.seed(std::uint64_t{1} << 40), Error);
  EXPECT_EQ(g.offset(), 10u);
  std::uint32_t v[2];
  g.generate_bits(v, 2);
  std::mt19937 r(5);
  r.discard(10);
  EXPECT_EQ(v[0], r());
  Generator w(Engine::mt19937_64, Backend::cpu);
  w.seed(~0ull);  // every 64-bit seed is valid for the 64-bit engine
  expect_error(Status::invalid_argument, [&] { w.seed_array(std::vector<std::uint64_t>{}); }, "seed array");
}

TEST(Mt19937GeneratorBadInput, OptionsAndTypes) {
  for (Engine e : kEngines) {
    Generator g(e, Backend::cpu);
    const std::string name = gpurng::engine_info(e).name;
    expect_error(Status::unsupported, [&] { g.select_stream(1, 0); }, "no streams");
    expect_error(Status::unsupported, [&] { g.dimensions(2); }, "dimensions");
    expect_error(Status::unsupported, [&] { g.scramble(gpurng::Scramble::owen); }, "scramble");
    expect_error(Status::unsupported, [&] { g.streams(4); }, "streams");
    expect_error(Status::unsupported, [&] { g.param_set(1); }, "parameter sets");
    expect_error(Status::unsupported, [&] { g.param_file("x.csv"); }, "parameter files");
    expect_error(Status::invalid_argument, [&] { g.normal_method(static_cast<gpurng::NormalMethod>(9)); }, "normal method");
    g.offset(5);
    g.normal_method(gpurng::NormalMethod::box_muller);  // accepted; resets the offset like every option
    EXPECT_EQ(g.offset(), 0u);
    if (e == Engine::mt19937) {
      std::uint64_t wide[4];
      expect_error(Status::unsupported, [&] { g.generate_bits(wide, 4); }, "32-bit");
    } else {
      std::uint32_t narrow[4];
      expect_error(Status::unsupported, [&] { g.generate_bits(narrow, 4); }, "64-bit");
    }
    g.offset(~0ull - 10);
    float f[16];
    expect_error(Status::invalid_argument, [&] { g.generate_uniform(f, 11); }, "2^64");
    EXPECT_EQ(g.offset(), ~0ull - 10);
    g.generate_uniform(f, 10);  // the last addressable positions
    EXPECT_EQ(g.remaining(), 0u);
  }
}

TEST(Mt19937CApi, CreateSeedGenerateAndStatuses) {
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_MT19937, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_set_seed(g, 5489), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_set_offset(g, 9999), GPURNG_STATUS_SUCCESS);
  std::uint32_t v = 0;
  ASSERT_EQ(gpurng_generate_bits32(g, &v, 1), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(v, 4123659995u);
  EXPECT_EQ(gpurng_set_seed(g, std::uint64_t{1} << 32), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("seed"), std::string::npos);
  std::uint64_t w = 0;
  EXPECT_EQ(gpurng_generate_bits64(g, &w, 1), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_set_normal_method(g, 1), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_normal_method(g, 7), GPURNG_STATUS_INVALID_ARGUMENT);
  ASSERT_EQ(gpurng_set_seed(g, 5489), GPURNG_STATUS_SUCCESS);  // back to the default method
  EXPECT_EQ(gpurng_select_stream(g, 1, 1), GPURNG_STATUS_UNSUPPORTED);
  const std::uint64_t key[] = {0x123, 0x234, 0x345, 0x456};
  ASSERT_EQ(gpurng_set_seed_array(g, key, 4), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_generate_bits32(g, &v, 1), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(v, 1067595299u);
  EXPECT_EQ(gpurng_set_seed_array(g, key, 0), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_destroy(g), GPURNG_STATUS_SUCCESS);

  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_MT19937_64, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_set_offset(g, 9999), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_generate_bits64(g, &w, 1), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(w, 9981545732273789042ull);
  EXPECT_EQ(gpurng_generate_bits32(g, &v, 1), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_destroy(g), GPURNG_STATUS_SUCCESS);
}
