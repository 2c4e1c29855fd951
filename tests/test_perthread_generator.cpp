// The host API of the per-thread engines on the CPU backend: the interleaved layout
// out[j*S + s] = value j of stream s (checked against the core engine stepped by hand), offsets
// and call splits at any position, per-stream Box-Muller pairs, stream counts and selection,
// save/restore, statistics across neighbouring streams, and every bad-input path (C++ and C API).
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <random>
#include <set>
#include <vector>

#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/kiss.hpp"
#include "gpurng/core/engines/mwc.hpp"
#include "gpurng/core/engines/xorshift256.hpp"
#include "gpurng/core/stream_produce.hpp"
#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"
#include "stats.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;
namespace core = gpurng::core;

namespace {

struct Kind {
  const char* name;
  std::size_t size;
  std::function<void(Generator&, void*, std::size_t)> gen;
};

std::vector<Kind> all_kinds() {
  return {
      {"bits", 4, [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint32_t*>(p), n); }},
      {"uniform_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<float*>(p), n); }},
      {"uniform_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<double*>(p), n); }},
      {"normal_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<float*>(p), n, 1.0f, 2.0f); }},
      {"normal_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<double*>(p), n); }},
      {"exponential_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<float*>(p), n, 3.0f); }},
      {"exponential_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<double*>(p), n); }},
      {"lognormal_f", 4, [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<float*>(p), n); }},
      {"lognormal_d", 8, [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<double*>(p), n, 0.1, 0.2); }},
  };
}

const Engine kStreamEngines[] = {Engine::mwc, Engine::xorshift256, Engine::kiss};
const Engine kAllEngines[] = {Engine::mwc, Engine::xorshift256, Engine::kiss, Engine::kiss99};

Generator make(Engine e, std::uint64_t seed, std::uint64_t streams, std::uint64_t offset, unsigned threads = 0) {
  Generator g(e, Backend::cpu);
  g.seed(seed);
  if (e != Engine::kiss99) g.streams(streams);
  g.offset(offset);
  g.cpu_threads(threads);
  return g;
}

std::vector<unsigned char> values(const Kind& k, Engine e, std::uint64_t seed, std::uint64_t streams,
                                  std::uint64_t offset, std::size_t n, unsigned threads = 0) {
  Generator g = make(e, seed, streams, offset, threads);
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

// Value j of stream s, straight from the core engine (independent of the fill machinery).
template <class E>
std::vector<std::uint32_t> stream_raw(std::uint64_t seed, std::uint64_t s, std::uint64_t from, std::size_t count) {
  typename E::state_type st = E::stream_state(seed, s);
  for (std::uint64_t i = 0; i < from; ++i) E::next(st);
  std::vector<std::uint32_t> out(count);
  for (auto& v : out) v = E::next(st);
  return out;
}

std::vector<std::uint32_t> stream_raw(Engine e, std::uint64_t seed, std::uint64_t s, std::uint64_t from, std::size_t count) {
  switch (e) {
    case Engine::mwc: return stream_raw<core::mwc::StreamEngine>(seed, s, from, count);
    case Engine::xorshift256: return stream_raw<core::xorshift256::StreamEngine>(seed, s, from, count);
    default: return stream_raw<core::kiss::StreamEngine>(seed, s, from, count);
  }
}

}  // namespace

TEST(PerThreadLayout, BitsAreStreamValuesInterleaved) {
  for (Engine e : kStreamEngines) {
    for (std::uint64_t S : {1ull, 3ull, 32ull, 1000ull}) {
      const std::uint64_t offset = 5 * S + 2;
      const std::size_t n = static_cast<std::size_t>(7 * S + 3);
      Generator g = make(e, 42, S, offset);
      std::vector<std::uint32_t> got(n);
      g.generate_bits(got.data(), n);
      for (std::uint64_t s = 0; s < S; ++s) {
        const std::vector<std::uint32_t> raw = stream_raw(e, 42, s, 0, 32);
        for (std::size_t i = 0; i < n; ++i) {
          const std::uint64_t pos = offset + i;
          if (pos % S == s) ASSERT_EQ(got[i], raw[pos / S]) << gpurng::engine_info(e).name << " S=" << S << " pos=" << pos;
        }
      }
    }
  }
}

TEST(PerThreadLayout, DefaultIs65536StreamsAndStreamsDoNotDependOnS) {
  for (Engine e : kStreamEngines) {
    Generator g(e, Backend::cpu);
    std::vector<std::uint32_t> v(65536 * 2 + 1);
    g.generate_bits(v.data(), v.size());
    EXPECT_EQ(v[65536 + 7], stream_raw(e, 0, 7, 1, 1)[0]) << "default seed 0, S = 65536";
    EXPECT_EQ(v[2 * 65536], stream_raw(e, 0, 0, 2, 1)[0]);
    // Value j of stream s is the same whatever S (> s) is.
    std::vector<std::uint32_t> a(3 * 10), b(3 * 17);
    Generator g10 = make(e, 9, 10, 0), g17 = make(e, 9, 17, 0);
    g10.generate_bits(a.data(), a.size());
    g17.generate_bits(b.data(), b.size());
    for (int j = 0; j < 3; ++j) {
      for (int s = 0; s < 10; ++s) EXPECT_EQ(a[j * 10 + s], b[j * 17 + s]);
    }
  }
}

TEST(PerThreadLayout, BoxMullerPairsAreTwoValuesOfOneStream) {
  for (Engine e : kStreamEngines) {
    const std::uint64_t S = 5;
    Generator g = make(e, 3, S, 0);
    std::vector<float> f(4 * S);
    g.generate_normal(f.data(), f.size(), 0.5f, 2.0f);
    for (std::uint64_t s = 0; s < S; ++s) {
      const std::vector<std::uint32_t> raw = stream_raw(e, 3, s, 0, 4);
      for (int m = 0; m < 2; ++m) {
        float want[2];
        core::dist::Normal<core::mwc::StreamEngine, float>{0.5f, 2.0f}(&raw[2 * m], want);  // same conversions
        EXPECT_EQ(f[(2 * m) * S + s], want[0]) << s;
        EXPECT_EQ(f[(2 * m + 1) * S + s], want[1]) << s;
      }
    }
  }
}

TEST(PerThreadContract, OffsetKThenNEqualsNPlusKFromStartForEveryDistribution) {
  for (Engine e : kAllEngines) {
    for (std::uint64_t S : {1ull, 7ull, 64ull}) {
      if (e == Engine::kiss99 && S != 1) continue;
      for (const Kind& kind : all_kinds()) {
        const std::size_t total = 3000;
        const auto whole = values(kind, e, 9, S, 0, total);
        for (std::uint64_t k : std::vector<std::uint64_t>{1, 2, 3, S, S + 1, 2 * S + 3, 999, 1001}) {
          for (std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{5}, total - static_cast<std::size_t>(k)}) {
            EXPECT_EQ(values(kind, e, 9, S, k, n), slice(whole, k, n, kind.size))
                << gpurng::engine_info(e).name << " " << kind.name << " S=" << S << " k=" << k << " n=" << n;
          }
        }
      }
    }
  }
}

TEST(PerThreadContract, LargeOffsetsAgreeWithNearbyOffsets) {
  std::vector<std::uint64_t> ks = {(1ull << 32) - 1, (1ull << 40) + 7, (1ull << 63) + 1, ~0ull - 1001};
  for (Engine e : kAllEngines) {
    for (const Kind& kind : all_kinds()) {
      for (std::uint64_t k : ks) {
        EXPECT_EQ(values(kind, e, 1, 100, k, 100), slice(values(kind, e, 1, 100, k - 37, 137), 37, 100, kind.size))
            << gpurng::engine_info(e).name << " " << kind.name << " k=" << k;
      }
    }
  }
}

TEST(PerThreadContract, OneCallOrManyAndAnyThreadCountGiveTheSameValues) {
  std::mt19937_64 rng(11);
  for (Engine e : kAllEngines) {
    for (const Kind& kind : all_kinds()) {
      const std::size_t total = 200001;  // odd, > several rows of 65536
      const auto whole = values(kind, e, 4, 65536, 3, total);
      Generator g = make(e, 4, 65536, 3);
      std::vector<unsigned char> pieces(total * kind.size);
      for (std::size_t done = 0; done < total;) {
        const std::size_t n = std::min<std::size_t>(total - done, 1 + rng() % 70000);
        kind.gen(g, pieces.data() + done * kind.size, n);
        done += n;
      }
      EXPECT_EQ(pieces, whole) << gpurng::engine_info(e).name << " " << kind.name;
      for (unsigned threads : {1u, 3u}) {
        EXPECT_EQ(values(kind, e, 4, 65536, 3, total, threads), whole) << kind.name << " threads=" << threads;
      }
    }
    // Few streams: lanes cut into chunks across threads.
    const auto few = values(all_kinds()[3], e, 4, 2, 1, 400001, 1);
    EXPECT_EQ(values(all_kinds()[3], e, 4, 2, 1, 400001, 7), few) << gpurng::engine_info(e).name;
  }
}

TEST(PerThreadStreams, SelectStreamShiftsTheStreamIds) {
  for (Engine e : kStreamEngines) {
    Generator g = make(e, 5, 4, 0);
    g.select_stream(100);
    EXPECT_EQ(g.offset(), 0u);
    std::vector<std::uint32_t> v(8);
    g.generate_bits(v.data(), v.size());
    for (int i = 0; i < 8; ++i) EXPECT_EQ(v[i], stream_raw(e, 5, 100 + i % 4, i / 4, 1)[0]);
    // One stream alone: S = 1 after select_stream(s) is stream s's own sequence.
    Generator one = make(e, 5, 1, 0);
    one.select_stream(76635);
    std::vector<std::uint32_t> w(5);
    one.generate_bits(w.data(), w.size());
    EXPECT_EQ(w, stream_raw(e, 5, 76635, 0, 5));
  }
}

TEST(PerThreadStreams, SaveAndRestoreContinueBitForBit) {
  for (Engine e : kAllEngines) {
    Generator g = make(e, 77, 1000, 0);
    if (e != Engine::kiss99) g.select_stream(12);
    g.offset(123457);
    const std::vector<std::uint8_t> bytes = g.state_bytes();
    std::vector<double> a(5000), b(5000);
    g.generate_normal(a.data(), a.size());
    Generator h(e, Backend::cpu);
    h.restore_state_bytes(bytes.data(), bytes.size());
    h.generate_normal(b.data(), b.size());
    EXPECT_EQ(a, b) << gpurng::engine_info(e).name;
  }
  Generator k(Engine::kiss99, Backend::cpu);
  k.seed_array({12345, 65435, 34221, 12345});
  k.offset(1000255);
  const std::vector<std::uint8_t> bytes = k.state_bytes();
  Generator r(Engine::kiss99, Backend::cpu);
  r.restore_state_bytes(bytes.data(), bytes.size());
  std::uint32_t v = 0;
  r.generate_bits(&v, 1);
  EXPECT_EQ(v, 1372460312u);  // Marsaglia's 1999 check value through the host API
}

TEST(PerThreadStatistics, NeighbouringStreamsAreIndependent) {
  // Pairs (stream s, stream s+1) at the same index, on a 16 x 16 grid, and uniformity per stream.
  for (Engine e : kStreamEngines) {
    const std::uint64_t S = 4096;
    Generator g = make(e, 2024, S, 0);
    std::vector<double> u(S * 64);
    g.generate_uniform(u.data(), u.size());
    std::vector<double> pairs;
    pairs.reserve(u.size() * 2);
    for (std::size_t j = 0; j < 64; ++j) {
      for (std::size_t s = 0; s + 1 < S; s += 2) {
        pairs.push_back(u[j * S + s]);
        pairs.push_back(u[j * S + s + 1]);
      }
    }
    const double p_pairs = gpurng::test::chi2_pairs(pairs, 16);
    const double p_uniform = gpurng::test::chi2_uniform(u, 256);
    EXPECT_GT(p_pairs, 1e-4) << gpurng::engine_info(e).name;
    EXPECT_LT(p_pairs, 1 - 1e-4) << gpurng::engine_info(e).name;
    EXPECT_GT(p_uniform, 1e-4) << gpurng::engine_info(e).name;
    EXPECT_LT(p_uniform, 1 - 1e-4) << gpurng::engine_info(e).name;
    // Correlation of the first values of neighbouring streams.
    double sxy = 0, sx = 0;
    for (std::size_t s = 0; s + 1 < S; ++s) {
      sxy += (u[s] - 0.5) * (u[s + 1] - 0.5);
      sx += (u[s] - 0.5) * (u[s] - 0.5);
    }
    EXPECT_LT(std::abs(sxy / sx), 4.0 / std::sqrt(double(S))) << gpurng::engine_info(e).name;
  }
}

TEST(PerThreadStatistics, ThePairTestCatchesCorrelatedStreams) {
  // Streams that were copies shifted by one value (the classic bad seeding) fail it.
  Generator g = make(Engine::xorshift256, 1, 1, 0);
  std::vector<double> u(4096 * 65);
  g.generate_uniform(u.data(), u.size());
  std::vector<double> pairs;
  for (std::size_t j = 0; j < 64; ++j) {
    for (std::size_t s = 0; s < 4096; s += 2) {
      pairs.push_back(u[s * 65 + j]);      // "stream s" value j
      pairs.push_back(u[s * 65 + j] * 0.5 + 0.25 * u[s * 65 + j + 1]);  // correlated neighbour
    }
  }
  EXPECT_LT(gpurng::test::chi2_pairs(pairs, 16), 1e-6);
}

TEST(PerThreadStatistics, DistributionsHaveTheirMoments) {
  for (Engine e : kAllEngines) {
    Generator g = make(e, 8, 1024, 0);
    std::vector<double> x(1 << 20);
    g.generate_normal(x.data(), x.size(), 1.0, 2.0);
    const auto m = gpurng::test::moments(x);
    EXPECT_NEAR(m.mean, 1.0, 0.01) << gpurng::engine_info(e).name;
    EXPECT_NEAR(m.variance, 4.0, 0.03);
    EXPECT_NEAR(m.skewness, 0.0, 0.02);
    EXPECT_NEAR(m.kurtosis, 3.0, 0.04);
    std::vector<float> f(1 << 18);
    g.generate_uniform(f.data(), f.size());
    for (float v : f) ASSERT_TRUE(v > 0.0f && v <= 1.0f);
    std::vector<double> fd(f.begin(), f.end());
    EXPECT_GT(gpurng::test::ks_test(fd, [](double t) { return t; }), 1e-4);
  }
}

TEST(PerThreadBadInput, StreamsSeedArraysAndSelections) {
  for (Engine e : kStreamEngines) {
    Generator g(e, Backend::cpu);
    const std::vector<std::uint8_t> before = g.state_bytes();
    expect_error(Status::invalid_argument, [&] { g.streams(0); }, ">= 1");
    if (e == Engine::xorshift256) {
      expect_error(Status::invalid_argument, [&] { g.streams((1ull << 32) + 1); }, "4294967296");
      g.streams(1ull << 32);
    } else {
      expect_error(Status::invalid_argument, [&] { g.streams(76637); }, "76636");
      g.streams(76636);
      g.select_stream(1);  // either order; the span is checked when generating
      std::uint32_t v[1];
      expect_error(Status::invalid_argument, [&] { g.generate_bits(v, 1); }, "multiplier pairs");
      expect_error(Status::invalid_argument, [&] { g.select_stream(76636); }, "76636");
      g.streams(10);
      g.select_stream(76626);
      g.generate_bits(v, 1);
      g.streams(11);
      expect_error(Status::invalid_argument, [&] { g.generate_bits(v, 1); }, "76636");
      g.streams(10);
    }
    expect_error(Status::invalid_argument, [&] { g.select_stream(0, 1); }, "substream");
    expect_error(Status::unsupported, [&] { g.seed_array({1, 2}); }, "seed(s)");
    std::uint64_t wide[2];
    expect_error(Status::unsupported, [&] { g.generate_bits(wide, 2); }, "uint32_t");
    g.offset(~0ull - 1);
    std::uint32_t small[2];
    expect_error(Status::invalid_argument, [&] { g.generate_bits(small, 2); }, "2^64 - 1");
    Generator h(e, Backend::cpu);
    EXPECT_EQ(h.state_bytes(), before);
  }
  Generator k(Engine::kiss99, Backend::cpu);
  expect_error(Status::invalid_argument, [&] { k.seed_array({1, 2, 3}); }, "4 words");
  expect_error(Status::invalid_argument, [&] { k.seed_array({0, 2, 3, 4}); }, "z = 0");
  expect_error(Status::invalid_argument, [&] { k.seed_array({2422800383ull, 2, 3, 4}); }, "z = 2422800383");
  expect_error(Status::invalid_argument, [&] { k.seed_array({1, 1179647999ull, 3, 4}); }, "w = 1179647999");
  expect_error(Status::invalid_argument, [&] { k.seed_array({1, 2, 0, 4}); }, "jsr = 0");
  expect_error(Status::invalid_argument, [&] { k.seed_array({1, 2, 3, 1ull << 32}); }, "jcong");
  expect_error(Status::unsupported, [&] { k.streams(4); }, "streams");
  expect_error(Status::unsupported, [&] { k.select_stream(1); }, "single stream");
  k.seed_array({1, 1, 1, 0});  // the extremes that are valid
  k.seed_array({2422800382ull, 1179647998ull, 0xffffffffull, 0xffffffffull});
}

TEST(PerThreadBadInput, CorruptStatePayloadsAreRejected) {
  Generator g(Engine::mwc, Backend::cpu);
  std::vector<std::uint8_t> bytes = g.state_bytes();
  Generator x(Engine::xorshift256, Backend::cpu);
  expect_error(Status::corrupt_state, [&] { x.restore_state_bytes(bytes.data(), bytes.size()); }, "engine");
  // A payload with 0 streams: rebuild the envelope by hand is the state tests' job; here a
  // truncated file.
  bytes.resize(bytes.size() - 5);
  expect_error(Status::corrupt_state, [&] { g.restore_state_bytes(bytes.data(), bytes.size()); }, "");
}

TEST(PerThreadCApi, StatusesOfTheNewEnginesAndOptions) {
  for (gpurng_engine_t e : {GPURNG_ENGINE_MWC, GPURNG_ENGINE_XORSHIFT256, GPURNG_ENGINE_KISS, GPURNG_ENGINE_KISS99}) {
    gpurng_generator_t g = nullptr;
    ASSERT_EQ(gpurng_create(&g, e, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
    const bool many = e != GPURNG_ENGINE_KISS99;
    EXPECT_EQ(gpurng_set_streams(g, 0), many ? GPURNG_STATUS_INVALID_ARGUMENT : GPURNG_STATUS_UNSUPPORTED);
    EXPECT_NE(std::string(gpurng_last_error()).find("streams"), std::string::npos);
    if (many) EXPECT_EQ(gpurng_set_streams(g, 128), GPURNG_STATUS_SUCCESS);
    std::uint32_t v[300];
    EXPECT_EQ(gpurng_generate_bits32(g, v, 300), GPURNG_STATUS_SUCCESS);
    std::uint64_t w[2];
    EXPECT_EQ(gpurng_generate_bits64(g, w, 2), GPURNG_STATUS_UNSUPPORTED);
    const std::uint64_t words[4] = {0, 1, 1, 1};
    EXPECT_EQ(gpurng_set_seed_array(g, words, 4), many ? GPURNG_STATUS_UNSUPPORTED : GPURNG_STATUS_INVALID_ARGUMENT);
    EXPECT_EQ(gpurng_destroy(g), GPURNG_STATUS_SUCCESS);
  }
}

TEST(PerThreadContract, TheCpuStreamStateCacheNeverChangesValues) {
  // One generator through a sequence of calls (cached states continue where the last call ended,
  // normals and jumps invalidate them) against fresh generators per call (no cache; short calls
  // take the seeded-and-skipped path).
  std::mt19937_64 rng(21);
  const std::vector<Kind> kinds = all_kinds();
  for (Engine e : kStreamEngines) {
    for (std::uint64_t S : {64ull, 1000ull, 65536ull}) {
      Generator g = make(e, 17, S, 0);
      std::uint64_t pos = 0;
      for (int call = 0; call < 40; ++call) {
        const Kind& k = kinds[rng() % 3 == 0 ? rng() % kinds.size() : (rng() % 2 == 0 ? 0 : 5)];
        if (rng() % 8 == 0) {
          pos = rng() % (S * 50);
          g.offset(pos);
        }
        const std::size_t n = rng() % 3 == 0 ? static_cast<std::size_t>(S + rng() % (3 * S)) : 1 + rng() % (S / 2);
        std::vector<unsigned char> got(n * k.size);
        k.gen(g, got.data(), n);
        ASSERT_EQ(got, values(k, e, 17, S, pos, n)) << gpurng::engine_info(e).name << " S=" << S << " call " << call
                                                    << " " << k.name << " pos=" << pos << " n=" << n;
        pos += n;
      }
    }
  }
}

namespace {
// The CUDA stream kernel's work split, run on the CPU: every (lane, chunk) item with the jumps the
// launcher prepares, for a given number of chunks.
template <class E, class Tr>
std::vector<typename Tr::value_type> emulate_stream_kernel(std::uint64_t seed, const core::StreamRange& r,
                                                           std::uint64_t chunks_wanted, const Tr& tr) {
  const core::ChunkPlan plan = core::ChunkPlan::make(r, chunks_wanted);
  std::vector<typename E::jump_type> jumps;
  for (std::uint64_t c = 0; c < plan.chunks; ++c) jumps.push_back(E::make_jump(plan.chunk_base(c)));
  std::vector<typename Tr::value_type> out(r.n);
  const std::uint64_t lanes = r.lanes();
  for (std::uint64_t t = lanes * plan.chunks; t-- > 0;) {  // any order
    const std::uint64_t c = t / lanes;
    core::produce_lane_chunk<E>(seed, r, plan, t - c * lanes, c, jumps[c], tr, out.data());
  }
  return out;
}

template <class E>
void expect_any_chunking_gives_the_generators_values(Engine e) {
  for (std::uint64_t S : {1ull, 3ull, 64ull, 1000ull}) {
    for (std::uint64_t first : std::vector<std::uint64_t>{0, 1, 5 * S + 3, (1ull << 40) + 7}) {
      for (std::uint64_t n : std::vector<std::uint64_t>{1, 2, S, 7 * S + 5, 20001}) {
        Generator g = make(e, 31, S, first);
        std::vector<std::uint32_t> bits(n);
        g.generate_bits(bits.data(), n);
        g.offset(first);
        std::vector<float> normals(n);
        g.generate_normal(normals.data(), n, 0.0f, 1.0f);
        for (std::uint64_t chunks : {1ull, 2ull, 3ull, 7ull, 64ull}) {
          const core::StreamRange r{first, n, S, 0};
          ASSERT_EQ(emulate_stream_kernel<E>(31, r, chunks, core::dist::Bits<E>{}), bits)
              << E::name << " S=" << S << " first=" << first << " n=" << n << " chunks=" << chunks;
          ASSERT_EQ(emulate_stream_kernel<E>(31, r, chunks, core::dist::Normal<E, float>{0.0f, 1.0f}), normals)
              << E::name << " S=" << S << " first=" << first << " n=" << n << " chunks=" << chunks;
        }
      }
    }
  }
}
}  // namespace

TEST(PerThreadContract, TheGpuKernelsChunkingNeverChangesValues) {
  expect_any_chunking_gives_the_generators_values<core::mwc::StreamEngine>(Engine::mwc);
  expect_any_chunking_gives_the_generators_values<core::xorshift256::StreamEngine>(Engine::xorshift256);
  expect_any_chunking_gives_the_generators_values<core::kiss::StreamEngine>(Engine::kiss);
}
