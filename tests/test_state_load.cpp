// Restoring states from sources one does not trust (issue 20): gpurng::LoadLimits (and the C API's
// gpurng_load_state_limited) bound what a small state may cost, refusing it before anything is
// allocated; every parameter set a state carries is checked as a parameter file's set is, its period
// included.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "gpurng/gpurng.h"
#include "gpurng/gpurng.hpp"
#include "state_codec.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::LoadLimits;
using gpurng::Status;

namespace {

constexpr std::uint64_t kNoLimit = ~std::uint64_t{0};

std::string data_file(const std::string& name) { return std::string(GPURNG_DATA_DIR) + "/" + name; }

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "state_load_" + std::to_string(::getpid()) + "_" + name;
}

// The first `rows` rows of a data file with its header.
std::string head_of(const std::string& file, int rows) {
  std::ifstream in(data_file(file));
  std::string line, out;
  for (int i = 0; i <= rows && std::getline(in, line); ++i) out += line + "\n";
  return out;
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// The error of restoring `bytes` into g with `limits` (Status::success if none).
Error restore_error(Generator& g, const std::vector<std::uint8_t>& bytes, const LoadLimits& limits = LoadLimits()) {
  try {
    g.restore_state_bytes(bytes.data(), bytes.size(), limits);
  } catch (const Error& e) {
    return e;
  }
  return Error(Status::success, "");
}

void expect_refused(const Error& e, Status status, const std::vector<std::string>& mentions) {
  EXPECT_EQ(e.status(), status) << e.what();
  for (const std::string& m : mentions) EXPECT_NE(std::string(e.what()).find(m), std::string::npos) << e.what();
}

// The case: 148 bytes (three dcmt2203 sets) that ask for 2^20 streams at offset 2^62, so that
// the next 8-value call would keep 2^20 windows (580 MB) and jump each of them.
std::vector<std::uint8_t> expensive_dcmt2203_state() {
  Generator g(Engine::dcmt2203, Backend::cpu);
  g.param_file(data_file("dcmt/dcmt2203_reference_dc_sets.csv"));
  g.streams(std::uint64_t{1} << 20);
  g.offset(std::uint64_t{1} << 62);
  return g.state_bytes();
}

}  // namespace

TEST(StateLoad, LimitsRefuseASmallStateThatWouldCostMuch) {
  const std::vector<std::uint8_t> bytes = expensive_dcmt2203_state();
  EXPECT_EQ(bytes.size(), 148u);
  Generator h(Engine::dcmt2203, Backend::cpu);
  const std::vector<std::uint8_t> before = h.state_bytes();
  expect_refused(restore_error(h, bytes, LoadLimits{4096, kNoLimit}), Status::invalid_argument,
                 {"1048576 streams", "max_streams = 4096"});
  expect_refused(restore_error(h, bytes, LoadLimits{kNoLimit, 2}), Status::invalid_argument,
                 {"3 parameter sets", "max_param_sets = 2"});
  EXPECT_EQ(h.state_bytes(), before) << "a refused state changed the generator";
  // At the limits, and with none, it is restored (restoring allocates nothing per stream).
  EXPECT_EQ(restore_error(h, bytes, LoadLimits{std::uint64_t{1} << 20, 3}).status(), Status::success);
  EXPECT_EQ(h.state_bytes(), bytes);
  Generator d(Engine::dcmt2203, Backend::cpu);
  EXPECT_EQ(restore_error(d, bytes).status(), Status::success);
  // load_state applies them too, naming the file.
  const std::string path = temp_path("dcmt2203.state");
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  try {
    h.load_state(path, LoadLimits{64, 64});
    ADD_FAILURE() << "load_state ignored the limits";
  } catch (const Error& e) {
    expect_refused(e, Status::invalid_argument, {path, "max_streams = 64"});
  }
  std::remove(path.c_str());
}

TEST(StateLoad, TheStreamLimitHoldsForEveryManyStreamEngine) {
  struct Case {
    Engine engine;
    std::uint64_t streams;
  };
  for (const Case& c : {Case{Engine::mwc, 1000}, Case{Engine::xorshift256, 1000}, Case{Engine::kiss, 1000},
                        Case{Engine::mtgp11213, 64}, Case{Engine::dcmt521, 1000}}) {
    Generator g(c.engine, Backend::cpu);
    g.streams(c.streams);
    const std::vector<std::uint8_t> bytes = g.state_bytes();
    Generator h(c.engine, Backend::cpu);
    expect_refused(restore_error(h, bytes, LoadLimits{c.streams - 1, kNoLimit}), Status::invalid_argument,
                   {"max_streams = " + std::to_string(c.streams - 1)});
    EXPECT_EQ(restore_error(h, bytes, LoadLimits{c.streams, kNoLimit}).status(), Status::success) << c.streams;
  }
}

