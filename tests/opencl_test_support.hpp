// What the OpenCL backend's tests share (test_opencl.cpp, test_opencl_buffers.cpp): the engines the
// backend serves, the skip where no OpenCL device exists, and the messages of their comparisons.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::test {

// The engines the backend serves (src/opencl/engines.cpp); a change there must change this list.
inline const std::vector<Engine>& opencl_served() {
  static const std::vector<Engine> served = {
      Engine::mrg32k3a,      Engine::philox4x32_10,        Engine::philox4x64_10, Engine::threefry4x64_20,
      Engine::threefry2x32_20, Engine::pcg64,              Engine::pcg64dxsm,     Engine::kiss99,
      Engine::philox4x32_10_curand, Engine::xorwow,        Engine::mwc,           Engine::xorshift256,
      Engine::kiss,          Engine::xorwow_curand,        Engine::mrg32k3a_curand, Engine::mt19937,
      Engine::mt19937_64,    Engine::dcmt521,              Engine::dcmt2203};
  return served;
}

// Whether the OpenCL kernels were built and a platform with a device exists; why not otherwise.
inline bool opencl_usable(std::string* why) {
  if (!built_with_opencl()) {
    *why = "this gpurng was built without the OpenCL kernels";
    return false;
  }
  if (opencl_devices().empty()) {
    *why = "no OpenCL platform with a device (install pocl-opencl-icd)";
    return false;
  }
  return true;
}

inline std::string first_difference(const std::vector<unsigned char>& a, const std::vector<unsigned char>& b,
                                    std::size_t width) {
  if (a.size() != b.size()) return "sizes differ";
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return "first difference at value " + std::to_string(i / width);
  }
  return "equal";
}

// A parameterised test's name from its engine ("philox4x32_10").
inline std::string engine_test_name(const ::testing::TestParamInfo<Engine>& info) {
  std::string s = engine_info(info.param).name;
  for (char& c : s) {
    if (c == '-') c = '_';
  }
  return s;
}

}  // namespace gpurng::test

// Skips the test, saying why, where no OpenCL device can run it.
#define REQUIRE_OPENCL()                                            \
  do {                                                              \
    std::string why;                                                \
    if (!gpurng::test::opencl_usable(&why)) GTEST_SKIP() << why;    \
  } while (0)
