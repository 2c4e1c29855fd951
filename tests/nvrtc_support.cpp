#include "nvrtc_support.hpp"

#include <nvrtc.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace gpurng::test {

namespace {

std::string setting(const char* env, const char* compiled_in) {
  const char* v = std::getenv(env);
  return v != nullptr && *v != '\0' ? v : compiled_in;
}

}  // namespace

std::string nvrtc_include_dir() { return setting("GPURNG_NVRTC_INCLUDE_DIR", GPURNG_NVRTC_INCLUDE_DIR); }
std::string nvrtc_cccl_dir() { return setting("GPURNG_NVRTC_CCCL_DIR", GPURNG_NVRTC_CCCL_DIR); }
std::string nvrtc_test_kernels() { return setting("GPURNG_NVRTC_TEST_KERNELS", GPURNG_NVRTC_TEST_KERNELS); }

std::vector<std::string> nvrtc_options(const std::string& arch) {
  return {"-std=c++17", "-arch=" + arch, "-I" + nvrtc_include_dir(), "-I" + nvrtc_include_dir() + "/gpurng/nvrtc",
          "-I" + nvrtc_cccl_dir()};
}

NvrtcOutput nvrtc_compile(const std::string& source, const std::string& name, const std::vector<std::string>& options) {
  NvrtcOutput out;
  nvrtcProgram prog = nullptr;
  const nvrtcResult created = nvrtcCreateProgram(&prog, source.c_str(), name.c_str(), 0, nullptr, nullptr);
  if (created != NVRTC_SUCCESS) {
    out.log = std::string("nvrtcCreateProgram: ") + nvrtcGetErrorString(created);
    return out;
  }
  std::vector<const char*> argv;
  for (const std::string& o : options) argv.push_back(o.c_str());
  const nvrtcResult compiled = nvrtcCompileProgram(prog, static_cast<int>(argv.size()), argv.data());
  std::size_t size = 0;
  if (nvrtcGetProgramLogSize(prog, &size) == NVRTC_SUCCESS && size > 1) {
    out.log.resize(size);
    nvrtcGetProgramLog(prog, out.log.data());
    out.log.resize(size - 1);  // the terminating NUL
  }
  if (compiled == NVRTC_SUCCESS && nvrtcGetPTXSize(prog, &size) == NVRTC_SUCCESS) {
    out.ptx.resize(size);
    out.ok = nvrtcGetPTX(prog, out.ptx.data()) == NVRTC_SUCCESS;
    out.ptx.resize(size - 1);
  } else if (compiled != NVRTC_SUCCESS) {
    out.log = std::string("nvrtcCompileProgram: ") + nvrtcGetErrorString(compiled) + "\n" + out.log;
  }
  nvrtcDestroyProgram(&prog);
  return out;
}

std::string nvrtc_version() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return "unknown";
  return std::to_string(major) + "." + std::to_string(minor);
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace gpurng::test
