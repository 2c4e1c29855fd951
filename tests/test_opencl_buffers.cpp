// The OpenCL backend's device-memory output (issue 28): Generator::generate into an OpenCL buffer
// gives the CPU backend's values bit for bit, at any element offset of the buffer, for every served
// engine and each kind of kernel body, touching nothing outside its values; the offset moves as for
// a host call. And every refusal: another backend, a null, foreign or too small buffer, half
// values, an overflowing offset. Runs on whatever device GPURNG_OPENCL_DEVICE picks (PoCL in CI);
// skips where no OpenCL platform exists.
#include <CL/cl.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "dist_kinds.hpp"
#include "opencl_test_support.hpp"
#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"

using gpurng::Backend;
using gpurng::Distribution;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::OpenclBuffer;
using gpurng::Status;
using gpurng::ValueType;
using gpurng::test::DistKind;
using gpurng::test::value_bytes;
using gpurng::test::engine_test_name;
using gpurng::test::first_difference;

namespace {

// An OpenCL buffer of the generator's context, released at the end of the scope.
class ClBuffer {
 public:
  ClBuffer(cl_context ctx, std::size_t bytes) {
    cl_int err = CL_SUCCESS;
    mem_ = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &err);
    EXPECT_EQ(err, CL_SUCCESS) << "clCreateBuffer of " << bytes << " bytes";
  }
  ~ClBuffer() {
    if (mem_ != nullptr) clReleaseMemObject(mem_);
  }
  ClBuffer(const ClBuffer&) = delete;
  ClBuffer& operator=(const ClBuffer&) = delete;
  cl_mem get() const { return mem_; }

 private:
  cl_mem mem_ = nullptr;
};

void write_all(cl_command_queue q, cl_mem m, const std::vector<unsigned char>& bytes) {
  ASSERT_EQ(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, bytes.size(), bytes.data(), 0, nullptr, nullptr), CL_SUCCESS);
}

std::vector<unsigned char> read_all(cl_command_queue q, cl_mem m, std::size_t bytes) {
  std::vector<unsigned char> out(bytes);
  EXPECT_EQ(clEnqueueReadBuffer(q, m, CL_TRUE, 0, bytes, out.data(), 0, nullptr, nullptr), CL_SUCCESS);
  return out;
}

std::vector<unsigned char> on_cpu(Engine e, const DistKind& k, std::uint64_t seed, std::uint64_t offset, std::size_t n) {
  Generator g(e, Backend::cpu);
  g.seed(seed);
  g.offset(offset);
  std::vector<unsigned char> out(n * value_bytes(k.type));
  gpurng::test::generate_kind(g, k, out.data(), n);
  return out;
}

void generate_into(Generator& g, const DistKind& k, cl_mem buffer, std::size_t at, std::size_t n) {
  g.generate(k.dist, k.type, k.params.data(), k.params.size(), OpenclBuffer{buffer, at}, n);
}

std::vector<DistKind> kinds_for(Engine e) {
  const bool wide = gpurng::engine_info(e).bits_width == 64;
  return {{"bits", Distribution::bits, wide ? ValueType::u64 : ValueType::u32, {}, 0},
          {"uniform_f", Distribution::uniform, ValueType::f32, {}, 0},
          {"normal_d", Distribution::normal, ValueType::f64, {-1.0, 0.5}, 0},
          {"poisson_u", Distribution::poisson, ValueType::u32, {4.0}, 0}};
}

class OpenclBufferEqualsCpu : public ::testing::TestWithParam<Engine> {};

