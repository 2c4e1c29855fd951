// gpurng/partition.hpp: the block partition every multi-device and MPI layer uses (issue 26).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "gpurng/partition.hpp"

using gpurng::block_part;
using gpurng::BlockPart;
using gpurng::Error;
using gpurng::Status;

namespace {

// The parts of n over p are in order, contiguous, cover [0, n) and differ in size by at most one,
// the larger ones first.
void expect_partition(std::uint64_t n, std::uint64_t p) {
  std::uint64_t next = 0;
  const std::uint64_t small = n / p;
  for (std::uint64_t k = 0; k < p; ++k) {
    const BlockPart part = block_part(n, p, k);
    ASSERT_EQ(part.first, next) << "n=" << n << " parts=" << p << " k=" << k;
    ASSERT_TRUE(part.count == small || part.count == small + 1) << "n=" << n << " parts=" << p << " k=" << k;
    ASSERT_EQ(part.count, small + (k < n % p ? 1 : 0)) << "n=" << n << " parts=" << p << " k=" << k;
    next += part.count;
  }
  EXPECT_EQ(next, n) << "n=" << n << " parts=" << p;
}

TEST(BlockPart, CoversEveryRangeInOrderWithSizesWithinOne) {
  for (std::uint64_t n : {0ull, 1ull, 2ull, 3ull, 7ull, 64ull, 1000ull, 1001ull, 4099ull}) {
    for (std::uint64_t p : {1ull, 2ull, 3ull, 4ull, 5ull, 7ull, 8ull, 100ull, 1000ull}) expect_partition(n, p);
  }
}

TEST(BlockPart, FewerItemsThanPartsLeavesTheLastPartsEmpty) {
  const BlockPart a = block_part(2, 5, 1);
  EXPECT_EQ(a.first, 1u);
  EXPECT_EQ(a.count, 1u);
  const BlockPart b = block_part(2, 5, 4);
  EXPECT_EQ(b.first, 2u);
  EXPECT_EQ(b.count, 0u);
  const BlockPart c = block_part(0, 3, 2);
  EXPECT_EQ(c.first, 0u);
  EXPECT_EQ(c.count, 0u);
}

TEST(BlockPart, KnownSplits) {
  // 10 over 4: 3, 3, 2, 2.
  const std::uint64_t first[] = {0, 3, 6, 8}, count[] = {3, 3, 2, 2};
  for (std::uint64_t k = 0; k < 4; ++k) {
    EXPECT_EQ(block_part(10, 4, k).first, first[k]);
    EXPECT_EQ(block_part(10, 4, k).count, count[k]);
  }
}

TEST(BlockPart, WholeSixtyFourBitRangesDoNotOverflow) {
  const std::uint64_t max = std::numeric_limits<std::uint64_t>::max();
  for (std::uint64_t p : {1ull, 2ull, 3ull, 1000ull, 100000ull}) {
    const BlockPart last = block_part(max, p, p - 1);
    EXPECT_EQ(last.first + last.count, max) << p;
  }
  // Many ranks (the MPI layer at scale): every part of 2^40 over 100,000 ranks, sampled.
  const std::uint64_t n = std::uint64_t{1} << 40, ranks = 100000;
  for (std::uint64_t k : {0ull, 1ull, 77777ull, 99999ull}) {
    const BlockPart part = block_part(n, ranks, k);
    EXPECT_EQ(part.first, k * (n / ranks) + std::min(k, n % ranks));
  }
  expect_partition(max, 7);
  expect_partition(max - 1, 1000);
}

TEST(BlockPart, RefusesNoPartsAndAPartOutOfRange) {
  try {
    block_part(10, 0, 0);
    FAIL() << "parts = 0 accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("parts: 0 is out of range [1, 2^64-1]"), std::string::npos) << e.what();
  }
  try {
    block_part(10, 4, 4);
    FAIL() << "k = parts accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.status(), Status::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("part: 4 is out of range [0, 3]"), std::string::npos) << e.what();
  }
}

}  // namespace
