// The engines of issue 22 through the public Generator API (CPU backend): philox4x32-10,
// philox4x64-10, threefry4x64-20, threefry2x32-20, pcg64, pcg64dxsm, xorwow.
//  * known answers, bit for bit: cuRAND's device API (tests/data/curand, real cuRAND on an H100),
//    NumPy's Philox, PCG64 and PCG64DXSM (tests/data/numpy), Random123's Threefry vectors
//    (tests/data/random123); stream s and offset o of the Generator equal the reference's;
//  * positions: N then M values == N + M values, offset k == dropping k, for every distribution;
//    streams are independent of the offset; the CPU thread count changes nothing;
//  * state round trip; bad seeds, streams, seed arrays, buffer widths and offsets with clear errors.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "gpurng/core/engines/threefry.hpp"
#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"
#include "kat_support.hpp"
#include "state_codec.hpp"
#include "test_support.hpp"
#include "value_kinds.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;
using gpurng::test::read_csv;
using gpurng::test::u128_from_hex;
using gpurng::test::words;

namespace {

const Engine kNewEngines[] = {Engine::philox4x32_10,   Engine::philox4x64_10, Engine::threefry4x64_20,
                              Engine::threefry2x32_20, Engine::pcg64,         Engine::pcg64dxsm,
                              Engine::xorwow};

bool wide(Engine e) { return gpurng::engine_info(e).bits_width == 64; }

Generator cpu(Engine e) { return Generator(e, Backend::cpu); }

std::vector<std::uint64_t> bits(Generator& g, std::size_t n) {
  std::vector<std::uint64_t> out(n);
  if (wide(g.engine())) {
    g.generate_bits(out.data(), n);
  } else {
    std::vector<std::uint32_t> v(n);
    g.generate_bits(v.data(), n);
    for (std::size_t i = 0; i < n; ++i) out[i] = v[i];
  }
  return out;
}

// Every (distribution, precision), with 64-bit bits for the 64-bit engines.
std::vector<gpurng::test::Kind> kinds_of(Engine e) {
  std::vector<gpurng::test::Kind> k = gpurng::test::all_kinds();
  if (wide(e)) {
    k[0] = {"bits64", 8, [](Generator& g, void* p, std::size_t n) { g.generate_bits(static_cast<std::uint64_t*>(p), n); }};
  }
  return k;
}

std::vector<unsigned char> run(Generator& g, const gpurng::test::Kind& k, std::size_t n) {
  std::vector<unsigned char> out(n * k.size);
  k.gen(g, out.data(), n);
  return out;
}

void expect_error(Status status, const std::string& needle, const std::function<void()>& f) {
  try {
    f();
    ADD_FAILURE() << "no error (expected one mentioning '" << needle << "')";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), status) << e.what();
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

}  // namespace

// ----- known answers ------------------------------------------------------------------------------

// curand_init(seed, subsequence, offset) then curand() x 8 on an H100 (tests/data/curand).
TEST(SeekableEngines, CurandDeviceApiStreamsBitForBit) {
  const auto csv = read_csv("curand/curand_device_api_kat.csv");
  int checked = 0;
  for (const auto& row : csv.rows) {
    const std::string& gen = row.at("generator");
    const Engine e = gen == "xorwow" ? Engine::xorwow : Engine::philox4x32_10;
    ASSERT_TRUE(gen == "xorwow" || gen == "philox4_32_10") << gen;
    Generator g = cpu(e);
    g.seed(gpurng::test::to_u64(row.at("seed")));
    g.select_stream(gpurng::test::to_u64(row.at("subsequence")));
    g.offset(gpurng::test::to_u64(row.at("offset")));
    const std::vector<std::uint64_t> want = words(row.at("outputs"));
    EXPECT_EQ(bits(g, want.size()), want) << gen << " seed " << row.at("seed") << " stream " << row.at("subsequence")
                                          << " offset " << row.at("offset");
    ++checked;
  }
  EXPECT_EQ(checked, 88);
}