// Two calls into one buffer, at element offsets that are not multiples of a row, with guard values
// before, between and after them: the values of one host call of their total, the guards untouched.
TEST_P(OpenclBufferEqualsCpu, TwoCallsAtOffsetsBitForBitGuardsKept) {
  REQUIRE_OPENCL();
  const Engine e = GetParam();
  for (const DistKind& k : kinds_for(e)) {
    SCOPED_TRACE(std::string(gpurng::engine_info(e).name) + " " + k.name);
    const std::size_t w = value_bytes(k.type);
    const std::size_t first = 5, gap = 3, n1 = 1001, n2 = 4099, tail = 7;
    const std::size_t total = first + n1 + gap + n2 + tail;
    Generator g(e, Backend::opencl);
    g.seed(2024);
    g.offset(33);
    cl_context ctx = g.opencl_context();
    cl_command_queue q = g.opencl_queue();
    ClBuffer buf(ctx, total * w);
    const std::vector<unsigned char> guard(total * w, 0x5A);
    write_all(q, buf.get(), guard);
    generate_into(g, k, buf.get(), first, n1);
    generate_into(g, k, buf.get(), first + n1 + gap, n2);
    EXPECT_EQ(g.offset(), 33 + n1 + n2);
    ASSERT_EQ(clFinish(q), CL_SUCCESS);
    const std::vector<unsigned char> got = read_all(q, buf.get(), total * w);
    const std::vector<unsigned char> want = on_cpu(e, k, 2024, 33, n1 + n2);
    const std::vector<unsigned char> part1(got.begin() + first * w, got.begin() + (first + n1) * w);
    const std::vector<unsigned char> part2(got.begin() + (first + n1 + gap) * w, got.begin() + (first + n1 + gap + n2) * w);
    EXPECT_TRUE(part1 == std::vector<unsigned char>(want.begin(), want.begin() + n1 * w))
        << first_difference(part1, std::vector<unsigned char>(want.begin(), want.begin() + n1 * w), w);
    EXPECT_TRUE(part2 == std::vector<unsigned char>(want.begin() + n1 * w, want.end()))
        << first_difference(part2, std::vector<unsigned char>(want.begin() + n1 * w, want.end()), w);
    for (std::size_t i = 0; i < first * w; ++i) ASSERT_EQ(got[i], 0x5A) << "byte " << i << " before the first call";
    for (std::size_t i = (first + n1) * w; i < (first + n1 + gap) * w; ++i) {
      ASSERT_EQ(got[i], 0x5A) << "byte " << i << " between the calls";
    }
    for (std::size_t i = (total - tail) * w; i < total * w; ++i) ASSERT_EQ(got[i], 0x5A) << "byte " << i << " after";
  }
}

INSTANTIATE_TEST_SUITE_P(Served, OpenclBufferEqualsCpu, ::testing::ValuesIn(gpurng::test::opencl_served()), engine_test_name);

// The counter engines' direct fill (bits and uniforms, groups of 4 values from their blocks' indices)
// where it applies (element offset a multiple of 16 bytes, position a multiple of the block) and
// where it does not, with a ragged end the row path finishes: always the CPU's values.
TEST(OpenclBuffer, CounterEnginesDirectFillAndItsEdges) {
  REQUIRE_OPENCL();
  for (Engine e : {Engine::philox4x32_10, Engine::threefry2x32_20, Engine::philox4x64_10, Engine::threefry4x64_20,
                   Engine::philox4x32_10_curand}) {
    const bool wide = gpurng::engine_info(e).bits_width == 64;
    const std::vector<DistKind> kinds = {{"bits", Distribution::bits, wide ? ValueType::u64 : ValueType::u32, {}, 0},
                                         {"uniform_f", Distribution::uniform, ValueType::f32, {}, 0},
                                         {"uniform_d", Distribution::uniform, ValueType::f64, {}, 0}};
    for (const DistKind& k : kinds) {
      for (std::size_t at : {std::size_t{0}, std::size_t{4}, std::size_t{1}}) {
        for (std::uint64_t offset : {std::uint64_t{0}, std::uint64_t{8}, std::uint64_t{3}}) {
          SCOPED_TRACE(std::string(gpurng::engine_info(e).name) + " " + k.name + " element " + std::to_string(at) +
                       " offset " + std::to_string(offset));
          const std::size_t w = value_bytes(k.type), n = 4099;
          Generator g(e, Backend::opencl);
          g.seed(31);
          g.offset(offset);
          ClBuffer buf(g.opencl_context(), (at + n) * w);
          generate_into(g, k, buf.get(), at, n);
          ASSERT_EQ(clFinish(g.opencl_queue()), CL_SUCCESS);
          const std::vector<unsigned char> all = read_all(g.opencl_queue(), buf.get(), (at + n) * w);
          const std::vector<unsigned char> got(all.begin() + at * w, all.end());
          const std::vector<unsigned char> want = on_cpu(e, k, 31, offset, n);
          EXPECT_TRUE(got == want) << first_difference(got, want, w);
        }
      }
    }
  }
}

