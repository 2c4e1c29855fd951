// `gpurng test` run as a user runs it: a dieharder test through the pipe (when Debian's dieharder
// is installed), the quick battery's JSON, the linear battery on one stream and on the interleaved
// layout, and every bad input, a missing dieharder included, as one line on stderr naming the option.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_runner.hpp"
#include "quality/dieharder_run.hpp"

using gpurng::test::expect_one_line_error;
using gpurng::test::run_cli;
using gpurng::test::slurp;
using gpurng::test::temp_path;

TEST(CliQuality, RunsOneDieharderTestOnTheEnginesStream) {
  if (gpurng::cli::quality::find_program("dieharder").empty()) GTEST_SKIP() << "dieharder is not installed";
  const std::string json = temp_path("dh.json");
  const auto r = run_cli({"test", "--engine", "mrg32k3a", "--backend", "cpu", "--dieharder-test", "diehard_birthdays",
                          "--multiplier", "0.5", "--json", json});
  ASSERT_EQ(r.rc, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(slurp(json));
  std::remove(json.c_str());
  ASSERT_EQ(j["results"].size(), 1u);
  EXPECT_EQ(j["results"][0]["test"], "diehard_birthdays");
  EXPECT_EQ(j["results"][0]["psamples"], 50);  // dieharder's 100, times --multiplier 0.5
  EXPECT_EQ(j["psamples_multiplier"], 0.5);
  EXPECT_EQ(j["summary"]["results"], 1);
  EXPECT_GT(j["bytes_fed"].get<double>(), 0.0);
  EXPECT_EQ(j["value_bits"], 32);
  EXPECT_NE(r.out.find("diehard_birthdays"), std::string::npos);
  EXPECT_NE(r.err.find("dieharder [  1] diehard_birthdays"), std::string::npos) << r.err;  // progress
}

TEST(CliQuality, QuickBatteryWritesEveryCheck) {
  const std::string json = temp_path("quick.json");
  const auto r = run_cli({"test", "--engine", "kiss99", "--battery", "quick", "--size", "2^15", "--backend", "cpu",
                          "--seed", "3", "--json", json});
  ASSERT_EQ(r.rc, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(slurp(json));
  std::remove(json.c_str());
  EXPECT_EQ(j["results"].size(), 54u);
  EXPECT_EQ(j["seed"], "3");
  EXPECT_EQ(j["summary"]["failed"], 0);
  EXPECT_EQ(j["summary"]["passed"].get<int>() + j["summary"]["weak"].get<int>(), 36);
}

TEST(CliQuality, LinearBatteryFindsTheStateSizeOfOneXorshift256Stream) {
  const std::string json = temp_path("linear.json");
  const auto r = run_cli({"test", "--engine", "xorshift256", "--streams", "1", "--battery", "linear", "--backend", "cpu",
                          "--size", "2^17", "--json", json});
  ASSERT_EQ(r.rc, 0) << r.err;  // failures are results
  const nlohmann::json j = nlohmann::json::parse(slurp(json));
  std::remove(json.c_str());
  EXPECT_EQ(j["battery"], "linear");
  EXPECT_EQ(j["max_words_per_test"], 131072);
  // 256 state bits: every 256 x 256 matrix has full rank, no 512-bit sequence a complexity above 256.
  EXPECT_EQ(j["summary"]["rank"]["first_failure_size"], 256);
  EXPECT_EQ(j["summary"]["complexity"]["first_failure_size"], 512);
  const nlohmann::json& last = j["results"].back();
  EXPECT_EQ(last["test"], "complexity");
  EXPECT_EQ(last["highest"], 256);
  EXPECT_EQ(last["assessment"], "FAILED");
  EXPECT_NE(r.out.find("rank: FAILED first at L = 256"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("linear complexity n = 512"), std::string::npos) << r.err;  // progress
}

TEST(CliQuality, LinearBatteryPassesTheInterleavedStreamsUpToTheSize) {
  const auto r = run_cli({"test", "--engine", "xorshift256", "--battery", "linear", "--backend", "cpu", "--size", "2^16"});
  ASSERT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out.find("FAILED"), std::string::npos) << r.out;
  // 2^16 words: rank stages L = 32, 64, 128 (26,880 words), complexity n = 64, 128, 256 (53,760).
  EXPECT_NE(r.out.find("rank: no failure up to L = 128"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("complexity: no failure up to n = 256"), std::string::npos) << r.out;
}

TEST(CliQuality, AMissingDieharderIsAClearError) {
  expect_one_line_error({"test", "--engine", "mrg32k3a", "--dieharder", "/nonexistent/dieharder"}, "dieharder", 1);
  expect_one_line_error({"test", "--engine", "mrg32k3a"}, "--battery dieharder", 1, "PATH=/nonexistent ");
}

TEST(CliQuality, BadOptionsNameTheOption) {
  expect_one_line_error({"test"}, "--engine");
  expect_one_line_error({"test", "--engine", "nope"}, "nope");
  expect_one_line_error({"test", "--engine", "mt19937", "--battery", "practrand"}, "--battery");
  expect_one_line_error({"test", "--engine", "mt19937", "--size", "0"}, "--size");
  expect_one_line_error({"test", "--engine", "mt19937", "--battery", "quick", "--size", "10"}, "--size");
  expect_one_line_error({"test", "--engine", "mt19937", "--battery", "quick", "--dieharder-test", "x"}, "--dieharder-test");
  expect_one_line_error({"test", "--engine", "mt19937", "--backend", "gpu"}, "--backend");
  expect_one_line_error({"test", "--engine", "mt19937", "--battery", "linear", "--size", "7679"}, "--size");
  expect_one_line_error({"test", "--engine", "mt19937", "--battery", "linear", "--size", "17179869185"}, "--size");  // 2^34 + 1
  expect_one_line_error({"test", "--engine", "mt19937", "--battery", "linear", "--dieharder-test", "x"}, "--dieharder-test");
  expect_one_line_error({"test", "--engine", "mt19937", "--battery", "linear", "--streams", "1"}, "--streams");
  expect_one_line_error({"test", "--engine", "xorshift256", "--battery", "linear", "--streams", "0"}, "--streams");
  expect_one_line_error({"test", "--engine", "mwc", "--battery", "linear", "--streams", "76637"}, "--streams");
  expect_one_line_error({"test", "--engine", "mt19937", "--multiplier", "0"}, "--multiplier");
  expect_one_line_error({"test", "--engine", "mt19937", "--multiplier", "x"}, "--multiplier");
  expect_one_line_error({"test", "--engine", "mt19937", "--battery", "quick", "--multiplier", "2"}, "--multiplier");
  expect_one_line_error({"test", "--engine", "mt19937", "--battery", "quick", "--json", "/nonexistent-dir/q.json"}, "--json",
                        1);
}
