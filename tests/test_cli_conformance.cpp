// gpurng conformance and gpurng generate --devices (issue 26), run as a user runs them. The CPU
// backend's digests must equal the expected ones kept in the repository (data/conformance-digests.txt,
// which the CLI also carries built in); on a machine with CUDA devices the same command with
// --backend cuda, and with --devices all on two or more devices, must match them too (skipped, saying
// so, elsewhere). A digest that differs is reported naming the first differing configuration.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "gpurng/gpurng.hpp"

namespace {

using gpurng::test::CliResult;
using gpurng::test::run_cli;
using gpurng::test::shown_args;

// The lines of the repository's expected file that the command prints (all but comments).
std::string expected_lines() {
  std::ifstream f(GPURNG_CONFORMANCE_DIGESTS);
  std::string line, out;
  while (std::getline(f, line)) {
    if (!line.empty() && line[0] != '#') out += line + "\n";
  }
  return out;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path);
  f << text;
}

void expect_bad_argument(const std::vector<std::string>& args, const std::string& mention) {
  ASSERT_NO_FATAL_FAILURE(gpurng::test::expect_refused(run_cli(args), 2, "gpurng: error: ", mention, shown_args(args)));
}

void expect_matches(const std::vector<std::string>& args) {
  const CliResult r = run_cli(args);
  EXPECT_EQ(r.rc, 0) << shown_args(args) << "\n" << r.err;
  EXPECT_EQ(r.out, expected_lines()) << shown_args(args);
  EXPECT_NE(r.err.find("every digest matches the built-in digests"), std::string::npos) << r.err;
}

int device_count() { return static_cast<int>(gpurng::cuda_devices().size()); }

}  // namespace

TEST(CliConformance, TheCpuBackendMatchesTheRepository) {
  REQUIRE_CLI();
  expect_matches({"conformance", "--backend", "cpu"});
}

TEST(CliConformance, OneCudaDeviceMatchesTheRepository) {
  REQUIRE_CLI();
  if (device_count() < 1) GTEST_SKIP() << "no CUDA device on this machine: GPU conformance not run";
  expect_matches({"conformance", "--backend", "cuda"});
}

TEST(CliConformance, EveryCudaDeviceAtOnceMatchesTheRepository) {
  REQUIRE_CLI();
  if (device_count() < 2) GTEST_SKIP() << device_count() << " CUDA device(s) on this machine: the two-device run needs two";
  expect_matches({"conformance", "--backend", "cuda", "--devices", "all"});
  expect_matches({"conformance", "--backend", "cuda", "--devices", "1,0"});
}

TEST(CliConformance, AMismatchNamesTheFirstDifferingConfiguration) {
  REQUIRE_CLI();
  // The repository's file with mt19937's digest altered; one engine's configurations are computed.
  std::string text = expected_lines();
  const std::size_t at = text.find("\nmt19937 ");
  ASSERT_NE(at, std::string::npos);
  const std::size_t digit = at + 9;
  text[digit] = text[digit] == '0' ? '1' : '0';
  const std::string path = gpurng::test::temp_path("altered_digests.txt");
  write_file(path, text);
  const CliResult r = run_cli({"conformance", "--backend", "cpu", "--engine", "mt19937", "--expected", path});
  EXPECT_EQ(r.rc, 1) << r.err;
  EXPECT_NE(r.err.find("MISMATCH on backend cpu: first differing configuration: mt19937 (expected "), std::string::npos)
      << r.err;
  // The unaltered file matches for the same engine (its two configurations), and without the overall.
  write_file(path, expected_lines());
  const CliResult ok = run_cli({"conformance", "--backend", "cpu", "--engine", "mt19937", "--expected", path});
  EXPECT_EQ(ok.rc, 0) << ok.err;
  EXPECT_NE(ok.out.find("\nmt19937 "), std::string::npos);
  EXPECT_NE(ok.out.find("\nmt19937:icdf "), std::string::npos);
  EXPECT_EQ(ok.out.find("overall"), std::string::npos);
  // A configuration the file lacks.
  write_file(path, "format gpurng-conformance-3\n");
  const CliResult missing = run_cli({"conformance", "--backend", "cpu", "--engine", "kiss99", "--expected", path});
  EXPECT_EQ(missing.rc, 1);
  EXPECT_NE(missing.err.find("first differing configuration: kiss99 (no expected digest in"), std::string::npos)
      << missing.err;
  std::remove(path.c_str());
}

