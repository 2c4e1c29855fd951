// What a host-side DCMT fill keeps between calls (the CPU backend's, and the OpenCL backend's, which
// uploads them with the next call): the windows of all S streams at `position` of epoch `epoch`, and
// the recent jump-polynomial tables. Both are pure functions of (seed, streams, first stream,
// position), so keeping them never changes a value.
#pragma once

#include <cstdint>
#include <vector>

#include "families/dcmt/dcmt_plan.hpp"

namespace gpurng::detail::dcmt {

struct HostWindows {
  bool valid = false;
  std::uint64_t epoch = 0;
  std::uint64_t position = 0;
  std::vector<std::uint32_t> cur, next;  // word-major: word i of local stream r at [i * S + r]
  HostPolyCache polys;

  // Whether a call of epoch e from position p continues from the kept windows.
  bool continues(std::uint64_t e, std::uint64_t p) const { return valid && epoch == e && position == p; }
  // After a call: the windows in `cur` are those at position p of epoch e.
  void now_at(std::uint64_t e, std::uint64_t p) {
    epoch = e;
    position = p;
    valid = true;
  }
};

}  // namespace gpurng::detail::dcmt
