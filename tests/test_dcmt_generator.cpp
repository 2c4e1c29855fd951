// dcmt521 and dcmt2203 through the host API on the CPU: the interleaved layout against the slow
// reference (stream s = parameter set s mod K seeded with base + s), the reference library's numbers
// through seed_array and a parameter file, offsets and call splits (the kept windows and the chunk
// jumps never change a value), far offsets, state files, the C API, and every bad argument.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "dcmt_reference.hpp"
#include "gpurng/core/dist/transforms.hpp"
#include "gpurng/core/engines/dcmt.hpp"
#include "gpurng/core/engines/dcmt_sets.hpp"
#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"
#include "state_codec.hpp"
#include "test_support.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Generator;
using gpurng::test::DcSet;
using gpurng::test::SlowDcmt;
namespace dcmt = gpurng::core::dcmt;

namespace {

const Engine kEngines[] = {Engine::dcmt521, Engine::dcmt2203};
const char* name(Engine e) { return gpurng::engine_info(e).name; }

struct ShapeOf {
  std::uint32_t n, m, r;
  const dcmt::Set* sets;
  int count;
};
ShapeOf shape(Engine e) {
  if (e == Engine::dcmt521) return {17, 8, 23, dcmt::kMt521DefaultSets, dcmt::kMt521DefaultSetCount};
  return {69, 34, 5, dcmt::kMt2203DefaultSets, dcmt::kMt2203DefaultSetCount};
}

DcSet dc_set(Engine e, int k) {
  const ShapeOf sh = shape(e);
  const dcmt::Set& s = sh.sets[k];
  const std::uint32_t upper = 0xffffffffu << sh.r;
  return DcSet{sh.n, sh.m, sh.r, s.aaa, 0xffffffffu, upper, ~upper, s.shift_u, s.shift_l, s.shift_s, s.shift_t, s.mask_b, s.mask_c};
}

// The 32-bit seed of stream 0 for seed(s): SplitMix64's mix at s + gamma, upper half (written here).
std::uint32_t base_of(std::uint64_t seed) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return static_cast<std::uint32_t>((z ^ (z >> 31)) >> 32);
}

// Positions [first, first + n) of the default family's interleaved sequence, from the slow reference.
std::vector<std::uint32_t> reference_bits(Engine e, std::uint32_t base, std::uint64_t streams, std::uint64_t stream0,
                                          std::uint64_t first, std::size_t n) {
  std::vector<std::uint32_t> out(n);
  std::vector<SlowDcmt> gens;
  for (std::uint64_t s = 0; s < streams; ++s) {
    const std::uint64_t id = stream0 + s;
    gens.emplace_back(dc_set(e, static_cast<int>(id % shape(e).count)), base + static_cast<std::uint32_t>(id));
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t pos = first + i;
    out[i] = gens[pos % streams].output(pos / streams);
  }
  return out;
}

std::vector<std::uint32_t> bits(Generator& g, std::size_t n) {
  std::vector<std::uint32_t> v(n);
  g.generate_bits(v.data(), n);
  return v;
}

Generator make(Engine e, std::uint64_t seed, std::uint64_t streams, unsigned threads = 0) {
  Generator g(e, Backend::cpu);
  g.seed(seed);
  g.streams(streams);
  g.cpu_threads(threads);
  return g;
}

std::string temp_file(const std::string& text) {
  static int counter = 0;
  const std::string path = ::testing::TempDir() + "dcmt_gen_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".csv";
  std::ofstream(path) << text;
  return path;
}

}  // namespace

TEST(DcmtGenerator, InterleavedLayoutEqualsTheSlowReference) {
  for (Engine e : kEngines) {
    for (std::uint64_t S : {std::uint64_t{1}, std::uint64_t{3}, std::uint64_t{40}, std::uint64_t{100}}) {
      Generator g = make(e, 42, S);
      const std::size_t n = 3 * 138 * S + 17;
      EXPECT_EQ(bits(g, n), reference_bits(e, base_of(42), S, 0, 0, n)) << name(e) << " S " << S;
      EXPECT_EQ(g.offset(), n);
    }
  }
}

