// How every gpurng command takes its options (issue 20, items 1 and 5): an option that is given is
// used or refused with exit 2 and one line naming it, never silently dropped; an option the engine
// does not have is a bad argument (2) too; standard output that cannot be written is a failure (1).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "gpurng/gpurng.hpp"

namespace {

using gpurng::test::CliResult;
using gpurng::test::run_cli;
using gpurng::test::shown_args;

void expect_bad_argument(const std::vector<std::string>& args, const std::string& mention) {
  ASSERT_NO_FATAL_FAILURE(gpurng::test::expect_refused(run_cli(args), 2, "gpurng: error: ", mention, shown_args(args)));
}

// The value options of a command, read from its --help ("  --seed TEXT ..."; a flag has no type).
std::set<std::string> value_options(const std::string& command) {
  const CliResult help = run_cli({command, "--help"});
  EXPECT_EQ(help.rc, 0) << help.err;
  std::set<std::string> names;
  const std::regex value_option(R"(^  (?:-\w,)?(--[a-z0-9-]+) [A-Z]+)");
  std::istringstream in(help.out);
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, value_option)) names.insert(m[1]);
  }
  return names;
}

// Arguments a command needs besides the one under test (its required options), kept small so that
// a command that wrongly accepts the empty value still ends quickly.
std::vector<std::string> base_arguments(const std::string& command) {
  if (command == "generate") return {"--count", "2", "--backend", "cpu"};
  if (command == "test") return {"--engine", "mt19937", "--battery", "quick", "--size", "1000", "--backend", "cpu"};
  if (command == "bench") return {"--backend", "cpu", "--engines", "kiss99", "--cpu-size", "16", "--runs", "1"};
  if (command == "dc") return {"--mexp", "521", "--ids", "0"};
  if (command == "mtgpdc") return {"--mexp", "11213", "--verify", "/nonexistent/sets.csv"};
  if (command == "conformance") return {"--backend", "cpu", "--engine", "kiss99", "--expected", "none"};
  return {};
}

// The base arguments with `option` (and its value) left out.
std::vector<std::string> without(std::vector<std::string> args, const std::string& option) {
  for (std::size_t i = 0; i + 1 < args.size(); i += 2) {
    if (args[i] == option) {
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
      break;
    }
  }
  return args;
}

// Runs the CLI with standard output on /dev/full (a device that refuses every write).
CliResult run_to_full_device(const std::vector<std::string>& args) {
  std::string cmd = "'" + gpurng::test::cli_path() + "'";
  for (const std::string& a : args) cmd += " '" + a + "'";
  const std::string err = gpurng::test::temp_path("full_stderr");
  const int status = std::system((cmd + " >/dev/full 2>" + err + " </dev/null").c_str());
  CliResult r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, "", gpurng::test::slurp(err)};
  std::remove(err.c_str());
  return r;
}

}  // namespace

// Item 1: `--seed ""` (an unset shell variable) used to run with the default seed. Every value
// option of every command now refuses an empty value, naming the option; the list comes from each
// command's --help, so an option added later is covered too.
TEST(CliOptions, EveryValueOptionRefusesAnEmptyValue) {
  REQUIRE_CLI();
  const std::vector<std::pair<std::string, std::vector<std::string>>> listed = {
      {"generate",
       {"--seed", "--seed-array", "--stream", "--substream", "--precision", "--mean", "--stddev", "--lambda", "--dims",
        "--scramble", "--streams", "--normal-method", "--param-set", "--param-file", "--out"}},
      {"test", {"--seed", "--size", "--json"}},
      {"equidist", {"--param-set", "--param-file"}},
      {"bench", {"--json", "--engines"}},
      {"dc", {"--mexp", "--ids"}},
      {"mtgpdc", {"--mexp", "--ids", "--verify"}},
      {"conformance", {"--backend", "--devices", "--threads", "--expected", "--engine"}},
  };
  for (const auto& [command, issue_options] : listed) {
    const std::set<std::string> options = value_options(command);
    for (const std::string& option : issue_options) EXPECT_EQ(options.count(option), 1u) << command << " " << option;
    for (const std::string& option : options) {
      std::vector<std::string> args = {command};
      for (const std::string& a : without(base_arguments(command), option)) args.push_back(a);
      args.insert(args.end(), {option, ""});
      ASSERT_NO_FATAL_FAILURE(expect_bad_argument(args, option + ": empty value; expected: "));
    }
  }
}

