// Slot-start polynomials of the default MTGP parameter sets, computed at build time
// (tools/mtgp/gen_start_polys.cpp), so that a jumped generator's first call needs neither
// Berlekamp-Massey nor 64 squarings modulo a polynomial of degree up to 110503.
#pragma once

#include <cstdint>

#include "families/mtgp/mtgp_polynomials.hpp"

namespace gpurng::detail::mtgp {

// x^(2^e) mod P for the parameter set at `params` if it was precomputed (the first set of each
// shipped jumped engine, e in [64, 76)): true and the words in out; otherwise false.
bool precomputed_power_of_x_pow2(const void* params, unsigned e, PolyWords& out);

}  // namespace gpurng::detail::mtgp