// The default families are the files `gpurng dc` wrote (read here as CSV, not through the library's
// header or reader): stream s uses row s mod K, seeded base + s, at the default 4096 streams.
TEST(DcmtGenerator, DefaultFamiliesAreTheShippedGpurngDcFiles) {
  const struct {
    Engine e;
    const char* file;
    std::size_t sets;
    std::vector<std::size_t> streams;
  } cases[] = {{Engine::dcmt521, "../../data/dcmt/dcmt521_gpurng_dc_seed4172.csv", 4096, {0, 1, 2049, 4095}},
               {Engine::dcmt2203, "../../data/dcmt/dcmt2203_gpurng_dc_seed4172.csv", 1024, {0, 1, 1023, 1024, 4095}}};
  for (const auto& c : cases) {
    const gpurng::test::Csv csv = gpurng::test::read_csv(c.file);
    ASSERT_EQ(csv.rows.size(), c.sets) << c.file;
    Generator g(c.e, Backend::cpu);
    g.seed(7);
    const std::size_t per = 3 * 138 + 5;
    const std::vector<std::uint32_t> v = bits(g, 4096 * per);
    for (std::size_t s : c.streams) {
      SlowDcmt ref(gpurng::test::dc_set_from_row(csv.rows.at(s % c.sets)), base_of(7) + static_cast<std::uint32_t>(s));
      for (std::size_t j = 0; j < per; ++j) ASSERT_EQ(v[j * 4096 + s], ref.output(j)) << name(c.e) << " stream " << s << " value " << j;
    }
  }
}

// The library's earlier default families (sets made by the reference Dynamic Creator library: the seed
// paper's 32 MT521 sets and the reference data's) still give their numbers, as parameter files.
TEST(DcmtGenerator, EarlierReferenceDcSetsWorkAsParameterFiles) {
  const struct {
    Engine e;
    const char* file;
    std::vector<std::size_t> streams;
  } cases[] = {{Engine::dcmt521, "../../data/dcmt/dcmt521_reference_dc_sets.csv", {0, 1, 31, 32, 38, 39, 77}},
               {Engine::dcmt2203, "../../data/dcmt/dcmt2203_reference_dc_sets.csv", {0, 1, 2, 3, 77}}};
  for (const auto& c : cases) {
    const gpurng::test::Csv csv = gpurng::test::read_csv(c.file);
    Generator g(c.e, Backend::cpu);
    g.param_file(gpurng::test::data_path(c.file));
    g.seed(11);
    g.streams(78);
    g.offset(78 * 1000);  // a jump from the seeding first, then the windows it leaves
    const std::size_t per = 2 * 138 + 3;
    const std::vector<std::uint32_t> v = bits(g, 78 * per);
    for (std::size_t s : c.streams) {
      SlowDcmt ref(gpurng::test::dc_set_from_row(csv.rows.at(s % csv.rows.size())), base_of(11) + static_cast<std::uint32_t>(s));
      for (std::size_t j = 0; j < per; ++j) ASSERT_EQ(v[j * 78 + s], ref.output(1000 + j)) << name(c.e) << " stream " << s << " value " << j;
    }
  }
}

TEST(DcmtGenerator, DefaultsAre4096StreamsAndSeedZero) {
  for (Engine e : kEngines) {
    Generator g(e, Backend::cpu);
    const std::size_t n = 4096 * 3 + 5;
    EXPECT_EQ(bits(g, n), reference_bits(e, base_of(0), 4096, 0, 0, n)) << name(e);
  }
}

