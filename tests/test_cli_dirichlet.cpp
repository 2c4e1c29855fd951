// gpurng generate --dist dirichlet --alpha (a list or @file): the values are the library's
// (Generator::generate_dirichlet) for every way of giving the same alpha, in both precisions; bad
// components, counts and offsets, quasi-random engines and options of other distributions are
// refused with messages naming the option and its range; --help and list name it.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "gpurng/gpurng.hpp"

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

std::string text_of(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

}  // namespace

TEST(CliDirichlet, ValuesAreTheLibrarys) {
  const std::vector<double> alpha = {0.5, 2.0, 1e-3};
  gpurng::Generator g(gpurng::Engine::philox4x32_10, gpurng::Backend::cpu);
  g.seed(9);
  g.offset(6);
  double v[30];
  g.generate_dirichlet(gpurng::DirichletAlpha(alpha), v, 30);
  const std::string file = write_file("alpha_ok.txt", "# three components\n0.5, 2\n1e-3\n");
  for (const std::string& a : {std::string("0.5,2,0.001"), "@" + file}) {
    SCOPED_TRACE(a);
    const CliResult r = run_cli({"generate", "--engine", "philox4x32-10", "--seed", "9", "--dist", "dirichlet", "--alpha",
                                 a, "--count", "30", "--offset", "6"});
    ASSERT_EQ(r.rc, 0) << r.err;
    const auto got = lines(r.out);
    ASSERT_EQ(got.size(), 30u);
    // The text writer's own format: compare as numbers read back.
    for (int i = 0; i < 30; ++i) EXPECT_EQ(std::stod(got[i]), v[i]) << i << " " << got[i] << " " << text_of(v[i]);
  }
  const CliResult f = run_cli({"generate", "--seed", "9", "--dist", "dirichlet", "--alpha", "1,1,1,1", "--precision",
                               "float", "--count", "8", "--format", "bin"});
  ASSERT_EQ(f.rc, 0) << f.err;
  ASSERT_EQ(f.out.size(), 8u * 4u);
  gpurng::Generator gm(gpurng::Engine::mrg32k3a, gpurng::Backend::cpu);
  gm.seed(9);
  float fv[8];
  gm.generate_dirichlet(gpurng::DirichletAlpha(std::vector<double>{1, 1, 1, 1}), fv, 8);
  EXPECT_EQ(f.out, std::string(reinterpret_cast<const char*>(fv), sizeof fv));
}

TEST(CliDirichlet, BadArguments) {
  expect_bad({"generate", "--dist", "dirichlet", "--count", "3"}, 2, "--dist dirichlet needs --alpha");
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "1,0,2", "--count", "3"}, 2,
             "--alpha: dirichlet alpha[1]: must be in [1e-300, 1e300], got 0");
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "1,-2", "--count", "2"}, 2,
             "--alpha: entry 2 (line 1, column 3): '-2' is negative; each component must be finite and >= 0");
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "1,nan", "--count", "2"}, 2, "'nan' is not a finite number");
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "1,,2", "--count", "2"}, 2, "--alpha: entry 2 (line 1, column 3) is empty");
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "1e-301", "--count", "2"}, 2,
             "dirichlet alpha[0]: must be in [1e-300, 1e300]");
  std::string lines_of_ones;
  for (int i = 0; i < 65537; ++i) lines_of_ones += "1\n";
  const std::string many = write_file("alpha_many.txt", lines_of_ones);
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "@" + many, "--count", "0"}, 2,
             "dirichlet alpha: must have 1 to 65536 components, got 65537");
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "1,2,3", "--count", "4"}, 2,
             "--count: 4 is not a multiple of K = 3");
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "1,2,3", "--count", "3", "--offset", "2"}, 2,
             "--offset: 2 is not a multiple of K = 3");
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "1,2", "--count", "2", "--precision", "int32"}, 2,
             "--precision: 'int32' is not one of double, float");
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "1,2", "--count", "2", "--theta", "2"}, 2,
             "--theta does not apply to --dist dirichlet");
  expect_bad({"generate", "--dist", "dirichlet", "--alpha", "1,2", "--weights", "1,2", "--count", "2"}, 2,
             "--weights applies to --dist discrete only");
  expect_bad({"generate", "--engine", "sobol32", "--dist", "dirichlet", "--alpha", "1,2", "--count", "2"}, 2,
             "--dist: distribution dirichlet: engine sobol32 is quasi-random");
  // gamma keeps its one shape
  expect_bad({"generate", "--dist", "gamma", "--alpha", "1,2", "--count", "2"}, 2, "--alpha");
}

TEST(CliDirichlet, HelpAndList) {
  const CliResult help = run_cli({"generate", "--help"});
  EXPECT_EQ(help.rc, 0);
  EXPECT_NE(help.out.find("dirichlet: the vector alpha_0"), std::string::npos);
  const CliResult list = run_cli({"list"});
  EXPECT_EQ(list.rc, 0);
  EXPECT_NE(list.out.find("dirichlet"), std::string::npos);
  EXPECT_NE(list.out.find("--alpha a0,a1,..."), std::string::npos);
}
