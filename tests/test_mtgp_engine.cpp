// The MTGP engines through the public API on the CPU backend: the reference's known answers with one
// stream, the documented multi-stream layout against an independent serial reference, offsets,
// one call or many, the 53-bit doubles, save/restore, statistics, and every bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "families/mtgp/mtgp_param_tables.hpp"
#include "families/mtgp/mtgp_polynomials.hpp"
#include "gpurng/gpurng.h"
#include "mtgp_test_support.hpp"
#include "stats.hpp"

namespace m = gpurng::core::mtgp;
namespace tables = gpurng::detail::mtgp_tables;
using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::Status;
using gpurng::test::mtgp::EngineCase;
using gpurng::test::mtgp::printed;
using gpurng::test::mtgp::read_kat;
using gpurng::test::mtgp::Reference;
using gpurng::test::mtgp::reference_engines;

namespace {

template <class W>
std::vector<W> bits(Generator& g, std::size_t n) {
  std::vector<W> out(n);
  g.generate_bits(out.data(), n);
  return out;
}

template <class W>
const m::Params<W>& params_of(Engine e, unsigned set) {
  if constexpr (sizeof(W) == 4) {
    switch (e) {
      case Engine::mtgp11213: return tables::k32_fast_11213.params[set];
      case Engine::mtgp23209: return tables::k32_fast_23209.params[set];
      case Engine::mtgp44497: return tables::k32_fast_44497.params[set];
      default: return tables::k32dc_fast_11213.params[set];
    }
  } else {
    switch (e) {
      case Engine::mtgp64_23209: return tables::k64_fast_23209.params[set];
      case Engine::mtgp64_44497: return tables::k64_fast_44497.params[set];
      default: return tables::k64_fast_110503.params[set];
    }
  }
}

// The reference's stream of a parameter set jumped ahead by `jump` steps: substream u of a
// generator is its seeded state jumped by u * 2^64 (computed here with one direct jump, not by the
// library's doubling).
template <class W>
std::vector<W> substream_outputs(Engine e, unsigned set, W seed, std::uint64_t u, std::size_t count) {
  const m::Params<W>& p = params_of<W>(e, set);
  Reference<W> ref(p);
  ref.seed(seed);
  if (u != 0) {
    const std::uint32_t n = m::state_words(p);
    const auto ch = gpurng::detail::mtgp::characteristic(p, 0);
    std::vector<std::uint32_t> c = ch->power_of_x_pow2(64);  // x^(2^64), then x^(u 2^64) by powers
    for (std::uint64_t k = 1; k < u; ++k) {
      // Jump one substream at a time: u jumps by x^(2^64).
      const std::vector<W> seq = ref.words(p.mexp + n - 1);
      std::vector<W> st(n);
      m::jumped_state(c.data(), static_cast<std::uint32_t>(c.size()), seq.data(), n, st.data());
      ref.set_state(st);
    }
    const std::vector<W> seq = ref.words(p.mexp + n - 1);
    std::vector<W> st(n);
    m::jumped_state(c.data(), static_cast<std::uint32_t>(c.size()), seq.data(), n, st.data());
    ref.set_state(st);
  }
  return ref.outputs(count);
}

template <class W>
void expect_reference_kats(const EngineCase& ec) {
  for (unsigned idx : {0u, 1u, 127u}) {
    SCOPED_TRACE(std::string(ec.name) + " set " + std::to_string(idx));
    const auto kat = read_kat(ec.word_bits, ec.mexp, idx);
    Generator g(ec.engine, Backend::cpu);
    g.streams(1);
    g.param_set(idx);
    g.seed(1);
    const std::vector<W> seeded = bits<W>(g, 1000);
    for (const auto& [n, v] : kat.sections.at("seed_1_uint")) ASSERT_EQ(std::to_string(seeded[n]), v) << n;
    g.seed_array(std::vector<std::uint64_t>{1, 2, 3, 4});
    g.streams(1);  // options keep the seed
    g.param_set(idx);
    const std::vector<W> arr = bits<W>(g, 1000);
    for (const auto& [n, v] : kat.sections.at("array_1_2_3_4_uint")) ASSERT_EQ(std::to_string(arr[n]), v) << n;
    // The string-seeded generator's 4th block of 1000 is the reference's (0,1]: the engine's float
    // uniform for 32-bit MTGP (outputs 3000 .. 3999 of the same seeding).
    if constexpr (sizeof(W) == 4) {
      g.offset(3000);
      std::vector<float> u(1000);
      g.generate_uniform(u.data(), u.size());
      for (const auto& [n, v] : kat.sections.at("string_01_02_03_04_then_open_close")) ASSERT_EQ(printed(u[n]), v) << n;
    }
    // And from an offset: the last known answers directly.
    g.offset(990);
    const std::vector<W> tail = bits<W>(g, 10);
    for (int n = 990; n < 1000; ++n) ASSERT_EQ(std::to_string(tail[n - 990]), kat.sections.at("array_1_2_3_4_uint").at(n));
  }
}

}  // namespace

