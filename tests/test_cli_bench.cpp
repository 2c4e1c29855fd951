// `gpurng bench` run as a user runs it: the CPU part's JSON holds every row it promises, the GPU
// part runs on a device or says why it cannot (skipped with --backend all, an error with --backend
// cuda), and every bad option gives exactly one line on stderr naming the option and a non-zero exit.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli_runner.hpp"
#include "gpurng/gpurng.hpp"

using gpurng::test::expect_one_line_error;
using gpurng::test::slurp;
using gpurng::test::temp_path;
using Result = gpurng::test::CliResult;

namespace {
Result run(const std::vector<std::string>& args) { return gpurng::test::run_cli(args); }
}  // namespace

TEST(CliBench, CpuPartWritesEveryPromisedRow) {
  const std::string json = temp_path("cpu.json");
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
                        "std::ranlux48/1"}) {
    EXPECT_EQ(seen.count(std::string(g) + "/bits"), 1u) << g;
    EXPECT_EQ(seen.count(std::string(g) + "/uniform f64"), 1u) << g;
  }
  // No engine beyond --engines, and no GSL generator: GSL (GPL-3) is bench/bench_gsl_cpu.cpp's.
  EXPECT_EQ(seen.size(), 14u);
  EXPECT_NE(r.out.find("std::ranlux48"), std::string::npos);
  EXPECT_NE(r.out.find("GPU benchmark skipped"), std::string::npos);
}

// Where the GPU part cannot run (no device, or a build without CUDA), --backend cuda asked for it
// alone and is an error (exit 1: nothing was measured), while --backend all skips it and
// says why (exit 0); with a device, a tiny run fills every output of the engine beside cuRAND.
TEST(CliBench, GpuPartRunsOrSaysWhyItCannot) {
  const std::string json = temp_path("gpu.json");
  const std::vector<std::string> cuda = {"bench", "--backend", "cuda", "--engines", "mrg32k3a", "--sizes", "2^12,2^14",
                                         "--runs", "1", "--energy-ms", "0", "--json", json};
  if (gpurng::cuda_devices().empty()) {
    ASSERT_NO_FATAL_FAILURE(gpurng::test::expect_refused(run(cuda), 1, "gpurng: error: ", "--backend cuda: the GPU "
                                                         "benchmark cannot run", gpurng::test::shown_args(cuda)));
    const Result all = run({"bench", "--backend", "all", "--engines", "mrg32k3a", "--cpu-size", "2^10", "--runs", "1",
                            "--json", json});
    ASSERT_EQ(all.rc, 0) << all.err;
    const nlohmann::json j = nlohmann::json::parse(slurp(json));
    std::remove(json.c_str());
    EXPECT_TRUE(j["cpu"]["ran"].get<bool>());
    EXPECT_FALSE(j["gpu"]["ran"].get<bool>());
    EXPECT_FALSE(j["gpu"]["skipped_reason"].get<std::string>().empty());
    EXPECT_NE(all.out.find("GPU benchmark skipped: "), std::string::npos) << all.out;
    GTEST_SKIP() << "no CUDA device: checked the error and the skip message only";
  }
  const Result r = run(cuda);
  ASSERT_EQ(r.rc, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(slurp(json));
  std::remove(json.c_str());
  EXPECT_FALSE(j["cpu"]["ran"].get<bool>());
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