// `--seed=` (nothing after '='): CLI11 took the next argument as the value, so `--seed= --count 5`
// set the seed to "--count" and dropped --count.
TEST(CliOptions, AnEmptyValueAfterEqualsIsRefused) {
  REQUIRE_CLI();
  expect_bad_argument({"generate", "--seed=", "--count", "5"}, "--seed: empty value");
  expect_bad_argument({"generate", "--out=", "--count", "5"}, "--out: empty value");
  expect_bad_argument({"equidist", "--param-set="}, "--param-set: empty value");
}

TEST(CliOptions, AnEmptyListItemIsRefused) {
  REQUIRE_CLI();
  expect_bad_argument({"bench", "--backend", "cpu", "--engines", "mrg32k3a,"}, "--engines: 'mrg32k3a,' is not");
  expect_bad_argument({"bench", "--backend", "cpu", "--engines", ",mrg32k3a"}, "an item is empty");
  expect_bad_argument({"bench", "--backend", "cpu", "--engines", ","}, "--engines");
  expect_bad_argument({"generate", "--seed-array", "1,2,3,4,5,6,"}, "--seed-array");
}

TEST(CliOptions, FlagsTakeNoValue) {
  REQUIRE_CLI();
  expect_bad_argument({"bench", "--backend", "cuda", "--engines", "kiss99", "--sizes", "16", "--runs", "1", "--no-latency=5"},
                      "--no-latency: a flag takes no value (got '5')");
  expect_bad_argument({"equidist", "--json=yes"}, "--json: a flag takes no value (got 'yes')");
  expect_bad_argument({"equidist", "--lsb=0"}, "--lsb: a flag takes no value");
}

TEST(CliOptions, VersionStandsAlone) {
  REQUIRE_CLI();
  const CliResult v = run_cli({"--version"});
  EXPECT_EQ(v.rc, 0) << v.err;
  EXPECT_EQ(v.out, "gpurng 0.1.0\n");
  expect_bad_argument({"--version", "extra"}, "--version takes no other argument (got 'extra')");
  expect_bad_argument({"--version", "list"}, "--version takes no other argument");
}

TEST(CliOptions, AnUnknownOptionBeforeTheCommandIsNamed) {
  REQUIRE_CLI();
  expect_bad_argument({"--foo"}, "unknown option --foo");
  expect_bad_argument({"--foo", "list"}, "unknown option --foo");
}

// An option that has no effect on what was asked for is refused, saying why, not dropped.
TEST(CliOptions, AnOptionWithoutEffectIsRefused) {
  REQUIRE_CLI();
  for (const char* dist : {"uniform", "bits", "exponential"}) {
    expect_bad_argument({"generate", "--dist", dist, "--normal-method", "icdf"},
                        "--normal-method applies to --dist normal and lognormal only");
  }
  expect_bad_argument({"generate", "--dist", "uniform", "--stddev", "2"},
                      "--stddev applies to --dist normal, lognormal and truncated_normal only");
  const std::vector<std::string> small_cpu = {"bench", "--backend", "cpu", "--engines", "kiss99", "--cpu-size", "16", "--runs", "1"};
  for (const std::vector<std::string>& gpu_only : {std::vector<std::string>{"--sizes", "2^12"}, {"--no-latency"},
                                                   {"--energy-ms", "0"}}) {
    std::vector<std::string> args = small_cpu;
    args.insert(args.end(), gpu_only.begin(), gpu_only.end());
    expect_bad_argument(args, gpu_only[0] + " applies to the GPU part");
  }
  expect_bad_argument({"bench", "--backend", "cuda", "--engines", "kiss99", "--sizes", "16", "--runs", "1", "--cpu-size",
                       "2^10"},
                      "--cpu-size applies to the CPU part");
  expect_bad_argument({"mtgpdc", "--mexp", "11213", "--verify", "x.csv", "--seed", "3"}, "--seed: not used with --verify");
  expect_bad_argument({"mtgpdc", "--mexp", "11213", "--verify", "x.csv", "--out", "y.csv"}, "--out: not used with --verify");
  // Still used where they apply.
  const CliResult icdf = run_cli({"generate", "--engine", "mt19937", "--dist", "normal", "--normal-method", "icdf",
                                  "--count", "1", "--backend", "cpu"});
  EXPECT_EQ(icdf.rc, 0) << icdf.err;
}