// The many-stream and Dynamic-Creator engines with several streams: one call into a buffer equals the
// CPU's interleaved layout, and a second call continues from the windows the first kept.
TEST(OpenclBuffer, ManyStreamsContinue) {
  REQUIRE_OPENCL();
  const DistKind uniform_f{"uniform_f", Distribution::uniform, ValueType::f32, {}, 0};
  for (Engine e : {Engine::mwc, Engine::kiss, Engine::dcmt521, Engine::dcmt2203}) {
    SCOPED_TRACE(gpurng::engine_info(e).name);
    const std::size_t n1 = 3000, n2 = 5003;
    Generator c(e, Backend::cpu);
    c.seed(8);
    c.streams(37);
    std::vector<float> want(n1 + n2);
    c.generate_uniform(want.data(), n1);
    c.generate_uniform(want.data() + n1, n2);
    Generator g(e, Backend::opencl);
    g.seed(8);
    g.streams(37);
    ClBuffer buf(g.opencl_context(), (n1 + n2) * sizeof(float));
    generate_into(g, uniform_f, buf.get(), 0, n1);
    generate_into(g, uniform_f, buf.get(), n1, n2);
    ASSERT_EQ(clFinish(g.opencl_queue()), CL_SUCCESS);
    const std::vector<unsigned char> got = read_all(g.opencl_queue(), buf.get(), (n1 + n2) * sizeof(float));
    EXPECT_EQ(0, std::memcmp(got.data(), want.data(), got.size()));
  }
}

// More calls in flight than the runtime's input slots (8, runtime.cpp), none waited for: each call's
// chunk jumps (different for every call: its own offset) go through a slot reused only after the
// kernel that read it completed, so every call still gets its own. Values as one CPU call of the total.
TEST(OpenclBuffer, CallsInFlightKeepTheirOwnInputs) {
  REQUIRE_OPENCL();
  const std::size_t calls = 21, n = 4099;
  for (Engine e : {Engine::kiss, Engine::xorshift256}) {
    SCOPED_TRACE(gpurng::engine_info(e).name);
    Generator c(e, Backend::cpu);
    c.seed(12);
    c.streams(5);
    std::vector<float> want(calls * n);
    c.generate_uniform(want.data(), want.size());
    Generator g(e, Backend::opencl);
    g.seed(12);
    g.streams(5);
    ClBuffer buf(g.opencl_context(), want.size() * sizeof(float));
    for (std::size_t i = 0; i < calls; ++i) g.generate(Distribution::uniform, ValueType::f32, nullptr, 0, OpenclBuffer{buf.get(), i * n}, n);
    ASSERT_EQ(clFinish(g.opencl_queue()), CL_SUCCESS);
    const std::vector<unsigned char> got = read_all(g.opencl_queue(), buf.get(), want.size() * sizeof(float));
    EXPECT_EQ(0, std::memcmp(got.data(), want.data(), got.size()));
  }
}

// n = 0 is a no-op, a null buffer allowed; the offset does not move.
TEST(OpenclBuffer, EmptyCallIsANoOp) {
  REQUIRE_OPENCL();
  Generator g(Engine::philox4x32_10, Backend::opencl);
  g.offset(10);
  g.generate(Distribution::uniform, ValueType::f32, nullptr, 0, OpenclBuffer{nullptr, 0}, 0);
  EXPECT_EQ(g.offset(), 10u);
}

void expect_error(Status status, const std::string& fragment, const std::function<void()>& f) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one containing \"" << fragment << "\"";
  } catch (const Error& err) {
    EXPECT_EQ(err.status(), status) << err.what();
    EXPECT_NE(std::string(err.what()).find(fragment), std::string::npos) << err.what();
  }
}

