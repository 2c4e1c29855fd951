// Half-precision values made in the fill kernel itself (one pass), for the engines of the generic fill
// (counter engines, MRG32k3a, KISS99, PCG64, XORWOW): declared for plain C++ callers (dispatch.hpp),
// defined in half_fill.cuh and instantiated by those engines' .cu files. The other families make them
// by a map of their float values (half_outputs.cpp).
#pragma once

#include <cstdint>

#include "exec.hpp"

namespace gpurng::detail::cuda {

// Positions [first, first + n) of the float uniform or normal (Box-Muller) sequence `req` asks for,
// rounded to req.type (f16 or bf16; core/dist/half.hpp), over engine E from base, into `out`:
// device or managed memory of the current device, 2-byte aligned. Ordered on ctx.stream; never
// synchronises.
// (An engine's .cu file instantiates `template struct HalfFill<E>;`.)
template <class E>
struct HalfFill {
  static void launch(const typename E::state_type& base, std::uint64_t first, std::uint64_t n, const Request& req,
                     std::uint16_t* out, const ExecContext& ctx);
};

}  // namespace gpurng::detail::cuda
