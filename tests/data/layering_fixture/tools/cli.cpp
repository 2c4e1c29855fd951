#include <gpurng/gpurng.hpp>
#include "util.hpp"               // src/support/: the internal target, allowed
#include "engines/front.hpp"      // rule 5
#include "families/fam/plan.hpp"  // src/families/: allowed
#include "cuda/mtgp_kernels.cuh"  // rule 5: the kernel templates are bench/'s only
