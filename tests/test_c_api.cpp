// The C API: statuses for every failure class, messages, and the same values as the C++ API.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"

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
