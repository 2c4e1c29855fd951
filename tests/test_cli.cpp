// The gpurng tool run as a user runs it: outputs match the library bit for bit in every format,
// and every bad argument gives one line on stderr and a non-zero exit.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "gpurng/core/dist/half.hpp"
#include "gpurng/gpurng.hpp"
#include "test_support.hpp"
#include "value_writer.hpp"

namespace {

using Result = gpurng::test::CliResult;
using gpurng::test::slurp;

std::string temp(const std::string& name) { return gpurng::test::temp_path(name); }

Result run(const std::vector<std::string>& args) { return gpurng::test::run_cli(args); }

gpurng::Generator cpu_generator() { return gpurng::Generator(gpurng::Engine::mrg32k3a, gpurng::Backend::cpu); }

}  // namespace

TEST(Cli, DefaultRunPrintsRngStreamsUniforms) {
  const Result r = run({"generate", "--engine", "mrg32k3a", "--count", "3", "--backend", "cpu"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, "0.12701112204657714\n0.3185275653967945\n0.30918601558327008\n");
  EXPECT_EQ(r.err, "");
}

TEST(Cli, TextRoundTripsToTheLibraryValues) {
  const Result r = run({"generate", "--seed", "0x2a", "--offset", "17", "--count", "1001", "--dist", "normal",
                        "--precision", "float", "--mean", "1", "--stddev", "2", "--backend", "cpu"});
  ASSERT_EQ(r.rc, 0) << r.err;
  gpurng::Generator g = cpu_generator();
  g.seed(42);
  g.offset(17);
  std::vector<float> want(1001);
  g.generate_normal(want.data(), want.size(), 1.0f, 2.0f);
  std::istringstream in(r.out);
  std::string line;
  std::size_t i = 0;
  while (std::getline(in, line)) {
    ASSERT_LT(i, want.size());
    EXPECT_EQ(std::strtof(line.c_str(), nullptr), want[i]) << "line " << i << ": " << line;
    ++i;
  }
  EXPECT_EQ(i, want.size());

  const Result b = run({"generate", "--dist", "bits", "--count", "5", "--stream", "1", "--substream", "2", "--backend", "cpu"});
  ASSERT_EQ(b.rc, 0) << b.err;
  gpurng::Generator h = cpu_generator();
  h.select_stream(1, 2);
  std::uint32_t bits[5];
  h.generate_bits(bits, 5);
  std::string expect;
  for (std::uint32_t v : bits) expect += std::to_string(v) + "\n";
  EXPECT_EQ(b.out, expect);
}

TEST(Cli, BinaryAndNpyFilesHoldExactlyTheValues) {
  const std::string bin = temp("v.bin"), npy = temp("v.npy");
  ASSERT_EQ(run({"generate", "--dist", "exponential", "--lambda", "0.5", "--count", "12345", "--format", "bin", "--out", bin,
                 "--backend", "cpu"}).rc, 0);
  ASSERT_EQ(run({"generate", "--dist", "exponential", "--lambda", "0.5", "--count", "12345", "--format", "npy", "--out", npy,
                 "--backend", "cpu"}).rc, 0);
  gpurng::Generator g = cpu_generator();
  std::vector<double> want(12345);
  g.generate_exponential(want.data(), want.size(), 0.5);
  const std::string raw(reinterpret_cast<const char*>(want.data()), want.size() * sizeof(double));
  EXPECT_EQ(slurp(bin), raw);
  const std::string header = gpurng::cli::npy_header(gpurng::cli::ValueKind::f64, 12345);
  EXPECT_EQ(header.size() % 64, 0u);
  EXPECT_EQ(slurp(npy), header + raw);
  EXPECT_NE(header.find("'descr': '<f8', 'fortran_order': False, 'shape': (12345,)"), std::string::npos);
  EXPECT_NE(::access((bin + ".part").c_str(), F_OK), 0) << "no partial file may remain";
  std::remove(bin.c_str());
  std::remove(npy.c_str());
}

// --precision float16 / bfloat16: the library's 16-bit patterns in bin and npy (float16 only: NumPy
// has no bfloat16), decimal text that reads back to each value exactly, and the range checks of
// the half type.
TEST(Cli, HalfPrecisionOutputs) {
  const std::string bin = temp("h.bin"), npy = temp("h.npy");
  const std::vector<std::string> common = {"generate", "--dist", "normal", "--mean", "1", "--stddev", "3",
                                           "--count", "4097", "--backend", "cpu"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = common;
    a.insert(a.end(), extra.begin(), extra.end());
    return run(a);
  };
  ASSERT_EQ(with({"--precision", "bfloat16", "--format", "bin", "--out", bin}).rc, 0);
  ASSERT_EQ(with({"--precision", "float16", "--format", "npy", "--out", npy}).rc, 0);
  const Result txt = with({"--precision", "float16"});
  ASSERT_EQ(txt.rc, 0) << txt.err;
  const double params[2] = {1.0, 3.0};
  std::vector<std::uint16_t> bf(4097), f16(4097);
  gpurng::Generator g = cpu_generator();
  g.generate(gpurng::Distribution::normal, gpurng::ValueType::bf16, params, 2, bf.data(), bf.size());
  gpurng::Generator h = cpu_generator();
  h.generate(gpurng::Distribution::normal, gpurng::ValueType::f16, params, 2, f16.data(), f16.size());
  EXPECT_EQ(slurp(bin), std::string(reinterpret_cast<const char*>(bf.data()), bf.size() * 2));
  const std::string header = gpurng::cli::npy_header(gpurng::cli::ValueKind::f16, 4097);
  EXPECT_NE(header.find("'descr': '<f2'"), std::string::npos) << header;
  EXPECT_EQ(slurp(npy), header + std::string(reinterpret_cast<const char*>(f16.data()), f16.size() * 2));
  std::istringstream in(txt.out);
  std::string line;
  std::size_t i = 0;
  while (std::getline(in, line)) {
    ASSERT_LT(i, f16.size());
    EXPECT_EQ(gpurng::core::dist::float_to_binary16_bits(std::strtof(line.c_str(), nullptr)), f16[i])
        << "line " << i << ": " << line;
    ++i;
  }
  EXPECT_EQ(i, f16.size());
  std::remove(bin.c_str());
  std::remove(npy.c_str());

  const Result no_npy = with({"--precision", "bfloat16", "--format", "npy", "--out", npy});
  EXPECT_EQ(no_npy.rc, 2);
  EXPECT_NE(no_npy.err.find("NumPy has no bfloat16"), std::string::npos) << no_npy.err;
  EXPECT_NE(::access(npy.c_str(), F_OK), 0) << "no file for a refused run";
  const Result wide = run({"generate", "--dist", "normal", "--mean", "65500", "--precision", "float16", "--backend", "cpu"});
  EXPECT_EQ(wide.rc, 2);
  EXPECT_NE(wide.err.find("65504 (the largest float16)"), std::string::npos) << wide.err;
  const Result expo = run({"generate", "--dist", "exponential", "--precision", "float16", "--backend", "cpu"});
  EXPECT_EQ(expo.rc, 2);
  EXPECT_NE(expo.err.find("--precision: 'float16' is not one of double, float"), std::string::npos) << expo.err;
}

TEST(Cli, ProgressLineWhenAsked) {
  ::setenv("GPURNG_PROGRESS_DELAY_MS", "0", 1);
  const Result r = run({"generate", "--count", "3000000", "--format", "bin", "--out", "/dev/null", "--progress", "always"});
  ::unsetenv("GPURNG_PROGRESS_DELAY_MS");
  EXPECT_EQ(r.rc, 0);
  EXPECT_NE(r.err.find("100.00%  3000000 / 3000000 values"), std::string::npos) << r.err;
  const Result quiet = run({"generate", "--count", "3000000", "--format", "bin", "--out", "/dev/null"});
  EXPECT_EQ(quiet.err, "") << "no progress when stderr is not a terminal";
}

// --out to something that is not a regular file is written in place: /dev/null stays a device (a
// rename of a finished temporary over it would replace the node); a directory is refused.
TEST(Cli, OutToDevicesAndPipesWritesInPlace) {
  struct stat before {};
  if (::stat("/dev/null", &before) != 0 || !S_ISCHR(before.st_mode)) {
    // Another program on this machine replaced it already: nothing here can show that we keep it.
    GTEST_SKIP() << "/dev/null is not a character device on this machine: in-place writing not tested";
  }
  const Result r = run({"generate", "--count", "1000", "--format", "bin", "--out", "/dev/null"});
  EXPECT_EQ(r.rc, 0) << r.err;
  struct stat after {};
  ASSERT_EQ(::stat("/dev/null", &after), 0);
  EXPECT_TRUE(S_ISCHR(after.st_mode)) << "/dev/null must still be a character device";
  EXPECT_NE(::access("/dev/null.part", F_OK), 0);

  // A directory is refused with one line naming --out.
  const Result dir = run({"generate", "--count", "4", "--out", ::testing::TempDir()});
  EXPECT_NE(dir.rc, 0);
  EXPECT_NE(dir.err.find("--out"), std::string::npos) << dir.err;
}

TEST(Cli, ZeroCountAndHelpAndList) {
  const Result zero = run({"generate", "--count", "0"});
  EXPECT_EQ(zero.rc, 0);
  EXPECT_EQ(zero.out, "");
  const Result help = run({"generate", "--help"});
  EXPECT_EQ(help.rc, 0);
  EXPECT_NE(help.out.find("--dist"), std::string::npos);
  EXPECT_NE(help.out.find("--seed-array"), std::string::npos);
  const Result list = run({"list"});
  EXPECT_EQ(list.rc, 0);
  EXPECT_NE(list.out.find("mrg32k3a"), std::string::npos);
  EXPECT_NE(list.out.find("devices:"), std::string::npos);
}

// The engines of issue 22 by name: list shows them; generate's bits are the library's at the same
// seed, stream and offset; NumPy's PCG64 and cuRAND's XORWOW values come out of the CLI as they are.
TEST(Cli, SeekableEnginesByName) {
  const Result list = run({"list"});
  ASSERT_EQ(list.rc, 0);
  const std::pair<const char*, gpurng::Engine> engines[] = {
      {"philox4x32-10", gpurng::Engine::philox4x32_10},     {"philox4x64-10", gpurng::Engine::philox4x64_10},
      {"threefry4x64-20", gpurng::Engine::threefry4x64_20}, {"threefry2x32-20", gpurng::Engine::threefry2x32_20},
      {"pcg64", gpurng::Engine::pcg64},                     {"pcg64dxsm", gpurng::Engine::pcg64dxsm},
      {"xorwow", gpurng::Engine::xorwow}};
  for (const auto& [name, engine] : engines) {
    EXPECT_NE(list.out.find(std::string("  ") + name + " "), std::string::npos) << name;
    const Result r = run({"generate", "--engine", name, "--seed", "42", "--stream", "3", "--offset", "5", "--count", "6",
                          "--dist", "bits", "--backend", "cpu"});
    ASSERT_EQ(r.rc, 0) << name << ": " << r.err;
    gpurng::Generator g(engine, gpurng::Backend::cpu);
    g.seed(42);
    g.select_stream(3);
    g.offset(5);
    std::ostringstream want;
    if (gpurng::engine_info(engine).bits_width == 64) {
      std::uint64_t v[6];
      g.generate_bits(v, 6);
      for (std::uint64_t x : v) want << x << "\n";
    } else {
      std::uint32_t v[6];
      g.generate_bits(v, 6);
      for (std::uint32_t x : v) want << x << "\n";
    }
    EXPECT_EQ(r.out, want.str()) << name;
  }
  // numpy.random.PCG64(42).random_raw(3)[1:] (tests/data/numpy/pcg64.csv, advance 1).
  const Result pcg = run({"generate", "--engine", "pcg64", "--seed", "42", "--offset", "1", "--count", "2", "--dist",
                          "bits", "--backend", "cpu"});
  ASSERT_EQ(pcg.rc, 0) << pcg.err;
  for (const auto& row : gpurng::test::read_csv("numpy/pcg64.csv").rows) {
    if (row.at("generator") != "pcg64" || row.at("seed") != "0x2a" || row.at("jumps") != "0" || row.at("advance") != "0x1") {
      continue;
    }
    std::istringstream words(row.at("outputs"));
    std::string a, b;
    words >> a >> b;
    EXPECT_EQ(pcg.out, std::to_string(std::stoull(a, nullptr, 16)) + "\n" + std::to_string(std::stoull(b, nullptr, 16)) + "\n");
  }
  // curand_init(0, 0, 0) then curand() twice (tests/data/curand).
  const Result x = run({"generate", "--engine", "xorwow", "--seed", "0", "--count", "2", "--dist", "bits", "--backend", "cpu"});
  ASSERT_EQ(x.rc, 0) << x.err;
  EXPECT_EQ(x.out, "3179217846\n1883133293\n");
  // Out-of-range arguments: exit 2, one line naming the range.
  const Result bad = run({"generate", "--engine", "threefry2x32-20", "--seed", "4294967296", "--count", "1", "--backend", "cpu"});
  EXPECT_EQ(bad.rc, 2);
  EXPECT_NE(bad.err.find("2^32 - 1"), std::string::npos) << bad.err;
  const Result sub = run({"generate", "--engine", "philox4x32-10", "--substream", "1", "--count", "1", "--backend", "cpu"});
  EXPECT_NE(sub.rc, 0);
  EXPECT_NE(sub.err.find("substream must be 0"), std::string::npos) << sub.err;
}

// Each bad argument: non-zero exit, exactly one line on stderr, naming the problem.
TEST(Cli, EveryBadArgumentGetsOneClearLine) {
  struct Case {
    std::vector<std::string> args;
    int rc;
    const char* mention;
  };
  const std::vector<Case> cases = {
      {{"generate", "--count", "-1"}, 2, "--count"},
      {{"generate", "--count", "1.5"}, 2, "--count"},
      {{"generate", "--count", "2^64"}, 2, "--count"},
      {{"generate", "--count", "99999999999999999999999"}, 2, "--count"},
      {{"generate", "--count", ""}, 2, "--count"},
      {{"generate", "--offset", "ten"}, 2, "--offset"},
      {{"generate", "--offset", "18446744073709551615", "--count", "2"}, 2, "end of the addressable"},
      {{"generate", "--dist", "gama"}, 2, "--dist"},
      {{"generate", "--precision", "half"}, 2, "--precision"},
      {{"generate", "--dist", "bits", "--precision", "float"}, 2, "--precision"},
      {{"generate", "--format", "csv"}, 2, "--format"},
      {{"generate", "--backend", "gpu"}, 2, "--backend"},
      {{"generate", "--engine", "nope"}, 2, "valid engines"},
      {{"generate", "--seed", "-3"}, 2, "--seed"},
      {{"generate", "--seed", "1", "--seed-array", "1,2,3,4,5,6"}, 2, "excludes"},
      {{"generate", "--seed-array", "1,2"}, 2, "6 words"},
      {{"generate", "--seed-array", "1,,2"}, 2, "--seed-array"},
      {{"generate", "--seed-array", "4294967087,1,1,1,1,1"}, 2, "s0"},
      {{"generate", "--seed-array", "0,0,0,1,1,1"}, 2, "all zero"},
      {{"generate", "--dist", "normal", "--stddev", "0"}, 2, "--stddev"},
      {{"generate", "--dist", "normal", "--stddev", "nan"}, 2, "--stddev"},
      {{"generate", "--dist", "normal", "--mean", "inf"}, 2, "--mean"},
      {{"generate", "--dist", "exponential", "--lambda", "-1"}, 2, "--lambda"},
      {{"generate", "--dist", "normal", "--lambda", "2"}, 2, "--lambda"},
      {{"generate", "--mean", "1"}, 2, "--mean"},
      {{"generate", "--threads", "100000"}, 2, "--threads"},
      {{"generate", "--progress", "sometimes"}, 2, "--progress"},
      {{"generate", "--bogus"}, 2, "--bogus"},
      {{"generate", "--dims", "0"}, 2, "--dims"},
      {{"generate", "--dims", "4"}, 2, "no dimensions"},
      {{"generate", "--scramble", "fancy"}, 2, "--scramble"},
      {{"generate", "--normal-method", "ziggurat"}, 2, "--normal-method"},
      {{"generate", "--streams", "8"}, 2, "no streams"},
      {{"generate", "--out", "/nonexistent/dir/file.txt"}, 1, "/nonexistent/dir/file.txt"},
      {{}, 2, "subcommand"},
      {{"frobnicate"}, 2, "frobnicate"},
  };
  for (const Case& c : cases) {
    const Result r = run(c.args);
    ASSERT_NO_FATAL_FAILURE(
        gpurng::test::expect_refused(r, c.rc, "gpurng: error: ", c.mention, gpurng::test::shown_args(c.args)));
  }
  if (gpurng::cuda_devices().empty()) {
    const Result r = run({"generate", "--backend", "cuda"});
    EXPECT_EQ(r.rc, 1);
    EXPECT_NE(r.err.find("cuda"), std::string::npos) << r.err;
  }
}

// ----- MT19937 / MT19937-64 -----------------------------------------------------------------------

namespace {

std::string lines_of(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += x + "\n";
  return s;
}

}  // namespace

TEST(CliMt19937, ServesTheReferenceStreams) {
  struct Case {
    std::vector<std::string> args;
    std::string out;
  };
  const std::vector<Case> cases = {
      {{"--engine", "mt19937", "--dist", "bits", "--count", "3"}, lines_of({"3499211612", "581869302", "3890346734"})},
      {{"--engine", "mt19937", "--dist", "bits", "--offset", "9999", "--count", "1"}, lines_of({"4123659995"})},
      {{"--engine", "mt19937-64", "--dist", "bits", "--offset", "9999", "--count", "1"}, lines_of({"9981545732273789042"})},
      {{"--engine", "mt19937", "--seed-array", "0x123,0x234,0x345,0x456", "--dist", "bits", "--count", "2"},
       lines_of({"1067595299", "955945823"})},
      {{"--engine", "mt19937-64", "--seed-array", "0x12345,0x23456,0x34567,0x45678", "--dist", "bits", "--offset", "999",
        "--count", "1"},
       lines_of({"994412663058993407"})},
      // After a jump of 10^12 positions (the jump table's known answer).
      {{"--engine", "mt19937", "--dist", "bits", "--offset", "1000000000000", "--count", "2"},
       lines_of({"2948162034", "2002140012"})},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"generate", "--backend", "cpu"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const Result r = run(args);
    ASSERT_EQ(r.rc, 0) << r.err;
    EXPECT_EQ(r.out, c.out) << c.args[1];
    EXPECT_EQ(r.err, "");
  }
}

TEST(CliMt19937, FilesHoldTheLibraryValues) {
  const std::string bin = temp("mt.bin");
  ASSERT_EQ(run({"generate", "--engine", "mt19937-64", "--seed", "18446744073709551615", "--offset", "7", "--dist", "normal",
                 "--count", "1001", "--format", "bin", "--out", bin, "--backend", "cpu"})
                .rc,
            0);
  gpurng::Generator g(gpurng::Engine::mt19937_64, gpurng::Backend::cpu);
  g.seed(~0ull);
  g.offset(7);
  std::vector<double> want(1001);
  g.generate_normal(want.data(), want.size());
  EXPECT_EQ(slurp(bin), std::string(reinterpret_cast<const char*>(want.data()), want.size() * sizeof(double)));
  std::remove(bin.c_str());
  const Result list = run({"list"});
  EXPECT_NE(list.out.find("mt19937-64"), std::string::npos);
  EXPECT_NE(list.out.find("2^19937-1"), std::string::npos);
}

TEST(CliMt19937, BadArgumentsGetOneClearLine) {
  struct Case {
    std::vector<std::string> args;
    int rc;
    const char* mention;
  };
  const std::vector<Case> cases = {
      {{"--engine", "mt19937", "--seed", "4294967296"}, 2, "mt19937 seed"},
      {{"--engine", "mt19937", "--seed-array", "1,4294967296"}, 2, "word 1"},
      {{"--engine", "mt19937", "--seed-array", ","}, 2, "--seed-array"},
      {{"--engine", "mt19937-64", "--stream", "1"}, 2, "no streams"},
      {{"--engine", "mt19937", "--dims", "2"}, 2, "no dimensions"},
      {{"--engine", "mt19937", "--offset", "18446744073709551615", "--count", "2"}, 2, "end of the addressable"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"generate", "--backend", "cpu"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const Result r = run(args);
    ASSERT_NO_FATAL_FAILURE(
        gpurng::test::expect_refused(r, c.rc, "", c.mention, gpurng::test::shown_args(c.args)));
  }
}

// MTGP through the tool: --engine, --param-set, --streams, --seed and --seed-array as the reference
// seeds (known answers from tests/data/mtgp), and each bad value in one line.
TEST(Cli, MtgpEnginesSeedAsTheReference) {
  const gpurng::test::Csv kat32 = gpurng::test::read_csv("mtgp/mtgp32_kat_11213_idx1.csv");
  const Result r = run({"generate", "--engine", "mtgp11213", "--streams", "1", "--param-set", "1", "--seed", "1", "--dist",
                        "bits", "--count", "5", "--backend", "cpu"});
  ASSERT_EQ(r.rc, 0) << r.err;
  std::string want;
  for (int i = 0; i < 5; ++i) want += kat32.rows[i].at("value") + "\n";  // seed_1_uint, n = 0..4
  EXPECT_EQ(r.out, want);

  const gpurng::test::Csv kat64 = gpurng::test::read_csv("mtgp/mtgp64_kat_110503_idx127.csv");
  const Result a = run({"generate", "--engine", "mtgp64-110503", "--streams", "1", "--param-set", "127", "--seed-array",
                        "1,2,3,4", "--dist", "bits", "--count", "3", "--backend", "cpu"});
  ASSERT_EQ(a.rc, 0) << a.err;
  std::string want64;
  for (const auto& row : kat64.rows) {
    if (row.at("section") == "array_1_2_3_4_uint" && std::stoi(row.at("n")) < 3) want64 += row.at("value") + "\n";
  }
  EXPECT_EQ(a.out, want64);

  // The default layout through the tool equals the library's.
  const Result d = run({"generate", "--engine", "mtgp23209", "--seed", "7", "--offset", "1000", "--count", "700",
                        "--dist", "normal", "--precision", "float", "--backend", "cpu"});
  ASSERT_EQ(d.rc, 0) << d.err;
  gpurng::Generator g(gpurng::Engine::mtgp23209, gpurng::Backend::cpu);
  g.seed(7);
  g.offset(1000);
  std::vector<float> v(700);
  g.generate_normal(v.data(), v.size(), 0.0f, 1.0f);
  std::istringstream in(d.out);
  std::string line;
  for (float x : v) {
    ASSERT_TRUE(std::getline(in, line));
    EXPECT_EQ(std::strtof(line.c_str(), nullptr), x);
  }

  struct Case {
    std::vector<std::string> args;
    int rc;
    const char* mention;
  };
  const std::vector<Case> cases = {
      {{"generate", "--engine", "mtgp11213", "--param-set", "128"}, 2, "[0, 127]"},
      {{"generate", "--engine", "mtgp64-23209", "--param-set", "4294967296"}, 2, "--param-set"},
      {{"generate", "--engine", "mtgp44497", "--streams", "0"}, 2, "streams"},
      {{"generate", "--engine", "mtgp44497", "--streams", "4097"}, 2, "[1, 4096]"},
      {{"generate", "--engine", "mtgp11213", "--seed", "4294967296"}, 2, "[0, 2^32-1]"},
      {{"generate", "--engine", "mtgp11213", "--seed-array", "1,4294967296"}, 2, "word 1"},
      {{"generate", "--engine", "mtgp11213", "--stream", "1"}, 2, "no stream selection"},
      {{"generate", "--engine", "mtgp11213-curand", "--seed-array", "1"}, 2, "seed array"},
      {{"generate", "--engine", "mtgp11213-curand", "--param-set", "9"}, 2, "[0, 8]"},
      {{"generate", "--engine", "mtgp64-44497", "--dims", "2"}, 2, "no dimensions"},
  };
  for (const Case& c : cases) {
    const Result e = run(c.args);
    ASSERT_NO_FATAL_FAILURE(
        gpurng::test::expect_refused(e, c.rc, "", c.mention, gpurng::test::shown_args(c.args)));
  }
}

// ----- Sobol' (issue 4) -----------------------------------------------------------------------------

TEST(CliSobol, DimensionMajorPointsAndRawIntegers) {
  // Points 0 and 1 of dimensions 1..3, dimension-major: 0, 1/2 in every dimension.
  const Result r = run({"generate", "--engine", "sobol32", "--dims", "3", "--count", "6", "--dist", "bits", "--backend", "cpu"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out, "0\n2147483648\n0\n2147483648\n0\n2147483648\n");
  const Result w = run({"generate", "--engine", "sobol64", "--count", "2", "--offset", "1", "--dist", "bits", "--backend", "cpu"});
  ASSERT_EQ(w.rc, 0) << w.err;
  EXPECT_EQ(w.out, "9223372036854775808\n13835058055282163712\n");  // 2^63, 3 * 2^62
}

TEST(CliSobol, TextMatchesTheLibraryForScrambledNormals) {
  const Result r = run({"generate", "--engine", "sobol64", "--dims", "5", "--scramble", "owen", "--seed", "7", "--offset", "3",
                        "--count", "5000", "--dist", "normal", "--precision", "float", "--backend", "cpu"});
  ASSERT_EQ(r.rc, 0) << r.err;
  gpurng::Generator g(gpurng::Engine::sobol64, gpurng::Backend::cpu);
  g.seed(7);
  g.dimensions(5);
  g.scramble(gpurng::Scramble::owen);
  g.offset(3);
  std::vector<float> want(5000);
  g.generate_normal(want.data(), want.size());
  std::istringstream in(r.out);
  std::string line;
  std::size_t i = 0;
  while (std::getline(in, line)) {
    ASSERT_LT(i, want.size());
    EXPECT_EQ(std::strtof(line.c_str(), nullptr), want[i]) << "line " << i;
    ++i;
  }
  EXPECT_EQ(i, want.size());
}

TEST(CliSobol, OneDimensionStreamsInChunksLikeOneCall) {
  const std::string bin = temp("sobol.bin");
  ASSERT_EQ(run({"generate", "--engine", "sobol32", "--count", "3000000", "--dist", "uniform", "--precision", "float",
                 "--scramble", "shift", "--format", "bin", "--out", bin, "--backend", "cpu"}).rc, 0);
  gpurng::Generator g(gpurng::Engine::sobol32, gpurng::Backend::cpu);
  g.scramble(gpurng::Scramble::digital_shift);
  std::vector<float> want(3000000);
  g.generate_uniform(want.data(), want.size());
  EXPECT_EQ(slurp(bin), std::string(reinterpret_cast<const char*>(want.data()), want.size() * sizeof(float)));
  std::remove(bin.c_str());
}

TEST(CliSobol, EveryBadArgumentGetsOneClearLine) {
  struct Case {
    std::vector<std::string> args;
    int rc;
    const char* mention;
  };
  const std::vector<Case> cases = {
      {{"generate", "--engine", "sobol32", "--dims", "21202"}, 2, "--dims"},
      {{"generate", "--engine", "sobol32", "--dims", "0"}, 2, "--dims"},
      {{"generate", "--engine", "sobol64", "--dims", "3", "--count", "10"}, 2, "--count"},
      {{"generate", "--engine", "sobol32", "--dims", "2", "--count", "2^29"}, 2, "--count"},
      {{"generate", "--engine", "sobol32", "--offset", "4294967297"}, 2, "--offset"},
      {{"generate", "--engine", "sobol32", "--offset", "4294967295", "--count", "2"}, 2, "--count"},
      {{"generate", "--engine", "sobol32", "--dist", "normal", "--normal-method", "box-muller"}, 2, "--normal-method"},
      {{"generate", "--engine", "sobol32", "--scramble", "random"}, 2, "--scramble"},
      {{"generate", "--engine", "mrg32k3a", "--scramble", "owen"}, 2, "--scramble"},
      {{"generate", "--engine", "sobol32", "--seed-array", "1,2"}, 2, "seed"},
      {{"generate", "--engine", "sobol32", "--stream", "1"}, 2, "streams"},
  };
  for (const Case& c : cases) {
    const Result r = run(c.args);
    ASSERT_NO_FATAL_FAILURE(
        gpurng::test::expect_refused(r, c.rc, "gpurng: error: ", c.mention, gpurng::test::shown_args(c.args)));
  }
}
