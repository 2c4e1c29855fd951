// gpurng generate --dist discrete --weights (a list or @file): the values are the library's
// (Generator::generate_discrete) for every way of giving the same weights; the weights parser
// (tools/gpurng/weights_option.cpp, also fuzzed: fuzz/fuzz_weights.cpp) names a bad entry's line
// and column and bounds what it reads; the other options' errors; --help and list name it.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "gpurng/gpurng.hpp"
#include "weights_option.hpp"

using gpurng::test::CliResult;
using gpurng::test::lines;
using gpurng::test::run_cli;

namespace {

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = gpurng::test::temp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

void expect_bad(const std::vector<std::string>& args, int rc, const std::string& mention) {
  const CliResult r = run_cli(args);
  ASSERT_NO_FATAL_FAILURE(gpurng::test::expect_refused(r, rc, "gpurng: error: ", mention, mention));
}

// What the text gives, or the error's message.
std::string parsed(const std::string& text, std::uint64_t max_entries = 1000) {
  try {
    std::string out;
    for (double w : gpurng::cli::parse_weights_text(text, "--weights", max_entries)) out += std::to_string(w) + " ";
    return out;
  } catch (const gpurng::Error& e) {
    EXPECT_EQ(e.status(), gpurng::Status::invalid_argument) << e.what();
    return e.what();
  }
}

}  // namespace

TEST(CliDiscrete, ValuesAreTheLibrarys) {
  const std::vector<double> w = {0.5, 0.0, 3.0, 1e-3, 2.0};
  gpurng::Generator g(gpurng::Engine::philox4x32_10, gpurng::Backend::cpu);
  g.seed(9);
  g.offset(3);
  std::int64_t v[40];
  g.generate_discrete(gpurng::DiscreteTable(w), v, 40);
  const std::string file = write_file("weights_ok.txt", "# five categories\n0.5, 0\r\n3.0\t1e-3 # small\n\n2\n");
  for (const std::string& weights : {std::string("0.5,0,3,0.001,2"), "@" + file}) {
    for (const char* precision : {"int64", "int32", "uint32", "uint64"}) {
      SCOPED_TRACE(weights + " " + precision);
      const CliResult r = run_cli({"generate", "--engine", "philox4x32-10", "--seed", "9", "--dist", "discrete",
                                   "--weights", weights, "--precision", precision, "--count", "40", "--offset", "3"});
      ASSERT_EQ(r.rc, 0) << r.err;
      const auto got = lines(r.out);
      ASSERT_EQ(got.size(), 40u);
      for (int i = 0; i < 40; ++i) EXPECT_EQ(got[i], std::to_string(v[i])) << i;
    }
  }
  // A category of weight 0 never appears, in many values.
  const CliResult many = run_cli({"generate", "--dist", "discrete", "--weights", "1,0,1", "--count", "3000"});
  ASSERT_EQ(many.rc, 0) << many.err;
  for (const std::string& s : lines(many.out)) ASSERT_NE(s, "1");
}

TEST(CliDiscrete, BadWeights) {
  expect_bad({"generate", "--dist", "discrete", "--weights", "1,,2"}, 2, "--weights: entry 2 (line 1, column 3) is empty");
  expect_bad({"generate", "--dist", "discrete", "--weights", "1,2,"}, 2, "the comma at line 1, column 4 has no number after it");
  expect_bad({"generate", "--dist", "discrete", "--weights", "1,-2"}, 2, "entry 2 (line 1, column 3): '-2' is negative");
  expect_bad({"generate", "--dist", "discrete", "--weights", "1,nan"}, 2, "'nan' is not a finite number");
  expect_bad({"generate", "--dist", "discrete", "--weights", "1,1e999"}, 2, "'1e999' is not a finite number");
  expect_bad({"generate", "--dist", "discrete", "--weights", "0,0"}, 2, "--weights: all 2 weights are 0");
  expect_bad({"generate", "--dist", "discrete", "--weights", ""}, 2, "--weights: empty value");  // the driver's rule
  const std::string file = write_file("weights_bad.txt", "1, 2\n3\n4 five 6\n");
  expect_bad({"generate", "--dist", "discrete", "--weights", "@" + file}, 2,
             "--weights file '" + file + "': entry 5 (line 3, column 3): 'five' is not a finite number");
  expect_bad({"generate", "--dist", "discrete", "--weights", "@" + write_file("weights_empty.txt", "# none\n")}, 2,
             "no weights");
  expect_bad({"generate", "--dist", "discrete", "--weights", "@/nonexistent/w.txt"}, 1, "cannot open");
  expect_bad({"generate", "--dist", "discrete", "--weights", "@"}, 2, "'@' needs a file name");
}

