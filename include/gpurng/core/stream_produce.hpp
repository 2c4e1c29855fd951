// The interleaved layout of the many-stream engines (mwc, xorshift256, kiss) and the per-lane body
// shared by the CPU backend, the CUDA kernel and the device API.
//
// A generator with S streams has one canonical sequence: position i is value i / S of stream i % S
// (out[j*S + s] = value j of stream s). Distributions are defined per stream: value j of stream s
// uses its raw outputs only, and a Box-Muller pair is the stream's values 2m and 2m+1 (raw outputs
// 2m, 2m+1 of that stream), never two streams. So the values of stream s do not depend on S, on the
// offset, on how positions are split into calls, or on who computes them.
//
// Positions [first, first + n) are cut into lanes: lane u (0 <= u < min(n, S)) is stream
// (first + u) mod S (offset by the selected first stream, see select_stream), its values go to out[u], out[u + S], out[u + 2S], ...; consecutive lanes write
// consecutive addresses (coalesced on the GPU). A lane may be cut further into chunks of equal length,
// each computed from a copy of the stream's state skipped to the chunk's start.
#pragma once

#include <type_traits>
#include <utility>

#include "gpurng/core/config.hpp"
#include "gpurng/core/produce.hpp"

namespace gpurng::core {

struct StreamRange {
  std::uint64_t first;    // absolute position of out[0]
  std::uint64_t n;        // values
  std::uint64_t streams;  // S >= 1
  std::uint64_t stream0;  // the generator's streams are stream0 .. stream0 + S - 1 (select_stream)

  GPURNG_HD constexpr std::uint64_t lanes() const { return n < streams ? n : streams; }
  GPURNG_HD constexpr std::uint64_t stream(std::uint64_t u) const { return stream0 + (first % streams + u) % streams; }
  // Index, within its stream, of lane u's first value (first + u <= first + n - 1 cannot overflow).
  GPURNG_HD constexpr std::uint64_t first_index(std::uint64_t u) const { return (first + u) / streams; }
  // Values of lane u: positions first + u, first + u + S, ... below first + n.
  GPURNG_HD constexpr std::uint64_t count(std::uint64_t u) const { return (n - u - 1) / streams + 1; }
};

// Lanes cut into chunks of `chunk` values (even, >= 2): chunk c of lane u holds its values
// [c * chunk, (c + 1) * chunk). Every lane's first index is floor(first / S) or one more, so chunk c of
// every lane starts within 2 of base_index + c * chunk, where base_index is floor(first / S) rounded
// down to even: one prepared jump per chunk serves all lanes.
struct ChunkPlan {
  std::uint64_t base_index;
  std::uint64_t chunk;
  std::uint64_t chunks;

