// The Sobol' kernel's host entry, declared for plain C++ callers (src/engines/sobol_engine.cpp). It
// is defined and instantiated in src/cuda/sobol.cu.
#pragma once

#include "engine_impl.hpp"
#include "sobol/sobol_layout.hpp"

namespace gpurng::detail::cuda {

// Writes rect (pitch rect.points) of transform tr over Sobol' engine E with scramble sc to out
// (device or managed memory), ordered on ctx.stream; never synchronises.
template <class E, class Tr>
void launch_sobol(const sobol::Rect& rect, const sobol::ScrambleConfig& sc, const Tr& tr, typename Tr::value_type* out,
                  const ExecContext& ctx);

}  // namespace gpurng::detail::cuda
