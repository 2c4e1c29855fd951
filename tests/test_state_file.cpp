// Save/restore: the restored generator continues bit for bit; every malformed file is rejected
// with a clear error and leaves the generator untouched; random corruption never crashes.
#include <sys/stat.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "gpurng/gpurng.hpp"
#include "scratch_dir.hpp"
#include "state_codec.hpp"

using gpurng::Backend;
using gpurng::Engine;
using gpurng::Error;
using gpurng::Generator;
using gpurng::Status;

namespace {

std::string temp_path(const char* name) {
  return ::testing::TempDir() + "gpurng_" + name + "_" + std::to_string(::getpid());
}

std::vector<std::uint32_t> next_bits(Generator& g, std::size_t n) {
  std::vector<std::uint32_t> v(n);
  g.generate_bits(v.data(), n);
  return v;
}

Generator configured() {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  g.seed(31337);
  g.select_stream(2, 5);
  g.offset(1234567);
  std::vector<double> skip(11);
  g.generate_normal(skip.data(), skip.size());  // odd count: the offset is odd
  return g;
}

Status restore_status(Generator& g, const std::vector<std::uint8_t>& bytes) {
  try {
    g.restore_state_bytes(bytes.data(), bytes.size());
    return Status::success;
  } catch (const Error& e) {
    return e.status();
  }
}

}  // namespace

TEST(StateFile, SaveAndLoadContinueBitForBit) {
  Generator a = configured();
  const std::string path = temp_path("state");
  a.save_state(path);
  const auto expected = next_bits(a, 1000);

  Generator b(Engine::mrg32k3a, Backend::cpu);
  b.load_state(path);
  EXPECT_EQ(b.offset(), 1234567u + 11u);
  EXPECT_EQ(next_bits(b, 1000), expected);
  std::remove(path.c_str());
}

TEST(StateFile, BytesRoundTripAndLayout) {
  Generator a = configured();
  const auto bytes = a.state_bytes();
  ASSERT_EQ(bytes.size(), 24u + 48u + 4u);  // header + mrg32k3a payload + CRC
  EXPECT_EQ(std::string(bytes.begin(), bytes.begin() + 8), "GPURNGST");
  Generator b(Engine::mrg32k3a, Backend::cpu);
  b.restore_state_bytes(bytes.data(), bytes.size());
  EXPECT_EQ(b.state_bytes(), bytes);
}

TEST(StateFile, TruncatedExtendedAndFlippedFilesAreRejected) {
  const auto good = configured().state_bytes();
  Generator g(Engine::mrg32k3a, Backend::cpu);
  const auto before = g.state_bytes();
  for (std::size_t len = 0; len < good.size(); ++len) {
    std::vector<std::uint8_t> cut(good.begin(), good.begin() + static_cast<long>(len));
    EXPECT_EQ(restore_status(g, cut), Status::corrupt_state) << "length " << len;
  }
  auto longer = good;
  longer.push_back(0);
  EXPECT_EQ(restore_status(g, longer), Status::corrupt_state);
  for (std::size_t i = 0; i < good.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      auto flipped = good;
      flipped[i] ^= static_cast<std::uint8_t>(1u << bit);
      EXPECT_EQ(restore_status(g, flipped), Status::corrupt_state) << "byte " << i << " bit " << bit;
    }
  }
  EXPECT_EQ(g.state_bytes(), before) << "a failed restore must leave the generator unchanged";
}

