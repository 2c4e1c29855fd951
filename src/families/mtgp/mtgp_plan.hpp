// What one MTGP generate call does to the streams, decided on the host and carried out identically
// by the CPU and CUDA backends (src/cpu/mtgp_fill.hpp, src/cuda/mtgp.cu).
//
// Every stream state sits at a known position (a PositionBook entry, mirrored by the backend's
// stored state). A call for canonical elements [first, first + n) touches the streams whose chunks
// it covers; stream s must produce raw outputs at stream positions [g0, g1) (its element range
// [a, b) widened to whole transform groups, e.g. Box-Muller pairs) and is left at position b.
//
// A stream continues from where it is when g0 is at most a little ahead (it steps, discarding) or
// exactly one behind (the stored state keeps the word before its oldest, so it can restart one step
// back). Otherwise its group restarts: every touched stream of the group goes back to its start
// state, jumped ahead by J = the smallest g0 among them (a GF(2) jump polynomial) when that is
// beyond stepping distance (else J = 0), then steps the rest (at most one chunk more than J). Values
// depend on positions only, so none of this changes a value.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "gpurng/core/engines/mtgp_layout.hpp"

namespace gpurng::detail::mtgp {

using core::mtgp::stream_range;
using core::mtgp::StreamRange;

// The touched streams are s0, s0 + 1, ... (mod S), `count` of them (the chunks a call covers are
// consecutive, and consecutive chunks belong to consecutive streams).
struct Touched {
  std::uint64_t s0;
  std::uint64_t count;
  std::uint64_t stream(std::uint64_t i, std::uint64_t streams) const { return (s0 + i) % streams; }
};

inline Touched touched_streams(const core::mtgp::Layout& L, std::uint64_t first, std::uint64_t n) {
  if (n == 0) return Touched{0, 0};
  const std::uint64_t c0 = first / L.chunk;
  const std::uint64_t c1 = (first + (n - 1)) / L.chunk;
  const std::uint64_t chunks = c1 - c0 + 1;
  return Touched{c0 % L.streams, std::min<std::uint64_t>(chunks, L.streams)};
}

struct GroupPlan {
  bool jump = false;    // restart every touched stream of the group from its start, jumped by `to`
  std::uint64_t to = 0;
};

struct CallPlan {
  core::mtgp::Layout layout;
  std::uint64_t first;
  std::uint64_t n;
  unsigned arity;
  bool pair;        // 32-bit doubles: the companion group (slots S .. 2S-1) runs beside the main one
  Touched touched;
  GroupPlan main;
  GroupPlan companion;
};

// The host's record of every slot's position (slot = stream, or S + stream for a companion).
class PositionBook {
 public:
  // Every slot at its start (position 0); the stores make start states when first needed.
  void reset(std::uint64_t slots) { pos_.assign(slots, 0); }
  std::uint64_t slots() const { return pos_.size(); }
  std::uint64_t position(std::uint64_t slot) const { return pos_[slot]; }

  // threshold: steps beyond which jumping is cheaper than stepping (a speed choice only).
  CallPlan plan(const core::mtgp::Layout& L, std::uint64_t first, std::uint64_t n, unsigned arity, bool pair,
                std::uint64_t threshold) const {
    CallPlan p{L, first, n, arity, pair, touched_streams(L, first, n), {}, {}};
    p.main = group_plan(p, 0, threshold);
    if (pair) p.companion = group_plan(p, L.streams, threshold);
    return p;
  }

  // After the backend carried out the plan: touched slots sit at their b.
  void commit(const CallPlan& p) {
    for (std::uint64_t i = 0; i < p.touched.count; ++i) {
      const std::uint64_t s = p.touched.stream(i, p.layout.streams);
      const std::uint64_t b = stream_range(p.layout, p.first, p.n, s, p.arity).b;
      set(s, b);
      if (p.pair) set(p.layout.streams + s, b);
    }
  }

 private:
  void set(std::uint64_t slot, std::uint64_t b) { pos_[slot] = b; }

  GroupPlan group_plan(const CallPlan& p, std::uint64_t slot_base, std::uint64_t threshold) const {
    GroupPlan g;
    std::uint64_t lowest = ~std::uint64_t{0};
    for (std::uint64_t i = 0; i < p.touched.count; ++i) {
      const std::uint64_t s = p.touched.stream(i, p.layout.streams);
      const StreamRange r = stream_range(p.layout, p.first, p.n, s, p.arity);
      lowest = std::min(lowest, r.g0);
      const std::uint64_t slot = slot_base + s;
      const std::uint64_t at = pos_[slot];
      const bool behind = r.g0 + 1 < at;  // one behind restarts from the kept older word
      const bool far = r.g0 > at && r.g0 - at > threshold;
      if (behind || far) g.jump = true;
    }
    // A near target: restart from the starts and step (a jump costs the same for any distance).
    if (g.jump) g.to = lowest <= threshold ? 0 : lowest;
    return g;
  }

  std::vector<std::uint64_t> pos_;
};

}  // namespace gpurng::detail::mtgp