// numpy.random.PCG64 / PCG64DXSM(seed).jumped(jumps), advance(advance), random_raw(10)
// (tests/data/numpy/pcg64.csv); seeds up to 2^128 - 1 through seed_array {lo, hi}. Rows whose
// advance does not fit a 64-bit offset are left to tests/test_pcg64.cpp (core).
TEST(SeekableEngines, NumpyPcg64AndPcg64DxsmBitForBit) {
  const auto csv = read_csv("numpy/pcg64.csv");
  int checked = 0;
  for (const auto& row : csv.rows) {
    const gpurng::core::U128 advance = u128_from_hex(row.at("advance"));
    if (advance.hi != 0) continue;
    const Engine e = row.at("generator") == "pcg64" ? Engine::pcg64 : Engine::pcg64dxsm;
    const gpurng::core::U128 seed = u128_from_hex(row.at("seed"));
    Generator g = cpu(e);
    g.seed_array({seed.lo, seed.hi});
    g.select_stream(gpurng::test::to_u64(row.at("jumps")));
    g.offset(advance.lo);
    const std::vector<std::uint64_t> want = words(row.at("outputs"));
    EXPECT_EQ(bits(g, want.size()), want) << row.at("generator") << " seed " << row.at("seed") << " jumps "
                                          << row.at("jumps") << " advance " << row.at("advance");
    if (seed.hi == 0) {  // the same through seed()
      Generator h = cpu(e);
      h.seed(seed.lo);
      h.select_stream(gpurng::test::to_u64(row.at("jumps")));
      h.offset(advance.lo);
      EXPECT_EQ(bits(h, want.size()), want);
    }
    ++checked;
  }
  EXPECT_EQ(checked, 2 * 63);  // 99 rows each, 63 of them with advance < 2^64
}

// numpy.random.Philox(seed).jumped(jumps), advance(advance), random_raw(10) (tests/data/numpy/philox.csv).
// NumPy's advance counts 256-bit blocks of four outputs: offset = 4 * advance.
TEST(SeekableEngines, NumpyPhiloxBitForBit) {
  const auto csv = read_csv("numpy/philox.csv");
  int checked = 0;
  for (const auto& row : csv.rows) {
    const gpurng::core::U128 advance = u128_from_hex(row.at("advance"));
    if (advance.hi != 0 || advance.lo >= (1ull << 62)) continue;
    const gpurng::core::U128 seed = u128_from_hex(row.at("seed"));
    Generator g = cpu(Engine::philox4x64_10);
    g.seed_array({seed.lo, seed.hi});
    g.select_stream(gpurng::test::to_u64(row.at("jumps")));
    g.offset(4 * advance.lo);
    const std::vector<std::uint64_t> want = words(row.at("outputs"));
    EXPECT_EQ(bits(g, want.size()), want) << "seed " << row.at("seed") << " jumps " << row.at("jumps") << " advance "
                                          << row.at("advance");
    ++checked;
  }
  EXPECT_EQ(checked, 63);  // of 99 rows, those with 4 * advance < 2^64
}

// Random123's published vectors with zero key and zero counter are block 0 of stream 0 at seed 0.
TEST(SeekableEngines, Random123ZeroVectorsAreSeedZeroStreamZero) {
  const auto csv = read_csv("random123/random123_kat_philox_threefry.csv");
  int checked = 0;
  for (const auto& row : csv.rows) {
    const std::vector<std::uint64_t> ctr = words(row.at("counter_hex"), true);
    const std::vector<std::uint64_t> key = words(row.at("key_hex"), true);
    bool zero = true;
    for (std::uint64_t w : ctr) zero = zero && w == 0;
    for (std::uint64_t w : key) zero = zero && w == 0;
    const std::string id = row.at("generator") + row.at("words_N") + "x" + row.at("word_bits") + "-" + row.at("rounds");
    Engine e;
    if (id == "threefry4x64-20") {
      e = Engine::threefry4x64_20;
    } else if (id == "threefry2x32-20") {
      e = Engine::threefry2x32_20;
    } else if (id == "philox4x32-10") {
      e = Engine::philox4x32_10;  // cuRAND's key (seed) and counter (position, stream) layout
    } else {
      continue;
    }
    if (!zero) continue;
    Generator g = cpu(e);
    g.seed(0);
    const std::vector<std::uint64_t> want = words(row.at("expected_hex"), true);
    EXPECT_EQ(bits(g, want.size()), want) << id;
    ++checked;
  }
  EXPECT_EQ(checked, 3);
}