TEST(OpenclBuffer, Refusals) {
  REQUIRE_OPENCL();
  Generator g(Engine::philox4x32_10, Backend::opencl);
  g.offset(100);
  ClBuffer small(g.opencl_context(), 64 * sizeof(float));
  const auto uniform = [&](OpenclBuffer b, std::size_t n) {
    g.generate(Distribution::uniform, ValueType::f32, nullptr, 0, b, n);
  };
  expect_error(Status::invalid_argument, "null OpenCL buffer", [&] { uniform(OpenclBuffer{nullptr, 0}, 1); });
  expect_error(Status::invalid_argument, "holds 256 bytes", [&] { uniform(OpenclBuffer{small.get(), 0}, 65); });
  expect_error(Status::invalid_argument, "holds 256 bytes", [&] { uniform(OpenclBuffer{small.get(), 60}, 5); });
  expect_error(Status::invalid_argument, "overflow", [&] { uniform(OpenclBuffer{small.get(), SIZE_MAX / 2}, 8); });
  expect_error(Status::unsupported, "float16", [&] {
    g.generate(Distribution::uniform, ValueType::f16, nullptr, 0, OpenclBuffer{small.get(), 0}, 4);
  });
  expect_error(Status::unsupported, "32-bit", [&] {
    g.generate(Distribution::bits, ValueType::u64, nullptr, 0, OpenclBuffer{small.get(), 0}, 4);
  });
  // A parameter out of range is refused before anything runs.
  expect_error(Status::invalid_argument, "", [&] {
    const double lambda = -1.0;
    g.generate(Distribution::poisson, ValueType::i32, &lambda, 1, OpenclBuffer{small.get(), 0}, 4);
  });
  EXPECT_EQ(g.offset(), 100u) << "a refused call moves no offset";

  // A buffer of another context (a context of our own on the same device).
  cl_device_id device = nullptr;
  ASSERT_EQ(clGetCommandQueueInfo(g.opencl_queue(), CL_QUEUE_DEVICE, sizeof device, &device, nullptr), CL_SUCCESS);
  cl_int err = CL_SUCCESS;
  cl_context other = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  ASSERT_EQ(err, CL_SUCCESS);
  {
    ClBuffer foreign(other, 64 * sizeof(float));
    expect_error(Status::invalid_argument, "another OpenCL context", [&] { uniform(OpenclBuffer{foreign.get(), 0}, 4); });
  }
  clReleaseContext(other);

  // Other backends take no OpenCL buffer and have no OpenCL context.
  Generator cpu(Engine::philox4x32_10, Backend::cpu);
  expect_error(Status::invalid_argument, "backend is cpu", [&] {
    cpu.generate(Distribution::uniform, ValueType::f32, nullptr, 0, OpenclBuffer{small.get(), 0}, 4);
  });
  expect_error(Status::unsupported, "not opencl", [&] { (void)cpu.opencl_context(); });
  expect_error(Status::unsupported, "not opencl", [&] { (void)cpu.opencl_queue(); });
}

// The context and queue are the library's, one per device: every generator on the device shares them.
TEST(OpenclBuffer, OneContextPerDevice) {
  REQUIRE_OPENCL();
  Generator a(Engine::philox4x32_10, Backend::opencl);
  Generator b(Engine::mt19937, Backend::opencl);
  EXPECT_EQ(a.opencl_context(), b.opencl_context());
  EXPECT_EQ(a.opencl_queue(), b.opencl_queue());
  cl_context of_queue = nullptr;
  ASSERT_EQ(clGetCommandQueueInfo(a.opencl_queue(), CL_QUEUE_CONTEXT, sizeof of_queue, &of_queue, nullptr), CL_SUCCESS);
  EXPECT_EQ(of_queue, a.opencl_context());
}

// The C API's forms: the same values as the C++ call, and its status codes.
TEST(OpenclBuffer, CApi) {
  REQUIRE_OPENCL();
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_PHILOX4X32_10, GPURNG_BACKEND_OPENCL), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_set_seed(g, 77), GPURNG_STATUS_SUCCESS);
  void* ctx = nullptr;
  void* queue = nullptr;
  ASSERT_EQ(gpurng_opencl_context(g, &ctx), GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(gpurng_opencl_queue(g, &queue), GPURNG_STATUS_SUCCESS);
  const std::size_t n = 777;
  ClBuffer buf(static_cast<cl_context>(ctx), (n + 2) * sizeof(double));
  EXPECT_EQ(gpurng_generate_opencl(g, GPURNG_DIST_UNIFORM, GPURNG_VALUE_F64, nullptr, 0, buf.get(), 2, n),
            GPURNG_STATUS_SUCCESS);
  ASSERT_EQ(clFinish(static_cast<cl_command_queue>(queue)), CL_SUCCESS);
  const std::vector<unsigned char> got = read_all(static_cast<cl_command_queue>(queue), buf.get(), (n + 2) * sizeof(double));
  const DistKind uniform_d{"uniform_d", Distribution::uniform, ValueType::f64, {}, 0};
  const std::vector<unsigned char> want = on_cpu(Engine::philox4x32_10, uniform_d, 77, 0, n);
  EXPECT_EQ(0, std::memcmp(got.data() + 2 * sizeof(double), want.data(), want.size()));
  EXPECT_EQ(gpurng_generate_opencl(g, GPURNG_DIST_UNIFORM, GPURNG_VALUE_F64, nullptr, 0, buf.get(), 3, n),
            GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("holds"), std::string::npos) << gpurng_last_error();
  EXPECT_EQ(gpurng_opencl_queue(g, nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  gpurng_destroy(g);
  gpurng_generator_t c = nullptr;
  ASSERT_EQ(gpurng_create(&c, GPURNG_ENGINE_PHILOX4X32_10, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  EXPECT_EQ(gpurng_opencl_context(c, &ctx), GPURNG_STATUS_UNSUPPORTED);
  gpurng_destroy(c);
}

}  // namespace
