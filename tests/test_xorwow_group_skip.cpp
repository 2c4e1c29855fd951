// XORWOW's skip shared by a group of items (core/engines/xorwow_group_skip.hpp, the OpenCL backend's
// generic fill): run here by one host thread per item with a real barrier, as a work-group runs it,
// each item's state must equal xorwow::skip to its own position, for groups of 1, 2, 4 and 64 items,
// group starts with few and many set bits (up to 11 * 2^60 - 1) and item spacings from one row to 2^58
// (the last that keeps item 63's offset below 2^64).
#include <gtest/gtest.h>

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

#include "gpurng/core/engines/xorwow_group_skip.hpp"
#include "gpurng/core/engines/xorwow_host.hpp"

using namespace gpurng::core::xorwow;

namespace {

// A reusable barrier for n threads (C++17 has none).
class Barrier {
 public:
  explicit Barrier(unsigned n) : n_(n) {}
  void arrive_and_wait() {
    std::unique_lock<std::mutex> lock(m_);
    const unsigned gen = generation_;
    if (++waiting_ == n_) {
      waiting_ = 0;
      ++generation_;
      cv_.notify_all();
      return;
    }
    cv_.wait(lock, [&] { return generation_ != gen; });
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  unsigned n_;
  unsigned waiting_ = 0;
  unsigned generation_ = 0;
};

// The group's shared memory as group_skip sees it. Every access between barriers is to words no other
// item touches in the same phase (group_skip's contract), so plain words are enough; the mutex inside
// the barrier orders the phases.
struct SharedScratch {
  std::uint32_t* words;
  Barrier* b;
  std::uint32_t load(unsigned i) { return words[i]; }
  void store(unsigned i, std::uint32_t w) { words[i] = w; }
  void barrier() { b->arrive_and_wait(); }
};

template <unsigned N>
std::vector<State> skipped_by_group(const State& base, std::uint64_t group_start, int item_shift) {
  const JumpTable& t = jump_table_host();
  std::vector<std::uint32_t> words(kGroupSkipWords<N>, 0xdeadbeefu);
  Barrier barrier(N);
  std::vector<State> out(N, base);
  std::vector<std::thread> items;
  for (unsigned item = 0; item < N; ++item) {
    items.emplace_back([&, item] {
      SharedScratch s{words.data(), &barrier};
      group_skip<N>(out[item], t, group_start, item, item_shift, s);
    });
  }
  for (auto& th : items) th.join();
  return out;
}

template <unsigned N>
void expect_each_item_at_its_position(std::uint64_t seed, std::uint64_t group_start, int item_shift) {
  const JumpTable& t = jump_table_host();
  const State base = stream_state(t, seed, 3, 0);
  const std::vector<State> got = skipped_by_group<N>(base, group_start, item_shift);
  for (unsigned item = 0; item < N; ++item) {
    State want = base;
    skip(want, t, group_start + (std::uint64_t{item} << item_shift));
    for (int i = 0; i < 5; ++i) {
      ASSERT_EQ(got[item].v[i], want.v[i]) << "N " << N << " start " << group_start << " shift " << item_shift
                                           << " item " << item << " word " << i;
    }
    ASSERT_EQ(got[item].d, want.d) << "item " << item;
  }
}

}  // namespace

TEST(XorwowGroupSkip, ColumnSharesMakeTheProduct) {
  const JumpTable& t = jump_table_host();
  const Vec v{{0x12345678u, 0x9abcdef0u, 0x0f1e2d3cu, 0xdeadbeefu, 0x80000001u}};
  for (unsigned step : {1u, 2u, 3u, 32u, 64u, 160u, 200u}) {
    Vec sum{{0u, 0u, 0u, 0u, 0u}};
    for (unsigned first = 0; first < step; ++first) {
      const Vec part = apply_columns([&](unsigned j, int i) { return t.pow2[17].col[j].w[i]; }, v, first, step);
      for (int i = 0; i < 5; ++i) sum.w[i] ^= part.w[i];
    }
    const Vec want = gpurng::core::gf2::apply(t.pow2[17], v);
    for (int i = 0; i < 5; ++i) EXPECT_EQ(sum.w[i], want.w[i]) << "step " << step << " word " << i;
  }
}

TEST(XorwowGroupSkip, OneItemIsTheSkip) {
  expect_each_item_at_its_position<1>(1, 0, 5);
  expect_each_item_at_its_position<1>(1, 123456789, 5);
}

TEST(XorwowGroupSkip, SmallGroups) {
  for (std::uint64_t start : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{96}, std::uint64_t{1} << 33}) {
    expect_each_item_at_its_position<2>(7, start, 5);
    expect_each_item_at_its_position<4>(7, start, 9);
  }
}

TEST(XorwowGroupSkip, WorkGroupOf64AsTheOpenclFillRunsIt) {
  const std::uint64_t starts[] = {0, 32, 2048 * 64, (std::uint64_t{1} << 24) + 4096, 0x0123456789abcdefull,
                                  0xb000000000000000ull - 1};
  for (std::uint64_t start : starts) {
    for (int shift : {5, 8, 12, 40, 56}) {
      // (positions stay below 2^64, as in a fill: the last item's offset 63 << 56 fits beside every start)
      expect_each_item_at_its_position<64>(42, start, shift);
    }
  }
  expect_each_item_at_its_position<64>(42, 0, 58);  // the largest spacing: item 63 at 63 * 2^58
}