// The canonical layouts of the Threefry engines (core/engines/threefry.hpp) for seeds, streams and
// positions far from zero: element i of stream s is word i % N of the block at counter i / N.
TEST(SeekableEngines, ThreefryCanonicalLayout) {
  namespace tf = gpurng::core::threefry;
  const std::uint64_t first = (1ull << 62) + 5;  // a block boundary plus one: a ragged start
  {
    Generator g = cpu(Engine::threefry4x64_20);
    g.seed(0x0123456789abcdefull);
    g.select_stream(0xfedcba9876543210ull);
    g.offset(first);
    const std::vector<std::uint64_t> got = bits(g, 11);
    for (std::uint64_t i = 0; i < 11; ++i) {
      const std::uint64_t p = first + i;
      const auto b = tf::threefry4x64<20>({{p / 4, 0, 0xfedcba9876543210ull, 0}}, {{0x0123456789abcdefull, 0, 0, 0}});
      EXPECT_EQ(got[i], b.v[p % 4]) << "position " << p;
    }
  }
  {
    Generator g = cpu(Engine::threefry2x32_20);
    g.seed(0xdeadbeefu);
    g.select_stream(0xffffffffu);
    g.offset(first);
    const std::vector<std::uint64_t> got = bits(g, 11);
    for (std::uint64_t i = 0; i < 11; ++i) {
      const std::uint64_t p = first + i;
      const std::uint64_t c = p / 2;
      const auto b = tf::threefry2x32<20>({{static_cast<std::uint32_t>(c), static_cast<std::uint32_t>(c >> 32)}},
                                          {{0xdeadbeefu, 0xffffffffu}});
      EXPECT_EQ(got[i], b.v[p % 2]) << "position " << p;
    }
  }
}

// ----- positions, streams, threads ----------------------------------------------------------------

TEST(SeekableEngines, SplitCallsEqualOneCallForEveryDistribution) {
  for (Engine e : kNewEngines) {
    for (const auto& k : kinds_of(e)) {
      for (std::size_t n : {0u, 1u, 3u, 31u, 33u, 1000u}) {
        Generator a = cpu(e), b = cpu(e);
        a.seed(77);
        b.seed(77);
        a.select_stream(3);
        b.select_stream(3);
        const auto whole = run(a, k, n + 517);
        auto part = run(b, k, n);
        const auto rest = run(b, k, 517);
        part.insert(part.end(), rest.begin(), rest.end());
        EXPECT_EQ(part, whole) << gpurng::engine_info(e).name << " " << k.name << " n=" << n;
        EXPECT_EQ(b.offset(), n + 517);
      }
    }
  }
}

TEST(SeekableEngines, OffsetKEqualsDroppingK) {
  for (Engine e : kNewEngines) {
    for (const auto& k : kinds_of(e)) {
      Generator all = cpu(e);
      all.seed(2026);
      all.select_stream(9);
      const auto whole = run(all, k, 3000);
      for (std::uint64_t off : {0u, 1u, 2u, 3u, 4u, 5u, 64u, 1001u, 2222u}) {
        Generator g = cpu(e);
        g.seed(2026);
        g.select_stream(9);
        g.offset(off);
        const auto part = run(g, k, 3000 - off);
        EXPECT_EQ(0, std::memcmp(part.data(), whole.data() + off * k.size, part.size()))
            << gpurng::engine_info(e).name << " " << k.name << " offset " << off;
      }
    }
  }
}

TEST(SeekableEngines, FarOffsetsAgreeWithStepping) {
  for (Engine e : kNewEngines) {
    const std::uint64_t far = ~0ull - 1000;
    Generator a = cpu(e);
    a.seed(5);
    a.offset(far);
    const auto ref = bits(a, 1000);  // up to the last addressable position, 2^64 - 2
    Generator b = cpu(e);
    b.seed(5);
    b.offset(far + 500);
    const auto tail = bits(b, 500);
    EXPECT_TRUE(std::equal(tail.begin(), tail.end(), ref.begin() + 500)) << gpurng::engine_info(e).name;
    EXPECT_EQ(b.remaining(), 0u) << gpurng::engine_info(e).name;
  }
}

TEST(SeekableEngines, StreamsDifferAndSelectingOneResetsTheOffset) {
  for (Engine e : kNewEngines) {
    Generator a = cpu(e), b = cpu(e);
    a.seed(1);
    b.seed(1);
    a.offset(40);
    a.select_stream(1);
    EXPECT_EQ(a.offset(), 0u);
    b.select_stream(2);
    const auto s1 = bits(a, 64), s2 = bits(b, 64);
    EXPECT_NE(s1, s2) << gpurng::engine_info(e).name;
    Generator c = cpu(e);
    c.seed(1);
    c.select_stream(1);
    EXPECT_EQ(bits(c, 64), s1) << gpurng::engine_info(e).name;
    Generator d = cpu(e);  // seed() goes back to stream 0
    d.seed(1);
    d.select_stream(7);
    d.seed(1);
    Generator z = cpu(e);
    z.seed(1);
    EXPECT_EQ(bits(d, 16), bits(z, 16)) << gpurng::engine_info(e).name;
  }
}