TEST(DcmtGenerator, SeedArrayIsStreamZerosSeedAndReproducesTheReferenceLibrary) {
  const gpurng::test::Csv sets = gpurng::test::read_csv("dcmt/dcmt_w32_parameter_sets.csv");
  const gpurng::test::Csv outs = gpurng::test::read_csv("dcmt/dcmt_w32_outputs.csv");
  int checked = 0;
  for (const auto& row : sets.rows) {
    const std::string p = row.at("p");
    if (p != "521" && p != "2203") continue;
    std::string text;
    for (std::size_t i = 0; i < sets.columns.size(); ++i) text += (i ? "," : "") + sets.columns[i];
    text += "\n";
    for (std::size_t i = 0; i < sets.columns.size(); ++i) text += (i ? "," : "") + row.at(sets.columns[i]);
    text += "\n";
    const std::string path = temp_file(text);
    std::vector<std::uint32_t> want;
    for (const auto& o : outs.rows) {
      if (o.at("case") == row.at("case")) want.push_back(static_cast<std::uint32_t>(std::stoul(o.at("output"))));
    }
    Generator g(p == "521" ? Engine::dcmt521 : Engine::dcmt2203, Backend::cpu);
    g.param_file(path);
    g.streams(1);
    g.seed_array({std::stoull(row.at("init_seed"))});
    EXPECT_EQ(bits(g, want.size()), want) << row.at("case");
    // The same numbers from any offset (a jump from the seeding).
    g.offset(want.size() - 9);
    const std::vector<std::uint32_t> tail(want.end() - 9, want.end());
    EXPECT_EQ(bits(g, 9), tail) << row.at("case");
    std::remove(path.c_str());
    ++checked;
  }
  EXPECT_EQ(checked, 11);  // 8 MT521 cases (one set twice), 3 MT2203
}

TEST(DcmtGenerator, SelectStreamShiftsTheStreamIds) {
  for (Engine e : kEngines) {
    Generator g = make(e, 9, 5);
    g.select_stream(1000);
    const std::size_t n = 5 * 150;
    EXPECT_EQ(bits(g, n), reference_bits(e, base_of(9), 5, 1000, 0, n)) << name(e);
    // The last stream id is 2^32 - 1.
    Generator h = make(e, 9, 1);
    h.select_stream(0xffffffffull);
    EXPECT_EQ(bits(h, 40), reference_bits(e, base_of(9), 1, 0xffffffffull, 0, 40)) << name(e);
  }
}

TEST(DcmtGenerator, OffsetsAndSplitsNeverChangeAValue) {
  std::mt19937_64 rng(8);
  for (Engine e : kEngines) {
    for (std::uint64_t S : {std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{64}, std::uint64_t{4096}}) {
      const std::size_t total = S == 4096 ? 4096 * 40 + 11 : 20000 + S;
      Generator whole = make(e, 5, S);
      const std::vector<std::uint32_t> all = bits(whole, total);
      // The same positions in random calls, one generator (the windows kept between calls).
      Generator parts = make(e, 5, S);
      std::vector<std::uint32_t> joined;
      while (joined.size() < total) {
        const std::size_t k = std::min<std::size_t>(total - joined.size(), rng() % (3 * S + 300));
        const std::vector<std::uint32_t> v = bits(parts, k);
        joined.insert(joined.end(), v.begin(), v.end());
      }
      EXPECT_EQ(joined, all) << name(e) << " S " << S;
      // Any window from a fresh generator at an offset (from the seeding and a jump).
      for (int t = 0; t < 6; ++t) {
        const std::size_t at = rng() % total, len = std::min<std::size_t>(total - at, 1 + rng() % 2000);
        Generator g = make(e, 5, S);
        g.offset(at);
        EXPECT_EQ(bits(g, len), std::vector<std::uint32_t>(all.begin() + at, all.begin() + at + len))
            << name(e) << " S " << S << " at " << at;
      }
    }
  }
}

