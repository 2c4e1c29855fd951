// The gpurng tool with dcmt521 and dcmt2203: the reference library's numbers through --param-file and
// --seed-array, --streams and --stream as in the library, and one line on stderr for every bad argument.
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
#include "test_support.hpp"

namespace {

using Result = gpurng::test::CliResult;

Result run(const std::vector<std::string>& args) {
  return gpurng::test::run_program(gpurng::test::staged_cli_path(), args);
}

std::string temp_file(const std::string& text) {
  static int counter = 0;
  const std::string path = gpurng::test::temp_path("dcmt_" + std::to_string(counter++) + ".csv");
  std::ofstream(path) << text;
  return path;
}

// The reference data's parameter file, restricted to one case.
std::string one_case_file(const std::string& name) {
  const gpurng::test::Csv sets = gpurng::test::read_csv("dcmt/dcmt_w32_parameter_sets.csv");
  std::string text;
  for (std::size_t i = 0; i < sets.columns.size(); ++i) text += (i ? "," : "") + sets.columns[i];
  text += "\n";
  for (const auto& row : sets.rows) {
    if (row.at("case") != name) continue;
    for (std::size_t i = 0; i < sets.columns.size(); ++i) text += (i ? "," : "") + row.at(sets.columns[i]);
    text += "\n";
  }
  return temp_file(text);
}

std::string reference_lines(const std::string& name) {
  const gpurng::test::Csv outs = gpurng::test::read_csv("dcmt/dcmt_w32_outputs.csv");
  std::string s;
  for (const auto& o : outs.rows) {
    if (o.at("case") == name) s += o.at("output") + "\n";
  }
  return s;
}

}  // namespace

TEST(CliDcmt, ReferenceLibraryNumbersThroughParamFileAndSeedArray) {
  REQUIRE_CLI();
  const struct {
    const char* engine;
    const char* name;
    const char* seed;
    const char* count;
  } cases[] = {{"dcmt521", "st_w32_p521_dcseed4172", "3241", "500"},
               {"dcmt2203", "id_st_w32_p2203_id1_dcseed4172", "4357", "100"}};
  for (const auto& c : cases) {
    const std::string path = one_case_file(c.name);
    const Result r = run({"generate", "--engine", c.engine, "--param-file", path, "--streams", "1", "--seed-array", c.seed,
                          "--dist", "bits", "--count", c.count, "--backend", "cpu"});
    ASSERT_EQ(r.rc, 0) << r.err;
    EXPECT_EQ(r.out, reference_lines(c.name)) << c.name;
    std::remove(path.c_str());
  }
}

TEST(CliDcmt, StreamsAndStreamSelectionMatchTheLibrary) {
  REQUIRE_CLI();
  for (const char* e : {"dcmt521", "dcmt2203"}) {
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
    std::string lines;
    for (std::uint32_t x : want) lines += std::to_string(x) + "\n";
    EXPECT_EQ(r.out, lines) << e;
  }
}

TEST(CliDcmt, EveryBadArgumentGetsOneClearLine) {
  REQUIRE_CLI();
  const std::string wrong_shape = one_case_file("id_st_w32_p2203_id0_dcseed4172");
  const std::string malformed = temp_file("n,m,r\n17,8,23\n");
  struct Case {
    std::vector<std::string> args;
    int rc;
    const char* mention;
  };
  const std::vector<Case> cases = {
      {{"generate", "--engine", "dcmt521", "--streams", "0"}, 2, "streams"},
      {{"generate", "--engine", "dcmt2203", "--streams", "2^21"}, 2, "1048576"},
      {{"generate", "--engine", "dcmt521", "--stream", "2^32"}, 2, "2^32"},
      {{"generate", "--engine", "dcmt521", "--streams", "10", "--stream", "4294967290"}, 2, "2^32"},
      {{"generate", "--engine", "dcmt521", "--substream", "1"}, 2, "substream"},
      {{"generate", "--engine", "dcmt521", "--seed-array", "1,2"}, 2, "exactly one word"},
      {{"generate", "--engine", "dcmt2203", "--seed-array", "2^32"}, 2, "below 2^32"},
      {{"generate", "--engine", "dcmt521", "--param-file", "/nonexistent/sets.csv"}, 1, "/nonexistent/sets.csv"},
      {{"generate", "--engine", "dcmt521", "--param-file", wrong_shape}, 2, "exponent 521"},
      {{"generate", "--engine", "dcmt521", "--param-file", malformed}, 2, "no column 'aaa'"},
      {{"generate", "--engine", "dcmt521", "--param-set", "3"}, 2, "no parameter sets option"},
      {{"generate", "--engine", "dcmt2203", "--dims", "2"}, 2, "no dimensions"},
  };
  for (const Case& c : cases) {
    const Result r = run(c.args);
    ASSERT_NO_FATAL_FAILURE(
        gpurng::test::expect_refused(r, c.rc, "gpurng: error: ", c.mention, gpurng::test::shown_args(c.args)));
  }
  std::remove(wrong_shape.c_str());
  std::remove(malformed.c_str());
}

TEST(CliDcmt, ListedWithTheirPeriods) {
  REQUIRE_CLI();
  const Result r = run({"list"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_NE(r.out.find("dcmt521"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("dcmt2203"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2^2203-1"), std::string::npos) << r.out;
}
