#include "../examples/pi/pi_kernels.cuh"  // rule 5: examples/pi