TEST(DcmtGenerator, ThreadCountsAndChunksNeverChangeAValue) {
  // Few streams and many threads: lanes are cut into chunks, each jumped to its start. With first
  // stream 37 the three streams use sets 37, 38, 0 of dcmt521's 39 and 1, 2, 0 of dcmt2203's 3 (the
  // polynomial table holds only those, and its columns wrap past the family's last set).
  for (Engine e : kEngines) {
    for (std::uint64_t stream0 : {std::uint64_t{0}, std::uint64_t{37}}) {
      const std::size_t n = std::size_t{1} << 20;
      Generator one = make(e, 3, 3, 1);
      one.select_stream(stream0);
      const std::vector<std::uint32_t> want = bits(one, n);
      for (unsigned threads : {2u, 5u, 16u}) {
        Generator g = make(e, 3, 3, threads);
        g.select_stream(stream0);
        EXPECT_EQ(bits(g, n), want) << name(e) << " threads " << threads;
        Generator h = make(e, 3, 3, threads);
        h.select_stream(stream0);
        h.offset(1001);
        const std::vector<std::uint32_t> tail = bits(h, n - 1001);
        EXPECT_TRUE(std::equal(tail.begin(), tail.end(), want.begin() + 1001)) << name(e) << " threads " << threads;
      }
    }
  }
}

TEST(DcmtGenerator, FarOffsetsAgreeWithNearbyOnes) {
  for (Engine e : kEngines) {
    for (std::uint64_t k : {std::uint64_t{1} << 32, (std::uint64_t{1} << 40) + 7, (std::uint64_t{1} << 63) + 12345,
                            ~std::uint64_t{0} - 1000}) {
      Generator a = make(e, 11, 3);
      a.offset(k - 20);
      const std::vector<std::uint32_t> va = bits(a, 30);
      Generator b = make(e, 11, 3);
      b.offset(k);
      EXPECT_EQ(bits(b, 10), std::vector<std::uint32_t>(va.begin() + 20, va.end())) << name(e) << " offset " << k;
    }
    // Jumped against the slow reference stepped there (one stream; three streams past the last set).
    Generator g = make(e, 11, 1);
    g.offset(100003);
    EXPECT_EQ(bits(g, 20), reference_bits(e, base_of(11), 1, 0, 100003, 20)) << name(e);
    Generator h = make(e, 11, 3);
    h.select_stream(shape(e).count - 1);
    h.offset(3 * 40000 + 1);
    EXPECT_EQ(bits(h, 20), reference_bits(e, base_of(11), 3, shape(e).count - 1, 3 * 40000 + 1, 20)) << name(e);
  }
}

TEST(DcmtGenerator, EndOfTheAddressableSequence) {
  Generator g = make(Engine::dcmt521, 1, 4096);
  g.offset(~std::uint64_t{0} - 5);
  EXPECT_EQ(g.remaining(), 5u);
  std::vector<std::uint32_t> v(6);
  EXPECT_THROW(g.generate_bits(v.data(), 6), gpurng::Error);
  EXPECT_EQ(g.offset(), ~std::uint64_t{0} - 5);
  g.generate_bits(v.data(), 5);
  EXPECT_EQ(g.remaining(), 0u);
}

TEST(DcmtGenerator, DistributionsArePerStream) {
  // Value j of stream s of every distribution comes from that stream's raw outputs; a Box-Muller pair
  // is the stream's values 2m, 2m+1 (positions i and i + S), never two streams.
  for (Engine e : kEngines) {
    const std::uint64_t S = 5;
    const std::size_t n = 5 * 60 + 3;
    const std::vector<std::uint32_t> raw = reference_bits(e, base_of(4), S, 0, 0, n + 2 * S);
    Generator g = make(e, 4, S);
    std::vector<double> normals(n);
    g.generate_normal(normals.data(), n, 1.0, 0.5);
    Generator h = make(e, 4, S);
    std::vector<float> unif(n);
    h.generate_uniform(unif.data(), n);
    const gpurng::core::dist::Normal<dcmt::Engine, double> normal{1.0, 0.5};
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t j = i / S, s = i % S, m = j - j % 2;
      const std::uint32_t pair[2] = {raw[m * S + s], raw[(m + 1) * S + s]};
      double v[2];
      normal(pair, v);
      EXPECT_EQ(normals[i], v[j % 2]) << name(e) << " i " << i;
      EXPECT_EQ(unif[i], dcmt::Engine::uniform_float(raw[i])) << name(e) << " i " << i;
    }
    // Odd offsets and splits inside pairs give the same normals.
    Generator k = make(e, 4, S);
    k.offset(7);
    std::vector<double> part(n - 7);
    k.generate_normal(part.data(), part.size(), 1.0, 0.5);
    EXPECT_TRUE(std::equal(part.begin(), part.end(), normals.begin() + 7)) << name(e);
  }
}

