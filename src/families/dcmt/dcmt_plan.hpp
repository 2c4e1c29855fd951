// The host's plan of one dcmt call, shared by the CPU and CUDA backends: where the lanes start (the
// windows kept by the previous call, or their seeding), how lanes are cut into chunks, and which jump
// polynomials the chunks need (core/dcmt_produce.hpp describes the items; values never depend on any
// choice made here).
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "families/dcmt/dcmt_family.hpp"
#include "gpurng/core/dcmt_produce.hpp"

namespace gpurng::detail::dcmt {

// Chunk lengths below which a jump costs more than it saves: a jump is about 32 N steps with an N-word
// XOR each (MT521 about 11,000 operations, MT2203 about 160,000), a value about 13.
template <class S>
inline constexpr std::uint64_t kMinChunk = S::N <= 32 ? (std::uint64_t{1} << 13) : (std::uint64_t{1} << 17);

// Chunks per lane are limited so that a jump-polynomial table (2 rows of N words per chunk and set)
// takes at most this much memory. One chunk per lane is always allowed: a call over so many sets that
// even that exceeds the cap (2 N x 4 bytes each: 9 million MT2203 streams) gets a larger table.
inline constexpr std::uint64_t kMaxPolyTableBytes = std::uint64_t{256} << 20;

struct Plan {
  std::uint64_t chunk = 0;
  std::uint64_t chunks = 1;
  std::uint64_t base_window = 0;
  bool seeded = true;
  // Jump polynomials: none needed, or the table of (classes, bases, chunk, chunks) for the sets
  // set0 .. set0 + sets - 1 (mod the family's size): the ones the call's streams use.
  bool need_polys = false;
  int classes = 1;
  std::uint64_t bases[2] = {0, 0};
  std::uint64_t set0 = 0;
  std::uint64_t sets = 0;
};

// The plan for range r over a family of num_sets sets: from kept windows (kept) or from the seeding, at
// most chunks_wanted chunks per lane, none shorter than min_chunk (rounded up to whole blocks).
template <class S>
Plan make_plan(const core::StreamRange& r, std::uint64_t num_sets, bool kept, std::uint64_t chunks_wanted,
               std::uint64_t min_chunk) {
  constexpr std::uint64_t B = S::block;
  Plan p;
  // Local stream r uses set (stream0 + r) mod num_sets: min(S, num_sets) consecutive sets from set0.
  p.set0 = r.stream0 % num_sets;
  p.sets = r.streams < num_sets ? r.streams : num_sets;
  // Each chunk adds at most two rows (two classes) of S::N words per set to the table.
  const std::uint64_t chunk_bytes = 2 * std::uint64_t(S::N) * p.sets * sizeof(std::uint32_t);
  chunks_wanted = std::min(chunks_wanted, std::max<std::uint64_t>(1, kMaxPolyTableBytes / chunk_bytes));
  const std::uint64_t q = r.first / r.streams;
  const std::uint64_t w0 = q - q % B;
  const std::uint64_t w1 = (q + 1) - (q + 1) % B;
  const bool two_indices = r.first % r.streams != 0;  // lanes u >= S - first % S start at q + 1
  // No lane runs from its window further than this.
  const std::uint64_t longest = (q + 1 + (r.n + r.streams - 1) / r.streams) - w0;
  const std::uint64_t wanted = std::max<std::uint64_t>(1, chunks_wanted);
  std::uint64_t len = std::max<std::uint64_t>((longest + wanted - 1) / wanted, std::max<std::uint64_t>(min_chunk, 1));
  len = (len + B - 1) / B * B;
  p.chunk = len;
  p.chunks = (longest + len - 1) / len;
  p.base_window = w0;
  p.seeded = !kept;
  if (p.seeded) {
    p.classes = two_indices && w1 != w0 ? 2 : 1;
    p.bases[0] = w0;
    p.bases[1] = w1;
    p.need_polys = p.chunks > 1 || w0 != 0 || p.classes == 2;
  } else {
    p.classes = 1;
    p.need_polys = p.chunks > 1;
  }
  return p;
}

// Everything that determines a polynomial table.
struct PolyKey {
  std::uint64_t family;
  int classes;
  std::uint64_t base0, base1, chunk, chunks, set0, sets;
  bool operator<(const PolyKey& o) const {
    return std::tie(family, classes, base0, base1, chunk, chunks, set0, sets) <
           std::tie(o.family, o.classes, o.base0, o.base1, o.chunk, o.chunks, o.set0, o.sets);
  }
};

inline PolyKey poly_key(const Family& f, const Plan& p) {
  return PolyKey{f.id(), p.classes, p.bases[0], p.classes == 2 ? p.bases[1] : 0, p.chunk, p.chunks, p.set0, p.sets};
}

// The core call for a plan; the caller fills in the pointers.
inline core::dcmt::Call make_call(const core::StreamRange& r, const Plan& p, std::uint32_t seed_base,
                                  std::uint64_t num_sets) {
  core::dcmt::Call c{};
  c.range = r;
  c.chunk = p.chunk;
  c.chunks = p.chunks;
  c.base_window = p.base_window;
  c.num_sets = num_sets;
  c.seed_base = seed_base;
  c.seeded = p.seeded ? 1 : 0;
  c.poly_set0 = p.set0;
  c.poly_sets = p.sets;
  return c;
}

// A few recent host tables (equal calls in a row need the same one: chunks from kept windows).
class HostPolyCache {
 public:
  std::shared_ptr<const std::vector<std::uint32_t>> get(const Family& f, const Plan& p, unsigned threads) {
    const PolyKey key = poly_key(f, p);
    auto it = tables_.find(key);
    if (it != tables_.end()) return it->second;
    auto made = std::make_shared<const std::vector<std::uint32_t>>(
        f.polys().table(p.bases, p.classes, p.chunk, p.chunks, p.set0, p.sets, threads));
    if (tables_.size() >= kMaxTables) tables_.clear();
    tables_.emplace(key, made);
    return made;
  }

 private:
  static constexpr std::size_t kMaxTables = 8;
  std::map<PolyKey, std::shared_ptr<const std::vector<std::uint32_t>>> tables_;
};

}  // namespace gpurng::detail::dcmt