TEST(SeekableEngines, DefaultSeedIsZero) {
  for (Engine e : kNewEngines) {
    Generator a = cpu(e), b = cpu(e);
    b.seed(0);
    EXPECT_EQ(bits(a, 40), bits(b, 40)) << gpurng::engine_info(e).name;
  }
}

TEST(SeekableEngines, CpuThreadCountChangesNothing) {
  for (Engine e : kNewEngines) {
    for (const auto& k : kinds_of(e)) {
      if (std::string(k.name) != "uniform_d" && std::string(k.name).find("bits") == std::string::npos) continue;
      const std::size_t n = (std::size_t{1} << 20) + 77;
      Generator a = cpu(e), b = cpu(e);
      a.cpu_threads(1);
      b.cpu_threads(4);
      for (Generator* g : {&a, &b}) {
        g->seed(31);
        g->select_stream(2);
        g->offset(12345);
      }
      EXPECT_EQ(run(a, k, n), run(b, k, n)) << gpurng::engine_info(e).name << " " << k.name;
    }
  }
}

TEST(SeekableEngines, UniformsLieInZeroOne) {
  for (Engine e : kNewEngines) {
    Generator g = cpu(e);
    g.seed(8);
    std::vector<float> f(1 << 16);
    std::vector<double> d(1 << 16);
    g.generate_uniform(f.data(), f.size());
    g.generate_uniform(d.data(), d.size());
    for (float v : f) ASSERT_TRUE(v > 0.0f && v <= 1.0f) << gpurng::engine_info(e).name << " " << v;
    for (double v : d) ASSERT_TRUE(v > 0.0 && v <= 1.0) << gpurng::engine_info(e).name << " " << v;
  }
}

// ----- state --------------------------------------------------------------------------------------

TEST(SeekableEngines, StateRoundTrips) {
  for (Engine e : kNewEngines) {
    Generator g = cpu(e);
    if (e == Engine::philox4x64_10 || e == Engine::pcg64 || e == Engine::pcg64dxsm) {
      g.seed_array({0x0011223344556677ull, 0x0123456789abcdefull});  // a 128-bit seed
    } else {
      g.seed(0xabcdef12u);
    }
    g.select_stream(e == Engine::threefry2x32_20 ? 0xfffffffeu : 0x123456789ull);
    g.offset(1000);
    const std::vector<std::uint8_t> saved = g.state_bytes();
    const auto want = bits(g, 100);
    Generator h = cpu(e);
    h.restore_state_bytes(saved.data(), saved.size());
    EXPECT_EQ(h.offset(), 1000u);
    EXPECT_EQ(bits(h, 100), want) << gpurng::engine_info(e).name;
    EXPECT_EQ(h.state_bytes(), g.state_bytes());
  }
}

TEST(SeekableEngines, StateWithSeedOrStreamOutOfRangeIsCorrupt) {
  // Payload: seed lo, seed hi, stream, offset (u64 each) at bytes 24.. of the state.
  auto patch = [](std::vector<std::uint8_t> s, std::size_t field, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) s[24 + 8 * field + i] = static_cast<std::uint8_t>(v >> (8 * i));
    const std::uint32_t crc = gpurng::detail::crc32(s.data(), s.size() - 4);
    for (int i = 0; i < 4; ++i) s[s.size() - 4 + i] = static_cast<std::uint8_t>(crc >> (8 * i));
    return s;
  };
  struct Case {
    Engine e;
    std::size_t field;
    std::uint64_t value;
  };
  for (const Case& c : {Case{Engine::philox4x32_10, 1, 1}, Case{Engine::threefry4x64_20, 1, 1},
                        Case{Engine::xorwow, 1, 1}, Case{Engine::threefry2x32_20, 0, 1ull << 32},
                        Case{Engine::threefry2x32_20, 2, 1ull << 32}}) {
    Generator g = cpu(c.e);
    const auto bad = patch(g.state_bytes(), c.field, c.value);
    Generator h = cpu(c.e);
    h.seed(3);
    const auto before = bits(h, 4);
    h.seed(3);
    expect_error(Status::corrupt_state, "outside", [&] { h.restore_state_bytes(bad.data(), bad.size()); });
    EXPECT_EQ(bits(h, 4), before) << "a refused state changed the generator";
  }
}

