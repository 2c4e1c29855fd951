// A moved-from Generator (issue 20, item 6): every member call throws a clear Error instead of
// dereferencing the engine it no longer has, and move-assigning a new Generator makes it usable.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "gpurng/gpurng.hpp"

namespace {

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;

// Every public member of Generator, called with arguments that a live generator accepts.
std::vector<std::pair<std::string, std::function<void(Generator&)>>> every_member(const std::string& state_path,
                                                                                 const std::vector<std::uint8_t>& state) {
  static std::uint32_t u32[2];
  static std::uint64_t u64[2];
  static float f32[2];
  static double f64[2];
  const std::uint64_t words[6] = {1, 2, 3, 4, 5, 6};
  return {
      {"engine", [](Generator& g) { (void)g.engine(); }},
      {"backend", [](Generator& g) { (void)g.backend(); }},
      {"seed", [](Generator& g) { g.seed(42); }},
      {"seed_array(pointer)", [words](Generator& g) { g.seed_array(words, 6); }},
      {"seed_array(vector)", [](Generator& g) { g.seed_array(std::vector<std::uint64_t>{1, 2, 3, 4, 5, 6}); }},
      {"select_stream", [](Generator& g) { g.select_stream(1, 2); }},
      {"dimensions", [](Generator& g) { g.dimensions(2); }},
      {"scramble", [](Generator& g) { g.scramble(gpurng::Scramble::none); }},
      {"streams", [](Generator& g) { g.streams(4); }},
      {"normal_method", [](Generator& g) { g.normal_method(gpurng::NormalMethod::box_muller); }},
      {"param_set", [](Generator& g) { g.param_set(0); }},
      {"param_file", [](Generator& g) { g.param_file("sets.csv"); }},
      {"offset(k)", [](Generator& g) { g.offset(10); }},
      {"offset()", [](Generator& g) { (void)g.offset(); }},
      {"remaining", [](Generator& g) { (void)g.remaining(); }},
      {"cuda_stream(s)", [](Generator& g) { g.cuda_stream(nullptr); }},
      {"cuda_stream()", [](Generator& g) { (void)g.cuda_stream(); }},
      {"cuda_blocks", [](Generator& g) { g.cuda_blocks(0); }},
      {"cpu_threads", [](Generator& g) { g.cpu_threads(1); }},
      {"generate_bits(u32)", [](Generator& g) { g.generate_bits(u32, 2); }},
      {"generate_bits(u64)", [](Generator& g) { g.generate_bits(u64, 2); }},
      {"generate_uniform(f32)", [](Generator& g) { g.generate_uniform(f32, 2); }},
      {"generate_uniform(f64)", [](Generator& g) { g.generate_uniform(f64, 2); }},
      {"generate_normal(f32)", [](Generator& g) { g.generate_normal(f32, 2, 0.0f, 1.0f); }},
      {"generate_normal(f64)", [](Generator& g) { g.generate_normal(f64, 2, 0.0, 1.0); }},
      {"generate_exponential(f32)", [](Generator& g) { g.generate_exponential(f32, 2, 1.0f); }},
      {"generate_exponential(f64)", [](Generator& g) { g.generate_exponential(f64, 2, 1.0); }},
      {"generate_lognormal(f32)", [](Generator& g) { g.generate_lognormal(f32, 2, 0.0f, 1.0f); }},
      {"generate_lognormal(f64)", [](Generator& g) { g.generate_lognormal(f64, 2, 0.0, 1.0); }},
      {"save_state", [state_path](Generator& g) { g.save_state(state_path + ".moved"); }},
      {"load_state", [state_path](Generator& g) { g.load_state(state_path); }},
      {"state_bytes", [](Generator& g) { (void)g.state_bytes(); }},
      {"restore_state_bytes", [state](Generator& g) { g.restore_state_bytes(state.data(), state.size()); }},
  };
}

void expect_every_member_throws(Generator& moved_from) {
  Generator live(Engine::mrg32k3a, Backend::cpu);
  // One file per test: ctest runs the tests of this binary as parallel processes, and a shared
  // name let one test remove the other's file between its save and its load.
  const std::string path = ::testing::TempDir() + "gpurng_move_" +
                           ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".state";
  live.save_state(path);
  for (const auto& [name, call] : every_member(path, live.state_bytes())) {
    try {
      call(moved_from);
      ADD_FAILURE() << name << " did not throw on a moved-from generator";
    } catch (const Error& e) {
      EXPECT_EQ(e.status(), Status::invalid_argument) << name;
      EXPECT_NE(std::string(e.what()).find("the generator was moved from"), std::string::npos) << name << ": " << e.what();
    }
  }
  EXPECT_NE(std::remove(path.c_str()), -1);
  EXPECT_EQ(std::remove((path + ".moved").c_str()), -1) << "save_state wrote a file for a moved-from generator";
}

TEST(GeneratorMove, EveryMemberOfAMovedFromGeneratorThrowsAClearError) {
  Generator a(Engine::mrg32k3a, Backend::cpu);
  Generator b(std::move(a));
  expect_every_member_throws(a);  // NOLINT(bugprone-use-after-move): the point of the test
  EXPECT_EQ(b.engine(), Engine::mrg32k3a);
}

TEST(GeneratorMove, TheSourceOfAMoveAssignmentThrowsAClearError) {
  Generator a(Engine::mt19937, Backend::cpu);
  Generator b(Engine::mrg32k3a, Backend::cpu);
  b = std::move(a);
  expect_every_member_throws(a);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(b.engine(), Engine::mt19937);
}

TEST(GeneratorMove, AMovedFromGeneratorIsUsableAfterAssignment) {
  Generator a(Engine::mrg32k3a, Backend::cpu);
  a.seed(42);
  Generator taken(std::move(a));
  a = Generator(Engine::mt19937, Backend::cpu);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(a.engine(), Engine::mt19937);
  EXPECT_EQ(a.backend(), Backend::cpu);
  EXPECT_EQ(a.offset(), 0u);
  std::uint32_t v[2] = {};
  a.generate_bits(v, 2);
  EXPECT_EQ(v[0], 3499211612u);  // std::mt19937's first two values, default seed 5489
  EXPECT_EQ(v[1], 581869302u);
  EXPECT_EQ(a.offset(), 2u);

  // The generator it was moved into continues its stream: seed 42, value 0.
  Generator fresh(Engine::mrg32k3a, Backend::cpu);
  fresh.seed(42);
  double x = 0, y = 0;
  taken.generate_uniform(&x, 1);
  fresh.generate_uniform(&y, 1);
  EXPECT_EQ(x, y);
}

}  // namespace