// Item 5a: an option the engine does not have was exit 1 (Status::unsupported passed through); it
// is a bad argument, exit 2, naming the option, for every engine and every engine option.
TEST(CliOptions, AnOptionTheEngineLacksIsABadArgument) {
  REQUIRE_CLI();
  const std::vector<std::vector<std::string>> engine_options = {
      {"--dims", "2"},        {"--scramble", "owen"}, {"--streams", "2"},   {"--dist", "normal", "--normal-method", "icdf"},
      {"--param-set", "1"},   {"--seed-array", "1"},  {"--stream", "1"},    {"--substream", "1"},
      {"--seed", "1"},
  };
  int refused = 0;
  for (const gpurng::EngineInfo& e : gpurng::engines()) {
    for (const std::vector<std::string>& option : engine_options) {
      std::vector<std::string> args = {"generate", "--engine", e.name, "--count", "2", "--backend", "cpu"};
      args.insert(args.end(), option.begin(), option.end());
      const CliResult r = run_cli(args);
      EXPECT_TRUE(r.rc == 0 || r.rc == 2) << shown_args(args) << ": exit " << r.rc << ": " << r.err;
      if (r.rc == 2) {
        ++refused;
        EXPECT_EQ(r.err.rfind("gpurng: error: " + option[option.size() - 2], 0), 0u) << shown_args(args) << ": " << r.err;
      }
    }
  }
  EXPECT_GE(refused, 16);
  expect_bad_argument({"generate", "--engine", "mrg32k3a", "--dims", "2"}, "--dims: ");
  expect_bad_argument({"generate", "--engine", "mt19937", "--scramble", "owen"}, "--scramble: ");
  expect_bad_argument({"generate", "--engine", "kiss99", "--streams", "4"}, "--streams: ");
}

// Item 5b: with standard output on a full device the commands said nothing and exited 0.
TEST(CliOptions, AnUnwritableStandardOutputIsAFailure) {
  REQUIRE_CLI();
  struct stat st {};
  if (::stat("/dev/full", &st) != 0 || !S_ISCHR(st.st_mode)) GTEST_SKIP() << "no /dev/full on this machine";
  const std::vector<std::vector<std::string>> commands = {
      {"list"}, {"equidist"}, {"--help"}, {"generate", "--help"}, {"bench", "--help"}, {"generate", "--count", "3"},
  };
  for (const std::vector<std::string>& args : commands) {
    const CliResult r = run_to_full_device(args);
    EXPECT_EQ(r.rc, 1) << shown_args(args) << ": " << r.err;
    EXPECT_EQ(gpurng::test::count_lines(r.err), 1u) << shown_args(args) << ": " << r.err;
    EXPECT_NE(r.err.find("standard output"), std::string::npos) << shown_args(args) << ": " << r.err;
  }
}

// Item 5d: `--out ""` was "renaming '.part' to ''".
TEST(CliOptions, AnEmptyOutIsAnEmptyValue) {
  REQUIRE_CLI();
  expect_bad_argument({"generate", "--out", "", "--count", "1"},
                      "--out: empty value; expected: Output file, or - for standard output");
}

// Item 5f: dieharder runs nothing, silently, for a test name it does not have.
TEST(CliOptions, AnUnknownDieharderTestIsNamed) {
  REQUIRE_CLI();
  if (std::system("command -v dieharder >/dev/null 2>&1") != 0) GTEST_SKIP() << "dieharder is not installed";
  // Known only once dieharder has run: the progress line naming its command comes first on stderr.
  const CliResult r = run_cli({"test", "--engine", "mrg32k3a", "--backend", "cpu", "--dieharder-test", "bogus"});
  EXPECT_EQ(r.rc, 2) << r.err;
  EXPECT_EQ(r.out, "");
  const std::string last = r.err.substr(r.err.rfind('\n', r.err.size() - 2) + 1);
  EXPECT_EQ(last.rfind("gpurng: error: --dieharder-test: 'bogus' is not a dieharder test", 0), 0u) << r.err;
}