  GPURNG_HD static constexpr ChunkPlan make(const StreamRange& r, std::uint64_t chunks_wanted) {
    const std::uint64_t longest = r.count(0);
    std::uint64_t c = chunks_wanted < 1 ? 1 : chunks_wanted;
    std::uint64_t len = (longest + c - 1) / c;
    len += len & 1u;
    if (len < 2) len = 2;
    c = (longest + len - 1) / len;
    return ChunkPlan{r.first_index(0) & ~std::uint64_t{1}, len, c};
  }
  GPURNG_HD constexpr std::uint64_t chunk_base(std::uint64_t c) const { return base_index + c * chunk; }
};

namespace stream_detail {
template <class E, class = void>
struct ComposesJumps : std::false_type {};
template <class E>
struct ComposesJumps<E, std::void_t<decltype(E::compose_jumps(std::declval<const typename E::jump_type&>(),
                                                              std::declval<const typename E::jump_type&>()))>>
    : std::true_type {};
}  // namespace stream_detail

// What make_chunk_jumps keeps between the calls of one generator, for engines that compose jumps:
// the jump to the last call's first chunk, the jump by the distance between the last two calls'
// first chunks (once that distance has repeated), and the jump by the last chunk length. A loop of
// equal calls then needs one composition for its first chunk and one per further chunk.
template <class J>
struct ChunkJumpMemo {
  bool has_base = false, has_delta = false, has_step = false;
  std::uint64_t base = 0, delta = 0, step = 0;
  J base_jump{}, delta_jump{}, step_jump{};
};

namespace stream_detail {
template <class E>
typename E::jump_type jump_to_base(std::uint64_t base, ChunkJumpMemo<typename E::jump_type>& m) {
  typename E::jump_type j;
  const bool ahead = m.has_base && base > m.base;
  if (m.has_base && base == m.base) {
    j = m.base_jump;
  } else if (ahead && m.delta == base - m.base) {
    // The distance repeats: its jump is computed once (the second time it is seen), then reused.
    if (!m.has_delta) {
      m.delta_jump = E::make_jump(m.delta);
      m.has_delta = true;
    }
    j = E::compose_jumps(m.base_jump, m.delta_jump);
  } else {
    j = E::make_jump(base);
    m.delta = ahead ? base - m.base : 0;
    m.has_delta = false;
  }
  m.base = base;
  m.base_jump = j;
  m.has_base = true;
  return j;
}
}  // namespace stream_detail

// out[c] = E::make_jump(plan.chunk_base(c)) for every chunk (host side; the kernels and the CPU
// workers take them prepared). Engines with E::compose_jumps(a, b) (the jump by a's steps and then
// b's) get them incrementally, one composition per chunk from the jump by `chunk` steps, and with a
// memo also the first one from the previous call's: for xorshift256 one 256-bit product mod P each
// instead of a whole x^k mod P (popcount(k) products). The residues are unique, so the jumps are the
// same either way.
template <class E>
void make_chunk_jumps(const ChunkPlan& plan, typename E::jump_type* out,
                      ChunkJumpMemo<typename E::jump_type>* memo = nullptr) {
  if (plan.chunks == 0) return;
  if constexpr (stream_detail::ComposesJumps<E>::value) {
    out[0] = memo != nullptr ? stream_detail::jump_to_base<E>(plan.chunk_base(0), *memo) : E::make_jump(plan.chunk_base(0));
    if (plan.chunks > 1) {
      typename E::jump_type step;
      if (memo != nullptr && memo->has_step && memo->step == plan.chunk) {
        step = memo->step_jump;
      } else {
        step = E::make_jump(plan.chunk);
        if (memo != nullptr) {
          memo->step = plan.chunk;
          memo->step_jump = step;
          memo->has_step = true;
        }
      }
      for (std::uint64_t c = 1; c < plan.chunks; ++c) out[c] = E::compose_jumps(out[c - 1], step);
    }
  } else {
    for (std::uint64_t c = 0; c < plan.chunks; ++c) out[c] = E::make_jump(plan.chunk_base(c));
  }
}

// Output in order: value k of the lane goes to p[k * stride].
template <class V>
struct StridedOut {
  V* p;
  std::uint64_t stride;
  GPURNG_HD GPURNG_FORCEINLINE void put(V v) {
    *p = v;
    p += stride;
  }
};

// Values per unrolled group of the lane loop: 8 consecutive steps bring xorshift256's shifted word
// array back to its starting names, so the unrolled loop keeps the state in fixed registers.
inline constexpr int kLaneGroup = 8;

// Produce `count` consecutive values of one stream, starting at stream index j0, into sink.put(),
// from st, the stream's state at index `at` (even, at <= j0 <= at + 2). st is consumed.
template <class E, class Tr, class Sink>
GPURNG_HD GPURNG_FORCEINLINE void produce_lane(typename E::state_type& st, std::uint64_t at, std::uint64_t j0,
                                               std::uint64_t count, const Tr& tr, Sink& sink) {
  using V = typename Tr::value_type;
  using Raw = typename E::raw_type;
  static_assert(kLaneGroup % Tr::arity == 0, "groups hold whole transform groups");
  // Groups of the transform start at multiples of its arity within the stream.
  const std::uint64_t group0 = j0 - j0 % Tr::arity;
  for (std::uint64_t i = at; i < group0; ++i) E::next(st);
  std::uint64_t k = 0;
  if (count == 0) return;
  if (j0 != group0) {  // start inside a Box-Muller pair: compute the pair, keep its second value
    Raw raw[Tr::arity];
    V vals[Tr::arity];
    for (int i = 0; i < Tr::arity; ++i) raw[i] = E::next(st);
    tr(raw, vals);
    for (int i = static_cast<int>(j0 - group0); i < Tr::arity && k < count; ++i, ++k) sink.put(vals[i]);
  }
  for (; k + kLaneGroup <= count; k += kLaneGroup) {
    V vals[kLaneGroup];
#if GPURNG_UNROLL_HINTS
#pragma unroll(row_unroll<Tr>::value == 1 ? 1 : kLaneGroup)
#endif
    for (int g = 0; g < kLaneGroup; g += Tr::arity) {
      Raw raw[Tr::arity];
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
      for (int i = 0; i < Tr::arity; ++i) raw[i] = E::next(st);
      tr(raw, vals + g);
    }
#if GPURNG_UNROLL_HINTS
#pragma unroll
#endif
    for (int g = 0; g < kLaneGroup; ++g) sink.put(vals[g]);
  }
  while (k < count) {  // the ragged end, one transform group at a time
    Raw raw[Tr::arity];
    V vals[Tr::arity];
    for (int i = 0; i < Tr::arity; ++i) raw[i] = E::next(st);
    tr(raw, vals);
    for (int i = 0; i < Tr::arity && k < count; ++i, ++k) sink.put(vals[i]);
  }
}

// The whole job of one (lane, chunk): seed the stream, jump to the chunk's base with the prepared
// jump, produce the chunk's values into out + u + c * chunk * S (stride S).
template <class E, class Tr>
GPURNG_HD GPURNG_FORCEINLINE void produce_lane_chunk(std::uint64_t seed, const StreamRange& r, const ChunkPlan& plan,
                                                     std::uint64_t u, std::uint64_t c,
                                                     const typename E::jump_type& jump, const Tr& tr,
                                                     typename Tr::value_type* out) {
  const std::uint64_t count = r.count(u);
  const std::uint64_t k0 = c * plan.chunk;
  if (k0 >= count) return;
  const std::uint64_t k1 = count - k0 < plan.chunk ? count : k0 + plan.chunk;
  typename E::state_type jumped = E::stream_state(seed, r.stream(u));
  const std::uint64_t at = plan.chunk_base(c);
  if (at != 0) E::jump(jumped, jump);
  // A copy whose address never leaves this function: where the jump is a call (clang's OpenCL PTX),
  // the state it was given counts as escaped, and the lane loop would reload and store its words
  // around every store of a value.
  typename E::state_type st = jumped;
  StridedOut<typename Tr::value_type> sink{out + u + k0 * r.streams, r.streams};
  produce_lane<E>(st, at, r.first_index(u) + k0, k1 - k0, tr, sink);
}

}  // namespace gpurng::core
