#include "pi_kernels.cuh"
#include "../../src/support/util.hpp"  // rule 5: examples use the public API only
