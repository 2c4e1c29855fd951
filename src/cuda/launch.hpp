// The generic fill kernel's host entry, declared for plain C++ callers (dispatch.hpp). It is
// defined in fill_kernel.cuh and instantiated, per engine, by that engine's .cu file.
#pragma once

#include <cstdint>

#include "exec.hpp"

namespace gpurng::detail::cuda {

// Positions [first, first + n) of the sequence of transform tr over engine E seeded at base,
// written to out (device or managed memory), ordered on ctx.stream; never synchronises.
template <class E, class Tr>
void launch_fill(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Tr& tr,
                 typename Tr::value_type* out, const ExecContext& ctx);

}  // namespace gpurng::detail::cuda