TEST(MtgpEngine, ReferenceKnownAnswersThroughTheApi) {
  for (const EngineCase& ec : reference_engines()) {
    if (ec.word_bits == 32) expect_reference_kats<std::uint32_t>(ec);
    else expect_reference_kats<std::uint64_t>(ec);
  }
}

namespace {

// The canonical sequence with S streams is the documented interleave of the substreams.
template <class W>
void expect_layout(const EngineCase& ec, std::uint64_t S, unsigned set, W seed) {
  SCOPED_TRACE(std::string(ec.name) + " S=" + std::to_string(S));
  const std::size_t per_stream = 2 * ec.chunk + 5;
  const std::size_t n = S * per_stream;
  Generator g(ec.engine, Backend::cpu);
  g.seed(seed);
  g.param_set(set);
  g.streams(S);
  const std::vector<W> got = bits<W>(g, n);
  const m::Layout L{S, ec.chunk};
  for (std::uint64_t s = 0; s < S; ++s) {
    const std::uint64_t count = L.count_before(n, s);
    const std::vector<W> want = substream_outputs<W>(ec.engine, set, seed, s, count);
    for (std::uint64_t k = 0; k < count; ++k) {
      ASSERT_EQ(got[L.canonical(s, k)], want[k]) << "stream " << s << " position " << k;
    }
  }
}

}  // namespace

TEST(MtgpEngine, StreamsAreJumpedSubstreamsInterleavedInChunks) {
  expect_layout<std::uint32_t>(reference_engines()[0], 3, 4, 12345u);
  expect_layout<std::uint32_t>(reference_engines()[1], 2, 0, 7u);
  expect_layout<std::uint64_t>(reference_engines()[3], 3, 127, 0xdeadbeefcafeull);
}

TEST(MtgpEngine, DefaultStreamZeroIsTheReferenceStream) {
  // With the default 1024 streams, stream 0 owns chunks 0, 1024, 2048, ... of 256 values.
  Generator g(Engine::mtgp11213, Backend::cpu);
  g.seed(1);
  const std::vector<std::uint32_t> first = bits<std::uint32_t>(g, 256);
  Reference<std::uint32_t> ref(tables::k32_fast_11213.params[0]);
  ref.seed(1);
  const std::vector<std::uint32_t> want = ref.outputs(512);
  EXPECT_TRUE(std::equal(first.begin(), first.end(), want.begin()));
  g.offset(1024 * 256);
  const std::vector<std::uint32_t> second = bits<std::uint32_t>(g, 256);
  EXPECT_TRUE(std::equal(second.begin(), second.end(), want.begin() + 256));
}

