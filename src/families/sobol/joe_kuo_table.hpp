// The packed Joe-Kuo direction-number table on the host (the CUDA backend keeps its own copy in
// device memory, src/cuda/sobol.cu). Generated at build time from data/sobol/new-joe-kuo-6.21201.
#pragma once

#include "gpurng/core/engines/sobol.hpp"

namespace gpurng::detail::sobol {

extern const core::sobol::PackedPolynomial kJoeKuoTable[core::sobol::kMaxDimensions];

}  // namespace gpurng::detail::sobol
