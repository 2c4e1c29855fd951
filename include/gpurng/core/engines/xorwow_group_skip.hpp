// XORWOW's skip-ahead shared by the work-items of a group (an OpenCL work-group) whose items start
// evenly spaced: item l at group_start + l * 2^item_shift.
//
// Why: xorwow::skip, run by each item alone, multiplies its vector by the table matrices of its own
// offset's set bits, one column after another (160 per product, about a dozen products for an offset
// near 2^24). The OpenCL backend's generic fill gave each of some 270,000 work-items its own skip, and
// on an H100 XORWOW's fill ran at 0.07-0.16x of the CUDA backend's rate (docs/PERFORMANCE.md, issue
// 28), whose warps share the work (xorwow::warp_skip, with warp shuffles that OpenCL 1.2 lacks). Here
// the group shares it through scratch memory and barriers instead:
//
// - A product M v shared by a team of T items: member m XORs the columns m, m + T, m + 2T, ... of M
//   masked by v's bits (apply_columns), and five members XOR the team's shares word by word.
// - The group's start: one such product (team = the whole group) per set bit of group_start.
// - The items' starts, by doubling: in round b = 0 .. log2(N) - 1 the group splits into 2^b teams, and
//   team t computes M^(2^(item_shift + b)) v_t, the start of item 2^b + t. Every item takes about 160
//   columns over all the rounds, one product's worth, instead of one product per set bit of its offset.
//
// The result is exactly xorwow::skip(st, t, group_start + (l << item_shift)) in item l: the products
// compose the same linear map (the order of commuting powers of M changes nothing), so CPU == device
// is untouched. Every item of the group must call it with the same st, group_start and item_shift.
#pragma once

#include <cstdint>

#include "gpurng/core/engines/xorwow.hpp"

namespace gpurng::core::xorwow {

// The columns j = first, first + step, ... of a 160 x 160 matrix, masked by v's bits and XORed: a share
// of M v. word(j, i) is word i of column j (a Matrix in memory).
template <class Word>
GPURNG_HD GPURNG_FORCEINLINE Vec apply_columns(Word word, const Vec& v, unsigned first, unsigned step) {
  Vec r{{0u, 0u, 0u, 0u, 0u}};
  for (unsigned j = first; j < 160u; j += step) {
    const std::uint32_t mask = 0u - ((v.w[j >> 5] >> (j & 31u)) & 1u);
    for (int i = 0; i < 5; ++i) r.w[i] ^= word(j, i) & mask;
  }
  return r;
}

// Scratch words group_skip needs for a group of N items: a partial vector and a start per item.
template <unsigned N>
inline constexpr unsigned kGroupSkipWords = 2u * 5u * N;

namespace group_detail {

// Scratch: the caller's shared memory and barrier, a type with
//   void store(unsigned word, std::uint32_t w);  std::uint32_t load(unsigned word);  void barrier();
// over kGroupSkipWords<N> words (partials at [0, 5N), starts at [5N, 10N)).
template <class Scratch>
GPURNG_HD GPURNG_FORCEINLINE void store_vec(Scratch& s, unsigned at, const Vec& v) {
  for (unsigned i = 0; i < 5u; ++i) s.store(5u * at + i, v.w[i]);
}
template <class Scratch>
GPURNG_HD GPURNG_FORCEINLINE Vec load_vec(Scratch& s, unsigned at) {
  Vec v;
  for (unsigned i = 0; i < 5u; ++i) v.w[i] = s.load(5u * at + i);
  return v;
}

// M v for the team of T items that `item` belongs to (items team T .. team T + T - 1; v the same in
// all of them), stored as start `to`: every member stores its share, and after one barrier member k
// XORs word k of the T shares (words k, k + T, ... in teams smaller than five). Two barriers a
// product, where halving the shares took log2(T) + 1 (and was slower on an H200). The caller's next
// barrier makes the start visible. Every item of the group calls this with the same T.
template <unsigned N, unsigned T, class Scratch>
GPURNG_HD void team_apply(const Matrix& m, const Vec& v, unsigned item, unsigned to, Scratch& s) {
  const unsigned member = item % T;
  store_vec(s, item, apply_columns([&](unsigned j, int i) { return m.col[j].w[i]; }, v, member, T));
  s.barrier();
  const unsigned first = item - member;
  for (unsigned k = member; k < 5u; k += T) {
    std::uint32_t w = 0;
    for (unsigned j = 0; j < T; ++j) w ^= s.load(5u * (first + j) + k);
    s.store(5u * (N + to) + k, w);
  }
}

// Round b of the doubling: team t (of N >> b items) computes item 2^b + t's start from item t's.
template <unsigned N, unsigned B, class Scratch>
GPURNG_HD void doubling_rounds(const JumpTable& t, int item_shift, unsigned item, Scratch& s) {
  if constexpr ((1u << B) < N) {
    constexpr unsigned kTeam = N >> B;
    const unsigned team = item / kTeam;
    s.barrier();  // the starts of items < 2^b are stored; every share was read
    const Vec src = load_vec(s, N + team);
    team_apply<N, kTeam>(t.pow2[item_shift + static_cast<int>(B)], src, item, (1u << B) + team, s);
    doubling_rounds<N, B + 1>(t, item_shift, item, s);
  }
}

}  // namespace group_detail

// st (the same in every item) moved to group_start + item * 2^item_shift in item `item` < N, N a power
// of two; item (N - 1) << item_shift below 2^64 (item_shift + log2(N) <= 64). Ends with a barrier, so the scratch is free again.
template <unsigned N, class Scratch>
GPURNG_HD void group_skip(State& st, const JumpTable& t, std::uint64_t group_start, unsigned item, int item_shift,
                          Scratch& s) {
  static_assert(N > 0 && (N & (N - 1)) == 0, "a group of a power of two items");
  using namespace group_detail;
  Vec v{{st.v[0], st.v[1], st.v[2], st.v[3], st.v[4]}};
  int bit = 0;
  for (std::uint64_t k = group_start; k != 0; k >>= 1, ++bit) {  // the same trip count in every item
    if (k & 1u) {
      // Start 0 is written again only after the next product's first barrier, which every item
      // reaches after this load.
      team_apply<N, N>(t.pow2[bit], v, item, 0, s);
      s.barrier();
      v = load_vec(s, N);
    }
  }
  if (group_start == 0 && item == 0) store_vec(s, N, v);  // else the last product left it there
  doubling_rounds<N, 0>(t, item_shift, item, s);
  s.barrier();
  v = load_vec(s, N + item);
  s.barrier();  // every start is read: the caller may reuse the scratch
  set_linear_part(st, v);
  st.d += kWeyl * static_cast<std::uint32_t>(group_start + (std::uint64_t{item} << item_shift));
}

}  // namespace gpurng::core::xorwow