TEST(DcmtGenerator, UniformsLieInTheDocumentedIntervalsAndLookUniform) {
  for (Engine e : kEngines) {
    Generator g = make(e, 77, 256);
    const std::size_t n = 1 << 20;
    std::vector<double> u(n);
    g.generate_uniform(u.data(), n);
    std::vector<int> bins(64, 0);
    double sum = 0;
    for (double x : u) {
      ASSERT_GT(x, 0.0);
      ASSERT_LT(x, 1.0);
      ++bins[static_cast<int>(x * 64)];
      sum += x;
    }
    double chi2 = 0;
    for (int b : bins) chi2 += (b - n / 64.0) * (b - n / 64.0) / (n / 64.0);
    EXPECT_LT(chi2, 110.0) << name(e);  // 63 degrees of freedom: p ~ 2e-4 above 110
    EXPECT_NEAR(sum / n, 0.5, 5 * std::sqrt(1.0 / 12 / n)) << name(e);
  }
}

TEST(DcmtGenerator, StateFilesContinueBitForBitAndCarryTheFamily) {
  for (Engine e : kEngines) {
    Generator g = make(e, 21, 9);
    g.select_stream(33);
    std::vector<std::uint32_t> skip(1234);
    g.generate_bits(skip.data(), skip.size());
    const std::vector<std::uint8_t> state = g.state_bytes();
    const std::vector<std::uint32_t> want = bits(g, 5000);
    Generator h(e, Backend::cpu);
    h.restore_state_bytes(state.data(), state.size());
    EXPECT_EQ(h.offset(), 1234u);
    EXPECT_EQ(bits(h, 5000), want) << name(e);
  }
  // A family from a parameter file travels with the state.
  const std::string path = temp_file(
      "n,m,r,aaa,wmask,umask,lmask,shift0_u,shift1_l,shiftB_s,shiftC_t,maskB_b,maskC_c\n"
      "17,8,23,0xe84e0000,0xffffffff,0xff800000,0x007fffff,12,18,7,15,0xf4f2db80,0xff770000\n");
  Generator g(Engine::dcmt521, Backend::cpu);
  g.param_file(path);
  g.streams(2);
  const std::vector<std::uint8_t> state = g.state_bytes();
  const std::vector<std::uint32_t> want = bits(g, 100);
  std::remove(path.c_str());
  Generator h(Engine::dcmt521, Backend::cpu);
  h.restore_state_bytes(state.data(), state.size());
  EXPECT_EQ(bits(h, 100), want);
  // A default-family generator gives different numbers: the file's family was restored.
  Generator d = make(Engine::dcmt521, 0, 2);
  EXPECT_NE(bits(d, 100), want);
}