namespace {

template <class V, class Gen>
std::vector<V> values(Generator& g, std::size_t n, Gen gen) {
  std::vector<V> out(n);
  gen(g, out.data(), n);
  return out;
}

struct Kind {
  const char* name;
  std::function<void(Generator&, void*, std::size_t)> gen;
  std::size_t size;
};

std::vector<Kind> kinds(unsigned word_bits) {
  std::vector<Kind> k = {
      {"uniform_f", [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<float*>(p), n); }, 4},
      {"uniform_d", [](Generator& g, void* p, std::size_t n) { g.generate_uniform(static_cast<double*>(p), n); }, 8},
      {"normal_f", [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<float*>(p), n, 1.0f, 2.0f); }, 4},
      {"normal_d", [](Generator& g, void* p, std::size_t n) { g.generate_normal(static_cast<double*>(p), n); }, 8},
      {"exponential_f", [](Generator& g, void* p, std::size_t n) { g.generate_exponential(static_cast<float*>(p), n); }, 4},
      {"lognormal_d", [](Generator& g, void* p, std::size_t n) { g.generate_lognormal(static_cast<double*>(p), n); }, 8},
  };
  if (word_bits == 32) {
    k.push_back({"bits32", [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint32_t*>(p), n); }, 4});
  } else {
    k.push_back({"bits64", [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint64_t*>(p), n); }, 8});
  }
  return k;
}

std::vector<unsigned char> run(Engine e, const Kind& k, std::uint64_t offset, std::size_t n, std::uint64_t streams = 0) {
  Generator g(e, Backend::cpu);
  g.seed(2024);
  if (streams != 0) g.streams(streams);
  g.offset(offset);
  std::vector<unsigned char> out(n * k.size);
  k.gen(g, out.data(), n);
  EXPECT_EQ(g.offset(), offset + n);
  return out;
}

}  // namespace

TEST(MtgpEngine, OffsetsAreSkipsForEveryDistribution) {
  // Elements k .. k+n-1 from offset k equal the tail of k+n elements from 0 (small k), and calls at
  // far offsets agree with a call that starts a little earlier (the jump path against stepping).
  for (const EngineCase& ec : reference_engines()) {
    for (const Kind& k : kinds(ec.word_bits)) {
      SCOPED_TRACE(std::string(ec.name) + " " + k.name);
      const auto all = run(ec.engine, k, 0, 3000, 3);
      for (std::uint64_t off : {1u, 2u, 255u, 257u, 1023u, 1999u}) {
        const auto part = run(ec.engine, k, off, 3000 - off, 3);
        ASSERT_EQ(0, std::memcmp(part.data(), all.data() + off * k.size, part.size())) << "offset " << off;
      }
    }
  }
  const EngineCase& ec = reference_engines()[0];
  for (std::uint64_t far : {(1ull << 32) - 1, (1ull << 40) + 7, 0xfffffffffff00000ull}) {
    for (const Kind& k : kinds(32)) {
      SCOPED_TRACE(std::string(k.name) + " offset " + std::to_string(far));
      const auto wide = run(ec.engine, k, far - 1001, 3001, 4);
      const auto tail = run(ec.engine, k, far, 2000, 4);
      ASSERT_EQ(0, std::memcmp(tail.data(), wide.data() + 1001 * k.size, tail.size()));
    }
  }
}

TEST(MtgpEngine, OneCallOrManyAndBackwards) {
  std::mt19937_64 rng(17);
  for (const EngineCase& ec : reference_engines()) {
    for (const Kind& k : kinds(ec.word_bits)) {
      SCOPED_TRACE(std::string(ec.name) + " " + k.name);
      const std::size_t total = 5 * ec.chunk * 4 + 77;
      const auto whole = run(ec.engine, k, 11, total, 4);
      Generator g(ec.engine, Backend::cpu);
      g.seed(2024);
      g.streams(4);
      g.offset(11);
      std::vector<unsigned char> pieces(total * k.size);
      for (std::size_t done = 0; done < total;) {
        const std::size_t n = std::min<std::size_t>(total - done, 1 + rng() % (2 * ec.chunk));
        k.gen(g, pieces.data() + done * k.size, n);
        done += n;
      }
      ASSERT_EQ(whole, pieces);
      // Going back (offset below the streams' positions) restarts from the stream starts.
      g.offset(11);
      std::vector<unsigned char> again(total * k.size);
      k.gen(g, again.data(), total);
      ASSERT_EQ(whole, again);
    }
  }
}

