// What the shipped gpurng CLI and libgpurng need from the system to start (issue 20, item 7): their
// ELF NEEDED entries, read with binutils' readelf. `gpurng list` and `generate` must run on a
// machine without the CUDA toolkit (cuRAND, the shared CUDA runtime) or the NVIDIA driver's NVML,
// which `gpurng bench` loads at run time, and the shipped binaries must not link GSL (GPL-3).
#include <gtest/gtest.h>

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
// the driver's NVML (both loaded at run time where used), GSL and its CBLAS (GPL-3).
const char* const kForbidden[] = {"libcurand", "libcudart", "libnvidia-ml", "libgsl"};

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

TEST(Dependencies, TheCliNeedsNeitherTheCudaToolkitNorNvmlNorGsl) { expect_no_forbidden(GPURNG_CLI); }

TEST(Dependencies, TheSharedLibraryNeedsNeitherTheCudaToolkitNorNvmlNorGsl) {
  const std::string library = GPURNG_SHARED_LIBRARY;
  if (library.empty()) GTEST_SKIP() << "libgpurng is built as a static library (BUILD_SHARED_LIBS=OFF)";
  expect_no_forbidden(library);
}

}  // namespace