TEST(DcmtGenerator, CorruptStatesAreRejected) {
  Generator g = make(Engine::dcmt521, 1, 3);
  std::vector<std::uint8_t> state = g.state_bytes();
  // Payload: base u32 at 24, streams u64 at 28: zero streams.
  std::vector<std::uint8_t> bad = state;
  for (int i = 0; i < 8; ++i) bad[28 + i] = 0;
  // Fix the CRC so that only the payload check can catch it.
  const std::uint32_t crc = gpurng::detail::crc32(bad.data(), bad.size() - 4);
  for (int i = 0; i < 4; ++i) bad[bad.size() - 4 + i] = static_cast<std::uint8_t>(crc >> (8 * i));
  Generator h(Engine::dcmt521, Backend::cpu);
  try {
    h.restore_state_bytes(bad.data(), bad.size());
    FAIL() << "accepted zero streams";
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), gpurng::Status::corrupt_state);
  }
  // A state of one engine does not load into the other.
  Generator k(Engine::dcmt2203, Backend::cpu);
  EXPECT_THROW(k.restore_state_bytes(state.data(), state.size()), gpurng::Error);
}

TEST(DcmtGenerator, EveryBadArgumentIsRejectedAndChangesNothing) {
  for (Engine e : kEngines) {
    Generator g = make(e, 1, 4);
    g.offset(10);
    auto expect_error = [&](gpurng::Status s, const char* mention, auto&& f) {
      try {
        f();
        ADD_FAILURE() << name(e) << ": no error for " << mention;
      } catch (const gpurng::Error& err) {
        EXPECT_EQ(err.status(), s) << err.what();
        EXPECT_NE(std::string(err.what()).find(mention), std::string::npos) << err.what();
      }
      EXPECT_EQ(g.offset(), 10u);
    };
    expect_error(gpurng::Status::invalid_argument, "[1, 1048576]", [&] { g.streams(0); });
    expect_error(gpurng::Status::invalid_argument, "[1, 1048576]", [&] { g.streams((1u << 20) + 1); });
    expect_error(gpurng::Status::invalid_argument, "substream", [&] { g.select_stream(0, 1); });
    expect_error(gpurng::Status::invalid_argument, "2^32", [&] { g.select_stream(std::uint64_t{1} << 32); });
    expect_error(gpurng::Status::invalid_argument, "exactly one word", [&] { g.seed_array({1, 2}); });
    expect_error(gpurng::Status::invalid_argument, "below 2^32", [&] { g.seed_array({std::uint64_t{1} << 32}); });
    expect_error(gpurng::Status::unsupported, "32-bit", [&] {
      std::uint64_t v[2];
      g.generate_bits(v, 2);
    });
    expect_error(gpurng::Status::io_error, "cannot open", [&] { g.param_file("/nonexistent/sets.csv"); });
    expect_error(gpurng::Status::unsupported, "dimensions", [&] { g.dimensions(2); });
    expect_error(gpurng::Status::unsupported, "parameter sets", [&] { g.param_set(1); });
    // Streams and first stream together past 2^32: caught when generating.
    Generator h = make(e, 1, 1000);
    h.select_stream(0xffffffffull - 10);
    std::vector<std::uint32_t> v(5);
    EXPECT_THROW(h.generate_bits(v.data(), 5), gpurng::Error);
    EXPECT_EQ(h.offset(), 0u);
  }
}

TEST(DcmtGenerator, CApi) {
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_DCMT521, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_seed(g, 42), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_streams(g, 3), GPURNG_STATUS_SUCCESS);
  std::vector<std::uint32_t> v(30);
  EXPECT_EQ(gpurng_generate_bits32(g, v.data(), v.size()), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(v, reference_bits(Engine::dcmt521, base_of(42), 3, 0, 0, 30));
  EXPECT_EQ(gpurng_set_streams(g, 0), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("streams"), std::string::npos);
  EXPECT_EQ(gpurng_set_param_file(g, "/nonexistent.csv"), GPURNG_STATUS_IO_ERROR);
  EXPECT_EQ(gpurng_set_param_file(g, nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  std::uint64_t v64[2];
  EXPECT_EQ(gpurng_generate_bits64(g, v64, 2), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_destroy(g), GPURNG_STATUS_SUCCESS);
  gpurng_generator_t h = nullptr;
  ASSERT_EQ(gpurng_create(&h, GPURNG_ENGINE_DCMT2203, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_destroy(h), GPURNG_STATUS_SUCCESS);
}