TEST(MtgpEngine, DoublesOf32BitEnginesCombineTwoStreams) {
  // Double i = ((a << 21) | (b >> 11)) + 1) 2^-53 with a = output i of stream s (the integers at
  // position i) and b = output i of companion stream S + s, i.e. stream S + s of a 2S-stream layout.
  const std::uint64_t S = 3;
  const std::size_t n = 4000;
  Generator g(Engine::mtgp23209, Backend::cpu);
  g.seed(31337);
  g.streams(S);
  std::vector<double> d(n);
  g.generate_uniform(d.data(), n);
  g.offset(0);
  const std::vector<std::uint32_t> a = bits<std::uint32_t>(g, n);
  Generator h(Engine::mtgp23209, Backend::cpu);
  h.seed(31337);
  h.streams(2 * S);
  const m::Layout L{S, 512}, L2{2 * S, 512};
  const std::vector<std::uint32_t> wide = bits<std::uint32_t>(h, 2 * n + 2 * S * 512);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t s = (i / 512) % S;
    const std::uint64_t k = L.count_before(i, s);
    const std::uint32_t b = wide[L2.canonical(S + s, k)];
    ASSERT_EQ(d[i], m::open_close_53((static_cast<std::uint64_t>(a[i]) << 21) | (b >> 11))) << i;
  }
  // 64-bit engines: the top 53 bits of the integer at the same position.
  Generator w(Engine::mtgp64_44497, Backend::cpu);
  w.seed(5);
  std::vector<double> d64(1000);
  w.generate_uniform(d64.data(), d64.size());
  w.offset(0);
  const std::vector<std::uint64_t> b64 = bits<std::uint64_t>(w, 1000);
  for (std::size_t i = 0; i < 1000; ++i) ASSERT_EQ(d64[i], m::open_close_53(b64[i] >> 11));
}

TEST(MtgpEngine, SaveAndRestoreContinueBitForBit) {
  for (const EngineCase& ec : reference_engines()) {
    SCOPED_TRACE(ec.name);
    Generator g(ec.engine, Backend::cpu);
    g.seed_array(std::vector<std::uint64_t>{9, 8, 7});
    g.param_set(100);
    g.streams(5);
    g.offset(123457);
    std::vector<double> burn(333);
    g.generate_normal(burn.data(), burn.size());
    const std::vector<std::uint8_t> saved = g.state_bytes();
    std::vector<float> want(4099);
    g.generate_uniform(want.data(), want.size());
    Generator h(ec.engine, Backend::cpu);
    h.restore_state_bytes(saved.data(), saved.size());
    EXPECT_EQ(h.offset(), 123457u + 333u);
    std::vector<float> got(4099);
    h.generate_uniform(got.data(), got.size());
    EXPECT_EQ(want, got);
  }
  // A file round trip, and a corrupted payload.
  Generator g(Engine::mtgp11213_curand, Backend::cpu);
  g.seed(0x123456789abcdefull);
  g.streams(7);
  g.param_set(150);
  const std::string path = ::testing::TempDir() + "mtgp_state.bin";
  g.save_state(path);
  std::vector<std::uint32_t> want = bits<std::uint32_t>(g, 5000);
  Generator h(Engine::mtgp11213_curand, Backend::cpu);
  h.load_state(path);
  EXPECT_EQ(bits<std::uint32_t>(h, 5000), want);
  std::vector<std::uint8_t> bytes = g.state_bytes();
  Generator other(Engine::mtgp44497, Backend::cpu);
  try {
    other.restore_state_bytes(bytes.data(), bytes.size());
    ADD_FAILURE() << "restored a state of another engine";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), Status::corrupt_state);
  }
}

