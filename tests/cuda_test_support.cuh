// What every CUDA test needs: whether a device is present (GPU tests skip with a message when not,
// never pass silently), a checked CUDA call, a readable first difference between two byte buffers
// of values, and generation into (misaligned) device memory copied back to the host.
#pragma once

#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace gpurng::test {

inline bool have_device() { return !gpurng::cuda_devices().empty(); }

// Where two buffers of `size`-byte values first differ, for failure messages.
inline std::string first_difference(const std::vector<unsigned char>& a, const std::vector<unsigned char>& b,
                                    std::size_t size) {
  if (a.size() != b.size()) return "sizes differ";
  for (std::size_t i = 0; i < a.size(); i += size) {
    if (std::memcmp(&a[i], &b[i], size) != 0) return "first difference at element " + std::to_string(i / size);
  }
  return "equal";
}

// The same for 16-bit values (half-precision outputs).
inline std::string first_difference(const std::vector<std::uint16_t>& a, const std::vector<std::uint16_t>& b) {
  if (a.size() != b.size()) return "sizes differ";
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return "first difference at element " + std::to_string(i);
  }
  return "equal";
}

// Generates n values of kind k (any type with `size` and `gen(Generator&, void*, n)`) with g into
// device memory, `misalign` values into the buffer (one spare byte past the end), and copies them back.
template <class Kind>
std::vector<unsigned char> generate_on_device(Generator& g, const Kind& k, std::size_t n, std::size_t misalign) {
  unsigned char* d = nullptr;
  EXPECT_EQ(cudaMalloc(&d, (n + misalign) * k.size + 1), cudaSuccess);
  k.gen(g, d + misalign * k.size, n);
  std::vector<unsigned char> out(n * k.size);
  EXPECT_EQ(cudaMemcpy(out.data(), d + misalign * k.size, out.size(), cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(d);
  return out;
}

}  // namespace gpurng::test

// Macros because GTEST_SKIP and ASSERT_* return from the calling test body.
#define CUDA_OK(call) ASSERT_EQ((call), cudaSuccess) << #call << ": " << cudaGetErrorString(cudaGetLastError())

#define REQUIRE_DEVICE()              \
  if (!::gpurng::test::have_device()) \
  GTEST_SKIP() << "no CUDA device on this machine: GPU test not run"