TEST(CliConformance, ExpectedDigestsOfAnotherSetOrMalformedAreRefused) {
  REQUIRE_CLI();
  const std::string path = gpurng::test::temp_path("other_digests.txt");
  write_file(path, "# made by hand\nformat gpurng-conformance-0\nkiss99 " + std::string(64, 'a') + "\n");
  const CliResult other = run_cli({"conformance", "--backend", "cpu", "--engine", "kiss99", "--expected", path});
  EXPECT_EQ(other.rc, 1);
  EXPECT_NE(other.err.find("are of the set 'gpurng-conformance-0', but this gpurng makes 'gpurng-conformance-3'"),
            std::string::npos)
      << other.err;
  EXPECT_EQ(other.out, "") << "computed before checking the file";
  write_file(path, "format gpurng-conformance-3\nkiss99 not-a-digest\n");
  expect_bad_argument({"conformance", "--backend", "cpu", "--expected", path}, "line 2: 'not-a-digest' is not a SHA-256");
  write_file(path, "kiss99 " + std::string(64, 'a') + "\n");
  expect_bad_argument({"conformance", "--backend", "cpu", "--expected", path}, "no 'format' line");
  std::remove(path.c_str());
  ASSERT_NO_FATAL_FAILURE(gpurng::test::expect_refused(
      run_cli({"conformance", "--backend", "cpu", "--expected", "/nonexistent/digests.txt"}), 1, "gpurng: error: ",
      "--expected: cannot open '/nonexistent/digests.txt'", "missing file"));
}

TEST(CliConformance, PrintOnlyAndBadArguments) {
  REQUIRE_CLI();
  const CliResult r = run_cli({"conformance", "--backend", "cpu", "--engine", "philox4x32-10", "--expected", "none"});
  EXPECT_EQ(r.rc, 0) << r.err;
  EXPECT_EQ(r.out.rfind("format gpurng-conformance-3\nphilox4x32-10 ", 0), 0u) << r.out;
  EXPECT_NE(r.err.find("(not compared)"), std::string::npos) << r.err;
  expect_bad_argument({"conformance", "--backend", "cpu", "--engine", "nope"}, "--engine: ");
  expect_bad_argument({"conformance", "--backend", "gpu"}, "--backend: 'gpu' is not one of auto, cpu, cuda");
  expect_bad_argument({"conformance", "--backend", "cpu", "--devices", "0"},
                      "--devices: the cpu backend has no devices; use --backend cuda");
  expect_bad_argument({"conformance", "--backend", "cpu", "--threads", "5000"}, "--threads: 5000 is out of range");
}

// --devices of gpurng generate: refused where it cannot be used, never ignored.
TEST(CliDevices, RefusedOnTheCpuBackendAndWhenMalformed) {
  REQUIRE_CLI();
  expect_bad_argument({"generate", "--backend", "cpu", "--devices", "0,1"},
                      "--devices: the cpu backend has no devices; use --backend cuda (or auto on a machine with CUDA "
                      "devices)");
  expect_bad_argument({"generate", "--backend", "cpu", "--devices", "0,,1"}, "--devices");
  expect_bad_argument({"generate", "--backend", "cpu", "--devices", "x"}, "--devices");
  expect_bad_argument({"generate", "--backend", "cpu", "--devices", "all,0"},
                      "--devices: 'all' cannot be combined with device indices");
  expect_bad_argument({"generate", "--backend", "cpu", "--devices", "4294967296"}, "--devices: device 4294967296 is out of range");
  if (device_count() == 0) {
    expect_bad_argument({"generate", "--devices", "all"}, "--devices all: this process has no CUDA device");
  }
}

TEST(CliDevices, TwoDevicesWriteTheCpusBytes) {
  REQUIRE_CLI();
  if (device_count() < 2) GTEST_SKIP() << device_count() << " CUDA device(s) on this machine: the two-device run needs two";
  const std::string a = gpurng::test::temp_path("cpu.bin"), b = gpurng::test::temp_path("gpus.bin");
  for (const std::vector<std::string>& engine :
       {std::vector<std::string>{"--engine", "mt19937", "--dist", "normal"},
        std::vector<std::string>{"--engine", "mtgp11213", "--dist", "bits"},
        std::vector<std::string>{"--engine", "sobol64", "--dims", "3", "--dist", "uniform", "--count", "3000003"},
        std::vector<std::string>{"--engine", "dcmt521", "--dist", "poisson", "--lambda", "7"}}) {
    std::vector<std::string> common = {"generate", "--seed", "11", "--offset", "12345", "--format", "bin"};
    common.insert(common.end(), engine.begin(), engine.end());
    if (engine.size() < 7) common.insert(common.end(), {"--count", "50000001"});
    std::vector<std::string> cpu = common, gpus = common;
    cpu.insert(cpu.end(), {"--backend", "cpu", "--out", a});
    gpus.insert(gpus.end(), {"--backend", "cuda", "--devices", "0,1", "--out", b});
    const CliResult r1 = run_cli(cpu), r2 = run_cli(gpus);
    ASSERT_EQ(r1.rc, 0) << r1.err;
    ASSERT_EQ(r2.rc, 0) << r2.err;
    EXPECT_EQ(gpurng::test::slurp(a), gpurng::test::slurp(b)) << shown_args(gpus);
  }
  expect_bad_argument({"generate", "--backend", "cuda", "--devices", "0," + std::to_string(device_count())},
                      "--devices: devices: device " + std::to_string(device_count()) + " is out of range");
  expect_bad_argument({"generate", "--backend", "cuda", "--devices", "1,1"}, "is listed twice");
  std::remove(a.c_str());
  std::remove(b.c_str());
}