TEST(MtgpEngine, CurandModeSeedsEachParameterSetAsCurandDoes) {
  // Stream i uses set p + i of the 200-set table, seeded with lo(seed ^ seed >> 32) + p + i + 1.
  const std::uint64_t seed = 0x0123456789abcdefull;
  const std::uint32_t folded = static_cast<std::uint32_t>(seed ^ (seed >> 32));
  Generator g(Engine::mtgp11213_curand, Backend::cpu);
  g.seed(seed);
  const std::vector<std::uint32_t> host = bits<std::uint32_t>(g, 192 * 256 * 2);
  const m::Layout L{192, 256};
  for (std::uint64_t b : {0ull, 1ull, 100ull, 191ull}) {
    Reference<std::uint32_t> ref(tables::k32dc_fast_11213.params[b]);
    ref.seed(folded + static_cast<std::uint32_t>(b) + 1u);
    const std::vector<std::uint32_t> want = ref.outputs(512);
    for (std::uint64_t k = 0; k < 512; ++k) ASSERT_EQ(host[L.canonical(b, k)], want[k]) << "block " << b;
  }
  // One stream at set b: cuRAND's block b device-API stream.
  Generator one(Engine::mtgp11213_curand, Backend::cpu);
  one.seed(seed);
  one.streams(1);
  one.param_set(199);
  Reference<std::uint32_t> ref(tables::k32dc_fast_11213.params[199]);
  ref.seed(folded + 200u);
  EXPECT_EQ(bits<std::uint32_t>(one, 3000), ref.outputs(3000));
  // cuRAND's float conversion.
  std::vector<float> u(3000);
  one.offset(0);
  one.generate_uniform(u.data(), u.size());
  const std::vector<std::uint32_t> x = ref.outputs(3000);
  for (std::size_t i = 0; i < x.size(); ++i) ASSERT_EQ(u[i], static_cast<float>(x[i]) * 0x1p-32f + 0x1p-33f);
}

TEST(MtgpEngine, UniformsAreNeverZeroAndNormalsAreNormal) {
  for (const EngineCase& ec : reference_engines()) {
    SCOPED_TRACE(ec.name);
    Generator g(ec.engine, Backend::cpu);
    g.seed(77);
    const std::size_t n = std::size_t{1} << 17;  // half of every default layout's streams, and their companions
    std::vector<float> uf(n);
    g.generate_uniform(uf.data(), n);
    for (float v : uf) ASSERT_TRUE(v > 0.0f && v <= 1.0f);
    std::vector<double> ud(n);
    g.generate_uniform(ud.data(), n);
    for (double v : ud) ASSERT_TRUE(v > 0.0 && v <= 1.0);
    EXPECT_GT(gpurng::test::chi2_p_value(gpurng::test::chi2_uniform(ud, 1000), 999), 1e-3);
    std::vector<double> uf_d(uf.begin(), uf.end());
    EXPECT_GT(gpurng::test::chi2_p_value(gpurng::test::chi2_pairs(uf_d, 32), 32 * 32 - 1), 1e-3);
    std::vector<double> z(n);
    g.generate_normal(z.data(), n);
    EXPECT_GT(gpurng::test::ks_test(z, gpurng::test::normal_cdf), 1e-3);
    const auto mo = gpurng::test::moments(z);
    EXPECT_NEAR(mo.mean, 0.0, 5.0 / std::sqrt(static_cast<double>(n)));
  }
}

