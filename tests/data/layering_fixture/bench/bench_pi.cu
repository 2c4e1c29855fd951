#include "../examples/pi/pi_kernels.cuh"  // rule 5: examples/pi
#include "families/fam/plan.hpp"          // src/families/: the internal target gpurng_families, allowed
#include "cuda/mtgp_kernels.cuh"          // a kernel template of gpurng_cuda_kernels: allowed in bench/
#include "cuda/fill.cuh"                  // rule 5: any other src/cuda/ header