TEST(CliDiscrete, BadOptions) {
  expect_bad({"generate", "--dist", "discrete"}, 2, "--dist discrete needs --weights");
  expect_bad({"generate", "--dist", "discrete", "--weights", "1", "--precision", "double"}, 2,
             "--precision: 'double' is not one of int64, int32, uint64, uint32");
  expect_bad({"generate", "--dist", "discrete", "--weights", "1", "--lambda", "2"}, 2, "--lambda does not apply to --dist discrete");
  expect_bad({"generate", "--dist", "poisson", "--lambda", "2", "--weights", "1"}, 2,
             "--weights applies to --dist discrete only");
  expect_bad({"generate", "--dist", "discrete", "--weights", "1", "--normal-method", "icdf"}, 2, "--normal-method");
}

TEST(CliDiscrete, HelpAndList) {
  const CliResult help = run_cli({"generate", "--help"});
  EXPECT_EQ(help.rc, 0);
  EXPECT_NE(help.out.find("--weights"), std::string::npos);
  EXPECT_NE(help.out.find("discrete"), std::string::npos);
  const CliResult list = run_cli({"list"});
  EXPECT_EQ(list.rc, 0);
  EXPECT_NE(list.out.find("discrete"), std::string::npos);
  EXPECT_NE(list.out.find("--weights"), std::string::npos);
}

// ---- the parser itself ----------------------------------------------------------------------------

TEST(WeightsParser, Syntax) {
  EXPECT_EQ(parsed("1,2.5,0x1p-2"), "1.000000 2.500000 0.250000 ");
  EXPECT_EQ(parsed(" 1 2\t3\r\n4,\n5 "), "1.000000 2.000000 3.000000 4.000000 5.000000 ");  // a comma may end a line
  EXPECT_EQ(parsed("1 # two is next\n2#3"), "1.000000 2.000000 ");
  EXPECT_EQ(parsed("1e-400"), "0.000000 ");  // underflow: the nearest double
  EXPECT_EQ(parsed("-0"), "-0.000000 ");      // not negative: a zero weight
  EXPECT_EQ(parsed("1\n,2"), "1.000000 2.000000 ");
  EXPECT_EQ(parsed("1,\n,2"), "--weights: entry 2 (line 2, column 1) is empty (a comma with no number before it)");
  EXPECT_EQ(parsed("1 2 x"), "--weights: entry 3 (line 1, column 5): 'x' is not a finite number; each weight must be "
                             "finite and >= 0");
  EXPECT_EQ(parsed(std::string("1,2\0,3", 7)), "--weights: entry 2 (line 1, column 3): '2?' is not a finite number; "
                                                "each weight must be finite and >= 0");
  EXPECT_EQ(parsed("inf"), "--weights: entry 1 (line 1, column 1): 'inf' is not a finite number; each weight must be "
                           "finite and >= 0");
  EXPECT_EQ(parsed(std::string(65, '1')),
            "--weights: entry 1 (line 1, column 1) is longer than 64 characters: '" + std::string(64, '1') + "...'");
  EXPECT_EQ(parsed("1,2,3", 2), "--weights: entry 3 (line 1, column 5) is one too many: at most 2 weights");
}

TEST(WeightsParser, FileBounds) {
  const std::string file = write_file("weights_big.txt", std::string(5000, '1').insert(1, ","));  // "1,1111..."
  try {
    gpurng::cli::read_weights_option("@" + file, "--weights", 4096);
    ADD_FAILURE() << "a file over the limit was read";
  } catch (const gpurng::Error& e) {
    EXPECT_NE(std::string(e.what()).find("is 5001 bytes, more than the 4096-byte limit"), std::string::npos) << e.what();
  }
  // A device is read only up to the limit.
  try {
    gpurng::cli::read_weights_option("@/dev/zero", "--weights", 1 << 16);
    ADD_FAILURE() << "/dev/zero was read";
  } catch (const gpurng::Error& e) {
    EXPECT_NE(std::string(e.what()).find("holds more than the 65536-byte limit"), std::string::npos) << e.what();
  }
}
