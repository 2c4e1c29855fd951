// NVRTC for the tests: compile a source string to PTX with the options a user of gpurng's device
// headers passes (docs/NVRTC.md), keeping the log. NVRTC reads the headers at run time, so the paths
// matter then: CMake compiles in the repository's include/, the kernel file and the CUDA toolkit's
// libcu++ (CCCL); the environment variables of the same names override them, for a build run from
// another checkout (scripts/gpu-check.sh on the GPU machine).
#pragma once

#include <string>
#include <vector>

namespace gpurng::test {

// GPURNG_NVRTC_INCLUDE_DIR: the include/ that holds gpurng/device/ and gpurng/nvrtc/.
std::string nvrtc_include_dir();
// GPURNG_NVRTC_CCCL_DIR: the directory that holds cuda/std/cstdint.
std::string nvrtc_cccl_dir();
// GPURNG_NVRTC_TEST_KERNELS: tests/device_api_kernels.cuh.
std::string nvrtc_test_kernels();

struct NvrtcOutput {
  bool ok = false;
  std::string log;  // NVRTC's diagnostics (empty when there are none)
  std::string ptx;  // when ok
};

// -std=c++17, the include paths of docs/NVRTC.md, and -arch=<arch>.
std::vector<std::string> nvrtc_options(const std::string& arch = "compute_90");

NvrtcOutput nvrtc_compile(const std::string& source, const std::string& name, const std::vector<std::string>& options);

// NVRTC's version, "major.minor", for messages.
std::string nvrtc_version();

std::string read_text_file(const std::string& path);

}  // namespace gpurng::test