TEST(MtgpEngine, BadInputsAreRejectedWithTheirRange) {
  auto status_of = [](const std::function<void()>& f) {
    try {
      f();
    } catch (const gpurng::Error& e) {
      return e.status();
    }
    return Status::success;
  };
  Generator g(Engine::mtgp11213, Backend::cpu);
  EXPECT_EQ(status_of([&] { g.param_set(128); }), Status::invalid_argument);
  EXPECT_EQ(status_of([&] { g.streams(0); }), Status::invalid_argument);
  EXPECT_EQ(status_of([&] { g.streams(4097); }), Status::invalid_argument);
  EXPECT_EQ(status_of([&] { g.seed(1ull << 32); }), Status::invalid_argument);
  EXPECT_EQ(status_of([&] { g.seed_array(std::vector<std::uint64_t>{1, 1ull << 32}); }), Status::invalid_argument);
  EXPECT_EQ(status_of([&] { g.seed_array(std::vector<std::uint64_t>{}); }), Status::invalid_argument);
  EXPECT_EQ(status_of([&] { g.select_stream(1, 0); }), Status::unsupported);
  EXPECT_EQ(status_of([&] { g.dimensions(2); }), Status::unsupported);
  std::uint64_t b64[4];
  EXPECT_EQ(status_of([&] { g.generate_bits(b64, 4); }), Status::unsupported);
  g.offset(~0ull - 5);
  std::uint32_t b32[10];
  EXPECT_EQ(status_of([&] { g.generate_bits(b32, 10); }), Status::invalid_argument);
  EXPECT_EQ(g.offset(), ~0ull - 5);  // unchanged by the failed call
  try {
    g.param_set(200);
  } catch (const gpurng::Error& e) {
    EXPECT_NE(std::string(e.what()).find("[0, 127]"), std::string::npos) << e.what();
  }
  Generator w(Engine::mtgp64_23209, Backend::cpu);
  EXPECT_EQ(status_of([&] { w.generate_bits(b32, 4); }), Status::unsupported);
  w.seed(~0ull);  // 64-bit engines take 64-bit seeds
  Generator c(Engine::mtgp11213_curand, Backend::cpu);
  EXPECT_EQ(status_of([&] { c.seed_array(std::vector<std::uint64_t>{1}); }), Status::unsupported);
  EXPECT_EQ(status_of([&] { c.streams(201); }), Status::invalid_argument);
  EXPECT_EQ(status_of([&] { c.param_set(9); }), Status::invalid_argument);  // 9 + 192 streams > 200
  c.streams(1);
  c.param_set(199);
  EXPECT_EQ(status_of([&] { c.streams(2); }), Status::invalid_argument);
}

TEST(MtgpEngine, CApiOptionsAndStatuses) {
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_MTGP23209, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_param_set(g, 128), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("parameter set"), std::string::npos);
  EXPECT_EQ(gpurng_set_param_set(g, 1), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_streams(g, 1), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_seed(g, 1), GPURNG_STATUS_SUCCESS);
  std::uint32_t out[5];
  EXPECT_EQ(gpurng_generate_bits32(g, out, 5), GPURNG_STATUS_SUCCESS);
  const auto kat = read_kat(32, 23209, 1);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(std::to_string(out[i]), kat.sections.at("seed_1_uint").at(i));
  std::uint64_t o64[2];
  EXPECT_EQ(gpurng_generate_bits64(g, o64, 2), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_select_stream(g, 0, 1), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_destroy(g), GPURNG_STATUS_SUCCESS);
  gpurng_generator_t c = nullptr;
  ASSERT_EQ(gpurng_create(&c, GPURNG_ENGINE_MTGP11213_CURAND, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  const std::uint64_t key[1] = {1};
  EXPECT_EQ(gpurng_set_seed_array(c, key, 1), GPURNG_STATUS_UNSUPPORTED);
  gpurng_destroy(c);
}

TEST(MtgpEngine, EngineListAndNames) {
  EXPECT_EQ(gpurng::parse_engine("mtgp64-110503"), Engine::mtgp64_110503);
  EXPECT_EQ(gpurng::parse_engine("mtgp11213-curand"), Engine::mtgp11213_curand);
  EXPECT_EQ(gpurng::engine_info(Engine::mtgp64_23209).bits_width, 64u);
  EXPECT_EQ(gpurng::engine_info(Engine::mtgp44497).bits_width, 32u);
  EXPECT_EQ(static_cast<int>(Engine::mtgp11213), GPURNG_ENGINE_MTGP11213);
  EXPECT_EQ(static_cast<int>(Engine::mtgp11213_curand), GPURNG_ENGINE_MTGP11213_CURAND);
}