// ----- bad input ----------------------------------------------------------------------------------

TEST(SeekableEngines, Threefry2x32SeedAndStreamAre32Bit) {
  Generator g = cpu(Engine::threefry2x32_20);
  g.seed(0xffffffffu);
  g.select_stream(0xffffffffu);
  expect_error(Status::invalid_argument, "seeds are 0 .. 2^32 - 1", [&] { g.seed(1ull << 32); });
  expect_error(Status::invalid_argument, "streams are 0 .. 2^32 - 1", [&] { g.select_stream(1ull << 32); });
  expect_error(Status::invalid_argument, "seeds are 0 .. 2^32 - 1", [&] { g.seed_array({1ull << 32}); });
  // The generator is unchanged by the refused calls.
  Generator h = cpu(Engine::threefry2x32_20);
  h.seed(0xffffffffu);
  h.select_stream(0xffffffffu);
  EXPECT_EQ(bits(g, 8), bits(h, 8));
}

TEST(SeekableEngines, SeedArrays) {
  for (Engine e : kNewEngines) {
    const bool seed128 = e == Engine::philox4x64_10 || e == Engine::pcg64 || e == Engine::pcg64dxsm;
    Generator g = cpu(e), h = cpu(e);
    g.seed_array({12345});
    h.seed(12345);
    EXPECT_EQ(bits(g, 8), bits(h, 8)) << gpurng::engine_info(e).name;
    expect_error(Status::invalid_argument, "seed array: expected", [&] { g.seed_array(std::vector<std::uint64_t>{}); });
    expect_error(Status::invalid_argument, "seed array: expected", [&] { g.seed_array({1, 2, 3}); });
    if (seed128) {
      g.seed_array({12345, 0});
      Generator k = cpu(e);
      k.seed(12345);
      EXPECT_EQ(bits(g, 8), bits(k, 8)) << gpurng::engine_info(e).name;
    } else {
      expect_error(Status::invalid_argument, "expected 1 word", [&] { g.seed_array({1, 2}); });
    }
  }
}

TEST(SeekableEngines, NoSubstreams) {
  for (Engine e : kNewEngines) {
    Generator g = cpu(e);
    expect_error(Status::invalid_argument, "substream must be 0", [&] { g.select_stream(0, 1); });
  }
}

TEST(SeekableEngines, BitsBufferMustMatchTheWordWidth) {
  for (Engine e : kNewEngines) {
    Generator g = cpu(e);
    std::uint32_t b32[4];
    std::uint64_t b64[4];
    if (wide(e)) {
      expect_error(Status::unsupported, "uint64_t", [&] { g.generate_bits(b32, 4); });
    } else {
      expect_error(Status::unsupported, "uint32_t", [&] { g.generate_bits(b64, 4); });
    }
    EXPECT_EQ(g.offset(), 0u);
  }
}

TEST(SeekableEngines, PastTheLastPositionIsRefused) {
  for (Engine e : kNewEngines) {
    Generator g = cpu(e);
    g.offset(~0ull - 3);
    std::vector<double> d(8);
    expect_error(Status::invalid_argument, "2^64 - 1", [&] { g.generate_uniform(d.data(), 4); });
    EXPECT_EQ(g.offset(), ~0ull - 3);
    g.generate_uniform(d.data(), 3);
    EXPECT_EQ(g.offset(), ~0ull);
  }
}

TEST(SeekableEngines, NamesAndTheCApi) {
  for (Engine e : kNewEngines) {
    EXPECT_EQ(gpurng::parse_engine(gpurng::engine_info(e).name), e);
    gpurng_generator_t g = nullptr;
    ASSERT_EQ(gpurng_create(&g, static_cast<gpurng_engine_t>(e), GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
    gpurng_destroy(g);
  }
  EXPECT_EQ(gpurng::parse_engine("philox4x32-10"), Engine::philox4x32_10);
  EXPECT_EQ(gpurng::parse_engine("xorwow"), Engine::xorwow);
  EXPECT_EQ(static_cast<int>(Engine::xorwow), GPURNG_ENGINE_XORWOW);
}
