// The C API: statuses for every failure class, messages, and the same values as the C++ API.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"
#include "gpurng/partition.hpp"

TEST(CApi, CreateGenerateDestroy) {
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_MRG32K3A, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  ASSERT_NE(g, nullptr);
  gpurng_backend_t b;
  EXPECT_EQ(gpurng_get_backend(g, &b), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(b, GPURNG_BACKEND_CPU);
  EXPECT_EQ(gpurng_set_seed(g, 99), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_offset(g, 10), GPURNG_STATUS_SUCCESS);
  double u[5];
  EXPECT_EQ(gpurng_generate_uniform_double(g, u, 5), GPURNG_STATUS_SUCCESS);
  std::uint64_t off = 0;
  EXPECT_EQ(gpurng_get_offset(g, &off), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(off, 15u);

  gpurng::Generator cpp(gpurng::Engine::mrg32k3a, gpurng::Backend::cpu);
  cpp.seed(99);
  cpp.offset(10);
  double v[5];
  cpp.generate_uniform(v, 5);
  EXPECT_EQ(0, std::memcmp(u, v, sizeof u));

  float f[4];
  double d[4];
  std::uint32_t bits[4];
  EXPECT_EQ(gpurng_generate_bits32(g, bits, 4), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_generate_uniform(g, f, 4), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_generate_normal(g, f, 4, 0.0f, 1.0f), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_generate_normal_double(g, d, 4, 0.0, 1.0), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_generate_exponential(g, f, 4, 1.0f), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_generate_exponential_double(g, d, 4, 1.0), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_generate_lognormal(g, f, 4, 0.0f, 1.0f), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_generate_lognormal_double(g, d, 4, 0.0, 1.0), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_select_stream(g, 1, 2), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_cuda_stream(g, nullptr), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_destroy(g), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_destroy(nullptr), GPURNG_STATUS_SUCCESS);
}

TEST(CApi, EveryFailureHasAStatusAndAMessage) {
  gpurng_generator_t g = nullptr;
  EXPECT_EQ(gpurng_create(nullptr, GPURNG_ENGINE_MRG32K3A, GPURNG_BACKEND_CPU), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_create(&g, static_cast<gpurng_engine_t>(77), GPURNG_BACKEND_CPU), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(g, nullptr);
  EXPECT_NE(std::string(gpurng_last_error()).find("engine"), std::string::npos) << gpurng_last_error();
  EXPECT_EQ(gpurng_create(&g, GPURNG_ENGINE_MRG32K3A, static_cast<gpurng_backend_t>(9)), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("backend"), std::string::npos);
  if (gpurng::cuda_devices().empty()) {
    EXPECT_EQ(gpurng_create(&g, GPURNG_ENGINE_MRG32K3A, GPURNG_BACKEND_CUDA), GPURNG_STATUS_NO_DEVICE);
  }

  float f[2];
  EXPECT_EQ(gpurng_set_seed(nullptr, 1), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("null handle"), std::string::npos);
  EXPECT_EQ(gpurng_generate_uniform(nullptr, f, 2), GPURNG_STATUS_INVALID_ARGUMENT);

  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_MRG32K3A, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  EXPECT_STREQ(gpurng_last_error(), "");
  EXPECT_EQ(gpurng_generate_uniform(g, nullptr, 2), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_generate_normal(g, f, 2, 0.0f, -1.0f), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("stddev"), std::string::npos);
  EXPECT_EQ(gpurng_generate_exponential(g, f, 2, 0.0f), GPURNG_STATUS_INVALID_ARGUMENT);
  std::uint64_t wide[2];
  EXPECT_EQ(gpurng_generate_bits64(g, wide, 2), GPURNG_STATUS_UNSUPPORTED);
  const std::uint64_t bad[6] = {0, 0, 0, 1, 1, 1};
  EXPECT_EQ(gpurng_set_seed_array(g, bad, 6), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_set_seed_array(g, nullptr, 6), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_get_offset(g, nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_get_backend(g, nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_load_state(g, "/nonexistent/x"), GPURNG_STATUS_IO_ERROR);
  EXPECT_EQ(gpurng_load_state(g, nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_save_state(g, "/nonexistent/x"), GPURNG_STATUS_IO_ERROR);
  EXPECT_EQ(gpurng_set_dimensions(g, 2), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_set_scramble(g, 7), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_set_scramble(g, 1), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_set_streams(g, 4), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_set_normal_method(g, -1), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_set_normal_method(g, 1), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_set_param_set(g, 0), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_EQ(gpurng_set_param_file(g, nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_set_offset(g, ~0ull), GPURNG_STATUS_SUCCESS);
  std::uint32_t b[2];
  EXPECT_EQ(gpurng_generate_bits32(g, b, 2), GPURNG_STATUS_INVALID_ARGUMENT);
  gpurng_destroy(g);

  EXPECT_STREQ(gpurng_status_string(GPURNG_STATUS_CORRUPT_STATE), "corrupt_state");
  EXPECT_STREQ(gpurng_status_string(static_cast<gpurng_status_t>(1234)), "unknown_status");
}

namespace {

bool has(const std::string& text) { return std::string(gpurng_last_error()).find(text) != std::string::npos; }

int device_count() { return static_cast<int>(gpurng::cuda_devices().size()); }

// n uniform doubles of mrg32k3a seed 7 from position `offset`: the C++ reference.
std::vector<double> reference(std::uint64_t offset, std::size_t n) {
  gpurng::Generator g(gpurng::Engine::mrg32k3a, gpurng::Backend::cpu);
  g.seed(7);
  g.offset(offset);
  std::vector<double> out(n);
  g.generate_uniform(out.data(), n);
  return out;
}

}  // namespace

TEST(CApiPartition, BlockPartIsTheCppPartition) {
  std::uint64_t first = 99, count = 99;
  // 10 over 3: the first 10 % 3 = 1 part holds one more.
  const std::uint64_t want[3][2] = {{0, 4}, {4, 3}, {7, 3}};
  for (std::uint64_t k = 0; k < 3; ++k) {
    ASSERT_EQ(gpurng_block_part(10, 3, k, &first, &count), GPURNG_STATUS_SUCCESS);
    EXPECT_EQ(first, want[k][0]) << k;
    EXPECT_EQ(count, want[k][1]) << k;
  }
  // Fewer items than parts: the later parts are empty and start at the end.
  ASSERT_EQ(gpurng_block_part(2, 5, 4, &first, &count), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(first, 2u);
  EXPECT_EQ(count, 0u);
  // The whole 64-bit range, and a sweep against the C++ function.
  const std::uint64_t top = ~std::uint64_t{0};
  ASSERT_EQ(gpurng_block_part(top, 3, 2, &first, &count), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(first + count, top);
  for (std::uint64_t n : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{7}, std::uint64_t{1000003}, top}) {
    for (std::uint64_t parts : {1u, 2u, 7u, 64u}) {
      for (std::uint64_t k = 0; k < parts; ++k) {
        ASSERT_EQ(gpurng_block_part(n, parts, k, &first, &count), GPURNG_STATUS_SUCCESS);
        const gpurng::BlockPart p = gpurng::block_part(n, parts, k);
        ASSERT_EQ(first, p.first) << n << " " << parts << " " << k;
        ASSERT_EQ(count, p.count) << n << " " << parts << " " << k;
      }
    }
  }
  EXPECT_EQ(gpurng_block_part(10, 0, 0, &first, &count), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("parts: 0 is out of range")) << gpurng_last_error();
  EXPECT_EQ(gpurng_block_part(10, 3, 3, &first, &count), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("part: 3 is out of range [0, 2]")) << gpurng_last_error();
  EXPECT_EQ(gpurng_block_part(10, 3, 0, nullptr, &count), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("first: null pointer")) << gpurng_last_error();
  EXPECT_EQ(gpurng_block_part(10, 3, 0, &first, nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("count: null pointer")) << gpurng_last_error();
}

TEST(CApiDevices, DimensionsAreValuesPerPosition) {
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_SOBOL32, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  std::uint32_t d = 0;
  ASSERT_EQ(gpurng_get_dimensions(g, &d), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(d, 1u);
  ASSERT_EQ(gpurng_set_dimensions(g, 3), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_get_dimensions(g, &d), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(d, 3u);
  EXPECT_EQ(gpurng_get_dimensions(g, nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_get_dimensions(nullptr, &d), GPURNG_STATUS_INVALID_ARGUMENT);
  gpurng_destroy(g);
}

// Devices belong to the CUDA backend: on the CPU every device call is refused with a status and a
// message, never ignored, and leaves the generator as it was.
TEST(CApiDevices, TheCpuBackendRefusesDevices) {
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_MRG32K3A, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_set_seed(g, 7), GPURNG_STATUS_SUCCESS);
  int device = 99;
  ASSERT_EQ(gpurng_get_cuda_device(g, &device), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(device, -1);
  EXPECT_EQ(gpurng_set_cuda_device(g, 0), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_TRUE(has("cuda_device: the generator's backend is cpu, not cuda")) << gpurng_last_error();
  const int list[2] = {0, 1};
  EXPECT_EQ(gpurng_set_devices(g, list, 2), GPURNG_STATUS_UNSUPPORTED);
  EXPECT_TRUE(has("devices: the generator's backend is cpu, not cuda")) << gpurng_last_error();
  EXPECT_EQ(gpurng_set_devices(g, nullptr, 0), GPURNG_STATUS_UNSUPPORTED);
  std::size_t count = 99;
  int got[2] = {-5, -5};
  ASSERT_EQ(gpurng_get_devices(g, got, 2, &count), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(count, 0u);
  EXPECT_EQ(got[0], -5);  // nothing written
  ASSERT_EQ(gpurng_get_devices(g, nullptr, 0, &count), GPURNG_STATUS_SUCCESS);

  float a[4], b[4];
  void* outs[2] = {a, b};
  EXPECT_EQ(gpurng_generate_per_device(g, GPURNG_DIST_UNIFORM, GPURNG_VALUE_F32, nullptr, 0, outs, 8),
            GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("generate_per_device: the generator has no list of devices")) << gpurng_last_error();
  EXPECT_EQ(gpurng_generate_per_device(g, GPURNG_DIST_UNIFORM, static_cast<gpurng_value_type_t>(9), nullptr, 0, outs, 8),
            GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("value type: unknown value 9")) << gpurng_last_error();
  // The refusals moved nothing: the next values are the sequence's first.
  double u[3];
  ASSERT_EQ(gpurng_generate_uniform_double(g, u, 3), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(std::memcmp(u, reference(0, 3).data(), sizeof u), 0);
  gpurng_destroy(g);
}

TEST(CApiDevices, BadPointersAndHandles) {
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_MRG32K3A, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  int device = 0;
  std::size_t count = 0;
  EXPECT_EQ(gpurng_set_cuda_device(nullptr, 0), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("generator: null handle")) << gpurng_last_error();
  EXPECT_EQ(gpurng_get_cuda_device(nullptr, &device), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_get_cuda_device(g, nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("device: null pointer")) << gpurng_last_error();
  // A NULL list with a count is a mistake on any backend, reported before the backend is looked at.
  EXPECT_EQ(gpurng_set_devices(g, nullptr, 2), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("devices: null pointer")) << gpurng_last_error();
  EXPECT_EQ(gpurng_set_devices(nullptr, nullptr, 0), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_get_devices(g, nullptr, 0, nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("count: null pointer")) << gpurng_last_error();
  EXPECT_EQ(gpurng_get_devices(g, nullptr, 3, &count), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("devices: null pointer")) << gpurng_last_error();
  EXPECT_EQ(gpurng_generate_per_device(nullptr, GPURNG_DIST_UNIFORM, GPURNG_VALUE_F32, nullptr, 0, nullptr, 4),
            GPURNG_STATUS_INVALID_ARGUMENT);
  gpurng_destroy(g);
}

// On a device (skips without one): a generator's device, and one call spread over a list of devices
// equal to the CPU, into one host buffer and into one host buffer per device. With one device the
// list {0} still runs the multi-device path; the list {0, 1} needs two devices.
TEST(CApiDevicesGpu, OneDeviceAndTheListOfDevices) {
  if (device_count() < 1) GTEST_SKIP() << "no CUDA device: the C API's device calls are checked on the CPU only";
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_MRG32K3A, GPURNG_BACKEND_CUDA), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_set_seed(g, 7), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_set_cuda_device(g, 0), GPURNG_STATUS_SUCCESS);
  int device = -1;
  ASSERT_EQ(gpurng_get_cuda_device(g, &device), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(device, 0);
  EXPECT_EQ(gpurng_set_cuda_device(g, device_count()), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("cuda_device: device " + std::to_string(device_count()) + " is out of range [0, ")) << gpurng_last_error();
  EXPECT_EQ(gpurng_set_cuda_device(g, -1), GPURNG_STATUS_INVALID_ARGUMENT);
  const int twice[2] = {0, 0};
  EXPECT_EQ(gpurng_set_devices(g, twice, 2), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_TRUE(has("devices: device 0 is listed twice")) << gpurng_last_error();

  const int all = device_count() >= 2 ? 2 : 1;
  const int list[2] = {0, 1};
  ASSERT_EQ(gpurng_set_devices(g, list, static_cast<std::size_t>(all)), GPURNG_STATUS_SUCCESS);
  std::size_t count = 0;
  int got[4] = {-1, -1, -1, -1};
  ASSERT_EQ(gpurng_get_devices(g, got, 4, &count), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(count, static_cast<std::size_t>(all));
  EXPECT_EQ(got[0], 0);
  EXPECT_EQ(got[all], -1);
  // One host buffer: the sequence from offset 0, as the CPU gives it.
  std::vector<double> one(100001);
  ASSERT_EQ(gpurng_generate_uniform_double(g, one.data(), one.size()), GPURNG_STATUS_SUCCESS) << gpurng_last_error();
  EXPECT_EQ(one, reference(0, one.size()));
  // One host buffer per device: part k is block_part's part k of the next call.
  const std::size_t n = 30001;
  std::vector<std::vector<double>> parts(static_cast<std::size_t>(all));
  std::vector<void*> outs;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    std::uint64_t first = 0, c = 0;
    ASSERT_EQ(gpurng_block_part(n, parts.size(), k, &first, &c), GPURNG_STATUS_SUCCESS);
    parts[k].resize(c);
    outs.push_back(parts[k].data());
  }
  ASSERT_EQ(gpurng_generate_per_device(g, GPURNG_DIST_UNIFORM, GPURNG_VALUE_F64, nullptr, 0, outs.data(), n),
            GPURNG_STATUS_SUCCESS)
      << gpurng_last_error();
  std::vector<double> joined;
  for (const auto& p : parts) joined.insert(joined.end(), p.begin(), p.end());
  EXPECT_EQ(joined, reference(one.size(), n));
  std::uint64_t off = 0;
  ASSERT_EQ(gpurng_get_offset(g, &off), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(off, one.size() + n);
  // Back to one device.
  ASSERT_EQ(gpurng_set_devices(g, nullptr, 0), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_get_devices(g, nullptr, 0, &count), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(count, 0u);
  gpurng_destroy(g);
  if (all < 2) GTEST_SKIP() << "this machine has one CUDA device: the list {0} ran, the list {0, 1} needs two";
}

// The discrete distribution through the C API: the C++ API's values, and each failure's status and
// message.
TEST(CApi, DiscreteTable) {
  const double w[] = {1.0, 0.0, 2.5, 0.5};
  gpurng_discrete_table_t t = nullptr;
  ASSERT_EQ(gpurng_discrete_table_create(&t, w, 4), GPURNG_STATUS_SUCCESS);
  std::size_t k = 0;
  EXPECT_EQ(gpurng_discrete_table_size(t, &k), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(k, 4u);
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_PHILOX4X32_10, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_offset(g, 5), GPURNG_STATUS_SUCCESS);
  std::uint32_t got[300];
  EXPECT_EQ(gpurng_generate_discrete(g, t, GPURNG_VALUE_U32, got, 300), GPURNG_STATUS_SUCCESS);
  gpurng::Generator cpp(gpurng::Engine::philox4x32_10, gpurng::Backend::cpu);
  cpp.offset(5);
  std::uint32_t want[300];
  cpp.generate_discrete(gpurng::DiscreteTable(w, 4), want, 300);
  for (int i = 0; i < 300; ++i) {
    EXPECT_EQ(got[i], want[i]) << i;
    EXPECT_NE(got[i], 1u) << i;  // weight 0
  }

  double d[4];
  EXPECT_EQ(gpurng_generate_discrete(g, t, GPURNG_VALUE_F64, d, 4), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("int32, int64, uint32, uint64"), std::string::npos);
  EXPECT_EQ(gpurng_generate_discrete(g, nullptr, GPURNG_VALUE_U32, got, 4), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("table: null pointer"), std::string::npos);
  EXPECT_EQ(gpurng_generate_discrete(nullptr, t, GPURNG_VALUE_U32, got, 4), GPURNG_STATUS_INVALID_ARGUMENT);

  gpurng_discrete_table_t bad = reinterpret_cast<gpurng_discrete_table_t>(&k);  // overwritten with NULL
  const double negative[] = {1.0, -1.0};
  EXPECT_EQ(gpurng_discrete_table_create(&bad, negative, 2), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(bad, nullptr);
  EXPECT_NE(std::string(gpurng_last_error()).find("weights[1] = -1 is negative"), std::string::npos);
  const double zeros[] = {0.0, 0.0};
  EXPECT_EQ(gpurng_discrete_table_create(&bad, zeros, 2), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_discrete_table_create(&bad, w, 0), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_discrete_table_create(&bad, nullptr, 3), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_discrete_table_create(nullptr, w, 4), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_discrete_table_destroy(nullptr), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_discrete_table_destroy(t), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_destroy(g), GPURNG_STATUS_SUCCESS);
}

// The Dirichlet distribution through the C API: the C++ API's values, and each failure's status and
// message (each names alpha, count or offset and the valid range).
TEST(CApi, Dirichlet) {
  const double a[] = {0.5, 2.0, 1e-3};
  gpurng_dirichlet_alpha_t h = nullptr;
  ASSERT_EQ(gpurng_dirichlet_alpha_create(&h, a, 3), GPURNG_STATUS_SUCCESS);
  std::size_t k = 0;
  EXPECT_EQ(gpurng_dirichlet_alpha_size(h, &k), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(k, 3u);
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_PHILOX4X32_10, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_set_offset(g, 6), GPURNG_STATUS_SUCCESS);
  float got[300];
  EXPECT_EQ(gpurng_generate_dirichlet(g, h, GPURNG_VALUE_F32, got, 300), GPURNG_STATUS_SUCCESS);
  gpurng::Generator cpp(gpurng::Engine::philox4x32_10, gpurng::Backend::cpu);
  cpp.offset(6);
  float want[300];
  cpp.generate_dirichlet(gpurng::DirichletAlpha(a, 3), want, 300);
  for (int i = 0; i < 300; ++i) EXPECT_EQ(got[i], want[i]) << i;

  std::int32_t ints[3];
  EXPECT_EQ(gpurng_generate_dirichlet(g, h, GPURNG_VALUE_I32, ints, 3), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("float, double"), std::string::npos);
  EXPECT_EQ(gpurng_generate_dirichlet(g, h, GPURNG_VALUE_F32, got, 4), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("count: 4 is not a multiple of K = 3"), std::string::npos);
  EXPECT_EQ(gpurng_set_offset(g, 7), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_generate_dirichlet(g, h, GPURNG_VALUE_F32, got, 3), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("offset: 7 is not a multiple of K = 3"), std::string::npos);
  EXPECT_EQ(gpurng_generate_dirichlet(g, nullptr, GPURNG_VALUE_F32, got, 3), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("alpha_handle: null pointer"), std::string::npos);
  EXPECT_EQ(gpurng_generate_dirichlet(nullptr, h, GPURNG_VALUE_F32, got, 3), GPURNG_STATUS_INVALID_ARGUMENT);

  gpurng_dirichlet_alpha_t bad = reinterpret_cast<gpurng_dirichlet_alpha_t>(&k);  // overwritten with NULL
  const double nonpositive[] = {1.0, 0.0};
  EXPECT_EQ(gpurng_dirichlet_alpha_create(&bad, nonpositive, 2), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(bad, nullptr);
  EXPECT_NE(std::string(gpurng_last_error()).find("dirichlet alpha[1]: must be in [1e-300, 1e300], got 0"),
            std::string::npos);
  const double nan[] = {std::nan("")};
  EXPECT_EQ(gpurng_dirichlet_alpha_create(&bad, nan, 1), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("alpha[0]: must be in [1e-300, 1e300], got nan"), std::string::npos);
  EXPECT_EQ(gpurng_dirichlet_alpha_create(&bad, a, 0), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("must have 1 to 65536 components, got 0"), std::string::npos);
  EXPECT_EQ(gpurng_dirichlet_alpha_create(&bad, a, 65537), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("got 65537"), std::string::npos);
  EXPECT_EQ(gpurng_dirichlet_alpha_create(&bad, nullptr, 3), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_dirichlet_alpha_create(nullptr, a, 3), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_EQ(gpurng_dirichlet_alpha_destroy(nullptr), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_dirichlet_alpha_destroy(h), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_destroy(g), GPURNG_STATUS_SUCCESS);
}
