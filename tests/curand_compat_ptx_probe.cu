// Kernels for check_curand_compat_ptx.py (CTest curand_compat_normals_ptx): cuRAND's Box-Muller
// transforms and log-normal map beside those of gpurng/device/curand_compat/box_muller.hpp, on the
// same inputs. Their PTX must be the same instruction for instruction (up to names), which is why the
// device normals of the cuRAND-compatible API are cuRAND's bits. Compiled to PTX only, never run.
#include <curand_kernel.h>

#include "gpurng/device/curand_compat.hpp"

namespace cd = gpurng::curand_compat::compat_detail;

extern "C" __global__ void theirs_float(const unsigned* w, float* o, float mean, float stddev) {
  const int i = threadIdx.x;
  const float2 v = _curand_box_muller(w[2 * i], w[2 * i + 1]);
  o[2 * i] = expf(mean + (stddev * v.x));
  o[2 * i + 1] = v.y;
}
extern "C" __global__ void ours_float(const unsigned* w, float* o, float mean, float stddev) {
  const int i = threadIdx.x;
  const float2 v = cd::box_muller(w[2 * i], w[2 * i + 1]);
  o[2 * i] = cd::log_normal_of(v.x, mean, stddev);
  o[2 * i + 1] = v.y;
}

extern "C" __global__ void theirs_double(const unsigned* w, double* o, double mean, double stddev) {
  const int i = threadIdx.x;
  const double2 v = _curand_box_muller_double(w[4 * i], w[4 * i + 1], w[4 * i + 2], w[4 * i + 3]);
  o[2 * i] = exp(mean + (stddev * v.x));
  o[2 * i + 1] = v.y;
}
extern "C" __global__ void ours_double(const unsigned* w, double* o, double mean, double stddev) {
  const int i = threadIdx.x;
  const double2 v = cd::box_muller_double(w[4 * i], w[4 * i + 1], w[4 * i + 2], w[4 * i + 3]);
  o[2 * i] = cd::log_normal_of(v.x, mean, stddev);
  o[2 * i + 1] = v.y;
}
