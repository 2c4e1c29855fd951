// What the shipped gpurng CLI and libgpurng need from the system to start (issue 20, item 7): their
// ELF NEEDED entries, read with binutils' readelf. `gpurng list` and `generate` must run on a
// machine without the CUDA toolkit (cuRAND, the shared CUDA runtime) or the NVIDIA driver's NVML,
// which `gpurng bench` loads at run time, and the shipped binaries must not link GSL (GPL-3) nor
// NTL with its gf2x (GPL-2+) and GMP: the jumps use the library's own GF(2)[x] code (src/gf2x/), and
// the GF(2) toolkit that needs NTL is the separate program gpurng-gf2, which gpurng runs for
// `equidist`, `dc` and `mtgpdc`.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

// The NEEDED entries of an ELF file, from lines like
//   0x0000000000000001 (NEEDED)             Shared library: [libc.so.6]
std::vector<std::string> needed(const std::string& path) {
  const gpurng::test::CliResult r = gpurng::test::run_program("readelf", {"-d", "-W", path});
  EXPECT_EQ(r.rc, 0) << "readelf -d " << path << ": " << r.err;
  std::vector<std::string> libs;
  std::istringstream in(r.out);
  std::string line;
  while (std::getline(in, line)) {
    if (line.find("(NEEDED)") == std::string::npos) continue;
    const auto open = line.find('['), close = line.rfind(']');
    if (open != std::string::npos && close != std::string::npos && close > open) {
      libs.push_back(line.substr(open + 1, close - open - 1));
    }
  }
  return libs;
}

// Libraries a shipped binary must not need: the CUDA toolkit's (cuRAND, the shared CUDA runtime),
// the driver's NVML (both loaded at run time where used), GSL and its CBLAS (GPL-3), NTL, gf2x
// (GPL-2+) and GMP.
const char* const kForbidden[] = {"libcurand", "libcudart", "libnvidia-ml", "libgsl", "libntl", "libgf2x", "libgmp"};

void expect_no_forbidden(const std::string& path) {
  const std::vector<std::string> libs = needed(path);
  std::string all;
  for (const std::string& l : libs) all += l + " ";
  // The parse itself: every dynamically linked program here needs the C library.
  EXPECT_NE(all.find("libc.so.6"), std::string::npos) << path << " NEEDED: " << all;
  for (const std::string& l : libs) {
    for (const char* bad : kForbidden) {
      EXPECT_NE(l.rfind(bad, 0), 0u) << path << " needs " << l << " (NEEDED: " << all << ")";
    }
  }
}

// The CLI as the CLI tests find it (GPURNG_CLI in the environment first, e.g. a staged copy).
TEST(Dependencies, TheCliNeedsNeitherTheCudaToolkitNorNvmlNorGslNorNtl) { expect_no_forbidden(gpurng::test::cli_path()); }

TEST(Dependencies, TheSharedLibraryNeedsNeitherTheCudaToolkitNorNvmlNorGslNorNtl) {
  const char* env = std::getenv("GPURNG_SHARED_LIBRARY");  // a staged copy; else the build's
  const std::string library = env != nullptr && *env != '\0' ? env : GPURNG_SHARED_LIBRARY;
  if (library.empty()) GTEST_SKIP() << "libgpurng is built as a static library (BUILD_SHARED_LIBS=OFF)";
  expect_no_forbidden(library);
}

// The toolkit's commands reach gpurng-gf2 beside gpurng (it needs NTL; gpurng does not).
TEST(Gf2Toolkit, GpurngRunsGpurngGf2ForItsCommands) {
  const std::filesystem::path gf2 = std::filesystem::path(gpurng::test::cli_path()).parent_path() / "gpurng-gf2";
  ASSERT_TRUE(std::filesystem::exists(gf2)) << gf2;
  const std::vector<std::string> libs = needed(gf2.string());
  std::string all;
  for (const std::string& l : libs) all += l + " ";
  EXPECT_NE(all.find("libntl"), std::string::npos) << "gpurng-gf2 NEEDED: " << all;
  const gpurng::test::CliResult via = gpurng::test::run_cli({"dc", "--help"});
  EXPECT_EQ(via.rc, 0) << via.err;
  EXPECT_NE(via.out.find("--mexp"), std::string::npos) << via.out;
  const gpurng::test::CliResult direct = gpurng::test::run_program(gf2.string(), {"dc", "--help"});
  EXPECT_EQ(direct.out, via.out);
  // A bad argument keeps its exit status through gpurng.
  const gpurng::test::CliResult bad = gpurng::test::run_cli({"equidist", "--engine", "nosuch"});
  EXPECT_EQ(bad.rc, 2) << bad.err;
  EXPECT_NE(bad.err.find("nosuch"), std::string::npos) << bad.err;
  // gpurng-gf2 has only the toolkit's commands.
  const gpurng::test::CliResult other = gpurng::test::run_program(gf2.string(), {"generate", "--count", "1"});
  EXPECT_EQ(other.rc, 2);
  EXPECT_NE(other.err.find("unknown command 'generate'"), std::string::npos) << other.err;
}

TEST(Gf2Toolkit, WithoutGpurngGf2TheToolkitCommandsSaySoAndTheOthersRun) {
  // A copy of gpurng alone in a directory, as on a machine where only the CLI is installed.
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("gpurng-alone-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path copy = dir / "gpurng";
  std::filesystem::copy_file(gpurng::test::cli_path(), copy, std::filesystem::copy_options::overwrite_existing);
  const gpurng::test::CliResult r = gpurng::test::run_program(copy.string(), {"mtgpdc", "--help"});
  EXPECT_EQ(r.rc, 1);
  EXPECT_NE(r.err.find("gpurng-gf2"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find((dir / "gpurng-gf2").string()), std::string::npos) << r.err;
  const gpurng::test::CliResult list = gpurng::test::run_program(copy.string(), {"list"});
  EXPECT_EQ(list.rc, 0) << list.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
