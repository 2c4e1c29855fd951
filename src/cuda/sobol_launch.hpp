// The Sobol' kernel's host entry, declared for plain C++ callers (src/engines/sobol_engine.cpp). It
// is defined and instantiated in src/cuda/sobol.cu.
//
// A generator's SobolDirections holds the expanded direction numbers of its first dimensions on the
// device (all W numbers of each, W = 32 or 64), made by one kernel the first time a call needs them
// and kept for later calls, so that the generation kernel's warps load a dimension's numbers instead
// of running its recurrence. It belongs to the device that was current when it was made; a call on
// another device makes a new table.
#pragma once

#include <memory>

#include "exec.hpp"
#include "families/sobol/sobol_layout.hpp"

namespace gpurng::detail::cuda {

template <class U>
class SobolDirections;

template <class U>
struct SobolDirectionsDeleter {
  void operator()(SobolDirections<U>* d) const noexcept;
};

template <class U>
using SobolDirectionsPtr = std::unique_ptr<SobolDirections<U>, SobolDirectionsDeleter<U>>;

// Writes rect (pitch rect.points) of transform tr over Sobol' engine E with scramble sc to out
// (device or managed memory), ordered on ctx.stream; never synchronises the caller's stream (the
// first call that needs more dimensions than `dirs` holds waits for the table's own kernel).
template <class E, class Tr>
void launch_sobol(SobolDirectionsPtr<typename E::raw_type>& dirs, const sobol::Rect& rect,
                  const sobol::ScrambleConfig& sc, const Tr& tr, typename Tr::value_type* out, const ExecContext& ctx);

}  // namespace gpurng::detail::cuda