TEST(StateLoad, CApiTakesTheLimits) {
  const std::vector<std::uint8_t> bytes = expensive_dcmt2203_state();
  const std::string path = temp_path("c_api.state");
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  gpurng_generator_t g = nullptr;
  ASSERT_EQ(gpurng_create(&g, GPURNG_ENGINE_DCMT2203, GPURNG_BACKEND_CPU), GPURNG_STATUS_SUCCESS);
  const gpurng_load_limits_t tight = {4096, UINT64_MAX};
  EXPECT_EQ(gpurng_load_state_limited(g, path.c_str(), &tight), GPURNG_STATUS_INVALID_ARGUMENT);
  EXPECT_NE(std::string(gpurng_last_error()).find("max_streams = 4096"), std::string::npos) << gpurng_last_error();
  EXPECT_EQ(gpurng_load_state_limited(g, path.c_str(), nullptr), GPURNG_STATUS_INVALID_ARGUMENT);
  const gpurng_load_limits_t none = {UINT64_MAX, UINT64_MAX};
  EXPECT_EQ(gpurng_load_state_limited(g, path.c_str(), &none), GPURNG_STATUS_SUCCESS);
  gpurng_destroy(g);
  std::remove(path.c_str());
}

// A dcmt state whose set 1 has twist word 0: its characteristic polynomial has degree 8, not 521.
// It was restored and generated from; now it is refused as a parameter file with that set is.
TEST(StateLoad, ADcmtStateCarryingANotFullPeriodSetIsRefused) {
  auto payload = [](std::uint32_t aaa1) {
    gpurng::detail::StateWriter w;
    w.u32(5489);  // the seed of stream 0
    w.u64(2);     // streams
    w.u64(0);     // first stream
    w.u64(0);     // offset
    w.u64(2);     // sets: aaa, maskB, maskC, shift0, shiftB, shiftC, shift1
    for (std::uint32_t aaa : {0xcef725c0u, aaa1}) {
      for (std::uint32_t v : {aaa, 0xa5b6dd80u, 0xffd58000u, 12u, 7u, 15u, 18u}) w.u32(v);
    }
    return gpurng::detail::encode_state(Engine::dcmt521, w.bytes());
  };
  Generator g(Engine::dcmt521, Backend::cpu);
  EXPECT_EQ(restore_error(g, payload(0xf4ba7e01u)).status(), Status::success);  // two sets of the seed paper
  expect_refused(restore_error(g, payload(0)), Status::corrupt_state,
                 {"parameter set 1", "degree 8, not 521", "not a full-period"});
}

// The set a state of an MTGP engine with a parameter file carries is checked as the file's set was:
// tables that are not linear and a pos the file reader refuses were restored before.
TEST(StateLoad, AnMtgpStatesSetIsCheckedAsAFilesSetIs) {
  const std::string path = write_file("mtgp.csv", head_of("mtgp/mtgp32_fast_params_11213.csv", 1));
  Generator g(Engine::mtgp11213, Backend::cpu);
  g.param_file(path);
  const gpurng::detail::DecodedState state = [&] {
    const std::vector<std::uint8_t> b = g.state_bytes();
    return gpurng::detail::decode_state(b.data(), b.size());
  }();
  // Payload: format, set, streams, seed kind, seed, key length (0), offset, then the set: mexp, pos,
  // sh1, sh2 (u32), mask, tbl[16], tmp_tbl[16] (u64), weight (u32).
  constexpr std::size_t kPos = 48, kTbl3 = 68 + 3 * 8;
  ASSERT_EQ(state.payload.size(), 68u + 32 * 8 + 4);
  auto changed = [&](std::size_t at, std::uint8_t value) {
    std::vector<std::uint8_t> p = state.payload;
    p[at] = value;
    return gpurng::detail::encode_state(Engine::mtgp11213, p);
  };
  Generator h(Engine::mtgp11213, Backend::cpu);
  EXPECT_EQ(restore_error(h, changed(kPos, state.payload[kPos])).status(), Status::success);
  expect_refused(restore_error(h, changed(kTbl3, state.payload[kTbl3] ^ 1u)), Status::corrupt_state, {"linear"});
  expect_refused(restore_error(h, changed(kPos, 96)), Status::corrupt_state, {"pos 96", "[3, 95]"});
  expect_refused(restore_error(h, gpurng::detail::encode_state(Engine::mtgp11213, state.payload), LoadLimits{kNoLimit, 0}),
                 Status::invalid_argument, {"max_param_sets = 0"});
  std::remove(path.c_str());
}
