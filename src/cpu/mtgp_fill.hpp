// MTGP on the CPU: the stream states in host memory and the per-stream loop that carries out a
// CallPlan. The values come from core::mtgp (the serial recursion and tempering) and core::dist
// (the transforms), position by position, exactly as the CUDA kernels make them; worker threads
// take whole streams, so the split never changes a value.
#pragma once

#include <algorithm>
#include <cstdint>
#include <system_error>
#include <thread>
#include <vector>

#include "cpu/fill.hpp"
#include "families/mtgp/mtgp_streams.hpp"
#include "gpurng/core/engines/mtgp_layout.hpp"

namespace gpurng::detail::cpu::mtgp {

namespace m = core::mtgp;
using detail::mtgp::CallPlan;
using detail::mtgp::StreamRange;

// One slot's state: a ring of the last words of x (at least N + 2 of them, so that a stream can
// restart one step back after overshooting by one), and its start state.
template <class W>
struct Slot {
  std::vector<W> ring;
  std::uint64_t next = 0;  // index of the next word; the slot is at position next - N
  std::vector<W> start;    // x_0 .. x_{N-1} of the slot's start (empty until needed)

  m::Serial<W> serial(const m::Params<W>& p) { return m::Serial<W>{&p, ring.data(), ring.size() - 1, next}; }
};

// The raw words x_0 .. x_{p+N-2} that follow the state x_0 .. x_{N-1}: what a jump sums over.
template <class W>
std::vector<W> word_sequence(const m::Params<W>& p, const W* state) {
  const std::uint32_t n = m::state_words(p);
  std::vector<W> seq(p.mexp + n - 1);
  std::copy(state, state + n, seq.begin());
  // The sequence itself serves as the ring: it is long enough never to wrap, and Serial only needs
  // word(i) for i < next, so a mask of all ones works.
  m::Serial<W> gen{&p, seq.data(), ~std::uint64_t{0}, n};
  while (gen.next < seq.size()) gen.step_word();
  return seq;
}

// Puts the state x_J .. x_{J+N-1} (x_{J-1} unknown: it is never needed, see mtgp_plan.hpp) into
// the slot's ring, at position J.
template <class W>
void place(Slot<W>& slot, const W* words, std::uint32_t n, std::uint64_t J) {
  const std::uint64_t mask = slot.ring.size() - 1;
  slot.ring[(J - 1) & mask] = 0;
  for (std::uint32_t j = 0; j < n; ++j) slot.ring[(J + j) & mask] = words[j];
  slot.next = J + n;
}

// The slot's start jumped ahead by J (c = x^J mod P as words).
template <class W>
void jump_from_start(Slot<W>& slot, const m::Params<W>& p, const std::uint32_t* c, std::uint32_t c_words,
                     std::uint64_t J) {
  const std::uint32_t n = m::state_words(p);
  if (J == 0) {
    place(slot, slot.start.data(), n, 0);
    return;
  }
  const std::vector<W> seq = word_sequence(p, slot.start.data());
  std::vector<W> jumped(n);
  m::jumped_state(c, c_words, seq.data(), n, jumped.data());
  place(slot, jumped.data(), n, J);
}

// Moves a slot from its position to g0: one step back (restart), or forward (discarding).
template <class W>
void seek(Slot<W>& slot, const m::Params<W>& p, std::uint64_t g0) {
  const std::uint64_t at = slot.next - m::state_words(p);
  if (g0 + 1 == at) {
    slot.next -= 1;
    return;
  }
  m::Serial<W> gen = slot.serial(p);
  for (std::uint64_t k = at; k < g0; ++k) gen.step_word();
  slot.next = gen.next;
}

// Produces stream s's raw outputs [g0, g1) chunk by chunk, transforms them and writes the elements
// [a, b) to their canonical places; leaves the slot(s) at position b.
template <class E, class Tr>
GPURNG_FORCEINLINE void produce_stream(const CallPlan& plan, std::uint64_t s, Slot<typename E::word_type>& main,
                                       Slot<typename E::word_type>* companion,
                                       const m::Params<typename E::word_type>& pm,
                                       const m::Params<typename E::word_type>& pc, const Tr& tr,
                                       typename Tr::value_type* out) {
  using W = typename E::word_type;
  using V = typename Tr::value_type;
  constexpr unsigned kMaxChunk = 1024;
  const StreamRange r = detail::mtgp::stream_range(plan.layout, plan.first, plan.n, s, plan.arity);
  const std::uint32_t n = m::state_words(pm);
  seek(main, pm, r.g0);
  if constexpr (E::kPair) seek(*companion, pc, r.g0);
  m::Serial<W> ga = main.serial(pm);
  m::Serial<W> gb = ga;
  if constexpr (E::kPair) gb = companion->serial(pc);

  typename E::raw_type raw[kMaxChunk];
  V vals[kMaxChunk];
  const std::uint64_t R = plan.layout.chunk;
  for (std::uint64_t k = r.g0; k < r.g1;) {
    const std::uint64_t end = std::min(r.g1, (k / R + 1) * R);
    const std::uint64_t len = end - k;
    for (std::uint64_t i = 0; i < len; ++i) {
      if constexpr (E::kPair) {
        raw[i].a = ga.step();
        raw[i].b = gb.step();
      } else {
        raw[i] = ga.step();
      }
    }
    for (std::uint64_t i = 0; i < len; i += Tr::arity) tr(raw + i, vals + i);
    const std::uint64_t lo = std::max(k, r.a), hi = std::min(end, r.b);
    for (std::uint64_t i = lo; i < hi; ++i) out[plan.layout.canonical(s, i) - plan.first] = vals[i - k];
    k = end;
  }
  main.next = r.b + n;  // at most one step back from where generation stopped
  if constexpr (E::kPair) companion->next = r.b + n;
}

}  // namespace gpurng::detail::cpu::mtgp
