// The gpurng tool with the per-thread engines: --streams, --stream, kiss99's --seed-array, the raw
// binary stream used for dieharder, and one line on stderr for every bad argument.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "gpurng/gpurng.hpp"

namespace {

using Result = gpurng::test::CliResult;

Result run(const std::vector<std::string>& args) {
  return gpurng::test::run_program(gpurng::test::staged_cli_path(), args);
}

std::string lines(const std::vector<std::uint32_t>& v) {
  std::string s;
  for (std::uint32_t x : v) s += std::to_string(x) + "\n";
  return s;
}

}  // namespace

TEST(CliPerThread, Kiss99DefaultsAndMarsaglias1999CheckValue) {
  REQUIRE_CLI();
  const Result d = run({"generate", "--engine", "kiss99", "--dist", "bits", "--count", "3", "--backend", "cpu"});
  ASSERT_EQ(d.rc, 0) << d.err;
  EXPECT_EQ(d.out, "769445856\n742012328\n2121196314\n");
  const Result c = run({"generate", "--engine", "kiss99", "--dist", "bits", "--seed-array", "12345,65435,34221,12345",
                        "--offset", "1000255", "--count", "1", "--backend", "cpu"});
  ASSERT_EQ(c.rc, 0) << c.err;
  EXPECT_EQ(c.out, "1372460312\n");
}

TEST(CliPerThread, StreamsAndStreamSelectionMatchTheLibrary) {
  REQUIRE_CLI();
  for (const char* e : {"mwc", "xorshift256", "kiss"}) {
    const Result r = run({"generate", "--engine", e, "--dist", "bits", "--seed", "7", "--streams", "3", "--stream", "10",
                          "--offset", "5", "--count", "11", "--backend", "cpu"});
    ASSERT_EQ(r.rc, 0) << r.err;
    gpurng::Generator g(gpurng::parse_engine(e), gpurng::Backend::cpu);
    g.seed(7);
    g.streams(3);
    g.select_stream(10);
    g.offset(5);
    std::vector<std::uint32_t> want(11);
    g.generate_bits(want.data(), want.size());
    EXPECT_EQ(r.out, lines(want)) << e;
  }
}

TEST(CliPerThread, RawBinaryForBatteries) {
  REQUIRE_CLI();
  const Result r = run({"generate", "--engine", "xorshift256", "--dist", "bits", "--format", "bin", "--count", "1000",
                        "--out", "-", "--backend", "cpu"});
  ASSERT_EQ(r.rc, 0) << r.err;
  gpurng::Generator g(gpurng::Engine::xorshift256, gpurng::Backend::cpu);
  std::vector<std::uint32_t> want(1000);
  g.generate_bits(want.data(), want.size());
  EXPECT_EQ(r.out, std::string(reinterpret_cast<const char*>(want.data()), want.size() * 4));
}

TEST(CliPerThread, EveryBadArgumentGetsOneClearLine) {
  REQUIRE_CLI();
  struct Case {
    std::vector<std::string> args;
    int rc;
    const char* mention;
  };
  const std::vector<Case> cases = {
      {{"generate", "--engine", "mwc", "--streams", "0"}, 2, ">= 1"},
      {{"generate", "--engine", "mwc", "--streams", "76637"}, 2, "76636"},
      {{"generate", "--engine", "kiss", "--streams", "10", "--stream", "76630"}, 2, "76636"},
      {{"generate", "--engine", "kiss", "--stream", "76636"}, 2, "76636"},
      {{"generate", "--engine", "xorshift256", "--streams", "2^33"}, 2, "4294967296"},
      {{"generate", "--engine", "xorshift256", "--substream", "1"}, 2, "substream"},
      {{"generate", "--engine", "mwc", "--seed-array", "1,2"}, 2, "seed(s)"},
      {{"generate", "--engine", "kiss99", "--seed-array", "1,2,3"}, 2, "4 words"},
      {{"generate", "--engine", "kiss99", "--seed-array", "0,1,1,1"}, 2, "z = 0"},
      {{"generate", "--engine", "kiss99", "--seed-array", "1,1,0,1"}, 2, "jsr = 0"},
      {{"generate", "--engine", "kiss99", "--streams", "4"}, 2, "no streams"},
      {{"generate", "--engine", "kiss99", "--stream", "1"}, 2, "single stream"},
      {{"generate", "--engine", "kiss", "--dims", "2"}, 2, "no dimensions"},
  };
  for (const Case& c : cases) {
    const Result r = run(c.args);
    ASSERT_NO_FATAL_FAILURE(
        gpurng::test::expect_refused(r, c.rc, "gpurng: error: ", c.mention, gpurng::test::shown_args(c.args)));
  }
}

TEST(CliPerThread, OneStreamAloneInEitherOptionOrder) {
  REQUIRE_CLI();
  const Result r = run({"generate", "--engine", "mwc", "--dist", "bits", "--stream", "70000", "--streams", "1",
                        "--count", "4", "--backend", "cpu"});
  ASSERT_EQ(r.rc, 0) << r.err;
  gpurng::Generator g(gpurng::Engine::mwc, gpurng::Backend::cpu);
  g.streams(1);
  g.select_stream(70000);
  std::vector<std::uint32_t> want(4);
  g.generate_bits(want.data(), want.size());
  EXPECT_EQ(r.out, lines(want));
}