// Item 5g: parameters are refused only for a real reason, naming the option and the limit.
TEST(CliOptions, DistributionParametersKeepEveryValueFinite) {
  REQUIRE_CLI();
  // A subnormal standard deviation is a finite number: used, as the library computes it.
  const CliResult tiny = run_cli({"generate", "--dist", "normal", "--stddev", "1e-320", "--mean", "0", "--count", "3",
                                  "--backend", "cpu"});
  ASSERT_EQ(tiny.rc, 0) << tiny.err;
  gpurng::Generator g(gpurng::Engine::mrg32k3a, gpurng::Backend::cpu);
  double want[3];
  g.generate_normal(want, 3, 0.0, 1e-320);
  std::istringstream in(tiny.out);
  for (double w : want) {
    std::string line;
    ASSERT_TRUE(std::getline(in, line));
    EXPECT_EQ(std::strtod(line.c_str(), nullptr), w) << line;
    EXPECT_NE(w, 0.0);
  }

  expect_bad_argument({"generate", "--dist", "normal", "--precision", "float", "--mean", "1e300"},
                      "--mean: 1e300 is outside the float range");
  expect_bad_argument({"generate", "--dist", "normal", "--precision", "float", "--stddev", "1e-320"},
                      "--stddev: 1e-320 rounds to 0 in float");
  expect_bad_argument({"generate", "--dist", "normal", "--mean", "1e400"}, "--mean: '1e400' is not in the range of a double");
  expect_bad_argument({"generate", "--dist", "normal", "--stddev", "1e308"},
                      "|mean| + 10*stddev must be at most 1.79769e+308 (the largest double)");
  expect_bad_argument({"generate", "--dist", "lognormal", "--mean", "800"},
                      "mean + 10*stddev must be at most 709.783 (ln of the largest double)");
  expect_bad_argument({"generate", "--dist", "lognormal", "--stddev", "1e308"}, "--stddev");
  expect_bad_argument({"generate", "--dist", "lognormal", "--precision", "float", "--mean", "80"},
                      "mean + 10*stddev must be at most 88.7228 (ln of the largest float)");
  expect_bad_argument({"generate", "--dist", "exponential", "--lambda", "1e-320"}, "--lambda: ");
  expect_bad_argument({"generate", "--dist", "exponential", "--precision", "float", "--lambda", "1e-37"},
                      "(the largest float)");

  // Just inside the limits every value is finite.
  const std::vector<std::vector<std::string>> inside = {
      {"--dist", "lognormal", "--mean", "700", "--stddev", "0.9"},
      {"--dist", "lognormal", "--precision", "float", "--mean", "80", "--stddev", "0.8"},
      {"--dist", "normal", "--mean", "1e307", "--stddev", "1e307"},
      {"--dist", "exponential", "--lambda", "1e-300"},
      {"--dist", "exponential", "--precision", "float", "--lambda", "1e-36"},
  };
  for (const std::vector<std::string>& params : inside) {
    std::vector<std::string> args = {"generate", "--count", "4096", "--backend", "cpu"};
    args.insert(args.end(), params.begin(), params.end());
    const CliResult r = run_cli(args);
    ASSERT_EQ(r.rc, 0) << shown_args(args) << ": " << r.err;
    std::istringstream values(r.out);
    std::string line;
    while (std::getline(values, line)) EXPECT_TRUE(std::isfinite(std::strtod(line.c_str(), nullptr))) << line;
  }
}

TEST(CliOptions, HelpStatesTheExitStatuses) {
  REQUIRE_CLI();
  const CliResult help = run_cli({"--help"});
  EXPECT_EQ(help.rc, 0);
  EXPECT_NE(help.out.find("Exit status: 0 success, 2 a bad argument"), std::string::npos) << help.out;
}
