// gpurng generate for the distributions of the list: every parameter is an option --<name>,
// --precision picks the value type, and the values are the library's (Generator::generate).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "gpurng/gpurng.hpp"

using gpurng::test::CliResult;
using gpurng::test::lines;
using gpurng::test::run_cli;

namespace {

void expect_bad(const std::vector<std::string>& args, const std::string& mention) {
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.rc, 2) << r.err;
  EXPECT_NE(r.err.find(mention), std::string::npos) << "stderr: " << r.err << "\nexpected to mention: " << mention;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

}  // namespace

TEST(CliDistributions, PoissonValuesAreTheLibrarys) {
  const CliResult r = run_cli({"generate", "--engine", "philox4x32-10", "--seed", "9", "--dist", "poisson", "--lambda",
                               "4.5", "--count", "7", "--offset", "3"});
  ASSERT_EQ(r.rc, 0) << r.err;
  gpurng::Generator g(gpurng::Engine::philox4x32_10, gpurng::Backend::cpu);
  g.seed(9);
  g.offset(3);
  std::uint32_t v[7];
  const double lambda = 4.5;
  g.generate(gpurng::Distribution::poisson, &lambda, 1, v, 7);
  const auto got = lines(r.out);
  ASSERT_EQ(got.size(), 7u);
  for (int i = 0; i < 7; ++i) EXPECT_EQ(got[i], std::to_string(v[i])) << i;
}

TEST(CliDistributions, IntegersTakeThePrecisionAsTheirType) {
  const CliResult r = run_cli({"generate", "--engine", "pcg64", "--seed", "1", "--dist", "uniform_int", "--lo", "-3",
                               "--hi", "3", "--precision", "int32", "--count", "50"});
  ASSERT_EQ(r.rc, 0) << r.err;
  for (const std::string& s : lines(r.out)) {
    const int x = std::stoi(s);
    EXPECT_TRUE(x >= -3 && x <= 3) << s;
  }
  // Default for uniform_int: int64 (NumPy's integers).
  const CliResult d = run_cli({"generate", "--dist", "uniform_int", "--hi", "5", "--count", "3", "--format", "npy",
                               "--out", "-"});
  ASSERT_EQ(d.rc, 0) << d.err;
  EXPECT_NE(d.out.find("'descr': '<i8'"), std::string::npos);
}

TEST(CliDistributions, TruncatedNormalTakesInfiniteBounds) {
  const CliResult r = run_cli({"generate", "--dist", "truncated_normal", "--lower", "8", "--upper", "inf", "--count",
                               "20"});
  ASSERT_EQ(r.rc, 0) << r.err;
  for (const std::string& s : lines(r.out)) EXPECT_GE(std::stod(s), 8.0) << s;
}

TEST(CliDistributions, EveryDistributionRunsWithItsRequiredParameters) {
  for (const auto& d : gpurng::distributions()) {
    std::vector<std::string> args = {"generate", "--engine", "mrg32k3a", "--dist", d.name, "--count", "4"};
    for (unsigned i = 0; i < d.param_count; ++i) {
      if (!std::isnan(d.params[i].default_value)) continue;
      const std::string name = d.params[i].name;
      const bool count = name == "n" || name == "ngood" || name == "nbad" || name == "nsample";
      const std::string value = name == "upper" ? "2" : count ? "10" : name == "hi" ? "9" : "0.5";
      args.push_back("--" + name);
      args.push_back(value);
    }
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.rc, 0) << d.name << ": " << r.err;
    EXPECT_EQ(lines(r.out).size(), 4u) << d.name;
  }
}

TEST(CliDistributions, BadParametersAndTypesAreRefused) {
  expect_bad({"generate", "--dist", "poisson", "--count", "3"}, "poisson lambda: required");
  expect_bad({"generate", "--dist", "poisson", "--lambda", "-1", "--count", "3"}, "poisson lambda: must be in [0, 2^31]");
  expect_bad({"generate", "--dist", "uniform", "--lambda", "2"}, "--lambda applies to --dist exponential, poisson and weibull only");
  expect_bad({"generate", "--dist", "poisson", "--lambda", "2", "--precision", "float"},
             "--precision: 'float' is not one of uint32");
  expect_bad({"generate", "--dist", "bernoulli", "--p", "1.5"}, "bernoulli: p must be in [0, 1]");
  expect_bad({"generate", "--dist", "uniform_int", "--lo", "5", "--hi", "4"}, "lo must be <= hi");
  expect_bad({"generate", "--dist", "uniform_int", "--lo", "0.5", "--hi", "4"}, "uniform_int lo: must be an integer");
  expect_bad({"generate", "--dist", "binomial", "--n", "10", "--p", "nan"}, "--p");
  expect_bad({"generate", "--dist", "hypergeometric", "--ngood", "5", "--nbad", "10", "--nsample", "16"},
             "hypergeometric nsample: must be at most ngood + nbad = 15, got 16");
  expect_bad({"generate", "--dist", "hypergeometric", "--ngood", "-1", "--nbad", "10", "--nsample", "4"},
             "hypergeometric ngood: must be an integer in [0, 2^32 - 1], got -1");
  expect_bad({"generate", "--dist", "hypergeometric", "--ngood", "5", "--nbad", "2.5", "--nsample", "4"},
             "hypergeometric nbad: must be an integer in [0, 2^32 - 1], got 2.5");
  expect_bad({"generate", "--dist", "hypergeometric", "--ngood", "5", "--nbad", "10"}, "hypergeometric nsample: required");
  expect_bad({"generate", "--dist", "poison", "--lambda", "2"}, "--dist: 'poison' is not one of");
  const CliResult sobol = run_cli({"generate", "--engine", "sobol32", "--dist", "gamma", "--alpha", "2"});
  EXPECT_NE(sobol.rc, 0);
  EXPECT_NE(sobol.err.find("takes pairs of outputs"), std::string::npos) << sobol.err;
}

TEST(CliDistributions, ListShowsEveryDistributionWithItsParameters) {
  const CliResult r = run_cli({"list"});
  ASSERT_EQ(r.rc, 0) << r.err;
  for (const auto& d : gpurng::distributions()) EXPECT_NE(r.out.find(std::string("  ") + d.name + " "), std::string::npos) << d.name;
  EXPECT_NE(r.out.find("--lambda (required)"), std::string::npos);
  EXPECT_NE(r.out.find("--theta (default 1)"), std::string::npos);
}
