// `gpurng bench` run as a user runs it: the CPU part's JSON holds every row it promises, the GPU
// part runs on a device or says why it was skipped (exit 0 either way), and every bad option gives
// exactly one line on stderr naming the option and a non-zero exit.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace {

struct Result {
  int rc;
  std::string out;
  std::string err;
};

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::string temp(const std::string& name) {
  return ::testing::TempDir() + "cli_bench_" + std::to_string(::getpid()) + "_" + name;
}

// The CLI under test: $GPURNG_CLI when set (a staged copy on another machine), else the build's.
std::string cli() {
  const char* env = std::getenv("GPURNG_CLI");
  return env != nullptr && *env != '\0' ? env : GPURNG_CLI;
}

Result run(const std::vector<std::string>& args) {
  std::string cmd = "'" + cli() + "'";
  for (const std::string& a : args) cmd += " '" + a + "'";
  const std::string out = temp("stdout"), err = temp("stderr");
  const int status = std::system((cmd + " >" + out + " 2>" + err + " </dev/null").c_str());
  Result r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

std::size_t lines(const std::string& s) {
  std::size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

void expect_one_line_error(const std::vector<std::string>& args, const std::string& option, int rc = 2) {
  const Result r = run(args);
  EXPECT_EQ(r.rc, rc) << r.err;
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find(option), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

}  // namespace

TEST(CliBench, CpuPartWritesEveryPromisedRow) {
  const std::string json = temp("cpu.json");
  const Result r = run({"bench", "--backend", "cpu", "--engines", "mt19937,sobol64", "--cpu-size", "2^12", "--runs", "1",
                        "--json", json});
  ASSERT_EQ(r.rc, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(slurp(json));
  std::remove(json.c_str());
  EXPECT_EQ(j["command"], "gpurng bench --backend cpu --engines mt19937,sobol64 --cpu-size 2^12 --runs 1 --json " + json);
  EXPECT_FALSE(j["gpu"]["ran"].get<bool>());
  EXPECT_EQ(j["cpu"]["n"], 4096);
  std::set<std::string> seen;
  for (const auto& row : j["cpu"]["rows"]) {
    EXPECT_GT(row["gsps"].get<double>(), 0.0) << row.dump();
    seen.insert(row["generator"].get<std::string>() + "/" + std::to_string(row["threads"].get<int>()) + "/" +
                row["output"].get<std::string>());
  }
  for (const char* g : {"mt19937/1", "mt19937/2", "sobol64/1", "sobol64/2", "std::mt19937/1", "std::mt19937_64/1",
                        "std::ranlux48/1", "gsl_rng_mt19937/1", "gsl_rng_mrg/1", "gsl_rng_taus2/1"}) {
    EXPECT_EQ(seen.count(std::string(g) + "/bits"), 1u) << g;
    EXPECT_EQ(seen.count(std::string(g) + "/uniform f64"), 1u) << g;
  }
  EXPECT_EQ(seen.size(), 20u);  // no engine beyond --engines
  EXPECT_NE(r.out.find("std::ranlux48"), std::string::npos);
  EXPECT_NE(r.out.find("GPU benchmark skipped"), std::string::npos);
}

// On a machine without a usable GPU the GPU part is skipped with its reason and the exit status is
// 0; with one, a tiny run fills every output of the engine beside cuRAND.
TEST(CliBench, GpuPartRunsOrSaysWhyItWasSkipped) {
  const std::string json = temp("gpu.json");
  const Result r = run({"bench", "--backend", "cuda", "--engines", "mrg32k3a", "--sizes", "2^12,2^14", "--runs", "1",
                        "--energy-ms", "0", "--json", json});
  ASSERT_EQ(r.rc, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(slurp(json));
  std::remove(json.c_str());
  EXPECT_FALSE(j["cpu"]["ran"].get<bool>());
  if (gpurng::cuda_devices().empty()) {
    EXPECT_FALSE(j["gpu"]["ran"].get<bool>());
    EXPECT_FALSE(j["gpu"]["skipped_reason"].get<std::string>().empty());
    EXPECT_NE(r.out.find("GPU benchmark skipped: "), std::string::npos) << r.out;
    GTEST_SKIP() << "no CUDA device: checked the skip message only";
  }
  ASSERT_TRUE(j["gpu"]["ran"].get<bool>());
  EXPECT_EQ(j["gpu"]["rows"].size(), 18u);  // 9 outputs x 2 sizes
  for (const auto& row : j["gpu"]["rows"]) {
    EXPECT_GT(row["gpurng_gsps"].get<double>(), 0.0) << row.dump();
    EXPECT_GT(row["ceiling_bytes_per_s"].get<double>(), 0.0) << row.dump();
    EXPECT_EQ(row["curand"], "MRG32K3A");
    if (row["dist"] == "exponential") EXPECT_EQ(row["curand_gsps"].get<double>(), 0.0);
    else EXPECT_GT(row["curand_gsps"].get<double>(), 0.0) << row.dump();
  }
  ASSERT_EQ(j["gpu"]["latency"].size(), 1u);
  EXPECT_GT(j["gpu"]["latency"][0]["gpurng_first_ms"].get<double>(), 0.0);
  EXPECT_GT(j["gpu"]["latency"][0]["curand_first_ms"].get<double>(), 0.0);
}

TEST(CliBench, BadOptionsNameTheOption) {
  expect_one_line_error({"bench", "--backend", "gpu"}, "--backend");
  expect_one_line_error({"bench", "--sizes", "0"}, "--sizes");
  expect_one_line_error({"bench", "--sizes", "2^31"}, "--sizes");
  expect_one_line_error({"bench", "--sizes", "12,x"}, "--sizes");
  expect_one_line_error({"bench", "--runs", "0"}, "--runs");
  expect_one_line_error({"bench", "--engines", "mt19937,nope"}, "--engines");
  expect_one_line_error({"bench", "--cpu-size", "2^29"}, "--cpu-size");
  expect_one_line_error({"bench", "--energy-ms", "70000"}, "--energy-ms");
  expect_one_line_error({"bench", "--frobnicate"}, "--frobnicate");
  // An unwritable --json path is an I/O failure (exit 1), found before anything is measured.
  expect_one_line_error({"bench", "--backend", "cpu", "--json", "/nonexistent-dir/x.json"}, "--json", 1);
}
