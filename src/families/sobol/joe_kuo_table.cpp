#include "families/sobol/joe_kuo_table.hpp"

namespace gpurng::detail::sobol {

// sobol_joe_kuo_table.inc: written by tools/sobol/gen_sobol_table.cpp into the build tree.
const core::sobol::PackedPolynomial kJoeKuoTable[core::sobol::kMaxDimensions] = {
#include "sobol_joe_kuo_table.inc"
};

}  // namespace gpurng::detail::sobol