TEST(StateFile, WellFormedButInvalidContentIsRejected) {
  using namespace gpurng::detail;
  Generator g(Engine::mrg32k3a, Backend::cpu);
  auto payload = [](std::uint32_t w0, std::uint32_t w3) {
    StateWriter w;
    const std::uint32_t s[6] = {w0, 1, 1, w3, 1, 1};
    for (std::uint32_t v : s) w.u32(v);
    w.u64(0);
    w.u64(0);
    w.u64(0);
    return w.bytes();
  };
  EXPECT_EQ(restore_status(g, encode_state(Engine::mrg32k3a, payload(1, 1))), Status::success);
  EXPECT_EQ(restore_status(g, encode_state(Engine::mrg32k3a, payload(4294967087u, 1))), Status::corrupt_state);
  EXPECT_EQ(restore_status(g, encode_state(Engine::mrg32k3a, payload(1, 4294944443u))), Status::corrupt_state);
  auto short_payload = payload(1, 1);
  short_payload.resize(40);
  EXPECT_EQ(restore_status(g, encode_state(Engine::mrg32k3a, short_payload)), Status::corrupt_state);
  auto long_payload = payload(1, 1);
  long_payload.push_back(9);
  EXPECT_EQ(restore_status(g, encode_state(Engine::mrg32k3a, long_payload)), Status::corrupt_state);
  EXPECT_EQ(restore_status(g, encode_state(static_cast<Engine>(42), payload(1, 1))), Status::corrupt_state);
  // Another format version.
  auto v2 = encode_state(Engine::mrg32k3a, payload(1, 1));
  v2[8] = 2;
  const std::uint32_t crc = crc32(v2.data(), v2.size() - 4);
  for (int i = 0; i < 4; ++i) v2[v2.size() - 4 + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(crc >> (8 * i));
  try {
    g.restore_state_bytes(v2.data(), v2.size());
    ADD_FAILURE() << "version 2 accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::corrupt_state);
    EXPECT_NE(std::string(e.what()).find("version 2"), std::string::npos) << e.what();
  }
}

TEST(StateFile, Crc32KnownAnswer) {
  const char* s = "123456789";  // the standard CRC-32 check value
  EXPECT_EQ(gpurng::detail::crc32(reinterpret_cast<const std::uint8_t*>(s), 9), 0xCBF43926u);
}

TEST(StateFile, RandomCorruptionNeverCrashes) {
  const auto good = configured().state_bytes();
  Generator g(Engine::mrg32k3a, Backend::cpu);
  std::mt19937_64 rng(1);
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::vector<std::uint8_t> b = good;
    switch (rng() % 4) {
      case 0: b.resize(rng() % (good.size() + 8)); break;
      case 1:
        for (int k = 0; k < 1 + static_cast<int>(rng() % 4); ++k) b[rng() % b.size()] = static_cast<std::uint8_t>(rng());
        break;
      case 2: b.insert(b.begin() + static_cast<long>(rng() % b.size()), static_cast<std::uint8_t>(rng())); break;
      default:
        b.assign(rng() % 100, 0);
        for (auto& x : b) x = static_cast<std::uint8_t>(rng());
        break;
    }
    if (b != good && restore_status(g, b) == Status::success) ++accepted;
    if (b == good) EXPECT_EQ(restore_status(g, b), Status::success);
  }
  EXPECT_EQ(accepted, 0) << "a changed file was accepted";
}

TEST(StateFile, FileErrors) {
  Generator g(Engine::mrg32k3a, Backend::cpu);
  try {
    g.load_state("/nonexistent/dir/state.bin");
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::io_error);
    EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/state.bin"), std::string::npos);
  }
  try {
    g.save_state("/nonexistent/dir/state.bin");
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::io_error);
  }
  // A device is written in place, never replaced by a renamed file (as root, /dev/null would
  // become a regular file); a directory is refused.
  struct stat st {};
  if (::stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode)) {  // (skipped where something else replaced it)
    g.save_state("/dev/null");
    ASSERT_EQ(::stat("/dev/null", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)) << "/dev/null must still be a character device";
  }
  try {
    g.save_state("/tmp");
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::io_error);
    EXPECT_NE(std::string(e.what()).find("directory"), std::string::npos);
  }
  const std::string path = temp_path("garbage");
  std::ofstream(path) << "this is not a state file at all";
  try {
    g.load_state(path);
    ADD_FAILURE();
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::corrupt_state);
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  std::remove(path.c_str());
}

// save_state replaces a file safely (issue 20): it used to write through a fixed "<path>.tmp", so a
// symlink planted there sent the state into the file it pointed at and became <path> itself.
TEST(StateFile, SaveNeverFollowsWhatIsPlantedBesideThePath) {
  gpurng::test::ScratchDir dir;
  dir.write("victim", "keep me");
  for (const char* planted : {"s.tmp", "s.part"}) {
    ASSERT_EQ(::symlink(dir.path("victim").c_str(), dir.path(planted).c_str()), 0);
  }
  Generator g = configured();
  g.save_state(dir.path("s"));
  EXPECT_EQ(dir.read("victim"), "keep me");
  EXPECT_TRUE(dir.is_regular_file("s"));
  EXPECT_EQ(dir.entries(), (std::vector<std::string>{"s", "s.part", "s.tmp", "victim"}));
  Generator h(Engine::mrg32k3a, Backend::cpu);
  h.load_state(dir.path("s"));
  EXPECT_EQ(next_bits(h, 8), next_bits(g, 8));
}

// A save that fails part-way (here: the file-size limit) leaves the old file and no temporary.
TEST(StateFile, AFailedSaveKeepsTheOldFile) {
  gpurng::test::ScratchDir dir;
  Generator mt(Engine::mt19937, Backend::cpu);  // a 2.5 KB state
  mt.save_state(dir.path("s"));
  const std::string good = dir.read("s");
  mt.offset(99);
  try {
    const gpurng::test::FileSizeLimit limit(1000);
    mt.save_state(dir.path("s"));
    ADD_FAILURE() << "a save past the file-size limit succeeded";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::io_error);
    EXPECT_NE(std::string(e.what()).find("save_state: writing '" + dir.path("s") + "'"), std::string::npos) << e.what();
  }
  EXPECT_EQ(dir.read("s"), good);
  EXPECT_EQ(dir.entries(), std::vector<std::string>{"s"});
}
