// The device headers under NVRTC (issues 22 and 25), without a GPU: every public device header on its
// own, and a kernel source that calls every generator and the curand_compat API, compile to PTX for
// compute_90 with the options of docs/NVRTC.md; and every state type has the host compiler's size and
// alignment there, so a state kept in memory by one side reads the same on the other (the layout the
// Python package reports, gpurng.device_state_layout()). test_cuda_nvrtc runs the PTX on a device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "gpurng/device/curand_compat.hpp"
#include "gpurng/device/dcmt.hpp"
#include "gpurng/device/kiss99.hpp"
#include "gpurng/device/mrg32k3a.hpp"
#include "gpurng/device/perthread.hpp"
#include "nvrtc_support.hpp"

namespace fs = std::filesystem;
using gpurng::test::nvrtc_compile;
using gpurng::test::nvrtc_options;

namespace {

// NVRTC's log names our headers by their path; a diagnostic there is ours to fix.
bool mentions_gpurng_header(const std::string& log) { return log.find("include/gpurng/") != std::string::npos; }

std::vector<std::string> public_device_headers() {
  const fs::path root = fs::path(gpurng::test::nvrtc_include_dir());
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root / "gpurng" / "device")) {
    if (e.is_regular_file() && e.path().extension() == ".hpp") out.push_back(fs::relative(e.path(), root).generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct Layout {
  const char* type;
  std::size_t size, align;
};
#define GPURNG_LAYOUT(T) Layout{#T, sizeof(T), alignof(T)}

// Every state a kernel may keep in memory between launches.
const Layout kLayouts[] = {
    GPURNG_LAYOUT(gpurng::device::Mrg32k3a),
    GPURNG_LAYOUT(gpurng::device::Kiss99),
    GPURNG_LAYOUT(gpurng::device::Mwc),
    GPURNG_LAYOUT(gpurng::device::Xorshift256),
    GPURNG_LAYOUT(gpurng::device::Kiss),
    GPURNG_LAYOUT(gpurng::device::Dcmt521),
    GPURNG_LAYOUT(gpurng::device::Dcmt2203),
    GPURNG_LAYOUT(gpurng::device::Dcmt521Blocks),
    GPURNG_LAYOUT(gpurng::device::Dcmt2203Blocks),
    GPURNG_LAYOUT(gpurng::core::dcmt::Set),
    GPURNG_LAYOUT(gpurng::curand_compat::curandStateXORWOW_t),
    GPURNG_LAYOUT(gpurng::curand_compat::curandStatePhilox4_32_10_t),
    GPURNG_LAYOUT(gpurng::curand_compat::curandStateMRG32k3a_t),
};

}  // namespace

TEST(NvrtcDeviceHeaders, TheListOfPublicHeadersIsComplete) {
  const auto headers = public_device_headers();
  for (const char* h : {"gpurng/device/mrg32k3a.hpp", "gpurng/device/perthread.hpp", "gpurng/device/curand_compat.hpp",
                        "gpurng/device/curand_compat/xorwow.hpp", "gpurng/device/dcmt_warp.hpp"}) {
    EXPECT_NE(std::find(headers.begin(), headers.end(), h), headers.end())
        << h << " not found under " << gpurng::test::nvrtc_include_dir();
  }
}

TEST(NvrtcDeviceHeaders, EveryHeaderCompilesOnItsOwn) {
  for (const std::string& h : public_device_headers()) {
    const std::string src = "#include \"" + h + "\"\nextern \"C\" __global__ void probe(int* p) { *p = 1; }\n";
    const auto r = nvrtc_compile(src, "probe_" + fs::path(h).stem().string() + ".cu", nvrtc_options());
    EXPECT_TRUE(r.ok) << h << " does not compile under NVRTC " << gpurng::test::nvrtc_version() << ":\n" << r.log;
    EXPECT_FALSE(mentions_gpurng_header(r.log)) << h << ": NVRTC diagnostics in gpurng's headers:\n" << r.log;
  }
}

TEST(NvrtcDeviceHeaders, KernelsCallingEveryGeneratorCompileToPtx) {
  const std::string src = gpurng::test::read_text_file(gpurng::test::nvrtc_test_kernels());
  const auto r = nvrtc_compile(src, "device_api_kernels.cu", nvrtc_options("compute_90"));
  ASSERT_TRUE(r.ok) << "NVRTC " << gpurng::test::nvrtc_version() << " log:\n" << r.log;
  EXPECT_FALSE(mentions_gpurng_header(r.log)) << r.log;
  for (const char* k : {"gpurng_test_mrg32k3a", "gpurng_test_mwc", "gpurng_test_xorshift256", "gpurng_test_kiss",
                        "gpurng_test_kiss99", "gpurng_test_dcmt521", "gpurng_test_dcmt2203_blocks",
                        "gpurng_test_dcmt2203_warp", "gpurng_test_curand_xorwow", "gpurng_test_curand_philox",
                        "gpurng_test_curand_mrg32k3a"}) {
    EXPECT_NE(r.ptx.find(std::string(".entry ") + k + "("), std::string::npos) << k << " is not in the PTX";
  }
  EXPECT_NE(r.ptx.find(".target sm_90"), std::string::npos);
}

// The static_asserts fail compilation, naming the type, if NVRTC lays a state out differently.
TEST(NvrtcDeviceHeaders, StateLayoutsAreTheHostCompilers) {
  std::string src =
      "#include \"gpurng/device/curand_compat.hpp\"\n#include \"gpurng/device/dcmt.hpp\"\n"
      "#include \"gpurng/device/kiss99.hpp\"\n#include \"gpurng/device/mrg32k3a.hpp\"\n"
      "#include \"gpurng/device/perthread.hpp\"\n";
  for (const Layout& l : kLayouts) {
    src += "static_assert(sizeof(" + std::string(l.type) + ") == " + std::to_string(l.size) + " && alignof(" + l.type +
           ") == " + std::to_string(l.align) + ", \"" + l.type + ": not the host's size " + std::to_string(l.size) +
           " and alignment " + std::to_string(l.align) + "\");\n";
  }
  const auto r = nvrtc_compile(src, "layouts.cu", nvrtc_options());
  EXPECT_TRUE(r.ok) << r.log;
}

// The stand-ins are what makes the headers compile: without them NVRTC finds no <cstdint>. (Guards the
// test itself against passing because some other include path supplied the standard headers.)
TEST(NvrtcDeviceHeaders, WithoutTheStandInsNvrtcHasNoStandardHeaders) {
  std::vector<std::string> options = nvrtc_options();
  const std::string stand_ins = "-I" + gpurng::test::nvrtc_include_dir() + "/gpurng/nvrtc";
  ASSERT_NE(std::find(options.begin(), options.end(), stand_ins), options.end());
  options.erase(std::remove(options.begin(), options.end(), stand_ins), options.end());
  const auto r = nvrtc_compile("#include \"gpurng/device/mrg32k3a.hpp\"\n", "no_stand_ins.cu", options);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("cannot open source file"), std::string::npos) << r.log;
}
