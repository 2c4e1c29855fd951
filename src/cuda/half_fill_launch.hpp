// Half-precision values made in the fill kernel itself (one pass), for the counter engines: declared
// for plain C++ callers (engines/seekable_engines.cpp), defined in half_fill.cuh and instantiated by
// the engines' .cu files. Other engines make them by a map of their float values (half_outputs.cpp).
#pragma once

#include <cstdint>

#include "exec.hpp"

namespace gpurng::detail::cuda {

// Positions [first, first + n) of the float uniform or normal (Box-Muller) sequence `req` asks for,
// rounded to req.type (f16 or bf16; core/dist/half.hpp), over counter engine E from base, into `out`:
// device or managed memory of the current device, 2-byte aligned. Ordered on ctx.stream; never
// synchronises.
template <class E>
void launch_half_fill(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Request& req,
                      std::uint16_t* out, const ExecContext& ctx);

}  // namespace gpurng::detail::cuda
